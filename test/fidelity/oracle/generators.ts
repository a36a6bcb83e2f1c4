/**
 * Fast-check generators of oracle inputs, one per kind. They aim at the seams where a rebuild
 * drifts from its original: whitespace that one language trims and the other keeps, digits that
 * are not ASCII, integers past 2^53, Python-only literal forms, type lists and nullable unions,
 * results that are blank, huge or not text, histories with orphaned and missing tool results,
 * MCP names and schemas from servers that follow no convention.
 *
 * Every generator is deterministic for a seed (`fc.sample(arb, { seed, numRuns })`) and shrinks,
 * so the oracle can replay one input (`path`) and shrink it to a minimal one.
 *
 * @module
 */
import fc from "fast-check";
import { turnInput } from "./turn-generator.js";
import type { Behaviour, HistoryInput, InputOf, Kind, McpNameInput, McpResultInput, McpSchemaInput, PrepareInput, ResultInput, ToolSpec, Wire } from "./protocol.js";

/** Every character Python's `str.strip()` removes, JavaScript's `trim()`-only U+FEFF, and U+200B (neither). */
export const WHITESPACE: readonly string[] = [
  " ",
  "\t",
  "\n",
  "\r",
  "\x0b",
  "\x0c",
  "\x1c",
  "\x1d",
  "\x1e",
  "\x1f",
  "\x85",
  "\xa0",
  "\u1680",
  "\u2000",
  "\u2001",
  "\u2002",
  "\u2003",
  "\u2004",
  "\u2005",
  "\u2006",
  "\u2007",
  "\u2008",
  "\u2009",
  "\u200a",
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff",
  "\u200b",
];

/** Up to three whitespace characters of any kind. */
export const padding: fc.Arbitrary<string> = fc.array(fc.constantFrom(...WHITESPACE), { maxLength: 3 }).map((chars) => chars.join(""));

/** Text padded on either side, the way a model or a gateway may send it. */
function padded(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(padding, text, padding).map(([a, t, b]) => a + t + b);
}

/** Digits that are not ASCII but are Unicode decimal digits (Python's `int()` and `float()` read them). */
const OTHER_DIGITS: readonly string[] = ["١٢", "٣", "०१२", "１２", "߃", "𝟏𝟐", "৪২"];

/** Texts for an integer field: plain, signed, padded, Python-only, huge, non-ASCII, not a number. */
export const integerText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map(String) },
  { weight: 3, arbitrary: padded(fc.integer({ min: -99, max: 99 }).map(String)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "+3",
      "-0",
      "007",
      "1_000",
      "1__0",
      "_1",
      "1_",
      "0x10",
      "0b11",
      "1e3",
      "3.0",
      "3.5",
      ".5",
      "5.",
      "9007199254740991",
      "9007199254740992",
      "9007199254740993",
      "-9007199254740993",
      "123456789012345678901234567890",
      "",
      "abc",
      "1 2",
      "++1",
      "٣.٥",
      "True",
      "none",
    ),
  },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("", "-", "+"), fc.constantFrom(...OTHER_DIGITS)).map(([s, d]) => s + d) },
  { weight: 1, arbitrary: padded(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String)) },
);

/** Texts for a number field: decimals, exponents, non-finite words, Python-only forms, non-ASCII digits. */
export const numberText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: integerText },
  { weight: 3, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "1e3",
      "1E-3",
      "-.5",
      "5.",
      "1_000.5",
      "1e1_0",
      "inf",
      "-inf",
      "Infinity",
      "-Infinity",
      "nan",
      "NaN",
      "+nan",
      "infinity",
      "iNf",
      "1e400",
      "-1e400",
      "0x1p3",
      "1.5e",
      "e5",
      ".",
      "1.2.3",
      " 2.5 ",
      "\t-0.0\n",
    ),
  },
  { weight: 1, arbitrary: fc.tuple(padding, fc.constantFrom(...OTHER_DIGITS), fc.constantFrom("", ".٥", "e2"), padding).map((p) => p.join("")) },
);

