/**
 * The differences from upstream that the workbook lists on purpose (docs/fidelity.md's table,
 * mirrored from API.md's last table), each as a small named explanation the comparison can test.
 * A difference one of these explains is counted under its row; any other difference is reported
 * as unlisted.
 *
 * An explanation has one of four forms:
 * - `whole`: a predicate over the input and both outputs that explains the whole difference;
 * - `rewrite`: it rewrites upstream's output (or both) to remove the listed difference only,
 *   so whatever else differs still shows;
 * - `site`: for a prepared call, it explains the difference at one argument (`Site`);
 * - `subset`: for a prepared call, it names the rows behind a difference that disappears when our
 *   side prepares the call against upstream's subset of the schema (`upstream-subset.ts`).
 *
 * @module
 */
import { isBigInt, isTaggedFloat, numericValue, wireEqual, type AnyCase, type Kind, type PrepareInput, type Wire } from "./protocol.js";
import { PY_TYPE_TO_JSON, pyRepr } from "./python-repr.js";
import type { TurnRewrite } from "./turn-explanations.js";

/** Where a difference is listed: the row of docs/fidelity.md (and the words in it), or API.md's last table only. */
export interface Listing {
  /** The row number in docs/fidelity.md, or null when only API.md lists it. */
  row: number | null;
  /** Words from the row that identify it (checked against docs/fidelity.md by the oracle's test). */
  quote: string;
}

interface Base {
  /** A stable name for the report. */
  id: string;
  /** Where it is listed. */
  listing: Listing;
  /** What it explains, in a sentence. */
  summary: string;
  /** The kinds it applies to. */
  kinds: readonly Kind[];
}

/** The model-visible part of a prepared call. */
export interface PrepareView {
  outcome: "ok" | "error" | "raised" | "refused";
  /** The message head (the whole text for a message that lists no problems). */
  head: string;
  /** The problems of an invalid-parameters message, in order. */
  problems: string[];
  /** The params the tool receives, only when the call is ok. */
  params?: Wire;
}

/** The model-visible part of a tool message and its event. */
export interface ResultView {
  content: Wire;
  status: Wire;
  detail: Wire;
}

/** One argument where the two sides differ, with what each side made of it. */
export interface Site {
  /** Its path (`n`, `meta.count`, `tags[0]`). */
  path: string;
  /** The schema at that path (the probe's schema, or upstream's subset of it). */
  schema: unknown;
  /** The value preparation reached there (after coerce and unwrap), when it has one. */
  value: unknown;
  /** The value as cast by upstream, when present. */
  upCast: Wire | undefined;
  /** The value as cast by us, when present. */
  ourCast: Wire | undefined;
  /** Upstream's problems at this path, with the path written `<p>`. */
  upProblems: string[];
  /** Our problems at this path, with the path written `<p>`. */
  ourProblems: string[];
}

/** Explains a whole difference. */
export interface WholeExplanation extends Base {
  form: "whole";
  explains(c: AnyCase): boolean;
}

/**
 * Removes one listed difference from a pair of views; null when it does not apply. `ids` names
 * the explanations the rewrite relied on when they are not just this one.
 */
export interface RewriteExplanation<V> extends Base {
  form: "rewrite";
  rewrite(c: AnyCase, up: V, ours: V): { up: V; ours: V; ids?: string[] } | null;
}

/** A listed difference that another explanation's rewrite recognises and reports under this id. */
export interface PartExplanation extends Base {
  form: "part";
}

/** Explains the difference at one argument of a prepared call. */
export interface SiteExplanation extends Base {
  form: "site";
  explains(site: Site): boolean;
}

/** Names a row behind a difference that our preparation against upstream's schema subset removes. */
export interface SubsetExplanation extends Base {
  form: "subset";
  applies(dropped: readonly string[], typeListsCut: boolean, ourFullProblems: readonly string[]): boolean;
}

/** Any explanation. */
export type Explanation =
  | WholeExplanation
  | RewriteExplanation<PrepareView>
  | RewriteExplanation<ResultView>
  | RewriteExplanation<Wire>
  | SiteExplanation
  | SubsetExplanation
  | PartExplanation
  | TurnRewrite;

const PREPARE: readonly Kind[] = ["args", "schema"];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The schema of the tool the call names, if registered. */
export function probeSchema(input: PrepareInput): unknown {
  return input.tools.find((t) => t.name === input.name)?.schema;
}

/** The type a schema asks for, as upstream reads it: its type, or the first non-null one of a list. */
export function resolvedType(schema: unknown): string | null {
  if (!isRecord(schema)) return null;
  const type = schema["type"];
  if (typeof type === "string") return type === "null" ? null : type;
  if (Array.isArray(type)) {
    const first: unknown = (type as unknown[]).find((t) => t !== "null");
    return typeof first === "string" ? first : null;
  }
  return null;
}

// --- whole-case explanations -------------------------------------------------------------------

