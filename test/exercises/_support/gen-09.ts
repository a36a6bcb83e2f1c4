/**
 * Inputs for exercise 9's properties: MCP tool listings (empty, one, many, repeated names; names
 * with separators, odd letters, prototype-looking words and lengths past 64), descriptions that
 * are missing, `null`, empty or blank, hints and options that are not quite booleans, and
 * well-formed `tools/call` answers with blocks of every kind. Each side of a property builds its
 * own fake server from the drawn data and records the calls it receives.
 *
 * @module
 */
import fc from "fast-check";
import type { McpToolClient, McpToolInfo } from "../../../src/mcp/adapter.js";
import type { JsonSchema } from "../../../src/tools/base.js";
import { nameLike, NOT_QUITE_BOOLEANS, oddText, PROTOTYPE_KEYS } from "./domain.js";

/** A tool as a server lists it (plain data: JSON has no `undefined`, but a missing field is drawn too). */
export interface InfoSpec {
  readonly name: string;
  readonly description?: string | null;
  readonly inputSchema?: JsonSchema;
  readonly annotations?: { readonly readOnlyHint?: unknown };
}

/** A tool or server name: identifier-like, odd, with separators, prototype-looking, or longer than 64 characters. */
export function mcpName(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: nameLike(), weight: 6 },
    { arbitrary: fc.constantFrom("notes.list", "notes list", "a/b", "read-file", "x".repeat(70), "ab".repeat(40), "ünïcode", "\u{1f600}tool"), weight: 2 },
  );
}

/** A description: missing, `null`, `""`, blank, or text. */
export function description(): fc.Arbitrary<string | null | undefined> {
  return fc.oneof(fc.constantFrom<string | null | undefined>(undefined, null, "", " ", "\t"), oddText({ minLength: 1, maxLength: 12 }));
}

/** A schema the server may declare: none, an empty object, a typed one with required fields. */
export function inputSchema(): fc.Arbitrary<JsonSchema | undefined> {
  return fc.constantFrom<JsonSchema | undefined>(
    undefined,
    { type: "object" },
    { type: "object", properties: {} },
    { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    { type: "object", properties: { n: { type: "integer", minimum: 0 }, flag: { type: "boolean" } }, additionalProperties: false },
  );
}

/** Annotations: none, empty, or a readOnlyHint that is true, false or a not-quite-boolean. */
export function annotations(): fc.Arbitrary<{ readonly readOnlyHint?: unknown } | undefined> {
  return fc.oneof(
    fc.constantFrom(undefined, {}),
    fc.constantFrom(true, true, ...NOT_QUITE_BOOLEANS).map((readOnlyHint) => ({ readOnlyHint })),
  );
}

/** A listed tool: every field drawn, each missing at times. */
export function infoSpec(): fc.Arbitrary<InfoSpec> {
  return fc.record({ name: mcpName(), description: description(), inputSchema: inputSchema(), annotations: annotations() }, { requiredKeys: ["name"] });
}

/** The options the adapter is given: none, empty, or a trustReadOnlyHint that is true, false or not quite a boolean. */
export function optionsSpec(): fc.Arbitrary<{ trustReadOnlyHint?: unknown } | undefined> {
  return fc.oneof(
    fc.constantFrom(undefined, {}),
    fc.constantFrom(true, true, ...NOT_QUITE_BOOLEANS).map((trustReadOnlyHint) => ({ trustReadOnlyHint })),
  );
}

/** A listing: empty, one tool, many, repeated names likely. */
export function listingSpec(): fc.Arbitrary<InfoSpec[]> {
  return fc.oneof(
    fc.constant<InfoSpec[]>([]),
    infoSpec().map((info) => [info]),
    fc.array(infoSpec(), { minLength: 2, maxLength: 6 }),
    fc
      .tuple(infoSpec(), fc.array(description(), { minLength: 1, maxLength: 3 }))
      .map(([info, descriptions]) => [info, ...descriptions.map((d) => ({ ...info, description: d }))]),
  );
}

/** One content block of an answer: every kind the README lists, each with its optional fields present or not. */
export type BlockSpec = { readonly type: string; readonly [key: string]: unknown };

/** The block kinds, for reach checks. */
export const BLOCK_TYPES = ["text", "image", "audio", "resource", "resource_link"] as const;

/** Blocks of every kind: text (empty and blank too), image and audio with or without mimeType and data, resources with and without text, links, other types. */
export function blockSpec(): fc.Arbitrary<BlockSpec> {
  const text = oddText({ maxLength: 10 });
  const maybe = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined, freq: 3 });
  const media = fc
    .record({
      type: fc.constantFrom("image", "audio"),
      mimeType: maybe(fc.constantFrom("image/png", "", "audio/wav", "", "text/plain; charset=utf-8")),
      data: maybe(fc.oneof(fc.constantFrom("", "AAAA", "UklGRg=="), fc.constant(42))),
    })
    .map(dropUndefined);
  return fc.oneof(
    { arbitrary: fc.oneof(text, fc.constantFrom("", " ", "\n")).map((t): BlockSpec => ({ type: "text", text: t })), weight: 4 },
    { arbitrary: media, weight: 2 },
    {
      arbitrary: fc
        .record({ uri: maybe(fc.constantFrom("file:///a.txt", "mem://x", "")), text: maybe(fc.oneof(text, fc.constant(7))), blob: maybe(fc.constant("AAAA")) })
        .map((resource): BlockSpec => ({ type: "resource", resource: dropUndefined(resource) })),
      weight: 2,
    },
    {
      arbitrary: fc
        .record({ uri: maybe(fc.constantFrom("file:///b.txt", "https://x.test/y", "")), name: maybe(fc.constant("b.txt")) })
        .map((link): BlockSpec => ({ type: "resource_link", ...dropUndefined(link) })),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom("hologram", "Text", "IMAGE", "", "resource link", "toString", ...PROTOTYPE_KEYS.slice(0, 2)).map((type): BlockSpec => ({ type, frames: 3 })),
      weight: 2,
    },
  );
}

