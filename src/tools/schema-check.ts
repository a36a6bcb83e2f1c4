/**
 * A yes/no check of a value against a schema, compiled with the registry's own dialect and
 * options. Casting asks it whether a value is already accepted, so a cast never changes a value
 * the schema takes as it is.
 *
 * @module
 */
import type { JsonSchema } from "../json.js";
import { createAjv } from "./ajv-options.js";

/** The same dialect and options for yes/no checks: it stops at the first error (the verdict is the same). */
const checkAjv = createAjv({ allErrors: false });

/**
 * Compiles a schema into a yes/no check with the registry's own compiler. Casting uses it to
 * ask whether a value is already accepted, so it never changes one that is.
 * @throws when the schema cannot be compiled.
 */
export function compileSchemaCheck(schema: JsonSchema | boolean): (value: unknown) => boolean {
  if (typeof schema === "boolean") return () => schema;
  const check = checkAjv.compile(schema);
  return (value) => check(value) === true;
}