/** A JSON text that parses once its bare `NaN`/`Infinity` tokens are replaced, and not before. */
export function hasNonFiniteLiteral(text: string): boolean {
  const trimmed = text.trim();
  try {
    JSON.parse(trimmed);
    return false;
  } catch {
    // Malformed as it is; see whether the non-finite words are what breaks it.
  }
  let out = "";
  let inString = false;
  let replaced = false;
  for (let i = 0; i < trimmed.length; i++) {
    const ch = trimmed[i] as string;
    if (inString) {
      out += ch;
      if (ch === "\\") out += trimmed[++i] ?? "";
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
      continue;
    }
    const rest = trimmed.slice(i);
    const word = /^-?(?:NaN|Infinity)/.exec(rest);
    if (word !== null) {
      out += "0";
      i += word[0].length - 1;
      replaced = true;
      continue;
    }
    out += ch;
  }
  if (!replaced) return false;
  try {
    JSON.parse(out);
    return true;
  } catch {
    return false;
  }
}

/** A JSON integer literal (outside strings) whose value is past ±(2^53−1). */
export function hasUnsafeIntegerLiteral(text: string): boolean {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      continue;
    }
    const m = /^-?\d+(?![\d.e])/i.exec(text.slice(i));
    if (m !== null && (i === 0 || !/[\w.]/.test(text[i - 1] as string))) {
      if (!Number.isSafeInteger(Number(m[0]))) return true;
      i += m[0].length - 1;
    }
  }
  return false;
}

const NOT_OBJECT_GOT = /parameters must be a JSON object, got (\w+)\./;

/** Row 2: our `register` refuses a root schema that is not an object schema. */
export const rootNotObject: WholeExplanation = {
  form: "whole",
  id: "root-schema-not-object",
  listing: { row: 2, quote: "a root schema that is not an object fails when the model calls the tool" },
  summary: 'our register refuses a root schema whose type is not "object"; upstream fails at call time',
  kinds: PREPARE,
  explains(c) {
    if (c.kind !== "args" && c.kind !== "schema") return false;
    const schema = probeSchema(c.input);
    const type = isRecord(schema) ? schema["type"] : undefined;
    return c.ours.outcome === "refused" && isRecord(schema) && type !== undefined && type !== "object";
  },
};

/** Row 16: an exception inside upstream's `prepare_call` escapes; ours is that call's error result. */
export const prepareException: WholeExplanation = {
  form: "whole",
  id: "prepare-exception",
  listing: { row: 16, quote: "an exception inside `prepare_call` escapes the whole batch" },
  summary: "upstream's prepare_call raised (the model would read nothing for that call); ours answers it",
  kinds: PREPARE,
  explains(c) {
    // Upstream's exception has no model-visible counterpart to compare with: whatever ours
    // answers (an error result, or a call its fuller JSON Schema support accepts) is the listed
    // difference. A register refusal is not an answer and stays unlisted.
    return (c.kind === "args" || c.kind === "schema") && c.upstream.outcome === "raised" && (c.ours.outcome === "error" || c.ours.outcome === "ok");
  },
};

/** Row 10: `NaN`/`Infinity` in an argument text are malformed JSON for us, kept as text and refused at the shape check. */
export const nonFiniteLiteral: WholeExplanation = {
  form: "whole",
  id: "nan-infinity-literal",
  listing: { row: 10, quote: "`json.loads` accepts `NaN` and `Infinity`" },
  summary: "an argument text with a bare NaN or Infinity: upstream parses it, ours refuses it as text",
  kinds: PREPARE,
  explains(c) {
    if (c.kind !== "args" && c.kind !== "schema") return false;
    const args = c.input.args;
    const texts: string[] = [];
    if (typeof args === "string") texts.push(args);
    // The same inside a {"arguments": "<text>"} wrapper.
    if (typeof args === "string") {
      try {
        const outer: unknown = JSON.parse(args.trim());
        if (isRecord(outer) && typeof outer["arguments"] === "string") texts.push(outer["arguments"]);
      } catch {
        // not a wrapper
      }
    }
    if (!texts.some(hasNonFiniteLiteral)) return false;
    return c.ours.outcome === "error" && NOT_OBJECT_GOT.exec(c.ours.error ?? "")?.[1] === "string";
  },
};

/** Row 22: a schema over our complexity budget is refused at register. */
export const schemaBudget: WholeExplanation = {
  form: "whole",
  id: "schema-budget",
  listing: { row: 22, quote: "a hand-written subset of JSON Schema" },
  summary: "our register refuses a schema over the complexity budget",
  kinds: PREPARE,
  explains(c) {
    return (c.kind === "args" || c.kind === "schema") && c.ours.outcome === "refused" && /budget/i.test(c.ours.error ?? "");
  },
};

/** Row 35: a pattern RE2 cannot run, or an unknown `$schema`, is refused at register. */
export const patternEngine: WholeExplanation = {
  form: "whole",
  id: "pattern-engine",
  listing: { row: 35, quote: "patterns run on Python's backtracking `re`" },
  summary: "our register refuses a pattern RE2 cannot run, or an unknown $schema",
  kinds: PREPARE,
  explains(c) {
    return (c.kind === "args" || c.kind === "schema") && c.ours.outcome === "refused" && /pattern|\$schema/i.test(c.ours.error ?? "");
  },
};

/** API.md: a JSON integer literal past 2^53 is refused, saying it cannot be represented exactly. */
export const unsafeIntegerLiteral: WholeExplanation = {
  form: "whole",
  id: "json-integer-literal-past-2^53",
  listing: { row: 45, quote: "a JSON integer literal past 2^53 reaches the tool exact" },
  summary: "an argument text with an integer literal past 2^53: ours refuses it as not exactly representable",
  kinds: PREPARE,
  explains(c) {
    if (c.kind !== "args") return false;
    return typeof c.input.args === "string" && hasUnsafeIntegerLiteral(c.input.args) && c.ours.outcome === "error" && /represent/i.test(c.ours.error ?? "");
  },
};

