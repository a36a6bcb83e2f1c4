/**
 * The assertions the tests judge with, as a list that can be compared: every matcher and method
 * on chai's `Assertion.prototype` (where `expect(x).toBe` is found), the matchers `expect.extend`
 * records, the asymmetric matchers and the custom equality testers. A learner's file that calls
 * `expect.extend(...)`, `expect.addEqualityTesters(...)` or replaces a matcher changes the list;
 * `run-setup.ts` compares it with the one taken before any learner code ran and fails the item.
 *
 * @module
 */

/** One entry of the list: where it is, its name, and the value (or accessor) found there. */
export type MatcherEntry = readonly [place: string, name: string, value: unknown];

/** Where vitest keeps what `expect.extend` and `expect.addEqualityTesters` add (`@vitest/expect`). */
const JEST_MATCHERS = Symbol.for("$$jest-matchers-object");
const ASYMMETRIC_MATCHERS = Symbol.for("asymmetric-matchers-object");

/** The own properties of `object` as entries: each value, getter and setter. */
function entriesOf(place: string, object: object | null | undefined): MatcherEntry[] {
  if (object === null || object === undefined) return [[place, "(missing)", undefined]];
  const entries: MatcherEntry[] = [];
  const descriptors = Object.getOwnPropertyDescriptors(object) as Record<string | symbol, PropertyDescriptor>;
  for (const key of Reflect.ownKeys(descriptors)) {
    const descriptor = descriptors[key];
    if (descriptor === undefined) continue;
    const name = String(key);
    if ("value" in descriptor) entries.push([place, name, descriptor.value]);
    else entries.push([place, `get ${name}`, Reflect.get(descriptor, "get")], [place, `set ${name}`, Reflect.get(descriptor, "set")]);
  }
  return entries;
}

/** The assertions as they stand now; `assertion` is chai's `Assertion` (`import { chai } from "vitest"`). */
export function matcherEntries(assertion: { prototype: object }, scope: object = globalThis): MatcherEntry[] {
  const global = scope as Record<symbol, unknown>;
  const jest = global[JEST_MATCHERS] as { matchers?: object; customEqualityTesters?: unknown[] } | undefined;
  const testers = jest?.customEqualityTesters ?? [];
  return [
    ...entriesOf("Assertion.prototype", assertion.prototype),
    ...entriesOf("expect.extend", jest?.matchers),
    ...entriesOf("asymmetric matchers", global[ASYMMETRIC_MATCHERS] as object | undefined),
    ...testers.map((tester, i): MatcherEntry => ["equality testers", String(i), tester]),
  ];
}

/**
 * What differs between two lists, as names a reader can follow (`toBe`, `expect.extend: toPass`):
 * entries added, removed or holding another value. Empty when the assertions are the same.
 */
export function changedMatchers(before: readonly MatcherEntry[], after: readonly MatcherEntry[]): string[] {
  const key = ([place, name]: MatcherEntry): string => `${place}: ${name}`;
  const old = new Map(before.map((entry) => [key(entry), entry[2]]));
  const now = new Map(after.map((entry) => [key(entry), entry[2]]));
  const changed: string[] = [];
  for (const [name, value] of now) if (!old.has(name) || !Object.is(old.get(name), value)) changed.push(name);
  for (const name of old.keys()) if (!now.has(name)) changed.push(name);
  return changed;
}
