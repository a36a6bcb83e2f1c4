/**
 * Properties of what happens to a tool's result after it runs:
 *
 * - (a) result-to-text is total and bounded: any value — Proxies whose traps throw, throwing
 *   getters and `toJSON`, DAGs with shared references, cycles, BigInt, symbols, `__proto__` keys,
 *   huge strings — gives a string within the limit and never throws; plain JSON data within the
 *   limit gives exactly `JSON.stringify`'s text, every key kept;
 * - (b) a cut text never holds a lone surrogate that the input did not hold;
 * - (c) the runner's result-to-text costs work linear in the result's size: a result 8 times as
 *   large costs at most 16 times the work, counted (every read of the value, through counting
 *   Proxies and Map and Set subclasses, plus the characters produced, those written and then
 *   taken back included), never timed.
 *
 * Property (c), persistence inside the workspace, is in `results-persistence.property.test.ts`.
 * Each property counts the kinds of input it met and checks that every kind was reached.
 * `FC_RUNS` changes the number of runs (the soak uses 100,000), `FC_SEED` replays a failure.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { persistedReference } from "../../../src/agent/results/tool-message.js";
import { charactersProduced } from "../../../src/agent/results/text-sink.js";
import { RESULT_TEXT_CUT_NOTE, RESULT_TEXT_MAX_CHARS, RESULT_TEXT_MAX_NODES, resultText, toolResultToText } from "../../../src/agent/results/result-text.js";
import { truncateText, TRUNCATION_SUFFIX } from "../../../src/util/text-cut.js";
import { propertyConfig } from "../../soak/runs.js";
import { noteGrowth } from "../../setup/growth-report.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const loneSurrogates = (text: string): number => (text.match(LONE_SURROGATE) ?? []).length;

// ---------------------------------------------------------------------------------------------
// (a) result-to-text
// ---------------------------------------------------------------------------------------------

const TRAPS = ["get", "ownKeys", "getPrototypeOf", "getOwnPropertyDescriptor", "has"] as const;

/** A recipe for a value; {@link build} turns it into the value, with shared references and cycles. */
type Plan =
  | { t: "prim"; v: unknown }
  | { t: "huge"; unit: string; times: number }
  | { t: "bigint"; v: bigint }
  | { t: "symbol"; d: string }
  | { t: "obj"; entries: [string, Plan][] }
  | { t: "proto"; inner: Plan; id: number }
  | { t: "arr"; items: Plan[] }
  | { t: "map"; entries: [string, Plan][] }
  | { t: "set"; items: Plan[] }
  | { t: "breaks"; items: Plan[] }
  | { t: "proxy"; traps: (typeof TRAPS)[number][]; inner: Plan }
  | { t: "revoked" }
  | { t: "getter"; inner: Plan }
  | { t: "toJSON"; throws: boolean; inner: Plan }
  | { t: "shared"; pick: number }
  | { t: "cycle"; up: number }
  | { t: "dag"; levels: number; width: number }
  | { t: "misc"; which: number };

const key = fc.oneof(fc.constantFrom("__proto__", "constructor", "toString", "id", "a", ""), fc.string({ maxLength: 6 }));