/** Texts for a boolean field. */
export const booleanText: fc.Arbitrary<string> = fc.constantFrom(
  "true",
  "false",
  "True",
  "FALSE",
  "yes",
  "No",
  "YES",
  "1",
  "0",
  "on",
  "off",
  " true",
  "true ",
  "t",
  "",
  "ｔｒｕｅ",
);

/** Short ordinary text, sometimes with characters outside ASCII (incl. astral ones). */
export const shortText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom("héllo", "中文", "emoji 😀", "a'b", 'a"b', "back\\slash", "new\nline", "tab\t", "\u0000nul") },
);

const KEYS: readonly string[] = ["a", "b", "n", "count", "name", "tags", "meta", "flag", "limit", "mode", "arguments", "x y", "é"];

/** A property name. */
const key: fc.Arbitrary<string> = fc.constantFrom(...KEYS);

/** An enum: strings, numbers, booleans, null, mixed; what the validator must print and compare. */
const enumValues: fc.Arbitrary<Wire[]> = fc.oneof(
  fc.uniqueArray(fc.constantFrom("fast", "full", "a", "b", "it's", 'say "hi"', "é", "x\ny", "back\\slash", ""), { minLength: 1, maxLength: 4 }),
  fc.uniqueArray(fc.integer({ min: -3, max: 12 }), { minLength: 1, maxLength: 4 }),
  fc.constantFrom<Wire[]>([1.5, 2.5], [true, false], [null, "x"], [1, "1"], [0, false], [[1], { a: 1 }], [1e21, 1e-7]),
);

type Schema = Record<string, Wire>;

function withOptional(base: Schema, extras: fc.Arbitrary<Schema>): fc.Arbitrary<Schema> {
  return extras.map((extra) => ({ ...base, ...extra }));
}

/** Optional keywords, each present or not. */
function optionalKeywords(entries: Record<string, fc.Arbitrary<Wire>>): fc.Arbitrary<Schema> {
  return fc.record(entries, { requiredKeys: [] }) as fc.Arbitrary<Schema>;
}

const limit = fc.oneof(fc.integer({ min: -5, max: 20 }), fc.constantFrom(0.5, 2.5, -1.5, 1e-5));

/** Schemas of one value: every type, type lists, enums, limits, nullable forms, unions with null. */
export function valueSchema(depth: number): fc.Arbitrary<Schema> {
  const leaves: fc.Arbitrary<Schema>[] = [
    withOptional({ type: "string" }, optionalKeywords({ minLength: fc.integer({ min: 0, max: 4 }), maxLength: fc.integer({ min: 0, max: 6 }), enum: enumValues })),
    withOptional({ type: "integer" }, optionalKeywords({ minimum: limit, maximum: limit, enum: enumValues })),
    withOptional({ type: "number" }, optionalKeywords({ minimum: limit, maximum: limit })),
    fc.constant({ type: "boolean" }),
    fc.constant({ type: "null" }),
    fc
      .constantFrom<Wire[]>(
        ["integer", "null"],
        ["string", "null"],
        ["null", "integer"],
        ["integer", "string"],
        ["string", "integer"],
        ["number", "string"],
        ["boolean", "string"],
        ["number", "null"],
        ["boolean", "integer"],
        ["array", "null"],
        ["object", "null"],
      )
      .map((type) => ({ type })),
    enumValues.map((values) => ({ enum: values })),
    fc.constant({}),
    fc.constantFrom("integer", "string", "number", "boolean").map((type) => ({ type, nullable: true })),
    fc
      .tuple(fc.constantFrom("anyOf", "oneOf"), fc.constantFrom("integer", "string", "number", "boolean"), fc.boolean())
      .map(([combinator, type, nullFirst]) => ({ [combinator]: nullFirst ? [{ type: "null" }, { type }] : [{ type }, { type: "null" }] })),
    fc.constantFrom<Schema>(
      { anyOf: [{ type: "integer" }, { type: "string" }] },
      { type: "string", pattern: "^[a-z]+$" },
      { type: "string", format: "email" },
      { type: "integer", multipleOf: 2 },
      { type: "integer", exclusiveMinimum: 0 },
      { const: "fixed" },
      { type: "array", uniqueItems: true },
      { not: { type: "string" } },
      { allOf: [{ type: "integer" }, { minimum: 1 }] },
      { type: "string", pattern: "^(a)\\1$" },
      { enum: Array.from({ length: 1_001 }, (_, i) => i) },
    ),
  ];
  if (depth <= 0) return fc.oneof(...leaves);
  const nested: fc.Arbitrary<Schema>[] = [
    withOptional({ type: "array" }, optionalKeywords({ items: valueSchema(depth - 1), minItems: fc.integer({ min: 0, max: 3 }), maxItems: fc.integer({ min: 0, max: 4 }) })),
    objectSchema(depth - 1),
  ];
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...leaves) }, { weight: 1, arbitrary: fc.oneof(...nested) });
}

