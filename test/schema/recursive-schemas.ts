/**
 * Recursive parameter schemas shared by the recursive-schema tests: a tree or list of nodes, each
 * with a `name` (string, required) and an `n` (integer), recursing through a `$ref` to the root
 * (`#`) or to a definition (`#/$defs/node`), through a property, `items` and `anyOf`.
 */
import type { JsonSchema } from "../../src/tools/base.js";

/** The fields of every node. */
const NODE_FIELDS = { name: { type: "string" }, n: { type: "integer" } } as const;

/** A tree whose `child` is the root again. */
export const THROUGH_PROPERTY: JsonSchema = { type: "object", properties: { ...NODE_FIELDS, child: { $ref: "#" } }, required: ["name"] };

/** A tree whose `children` are roots again. */
export const THROUGH_ITEMS: JsonSchema = { type: "object", properties: { ...NODE_FIELDS, children: { type: "array", items: { $ref: "#" } } }, required: ["name"] };

/** A linked list: `child` is the root again, or null. */
export const THROUGH_ANY_OF: JsonSchema = { type: "object", properties: { ...NODE_FIELDS, child: { anyOf: [{ $ref: "#" }, { type: "null" }] } }, required: ["name"] };

/** The same shapes under a definition, as zod writes a recursive schema that is not the root: `children` and `next`, under `root`. */
export const THROUGH_DEFS: JsonSchema = {
  type: "object",
  properties: { root: { $ref: "#/$defs/node" } },
  required: ["root"],
  $defs: {
    node: {
      type: "object",
      properties: { ...NODE_FIELDS, children: { type: "array", items: { $ref: "#/$defs/node" } }, next: { anyOf: [{ $ref: "#/$defs/node" }, { type: "null" }] } },
      required: ["name"],
    },
  },
};
