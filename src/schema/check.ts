/**
 * A yes/no check of a value against a schema, compiled with the registry's own dialect and
 * options, the way casting asks whether a value is already accepted (casting compiles the checks
 * of one schema's choices together, in `./choice-checks.js`).
 *
 * @module
 */
import type { JsonSchema } from "../util/json.js";
import { createAjv } from "./ajv-options.js";
import { PatternCheckError } from "./pattern.js";

/** The same dialect and options for yes/no checks: it stops at the first error (the verdict is the same). */
const checkAjv = createAjv({ allErrors: false });

/**
 * Compiles a schema into a yes/no check with the registry's own compiler, as casting judges
 * whether a value is already accepted. A value whose check cannot finish (a string too long for
 * its pattern) counts as accepted here, as in casting, which then leaves it as it is; validation
 * refuses the call and says why.
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
