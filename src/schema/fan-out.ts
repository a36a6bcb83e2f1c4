/**
 * The `$ref` fan-out part of the schema budget (`./budget.js`): how many schemas one place
 * in an argument value can be checked against once every `$ref` and in-place keyword is followed.
 * `$defs` that each reference the next one twice make that number double at every step, while the
 * schema itself stays small; counting it up front keeps such a schema from freezing validation.
 *
 * @module
 */

/** The limits the fan-out count works within: the same fields as `SchemaBudget`. */
export interface FanOutLimits {
  /** Most schemas one place in a value may be checked against. */
  readonly maxApplications: number;
  /** Most steps the count may take; a schema too tangled to count within it is refused. */
  readonly maxAnalysisSteps: number;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
/** Keywords whose schema applies at the same place in the value. */
const IN_PLACE_ONE = ["not", "if", "then", "else"] as const;
const IN_PLACE_LIST = ["allOf", "anyOf", "oneOf"] as const;
const IN_PLACE_MAP = ["dependentSchemas", "dependencies"] as const;

/** What one schema object applies, once its keywords are read. */
interface Node {
  id: number;
  /** Schemas applied at the same place: in-place keywords and resolved `$ref`s. */
  inPlace: Json[];
  /** `properties`, by key. */
  properties: Map<string, Json>;
  /** Schemas that may apply to any key: `patternProperties` and `unevaluatedProperties`. */
  anyKey: Json[];
  /** `additionalProperties`: applies to keys not in `properties`. */
  additional: Json | null;
  /** `propertyNames`, applied to each key. */
  names: Json | null;
  /** `prefixItems` (or draft-07 array `items`), by index. */
  prefix: Json[];
  /** Items after the prefix: `items` (or draft-07 `additionalItems`). */
  rest: Json | null;
  /** Schemas that may apply to any item: `contains` and `unevaluatedItems`. */
  anyItem: Json[];
}

/** A multiset of schemas applied at one place: node to how many paths lead to it. */
type State = Map<Json, number>;

const BASE = "https://schema.invalid/root.json";

/** Stands for a boolean schema reached by a `$ref`: it applies nothing further. */
const ANYTHING: Json = Object.freeze({});

/**
 * Why a schema's `$ref` fan-out is over `limits`, naming the limit; `null` when it is within them.
 * Also refuses a `$ref` that cannot be resolved inside the schema, and a `$ref` cycle that never
 * descends into the value.
 */
export function fanOutProblem(schema: unknown, limits: FanOutLimits): string | null {
  return new FanOut(schema, limits).problem();
}

/**
 * Counts how many schemas one place in a value can be checked against, following `$ref`s, by
 * walking the places a value can have (each declared key, any other key, each prefix index, any
 * other index) from the root, until every reachable set of schemas has been seen once.
 */
class FanOut {
  readonly #root: unknown;
  readonly #budget: FanOutLimits;
  readonly #nodes = new Map<Json, Node>();
  /** Absolute URI (with `#anchor` for anchors) to schema, and each schema's base URI. */
  readonly #ids = new Map<string, unknown>();
  readonly #dynamic = new Map<string, Json[]>();
  readonly #bases = new Map<Json, string>();
  #steps = 0;

  constructor(root: unknown, budget: FanOutLimits) {
    this.#root = root;
    this.#budget = budget;
  }