const planArb: fc.Arbitrary<Plan> = fc.letrec<{ plan: Plan }>((tie) => ({
  plan: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record({
      t: fc.constant("prim" as const),
      v: fc.oneof(fc.string({ maxLength: 8, unit: "binary" }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined)),
    }),
    fc.record({ t: fc.constant("huge" as const), unit: fc.constantFrom("x", "\u{1F600}", "é\n", '"\\'), times: fc.integer({ min: 1_000, max: 300_000 }) }),
    fc.record({ t: fc.constant("bigint" as const), v: fc.bigInt() }),
    fc.record({ t: fc.constant("symbol" as const), d: fc.string({ maxLength: 4 }) }),
    fc.record({ t: fc.constant("obj" as const), entries: fc.array(fc.tuple(key, tie("plan")), { maxLength: 4 }) }),
    fc.record({ t: fc.constant("proto" as const), inner: tie("plan"), id: fc.integer() }),
    fc.record({ t: fc.constant("arr" as const), items: fc.array(tie("plan"), { maxLength: 4 }) }),
    fc.record({ t: fc.constant("map" as const), entries: fc.array(fc.tuple(key, tie("plan")), { maxLength: 3 }) }),
    fc.record({ t: fc.constant("set" as const), items: fc.array(tie("plan"), { maxLength: 3 }) }),
    fc.record({ t: fc.constant("breaks" as const), items: fc.array(tie("plan"), { maxLength: 3 }) }),
    fc.record({ t: fc.constant("proxy" as const), traps: fc.subarray([...TRAPS], { minLength: 1 }), inner: tie("plan") }),
    fc.record({ t: fc.constant("revoked" as const) }),
    fc.record({ t: fc.constant("getter" as const), inner: tie("plan") }),
    fc.record({ t: fc.constant("toJSON" as const), throws: fc.boolean(), inner: tie("plan") }),
    fc.record({ t: fc.constant("shared" as const), pick: fc.nat() }),
    fc.record({ t: fc.constant("cycle" as const), up: fc.nat() }),
    fc.record({ t: fc.constant("dag" as const), levels: fc.integer({ min: 1, max: 45 }), width: fc.integer({ min: 2, max: 4 }) }),
    fc.record({ t: fc.constant("misc" as const), which: fc.nat({ max: 5 }) }),
  ),
})).plan;

const seenKinds = new Map<string, number>();
const seen = (kind: string): void => {
  seenKinds.set(kind, (seenKinds.get(kind) ?? 0) + 1);
};

function thrower(what: string): () => never {
  return () => {
    throw new Error(`${what} trap`);
  };
}

