/**
 * The texts the model reads when a call cannot run (lesson 7). They are part of the public API:
 * lessons quote them and tests match them exactly.
 *
 * @module
 */

/** Appended to prepare errors and `ToolResult` errors, so the model reconsiders instead of repeating. */
export const RETRY_HINT = "\n\n[Analyze the error above and try a different approach.]";

/** `Error: Tool '<name>' not found.` with the optional suggestion and the available names. */
export function toolNotFoundMessage(name: string, suggestion: string | null, available: readonly string[]): string {
  const hint = suggestion === null ? "" : ` Did you mean '${suggestion}'? Tool names must match exactly.`;
  return `Error: Tool '${name}' not found.${hint} Available: ${available.join(", ")}`;
}

/** The argument-shape error: the arguments were not a JSON object. */
export function notAnObjectMessage(name: string, gotType: string): string {
  return (
    `Error: Tool '${name}' parameters must be a JSON object, got ${gotType}. ` +
    `Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.`
  );
}

/** The schema error: every problem validation found, joined by `; `. */
export function invalidParametersMessage(name: string, problems: readonly string[]): string {
  return `Error: Invalid parameters for tool '${name}': ${problems.join("; ")}`;
}

/** The marker that replaces an empty result, so the model knows the call ran. */
export function emptyResultMessage(name: string): string {
  return `(${name} completed with no output)`;
}
