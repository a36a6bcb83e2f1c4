/**
 * Properties of the core call path (registry and provider-side parsing). Each property carries
 * spies on the tools' `execute`, so it proves not only what the result is but what did not run.
 * `FC_RUNS` changes the number of runs, `FC_SEED` replays a failure.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseToolArguments, toolArgumentsObjectForReplay } from "../../src/providers/base.js";
import { FakeTool, type FakeToolRun } from "../../src/testing/index.js";
import { isToolErrorResult, ToolResult, type JsonSchema } from "../../src/tools/base.js";
import { isPlainObject } from "../../src/util/json.js";
import { RETRY_HINT, ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig } from "../soak/runs.js";

/**
 * Fast-check parameters of the property called `name`: `defaultRuns` runs unless `FC_RUNS` says
 * otherwise. The defaults keep this file to a few seconds in `npm test`; `npm run soak` runs 100,000.
 */
function params(name: string, defaultRuns = 500): fc.Parameters<unknown> {
  return propertyConfig(name, defaultRuns);
}

/** A recording tool for the properties: answers "ok" unless `run` says otherwise. */
function spyTool(name: string, parameters: JsonSchema, run?: FakeToolRun): FakeTool {
  return new FakeTool({ name, description: "a tool for the properties", parameters, result: "ok", run });
}

const NAMES = ["read_file", "write_file", "list_dir", "web_fetch", "mcp_fs_list", "exec"] as const;

/** A registry of spy tools with assorted schemas, so "any registered tool" is more than one. */
function spyRegistry(): { registry: ToolRegistry; tools: FakeTool[] } {
  const schemas: JsonSchema[] = [
    { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    { type: "object", properties: { path: { type: "string" }, content: { type: "string" } }, required: ["path", "content"] },
    { type: "object", properties: {} },
    { type: "object", properties: { url: { type: "string" } }, required: ["url"], additionalProperties: false },
    { properties: { arguments: { type: "string" } } },
    { type: "object", properties: { command: { type: "string" }, timeout: { type: "integer", minimum: 1 } } },
  ];
  const registry = new ToolRegistry();
  const tools = NAMES.map((name, i) => spyTool(name, schemas[i] as JsonSchema));
  for (const tool of tools) registry.register(tool);
  return { registry, tools };
}

function expectNoneCalled(tools: readonly FakeTool[]): void {
  for (const tool of tools) expect(tool.calls).toHaveLength(0);
}

/** True when `text` is JSON whose value is a plain object (what the registry may accept). */
function isJsonObjectText(text: string): boolean {
  try {
    return isPlainObject(JSON.parse(text.trim()));
  } catch {
    return false;
  }
}

/**
 * Text that is not a JSON object: malformed JSON (cut-off, unquoted, bracket-wrapped noise), valid
 * JSON arrays and scalars, `null`, and arbitrary strings. Blank text is excluded: it means "no
 * arguments" and gives `{}` by design.
 */
const notObjectText: fc.Arbitrary<string> = fc
  .oneof(
    fc.string(),
    fc.string({ unit: "binary" }),
    fc
      .jsonValue()
      .filter((v) => !isPlainObject(v))
      .map((v) => JSON.stringify(v)),
    fc.constantFrom("null", " null ", "NaN", "Infinity", "undefined", "true", "[]", "{", "}", '{path:"foo.txt"}', "{'a':1}"),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }).map((o) => JSON.stringify(o).slice(0, -1)),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }).map((o) => JSON.stringify(o) + ","),
    fc.tuple(fc.constantFrom("{", "[", " {", "\n[", ""), fc.string(), fc.constantFrom("}", "]", "", "}}")).map(([a, b, c]) => a + b + c),
  )
  .filter((text) => text.trim() !== "" && !isJsonObjectText(text));

