/**
 * The yes/no checks casting asks of a schema's choices (lesson 5, step "cast"): does this choice
 * (a type list, `anyOf`, `oneOf`, `allOf`) accept the value as it is, or as cast?
 *
 * All the choices of one tool's schema are compiled together, once. One schema holds the root's
 * `$defs` and `definitions` and one definition per choice, and inside every definition a choice
 * nested in it is replaced by a `$ref` to its own definition. Each check is that schema's part at
 * the choice's definition, and the parts share what they reference: every piece of the tool's
 * schema is compiled once, however many choices there are, however they nest, however many
 * `$defs` they reach. (Compiling each choice on its own, with every `$def` copied in, compiled a
 * chain of `$defs` once per link: work growing with the square of the chain.)
 *
 * A `$ref` to the root itself (`#`, a recursive schema) points at one more definition, a copy of
 * the root (its other choices again `$ref`s), made only when the schema has such a `$ref`.
 *
 * A choice can be checked only when every `$ref` in it, and in the root's definitions, points into
 * those definitions or is `#`, and nothing in them sets a base (`$id`); with a `#` anywhere, the
 * whole root must be so. Other choices are never cast through.
 *
 * @module
 */
import { isPlainObject, type JsonSchema } from "../util/json.js";
import { createAjv } from "./ajv-options.js";
import { SUBSCHEMA_KEYWORDS } from "./dialect.js";
import { localRefTargets } from "./local-ref.js";
import { PatternCheckError } from "./pattern.js";
import { SCHEMA_BUDGET, schemaBudgetProblem, type SchemaBudget } from "./budget.js";

/** A yes/no check of one choice. */
export type ChoiceCheck = (value: unknown) => boolean;

/** The checks of one tool's choices: register each choice, then compile them all at once. */
export interface ChoiceChecks {
  /**
   * Registers `node`, a schema object inside the root, as a choice, and gives its check, which
   * works once {@link ChoiceChecks.compile} has run; `null` when the choice cannot be checked
   * alone. A check marked `lazy` is compiled the first time it is asked (a type list: most calls
   * send the right type), the others by `compile`.
   */
  add(node: JsonSchema, lazy: boolean): ChoiceCheck | null;
  /** Compiles the choices registered so far, together. A choice that does not compile accepts every value, so nothing is cast by it. */
  compile(): void;
}

/** The same dialect and options as validation, stopping at the first error (the verdict is the same). */
const checkAjv = createAjv({ allErrors: false });

/**
 * The budget of the combined schema: made from a schema within {@link SCHEMA_BUDGET}, it holds each
 * of its values at most once, plus two values and a short `$ref` per choice.
 */
const CHOICES_BUDGET: SchemaBudget = Object.freeze({
  ...SCHEMA_BUDGET,
  maxNodes: 3 * SCHEMA_BUDGET.maxNodes,
  maxTextChars: SCHEMA_BUDGET.maxTextChars + 20 * SCHEMA_BUDGET.maxNodes,
  maxDepth: SCHEMA_BUDGET.maxDepth + 2,
  maxApplications: 2 * SCHEMA_BUDGET.maxApplications,
  maxAnalysisSteps: 2 * SCHEMA_BUDGET.maxAnalysisSteps,
  maxRefChain: 2 * SCHEMA_BUDGET.maxRefChain + 2,
});

const { one: ONE, list: LIST, map: MAP } = SUBSCHEMA_KEYWORDS;
const DEF_MAPS = ["$defs", "definitions"] as const;

/** Escapes one JSON Pointer segment. */
function escapeSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * True for a value in which every `$ref` points into `$defs` or `definitions` or is `#` (the root),
 * and nothing sets a base (`$id`, `$anchor`, a dynamic or recursive reference). Each object is
 * judged once.
 */
