// The systems the reference is grouped by: each export of src/index.ts is filed under the system
// its source file belongs to (the folder, or for src/tools/ and src/agent/ the part of it), so a
// reader finds the registry beside its argument rules and the runner beside its guards, and a new
// export is filed with no tag to write. The order is the order of the lessons that teach them.

/** The categories, in the order the reference shows them, with the lessons that teach each. */
export const CATEGORIES = [
  ["Tool contract", "lessons 1 and 8: a tool, its result and its name rule"],
  ["Loading tools", "lesson 2: the loader, plugins and the built-in tools"],
  ["Registry and arguments", "lessons 3 to 5: registering, exact names, preparing a call"],
  ["Schemas", "lesson 5: casting and validating arguments against a tool's schema"],
  ["Agent runner", "lessons 6 and 10: the loop, batches, limits and the messages it writes"],
  ["Tool results", "lesson 8: turning what a tool returns into the text the model reads"],
  ["Guards and refusals", "lesson 7: security refusals, repeated lookups, escalation"],
  ["Security", "lesson 7: the workspace and SSRF boundaries"],
  ["Providers", "the model side: requests, responses, tool calls and their arguments"],
  ["MCP", "lesson 9: tools served over the Model Context Protocol"],
  ["Testing", "scripted models and fake tools for tests and exercises"],
  ["Utilities", "JSON, text and Python-compatible helpers the other systems share"],
];

/** The rules, first match wins: a path prefix under src/ and its category. */
const RULES = [
  ["tools/builtin/", "Loading tools"],
  ["tools/loader", "Loading tools"],
  ["tools/loadable-class", "Loading tools"],
  ["tools/plugin-", "Loading tools"],
  ["tools/workspace", "Security"],
  ["tools/base", "Tool contract"],
  ["tools/refusal", "Tool contract"],
  ["tools/", "Registry and arguments"],
  ["schema/", "Schemas"],
  ["agent/results/", "Tool results"],
  ["agent/guards/", "Guards and refusals"],
  ["agent/", "Agent runner"],
  ["chat/", "Providers"],
  ["providers/", "Providers"],
  ["mcp/", "MCP"],
  ["security/", "Security"],
  ["testing/", "Testing"],
  ["util/", "Utilities"],
];

/**
 * The category of a declaration in `file` (a path that contains `/src/`), or null for a file
 * outside src/ (a declaration of a dependency, which keeps TypeDoc's own grouping).
 */
export function categoryOf(file) {
  const at = file.replace(/\\/g, "/").lastIndexOf("/src/");
  if (at === -1) return null;
  const inSrc = file.replace(/\\/g, "/").slice(at + "/src/".length);
  for (const [prefix, category] of RULES) if (inSrc.startsWith(prefix)) return category;
  return null;
}