/** An object schema: properties, required (sometimes naming a key it does not define), additionalProperties. */
export function objectSchema(depth: number): fc.Arbitrary<Schema> {
  return fc
    .tuple(
      fc.uniqueArray(key, { minLength: 0, maxLength: 4 }),
      // Now and then a boolean schema (`true` accepts anything, `false` nothing), valid JSON Schema.
      fc.array(fc.oneof({ weight: 40, arbitrary: valueSchema(depth) }, { weight: 1, arbitrary: fc.constantFrom<Wire>(true, false) }), { minLength: 4, maxLength: 4 }),
      fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      fc.option(fc.oneof(fc.constant<Wire>(false), fc.constant<Wire>(true), valueSchema(0)), { nil: undefined }),
    )
    .map(([names, subs, flags, additional]) => {
      const properties: Record<string, Wire> = {};
      names.forEach((name, i) => Object.defineProperty(properties, name, { value: subs[i], enumerable: true, writable: true, configurable: true }));
      const required = names.filter((_, i) => flags[i] === true);
      if (flags[4] === true) required.push("missing");
      const schema: Schema = { type: "object", properties };
      if (required.length > 0) schema["required"] = required;
      if (additional !== undefined) schema["additionalProperties"] = additional;
      return schema;
    });
}

/** A root schema: almost always an object; sometimes without `type`, with `$ref`s or `patternProperties`; rarely not an object. */
export const rootSchema: fc.Arbitrary<Schema> = fc.oneof(
  { weight: 30, arbitrary: objectSchema(2) },
  {
    weight: 2,
    arbitrary: objectSchema(1).map((s) => ({
      ...s,
      properties: { ...(s["properties"] as Record<string, Wire>), count: { $ref: "#/$defs/count" } },
      $defs: { count: { type: "integer", minimum: 0 } },
    })),
  },
  { weight: 2, arbitrary: objectSchema(1).map((s) => ({ ...s, patternProperties: { "^x": { type: "string" } }, additionalProperties: { type: "integer" } })) },
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest pattern leaves the type out of the schema
  { weight: 2, arbitrary: objectSchema(1).map(({ type: _type, ...rest }) => rest) },
  { weight: 1, arbitrary: fc.constantFrom<Schema>({ type: "array", items: { type: "string" } }, { type: "string" }, { type: ["object", "null"], properties: {} }) },
);

