/**
 * The built-in `read_file` tool: reads a text file inside the workspace as numbered lines, a page
 * at a time, as upstream's `read_file` does. `offset` (from 1) and `limit` (default 2,000) select
 * lines; at most 128,000 characters come back; and a closing line says either how to read on
 * (`Use offset=N to continue.`) or that the file ended. So a large file is never resent whole.
 * Read-only, so the runner may batch it with other safe calls.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { ToolResult, type ExecuteOptions } from "../base.js";
import type { ParametersSchema } from "../../schema/parameters-schema.js";
import { WorkspaceTool } from "./_workspace-tool.js";
import { resolveInWorkspace, WorkspaceViolationError } from "../workspace.js";

/** Turns a file-system failure into the error result the model reads. */
export function fileErrorResult(path: string, error: unknown): ToolResult {
  if (WorkspaceViolationError.isInstance(error)) return ToolResult.error(`Error: ${error.message}`, error.code);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") return ToolResult.error(`Error: File not found: ${path}`);
  if (code === "EISDIR") return ToolResult.error(`Error: ${path} is a directory, not a file`);
  if (code === "ENOTDIR") return ToolResult.error(`Error: ${path} is not a directory`);
  if (code === "EACCES" || code === "EPERM") return ToolResult.error(`Error: Permission denied: ${path}`);
  const message = error instanceof Error ? error.message : String(error);
  return ToolResult.error(`Error: Could not access ${path}: ${message}`);
}

/** Lines returned when the call gives no `limit` (upstream's default). */
const READ_FILE_DEFAULT_LIMIT = 2_000;

/** The most characters of numbered lines one call returns, closing line aside (upstream's cap). */
export const READ_FILE_MAX_CHARS = 128_000;

/** Files larger than this are refused before they are read (upstream's limit: 100 MiB). */
const READ_FILE_MAX_BYTES = 100 * 1024 * 1024;

/**
 * Splits a text into lines as Python's `str.splitlines()` does, which upstream uses: at `\n`,
 * `\r\n`, `\r`, `\v`, `\f`, `\x1c`–`\x1e`, `\x85`, `\u2028` and `\u2029`; a final line
 * break does not start another line, and an empty text has no lines.
 */
