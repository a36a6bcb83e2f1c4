/**
 * Compilers made with the same pattern engine and plain options share one instance of the
 * meta-schemas: the verdict on a schema, and the message of a refused one, are what a compiler
 * with an instance of its own gives, whether it reports all errors or stops at the first.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSchemaCompiler } from "../../src/schema/dialect.js";
import { AJV_OPTIONS } from "../../src/schema/ajv-options.js";
import type { JsonSchema } from "../../src/util/json.js";

/** What compiling `schema` gives: accepted, or the message it was refused with. */
function outcome(compile: (schema: JsonSchema) => unknown, schema: JsonSchema): string {
  try {
    compile(schema);
    return "compiled";
  } catch (error) {
    return `refused: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Keyword values of every JSON type, most of them wrong for the keyword they land on. */
const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("string", "integer", "object", "nope", "", "^a+$", "(", "#", "#/$defs/x", "http://json-schema.org/draft-07/schema#"),
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(true, false, null, 1.5),
  fc.constant([]),
  fc.constant(["string", "null"]),
  fc.constant({ type: "string" }),
  fc.constant({ type: 7 }),
);

/** Schemas built from real keywords, valid and invalid. */
const schema: fc.Arbitrary<JsonSchema> = fc.dictionary(
  fc.constantFrom(
    "type",
    "properties",
    "required",
    "items",
    "minimum",
    "maxLength",
    "pattern",
    "enum",
    "const",
    "anyOf",
    "$ref",
    "$schema",
    "additionalProperties",
    "minItems",
    "format",
  ),
  value,
  { maxKeys: 4 },
);

describe("shared meta-schema instances", () => {
  for (const allErrors of [true, false]) {
    it(`give the verdict and message of an instance of the compiler's own (allErrors: ${allErrors})`, () => {
      const shared = createSchemaCompiler({ ...AJV_OPTIONS, allErrors });
      const sharedAgain = createSchemaCompiler({ ...AJV_OPTIONS, allErrors: !allErrors });
      // Options with `code` never share: this compiler checks on an instance of its own.
      const own = createSchemaCompiler({ ...AJV_OPTIONS, allErrors, code: {} });
      let refused = 0;
      fc.assert(
        fc.property(schema, (drawn) => {
          outcome((s) => sharedAgain.compile(s), drawn);
          const expected = outcome((s) => own.compile(s), drawn);
          if (expected !== "compiled") refused++;
          expect(outcome((s) => shared.compile(s), drawn)).toBe(expected);
        }),
        { numRuns: 300, seed: 20261205 },
      );
      // The sample holds refused schemas as well as accepted ones.
      expect(refused).toBeGreaterThan(30);
      expect(refused).toBeLessThan(300);
    });
  }
});