function checkableWith(memo: Map<object, boolean>): (value: unknown) => boolean {
  const judge = (value: unknown): boolean => {
    if (value === null || typeof value !== "object") return true;
    const known = memo.get(value);
    if (known !== undefined) return known;
    memo.set(value, true); // a value met again inside itself adds nothing new
    let ok = true;
    if (!Array.isArray(value)) {
      const node = value as Record<string, unknown>;
      if ("$id" in node || "$dynamicRef" in node || "$recursiveRef" in node || "$anchor" in node) ok = false;
      const ref = node["$ref"];
      if (ref !== undefined && ref !== "#" && (typeof ref !== "string" || !/^#\/(?:\$defs|definitions)\//.test(ref))) ok = false;
    }
    if (ok) for (const child of Object.values(value)) if (!judge(child)) ok = false;
    memo.set(value, ok);
    return ok;
  };
  return judge;
}

/**
 * Compiles one schema into a yes/no check with the same compiler and verdict as the choice
 * checks: a value whose check cannot finish (a string too long for its pattern) counts as
 * accepted, and validation then refuses the call and says why.
 * @throws when the schema cannot be compiled.
 */
export function compileSchemaCheck(schema: JsonSchema | boolean): (value: unknown) => boolean {
  if (typeof schema === "boolean") return () => schema;
  return verdictOf(checkAjv.compile(schema));
}

/** Ajv's yes/no, where a check that cannot finish (a string too long for its pattern) accepts: validation then refuses the call and says why. */
function verdictOf(check: (value: unknown) => unknown): ChoiceCheck {
  return (value) => {
    try {
      return check(value) === true;
    } catch (error) {
      if (error instanceof PatternCheckError) return true;
      throw error;
    }
  };
}

/** The checks of the choices of `root`, a tool's parameter schema. */
export function choiceChecks(root: JsonSchema): ChoiceChecks {
  const usable = schemaBudgetProblem(root) === null;
  const checkable = checkableWith(new Map());
  // A `$ref` to the root brings the whole root into the combined schema: then all of it must be checkable.
  const rootReferenced = usable && localRefTargets(root).targets.has(root);
  const definitionsCheckable = usable && (rootReferenced ? checkable(root) : DEF_MAPS.every((key) => checkable(root[key])));
  /** Each registered choice, in order, with the name of its definition and its compiled check. */
  const choices = new Map<object, { name: string; lazy: boolean; check: ChoiceCheck | null }>();
  const taken = new Set(Object.keys(isPlainObject(root["$defs"]) ? root["$defs"] : {}));
  let next = 0;
  const freshName = (): string => {
    while (taken.has(`c${next}`)) next++;
    const name = `c${next++}`;
    taken.add(name);
    return name;
  };
  let part: ((pointer: string) => (value: unknown) => unknown) | null = null;

  return {
    add(node, lazy) {
      const known = choices.get(node);
      if (known === undefined && !(definitionsCheckable && checkable(node))) return null;
      let entry = known;
      if (entry === undefined) {
        entry = { name: freshName(), lazy, check: null };
        choices.set(node, entry);
      }
      const choice = entry;
      return (value) => {
        if (choice.check === null) {
          let compiled: ChoiceCheck = () => true;
          try {
            if (part !== null) compiled = verdictOf(part(`/$defs/${escapeSegment(choice.name)}`));
          } catch {
            // Does not compile: accepts everything, so nothing is cast by it.
          }
          choice.check = compiled;
        }
        return choice.check(value);
      };
    },
    compile() {
      if (choices.size === 0) return;
      try {
        // The definition `#` leads to: the root's own when the root is a choice, else one more.
        const rootName = rootReferenced ? (choices.get(root)?.name ?? freshName()) : null;
        part = checkAjv.compileParts(combinedSchema(root, choices, rootName), CHOICES_BUDGET);
      } catch {
        part = null;
        return;
      }
      for (const [, choice] of choices) {
        if (choice.lazy || choice.check !== null) continue;
        try {
          choice.check = verdictOf(part(`/$defs/${escapeSegment(choice.name)}`));
        } catch {
          choice.check = () => true;
        }
      }
    },
  };
}

/**
 * The one schema all the choices are compiled in: the root's `$defs` and `definitions`, a
 * definition per choice, and, when `rootName` is given, the root's copy under that name, which
 * `$ref: "#"` then points at; every choice met inside any of them is a `$ref` to its definition.
 * Objects shared in the root stay shared; each is copied once.
 */
function combinedSchema(root: JsonSchema, choices: ReadonlyMap<object, { name: string }>, rootName: string | null): JsonSchema {
  const copies = new Map<object, unknown>();
  const refTo = (name: string): JsonSchema => ({ $ref: `#/$defs/${escapeSegment(name)}` });

  /** A subschema as it sits in the combined schema: a choice becomes its `$ref`. */
  const place = (value: unknown): unknown => {
    if (!isPlainObject(value)) return value;
    const choice = choices.get(value);
    return choice === undefined ? body(value) : refTo(choice.name);
  };

  /** An object's copy with every subschema placed, and each `$ref` that passes through a choice redirected. */
  const body = (node: Record<string, unknown>): unknown => {
    const known = copies.get(node);
    if (known !== undefined) return known;
    const copy: Record<string, unknown> = {};
    copies.set(node, copy);
    for (const key of Object.keys(node)) {
      const value = node[key];
      let out: unknown = value;
      if (node === root && (key === "$defs" || key === "definitions" || key === "$schema")) continue;
      if (ONE.includes(key) && isPlainObject(value)) out = place(value);
      else if (LIST.includes(key) && Array.isArray(value)) out = value.map(place);
      else if (MAP.includes(key) && isPlainObject(value)) {
        const map: Record<string, unknown> = {};
        for (const name of Object.keys(value)) Object.defineProperty(map, name, { value: place(value[name]), enumerable: true, writable: true, configurable: true });
        out = map;
      } else if (key === "$ref" && typeof value === "string") out = redirected(value);
      Object.defineProperty(copy, key, { value: out, enumerable: true, writable: true, configurable: true });
    }
    return copy;
  };

  /**
   * A `$ref` into the root's definitions, following the combined schema: where its path passes
   * through a choice (now a `$ref` to its own definition), it continues in that definition.
   */
  const redirected = (ref: string): string => {
    if (ref === "#") return rootName === null ? ref : `#/$defs/${escapeSegment(rootName)}`;
    const segments = ref.slice(2).split("/");
    if (segments.length <= 2) return ref;
    let node: unknown = root;
    // What the next segment picks: a keyword of a schema, a schema of a list or map of them, or
    // plain data (a `const`, an `enum`), where nothing was replaced.
    let state: "schema" | "collection" | "data" = "schema";
    let base = "";
    let from = 0;
    for (let i = 0; i < segments.length; i++) {
      let segment: string;
      try {
        segment = decodeURIComponent(segments[i] as string)
          .replace(/~1/g, "/")
          .replace(/~0/g, "~");
      } catch {
        return ref;
      }
      if (node === null || typeof node !== "object" || !Object.hasOwn(node, segment)) return ref;
      const child: unknown = (node as Record<string, unknown>)[segment];
      let atSchema = false;
      if (state === "schema") {
        if (ONE.includes(segment) && isPlainObject(child)) atSchema = true;
        else state = (LIST.includes(segment) && Array.isArray(child)) || (MAP.includes(segment) && isPlainObject(child)) ? "collection" : "data";
      } else if (state === "collection") {
        atSchema = isPlainObject(child);
        if (!atSchema) state = "data";
      }
      if (atSchema) {
        state = "schema";
        const choice = choices.get(child as object);
        if (choice !== undefined) {
          base = `#/$defs/${escapeSegment(choice.name)}`;
          from = i + 1;
        }
      }
      node = child;
    }
    return from === 0 ? ref : [base, ...segments.slice(from)].join("/");
  };

  const combined: Record<string, unknown> = {};
  if (root["$schema"] !== undefined) combined["$schema"] = root["$schema"];
  const defs: Record<string, unknown> = {};
  for (const key of DEF_MAPS) {
    const map = root[key];
    if (!isPlainObject(map)) continue;
    const copy: Record<string, unknown> = key === "$defs" ? defs : {};
    for (const name of Object.keys(map)) Object.defineProperty(copy, name, { value: place(map[name]), enumerable: true, writable: true, configurable: true });
    combined[key] = copy;
  }
  for (const [node, { name }] of choices) {
    Object.defineProperty(defs, name, { value: body(node as Record<string, unknown>), enumerable: true, writable: true, configurable: true });
  }
  if (rootName !== null) {
    const copy = body(root) as Record<string, unknown>;
    // A root without `type` is validated as an object (`compileValidator`), wherever `#` reaches it.
    if (root["type"] === undefined) copy["type"] = "object";
    Object.defineProperty(defs, rootName, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  combined["$defs"] = defs;
  return combined;
}