/** An integral double past 2^53 stands for no exact integer; it travels as the float it is (see `toWire`). */
function tagUnsafeIntegers(value: Wire): Wire {
  if (typeof value === "number") return Number.isInteger(value) && !Number.isSafeInteger(value) ? { $t: "float", v: String(value) } : value;
  if (Array.isArray(value)) return value.map(tagUnsafeIntegers);
  if (value !== null && typeof value === "object") {
    if (typeof value["$t"] === "string" && ["float", "int"].includes(value["$t"])) return value;
    // A key "$t" would read as a tag on the other side: such an object travels as a list of pairs.
    if (Object.hasOwn(value, "$t")) return { $t: "dict", v: Object.entries(value).map(([k, v]) => [k, tagUnsafeIntegers(v)]) };
    const out: Record<string, Wire> = {};
    for (const [k, v] of Object.entries(value)) Object.defineProperty(out, k, { value: tagUnsafeIntegers(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** JSON values of any shape, small. */
const anyJson: fc.Arbitrary<Wire> = (fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Wire>).map(tagUnsafeIntegers);

/** A value for `schema`: one that fits, a text an LLM might send instead, the wrong type, null, non-finite. */
export function valueFor(schema: Wire, depth = 0): fc.Arbitrary<Wire> {
  const s = typeof schema === "object" && schema !== null && !Array.isArray(schema) ? schema : {};
  const rawType = s["type"];
  const type = Array.isArray(rawType) ? rawType.find((t) => t !== "null") : rawType;
  const off: fc.Arbitrary<Wire>[] = [
    fc.constant(null),
    anyJson,
    fc.constantFrom<Wire>({ $t: "float", v: "inf" }, { $t: "float", v: "-inf" }, { $t: "float", v: "nan" }, 3.5, -0, 1e21, 1e-7),
  ];
  const likely: fc.Arbitrary<Wire>[] = [];
  if (Array.isArray(s["enum"])) likely.push(fc.constantFrom(...s["enum"]));
  switch (type) {
    case "integer":
      likely.push(fc.integer({ min: -50, max: 50 }), integerText, fc.boolean());
      break;
    case "number":
      likely.push(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e4, max: 1e4 }), numberText, fc.integer());
      break;
    case "boolean":
      likely.push(fc.boolean(), booleanText, fc.constantFrom(0, 1));
      break;
    case "string":
      likely.push(
        shortText,
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constantFrom<Wire>({ a: 1 }, [1, "x"], { $t: "int", v: "123456789012345678901" }),
      );
      break;
    case "array": {
      const items = s["items"] ?? {};
      likely.push(depth > 3 ? fc.constant([]) : fc.array(valueFor(items, depth + 1), { maxLength: 4 }), fc.constantFrom<Wire>("[1, 2]", "a,b", "[]"));
      break;
    }
    case "object":
      likely.push(depth > 3 ? fc.constant({}) : objectValueFor(s, depth + 1), fc.constantFrom<Wire>('{"a": 1}', "{}"));
      break;
    default:
      likely.push(integerText, fc.integer(), shortText, fc.boolean());
  }
  return fc.oneof({ weight: 5, arbitrary: fc.oneof(...likely) }, { weight: 1, arbitrary: fc.oneof(...off) });
}

/** An object for an object schema: some of its properties (required ones usually), sometimes extra keys. */
export function objectValueFor(schema: Schema, depth = 0): fc.Arbitrary<Wire> {
  const props = (typeof schema["properties"] === "object" && schema["properties"] !== null && !Array.isArray(schema["properties"]) ? schema["properties"] : {}) as Record<
    string,
    Wire
  >;
  const names = Object.keys(props);
  const fields = names.map((name) => fc.option(valueFor(props[name] as Wire, depth), { nil: undefined, freq: 6 }).map((v) => [name, v] as const));
  const extra = fc.option(fc.tuple(fc.constantFrom("extra", "b", "Name", "__proto__", "x1"), anyJson), { nil: undefined, freq: 3 });
  return fc.tuple(fc.tuple(...fields), extra).map(([pairs, more]) => {
    const out: Record<string, Wire> = {};
    for (const [name, v] of pairs) if (v !== undefined) Object.defineProperty(out, name, { value: v, enumerable: true, writable: true, configurable: true });
    if (more !== undefined && !Object.hasOwn(out, more[0])) {
      Object.defineProperty(out, more[0], { value: more[1], enumerable: true, writable: true, configurable: true });
    }
    return tagUnsafeIntegers(out);
  });
}

/** Other tools a registry may hold: names that collide loosely with each other and with the probe. */
const OTHER_TOOLS: readonly string[] = ["read_file", "ReadFile", "web_fetch", "list_dir", "Probe", "pro-be"];

/** The name a model might call instead of `probe`. */
const calledName: fc.Arbitrary<string> = fc.oneof(
  { weight: 12, arbitrary: fc.constant("probe") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "PROBE",
      "pro_be",
      "pro be",
      "probe ",
      " probe",
      "prob",
      "",
      "ｐｒｏｂｅ",
      "probé",
      "PRÖBE",
      "readfile",
      "read_file",
      "webfetch",
      "ⅰprobe",
      "probe\u0301",
    ),
  },
);

const registry: fc.Arbitrary<(schema: Wire) => ToolSpec[]> = fc.tuple(fc.subarray([...OTHER_TOOLS], { maxLength: 3 }), fc.nat(3)).map(([others, at]) => (schema: Wire) => {
  const tools: ToolSpec[] = others.map((name) => ({ name, schema: { type: "object", properties: {} } }));
  tools.splice(Math.min(at, tools.length), 0, { name: "probe", schema });
  return tools;
});

/** Schemas the `args` kind calls: ordinary tool schemas. */
const ARGS_SCHEMAS: readonly Schema[] = [
  { type: "object", properties: { n: { type: "integer" }, name: { type: "string" } }, required: ["n"] },
  { type: "object", properties: { x: { type: "number", minimum: 0 }, flag: { type: "boolean" }, tags: { type: "array", items: { type: "string" } } } },
  { type: "object", properties: { arguments: { type: "string" } } },
  { type: "object", properties: {}, additionalProperties: false },
  { type: "object", properties: { mode: { type: "string", enum: ["fast", "full"] }, limit: { type: ["integer", "null"] } }, required: ["mode"] },
  { type: "object", properties: { meta: { type: "object", properties: { count: { type: "integer", maximum: 10 } } } } },
];

/** An object the `args` kind writes as text: values an LLM plausibly sends for those schemas. */
const argsObject: fc.Arbitrary<Record<string, Wire>> = fc.dictionary(
  fc.constantFrom("n", "name", "x", "flag", "tags", "arguments", "mode", "limit", "meta", "extra"),
  fc.oneof(fc.integer(), integerText, numberText, booleanText, shortText, fc.boolean(), fc.constant(null), fc.array(shortText, { maxLength: 2 }), fc.constant({ count: "3" })),
  { maxKeys: 3 },
);

/** JSON text with Python's spacing (`json.dumps`) or JavaScript's. */
function jsonText(value: Wire, pythonSpacing: boolean): string {
  const text = JSON.stringify(value);
  return pythonSpacing ? text.replace(/":/g, '": ').replace(/,"/g, ', "') : text;
}

/** Argument texts (and a few non-text argument values) for the `args` kind. */
export const argumentValue: fc.Arbitrary<Wire> = fc.oneof(
  { weight: 6, arbitrary: fc.tuple(argsObject, fc.boolean(), padding, padding).map(([o, py, a, b]) => a + jsonText(o, py) + b) },
  {
    weight: 3,
    arbitrary: fc.tuple(argsObject, fc.constantFrom("object", "text", "double", "padded-text", "with-other-key")).map(([o, how]): Wire => {
      if (how === "object") return JSON.stringify({ arguments: o });
      if (how === "text") return JSON.stringify({ arguments: JSON.stringify(o) });
      if (how === "padded-text") return JSON.stringify({ arguments: ` \n${JSON.stringify(o)}\u00a0` });
      if (how === "double") return JSON.stringify({ arguments: { arguments: o } });
      return JSON.stringify({ arguments: o, other: 1 });
    }),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u00a0",
      "\x85",
      "\x1c",
      "\ufeff",
      "null",
      "42",
      "true",
      '"text"',
      "[1, 2]",
      "[]",
      "{}",
      "[{}]",
      "{'n': 1}",
      "{n: 1}",
      '{"n": 1',
      '{"n": 1,}',
      '{"n": NaN}',
      '{"n": Infinity}',
      '{"x": -Infinity}',
      '{"n": 3.0}',
      '{"n": 1e2}',
      '{"n": 123456789012345678901}',
      '{"n": 9007199254740993}',
      '{"n": -0}',
      '{"n": 1, "n": 2}',
      '{"name": "\\ud800"}',
      "\ufeff{}",
      '{"arguments": null}',
      '{"arguments": ""}',
      '{"arguments": "[1]"}',
      '{"arguments": 5}',
      '{"arguments": "{\\"n\\": \\"7\\"}"}',
      '{"n": "7"} trailing',
      '{"n":"\u0663"}',
      '{"x": "1_0"}',
      "\x1c{}\x1f",
      "\u2028[]\u2029",
    ),
  },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), argsObject as fc.Arbitrary<Wire>, fc.integer(), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 })) },
);