/** Row 30: a listed MCP tool whose input schema is not an object schema is skipped (and reported). */
export const mcpNonObjectSchema: WholeExplanation = {
  form: "whole",
  id: "mcp-non-object-input-schema",
  listing: { row: 30, quote: "one malformed tool makes the SDK refuse the whole list" },
  summary: "an MCP tool whose inputSchema is not an object schema: ours skips and reports it",
  kinds: ["mcp-schema"],
  explains(c) {
    if (c.kind !== "mcp-schema" || c.ours.skipped === undefined) return false;
    const schema = c.input.inputSchema;
    if (schema === undefined) return false;
    if (!isRecord(schema)) return true;
    const type = schema["type"];
    return type !== undefined && type !== "object" && !(Array.isArray(type) && type.includes("object"));
  },
};

// --- rewrites of a prepared call's texts -------------------------------------------------------

/** Row 5: upstream's not-an-object message names Python types (`str`, `list`, `NoneType`). */
export const pythonTypeNames: RewriteExplanation<PrepareView> = {
  form: "rewrite",
  id: "python-type-names",
  listing: { row: 5, quote: "errors name Python types: `str`, `list`, `int`" },
  summary: "upstream's not-an-object message names the Python type; ours the JSON type",
  kinds: PREPARE,
  rewrite(_c, up, ours) {
    const match = NOT_OBJECT_GOT.exec(up.head);
    const json = match === null ? undefined : PY_TYPE_TO_JSON[match[1] as string];
    if (match === null || json === undefined || json === match[1]) return null;
    return { up: { ...up, head: up.head.replace(NOT_OBJECT_GOT, `parameters must be a JSON object, got ${json}.`) }, ours };
  },
};

function enumsIn(schema: unknown, out: unknown[][] = [], depth = 0): unknown[][] {
  if (depth > 12) return out;
  if (Array.isArray(schema)) {
    for (const item of schema) enumsIn(item, out, depth + 1);
  } else if (isRecord(schema)) {
    if (Array.isArray(schema["enum"])) out.push(schema["enum"]);
    for (const value of Object.values(schema)) enumsIn(value, out, depth + 1);
  }
  return out;
}

/** Row 12: upstream shows enum values as a Python list; ours as JSON. */
export const enumAsPythonList: RewriteExplanation<PrepareView> = {
  form: "rewrite",
  id: "enum-as-python-list",
  listing: { row: 12, quote: "enum values shown as a Python list" },
  summary: "upstream's `must be one of` shows the values as a Python list; ours as JSON",
  kinds: PREPARE,
  rewrite(c, up, ours) {
    if (c.kind !== "args" && c.kind !== "schema") return null;
    const enums = enumsIn(probeSchema(c.input));
    let changed = false;
    const problems = up.problems.map((problem) => {
      const at = problem.indexOf(" must be one of ");
      if (at < 0) return problem;
      const shown = problem.slice(at + " must be one of ".length);
      const values = enums.find((e) => pyRepr(e) === shown);
      if (values === undefined) return problem;
      const json = JSON.stringify(values);
      if (json === shown) return problem;
      changed = true;
      return problem.slice(0, at) + " must be one of " + json;
    });
    return changed ? { up: { ...up, problems }, ours } : null;
  },
};

/** `and N more problems`: ours lists the first problems and counts the rest. */
const MORE_PROBLEMS = /^and \d+ more problems$/;

/**
 * Row 62: upstream lists every problem; ours lists the first 20 and ends with `and N more
 * problems`. Upstream's list is cut to as many as ours shows, the rest counted the same way, so
 * whatever else differs in the problems shown still shows.
 */
export const problemsCounted: RewriteExplanation<PrepareView> = {
  form: "rewrite",
  id: "problems-counted",
  listing: { row: 62, quote: "every problem is listed, joined by `; `" },
  summary: "past 20 problems ours counts the rest (`and N more problems`); upstream lists every one",
  kinds: PREPARE,
  rewrite(_c, up, ours) {
    const last = ours.problems.at(-1);
    if (last === undefined || !MORE_PROBLEMS.test(last)) return null;
    const shown = ours.problems.length - 1;
    if (up.problems.length <= shown) return null;
    return { up: { ...up, problems: [...up.problems.slice(0, shown), `and ${up.problems.length - shown} more problems`] }, ours };
  },
};

// --- explanations at one argument ------------------------------------------------------------

function isIntegerWire(wire: Wire | undefined): boolean {
  const n = numericValue(wire);
  return (typeof n === "bigint" || (typeof n === "number" && Number.isInteger(n))) && !isTaggedFloat(wire);
}

/** Row 3: a `string` field: upstream casts any value with `str()` (`True`, `{'a': 1}`, `1e-07`); ours only numbers and booleans, by JavaScript's spelling. */
export const pythonStrCast: SiteExplanation = {
  form: "site",
  id: "string-field-python-str",
  listing: { row: 3, quote: "a `string` field casts any value with `str()`" },
  summary: "a non-string value in a string field: upstream casts it with Python's str()",
  kinds: PREPARE,
  explains(site) {
    return resolvedType(site.schema) === "string" && site.value !== null && site.value !== undefined && typeof site.value !== "string" && typeof site.upCast === "string";
  },
};

