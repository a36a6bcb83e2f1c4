/**
 * Checking what an MCP server sends back against the tool's `outputSchema` (lesson 9), with the
 * same compiler, and so the same safeguards, as the registry's parameter checks
 * ({@link compileValidator}). The MCP SDK's client would otherwise validate `structuredContent`
 * with its own default Ajv, in our process, where a server's catastrophic `pattern` could freeze
 * the agent whatever the call's time limit says.
 *
 * {@link SafeJsonSchemaValidator} plugs that compiler into the SDK's `Client` (its
 * `jsonSchemaValidator` option); {@link compileOutputSchema} is what the adapter uses itself.
 *
 * @module
 */
import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { describeThrown } from "../util/thrown.js";
import { compileValidator } from "../schema/validate.js";
import { describeJsonType, isPlainObject } from "../util/json.js";

/** A compiled output check: `[]` when the value matches, otherwise one message per problem. */
export type OutputCheck = (value: unknown) => string[];

/**
 * Compiles an MCP tool's `outputSchema` into an {@link OutputCheck}, through the registry's own
 * {@link compileValidator}. MCP requires an object root, and `structuredContent` is an object;
 * anything else is reported as a problem, not thrown. The `$schema` keyword is dropped, as for
 * input schemas.
 * @throws Error when the schema is not an object schema or cannot be compiled (it is refused the
 * way a parameter schema would be: over budget, a pattern that cannot compile, …).
 */
export function compileOutputSchema(schema: unknown): OutputCheck {
  if (!isPlainObject(schema)) throw new Error(`the output schema must be a JSON object, got ${describeJsonType(schema)}`);
  if (schema["type"] !== undefined && schema["type"] !== "object") {
    throw new Error(`the output schema's root must have type "object", got ${JSON.stringify(schema["type"]) ?? "?"}`);
  }
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest pattern leaves $schema out
  const { $schema: _dropped, ...rest } = schema;
  const validate = compileValidator(rest);
  return (value) => (isPlainObject(value) ? validate(value) : [`structured content must be an object, got ${describeJsonType(value)}`]);
}

/**
 * The MCP SDK's `jsonSchemaValidator` interface, backed by {@link compileOutputSchema}: pass it to
 * `new Client(info, { jsonSchemaValidator: new SafeJsonSchemaValidator() })` so the SDK never
 * compiles a server's schema with its default validator. Each schema object is compiled once.
 * `getValidator` never throws (the SDK calls it for every listed tool, and one throw would lose
 * the whole list): a schema that cannot be compiled gives a validator that refuses every value
 * and says why.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#safe-json-schema-validator}
 */
export class SafeJsonSchemaValidator implements jsonSchemaValidator {
  readonly #cache = new WeakMap<object, OutputCheck | string>();

  /** A validator for `schema`; see the class description. */
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let compiled = this.#cache.get(schema);
    if (compiled === undefined) {
      try {
        compiled = compileOutputSchema(schema);
      } catch (error) {
        compiled = `the schema was refused: ${describeThrown(error).message}`;
      }
      this.#cache.set(schema, compiled);
    }
    const check = compiled;
    return (input: unknown) => {
      const problems = typeof check === "string" ? [check] : check(input);
      return problems.length === 0 ? { valid: true, data: input as T, errorMessage: undefined } : { valid: false, data: undefined, errorMessage: problems.join("; ") };
    };
  }
}