/** `args`: a call by (nearly) the probe's name with an argument text, against an ordinary schema. */
export const argsInput: fc.Arbitrary<PrepareInput> = fc
  .tuple(fc.constantFrom(...ARGS_SCHEMAS), registry, calledName, argumentValue)
  .map(([schema, tools, name, args]) => ({ tools: tools(schema), name, args }));

/** `schema`: a generated schema and an arguments object for it, passed as an object. */
export const schemaInput: fc.Arbitrary<PrepareInput> = rootSchema.chain((schema) =>
  objectValueFor(schema).map((params) => ({ tools: [{ name: "probe", schema }], name: "probe", args: params })),
);

/** Text results: ordinary, empty, blank of every kind, long (past the limit), astral, security-marked. */
const resultText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: shortText },
  { weight: 2, arbitrary: padding },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom("x", "é", "😀", "ab\n", " "), fc.integer({ min: 10, max: 700 })).map(([unit, n]) => unit.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "Error: path outside working dir",
      "Error: URL validation failed: private address",
      "Error: File not found: a.txt",
      "Error: access denied: outside the configured workspace",
      "line\nline",
    ),
  },
);

/** Non-text results: numbers, booleans, objects, arrays, lists of content blocks. */
const resultValue: fc.Arbitrary<Wire> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.constantFrom<Wire>(3.5, -0, 1e21, { $t: "float", v: "nan" }, true, false, { $t: "int", v: "123456789012345678901" }),
  anyJson,
  fc.array(
    resultText.map((text) => ({ type: "text", text })),
    { maxLength: 3 },
  ),
  fc.constantFrom<Wire>([{ type: "image", data: "AAAA", mimeType: "image/png" }], [{ type: "text", text: "a" }, "b"], [{ type: "text" }], { content: "x" }),
);

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  { weight: 4, arbitrary: resultText.map((text): Behaviour => ({ kind: "return", value: text })) },
  { weight: 3, arbitrary: resultValue.map((value): Behaviour => ({ kind: "return", value })) },
  { weight: 2, arbitrary: resultText.map((text): Behaviour => ({ kind: "error", text })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("RuntimeError", "ValueError", "TypeError", "PermissionError", "ToolFailure"), fc.oneof(fc.constant(""), resultText))
      .map(([cls, message]): Behaviour => ({ kind: "raise", cls, message })),
  },
);