function splitLines(text: string): string[] {
  if (text === "") return [];
  // eslint-disable-next-line no-control-regex
  const lines = text.split(/\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * The page of a file's text that `read_file` returns: lines `offset`.. numbered `N| text`, at
 * most `limit` of them and at most {@link READ_FILE_MAX_CHARS} characters (whole lines only),
 * then a blank line and either `(Showing lines A-B of T. Use offset=B+1 to continue.)` or
 * `(End of file — T lines total)`. An `offset` past the last line is an error result. Upstream
 * cannot page past a single line longer than the cap; here such a line is cut at the cap (at a
 * code point), said so in the closing line, and the next call goes on with the line after it.
 */
function readFilePage(text: string, offset: number, limit: number | undefined): string | ToolResult {
  const lines = splitLines(text.replace(/\r\n/g, "\n"));
  const total = lines.length;
  const first = offset < 1 ? 1 : offset;
  if (first > total) return ToolResult.error(`Error: offset ${first} is beyond end of file (${total} lines)`);
  const start = first - 1;
  let end = Math.min(start + (limit !== undefined && limit > 0 ? limit : READ_FILE_DEFAULT_LIMIT), total);
  let numbered = lines.slice(start, end).map((line, i) => `${start + i + 1}| ${line}`);
  if (numbered.reduce((sum, line) => sum + line.length + 1, -1) > READ_FILE_MAX_CHARS) {
    // As upstream: keep whole lines while each, with its line break, still fits under the cap.
    let chars = 0;
    let kept = 0;
    for (const line of numbered) {
      chars += line.length + 1;
      if (chars > READ_FILE_MAX_CHARS) break;
      kept++;
    }
    if (kept === 0) {
      const only = numbered[0] as string;
      const cut = /[\ud800-\udbff]$/.test(only.slice(0, READ_FILE_MAX_CHARS)) ? READ_FILE_MAX_CHARS - 1 : READ_FILE_MAX_CHARS;
      const more = start + 1 < total ? ` Use offset=${start + 2} to continue.` : "";
      return `${only.slice(0, cut)}\n\n(Showing line ${start + 1} of ${total}, cut to ${cut} characters.${more})`;
    }
    numbered = numbered.slice(0, kept);
    end = start + kept;
  }
  const page = numbered.join("\n");
  if (end < total) return `${page}\n\n(Showing lines ${first}-${end} of ${total}. Use offset=${end + 1} to continue.)`;
  return `${page}\n\n(End of file — ${total} lines total)`;
}

/** The arguments of `read_file`: a path, and optionally the first line and the number of lines. */
export type ReadFileParams = {
  /** File path, relative to the workspace (or absolute inside it). */
  path: string;
  /** Line to start from, counting from 1. */
  offset?: number;
  /** Most lines to read. */
  limit?: number;
};

/**
 * The extensions upstream treats as text: a file with one of them that is not valid UTF-8 is read
 * as Latin-1 (each byte one character), as upstream's `_is_text_extension` lists them.
 */
const TEXT_EXTENSIONS: ReadonlySet<string> = new Set([".txt", ".md", ".csv", ".json", ".xml", ".html", ".htm", ".log", ".yaml", ".yml", ".toml", ".ini", ".cfg"]);

/** A file's extension as Python's `Path.suffix` gives it, lower-cased: `".txt"`, or `""` for `.bashrc` and `notes.`. */
function pathSuffix(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot).toLowerCase() : "";
}

const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The text of a file's bytes, as upstream's `read_file` decodes it: UTF-8; for a text extension
 * (see {@link TEXT_EXTENSIONS}) that is not valid UTF-8, Latin-1, so `caf\xe9` reads `café`. Any
 * other file that is not valid UTF-8 is read with U+FFFD for each bad sequence (upstream refuses it
 * as a binary file, which is not ported).
 */
function decodeFileText(bytes: Uint8Array, realPath: string): string {
  try {
    return STRICT_UTF8.decode(bytes);
  } catch {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return TEXT_EXTENSIONS.has(pathSuffix(realPath)) ? buffer.toString("latin1") : buffer.toString("utf8");
  }
}

/**
 * Reads a text file in the workspace as numbered lines; `offset` and `limit` page through it. The
 * definition is upstream's, without the sentences and options of what is not ported (images,
 * documents, `pages`, `force`).
 *
 * @example
 * {@includeCode ../../../docs/examples/registry.ts#read-file-tool}
 */
export class ReadFileTool extends WorkspaceTool<ReadFileParams> {
  readonly name = "read_file";
  readonly description = "Text output format: LINE_NUM|CONTENT. " + "Use offset and limit for large text files. " + "Reads exceeding ~128K chars are truncated.";
  readonly parameters: ParametersSchema<ReadFileParams> = {
    type: "object",
    properties: {
      path: { type: "string", description: "The file path to read" },
      offset: { type: "integer", description: "Line number to start reading from (1-indexed, default 1)", minimum: 1 },
      limit: { type: "integer", description: "Maximum number of lines to read (default 2000)", minimum: 1 },
    },
    required: ["path"],
    additionalProperties: false,
  };
  override get readOnly(): boolean {
    return true;
  }

  async execute(params: ReadFileParams, options?: ExecuteOptions): Promise<unknown> {
    const path = params.path;
    if (!path) return ToolResult.error("Error reading file: Unknown path");
    try {
      const real = await resolveInWorkspace(this.workspace, path);
      const info = await stat(real);
      if (!info.isFile()) return ToolResult.error(`Error: Not a file: ${path}`);
      if (info.size > READ_FILE_MAX_BYTES) {
        const mib = (info.size / (1024 * 1024)).toFixed(1);
        return ToolResult.error(`Error: File too large to read (${mib} MiB). Maximum is ${READ_FILE_MAX_BYTES / (1024 * 1024)} MiB.`);
      }
      const bytes = await readFile(real, { signal: options?.signal });
      if (bytes.byteLength === 0) return `(Empty file: ${path})`;
      const offset = typeof params.offset === "number" ? params.offset : 1;
      const limit = typeof params.limit === "number" ? params.limit : undefined;
      return readFilePage(decodeFileText(bytes, real), offset, limit);
    } catch (error) {
      return fileErrorResult(path, error);
    }
  }
}