describe("property: core properties", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("(1) text that is not a JSON object never reaches execute", async () => {
    const { registry, tools } = spyRegistry();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), notObjectText, async (name, text) => {
        const prepared = registry.prepareCall(name, text);
        expect(prepared.error).not.toBeNull();
        expect(prepared.error?.isError).toBe(true);
        expect(prepared.tool?.name).toBe(name);
        expect(prepared.error?.content).toContain(`Error: Tool '${name}' parameters must be a JSON object, got `);
        const result = await registry.execute(name, text);
        expect(isToolErrorResult(result)).toBe(true);
        expect((result as ToolResult).content).toContain("must be a JSON object");
        expect((result as ToolResult).content.endsWith(RETRY_HINT)).toBe(true);
        expectNoneCalled(tools);
      }),
      params("core 1: non-object text"),
    );
    expectNoneCalled(tools);
  });

  /**
   * Arrays and scalars that arrive already parsed (a provider may hand over values, not text):
   * arrays of anything, arrays of objects (the tempting case: "take the first one"), numbers,
   * booleans, and the `{"arguments": …}` wrapper holding one of those. `null` and `undefined` mean
   * "no arguments" and give `{}` by design, so they are left out.
   */
  const arrayOrScalar: fc.Arbitrary<unknown[] | number | boolean> = fc.oneof(
    fc.array(fc.jsonValue(), { maxLength: 4 }),
    fc.array(fc.dictionary(fc.constantFrom("path", "url", "content", "command"), fc.jsonValue(), { minKeys: 1, maxKeys: 2 }), { minLength: 1, maxLength: 3 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
  );
  const typeOf = (value: unknown): string => (Array.isArray(value) ? "array" : typeof value);

  it('(1\') an array or a scalar given as a value, bare or wrapped in {"arguments": …}, never reaches execute', async () => {
    const { registry, tools } = spyRegistry();
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), arrayOrScalar, fc.boolean(), async (name, value, wrapped) => {
        seen.add(`${typeOf(value)}${Array.isArray(value) && isPlainObject(value[0]) ? " of objects" : ""}${wrapped ? " wrapped" : ""}`);
        const prepared = registry.prepareCall(name, wrapped ? { arguments: value } : value);
        if (!wrapped) expect(prepared.error?.content).toContain(`parameters must be a JSON object, got ${typeOf(value)}`);
        // A wrapper around a non-object is not unwrapped: the call is refused, or it stands as the
        // object given (cast by the schema), for a tool that declares an "arguments" key.
        if (prepared.error === null) expect(Object.keys(prepared.params)).toEqual(["arguments"]);
        else expect(prepared.error.isError).toBe(true);
        const result = await registry.execute(name, wrapped ? { arguments: value } : value);
        if (!isToolErrorResult(result)) {
          expect(wrapped).toBe(true);
          const tool = tools.find((t) => t.name === name) as FakeTool;
          expect(Object.keys(tool.calls.at(-1)?.params ?? {})).toEqual(["arguments"]);
          tool.calls.length = 0;
        }
        expectNoneCalled(tools);
      }),
      params("core 1': arrays and scalars as values"),
    );
    // The generator reached every kind the claim names.
    for (const kind of ["array", "array of objects", "number", "boolean", "array wrapped", "array of objects wrapped", "number wrapped", "boolean wrapped"]) {
      expect(seen, kind).toContain(kind);
    }
  });

  /** A case and separator variant of a registered name, or an unrelated string. */
  const separators = fc.constantFrom("_", "-", " ", "", ".", "__", "/", "\t");
  const variant: fc.Arbitrary<{ name: string; base: string | null }> = fc.oneof(
    fc.tuple(fc.constantFrom(...NAMES), fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }), separators, separators, separators).map(([base, upper, sep, pre, post]) => {
      const cased = [...base].map((ch, i) => (upper[i % upper.length] === true ? ch.toUpperCase() : ch)).join("");
      return { name: pre + cased.split("_").join(sep) + post, base };
    }),
    fc.string().map((name) => ({ name, base: null })),
    fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty", "").map((name) => ({ name, base: null })),
  );

  it("(2) a name that is not exactly registered runs nothing; a suggestion lives only in the message", async () => {
    const { registry, tools } = spyRegistry();
    const registered = new Set<string>(NAMES);
    await fc.assert(
      fc.asyncProperty(
        variant.filter((v) => !registered.has(v.name)),
        fc.oneof(fc.constant({ path: "x" }), fc.jsonValue(), fc.string()),
        async ({ name, base }, args) => {
          const prepared = registry.prepareCall(name, args);
          expect(prepared.tool).toBeNull();
          expect(prepared.error).not.toBeNull();
          expect(prepared.error?.isError).toBe(true);
          expect(Object.keys(prepared).sort()).toEqual(["error", "params", "tool"]);
          expect(prepared.params).toBe(args);
          const content = prepared.error?.content ?? "";
          expect(content.startsWith(`Error: Tool '${name}' not found.`)).toBe(true);
          expect(content.endsWith(` Available: ${NAMES.join(", ")}`)).toBe(true);
          const suggestion = registry.suggestName(name);
          if (base !== null) expect(suggestion).toBe(base);
          if (suggestion === null) expect(content).not.toContain("Did you mean");
          else expect(content).toContain(` Did you mean '${suggestion}'? Tool names must match exactly.`);
          const result = await registry.execute(name, args);
          expect(isToolErrorResult(result)).toBe(true);
          expect((result as ToolResult).content).toBe(content + RETRY_HINT);
          expectNoneCalled(tools);
        },
      ),
      params("core 2: inexact names"),
    );
    expectNoneCalled(tools);
  });

  /** Anything at all, plus values that are hard to describe: Errors with odd fields, proxies, cycles. */
  const thrownValue: fc.Arbitrary<unknown> = fc.oneof(
    fc.anything({
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withTypedArray: true,
    }),
    fc.string().map((message) => new Error(message)),
    fc.string().map((message) => new TypeError(message)),
    fc.constantFrom<unknown>(
      Symbol("thrown"),
      Object.assign(new Error("no name"), { name: "" }),
      Object.assign(new Error("odd message"), { message: { nested: true } }),
      Object.defineProperty(new Error("x"), "message", {
        get(): string {
          throw new Error("message getter");
        },
      }),
      new Proxy(
        {},
        {
          get(): never {
            throw new Error("proxy get");
          },
          getPrototypeOf(): never {
            throw new Error("proxy prototype");
          },
          ownKeys(): never {
            throw new Error("proxy keys");
          },
        },
      ),
      (() => {
        const cyclic: Record<string, unknown> = {};
        cyclic["self"] = cyclic;
        return cyclic;
      })(),
      {
        toString(): string {
          throw new Error("toString");
        },
        toJSON(): never {
          throw new Error("toJSON");
        },
      },
    ),
  );

  it("(3) a tool that throws or rejects with anything gives a ToolResult error", async () => {
    let thrown: unknown;
    let mode: "sync" | "async" | "reject" = "sync";
    const boom = spyTool("boom", { type: "object", properties: {} }, () => {
      if (mode === "sync") throw thrown;
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the property is that a rejection with any value becomes a ToolResult error
      if (mode === "reject") return Promise.reject(thrown);
      return (async () => {
        await Promise.resolve();
        throw thrown;
      })();
    });
    const bystander = spyTool("bystander", { type: "object", properties: {} });
    const registry = new ToolRegistry();
    registry.register(boom);
    registry.register(bystander);
    await fc.assert(
      fc.asyncProperty(thrownValue, fc.constantFrom("sync" as const, "async" as const, "reject" as const), async (value, how) => {
        thrown = value;
        mode = how;
        boom.calls.length = 0;
        const result = await registry.execute("boom", {});
        expect(boom.calls).toHaveLength(1);
        expect(result).toBeInstanceOf(ToolResult);
        expect(isToolErrorResult(result)).toBe(true);
        const content = (result as ToolResult).content;
        expect(content.startsWith("Error executing boom: ")).toBe(true);
        expect(content.endsWith(RETRY_HINT)).toBe(true);
        expect(bystander.calls).toHaveLength(0);
      }),
      params("core 3: throwing tools"),
    );
    expect(bystander.calls).toHaveLength(0);
  });

  it("(4) parseToolArguments never makes an object of non-object text; replay always gives a plain object", () => {
    const { registry, tools } = spyRegistry();
    const prepare = vi.spyOn(ToolRegistry.prototype, "prepareCall");
    fc.assert(
      fc.property(notObjectText, fc.oneof(notObjectText, fc.anything(), fc.jsonValue(), fc.json()), (text, anything) => {
        prepare.mockClear();
        const parsed = parseToolArguments(text);
        expect(isPlainObject(parsed)).toBe(false);
        const replayed = toolArgumentsObjectForReplay(anything);
        expect(isPlainObject(replayed)).toBe(true);
        const replayedText = toolArgumentsObjectForReplay(text);
        expect(isPlainObject(replayedText)).toBe(true);
        // The replay rule never touches the execution path...
        expect(prepare).not.toHaveBeenCalled();
        // ...and what parseToolArguments keeps is refused there without running anything. (The
        // JSON text `""` parses to a blank string, which the registry reads as "no arguments";
        // read_file then still refuses it for its missing `path`.)
        const prepared = registry.prepareCall("read_file", parsed);
        expect(prepared.error).not.toBeNull();
        if (!(typeof parsed === "string" && parsed.trim() === "")) {
          expect(prepared.error?.content).toContain("must be a JSON object");
        }
        expectNoneCalled(tools);
      }),
      params("core 4: argument parsing"),
    );
    expectNoneCalled(tools);
  });

  /** A schema together with an arbitrary of values valid for it. */
  interface Node {
    schema: JsonSchema;
    value: fc.Arbitrary<unknown>;
  }

  const KEYS = ["path", "count", "meta", "flags", "a", "b_c", "x1", "arguments", "mode", "constructor", "toString", "__proto__"] as const;

  const stringNode: fc.Arbitrary<Node> = fc.oneof(
    fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 6 })).map(([min, extra]): Node => ({
      schema: { type: "string", minLength: min, maxLength: min + extra },
      value: fc.string({ unit: "grapheme-ascii", minLength: min, maxLength: min + extra }),
    })),
    fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 4 }).map((values): Node => ({
      schema: { type: "string", enum: values },
      value: fc.constantFrom(...values),
    })),
    fc.constant<Node>({ schema: { type: ["string", "null"] }, value: fc.option(fc.string(), { nil: null }) }),
    fc.constant<Node>({ schema: { type: "string", nullable: true }, value: fc.option(fc.string({ unit: "binary" }), { nil: null }) }),
    // Text that looks like other types stays text for a string field.
    fc.constant<Node>({
      schema: { type: "string" },
      value: fc.oneof(fc.constantFrom("42", "-7", "3.5", "true", "no", "null", "{}", "[1]", ""), fc.string({ unit: "binary" })),
    }),
  );
  const integerNode: fc.Arbitrary<Node> = fc.oneof(
    fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.nat({ max: 2000 })).map(([min, span]): Node => ({
      schema: { type: "integer", minimum: min, maximum: min + span },
      value: fc.integer({ min, max: min + span }),
    })),
    fc.constant<Node>({ schema: { type: "integer" }, value: fc.maxSafeInteger() }),
    fc.constant<Node>({ schema: { type: "integer", nullable: true }, value: fc.option(fc.integer(), { nil: null }) }),
  );
  const numberNode: fc.Arbitrary<Node> = fc.constant<Node>({
    schema: { type: "number" },
    value: fc.double({ noNaN: true, noDefaultInfinity: true }),
  });
  const booleanNode: fc.Arbitrary<Node> = fc.constant<Node>({ schema: { type: "boolean" }, value: fc.boolean() });
  const scalarNode = fc.oneof(stringNode, integerNode, numberNode, booleanNode);
  /**
   * The choices generated schemas carry: type lists, `anyOf` (Pydantic's Optional),
   * `oneOf` of branches of different JSON types, `allOf`, `not`, `const` and mixed `enum`. Their
   * valid values include numeric and boolean strings, which must reach the tool unchanged.
   */
  const choiceNode: fc.Arbitrary<Node> = fc.oneof(
    fc.constant<Node>({
      schema: { type: ["integer", "string"] },
      value: fc.oneof(fc.integer(), fc.constantFrom("007", "42", "-3", "true", "3.5", ""), fc.string()),
    }),
    fc.constant<Node>({ schema: { type: ["boolean", "string"] }, value: fc.oneof(fc.boolean(), fc.constantFrom("yes", "no", "true", "0")) }),
    fc.constant<Node>({
      schema: { type: ["string", "number", "null"] },
      value: fc.oneof(fc.constantFrom("5", "1e3", null), fc.double({ noNaN: true, noDefaultInfinity: true })),
    }),
    fc.tuple(scalarNode, scalarNode).map(([a, b]): Node => ({ schema: { anyOf: [a.schema, b.schema] }, value: fc.oneof(a.value, b.value) })),
    integerNode.map((a): Node => ({ schema: { anyOf: [a.schema, { type: "null" }] }, value: fc.option(a.value, { nil: null }) })),
    fc.tuple(stringNode, booleanNode).map(([a, b]): Node => ({ schema: { oneOf: [a.schema, b.schema] }, value: fc.oneof(a.value, b.value) })),
    integerNode.map((a): Node => ({ schema: { allOf: [a.schema, { type: "integer" }] }, value: a.value.filter((v) => v !== null) })),
    stringNode.map((a): Node => ({ schema: { allOf: [a.schema], not: { type: "number" } }, value: a.value })),
    fc.constant<Node>({ schema: { const: "42" }, value: fc.constant("42") }),
    fc.constant<Node>({ schema: { enum: ["1", 1, true, "true", null] }, value: fc.constantFrom("1", 1, true, "true", null) }),
  );
  const leaf = fc.oneof({ weight: 3, arbitrary: scalarNode }, { weight: 2, arbitrary: choiceNode });

  function objectNode(child: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
    return fc
      .tuple(
        fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 5 }),
        fc.array(child, { minLength: 5, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
        fc.boolean(),
      )
      .map(([keys, children, requiredFlags, closed]): Node => {
        const properties: Record<string, JsonSchema> = {};
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        const required: string[] = [];
        keys.forEach((key, i) => {
          const node = children[i] as Node;
          // defineProperty, so no key can ever reach a prototype.
          Object.defineProperty(properties, key, { value: node.schema, enumerable: true, writable: true, configurable: true });
          Object.defineProperty(model, key, { value: node.value, enumerable: true, writable: true, configurable: true });
          if (requiredFlags[i] === true) required.push(key);
        });
        const schema: JsonSchema = { type: "object", properties, required };
        if (closed) schema["additionalProperties"] = false;
        return { schema, value: fc.record(model, { requiredKeys: required }) };
      });
  }

  function arrayNode(child: fc.Arbitrary<Node>): fc.Arbitrary<Node> {
    return fc.tuple(child, fc.nat({ max: 2 }), fc.nat({ max: 3 })).map(([item, min, extra]): Node => ({
      schema: { type: "array", items: item.schema, minItems: min, maxItems: min + extra },
      value: fc.array(item.value, { minLength: min, maxLength: min + extra }),
    }));
  }

  const depth1 = fc.oneof({ weight: 3, arbitrary: leaf }, { weight: 1, arbitrary: arrayNode(leaf) });
  const depth2 = fc.oneof(
    { weight: 3, arbitrary: leaf },
    { weight: 1, arbitrary: arrayNode(depth1) },
    { weight: 1, arbitrary: objectNode(depth1) },
    { weight: 1, arbitrary: arrayNode(objectNode(leaf)) },
  );
  const rootCase = objectNode(depth2).chain((node) => node.value.map((value) => ({ schema: node.schema, value })));

  /** True when `JSON.stringify(value)` writes a number as an integer literal other than its exact value. */
  function writesInexactInteger(value: unknown): boolean {
    if (typeof value === "number") {
      const text = JSON.stringify(value);
      return Number.isInteger(value) && !/[e.]/.test(text) && BigInt(value).toString() !== text;
    }
    if (value === null || typeof value !== "object") return false;
    return Object.values(value).some(writesInexactInteger);
  }

  it("(5') the schema generator reaches type lists and every combinator", () => {
    const seen = new Set<string>();
    const walk = (node: unknown): void => {
      if (node === null || typeof node !== "object") return;
      const record = node as Record<string, unknown>;
      for (const key of ["anyOf", "oneOf", "allOf", "not", "const", "enum"]) if (Object.hasOwn(record, key)) seen.add(key);
      if (Array.isArray(record["type"])) seen.add("typeList");
      for (const child of Object.values(record)) walk(child);
    };
    for (const { schema } of fc.sample(rootCase, { numRuns: 300, seed: 5 })) walk(schema);
    expect([...seen].sort()).toEqual(["allOf", "anyOf", "const", "enum", "not", "oneOf", "typeList"]);
  });

  it("(5) params valid for the schema are accepted and handed on unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(rootCase, async ({ schema, value }) => {
        const target = spyTool("target", schema);
        const other = spyTool("other", { type: "object", properties: {} });
        const registry = new ToolRegistry();
        registry.register(target);
        registry.register(other);
        const given = value as Record<string, unknown>;
        const snapshot = structuredClone(given);

        const prepared = registry.prepareCall("target", given);
        expect(prepared.error).toBeNull();
        if (Object.getPrototypeOf(given) === null) {
          // A root object without a prototype is handed on as an ordinary copy of its own keys.
          expect(Object.getPrototypeOf(prepared.params)).toBe(Object.prototype);
          expect(prepared.params).toEqual(given);
        } else {
          expect(prepared.params).toBe(given);
        }
        expect(given).toEqual(snapshot);

        // As text, a double past 2^53 is written as an integer literal (44091448634284170) that is
        // not its exact value (44091448634284168): such text is refused, never rounded silently.
        const fromText = registry.prepareCall("target", JSON.stringify(given));
        if (writesInexactInteger(given)) {
          expect(fromText.error?.content).toContain("cannot be represented exactly");
        } else {
          expect(fromText.error).toBeNull();
          expect(fromText.params).toEqual(JSON.parse(JSON.stringify(given)));
        }

        const result = await registry.execute("target", given);
        expect(result).toBe("ok");
        expect(target.calls).toHaveLength(1);
        expect(target.calls[0]?.params).toEqual(snapshot);
        expect(other.calls).toHaveLength(0);
      }),
      params("core 5: valid params", 120),
    );
  });
});