/** `result`: one call whose tool returns, fails or raises; sometimes its arguments fail preparation instead. */
export const resultInput: fc.Arbitrary<Omit<ResultInput, "workspace" | "session"> & { persist: boolean }> = fc
  .tuple(
    fc.constantFrom("probe", "probe", "probe", "read_file"),
    behaviour,
    // Arguments the probe refuses with an invalid-parameters error (the not-an-object message is
    // the `args` kind's subject; here it would only repeat row 5 inside the retry hint's text).
    fc.oneof({ weight: 6, arbitrary: fc.constant("{}") }, { weight: 1, arbitrary: fc.constantFrom('{"x": 1}', '{"x": "1"}') }),
    fc.constantFrom(0, 30, 200, 16_000),
    fc.boolean(),
    fc.constantFrom("call_1", "call_x", "..", "a/b"),
  )
  .map(([name, b, args, maxChars, persist, callId]) => ({
    name,
    schema: { type: "object", properties: {}, additionalProperties: false },
    behaviour: b,
    args,
    callId,
    maxChars,
    persist,
  }));

/** Tool-call ids a history uses; some repeat, one is blank. */
const CALL_IDS: readonly string[] = ["call_1", "call_2", "call_3", "call_4", ""];

const historyContent: fc.Arbitrary<Wire> = fc.oneof(
  { weight: 4, arbitrary: resultText },
  { weight: 1, arbitrary: fc.constant(null) },
  // A list of text blocks, as some providers store a tool message's content.
  {
    weight: 1,
    arbitrary: fc.array(
      resultText.map((text): Wire => ({ type: "text", text })),
      { minLength: 1, maxLength: 3 },
    ),
  },
);