/**
 * Blank space Python's `int()` and `float()` skip around a number (`str.isspace()` less
 * U+001C–U+001F): JavaScript's `\s` less U+FEFF, plus U+0085.
 */
const PY_NUMBER_PAD = "[\\t\\n\\v\\f\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*";

/** `body` (a regular expression's source) padded at both ends as Python's number reading allows. */
function pyNumberText(body: string): RegExp {
  return new RegExp(`^${PY_NUMBER_PAD}${body}${PY_NUMBER_PAD}$`);
}

/** Row 4: an integer field: upstream reads `"1_000"` with Python's `int()`; ours never reads `_`. */
export const pythonIntUnderscore: SiteExplanation = {
  form: "site",
  id: "integer-text-underscore",
  listing: { row: 4, quote: "integer strings are read by Python's `int()`" },
  summary: "an integer text with `_` between digits: upstream's int() reads it, ours keeps the text",
  kinds: PREPARE,
  explains(site) {
    return (
      resolvedType(site.schema) === "integer" &&
      typeof site.value === "string" &&
      // Blank space Python's int() skips may pad it.
      pyNumberText("[+-]?[0-9]+(?:_[0-9]+)+").test(site.value) &&
      isIntegerWire(site.upCast) &&
      site.ourCast === site.value
    );
  },
};

/** Row 13: integer texts past 2^53, and number texts with `_`, are cast by upstream, kept as text by us. */
export const bigIntegerText: SiteExplanation = {
  form: "site",
  id: "integer-text-past-2^53-or-underscore-number",
  listing: { row: 13, quote: "integer strings of any size; `_` accepted in number strings" },
  summary: "an integer text past 2^53 (or a number text with `_`): upstream casts it, ours keeps the text",
  kinds: PREPARE,
  explains(site) {
    if (typeof site.value !== "string" || site.ourCast !== site.value) return false;
    const type = resolvedType(site.schema);
    if (type === "integer") {
      return pyNumberText("[+-]?[0-9][0-9_]*").test(site.value) && isBigInt(site.upCast);
    }
    if (type === "number") {
      return /\d_\d/.test(site.value) && pyNumberText("[+-]?[0-9_.]+(?:[eE][+-]?[0-9_]+)?").test(site.value) && numericValue(site.upCast) !== undefined;
    }
    return false;
  },
};

/** Row 14: `Infinity` (or NaN) in an integer field: upstream says `should be integer`, ours `must be finite`. */
export const nonFiniteInteger: SiteExplanation = {
  form: "site",
  id: "non-finite-in-integer-field",
  listing: { row: 14, quote: "`Infinity` in an integer field: `should be integer`" },
  summary: "a non-finite number in an integer field is reported as `must be finite` by ours",
  kinds: PREPARE,
  explains(site) {
    const n = numericValue(site.upCast);
    return (
      resolvedType(site.schema) === "integer" &&
      typeof n === "number" &&
      !Number.isFinite(n) &&
      site.upProblems.join("; ") === "<p> should be integer" &&
      site.ourProblems.join("; ") === "<p> must be finite"
    );
  },
};

/** Row 11: JSON `3.0` is a float in Python and fails an integer field; for us it is the integer 3. */
export const integralFloat: SiteExplanation = {
  form: "site",
  id: "integral-float-in-integer-field",
  listing: { row: 11, quote: "JSON `3.0` is a float and fails an `integer` field" },
  summary: "an integral float (3.0, 1e2) in an integer field: upstream's `should be integer`",
  kinds: PREPARE,
  explains(site) {
    const n = numericValue(site.upCast);
    return (
      resolvedType(site.schema) === "integer" &&
      isTaggedFloat(site.upCast) &&
      typeof n === "number" &&
      Number.isFinite(n) &&
      site.upProblems.includes("<p> should be integer") &&
      !site.ourProblems.includes("<p> should be integer")
    );
  },
};

/**
 * Row 20: a type list casts by its first non-null type even to a value the schema then refuses
 * (`"inf"` to `inf` for `["number", "null"]`, then `must be finite`); ours casts into a type list
 * only a value the schema then accepts, so it keeps the text and says it should be a number.
 */
export const typeListCastToRefused: SiteExplanation = {
  form: "site",
  id: "type-list-cast-to-a-refused-value",
  listing: { row: 20, quote: "and even to a value the schema then refuses" },
  summary: "a type-list field: upstream casts to a value the schema then refuses; ours keeps the value and reports its type",
  kinds: PREPARE,
  explains(site) {
    const type = resolvedType(site.schema);
    return (
      isRecord(site.schema) &&
      Array.isArray(site.schema["type"]) &&
      (type === "number" || type === "integer" || type === "boolean") &&
      typeof site.value === "string" &&
      site.ourCast === site.value &&
      site.upCast !== site.value &&
      site.upProblems.length > 0 &&
      site.ourProblems.length > 0 &&
      site.ourProblems.every((p) => p.startsWith("<p> should be "))
    );
  },
};

/** A wire value as Python's `==` compares it: a boolean is the number 0 or 1. */
function pyNumeric(wire: Wire | undefined): number | bigint | undefined {
  if (wire === true) return 1;
  if (wire === false) return 0;
  return numericValue(wire);
}