function dropUndefined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

/** A `tools/call` answer: content missing, empty, one or many blocks; isError true, false, missing or not quite a boolean. */
export interface AnswerSpec {
  readonly content?: readonly BlockSpec[];
  readonly isError?: unknown;
}

/** Answers of every shape the README names. */
export function answerSpec(): fc.Arbitrary<AnswerSpec> {
  return fc.record(
    {
      content: fc.oneof(
        fc.constant([]),
        blockSpec().map((b) => [b]),
        fc.array(blockSpec(), { minLength: 2, maxLength: 6 }),
        // Text blocks of blank text only: text that is there, though there is nothing to read.
        fc.array(
          fc.constantFrom(" ", "\n", "\t", "", "\u00a0", "\u3000").map((text): BlockSpec => ({ type: "text", text })),
          { minLength: 1, maxLength: 3 },
        ),
      ),
      isError: fc.constantFrom(true, true, false, ...NOT_QUITE_BOOLEANS),
    },
    { requiredKeys: [] },
  );
}

/** A fake server for one side: it lists `tools`, answers every call with `answer`, and records what it was asked. */
export function fakeServer(tools: readonly InfoSpec[], answer: AnswerSpec = {}): McpToolClient & { calls: unknown[]; lists: number } {
  const server = {
    calls: [] as unknown[],
    lists: 0,
    listTools() {
      server.lists++;
      return Promise.resolve({ tools: tools.map((t) => structuredClone(t) as McpToolInfo) });
    },
    callTool(params: { name: string; arguments?: Record<string, unknown> }) {
      server.calls.push(structuredClone(params));
      return Promise.resolve(structuredClone(answer) as Record<string, unknown>);
    },
  };
  return server;
}

/** Arguments the registry would pass on: empty, ordinary, or with prototype-looking keys. */
export function paramsSpec(): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    fc.constant({}),
    fc.constant({ path: "a.txt" }),
    fc.dictionary(fc.constantFrom("path", "n", "constructor", "toString", "valueOf"), fc.oneof(oddText({ maxLength: 4 }), fc.integer()), { maxKeys: 3 }),
  );
}
