/**
 * Inputs for exercise 8's properties: texts and limits around each other's size (limit − 1,
 * limit, limit + 1, in UTF-16 units, with non-ASCII and astral text), results of every kind
 * (every kind of empty among them), call names and ids, and workspaces (none, `""`, a real
 * folder, a file where the folder should be, a folder that is not there). Each side of a property
 * builds its own workspace from the drawn data, in a temporary folder of its own.
 *
 * @module
 */
import fc from "fast-check";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ToolResult } from "../../../src/tools/base.js";
import { ASTRAL, JS_ONLY_WHITESPACE, nameLike, NOT_WHITESPACE_LOOKALIKES, oddText, PROTOTYPE_KEYS, PYTHON_ONLY_WHITESPACE, SHARED_WHITESPACE } from "./domain.js";

/** A text and a limit near its length: `length − 1`, `length`, `length + 1`, 0, negative ones and others. */
export interface TextAndLimit {
  readonly text: string;
  readonly max: number;
}

/** Texts of non-ASCII, astral and odd characters, empty to about 40 UTF-16 units. */
export function longishText(): fc.Arbitrary<string> {
  const nonAscii = fc.array(fc.constantFrom(...ASTRAL, "é", "ж", "中", "a", " ", "\n"), { minLength: 1, maxLength: 12 }).map((chars) => chars.join(""));
  return fc.oneof(oddText({ maxLength: 20 }), nonAscii, fc.constant(""));
}

/** A limit near `length`: the three neighbours made common, 0 and negative limits, a huge one. */
export function limitNear(length: number): fc.Arbitrary<number> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(Math.max(1, length - 1), Math.max(1, length), length + 1), weight: 6 },
    { arbitrary: fc.constantFrom(0, -1, -7), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: Math.max(1, length + 3) }), weight: 2 },
    { arbitrary: fc.constant(Number.MAX_SAFE_INTEGER), weight: 1 },
  );
}

/** A text and a limit around its length. */
export function textAndLimit(): fc.Arbitrary<TextAndLimit> {
  return longishText().chain((text) => limitNear(text.length).map((max) => ({ text, max })));
}

/** A tool's result, as data: {@link buildResult} makes it fresh for each side. */
export type ResultSpec =
  | { readonly kind: "string"; readonly text: string }
  | { readonly kind: "blank"; readonly text: string }
  | { readonly kind: "tool result"; readonly content: string; readonly isError: boolean }
  | { readonly kind: "text blocks"; readonly texts: readonly string[] }
  | { readonly kind: "other blocks" }
  | { readonly kind: "empty list" }
  | { readonly kind: "nothing"; readonly value: null | undefined }
  | { readonly kind: "falsy"; readonly value: 0 | false }
  | { readonly kind: "object"; readonly key: string; readonly text: string }
  | { readonly kind: "list"; readonly items: readonly string[] };

/** The kinds of {@link ResultSpec}, for reach checks. */
export const RESULT_KINDS = ["string", "blank", "tool result", "text blocks", "other blocks", "empty list", "nothing", "falsy", "object", "list"] as const;

/** A fresh result from its spec. */
export function buildResult(spec: ResultSpec): unknown {
  switch (spec.kind) {
    case "string":
    case "blank":
      return spec.text;
    case "tool result":
      return new ToolResult(spec.content, spec.isError);
    case "text blocks":
      return spec.texts.map((text) => ({ type: "text", text }));
    case "other blocks":
      return [{ type: "image", data: "AAAA", mimeType: "image/png" }];
    case "empty list":
      return [];
    case "nothing":
    case "falsy":
      return spec.value;
    case "object":
      return { [spec.key]: spec.text };
    case "list":
      return [...spec.items];
  }
}

/** Every kind of result but plain text: a tool result, blocks, a list, an object, nothing, a falsy value (whose text is not the value itself). */
export function nonTextResultSpec(): fc.Arbitrary<ResultSpec> {
  return resultSpec().filter((spec) => spec.kind !== "string" && spec.kind !== "blank");
}

/** Blank text of every kind: JavaScript's and Python's white space alike, and the empty string. */
export function blankText(): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...SHARED_WHITESPACE, ...PYTHON_ONLY_WHITESPACE), { maxLength: 4 }).map((chars) => chars.join(""));
}

/** Text that looks blank to one language only, or to neither (the byte-order mark, zero-width space). */
function almostBlank(): fc.Arbitrary<string> {
  return fc.tuple(blankText(), fc.constantFrom(...JS_ONLY_WHITESPACE, ...NOT_WHITESPACE_LOOKALIKES), blankText()).map(([a, b, c]) => `${a}${b}${c}`);
}

/** Results of every kind: every kind of empty, 0 and false, ToolResults, text blocks, objects and lists. */
export function resultSpec(): fc.Arbitrary<ResultSpec> {
  const text = longishText();
  return fc.oneof(
    { arbitrary: fc.oneof(text, almostBlank()).map((t): ResultSpec => ({ kind: "string", text: t })), weight: 5 },
    { arbitrary: blankText().map((t): ResultSpec => ({ kind: "blank", text: t })), weight: 2 },
    { arbitrary: fc.record({ content: fc.oneof(text, blankText()), isError: fc.boolean() }).map((r): ResultSpec => ({ kind: "tool result", ...r })), weight: 2 },
    { arbitrary: fc.array(fc.oneof(text, blankText()), { maxLength: 3 }).map((texts): ResultSpec => ({ kind: "text blocks", texts })), weight: 2 },
    { arbitrary: fc.constant<ResultSpec>({ kind: "other blocks" }), weight: 1 },
    { arbitrary: fc.constant<ResultSpec>({ kind: "empty list" }), weight: 1 },
    { arbitrary: fc.constantFrom(null, undefined).map((value): ResultSpec => ({ kind: "nothing", value })), weight: 1 },
    { arbitrary: fc.constantFrom<0 | false>(0, false, -0).map((value): ResultSpec => ({ kind: "falsy", value })), weight: 1 },
    {
      arbitrary: fc
        .record({ key: fc.constantFrom("a", "items", ...PROTOTYPE_KEYS.filter((k) => k !== "__proto__")), text })
        .map((o): ResultSpec => ({ kind: "object", ...o })),
      weight: 2,
    },
    { arbitrary: fc.array(text, { minLength: 1, maxLength: 3 }).map((items): ResultSpec => ({ kind: "list", items })), weight: 1 },
  );
}

