/**
 * A way past the meta-schema check for the schemas tools nearly always have. Before a schema is
 * compiled it is checked against the meta-schema it names, 2020-12 when it names none
 * (`./dialect.js`), and the first such check in a process compiles the meta-schemas themselves:
 * about a tenth of a second, paid by every fresh process that compiles a tool schema (each
 * `npm run exercise`, each lesson's demo). A schema built only from the common keywords below,
 * each with a value of the form the meta-schema asks for, is told to follow it here, by reading it
 * once; any other schema, and any value this module is not sure of, goes to the full check, which
 * gives the verdict and the message.
 *
 * @module
 */

/** The type names the meta-schema allows. */
const SIMPLE_TYPES: ReadonlySet<unknown> = new Set(["array", "boolean", "integer", "null", "number", "object", "string"]);

/** The `$schema` of JSON Schema 2020-12, as zod writes it. */
const DIALECT_2020 = "https://json-schema.org/draft/2020-12/schema";
/** The `$schema` of draft-07, as zod-to-json-schema (and so many MCP servers) write it. */
const DIALECT_DRAFT_07 = "http://json-schema.org/draft-07/schema#";

/** How deep a schema may nest for the shortcut; deeper schemas go to the full check. */
const MAX_DEPTH = 32;

/**
 * How many keywords and subschemas the shortcut reads before it leaves a schema to the full check:
 * the complexity budget's count of values (a subschema shared by many places counts at each), so
 * the shortcut's work is bounded whatever the schema, hidden keys included.
 */
const MAX_READS = 5_000;

/** One reading of a schema: its dialect's rules, and how many reads are left. */
interface Walk {
  readonly rules: Rules;
  left: number;
}

/** Whether a keyword's value has the form the meta-schema asks for; `depth` is the schema's. */
type KeywordRule = (value: unknown, depth: number, walk: Walk) => boolean;

/** The keywords known in one dialect, each with its rule. */
type Rules = ReadonlyMap<string, KeywordRule>;

/** A finite number (the compiler counts NaN and the infinities as no number). */
const isFiniteNumber = (value: unknown): boolean => typeof value === "number" && Number.isFinite(value);
/** What the meta-schema calls a non-negative integer. */
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isBoolean = (value: unknown): boolean => typeof value === "boolean";
const isString = (value: unknown): boolean => typeof value === "string";
const isArray = (value: unknown): boolean => Array.isArray(value);
const anyValue = (): boolean => true;

/** The items of an array, or null when one is a hole or a getter or setter. */
function arrayValues(value: unknown): unknown[] | null {
  if (!Array.isArray(value)) return null;
  const values: unknown[] = [];
  for (let i = 0; i < value.length; i++) {
    const descriptor = Object.getOwnPropertyDescriptor(value, i);
    if (descriptor === undefined || !("value" in descriptor)) return null;
    values.push(descriptor.value);
  }
  return values;
}

/** An array of at least `atLeast` distinct strings, each passing `accept`. */
function distinctStrings(value: unknown, atLeast: number, accept: (item: string) => boolean): boolean {
  const values = arrayValues(value);
  if (values === null || values.length < atLeast) return false;
  return values.every((item) => typeof item === "string" && accept(item)) && new Set(values).size === values.length;
}

/**
 * The own entries of an object, hidden (non-enumerable) ones too, as the full check reads them;
 * null when one is a getter or setter, which could give the full check another value: those go to
 * the full check. Symbol keys are left out, as the full check leaves them.
 */
function ownEntries(value: unknown): Array<[string, unknown]> | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const entries: Array<[string, unknown]> = [];
  for (const key of Object.getOwnPropertyNames(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (descriptor === undefined || !("value" in descriptor)) return null;
    entries.push([key, descriptor.value]);
  }
  return entries;
}

/** A schema (`true`, `false`, or an object) made only of the keywords of the walk's rules (the root's `$schema` aside). */
function isPlainSchema(value: unknown, depth: number, walk: Walk): boolean {
  if (typeof value === "boolean") return true;
  if (depth > MAX_DEPTH) return false;
  const entries = ownEntries(value);
  if (entries === null) return false;
  walk.left -= entries.length + 1;
  if (walk.left < 0) return false;
  for (const [key, keywordValue] of entries) {
    if (depth === 0 && key === "$schema") continue; // The root's dialect, read by the caller.
    const rule = walk.rules.get(key);
    if (rule === undefined || !rule(keywordValue, depth, walk)) return false;
  }
  return true;
}

