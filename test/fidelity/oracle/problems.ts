/**
 * Reading a prepared call's error text the way the model does: the message head, and for invalid
 * parameters the problems one by one, each tied to the path it names (`meta.count`, `tags[0]`).
 *
 * @module
 */

/** The head of an invalid-parameters message; the problems follow, joined by `; `. */
const INVALID = /^Error: Invalid parameters for tool '[^']*': /;

/** An error text split into its head and its problems (none for other messages). */
export interface ParsedError {
  /** `Error: Invalid parameters for tool '<name>': `, or the whole text for any other message. */
  head: string;
  /** The problems, in order. */
  problems: string[];
  /** True for an invalid-parameters message. */
  invalid: boolean;
}

/** Splits an error text into its head and its problems. */
export function parseError(text: string): ParsedError {
  const match = INVALID.exec(text);
  if (match === null) return { head: text, problems: [], invalid: false };
  return { head: match[0], problems: text.slice(match[0].length).split("; "), invalid: true };
}

/** The text of a parsed error again. */
export function joinError(parsed: ParsedError): string {
  return parsed.invalid ? parsed.head + parsed.problems.join("; ") : parsed.head;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Every path a problem may name for this schema and these arguments (dotted keys, indexed items). */
export function knownPaths(schema: unknown, value: unknown, path = "", out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 8) return out;
  if (path !== "") out.add(path);
  const child = (key: string): string => (path === "" ? key : `${path}.${key}`);
  if (isRecord(schema)) {
    const props = schema["properties"];
    if (isRecord(props)) for (const key of Object.keys(props)) knownPaths(props[key], isRecord(value) ? value[key] : undefined, child(key), out, depth + 1);
    const required = schema["required"];
    if (Array.isArray(required)) for (const key of required) if (typeof key === "string") out.add(child(key));
  }
  if (isRecord(value)) {
    const props = isRecord(schema) && isRecord(schema["properties"]) ? schema["properties"] : {};
    const additional = isRecord(schema) ? schema["additionalProperties"] : undefined;
    for (const key of Object.keys(value)) if (!Object.hasOwn(props, key)) knownPaths(additional, value[key], child(key), out, depth + 1);
  }
  if (Array.isArray(value)) {
    const items = isRecord(schema) ? schema["items"] : undefined;
    value.forEach((item, i) => knownPaths(items, item, `${path}[${i}]`, out, depth + 1));
  }
  return out;
}

/** A problem, with the path it names (`""` for the arguments as a whole) and its wording with the path taken out. */
export interface PlacedProblem {
  path: string;
  wording: string;
  text: string;
}

const PREFIXED = ["missing required ", "unexpected parameter "];

/** Ties a problem to the longest known path it names. */
export function placeProblem(text: string, paths: ReadonlySet<string>): PlacedProblem {
  for (const prefix of PREFIXED) {
    if (text.startsWith(prefix)) return { path: text.slice(prefix.length), wording: `${prefix}<p>`, text };
  }
  let best = "";
  for (const path of paths) {
    if (path.length > best.length && text.startsWith(path + " ")) best = path;
  }
  if (best === "" && text.startsWith("parameter ")) return { path: "", wording: `<p> ${text.slice("parameter ".length)}`, text };
  if (best === "") {
    const space = text.indexOf(" ");
    const guess = space < 0 ? text : text.slice(0, space);
    return { path: guess, wording: `<p>${space < 0 ? "" : text.slice(space)}`, text };
  }
  return { path: best, wording: `<p>${text.slice(best.length)}`, text };
}

/** The top-level argument a path belongs to (`meta` for `meta.count`, `tags` for `tags[0]`). */
export function topKey(path: string, keys: readonly string[]): string {
  let best = "";
  for (const key of keys) {
    if ((path === key || path.startsWith(key + ".") || path.startsWith(key + "[")) && key.length > best.length) best = key;
  }
  if (best !== "") return best;
  const cut = path.search(/[.[]/);
  return cut < 0 ? path : path.slice(0, cut);
}
