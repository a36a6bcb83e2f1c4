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

/** The objects the list is read from, each with the place its entries are named by. */
function placesOf(
  assertion: { prototype: object },
  scope: object,
): { places: Array<readonly [place: string, object: object | null | undefined]>; testers: readonly unknown[] } {
  const global = scope as Record<symbol, unknown>;
  const jest = global[JEST_MATCHERS] as { matchers?: object; customEqualityTesters?: unknown[] } | undefined;
  return {
    places: [
      ["Assertion.prototype", assertion.prototype],
      ["expect.extend", jest?.matchers],
      ["asymmetric matchers", global[ASYMMETRIC_MATCHERS] as object | undefined],
    ],
    testers: jest?.customEqualityTesters ?? [],
  };
}

/** The assertions as they stand now; `assertion` is chai's `Assertion` (`import { chai } from "vitest"`). */
export function matcherEntries(assertion: { prototype: object }, scope: object = globalThis): MatcherEntry[] {
  const { places, testers } = placesOf(assertion, scope);
  return [...places.flatMap(([place, object]) => entriesOf(place, object)), ...testers.map((tester, i): MatcherEntry => ["equality testers", String(i), tester])];
}

/** A list of entries looked up by place, then by name: what {@link sameMatchers} compares with. */
export interface MatcherIndex {
  /** The values by place and name. */
  readonly byPlace: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** How many entries the list holds. */
  readonly size: number;
}

/** `entries` (a list {@link matcherEntries} made) as an index, built once and compared with many times. */
export function indexMatchers(entries: readonly MatcherEntry[]): MatcherIndex {
  const byPlace = new Map<string, Map<string, unknown>>();
  for (const [place, name, value] of entries) {
    let names = byPlace.get(place);
    if (names === undefined) byPlace.set(place, (names = new Map<string, unknown>()));
    names.set(name, value);
  }
  let size = 0;
  for (const names of byPlace.values()) size += names.size;
  return { byPlace, size };
}

/**
 * True when the assertions as they stand now are the ones `baseline` indexes: exactly the answer
 * {@link changedMatchers} gives (an empty list), reached without building the list, since it is
 * asked before and after every test. Each entry now must be in the baseline with the very same
 * value, no name may come twice, and the counts must agree (so nothing was removed). When it
 * says false, the list is built and compared to name what changed.
 */
export function sameMatchers(baseline: MatcherIndex, assertion: { prototype: object }, scope: object = globalThis): boolean {
  const { places, testers } = placesOf(assertion, scope);
  let seen = 0;
  // Names met so far in the place being read: two keys can give one name (a symbol and the string it prints as).
  let met = new Set<string>();
  const same = (place: ReadonlyMap<string, unknown> | undefined, name: string, value: unknown): boolean => {
    if (met.has(name)) return false;
    met.add(name);
    seen++;
    return place !== undefined && place.has(name) && Object.is(place.get(name), value);
  };
  for (const [place, object] of places) {
    const names = baseline.byPlace.get(place);
    met = new Set();
    if (object === null || object === undefined) {
      if (!same(names, "(missing)", undefined)) return false;
      continue;
    }
    const descriptors = Object.getOwnPropertyDescriptors(object) as Record<string | symbol, PropertyDescriptor>;
    for (const key of Reflect.ownKeys(descriptors)) {
      const descriptor = descriptors[key];
      if (descriptor === undefined) continue;
      const name = String(key);
      if ("value" in descriptor) {
        if (!same(names, name, descriptor.value)) return false;
      } else if (!same(names, `get ${name}`, Reflect.get(descriptor, "get")) || !same(names, `set ${name}`, Reflect.get(descriptor, "set"))) return false;
    }
  }
  const equality = baseline.byPlace.get("equality testers");
  met = new Set();
  for (let i = 0; i < testers.length; i++) if (!same(equality, String(i), testers[i])) return false;
  return seen === baseline.size;
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
