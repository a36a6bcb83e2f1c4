/**
 * Examples for how a tool's schema is read before it is compiled: draft-07 forms in 2020-12
 * (`src/schema/dialect.ts`) and `pattern`s that mean the same in every engine
 * (`src/schema/pattern.ts`). Both are internals of the registry, imported from their modules. The
 * reference shows each region; `tsc` checks this file and `test/docs/examples.test.ts` runs every
 * function it exports.
 */
import { toJsonSchema2020 } from "../../src/schema/dialect.js";
import { portablePattern } from "../../src/schema/pattern.js";

/** A draft-07 tuple, rewritten. */
export async function draft07Tuple(): Promise<void> {
  // #region to-json-schema-2020
  toJsonSchema2020({ type: "array", items: [{ type: "integer" }], additionalItems: false });
  // { type: "array", prefixItems: [{ type: "integer" }], items: false }
  // #endregion to-json-schema-2020
}

/** An escape the `u` flag refuses, dropped. */
export async function unicodeSafePattern(): Promise<void> {
  // #region portable-pattern
  portablePattern("^\\d{4}\\-\\d{2}\\-\\d{2}$"); // "^\\d{4}-\\d{2}-\\d{2}$"
  // #endregion portable-pattern
}