  problem(): string | null {
    if (!isObject(this.#root)) return null;
    this.#index(this.#root, BASE);
    const seen = new Set<string>();
    const queue: State[] = [new Map([[this.#root, 1]])];
    for (let next = 0; next < queue.length; next++) {
      const start = queue[next] as State;
      const closed = this.#closure(start);
      if (typeof closed === "string") return closed;
      const key = this.#key(closed);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const child of this.#successors(closed)) queue.push(child);
      if (this.#steps > this.#budget.maxAnalysisSteps) return this.#tooTangled();
    }
    return null;
  }

  #tooTangled(): string {
    return `its $ref structure takes more than ${this.#budget.maxAnalysisSteps} steps to check (SCHEMA_BUDGET.maxAnalysisSteps)`;
  }

  /** Records `$id`, `$anchor` and `$dynamicAnchor` of every object under `node`, with base URIs. */
  #index(root: Json, base: string): void {
    const stack: [unknown, string][] = [[root, base]];
    while (stack.length > 0) {
      const [value, outer] = stack.pop() as [unknown, string];
      if (value === null || typeof value !== "object") continue;
      this.#steps++;
      if (Array.isArray(value)) {
        for (const item of value) stack.push([item, outer]);
        continue;
      }
      const obj = value as Json;
      let here = outer;
      const id = obj["$id"];
      if (typeof id === "string") {
        const resolved = resolveUri(id, outer);
        if (resolved !== null) {
          here = resolved.replace(/#$/, "");
          this.#ids.set(here, obj);
        }
      }
      this.#bases.set(obj, here);
      for (const anchorKey of ["$anchor", "$dynamicAnchor"]) {
        const anchor = obj[anchorKey];
        if (typeof anchor === "string") this.#ids.set(`${here}#${anchor}`, obj);
      }
      const dynamic = obj["$dynamicAnchor"];
      if (typeof dynamic === "string") this.#dynamic.set(dynamic, [...(this.#dynamic.get(dynamic) ?? []), obj]);
      for (const child of Object.values(obj)) stack.push([child, here]);
    }
  }

  /** The schema a `$ref` points to, or a message saying it cannot be resolved. */
  #resolve(ref: string, from: Json): Json | string {
    const absolute = resolveUri(ref, this.#bases.get(from) ?? BASE);
    if (absolute === null) return `its $ref ${JSON.stringify(ref)} cannot be resolved`;
    const hash = absolute.indexOf("#");
    const doc = hash === -1 ? absolute : absolute.slice(0, hash);
    const fragment = hash === -1 ? "" : absolute.slice(hash + 1);
    const target =
      fragment === "" || fragment.startsWith("/") ? pointerTarget(this.#ids.get(doc) ?? (doc === BASE ? this.#root : undefined), fragment) : this.#ids.get(absolute);
    if (isObject(target)) return target;
    if (typeof target === "boolean") return ANYTHING;
    return `its $ref ${JSON.stringify(ref)} cannot be resolved (only references inside the schema are)`;
  }

  #node(schema: Json): Node | string {
    const known = this.#nodes.get(schema);
    if (known !== undefined) return known;
    this.#steps++;
    const node: Node = {
      id: this.#nodes.size,
      inPlace: [],
      properties: new Map(),
      anyKey: [],
      additional: null,
      names: null,
      prefix: [],
      rest: null,
      anyItem: [],
    };
    for (const k of IN_PLACE_ONE) if (isObject(schema[k])) node.inPlace.push(schema[k]);
    for (const k of IN_PLACE_LIST) {
      const list = schema[k];
      if (Array.isArray(list)) for (const s of list) if (isObject(s)) node.inPlace.push(s);
    }
    for (const k of IN_PLACE_MAP) {
      const map = schema[k];
      if (isObject(map)) for (const s of Object.values(map)) if (isObject(s)) node.inPlace.push(s);
    }
    for (const k of ["$ref", "$dynamicRef"]) {
      const ref = schema[k];
      if (typeof ref !== "string") continue;
      const target = this.#resolve(ref, schema);
      if (typeof target === "string") return target;
      node.inPlace.push(target);
      if (k === "$dynamicRef" && ref.startsWith("#")) node.inPlace.push(...(this.#dynamic.get(ref.slice(1)) ?? []));
    }
    const properties = schema["properties"];
    if (isObject(properties)) {
      for (const key of Object.keys(properties)) {
        const sub = Object.getOwnPropertyDescriptor(properties, key)?.value as unknown;
        if (isObject(sub)) node.properties.set(key, sub);
      }
    }
    const patternProperties = schema["patternProperties"];
    if (isObject(patternProperties)) for (const s of Object.values(patternProperties)) if (isObject(s)) node.anyKey.push(s);
    if (isObject(schema["unevaluatedProperties"])) node.anyKey.push(schema["unevaluatedProperties"]);
    if (isObject(schema["additionalProperties"])) node.additional = schema["additionalProperties"];
    if (isObject(schema["propertyNames"])) node.names = schema["propertyNames"];
    const items = schema["items"];
    const prefix = Array.isArray(items) ? items : schema["prefixItems"];
    if (Array.isArray(prefix)) for (const s of prefix) node.prefix.push(isObject(s) ? s : {});
    const rest = Array.isArray(items) ? schema["additionalItems"] : items;
    if (isObject(rest)) node.rest = rest;
    for (const k of ["contains", "unevaluatedItems"]) if (isObject(schema[k])) node.anyItem.push(schema[k]);
    this.#nodes.set(schema, node);
    return node;
  }

  /** Adds every schema applied in place, counting paths; refuses cycles and too many paths. */
  #closure(start: State): State | string {
    // Depth-first order over in-place edges, then counts pushed along it.
    const order: Json[] = [];
    const state = new Map<Json, 0 | 1 | 2>(); // 1 on the path, 2 done
    for (const first of start.keys()) {
      if (state.get(first) === 2) continue;
      const stack: [Json, number][] = [[first, 0]];
      state.set(first, 1);
      while (stack.length > 0) {
        const top = stack[stack.length - 1] as [Json, number];
        const node = this.#node(top[0]);
        if (typeof node === "string") return node;
        if (++this.#steps > this.#budget.maxAnalysisSteps) return this.#tooTangled();
        if (top[1] < node.inPlace.length) {
          const child = node.inPlace[top[1]++] as Json;
          const mark = state.get(child);
          if (mark === 1) return "a $ref cycle applies a schema to itself without descending into the value";
          if (mark === undefined) {
            state.set(child, 1);
            stack.push([child, 0]);
          }
        } else {
          state.set(top[0], 2);
          order.push(top[0]);
          stack.pop();
        }
      }
    }
    const counts: State = new Map();
    for (const [schema, count] of start) counts.set(schema, count);
    let total = 0;
    for (let i = order.length - 1; i >= 0; i--) {
      const schema = order[i] as Json;
      const count = counts.get(schema) ?? 0;
      total += count;
      if (total > this.#budget.maxApplications) {
        return `one place in a value can be checked against more than ${this.#budget.maxApplications} schemas ($ref fan-out, SCHEMA_BUDGET.maxApplications)`;
      }
      for (const child of (this.#nodes.get(schema) as Node).inPlace) counts.set(child, (counts.get(child) ?? 0) + count);
    }
    return counts;
  }

  #key(state: State): string {
    const parts: string[] = [];
    for (const [schema, count] of state) parts.push(`${(this.#nodes.get(schema) as Node).id}x${count}`);
    this.#steps += parts.length;
    return parts.sort().join(",");
  }

  /** The sets of schemas each kind of child place starts with. */
  #successors(state: State): State[] {
    const nodes: [Node, number][] = [];
    for (const [schema, count] of state) nodes.push([this.#nodes.get(schema) as Node, count]);
    const out: State[] = [];
    const add = (target: State, schema: Json | null, count: number): void => {
      if (schema !== null) target.set(schema, (target.get(schema) ?? 0) + count);
    };
    const keys = new Set<string>();
    let maxPrefix = 0;
    for (const [node] of nodes) {
      for (const key of node.properties.keys()) keys.add(key);
      maxPrefix = Math.max(maxPrefix, node.prefix.length);
    }
    this.#steps += nodes.length * (keys.size + maxPrefix + 3);
    if (this.#steps > this.#budget.maxAnalysisSteps) return [];
    for (const key of [...keys, null]) {
      const next: State = new Map();
      for (const [node, count] of nodes) {
        const declared = key === null ? undefined : node.properties.get(key);
        add(next, declared ?? null, count);
        if (declared === undefined) add(next, node.additional, count);
        for (const s of node.anyKey) add(next, s, count);
      }
      if (next.size > 0) out.push(next);
    }
    const names: State = new Map();
    for (const [node, count] of nodes) add(names, node.names, count);
    if (names.size > 0) out.push(names);
    for (let i = 0; i <= maxPrefix; i++) {
      const next: State = new Map();
      for (const [node, count] of nodes) {
        add(next, i < node.prefix.length ? (node.prefix[i] as Json) : node.rest, count);
        for (const s of node.anyItem) add(next, s, count);
      }
      if (next.size > 0) out.push(next);
    }
    return out;
  }
}

/** `ref` resolved against `base`, or `null` when it is not a URI reference. */
function resolveUri(ref: string, base: string): string | null {
  try {
    return new URL(ref, base).href;
  } catch {
    return null;
  }
}

/** The value a JSON Pointer fragment (`/a/b`, percent-encoded) leads to in `doc`. */
export function pointerTarget(doc: unknown, fragment: string): unknown {
  if (fragment === "") return doc;
  let current = doc;
  for (const raw of fragment.slice(1).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    } catch {
      return undefined;
    }
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Json)[segment];
  }
  return current;
}
