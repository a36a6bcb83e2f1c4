/**
 * The complexity budget of a tool's parameter schema, checked when the tool is registered and
 * before Ajv sees the schema. Compiling and validating run synchronously, so a schema written to
 * be expensive (an enum of 300,000 values, `$defs` that each reference the next one twice, a
 * pattern that backtracks) could freeze the whole process; no timeout can interrupt it. The budget
 * bounds the work up front: how large and how deep the schema is, how long its enums are, how many
 * schemas one place in a value can be checked against once `$ref`s are followed, and how much its
 * patterns cost. Each check is linear in the schema and stops as soon as a limit is passed. The
 * fan-out count lives in `./fan-out.js`; this module walks the schema once for the rest.
 *
 * @module
 */
import { patternCost } from "./pattern.js";
import { fanOutProblem } from "./fan-out.js";
import { refChainProblem } from "./ref-chain.js";

/** The limits a parameter schema must stay within. */
export interface SchemaBudget {
  /** Most JSON values in the schema, counting every object, array, string, number and boolean. */
  readonly maxNodes: number;
  /** Most characters in all the schema's keys and strings together. */
  readonly maxTextChars: number;
  /** Deepest nesting of objects and arrays. */
  readonly maxDepth: number;
  /** Most values in one `enum`. */
  readonly maxEnumValues: number;
  /**
   * Most schemas that one place in an argument value can be checked against, after following
   * every `$ref` and in-place keyword (`allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
   * `dependentSchemas`). This is the `$ref` fan-out: paths are counted, not references.
   */
  readonly maxApplications: number;
  /** Most steps the fan-out count may take; a schema too tangled to count within it is refused. */
  readonly maxAnalysisSteps: number;
  /** Most `$ref`s the compiler follows one after another (see `refChainProblem`). */
  readonly maxRefChain: number;
  /** Most pattern cost units (see `patternCost`) in all the schema's patterns together. */
  readonly maxTotalPatternCost: number;
}

/** The budget every tool schema is checked against at `register`. */
export const SCHEMA_BUDGET: SchemaBudget = Object.freeze({
  maxNodes: 5_000,
  maxTextChars: 500_000,
  maxDepth: 64,
  maxEnumValues: 1_000,
  maxApplications: 1_000,
  maxAnalysisSteps: 500_000,
  maxTotalPatternCost: 8_000,
  maxRefChain: 100,
});

type Json = Record<string, unknown>;

/** Schema objects already found within {@link SCHEMA_BUDGET}, so compiling does not count twice. */
const withinDefaultBudget = new WeakSet<object>();

/** Why a schema is over `budget`, naming the limit; `null` when it is within it. */
export function schemaBudgetProblem(schema: unknown, budget: SchemaBudget = SCHEMA_BUDGET): string | null {
  const remember = budget === SCHEMA_BUDGET && schema !== null && typeof schema === "object";
  if (remember && withinDefaultBudget.has(schema)) return null;
  let problem: string | null;
  try {
    problem = shapeProblem(schema, budget) ?? refChainProblem(schema, budget.maxRefChain) ?? fanOutProblem(schema, budget);
  } catch (error) {
    problem = `the schema cannot be read: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (problem === null && remember) withinDefaultBudget.add(schema);
  return problem;
}

/**
 * Throws a `TypeError` naming the tool (when given) and the limit when `schema` is over `budget`.
 * @throws TypeError when the schema is over budget.
 */
export function assertWithinSchemaBudget(toolName: string | null, schema: unknown, budget: SchemaBudget = SCHEMA_BUDGET): void {
  const problem = schemaBudgetProblem(schema, budget);
  if (problem === null) return;
  const subject = toolName === null ? "the parameters schema" : `Tool '${toolName}': its parameters schema`;
  throw new TypeError(`${subject} is over budget: ${problem}`);
}

/** Size, depth, text, enum length, pattern cost and cycles, in one walk that stops at a limit. */
function shapeProblem(schema: unknown, budget: SchemaBudget): string | null {
  let nodes = 0;
  let text = 0;
  let patterns = 0;
  const onPath = new Set<object>();
  // Each entry is a value to enter, or the object to leave once its children are done.
  const stack: ({ value: unknown; depth: number; key: string | null } | { leave: object })[] = [{ value: schema, depth: 0, key: null }];
  while (stack.length > 0) {
    const entry = stack.pop() as { value: unknown; depth: number; key: string | null } | { leave: object };
    if ("leave" in entry) {
      onPath.delete(entry.leave);
      continue;
    }
    const { value, depth, key } = entry;
    if (++nodes > budget.maxNodes) return `it has more than ${budget.maxNodes} values (SCHEMA_BUDGET.maxNodes)`;
    if (typeof value === "string") {
      text += value.length;
      if (key === "pattern") patterns += patternCost(value, budget.maxTotalPatternCost + 1);
    }
    if (value === null || typeof value !== "object") {
      if (text > budget.maxTextChars) return `it has more than ${budget.maxTextChars} characters of text (SCHEMA_BUDGET.maxTextChars)`;
      if (patterns > budget.maxTotalPatternCost) return patternMessage(budget);
      continue;
    }
    if (depth >= budget.maxDepth) return `it nests deeper than ${budget.maxDepth} levels (SCHEMA_BUDGET.maxDepth)`;
    if (onPath.has(value)) return "it contains itself (a cycle of objects), which JSON cannot express";
    onPath.add(value);
    stack.push({ leave: value });
    if (Array.isArray(value)) {
      if (key === "enum" && value.length > budget.maxEnumValues) {
        return `an enum has ${value.length} values, more than ${budget.maxEnumValues} (SCHEMA_BUDGET.maxEnumValues)`;
      }
      if (nodes + value.length > budget.maxNodes) return `it has more than ${budget.maxNodes} values (SCHEMA_BUDGET.maxNodes)`;
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth: depth + 1, key: null });
      continue;
    }
    const keys = Object.keys(value);
    if (nodes + keys.length > budget.maxNodes) return `it has more than ${budget.maxNodes} values (SCHEMA_BUDGET.maxNodes)`;
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i] as string;
      text += k.length;
      if (key === "patternProperties") patterns += patternCost(k, budget.maxTotalPatternCost + 1);
      stack.push({ value: (value as Json)[k], depth: depth + 1, key: k });
    }
    if (text > budget.maxTextChars) return `it has more than ${budget.maxTextChars} characters of text (SCHEMA_BUDGET.maxTextChars)`;
    if (patterns > budget.maxTotalPatternCost) return patternMessage(budget);
  }
  return null;
}

function patternMessage(budget: SchemaBudget): string {
  return `its patterns cost more than ${budget.maxTotalPatternCost} units together (SCHEMA_BUDGET.maxTotalPatternCost)`;
}
