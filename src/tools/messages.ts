/**
 * The texts the model reads when a call cannot be prepared (lessons 4 and 5), and the note that
 * ends a tool's refusal of a path outside the workspace (lesson 7). The runner's own texts are in
 * `agent/runner-texts.ts`. They are part of the public API: lessons quote them and tests match
 * them exactly. Where upstream has a text, this is that text.
 *
 * @module
 */

// ---------------------------------------------------------------------------------------------
// Preparing a call (lessons 4 and 5)
// ---------------------------------------------------------------------------------------------

/** Appended to prepare errors and `ToolResult` errors, so the model reconsiders instead of repeating. */
export const RETRY_HINT = "\n\n[Analyze the error above and try a different approach.]";

/**
 * `Error: Tool '<name>' not found.` with the optional suggestion and the available names.
 *
 * @example
 * {@includeCode ../../docs/examples/registry.ts#tool-not-found-message}
 */
export function toolNotFoundMessage(name: string, suggestion: string | null, available: readonly string[]): string {
  return toolNotFoundText(name, suggestion, available.join(", "));
}

/**
 * {@link toolNotFoundMessage} with the available names already joined by `", "`: the registry
 * keeps them joined until a tool is registered or removed, instead of joining them on every call.
 */
export function toolNotFoundText(name: string, suggestion: string | null, availableList: string): string {
  const hint = suggestion === null ? "" : ` Did you mean '${suggestion}'? Tool names must match exactly.`;
  return `Error: Tool '${name}' not found.${hint} Available: ${availableList}`;
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
  // One problem, the usual case, needs no join.
  const listed = problems.length === 1 ? (problems[0] as string) : problems.join("; ");
  return `Error: Invalid parameters for tool '${name}': ${listed}`;
}

/**
 * Ends every refusal of a path outside the workspace (upstream's exact text, with its leading
 * space): the refusal is final, so the model should ask the user instead of trying another way.
 */
export const WORKSPACE_BOUNDARY_NOTE =
  " (this is a hard policy boundary, not a transient failure; " +
  "do not retry with shell tricks or alternative tools, and ask " +
  "the user how to proceed if the resource is genuinely required)";