/** Python's `==` on two values `json.loads` made: `False == 0`, `True == 1`, containers item by item. */
export function pyEquals(a: Wire | undefined, b: Wire | undefined): boolean {
  const x = pyNumeric(a);
  const y = pyNumeric(b);
  if (x !== undefined || y !== undefined) {
    if (x === undefined || y === undefined) return false;
    return typeof x === "bigint" || typeof y === "bigint" ? BigInt(x) === BigInt(y) : x === y;
  }
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => pyEquals(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k] as Wire, b[k] as Wire));
  }
  return a === b;
}

/** Row 57: upstream's enum check is Python's `in`, so `false` matches `0` and `true` matches `1`; JSON Schema's does not. */
export const enumPythonEquality: SiteExplanation = {
  form: "site",
  id: "enum-python-equality",
  listing: { row: 57, quote: "an enum compares values with Python's `==`" },
  summary: "a value that equals an enum value only by Python's == (false and 0, true and 1): upstream accepts it, ours refuses it",
  kinds: PREPARE,
  explains(site) {
    const values = isRecord(site.schema) && Array.isArray(site.schema["enum"]) ? (site.schema["enum"] as Wire[]) : null;
    if (values === null || site.upCast === undefined) return false;
    const upNotEnum = site.upProblems.every((p) => !p.startsWith("<p> must be one of"));
    const ourEnum = site.ourProblems.filter((p) => p.startsWith("<p> must be one of"));
    const ourRest = site.ourProblems.filter((p) => !p.startsWith("<p> must be one of"));
    return (
      upNotEnum &&
      ourEnum.length === 1 &&
      ourRest.join("; ") === site.upProblems.join("; ") &&
      values.some((v) => pyEquals(site.upCast, v)) &&
      !values.some((v) => wireEqual(site.upCast, v))
    );
  },
};

// --- the rows behind a difference that upstream's subset of the schema removes ------------------

/** Row 22: keywords upstream ignores are enforced by ours. */
export const keywordsEnforced: SubsetExplanation = {
  form: "subset",
  id: "keywords-upstream-ignores",
  listing: { row: 22, quote: "a hand-written subset of JSON Schema" },
  summary: "the schema has keywords upstream ignores (pattern, format, const, allOf, not, …); ours enforces them",
  kinds: PREPARE,
  applies: (dropped) => dropped.length > 0,
};

/** Row 20: upstream reads a type list by its first non-null type and ignores anyOf/oneOf. */
export const typeListsAndUnions: SubsetExplanation = {
  form: "subset",
  id: "type-lists-and-unions",
  listing: { row: 20, quote: "a type list casts by its first non-null type even when the value already fits" },
  summary: "a type list read by its first non-null type, or anyOf/oneOf not validated, by upstream",
  kinds: PREPARE,
  applies: (dropped, typeListsCut) => typeListsCut || dropped.includes("anyOf") || dropped.includes("oneOf"),
};

/** Row 36: casting follows `$ref`; with `patternProperties`, `additionalProperties` values are not cast. */
export const refsAndPatternProperties: SubsetExplanation = {
  form: "subset",
  id: "refs-and-pattern-properties",
  listing: { row: 36, quote: "casting does not follow `$ref`" },
  summary: "a $ref or patternProperties in the schema, which upstream's cast ignores",
  kinds: PREPARE,
  applies: (dropped) => dropped.includes("$ref") || dropped.includes("patternProperties"),
};

const ROW_37_WORDINGS = [
  "must match at least one schema",
  "must match exactly one schema",
  'must not match the schema in "not"',
  "is not allowed",
  "properties",
  "must contain",
  "property name",
];

/** Row 37: the problem texts for keywords upstream does not check. */
export const problemTextsForNewKeywords: SubsetExplanation = {
  form: "subset",
  id: "problem-texts-for-keywords-upstream-ignores",
  listing: { row: 37, quote: "no problem texts for keywords it does not check" },
  summary: "ours words a problem for a keyword upstream does not check",
  kinds: PREPARE,
  applies: (dropped, _cut, problems) => dropped.length > 0 && problems.some((p) => ROW_37_WORDINGS.some((w) => p.includes(w))),
};

// --- results and histories ----------------------------------------------------------------------

/** Appended to a cut text by both sides. */
const TRUNCATED = "\n... (truncated)";