describe("property: prepareCall never throws", () => {
  /** Arrays or objects nested `depth` levels: deep enough, at the top, to overflow the stack. */
  const nested = fc.tuple(fc.constantFrom(10, 1_000, 60_000), fc.boolean()).map(([depth, arrays]) => {
    let value: unknown = arrays ? 1 : null;
    for (let i = 0; i < depth; i++) value = arrays ? [value] : { next: value };
    return value;
  });
  /** Values whose every reflective operation throws. */
  const hostile = fc
    .constantFrom<() => unknown>(
      () =>
        new Proxy(
          {},
          {
            getPrototypeOf: () => {
              throw new Error("trap");
            },
          },
        ),
      () =>
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("trap");
            },
          },
        ),
      () =>
        new Proxy([], {
          get: () => {
            throw new Error("trap");
          },
        }),
      () =>
        Object.defineProperty({}, "path", {
          enumerable: true,
          get: () => {
            throw new Error("getter");
          },
        }),
      () => ({
        toString: () => {
          throw new Error("toString");
        },
        valueOf: () => {
          throw new Error("valueOf");
        },
      }),
    )
    .map((make) => make());
  const anyParams: fc.Arbitrary<unknown> = fc.oneof(
    fc.anything(),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    nested,
    nested.map((deep) => ({ u: [deep, structuredCloneSafe(deep)], head: deep, path: deep })),
    nested.map((deep) => ({ arguments: deep })),
    hostile,
    hostile.map((h) => ({ path: h, u: [h, h], head: h })),
  );
  const anyName: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom("read_file", "unique", "linked", "choice", "missing", "constructor", "__proto__"), fc.anything(), hostile);

  /** A copy of a deep chain without recursion (structuredClone would overflow). */
  function structuredCloneSafe(value: unknown): unknown {
    const chain: unknown[] = [];
    let current = value;
    while (current !== null && typeof current === "object") {
      chain.push(current);
      current = Array.isArray(current) ? current[0] : (current as { next: unknown }).next;
    }
    let copy: unknown = current;
    for (let i = chain.length - 1; i >= 0; i--) copy = Array.isArray(chain[i]) ? [copy] : { next: copy };
    return copy;
  }

  it("(6) for any name and params, prepareCall returns a result: an error result or a tool with its params", () => {
    const registry = new ToolRegistry();
    registry.register(spyTool("read_file", { type: "object", properties: { path: { type: "string" } }, required: ["path"] }));
    registry.register(spyTool("unique", { type: "object", properties: { u: { type: "array", uniqueItems: true } } }));
    registry.register(
      spyTool("linked", {
        type: "object",
        $defs: { node: { type: ["object", "null"], properties: { next: { $ref: "#/$defs/node" } } } },
        properties: { head: { $ref: "#/$defs/node" } },
      }),
    );
    registry.register(spyTool("choice", { type: "object", properties: { path: { anyOf: [{ type: "integer" }, { type: "null" }] } } }));
    fc.assert(
      fc.property(anyName, anyParams, (name, args) => {
        let prepared: ReturnType<ToolRegistry["prepareCall"]> | undefined;
        expect(() => {
          prepared = registry.prepareCall(name, args);
        }).not.toThrow();
        expect(prepared).toBeDefined();
        if (prepared?.error === null) {
          expect(prepared.tool).not.toBeNull();
          expect(isPlainObject(prepared.params)).toBe(true);
        } else {
          expect(prepared?.error.isError).toBe(true);
          expect(typeof prepared?.error.content).toBe("string");
          expect(prepared?.error.content.startsWith("Error")).toBe(true);
        }
      }),
      propertyConfig("core 6: prepareCall never throws", 250),
    );
  }, 600_000);
});
