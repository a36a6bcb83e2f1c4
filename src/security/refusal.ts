/**
 * Security refusals as data (lesson 7), and how a value is recognised across copies of the
 * workbook. A plugin may bundle its own copy of the workbook, so its `ToolResult`, its `Tool` and
 * its refusal errors are other classes than ours and `instanceof` would miss them. Each is marked
 * instead with a symbol from the global registry (`Symbol.for`), which every copy shares, and read
 * through {@link hasBrand}.
 *
 * @module
 */

/**
 * The kind of security refusal a failure reports, carried as data: `"ssrf"` for a request to a
 * private or internal address, `"workspace"` for a path outside the workspace. The runner reads it
 * before it looks at the text of the refusal.
 */
export type RefusalCode = "ssrf" | "workspace";

/** The mark of every refusal error that carries a {@link RefusalCode} in `code`, in every copy of the workbook. */
export const REFUSAL_BRAND: unique symbol = Symbol.for("tool-calling-workbook.refusal");

/** True when `value` is an object (or a function) whose `brand` property is `true`; never throws. */
export function hasBrand(value: unknown, brand: symbol): boolean {
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  try {
    return (value as Record<symbol, unknown>)[brand] === true;
  } catch {
    return false;
  }
}

/** `code` when it is a known {@link RefusalCode}, else undefined. */
export function asRefusalCode(code: unknown): RefusalCode | undefined {
  return code === "ssrf" || code === "workspace" ? code : undefined;
}

/**
 * The refusal code a thrown value carries: the `code` of an error marked with
 * {@link REFUSAL_BRAND} (an `SsrfError` or a `WorkspaceViolationError`, from this copy of the
 * workbook or another), else undefined. Never throws.
 */
export function refusalCodeOf(thrown: unknown): RefusalCode | undefined {
  if (!hasBrand(thrown, REFUSAL_BRAND)) return undefined;
  try {
    return asRefusalCode((thrown as { code?: unknown }).code);
  } catch {
    return undefined;
  }
}