function jsonOf(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "string" || typeof value === "boolean") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsonOf).join(",")}]`;
  if (isRecord(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonOf(v)}`)
      .join(",")}}`;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is left (a symbol or a function) is named by String, as the oracle's labels show it
  return JSON.stringify(String(value));
}

function isTextBlocks(wire: Wire): wire is { type: string; text: string }[] {
  return Array.isArray(wire) && wire.length > 0 && wire.every((b) => isRecord(b) && b["type"] === "text" && typeof b["text"] === "string");
}

/** The text a non-string result reads as on our side: text blocks joined, numbers spelt, anything else JSON. */
export function textOfValue(wire: Wire, fromWireValue: unknown): string {
  if (isTextBlocks(wire)) return wire.map((b) => b.text).join("\n");
  if (typeof fromWireValue === "number") return String(fromWireValue);
  if (typeof fromWireValue === "bigint" || typeof fromWireValue === "boolean") return String(fromWireValue);
  return jsonOf(fromWireValue);
}

/** Row 6 (and 34): upstream keeps a non-string result as it is; ours sends its text, cut within a budget. */
export function nonTextResult(decode: (wire: Wire) => unknown, maxChars: (c: AnyCase) => number): RewriteExplanation<ResultView> {
  return {
    form: "rewrite",
    id: "non-text-result",
    listing: { row: 6, quote: "the runner keeps a non-string result as it is" },
    summary: "a result that is not a string: upstream's tool message keeps the value; ours its text",
    kinds: ["result"],
    rewrite(c, up, ours) {
      if (typeof up.content === "string") {
        // The same message (an empty list's marker, a saved reference): the event detail is still
        // Python's str() of the value upstream, ours from our text.
        const value = c.kind === "result" && c.input.behaviour.kind === "return" ? c.input.behaviour.value : null;
        if (value === null || typeof value === "string" || !wireEqual(up.content, ours.content) || wireEqual(up.detail, ours.detail)) return null;
        return { up: { ...up, detail: ours.detail }, ours };
      }
      if (typeof ours.content !== "string") return null;
      const text = textOfValue(up.content, decode(up.content));
      const max = maxChars(c);
      // Ours as it is, cut at the limit (a cut never splits a surrogate pair, so it may fall one unit early), or saved.
      const cut = max > 0 && text.length > max && ours.content.endsWith(TRUNCATED) && ours.content.startsWith(text.slice(0, max - 1));
      const fits = ours.content === text || cut || ours.content.startsWith("[tool output persisted]");
      if (!fits) return null;
      // The event detail is the result's text in one line: Python's str() upstream, ours from our text.
      return { up: { ...up, content: ours.content, detail: ours.detail }, ours };
    },
  };
}

/** Row 17: an error with an empty message reads `Error: RuntimeError: ` upstream, `Error: RuntimeError` here. */
export const emptyErrorMessage: RewriteExplanation<ResultView> = {
  form: "rewrite",
  id: "empty-error-message",
  listing: { row: 17, quote: "an error with an empty message reads `Error: RuntimeError: `" },
  summary: "an exception with an empty message: no dangling `: ` in ours",
  kinds: ["result"],
  rewrite(_c, up, ours) {
    if (typeof up.content !== "string" || !/^Error: [\w.]+: $/.test(up.content) || ours.content !== up.content.slice(0, -2)) return null;
    return { up: { ...up, content: ours.content }, ours };
  },
};

const UPSTREAM_RESULTS_DIR = "/.nanobot/tool-results/";

/**
 * Rewrites upstream's strings against ours at the same place (the same key, the same index):
 * `f` returns ours when the pair differs only in the listed way, else null. Returns the rewritten
 * value, or null when nothing changed.
 */
function rewritePairs(up: Wire, ours: Wire, f: (u: string, o: string) => string | null): Wire | null {
  let changed = false;
  const walk = (u: Wire, o: Wire | undefined): Wire => {
    if (typeof u === "string") {
      if (typeof o !== "string" || o === u) return u;
      const r = f(u, o);
      if (r === null) return u;
      changed = true;
      return r;
    }
    if (Array.isArray(u)) return Array.isArray(o) && o.length === u.length ? u.map((item, i) => walk(item, o[i])) : u;
    if (isRecord(u)) {
      if (!isRecord(o)) return u;
      const out: Record<string, Wire> = {};
      for (const [k, v] of Object.entries(u)) Object.defineProperty(out, k, { value: walk(v, o[k]), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return u;
  };
  const out = walk(up, ours);
  return changed ? out : null;
}

/** `text` without the cut suffix, and whether it had one. */
function uncut(text: string): { body: string; cut: boolean } {
  return text.endsWith(TRUNCATED) ? { body: text.slice(0, -TRUNCATED.length), cut: true } : { body: text, cut: false };
}

/** Row 19: `safe_filename("..")` stays `..` upstream (the file `...txt`); ours writes `_.txt`. Recognised by {@link persistedReferences}. */
export const dotDotFileName: PartExplanation = {
  form: "part",
  id: "safe-filename-dot-dot",
  listing: { row: 19, quote: '`safe_filename("..")` stays `..`' },
  summary: "a call id `..` names the saved file `_.txt` in ours",
  kinds: ["result", "history"],
};

/** Row 33 in a persisted reference: its size and preview counted in UTF-16 units. Recognised by {@link persistedReferences}. */
export const utf16Reference: PartExplanation = {
  form: "part",
  id: "utf16-lengths",
  listing: { row: 33, quote: "lengths count Python code points" },
  summary: "a persisted reference's size and preview counted in UTF-16 units by ours",
  kinds: ["result", "history"],
};

/** Row 58: a fresh result that is a list of text blocks is saved as `<id>.json` upstream; ours saves its text as `<id>.txt`. Recognised by {@link persistedReferences}. */
export const textBlocksSavedAsJson: PartExplanation = {
  form: "part",
  id: "text-blocks-saved-as-json",
  listing: { row: 58, quote: "a result that is a list of text blocks is saved as a `.json` file" },
  summary: "a list of text blocks over the limit: saved as `<id>.json` upstream, as text in `<id>.txt` by ours",
  kinds: ["result"],
};

const REFERENCE_HEAD = "[tool output persisted]\n";
const PREVIEW_CUT = "\n...\n(Read the saved file if you need the full output.)";

/**
 * Compares two persisted-result references line by line (header, path, size, preview) and returns
 * the ids of the listed differences that account for every way they differ, or null when
 * something else differs. Both sides cut the whole reference at the limit, so a line cut on one
 * side only has to be a prefix of the other's; the cut falls elsewhere when the paths differ in
 * length (rows 18, 19) or lengths are counted differently (row 33).
 */
export function comparePersisted(u: string, o: string): string[] | null {
  if (!u.startsWith(REFERENCE_HEAD) || !o.startsWith(REFERENCE_HEAD)) return null;
  const a = uncut(u);
  const b = uncut(o);
  const astral = hasAstral(u) || hasAstral(o);
  const la = a.body.replace(PREVIEW_CUT, "").split("\n");
  const lb = b.body.replace(PREVIEW_CUT, "").split("\n");
  const used = new Set<string>();
  const fits = (x: string, y: string, lastX: boolean, lastY: boolean): boolean => x === y || (lastX && y.startsWith(x)) || (lastY && x.startsWith(y));
  for (let i = 0; i < 4; i++) {
    let x = la[i];
    const y = lb[i];
    if (x === undefined || y === undefined) return x === undefined && y === undefined ? [...used] : a.cut || b.cut ? [...used] : null;
    const lastX = a.cut && i === la.length - 1;
    const lastY = b.cut && i === lb.length - 1;
    if (i === 1) {
      if (x.includes(UPSTREAM_RESULTS_DIR)) {
        x = x.replace(UPSTREAM_RESULTS_DIR, "/.tool-results/");
        used.add("results-folder");
      }
      if (x.endsWith("/...txt")) {
        x = x.replace(/\/\.\.\.txt$/, "/_.txt");
        used.add(dotDotFileName.id);
      }
      if (x.endsWith(".json") && y.endsWith(".txt")) {
        x = x.slice(0, -".json".length) + ".txt";
        used.add(textBlocksSavedAsJson.id);
      }
    }
    if (i === 2 && x !== y && astral && /^Original size: \d+ chars$/.test(x) && /^Original size: \d+ chars$/.test(y)) {
      used.add(utf16Reference.id);
      continue;
    }
    if (!fits(x, y, lastX, lastY)) return null;
  }
  const pa = la.slice(4).join("\n");
  const pb = lb.slice(4).join("\n");
  if (pa !== pb) {
    const prefix = pa.startsWith(pb) || pb.startsWith(pa);
    if (!prefix) return null;
    if (!(a.cut || b.cut)) {
      if (!astral) return null;
      used.add(utf16Reference.id);
    } else if (astral && !used.has("results-folder")) used.add(utf16Reference.id);
  }
  return used.size > 0 ? [...used].sort() : null;
}

/** Row 18 (with 19 and 33 inside references): a large result is saved under `<workspace>/.tool-results/` rather than `.nanobot/tool-results/`. */
export function persistedReferences<V extends ResultView | Wire>(kinds: readonly Kind[], pick: (v: V) => Wire, put: (v: V, w: Wire) => V): RewriteExplanation<V> {
  return {
    form: "rewrite",
    id: "results-folder",
    listing: { row: 18, quote: "large results saved under `<workspace>/.nanobot/tool-results/`" },
    summary: "a persisted result's path: `<workspace>/.tool-results/` in ours",
    kinds,
    rewrite(_c, up, ours) {
      const ids = new Set<string>();
      const out = rewritePairs(pick(up), pick(ours), (u, o) => {
        const found = comparePersisted(u, o);
        if (found === null) return null;
        for (const id of found) ids.add(id);
        return o;
      });
      return out === null ? null : { up: put(up, out), ours, ids: [...ids].sort() };
    },
  };
}

function hasAstral(text: string): boolean {
  return /[\u{10000}-\u{10ffff}]/u.test(text);
}

/** Two texts that differ only in where a cut counted in code points (upstream) or UTF-16 units (ours) falls. */
function sameUpToCutUnits(u: string, o: string, suffix: string): boolean {
  if (!hasAstral(u + o) || !(u.endsWith(suffix) || o.endsWith(suffix))) return false;
  const a = u.endsWith(suffix) ? u.slice(0, -suffix.length) : u;
  const b = o.endsWith(suffix) ? o.slice(0, -suffix.length) : o;
  return a !== "" && b !== "" && a !== b && hasAstral(a + b) && (a.startsWith(b) || b.startsWith(a));
}

/** Row 33: lengths count code points upstream and UTF-16 units here: a cut or a size with astral characters differs. */
export function utf16Lengths<V extends ResultView | Wire>(
  kinds: readonly Kind[],
  pick: (v: V) => Wire,
  put: (v: V, w: Wire) => V,
  maxChars: (c: AnyCase) => number,
): RewriteExplanation<V> {
  return {
    form: "rewrite",
    id: "utf16-lengths-cut",
    listing: { row: 33, quote: "lengths count Python code points" },
    summary: "a text with astral characters cut, or saved, at a length counted in UTF-16 units by ours",
    kinds,
    rewrite(c, up, ours) {
      const max = maxChars(c);
      const out = rewritePairs(pick(up), pick(ours), (u, o) => {
        if (sameUpToCutUnits(u, o, TRUNCATED)) return o;
        // Within the limit in code points, over it in UTF-16 units: only ours saves or cuts it.
        if (max > 0 && hasAstral(u) && Array.from(u).length <= max && u.length > max && (o.startsWith(REFERENCE_HEAD) || o.startsWith(u.slice(0, max - 1)))) return o;
        return null;
      });
      return out === null ? null : { up: put(up, out), ours };
    },
  };
}

// --- MCP results --------------------------------------------------------------------------------

/** The exception names upstream's MCP wrapper retries once (`_TRANSIENT_EXC_NAMES`), those the generators raise. */
const TRANSIENT =
  /^\(MCP tool call failed after retry: (ClosedResourceError|BrokenResourceError|EndOfStream|BrokenPipeError|ConnectionResetError|ConnectionRefusedError|ConnectionAbortedError|ConnectionError)\)/;

/** Row 42: upstream retries a transient MCP failure once and then says so; ours reports the failure at once. */
export const mcpTransientRetry: RewriteExplanation<ResultView> = {
  form: "rewrite",
  id: "mcp-transient-retry",
  listing: { row: 42, quote: "a transient MCP failure is retried once after a second" },
  summary: "a connection-type MCP failure: upstream retried it once (`failed after retry`); ours reports it as it came",
  kinds: ["mcp-result"],
  rewrite(_c, up, ours) {
    if (typeof up.content !== "string" || typeof ours.content !== "string") return null;
    const m = TRANSIENT.exec(up.content);
    if (m === null) return null;
    const once = up.content.replace(" after retry", "");
    if (once !== ours.content) return null;
    return { up: { ...up, content: ours.content, detail: typeof up.detail === "string" ? up.detail.replace(" after retry", "") : up.detail }, ours };
  },
};

/** Row 60: a result whose content is no list: upstream names the Python exception, ours says what is wrong. */
export const mcpMalformedContent: RewriteExplanation<ResultView> = {
  form: "rewrite",
  id: "mcp-malformed-content",
  listing: { row: 60, quote: "(MCP tool returned malformed content: <exception type>)" },
  summary: "an MCP result that is not MCP-shaped: upstream's note names the exception, ours says what is wrong",
  kinds: ["mcp-result"],
  rewrite(c, up, ours) {
    if (c.kind !== "mcp-result" || typeof up.content !== "string" || typeof ours.content !== "string") return null;
    if (!/^\(MCP tool returned malformed content: \w+\)/.test(up.content) || !/^Error: MCP tool returned malformed content \(/.test(ours.content)) return null;
    return { up: { ...up, content: ours.content, detail: ours.detail }, ours };
  },
};

// --- histories ----------------------------------------------------------------------------------

/** True for a character Python's `str.strip()` removes (`str.isspace()`). */
function isPySpace(ch: string): boolean {
  const c = ch.charCodeAt(0);
  return (
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x20) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's `str.strip()`, one pass from each end. */
function pyStripped(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPySpace(text.charAt(start))) start++;
  while (end > start && isPySpace(text.charAt(end - 1))) end--;
  return text.slice(start, end);
}

/** An assistant message upstream drops from the copy it sends: the compaction placeholder, with no calls. */
export function isPlaceholder(message: Wire | undefined): boolean {
  if (!isRecord(message) || message["role"] !== "assistant") return false;
  const calls = message["tool_calls"];
  if (Array.isArray(calls) ? calls.length > 0 : calls !== undefined && calls !== null && calls !== false && calls !== "") return false;
  const content = message["content"];
  return typeof content === "string" && pyStripped(content) === "[Previous assistant message omitted.]";
}

/**
 * Row 53: upstream's copy of the history loses compaction placeholders; ours keeps them. The
 * comparison then holds upstream's copy against ours for the same history without them
 * (`OurHistoryOutput.withoutPlaceholders`): dropping one first can change the repairs after it.
 */
export const placeholderMessages: PartExplanation = {
  form: "part",
  id: "placeholder-assistant-messages",
  listing: { row: 53, quote: "loses compaction placeholders" },
  summary: "an assistant message `[Previous assistant message omitted.]`: upstream drops it from the copy it sends, ours keeps it",
  kinds: ["history"],
};

/** Row 54: an old tool message holding a list of text blocks over the limit is saved by upstream (as `.json`); ours sends the list. */
export const oldTextBlocksSaved: RewriteExplanation<Wire> = {
  form: "rewrite",
  id: "old-text-blocks-saved-as-json",
  listing: { row: 54, quote: "an old tool message holding a list of text blocks over the limit is saved as a `.json` file" },
  summary: "an old tool message holding a list of text blocks over the limit: upstream sends a reference to a saved `.json` file, ours the list",
  kinds: ["history"],
  rewrite(c, up, ours) {
    if (c.kind !== "history" || !Array.isArray(up) || !Array.isArray(ours) || up.length !== ours.length) return null;
    const max = c.input.maxChars;
    let changed = false;
    const out = up.map((u, i) => {
      const o = ours[i];
      if (!isRecord(u) || !isRecord(o) || u["role"] !== "tool" || o["role"] !== "tool" || u["tool_call_id"] !== o["tool_call_id"]) return u;
      const content = o["content"];
      if (typeof u["content"] !== "string" || !u["content"].startsWith(REFERENCE_HEAD) || !isTextBlocks(content as Wire)) return u;
      const joined = (content as { text: string }[]).map((b) => b.text).join("\n");
      if (!(max > 0 && Array.from(joined).length > max)) return u;
      changed = true;
      return { ...u, content: content as Wire };
    });
    return changed ? { up: out, ours } : null;
  },
};