/** Where large results may be saved, as data: {@link makeWorkspace} makes it. */
export type WorkspaceSpec = "none" | "empty string" | "folder" | "a file" | "missing";

/** The call, its result, the limit and the workspace of one `buildToolMessage`. */
export interface MessageInput {
  readonly name: string;
  readonly id: string;
  readonly result: ResultSpec;
  /** The limit, relative to the text's length: drawn as a neighbour of it, or 0 and below. */
  readonly limit: "length - 1" | "length" | "length + 1" | "half" | "zero" | "negative" | "huge";
  readonly workspace: WorkspaceSpec;
  readonly sessionKey: string | undefined;
}

/** `read_file` and names that only look like it: another case, a space, another separator, a prefix or a suffix. */
export const READ_FILE_LOOKALIKES = [
  "read_file",
  "READ_FILE",
  "Read_File",
  "rEAD_fILE",
  "read_file ",
  " read_file",
  "readFile",
  "read-file",
  "mcp_fs_read_file",
  "read_file_2",
] as const;

/** A call name: `read_file` and its look-alikes (common, `weight` of 5), any name otherwise. */
export function callName(weight = 2): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: fc.constantFrom(...READ_FILE_LOOKALIKES), weight }, { arbitrary: nameLike().filter((name) => name !== ""), weight: 5 - weight });
}

/** Inputs for `buildToolMessage`: every result kind, every limit around the text's size, every workspace kind. */
export function messageInput(
  options: { workspaces?: readonly WorkspaceSpec[]; names?: fc.Arbitrary<string>; limits?: readonly MessageInput["limit"][]; results?: fc.Arbitrary<ResultSpec> } = {},
): fc.Arbitrary<MessageInput> {
  return fc.record({
    name: options.names ?? callName(),
    id: fc.oneof(fc.constantFrom("call_1", "c-2", "a b", "..", "x/y", "constructor"), oddText({ minLength: 1, maxLength: 6 })),
    result: options.results ?? resultSpec(),
    limit: fc.constantFrom(...(options.limits ?? ["length - 1", "length", "length + 1", "length - 1", "length + 1", "half", "zero", "negative", "huge"])),
    workspace: fc.constantFrom(...(options.workspaces ?? ["none", "empty string", "folder", "a file", "missing"])),
    sessionKey: fc.constantFrom(undefined, "s1", "", "a/b", "Default"),
  });
}

/** The limit for a text of `length` UTF-16 units. */
export function limitFor(limit: MessageInput["limit"], length: number): number {
  switch (limit) {
    case "length - 1":
      return Math.max(1, length - 1);
    case "length":
      return Math.max(1, length);
    case "length + 1":
      return length + 1;
    case "half":
      return Math.max(1, Math.floor(length / 2));
    case "zero":
      return 0;
    case "negative":
      return -3;
    case "huge":
      return 1_000_000;
  }
}

/** A workspace of one side: its path (if any) and how to read what was written under it, then remove it. */
export interface Workspace {
  readonly path: string | undefined;
  /** Every file under the workspace folder, `relative path → text`, sorted; `[]` when there is no folder. */
  files(): Promise<Array<[string, string]>>;
  /** Replaces the side's own temporary path by `<workspace>`, so both sides' texts compare. */
  plain(text: string): string;
  remove(): Promise<void>;
}

let made = 0;
let sharedRoot: Promise<string> | null = null;

/** One temporary folder for every workspace the properties make in this process (each in a sub-folder of its own). */
function workspacesRoot(): Promise<string> {
  sharedRoot ??= mkdtemp(join(tmpdir(), "ex08-prop-"));
  return sharedRoot;
}

/** Removes every workspace made so far. */
export async function removeWorkspaces(): Promise<void> {
  if (sharedRoot === null) return;
  const root = await sharedRoot;
  sharedRoot = null;
  await rm(root, { recursive: true, force: true });
}

/** Makes one side's workspace: a fresh folder of its own for each side and each input (none for `none` and `""`). */
export async function makeWorkspace(spec: WorkspaceSpec): Promise<Workspace> {
  if (spec === "none" || spec === "empty string") {
    return { path: spec === "none" ? undefined : "", files: () => Promise.resolve([]), plain: (text) => text, remove: () => Promise.resolve() };
  }
  const root = join(await workspacesRoot(), `side-${++made}`);
  await mkdir(root);
  const folder = join(root, "ws");
  if (spec === "folder") await mkdir(folder);
  else if (spec === "a file") await writeFile(folder, "a file where the workspace should be");
  return {
    path: folder,
    async files() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const files: Array<[string, string]> = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = join(entry.parentPath, entry.name);
        files.push([relative(root, full).split("\\").join("/"), await readFile(full, "utf8")]);
      }
      return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    },
    plain: (text) => text.split(folder).join("<workspace>"),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}