type Segment = Wire[];

const toolCallEntry: fc.Arbitrary<Wire> = fc
  .tuple(
    fc.constantFrom(...CALL_IDS),
    fc.oneof({ weight: 6, arbitrary: fc.constantFrom("probe", "read_file", "web_fetch") }, { weight: 1, arbitrary: fc.constantFrom<Wire>("", null) }),
  )
  .map(([id, name]) => ({ id, type: "function", function: { name, arguments: "{}" } }));

const segment: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 3, arbitrary: shortText.map((content): Segment => [{ role: "user", content }]) },
  { weight: 1, arbitrary: fc.constant<Segment>([{ role: "system", content: "be brief" }]) },
  { weight: 1, arbitrary: fc.constantFrom<Segment>([{ role: "assistant", content: "[Previous assistant message omitted.]" }], [{ role: "assistant", content: "sure" }]) },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.array(toolCallEntry, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.boolean(), historyContent), { minLength: 3, maxLength: 3 }),
        fc.constantFrom("", "calling"),
      )
      .map(([calls, answers, content]): Segment => {
        const out: Segment = [{ role: "assistant", content, tool_calls: calls }];
        calls.forEach((call, i) => {
          const [answered, text] = answers[i] as [boolean, Wire];
          if (!answered) return;
          const c = call as { id: string; function: { name: Wire } };
          out.push({ role: "tool", tool_call_id: c.id, name: c.function.name, content: text });
        });
        return out;
      }),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom<Wire>("call_1", "call_9", "", null), fc.constantFrom<Wire>("probe", "read_file", null), historyContent)
      .map(([id, name, content]): Segment => {
        const message: Record<string, Wire> = { role: "tool", content };
        if (id !== null) message["tool_call_id"] = id;
        if (name !== null) message["name"] = name;
        return [message];
      }),
  },
);

/** `history`: an earlier conversation with orphans, missing results, blank and oversized results. */
export const historyInput: fc.Arbitrary<Omit<HistoryInput, "workspace" | "session"> & { persist: boolean }> = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom(0, 30, 200, 16_000), fc.boolean())
  .map(([segments, maxChars, persist]) => ({ messages: segments.flat(), maxChars, persist }));

/** Characters MCP server and tool names are made of. */
const NAME_CHARS: readonly string[] = ["a", "b", "Z", "0", "_", "_", "-", ".", " ", "/", "é", "中", "😀", "$", ":"];

const mcpNamePart = (maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...NAME_CHARS), { maxLength }).map((c) => c.join("")) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom("a", "_", ".", "é"), fc.integer({ min: 20, max: 80 })).map(([c, n]) => c.repeat(n)) },
  );

/** `mcp-name`: a server name and a tool name of any spelling and length. */
export const mcpNameInput: fc.Arbitrary<McpNameInput> = fc.record({ server: mcpNamePart(8), tool: mcpNamePart(16) });