/** A subschema, one level down. */
const subschema: KeywordRule = (value, depth, walk) => isPlainSchema(value, depth + 1, walk);

/** A list of at least one subschema (`anyOf`, `oneOf`, `allOf`). */
const subschemaList: KeywordRule = (value, depth, walk) => {
  const values = arrayValues(value);
  return values !== null && values.length > 0 && values.every((item) => isPlainSchema(item, depth + 1, walk));
};

/** A map of names to subschemas (`properties`, `$defs`). */
const subschemaMap: KeywordRule = (value, depth, walk) => {
  const entries = ownEntries(value);
  return entries !== null && entries.every(([, item]) => isPlainSchema(item, depth + 1, walk));
};

/** The keywords the shortcut knows, each with the form of value the 2020-12 meta-schema allows. */
const RULES_2020: Rules = new Map<string, KeywordRule>([
  ["type", (value) => (typeof value === "string" ? SIMPLE_TYPES.has(value) : distinctStrings(value, 1, (item) => SIMPLE_TYPES.has(item)))],
  ["properties", subschemaMap],
  ["$defs", subschemaMap],
  ["additionalProperties", subschema],
  ["items", subschema],
  ["not", subschema],
  ["anyOf", subschemaList],
  ["oneOf", subschemaList],
  ["allOf", subschemaList],
  ["required", (value) => distinctStrings(value, 0, () => true)],
  ["enum", isArray],
  ["examples", isArray],
  ["const", anyValue],
  ["default", anyValue],
  ["title", isString],
  ["description", isString],
  ["minimum", isFiniteNumber],
  ["maximum", isFiniteNumber],
  ["exclusiveMinimum", isFiniteNumber],
  ["exclusiveMaximum", isFiniteNumber],
  ["multipleOf", (value) => isFiniteNumber(value) && (value as number) > 0],
  ["minLength", isCount],
  ["maxLength", isCount],
  ["minItems", isCount],
  ["maxItems", isCount],
  ["minProperties", isCount],
  ["maxProperties", isCount],
  ["uniqueItems", isBoolean],
  ["deprecated", isBoolean],
  ["readOnly", isBoolean],
  ["writeOnly", isBoolean],
]);

/**
 * The same keywords as draft-07's meta-schema asks for them, but `enum`: there it must hold at least
 * one item and no two equal ones, which is left to the full check. (`$defs`, `deprecated` and
 * `writeOnly` are not draft-07's: any value passes there, so the 2020-12 forms are safe.)
 */
const RULES_DRAFT_07: Rules = new Map([...RULES_2020].filter(([key]) => key !== "enum"));

/**
 * True when `schema` certainly follows its meta-schema (2020-12, or draft-07 when its root names
 * it in `$schema`): it uses only `type`, `properties`, `$defs`, `additionalProperties`, `items`,
 * `not`, `anyOf`, `oneOf`, `allOf`, `required`, `enum`, `const`, `default`, `examples`, `title`,
 * `description`, the numeric and size limits, `multipleOf`, `uniqueItems`, `deprecated`,
 * `readOnly` and `writeOnly`, each with a value of the form the meta-schema asks for, with no
 * getter or setter, nested at most 32 deep, in at most 5,000 reads. False means only "not known
 * here": the full check decides (`required: ["a", "a"]` is refused there; `pattern`, unknown
 * here, may well be accepted). Never true for a schema the meta-schema refuses.
 */
export function plainlyFollowsMetaSchema(schema: unknown): boolean {
  const named = ownEntries(schema)?.find(([key]) => key === "$schema");
  const rules = named === undefined || named[1] === DIALECT_2020 ? RULES_2020 : named[1] === DIALECT_DRAFT_07 ? RULES_DRAFT_07 : null;
  return rules !== null && isPlainSchema(schema, 0, { rules, left: MAX_READS });
}
