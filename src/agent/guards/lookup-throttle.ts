/**
 * The throttle on repeated external lookups (lesson 7). A model that is not getting what it wants
 * tends to fetch the same page or run the same search again and again. Within one run, the first
 * two identical `web_fetch` or `web_search` calls run; the third and later ones are answered with
 * `REPEATED_LOOKUP_MESSAGE` and never reach their tool, as upstream does.
 *
 * @module
 */
import { pyStr, pyTruthy } from "../../util/python-text.js";
import { pyStrip } from "../../util/python-space.js";
import { isPlainObject } from "../../util/json.js";

/** The refusal returned for the third and later identical external lookup in one turn (upstream's exact text). */
export const REPEATED_LOOKUP_MESSAGE = "Error: repeated external lookup blocked. " + "Use the results you already have to answer, or try a meaningfully different source.";

/** The event detail of a lookup refused by the repeated-lookup throttle. */
export const REPEATED_LOOKUP_DETAIL = "repeated external lookup blocked";

/** How many identical external lookups one run may make; the next one is blocked. */
export const MAX_REPEATED_EXTERNAL_LOOKUPS = 2;

/**
 * A key for spotting the same external lookup repeated in one run:
 * `"web_fetch:<url>"` or `"web_search:<query>"`, trimmed and lower-cased. As upstream, a value
 * is taken with Python's truthiness: a search keys on `query or search_term`, so an empty
 * `query` falls back to `search_term`; a non-string value is spelled as Python's `str()` would.
 * Any other tool, non-object arguments, or a blank value give null, and then the call is never
 * throttled.
 *
 * @example
 * {@includeCode ../../../docs/examples/guards.ts#external-lookup-signature}
 */
export function externalLookupSignature(name: string, args: unknown): string | null {
  if (!isPlainObject(args)) return null;
  let value: unknown;
  if (name === "web_fetch") value = args["url"];
  else if (name === "web_search") value = pyTruthy(args["query"]) ? args["query"] : args["search_term"];
  else return null;
  const text = pyStrip(pyTruthy(value) ? pyStr(value) : "");
  return text === "" ? null : `${name}:${text.toLowerCase()}`;
}

/**
 * Counts the external lookups of one run. One instance serves one run: `run()` shares it across
 * its model turns, `executeTools` starts a fresh one per call.
 *
 * @example
 * {@includeCode ../../../docs/examples/guards.ts#lookup-throttle}
 */
export class LookupThrottle {
  readonly #counts = new Map<string, number>();

  /**
   * Counts one call and says whether it may run: true for any call that is not an external
   * lookup, and for the first {@link MAX_REPEATED_EXTERNAL_LOOKUPS} identical lookups; false from
   * the next one on.
   */
  admit(name: string, args: unknown): boolean {
    const signature = externalLookupSignature(name, args);
    if (signature === null) return true;
    const count = (this.#counts.get(signature) ?? 0) + 1;
    this.#counts.set(signature, count);
    return count <= MAX_REPEATED_EXTERNAL_LOOKUPS;
  }
}