/** Input schemas MCP servers send: generated object schemas, nullable forms, refs, odd roots. */
const mcpInputSchema: fc.Arbitrary<Wire> = fc.oneof(
  { weight: 6, arbitrary: objectSchema(1) },
  {
    weight: 3,
    arbitrary: fc.constantFrom<Wire>(
      { type: "object", properties: { a: { type: ["string", "null"] } } },
      { type: "object", properties: { a: { anyOf: [{ type: "string" }, { type: "null" }], description: "d" } } },
      { type: "object", properties: { a: { oneOf: [{ type: "null" }, { type: "integer", minimum: 1 }] } } },
      { type: "object", properties: { a: { $ref: "#/$defs/A" } }, $defs: { A: { type: ["integer", "null"] } } },
      { type: "object", properties: { a: { $ref: "#/properties/b" }, b: { type: "string" } } },
      { type: "object", properties: { list: { type: "array", items: { type: ["number", "null"] } } } },
      { type: "object", properties: { o: { type: "object" } } },
      { properties: { a: { type: "string" } } },
      { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: {} },
      { type: "object", required: [] },
      { type: "object", properties: {}, required: ["a"] },
      { type: "array", items: { type: "string" } },
      { type: ["object", "null"], properties: {} },
      {},
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom<Wire>([], "object", 5, null) },
);

/** `mcp-schema`: one listed tool definition with or without a description and an input schema. */
export const mcpSchemaInput: fc.Arbitrary<McpSchemaInput> = fc
  .tuple(
    fc.constantFrom("srv", "notes"),
    fc.constantFrom("t", "list", "read-file"),
    fc.constantFrom<string | undefined>(undefined, "", "Reads things.", " "),
    fc.option(mcpInputSchema, { nil: undefined, freq: 8 }),
  )
  .map(([server, tool, description, inputSchema]) => {
    // Plain names: naming is the `mcp-name` kind's subject.
    const input: McpSchemaInput = { server, tool };
    if (description !== undefined) input.description = description;
    if (inputSchema !== undefined) input.inputSchema = inputSchema;
    return input;
  });

/** `mcp-result`: what an MCP server answers to a call: text blocks, none, blank ones, an error flag, a failure, or a malformed result. */
export const mcpResultInput: fc.Arbitrary<McpResultInput> = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ kind: fc.constant("content" as const), texts: fc.array(resultText, { maxLength: 3 }), isError: fc.boolean() }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("raise" as const),
          cls: fc.constantFrom("RuntimeError", "McpError", "ValueError", "ConnectionError", "ClosedResourceError", "TimeoutError"),
          message: fc.constantFrom("", "boom", "Session terminated", "connection closed"),
        }),
      },
      // A `content` that is no list of blocks (upstream's rendering fails on it).
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("malformed" as const), content: fc.constantFrom(5, true) }) },
    ),
  )
  // The default limit: cutting is the `result` kind's subject.
  .map(([reply]) => ({ server: "srv", tool: "t", reply, maxChars: 16_000 }));

/** The generator of each kind. `persist` asks the runner to give that input a workspace to save large results in. */
export const GENERATORS: { [K in Kind]: fc.Arbitrary<GeneratedOf[K]> } = {
  args: argsInput,
  schema: schemaInput,
  result: resultInput,
  history: historyInput,
  "mcp-name": mcpNameInput,
  "mcp-schema": mcpSchemaInput,
  "mcp-result": mcpResultInput,
  turn: turnInput,
};

/** What a generator yields for each kind: the input, with `persist` instead of a workspace path for the two kinds that save results. */
export type GeneratedOf = {
  [K in Kind]: K extends "result" | "history" ? Omit<InputOf[K], "workspace" | "session"> & { persist: boolean } : InputOf[K];
};

/** A generated value as the input sent to both sides: `persist` becomes a workspace and a session of its own. */
export function materialise<K extends Kind>(kind: K, generated: GeneratedOf[K], workspace: string, session: string): InputOf[K] {
  if (kind !== "result" && kind !== "history") return generated;
  const { persist, ...rest } = generated as { persist: boolean } & Record<string, unknown>;
  return (persist ? { ...rest, workspace, session } : rest) as unknown as InputOf[K];
}