/** Builds the value of a plan; `ancestors` and `pool` supply cycles and shared references. */
function build(plan: Plan, ancestors: object[], pool: object[]): unknown {
  seen(plan.t);
  const keep = <T extends object>(value: T): T => {
    pool.push(value);
    return value;
  };
  const within = <T extends object>(value: T, fill: (self: T) => void): T => {
    ancestors.push(value);
    try {
      fill(value);
    } finally {
      ancestors.pop();
    }
    return keep(value);
  };
  switch (plan.t) {
    case "prim":
      return plan.v;
    case "huge":
      return plan.unit.repeat(plan.times);
    case "bigint":
      return plan.v;
    case "symbol":
      return Symbol(plan.d);
    case "obj":
      return within({}, (self) => {
        for (const [k, p] of plan.entries) {
          if (k === "__proto__") seen("__proto__ key");
          Object.defineProperty(self, k, { value: build(p, ancestors, pool), enumerable: true, configurable: true, writable: true });
        }
      });
    case "proto": {
      seen("__proto__ key");
      const value = JSON.parse(`{"__proto__": ${JSON.stringify({ id: plan.id })}, "id": ${plan.id}}`) as Record<string, unknown>;
      return within(value, (self) => {
        self["inner"] = build(plan.inner, ancestors, pool);
      });
    }
    case "arr":
      return within([] as unknown[], (self) => {
        for (const p of plan.items) self.push(build(p, ancestors, pool));
      });
    case "map":
      return within(new Map<unknown, unknown>(), (self) => {
        for (const [k, p] of plan.entries) self.set(k, build(p, ancestors, pool));
        self.set({ objectKey: true }, 1);
      });
    case "set":
      return within(new Set<unknown>(), (self) => {
        for (const p of plan.items) self.add(build(p, ancestors, pool));
      });
    case "breaks":
      return keep(
        new BreakingSet(
          plan.items.map((p) => build(p, ancestors, pool)),
          new Error("iteration broke"),
        ),
      );
    case "proxy": {
      const inner = build(plan.inner, ancestors, pool);
      const target = inner !== null && typeof inner === "object" ? inner : { inner };
      const handler: ProxyHandler<object> = {};
      for (const trap of plan.traps) (handler as Record<string, unknown>)[trap] = thrower(trap);
      return keep(new Proxy(target, handler));
    }
    case "revoked": {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case "getter": {
      const value = { before: 1 };
      Object.defineProperty(value, "boom", { get: thrower("getter"), enumerable: true });
      Object.defineProperty(value, "fine", { get: () => build(plan.inner, ancestors, pool), enumerable: true });
      return keep(value);
    }
    case "toJSON": {
      const inner = build(plan.inner, ancestors, pool);
      return keep({ toJSON: plan.throws ? thrower("toJSON") : () => inner });
    }
    case "shared":
      if (pool.length === 0) return null;
      seen("shared reference");
      return pool[plan.pick % pool.length];
    case "cycle":
      if (ancestors.length === 0) return null;
      seen("cycle");
      return ancestors[ancestors.length - 1 - (plan.up % ancestors.length)];
    case "dag": {
      let node: Record<string, unknown> = { leaf: "end" };
      for (let i = 0; i < plan.levels; i++) {
        const next: Record<string, unknown> = { level: i };
        for (let w = 0; w < plan.width; w++) next[`k${w}`] = node;
        node = next;
      }
      return keep(node);
    }
    case "misc":
      return [new Date(plan.which * 1e11), new TypeError("bad"), Buffer.from("bytes"), () => 1, new Uint16Array(4), Object.create(null)][plan.which];
  }
}

/** Plain JSON data; `__proto__` keys are made own keys, as JSON.parse makes them. */
const jsonData = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const protoData = fc
  .tuple(jsonData, fc.jsonValue({ maxDepth: 2 }))
  .map(([a, b]) => JSON.parse(`{"__proto__": ${JSON.stringify(b)}, "data": ${JSON.stringify(a)}}`) as unknown);

describe("property: (a) result-to-text is total and bounded", () => {
  it("any generated value gives a string within the limit, never throwing", () => {
    seenKinds.clear();
    let cut = 0;
    fc.assert(
      fc.property(planArb, fc.constantFrom(1, 40, 300, 5_000, 60_000, undefined), (plan, maxChars) => {
        const value = build(plan, [], []);
        const before = charactersProduced();
        const text = toolResultToText(value, maxChars === undefined ? {} : { maxChars });
        expect(typeof text).toBe("string");
        expect(text.length).toBeLessThanOrEqual(maxChars ?? RESULT_TEXT_MAX_CHARS);
        // The work is bounded by the budget too: the characters produced, those taken back
        // included, stay within a fixed multiple of it (one last write may pass it, escaped).
        expect(charactersProduced() - before).toBeLessThanOrEqual(4 * (maxChars ?? RESULT_TEXT_MAX_CHARS) + 7 * ((maxChars ?? RESULT_TEXT_MAX_CHARS) + 1) + 64);
        if (text.endsWith("(cut: the result is too large to show in full)")) cut++;
      }),
      propertyConfig("result-to-text is total and bounded", 500),
    );
    for (const kind of [
      "prim",
      "huge",
      "bigint",
      "symbol",
      "obj",
      "proto",
      "arr",
      "map",
      "set",
      "breaks",
      "proxy",
      "revoked",
      "getter",
      "toJSON",
      "shared reference",
      "cycle",
      "dag",
      "misc",
      "__proto__ key",
    ]) {
      expect(seenKinds.get(kind) ?? 0, `the generator reached ${kind}`).toBeGreaterThan(0);
    }
    expect(cut, "some texts had to be cut").toBeGreaterThan(0);
  });

  it("plain JSON data within the limit gives JSON.stringify's text, every own key kept, __proto__ included", () => {
    let withProto = 0;
    fc.assert(
      fc.property(fc.oneof(jsonData, protoData), (value) => {
        const expected = typeof value === "string" ? value : JSON.stringify(value);
        if (expected.includes('"__proto__"')) withProto++;
        expect(toolResultToText(value)).toBe(expected);
      }),
      propertyConfig("plain JSON data converts as JSON.stringify does", 500),
    );
    expect(withProto, "the generator reached __proto__ keys").toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// (b) cuts at code points
// ---------------------------------------------------------------------------------------------

/** Text of whole code points (emoji included), or with lone surrogates mixed in. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: fc.constantFrom("a", "\u{1F600}", "\u{10FFFF}", "é"), maxLength: 60 }),
  fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)), maxLength: 30 }),
);

describe("property: (b) a cut never holds a lone surrogate", () => {
  it("truncateText, the persisted preview and the result-text cut keep pairs whole", () => {
    let splitPair = 0;
    fc.assert(
      fc.property(anyText, fc.integer({ min: 1, max: 70 }), (text, max) => {
        const wasLone = loneSurrogates(text);
        const cut = truncateText(text, max);
        if (text.length > max) {
          expect(cut.endsWith(TRUNCATION_SUFFIX)).toBe(true);
          const kept = cut.slice(0, -TRUNCATION_SUFFIX.length);
          expect(text.startsWith(kept)).toBe(true);
          expect(kept.length === max || kept.length === max - 1).toBe(true);
          if (kept.length === max - 1) splitPair++;
          expect(loneSurrogates(kept)).toBeLessThanOrEqual(loneSurrogates(text.slice(0, max)));
        } else {
          expect(cut).toBe(text);
        }
        if (wasLone === 0) {
          expect(loneSurrogates(cut)).toBe(0);
          expect(loneSurrogates(persistedReference("/p.txt", text.repeat(40)))).toBe(0);
          expect(loneSurrogates(toolResultToText(text.repeat(30), { maxChars: max + 55 }))).toBe(0);
          expect(loneSurrogates(toolResultToText({ t: text.repeat(30) }, { maxChars: max + 55 }))).toBe(0);
        }
      }),
      propertyConfig("a cut never holds a lone surrogate", 500),
    );
    expect(splitPair, "some cuts fell inside a surrogate pair").toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// (c) linear work
// ---------------------------------------------------------------------------------------------

/** Counts every read of the objects it wraps. */
class ReadCounter {
  reads = 0;
  readonly #handler: ProxyHandler<object> = {
    get: (target, key) => (this.reads++, Reflect.get(target, key) as unknown),
    has: (target, key) => (this.reads++, Reflect.has(target, key)),
    ownKeys: (target) => (this.reads++, Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, key) => (this.reads++, Reflect.getOwnPropertyDescriptor(target, key)),
    getPrototypeOf: (target) => (this.reads++, Reflect.getPrototypeOf(target)),
  };
  wrap<T extends object>(value: T): T {
    return new Proxy(value, this.#handler) as T;
  }

  /** A Map whose entries count as read when iterated (a Proxy cannot stand in for a Map). */
  map<K, V>(entries: [K, V][]): Map<K, V> {
    const countRead = (): void => void this.reads++;
    return new (class extends Map<K, V> {
      override *[Symbol.iterator](): MapIterator<[K, V]> {
        for (const entry of super.entries()) {
          countRead();
          yield entry;
        }
        return undefined;
      }
    })(entries);
  }

  /** A Set whose items count as read when iterated. */
  set<T>(items: T[]): Set<T> {
    const countRead = (): void => void this.reads++;
    return new (class extends Set<T> {
      override *[Symbol.iterator](): SetIterator<T> {
        for (const item of super.values()) {
          countRead();
          yield item;
        }
        return undefined;
      }
    })(items);
  }
}

const ITERATION_BROKE = new Error("iteration broke");

/** A Set whose iteration gives its items and then throws `error`: its text is written, then taken back. */
class BreakingSet extends Set<unknown> {
  constructor(
    readonly items: unknown[],
    readonly error: unknown,
  ) {
    super();
  }
  override *[Symbol.iterator](): SetIterator<unknown> {
    yield* this.items;
    throw this.error;
  }
}

/**
 * A family of results, any size, built through `c` so every read is counted. What counting leaves
 * out costs a bounded amount per value read or character written: the look-up of a value among
 * its at most 64 ancestors, a key cache of at most 1,000 entries, a BigInt's conversion (at most
 * 1,000 digits are ever converted), native copies of the characters written.
 */
type Family = { name: string; build: (n: number, c: ReadCounter) => unknown };

const FAMILIES: Family[] = [
  { name: "array of numbers", build: (n, c) => c.wrap(Array.from({ length: n }, (_, i) => i * 1.5)) },
  { name: "object with many keys", build: (n, c) => c.wrap(Object.fromEntries(Array.from({ length: n }, (_, i) => [`key_${i}`, i]))) },
  {
    name: "array of records",
    build: (n, c) => c.wrap(Array.from({ length: n }, (_, i) => c.wrap({ id: i, name: `row ${i}`, tags: c.wrap(["a", "b"]), ok: i % 2 === 0 }))),
  },
  {
    name: "one record shared n times",
    build: (n, c) => {
      const shared = c.wrap({ id: 1, text: "shared" });
      return c.wrap(Array.from({ length: n }, () => shared));
    },
  },
  {
    name: "objects in cycles",
    build: (n, c) =>
      c.wrap(
        Array.from({ length: n }, (_, i) => {
          const node: Record<string, unknown> = { i };
          node["self"] = node;
          return c.wrap(node);
        }),
      ),
  },
  {
    name: "deep nesting",
    build: (n, c) => {
      let node: unknown = c.wrap({ leaf: true });
      for (let i = 0; i < n; i++) node = c.wrap([node, i]);
      return node;
    },
  },
  { name: "array of BigInts", build: (n, c) => c.wrap(Array.from({ length: n }, (_, i) => 10n ** 30n + BigInt(i))) },
  {
    name: "MCP blocks, not text",
    build: (n, c) =>
      c.wrap([c.wrap({ type: "text", text: "see the images" }), ...Array.from({ length: n }, (_, i) => c.wrap({ type: "image", data: `QUJD${i}`, mimeType: "image/png" }))]),
  },
  { name: "text blocks", build: (n, c) => c.wrap(Array.from({ length: n }, (_, i) => c.wrap({ type: "text", text: `line ${i}` }))) },
  { name: "blank text blocks", build: (n, c) => c.wrap(Array.from({ length: n }, () => c.wrap({ type: "text", text: " " }))) },
  { name: "huge string", build: (n) => "é\n".repeat(n * 20) },
  { name: "huge strings in an array", build: (n, c) => c.wrap(Array.from({ length: n }, (_, i) => `${i}`.padEnd(800, "x"))) },
  { name: "Map", build: (n, c) => c.map(Array.from({ length: n }, (_, i) => [`k${i}`, c.wrap({ v: i })])) },
  { name: "Set", build: (n, c) => c.set(Array.from({ length: n }, (_, i) => `item ${i}`)) },
  {
    name: "Sets that break after their items",
    build: (n, c) => {
      const text = "x".repeat(40);
      return c.wrap(Array.from({ length: n }, (_, i) => new BreakingSet([text, c.wrap({ v: i })], ITERATION_BROKE)));
    },
  },
  { name: "one huge BigInt", build: (n) => 7n ** BigInt(n * 2) },
  {
    name: "sparse array whose length grows as the square of its items",
    build: (n, c) => {
      const rows: unknown[] = [];
      for (let i = 0; i < n; i++) rows[i * n * 16] = c.wrap({ row: i });
      return c.wrap(rows);
    },
  },
  {
    name: "sparse text blocks",
    build: (n, c) => {
      const blocks: unknown[] = [];
      for (let i = 0; i < n; i++) blocks[i * n * 16] = c.wrap({ type: "text", text: `line ${i}` });
      return c.wrap(blocks);
    },
  },
  {
    name: "the largest length with a few items",
    build: (n, c) => {
      const rows: unknown[] = Array.from({ length: n }, (_, i) => c.wrap({ type: "text", text: `line ${i}` }));
      rows.length = 2 ** 32 - 1;
      return c.wrap(rows);
    },
  },
  {
    name: "array-like object with a huge length",
    build: (n, c) => c.wrap({ length: 2 ** 53 - 1, ...Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i * n), c.wrap({ type: "text", text: `line ${i}` })])) }),
  },
];

/** Counted work of one conversion: every read of the value, plus the characters produced, those taken back included. */
function countedWork(family: Family, n: number): number {
  const counter = new ReadCounter();
  const value = family.build(n, counter);
  const before = charactersProduced();
  const text = resultText(value);
  return counter.reads + Math.max(text.length, charactersProduced() - before);
}

/**
 * The counted work of each family and size, counted once. The count is a pure function of the two
 * (the first test below checks it), and n takes only 951 values, so a soak of 100,000 runs would
 * otherwise count the same sizes a hundred times over; with the cache it checks every size in
 * minutes instead of hours.
 */
const workOf = new Map<string, number>();
function work(family: Family, n: number): number {
  const key = `${family.name}\u0000${n}`;
  let counted = workOf.get(key);
  if (counted === undefined) {
    counted = countedWork(family, n);
    workOf.set(key, counted);
  }
  return counted;
}

describe("property: (c) result-to-text costs linear work", () => {
  it("a sparse array, a huge length or an array-like costs at most the node budget, not its length", () => {
    const builds: [string, () => object][] = [
      [
        "rows[2 ** 27] = 1",
        () => {
          const rows: unknown[] = [];
          rows[2 ** 27] = 1;
          return rows;
        },
      ],
      [
        "text blocks, then the largest length",
        () => {
          const blocks: unknown[] = [
            { type: "text", text: "a" },
            { type: "text", text: "b" },
          ];
          blocks.length = 2 ** 32 - 1;
          return blocks;
        },
      ],
      ["an array-like", () => ({ length: 2 ** 53 - 1, 0: { type: "text", text: "a" } })],
    ];
    for (const [name, build] of builds) {
      const counter = new ReadCounter();
      const text = resultText(counter.wrap(build()));
      expect(counter.reads, name).toBeLessThanOrEqual(4 * RESULT_TEXT_MAX_NODES);
      expect(text.length, name).toBeLessThanOrEqual(RESULT_TEXT_MAX_CHARS);
    }
    const rows: unknown[] = [];
    rows[2 ** 27] = 1;
    expect(resultText(rows).endsWith(RESULT_TEXT_CUT_NOTE)).toBe(true);
    expect(resultText({ length: 3, 0: "a" })).toBe('{"0":"a","length":3}');
  });

  it("the count is a pure function of the family and the size: the same size counts the same work in any order", () => {
    for (const family of FAMILIES) {
      const counts = [50, 137, 50, 400, 137].map((n) => countedWork(family, n));
      expect(counts[2], family.name).toBe(counts[0]);
      expect(counts[4], family.name).toBe(counts[1]);
    }
  });

  it.each(FAMILIES.map((family) => [family.name, family] as const))("%s: 8 times as large costs at most 16 times the work", (_name, family) => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 1_000 }), (n) => {
        const small = work(family, n);
        const large = work(family, 8 * n);
        const ratio = noteGrowth("result-to-text (result size)", family.name, small, large, 8 * n, "items (or digits) in the result");
        expect(ratio, `n=${n}: ${small} then ${large}`).toBeLessThanOrEqual(16);
      }),
      propertyConfig(`result-to-text costs linear work: ${family.name}`, 4),
    );
  });
});
