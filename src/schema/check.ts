/**
 * A yes/no check of a value against a schema, compiled with the registry's own dialect and
 * options. Casting asks it whether a value is already accepted, so a cast never changes a value
 * the schema takes as it is.
 *
 * @module
 */
import type { JsonSchema } from "../util/json.js";
import { createAjv } from "./ajv-options.js";
import { PatternCheckError } from "./pattern.js";

/** The same dialect and options for yes/no checks: it stops at the first error (the verdict is the same). */
const checkAjv = createAjv({ allErrors: false });

/**
 * Compiles a schema into a yes/no check with the registry's own compiler. Casting uses it to
 * ask whether a value is already accepted, so it never changes one that is. A value whose check
 * cannot finish (a string too long for its pattern) counts as accepted here, so casting leaves
 * it as it is; validation then refuses the call and says why.
 * @throws when the schema cannot be compiled.
 */
export function compileSchemaCheck(schema: JsonSchema | boolean): (value: unknown) => boolean {
  if (typeof schema === "boolean") return () => schema;
  const check = checkAjv.compile(schema);
  return (value) => {
    try {
      return check(value) === true;
    } catch (error) {
      if (error instanceof PatternCheckError) return true;
      throw error;
    }
  };
}
