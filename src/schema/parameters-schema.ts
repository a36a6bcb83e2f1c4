/**
 * A parameters schema typed from the arguments a tool receives. `Tool<P>` lets a tool name the
 * type of its arguments; `ParametersSchema<P>` then makes TypeScript check the schema against it:
 * an object schema that declares every key of `P` and no other, whose properties have `type`s
 * `P`'s values can take, and whose `required` names only keys `P` requires (and is present when
 * `P` requires any). It is a type only; the schema itself is what Ajv enforces at run time.
 *
 * Ajv's own `JSONSchemaType<T>` asks for `nullable: true` on every optional property, which
 * would let the model send `null` there; this type asks for nothing the schema does not mean.
 *
 * @example
 * {@includeCode ../../docs/examples/tool.ts#parameters-schema}
 *
 * @module
 */
import type { JsonSchema } from "../util/json.js";

/** Every JSON Schema type name. */
export type AnyJsonTypeName = "string" | "number" | "integer" | "boolean" | "null" | "array" | "object";

/**
 * The JSON Schema type names a value of type `T` can be described by: `"string"` for a string,
 * `"number"` or `"integer"` for a number, `"array"` for an array, and so on; any name for `unknown`.
 */
export type JsonTypeName<T> = unknown extends T
  ? AnyJsonTypeName
  : T extends string
    ? "string"
    : T extends number
      ? "number" | "integer"
      : T extends boolean
        ? "boolean"
        : T extends null
          ? "null"
          : T extends readonly unknown[]
            ? "array"
            : "object";

/** The schema of one property whose value has type `T`: its `type`, when given, fits `T`. */
export type PropertySchema<T> = JsonSchema & {
  /** One type name, or a list of them, that values of type `T` can have. */
  readonly type?: JsonTypeName<Exclude<T, undefined>> | readonly JsonTypeName<Exclude<T, undefined>>[];
};

/** The keys of `P` that are not optional. */
export type RequiredParameterNames<P> = {
  [K in keyof P]-?: Record<string, never> extends Pick<P, K> ? never : K;
}[keyof P] &
  string;

/** The `required` list of a schema for `P`: needed when `P` has required keys, and naming only those. */
export type RequiredList<P> = [RequiredParameterNames<P>] extends [never]
  ? {
      /** `P` requires nothing, so nothing may be listed. */
      readonly required?: readonly never[];
    }
  : {
      /** The keys `P` requires (TypeScript cannot check that every one is listed). */
      readonly required: readonly RequiredParameterNames<P>[];
    };

/** An object schema for the arguments `P`; see the module's description. */
export type ParametersSchema<P> = JsonSchema &
  RequiredList<P> & {
    /** Always `"object"`: a tool's arguments are an object. */
    readonly type: "object";
    /** One schema per key of `P`, and no other. */
    readonly properties: { readonly [K in keyof P & string]-?: PropertySchema<P[K]> };
  };
