/**
 * The one place where the schema compiler of tool schemas and its options are made: the options
 * every tool schema is compiled with, and a factory that applies them, so the registry, casting's
 * yes/no checks, the benchmarks and the tests' reference validators all judge alike.
 *
 * @module
 */
import type { Options as AjvOptions } from "ajv";
import { createSchemaCompiler, type SchemaCompiler } from "./dialect.js";

/** A schema compiler as {@link createAjv} makes it: Ajv's 2020-12 class behind the complexity budget. */
export type AjvInstance = SchemaCompiler;

/**
 * The Ajv options every tool schema is compiled with: all errors (so the model hears every
 * problem at once), no strict-mode schema complaints, no formats, no type coercion (casting is
 * its own step). Exported so a benchmark's baseline or a test's reference validator can compile
 * with exactly the same settings.
 */
export const AJV_OPTIONS: Readonly<AjvOptions> = Object.freeze({
  allErrors: true,
  // Only own properties count: an inherited `constructor` or `toString` is neither a present
  // required parameter nor a value to validate.
  ownProperties: true,
  strict: false,
  strictNumbers: true,
  validateFormats: false,
  logger: false,
  // A shared instance keeps none of the schemas it compiles; the instance each tool schema gets
  // of its own (`./dialect.js`) holds that one schema, so that `$ref: "#"` finds its root.
  addUsedSchema: false,
  // Ajv's own English messages are never shown (the problems are reworded), and building them
  // for every error is most of Ajv's cost on a large refused value.
  messages: false,
});

/**
 * Makes a new schema compiler with {@link AJV_OPTIONS}: JSON Schema 2020-12 (draft-07 still read),
 * linear-time patterns and the complexity budget first, exactly as the registry validates. A test
 * that needs "Ajv's own verdict" compiles its reference validator here. `overrides` change single
 * options (the registry's yes/no checks use `allErrors: false`).
 */
export function createAjv(overrides: Readonly<AjvOptions> = {}): AjvInstance {
  return createSchemaCompiler({ ...AJV_OPTIONS, ...overrides });
}
