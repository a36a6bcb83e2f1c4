/**
 * The built-ins' definitions, as the model reads them, against upstream's: the name, the
 * description and the parameters of `read_file`, `list_dir`, `write_file` and `web_fetch`. The
 * upstream definitions below are what upstream's `Tool.to_schema()` returns. The workbook keeps
 * every parameter both have exactly as upstream declares it (same keys, same order), the same
 * `required` and `additionalProperties`; its description is upstream's sentences without those
 * about what is not ported. The options not ported are listed here and in docs/fidelity.md.
 */
import { describe, expect, it } from "vitest";
import type { Tool } from "../../../src/tools/base.js";
import { ListDirTool } from "../../../src/tools/builtin/list-dir.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WebFetchTool } from "../../../src/tools/builtin/web-fetch.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";

interface Definition {
  name: string;
  description: string;
  parameters: { type: string; properties: Record<string, unknown>; required: string[]; additionalProperties: boolean };
}

/** Upstream's `to_schema()["function"]` of each built-in. */
const UPSTREAM: Record<string, Definition> = {
  read_file: {
    name: "read_file",
    description:
      "Read a file (text, image, or document). Text output format: LINE_NUM|CONTENT. Images return visual content for analysis. " +
      "Supports PDF, DOCX, XLSX, PPTX documents. Uploaded non-image attachments are referenced by path; read them with this tool " +
      "only when their contents are needed. Use find_files/list_dir first when the path is uncertain. Read the relevant range " +
      "before editing so replacements or patches are based on current content. Use offset and limit for large text files. Use " +
      "force=true to re-read content even if unchanged. Reads exceeding ~128K chars are truncated.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "The file path to read" },
        offset: { type: "integer", description: "Line number to start reading from (1-indexed, default 1)", minimum: 1 },
        limit: { type: "integer", description: "Maximum number of lines to read (default 2000)", minimum: 1 },
        pages: { type: "string", description: "Page range for PDF files, e.g. '1-5' (default: all, max 20 pages)" },
        force: { type: "boolean", description: "Bypass same-file read deduplication and return content again.", default: false },
      },
      required: ["path"],
      additionalProperties: false,
    },
  },
  write_file: {
    name: "write_file",
    description:
      "Create a new file or intentionally replace an entire file with the provided content. Overwrites existing files and " +
      "creates parent directories as needed. For code changes or partial edits, prefer apply_patch; use edit_file only for " +
      "small exact replacements.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "The file path to write to" },
        content: { type: "string", description: "The content to write" },
      },
      required: ["path", "content"],
      additionalProperties: false,
    },
  },
  list_dir: {
    name: "list_dir",
    description:
      "List the contents of a directory. Set recursive=true to explore nested structure. Common noise directories (.git, " +
      "node_modules, __pycache__, etc.) are auto-ignored.",
    parameters: {
      type: "object",
      properties: {
        path: { type: "string", description: "The directory path to list" },
        recursive: { type: "boolean", description: "Recursively list all files (default false)" },
        max_entries: { type: "integer", description: "Maximum entries to return (default 200)", minimum: 1 },
      },
      required: ["path"],
      additionalProperties: false,
    },
  },
  web_fetch: {
    name: "web_fetch",
    description:
      "Fetch a URL and extract readable content (HTML → markdown/text). Output is capped at maxChars (default 50 000). " +
      "Works for most web pages and docs; may fail on login-walled or JS-heavy sites.",
    parameters: {
      type: "object",
      properties: {
        url: { type: "string", description: "URL to fetch" },
        extractMode: { type: "string", enum: ["markdown", "text"], default: "markdown" },
        maxChars: { type: "integer", minimum: 100 },
      },
      required: ["url"],
      additionalProperties: false,
    },
  },
};

/** Upstream's options that are not ported, and the sentences of its descriptions that are about them. */
const NOT_PORTED: Record<string, { options: string[]; sentences: string[] }> = {
  read_file: {
    options: ["pages", "force"],
    sentences: [
      "Read a file (text, image, or document).",
      "Images return visual content for analysis.",
      "Supports PDF, DOCX, XLSX, PPTX documents.",
      "Uploaded non-image attachments are referenced by path; read them with this tool only when their contents are needed.",
      "Use find_files/list_dir first when the path is uncertain.",
      "Read the relevant range before editing so replacements or patches are based on current content.",
      "Use force=true to re-read content even if unchanged.",
    ],
  },
  write_file: { options: [], sentences: ["For code changes or partial edits, prefer apply_patch; use edit_file only for small exact replacements."] },
  list_dir: {
    options: ["recursive", "max_entries"],
    sentences: ["Set recursive=true to explore nested structure.", "Common noise directories (.git, node_modules, __pycache__, etc.) are auto-ignored."],
  },
  web_fetch: { options: ["extractMode", "maxChars"], sentences: ["Output is capped at maxChars (default 50 000)."] },
};

const TOOLS: Tool[] = [new ReadFileTool({ workspace: "/tmp" }), new WriteFileTool({ workspace: "/tmp" }), new ListDirTool({ workspace: "/tmp" }), new WebFetchTool()];

/** The sentences of a description: each ends with a full stop followed by a space or the end. */
function sentences(text: string): string[] {
  return text.split(/(?<=\.) /);
}

describe.each(TOOLS.map((tool) => [tool.name, tool] as const))("fidelity to upstream: the definition of %s", (name, tool) => {
  const upstream = UPSTREAM[name] as Definition;
  const dropped = NOT_PORTED[name] as { options: string[]; sentences: string[] };
  const ours = tool.toSchema().function;

  it("has upstream's name", () => {
    expect(ours.name).toBe(upstream.name);
  });

  it("has upstream's description, without only the sentences about what is not ported", () => {
    const kept = sentences(upstream.description).filter((s) => !dropped.sentences.includes(s));
    expect(ours.description).toBe(kept.join(" "));
    for (const s of dropped.sentences) expect(sentences(upstream.description)).toContain(s);
  });

  it("declares every parameter it shares with upstream exactly as upstream does, in upstream's order", () => {
    const properties = ours.parameters["properties"] as Record<string, unknown>;
    const shared = Object.keys(upstream.parameters.properties).filter((key) => !dropped.options.includes(key));
    expect(Object.keys(properties)).toEqual(shared);
    for (const key of shared) expect(JSON.stringify(properties[key])).toBe(JSON.stringify(upstream.parameters.properties[key]));
    expect(ours.parameters["required"]).toEqual(upstream.parameters.required);
    expect(ours.parameters["additionalProperties"]).toBe(upstream.parameters.additionalProperties);
    expect(ours.parameters["type"]).toBe("object");
  });
});
