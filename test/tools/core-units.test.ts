/**
 * Unit tests of the core tool contract: Tool defaults, ToolResult, casting, validation, the
 * registry (lookup, definitions, suggestions, prepareCall, execute) and the provider-side
 * argument parsing. Messages are matched exactly as the public API states them.
 */
import { describe, expect, it, vi } from "vitest";
import {
  parseToolArguments,
  ToolCallRequest,
  toolArgumentsJsonForReplay,
  toolArgumentsObjectForReplay,
} from "../../src/providers/base.js";
import { isToolErrorResult, Tool, ToolResult, type ExecuteOptions, type JsonSchema, type ToolContext } from "../../src/tools/base.js";
import { castValue, resolveSchemaType } from "../../src/tools/cast.js";
import { RETRY_HINT, ToolRegistry, type PrepareStep } from "../../src/tools/registry.js";

type Exec = (params: Record<string, unknown>, options: ExecuteOptions) => Promise<unknown>;

/** A tool with the given name and schema whose execute delegates to `exec` (a spy by default). */
function makeTool(name: string, parameters: JsonSchema = { type: "object", properties: {} }, exec?: Exec): Tool & { spy: Exec } {
  const spy: Exec = exec ?? vi.fn<Exec>(async () => "ok");
  class Made extends Tool {
    readonly name = name;
    readonly description = `the ${name} tool`;
    readonly parameters = parameters;
    readonly spy = spy;
    async execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
      return spy(params, options);
    }
  }
  return new Made();
}

function registryOf(...tools: Tool[]): ToolRegistry {
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  return registry;
}

const ctx: ToolContext = { workspace: "/tmp/ws" };

class Minimal extends Tool {
  readonly name = "test_minimal";
  readonly description = "minimal";
  readonly parameters = { type: "object", properties: {} };
  async execute(): Promise<unknown> {
    return "ok";
  }
}

class ReadOnlyTool extends Minimal {
  override get readOnly(): boolean {
    return true;
  }
}

class ExclusiveReadOnly extends ReadOnlyTool {
  override get exclusive(): boolean {
    return true;
  }
}

class OverriddenSafe extends ReadOnlyTool {
  override get concurrencySafe(): boolean {
    return false;
  }
}

class OverriddenUnsafeToSafe extends Minimal {
  override get concurrencySafe(): boolean {
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
describe("Tool defaults and ToolResult (A)", () => {
  it("has readOnly and exclusive false and is not concurrency-safe by default", () => {
    const tool = new Minimal();
    expect(tool.readOnly).toBe(false);
    expect(tool.exclusive).toBe(false);
    expect(tool.concurrencySafe).toBe(false);
  });

  it("is concurrency-safe exactly when readOnly && !exclusive", () => {
    expect(new ReadOnlyTool().concurrencySafe).toBe(true);
    expect(new ExclusiveReadOnly().concurrencySafe).toBe(false);
  });

  it("respects an overridden concurrencySafe", () => {
    expect(new OverriddenSafe().readOnly).toBe(true);
    expect(new OverriddenSafe().concurrencySafe).toBe(false);
    expect(new OverriddenUnsafeToSafe().concurrencySafe).toBe(true);
  });

  it("has the static plugin defaults", () => {
    expect(Minimal.scopes).toEqual(["core"]);
    expect(Minimal.configKey).toBe("");
    expect(Minimal.discoverable).toBe(true);
    expect(Minimal.enabled(ctx)).toBe(true);
    const created = Minimal.create(ctx);
    expect(created).toBeInstanceOf(Minimal);
    expect(created.name).toBe("test_minimal");
    expect(Minimal.create(ctx)).not.toBe(created);
  });

  it("toSchema gives the OpenAI function definition", () => {
    const tool = makeTool("echo", { type: "object", properties: { text: { type: "string" } } });
    expect(tool.toSchema()).toEqual({
      type: "function",
      function: { name: "echo", description: "the echo tool", parameters: { type: "object", properties: { text: { type: "string" } } } },
    });
  });

  it("ToolResult carries content and status", () => {
    const ok = new ToolResult("x");
    expect(ok.isError).toBe(false);
    expect(ok.content).toBe("x");
    expect(ok.toString()).toBe("x");
    expect(`${ok}`).toBe("x");
    const bad = ToolResult.error("boom");
    expect(bad.isError).toBe(true);
    expect(bad.content).toBe("boom");
    expect(new ToolResult("y", true).isError).toBe(true);
    expect(Tool.error("z")).toEqual(ToolResult.error("z"));
    expect(Tool.error("z").isError).toBe(true);
  });

  it("isToolErrorResult is true only for an error ToolResult", () => {
    expect(isToolErrorResult(ToolResult.error("Error: x"))).toBe(true);
    expect(isToolErrorResult(new ToolResult("Error: generated report successfully"))).toBe(false);
    expect(isToolErrorResult("Error: plain string")).toBe(false);
    expect(isToolErrorResult({ content: "x", isError: true })).toBe(false);
    expect(isToolErrorResult(null)).toBe(false);
    expect(isToolErrorResult(undefined)).toBe(false);
  });

  it("resolveSchemaType takes the first non-null type", () => {
    expect(resolveSchemaType("string")).toBe("string");
    expect(resolveSchemaType(["string", "null"])).toBe("string");
    expect(resolveSchemaType(["null", "integer"])).toBe("integer");
    expect(resolveSchemaType(["null"])).toBeNull();
    expect(resolveSchemaType(undefined)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
describe("casting (C)", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      count: { type: "integer" },
      rate: { type: "number" },
      flag: { type: "boolean" },
      name: { type: "string" },
      tags: { type: "array", items: { type: "integer" } },
      plain: { type: "array" },
      config: { type: "object", properties: { port: { type: "integer" }, debug: { type: "boolean" } } },
      opt: { type: ["integer", "null"] },
    },
  };
  const tool = makeTool("caster", schema);

  it("casts integer strings", () => {
    expect(tool.castParams({ count: "42" })).toEqual({ count: 42 });
    expect(tool.castParams({ count: " 42 " })).toEqual({ count: 42 });
    expect(tool.castParams({ count: "-7" })).toEqual({ count: -7 });
    expect(tool.castParams({ count: "+7" })).toEqual({ count: 7 });
  });

  it("keeps integer strings that are not plain digits", () => {
    for (const text of ["3.0", "1_000", "abc", "12.5.7", "", "1e3"]) {
      expect(tool.castParams({ count: text })).toEqual({ count: text });
    }
    expect(tool.validateParams(tool.castParams({ count: "3.0" }))).toEqual(["count should be integer"]);
  });

  it("keeps integer strings beyond 2^53", () => {
    expect(tool.castParams({ count: "9007199254740993" })).toEqual({ count: "9007199254740993" });
    expect(tool.castParams({ count: "9007199254740991" })).toEqual({ count: 9007199254740991 });
  });

  it("casts number strings", () => {
    expect(tool.castParams({ rate: "3.14" })).toEqual({ rate: 3.14 });
    expect(tool.castParams({ rate: "5" })).toEqual({ rate: 5 });
    expect(tool.castParams({ rate: "1e3" })).toEqual({ rate: 1000 });
    expect(tool.castParams({ rate: "not_a_number" })).toEqual({ rate: "not_a_number" });
  });

  it.each(["NaN", "Infinity", "-Infinity", "nan", "inf"])("rejects the non-finite string %s with `rate must be finite`", (text) => {
    const cast = tool.castParams({ rate: text });
    expect(typeof cast["rate"]).toBe("number");
    expect(tool.validateParams(cast)).toEqual(["rate must be finite"]);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])("rejects the non-finite number %s", (value) => {
    expect(tool.validateParams(tool.castParams({ rate: value }))).toEqual(["rate must be finite"]);
  });

  it("casts boolean strings, any case, no spaces", () => {
    for (const t of ["true", "True", "1", "yes", "Yes"]) expect(tool.castParams({ flag: t })).toEqual({ flag: true });
    for (const f of ["false", "False", "0", "no", "NO"]) expect(tool.castParams({ flag: f })).toEqual({ flag: false });
    for (const other of ["random", "maybe", "on", " true", ""]) {
      expect(tool.castParams({ flag: other })).toEqual({ flag: other });
    }
    expect(tool.validateParams(tool.castParams({ flag: "maybe" }))).toEqual(["flag should be boolean"]);
    expect(tool.validateParams(tool.castParams({ flag: 1 }))).toEqual(["flag should be boolean"]);
  });

  it("never casts booleans to numbers", () => {
    expect(tool.castParams({ count: true })).toEqual({ count: true });
    expect(tool.validateParams({ count: true })).toEqual(["count should be integer"]);
    expect(tool.validateParams({ rate: false })).toEqual(["rate should be number"]);
    expect(tool.validateParams({ count: 3.5 })).toEqual(["count should be integer"]);
  });

  it("turns numbers and booleans into strings for a string field, and leaves objects", () => {
    expect(tool.castParams({ name: 123 })).toEqual({ name: "123" });
    expect(tool.castParams({ name: 1.5 })).toEqual({ name: "1.5" });
    expect(tool.castParams({ name: true })).toEqual({ name: "true" });
    expect(tool.castParams({ name: "" })).toEqual({ name: "" });
    const obj = { a: 1 };
    const arr = [1, 2];
    expect(tool.castParams({ name: obj })["name"]).toBe(obj);
    expect(tool.castParams({ name: arr })["name"]).toBe(arr);
    expect(tool.validateParams(tool.castParams({ name: obj }))).toEqual(["name should be string"]);
    expect(tool.validateParams(tool.castParams({ name: arr }))).toEqual(["name should be string"]);
  });

  it("keeps null for every type", () => {
    const params = { count: null, rate: null, flag: null, name: null, tags: null, config: null };
    expect(tool.castParams(params)).toEqual(params);
    expect(tool.validateParams(params)).toContain("name should be string");
    expect(tool.validateParams(params)).toContain("count should be integer");
  });

  it("casts nullable unions by their non-null type", () => {
    expect(tool.castParams({ opt: "5" })).toEqual({ opt: 5 });
    expect(tool.castParams({ opt: null })).toEqual({ opt: null });
  });

  it("casts arrays item by item and never wraps a scalar", () => {
    expect(tool.castParams({ tags: ["1", "2", "3"] })).toEqual({ tags: [1, 2, 3] });
    expect(tool.castParams({ tags: ["1", "x"] })).toEqual({ tags: [1, "x"] });
    expect(tool.castParams({ tags: 5 })).toEqual({ tags: 5 });
    expect(tool.castParams({ tags: "text" })).toEqual({ tags: "text" });
    expect(tool.castParams({ tags: "[1,2]" })).toEqual({ tags: "[1,2]" });
    expect(tool.validateParams(tool.castParams({ tags: "[1,2]" }))).toEqual(["tags should be array"]);
    expect(tool.castParams({ plain: ["1", 2] })).toEqual({ plain: ["1", 2] });
  });

  it("casts nested objects and leaves a JSON string for an object field", () => {
    expect(tool.castParams({ config: { port: "8080", debug: "true" } })).toEqual({ config: { port: 8080, debug: true } });
    expect(tool.castParams({ config: '{"port":"1"}' })).toEqual({ config: '{"port":"1"}' });
  });

  it("casts keys outside properties with a typed additionalProperties, and keeps them otherwise", () => {
    const typed = makeTool("typed", { type: "object", properties: { a: { type: "string" } }, additionalProperties: { type: "integer" } });
    expect(typed.castParams({ a: 1, extra: "2" })).toEqual({ a: "1", extra: 2 });
    const closed = makeTool("closed", { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false });
    expect(closed.castParams({ a: "1", extra: "2" })).toEqual({ a: 1, extra: "2" });
    const open = makeTool("open", { type: "object", properties: { a: { type: "integer" } } });
    expect(open.castParams({ extra: "2" })).toEqual({ extra: "2" });
  });

  it("casts with an enum and with no recognised type", () => {
    expect(castValue({ type: "object", properties: { e: { type: "integer", enum: [1, 2] } } }, { e: "2" })).toEqual({ e: 2 });
    expect(castValue({ type: "object", properties: { u: {} , n: { type: "null" }, w: { type: "weird" } } }, { u: "1", n: "1", w: "1" })).toEqual({
      u: "1",
      n: "1",
      w: "1",
    });
  });

  it("treats a missing root type as an object, and an empty schema casts nothing", () => {
    expect(castValue({ properties: { n: { type: "integer" } } }, { n: "3" })).toEqual({ n: 3 });
    const params = { n: "3" };
    expect(castValue({}, params)).toBe(params);
  });

  it("never mutates its input", () => {
    const params = { count: "1", tags: ["2"], config: { port: "3" } };
    const snapshot = structuredClone(params);
    const cast = tool.castParams(params);
    expect(params).toEqual(snapshot);
    expect(cast).not.toBe(params);
    expect(cast).toEqual({ count: 1, tags: [2], config: { port: 3 } });
  });

  it("returns the very same objects when nothing changes", () => {
    const params = { count: 1, name: "x", tags: [1, 2], config: { port: 1 }, other: "o" };
    expect(tool.castParams(params)).toBe(params);
    const partly = { count: "1", tags: [1, 2], config: { port: 1 } };
    const cast = tool.castParams(partly);
    expect(cast).not.toBe(partly);
    expect(cast["tags"]).toBe(partly.tags);
    expect(cast["config"]).toBe(partly.config);
  });

  it("keeps a `__proto__` own key as data and never changes a prototype", () => {
    const withProps = makeTool("protos", {
      type: "object",
      properties: { n: { type: "integer" } },
      additionalProperties: { type: "integer" },
    });
    const parsed = JSON.parse('{"n":"5","__proto__":"7"}') as Record<string, unknown>;
    const cast = withProps.castParams(parsed);
    expect(Object.getPrototypeOf(cast)).toBe(Object.prototype);
    expect(Object.hasOwn(cast, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(cast, "__proto__")?.value).toBe(7);
    expect(cast["n"]).toBe(5);

    const polluting = JSON.parse('{"n":"1","__proto__":{"polluted":"yes"}}') as Record<string, unknown>;
    const cast2 = tool.castParams(polluting);
    expect(Object.getPrototypeOf(cast2)).toBe(Object.prototype);
    expect(Object.hasOwn(cast2, "__proto__")).toBe(true);
    expect((cast2 as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

// ---------------------------------------------------------------------------------------------
describe("validation (D)", () => {
  const schema: JsonSchema = {
    type: "object",
    properties: {
      query: { type: "string", minLength: 2, maxLength: 5 },
      count: { type: "integer", minimum: 1, maximum: 10 },
      mode: { type: "string", enum: ["fast", "full"] },
      list: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 2 },
      meta: {
        type: "object",
        properties: { tag: { type: "string" }, flags: { type: "array", items: { type: "string" } } },
        required: ["tag"],
      },
      rows: { type: "array", items: { type: "object", properties: { b: { type: "integer" } } } },
    },
    required: ["query"],
  };
  const tool = makeTool("search", schema);

  it("accepts valid params", () => {
    expect(tool.validateParams({ query: "hi", count: 3, mode: "fast", list: ["a"], meta: { tag: "t", flags: ["x"] } })).toEqual([]);
  });

  it("reports missing required fields at the root and nested", () => {
    expect(tool.validateParams({})).toEqual(["missing required query"]);
    expect(tool.validateParams({ query: "hi", meta: {} })).toEqual(["missing required meta.tag"]);
  });

  it("reports type problems with JSON type names and dotted, indexed paths", () => {
    expect(tool.validateParams({ query: "hi", count: "2" })).toEqual(["count should be integer"]);
    expect(tool.validateParams({ query: "hi", meta: { tag: "t", flags: [1] } })).toEqual(["meta.flags[0] should be string"]);
    expect(tool.validateParams({ query: "hi", rows: [{ b: "x" }] })).toEqual(["rows[0].b should be integer"]);
    expect(tool.validateParams({ query: "hi", meta: "x" })).toEqual(["meta should be object"]);
    expect(tool.validateParams({ query: "hi", list: "x" })).toEqual(["list should be array"]);
  });

  it("reports ranges", () => {
    expect(tool.validateParams({ query: "hi", count: 0 })).toEqual(["count must be >= 1"]);
    expect(tool.validateParams({ query: "hi", count: 11 })).toEqual(["count must be <= 10"]);
  });

  it("reports enums and string lengths", () => {
    expect(tool.validateParams({ query: "hi", mode: "slow" })).toEqual(['mode must be one of ["fast","full"]']);
    expect(tool.validateParams({ query: "h" })).toEqual(["query must be at least 2 chars"]);
    expect(tool.validateParams({ query: "hello!" })).toEqual(["query must be at most 5 chars"]);
  });

  it("reports item counts", () => {
    expect(tool.validateParams({ query: "hi", list: [] })).toEqual(["list must have at least 1 items"]);
    expect(tool.validateParams({ query: "hi", list: ["a", "b", "c"] })).toEqual(["list must be at most 2 items"]);
  });

  it("allows unknown fields unless additionalProperties is false or typed", () => {
    expect(tool.validateParams({ query: "hi", extra: 1 })).toEqual([]);
    const closed = makeTool("closed", { type: "object", properties: { a: { type: "integer" } }, additionalProperties: false });
    expect(closed.validateParams({ extra: 1 })).toEqual(["unexpected parameter extra"]);
    const typed = makeTool("typed", { type: "object", properties: {}, additionalProperties: { type: "integer" } });
    expect(typed.validateParams({ extra: "2" })).toEqual(["extra should be integer"]);
  });

  it("accepts both nullable forms", () => {
    const nullable = makeTool("nullable", {
      type: "object",
      properties: { a: { type: ["string", "null"] }, b: { type: "string", nullable: true } },
    });
    expect(nullable.validateParams({ a: null, b: null })).toEqual([]);
    expect(nullable.validateParams({ a: "hello", b: "hello" })).toEqual([]);
    expect(nullable.validateParams({ a: 1 })).toEqual(["a should be string"]);
  });

  it("puts missing-required problems first", () => {
    const strict = makeTool("strict", {
      type: "object",
      properties: { n: { type: "integer" }, m: { type: "integer" }, k: { type: "integer" } },
      required: ["n", "m"],
      additionalProperties: false,
    });
    expect(strict.validateParams({ z: 1 })).toEqual(["missing required n", "missing required m", "unexpected parameter z"]);
    const problems = strict.validateParams({ k: "x" });
    expect(problems).toEqual(["missing required n", "missing required m", "k should be integer"]);
  });

  it("reports only the type problem for a value of the wrong type", () => {
    const t = makeTool("typeonly", {
      type: "object",
      properties: { e: { type: "integer", enum: [1, 2], minimum: 1 }, s: { type: "string", enum: ["ab"], minLength: 2 } },
    });
    expect(t.validateParams({ e: "x" })).toEqual(["e should be integer"]);
    expect(t.validateParams({ s: 5 })).toEqual(["s should be string"]);
  });

  it("rejects params that are not an object", () => {
    expect(tool.validateParams([] as unknown as Record<string, unknown>)).toEqual(["parameters must be an object, got array"]);
  });

  it("validates a root without type as an object", () => {
    const untyped = makeTool("untyped", { properties: { a: { type: "integer" } }, required: ["a"] });
    expect(untyped.validateParams({})).toEqual(["missing required a"]);
  });
});

// ---------------------------------------------------------------------------------------------
describe("registry: registration, lookup and definitions (E)", () => {
  it("re-registering a name replaces the tool and keeps its position", () => {
    const a1 = makeTool("a");
    const a2 = makeTool("a");
    const registry = registryOf(a1, makeTool("b"), makeTool("c"));
    registry.register(a2);
    expect(registry.toolNames).toEqual(["a", "b", "c"]);
    expect(registry.get("a")).toBe(a2);
    expect(registry.size).toBe(3);
  });

  it("get, has, size and toolNames", () => {
    const registry = registryOf(makeTool("x"), makeTool("y"));
    expect(registry.has("x")).toBe(true);
    expect(registry.has("z")).toBe(false);
    expect(registry.get("z")).toBeUndefined();
    expect(registry.size).toBe(2);
    registry.unregister("x");
    expect(registry.toolNames).toEqual(["y"]);
    expect(registry.has("x")).toBe(false);
  });

  it("toolNames returns a copy", () => {
    const registry = registryOf(makeTool("x"));
    registry.toolNames.push("junk");
    expect(registry.toolNames).toEqual(["x"]);
  });

  it("unregister of an unknown name is a no-op that still invalidates the definitions cache", () => {
    const registry = registryOf(makeTool("x"));
    const first = registry.getDefinitions();
    registry.unregister("nope");
    expect(registry.toolNames).toEqual(["x"]);
    const second = registry.getDefinitions();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])("`%s` is never a tool", (name) => {
    const registry = registryOf(makeTool("read_file"));
    expect(registry.get(name)).toBeUndefined();
    expect(registry.has(name)).toBe(false);
    const prepared = registry.prepareCall(name, {});
    expect(prepared.tool).toBeNull();
    expect(prepared.error?.content).toBe(`Error: Tool '${name}' not found. Available: read_file`);
  });

  it("orders definitions built-ins first, then mcp_, each sorted", () => {
    const registry = registryOf(makeTool("mcp_git_status"), makeTool("write_file"), makeTool("mcp_fs_list"), makeTool("read_file"));
    expect(registry.getDefinitions().map((d) => d.function.name)).toEqual(["read_file", "write_file", "mcp_fs_list", "mcp_git_status"]);
  });

  it("sorts by code units; MCP_ and a bare mcp are built-ins", () => {
    const registry = registryOf(makeTool("mcp_b"), makeTool("mcp"), makeTool("a"), makeTool("_x"), makeTool("MCP_c"), makeTool("B"), makeTool("mcp_a"));
    expect(registry.getDefinitions().map((d) => d.function.name)).toEqual(["B", "MCP_c", "_x", "a", "mcp", "mcp_a", "mcp_b"]);
  });

  it("returns the same array until register or unregister", () => {
    const registry = registryOf(makeTool("a"));
    const first = registry.getDefinitions();
    expect(registry.getDefinitions()).toBe(first);
    registry.register(makeTool("b"));
    const second = registry.getDefinitions();
    expect(second).not.toBe(first);
    expect(second).toHaveLength(2);
    expect(registry.getDefinitions()).toBe(second);
    registry.unregister("a");
    const third = registry.getDefinitions();
    expect(third).not.toBe(second);
    expect(third).toHaveLength(1);
  });

  it("register throws a TypeError for a non-object root schema", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(makeTool("arr", { type: "array", items: {} }))).toThrow(TypeError);
    expect(() => registry.register(makeTool("nullable_root", { type: ["object", "null"] }))).toThrow(TypeError);
    expect(registry.size).toBe(0);
    expect(() => registry.register(makeTool("untyped", { properties: {} }))).not.toThrow();
  });
});

// ---------------------------------------------------------------------------------------------
describe("registry: names and suggestions (F)", () => {
  it.each(["readFile", "read-file", "READ_FILE", "read file", "readfile"])("suggests read_file for %s", (name) => {
    const registry = registryOf(makeTool("read_file"), makeTool("write_file"));
    expect(registry.suggestName(name)).toBe("read_file");
  });

  it.each(["", "foo", "read", "file", "readfil", "read_file_tool", "-_ "])("gives no suggestion for %j", (name) => {
    const registry = registryOf(makeTool("read_file"), makeTool("write_file"));
    expect(registry.suggestName(name)).toBeNull();
  });

  it("gives no suggestion for an ambiguous key", () => {
    const registry = registryOf(makeTool("read_file"), makeTool("readFile"));
    expect(registry.suggestName("readfile")).toBeNull();
  });

  it("suggestions track register and unregister", () => {
    const registry = registryOf(makeTool("read_file"));
    expect(registry.suggestName("readFile")).toBe("read_file");
    registry.register(makeTool("readFile"));
    expect(registry.suggestName("read-file")).toBeNull();
    registry.unregister("read_file");
    expect(registry.suggestName("read-file")).toBe("readFile");
  });

  it("lookup is exact: a near miss is not found, suggested only in the message, params raw", () => {
    const registry = registryOf(makeTool("read_file"), makeTool("write_file"));
    const raw = '{"path":"foo.txt"}';
    const prepared = registry.prepareCall("readFile", raw);
    expect(prepared.tool).toBeNull();
    expect(prepared.params).toBe(raw);
    expect(prepared.error?.isError).toBe(true);
    expect(prepared.error?.content).toBe(
      "Error: Tool 'readFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, write_file",
    );
    const obj = { path: "foo.txt" };
    expect(registry.prepareCall("readFile", obj).params).toBe(obj);
  });

  it("not-found without a suggestion lists names in registration order", () => {
    const registry = registryOf(makeTool("write_file"), makeTool("read_file"));
    expect(registry.prepareCall("foo", {}).error?.content).toBe("Error: Tool 'foo' not found. Available: write_file, read_file");
  });

  it("an empty registry gives a trailing `Available: `", () => {
    expect(new ToolRegistry().prepareCall("x", {}).error?.content).toBe("Error: Tool 'x' not found. Available: ");
  });

  it("a name that is not a string is shown with String()", () => {
    const registry = registryOf(makeTool("read_file"));
    expect(registry.prepareCall(null, {}).error?.content).toBe("Error: Tool 'null' not found. Available: read_file");
  });
});

// ---------------------------------------------------------------------------------------------
describe("registry: prepareCall coercion and unwrapping (G)", () => {
  const pathSchema: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
  const notObject = (name: string, type: string): string =>
    `Error: Tool '${name}' parameters must be a JSON object, got ${type}. Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.`;

  it.each([null, undefined, "", "   "])("%j is a call with no arguments", (params) => {
    const registry = registryOf(makeTool("list", { type: "object", properties: {} }));
    const prepared = registry.prepareCall("list", params);
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({});
  });

  it("parses JSON object text", () => {
    const registry = registryOf(makeTool("read_file", pathSchema));
    const prepared = registry.prepareCall("read_file", '  {"path":"foo.txt"} ');
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({ path: "foo.txt" });
  });

  it("rejects JSON array text as an array", () => {
    const registry = registryOf(makeTool("read_file", pathSchema));
    const prepared = registry.prepareCall("read_file", '["foo.txt"]');
    expect(prepared.error?.content).toBe(notObject("read_file", "array"));
    expect(prepared.params).toEqual(["foo.txt"]);
  });

  it("keeps malformed JSON as a string and rejects it, never repairing", () => {
    const registry = registryOf(makeTool("read_file", pathSchema));
    const prepared = registry.prepareCall("read_file", '{path:"foo.txt"}');
    expect(prepared.tool).not.toBeNull();
    expect(prepared.params).toBe('{path:"foo.txt"}');
    expect(prepared.error?.content).toBe(notObject("read_file", "string"));
  });

  it.each(["https://example.com", "true", "null", "42", '"s"'])("never parses the scalar text %j", (text) => {
    const registry = registryOf(makeTool("read_file", pathSchema));
    const prepared = registry.prepareCall("read_file", text);
    expect(prepared.params).toBe(text);
    expect(prepared.error?.content).toBe(notObject("read_file", "string"));
  });

  it.each([
    [["TODO"], "array"],
    [5, "number"],
    [false, "boolean"],
  ])("rejects %j with the tool found and params as given", (params, type) => {
    const registry = registryOf(makeTool("grep", pathSchema));
    const prepared = registry.prepareCall("grep", params);
    expect(prepared.tool?.name).toBe("grep");
    expect(prepared.params).toBe(params);
    expect(prepared.error?.content).toBe(notObject("grep", type));
  });

  it("unwraps one {arguments: …} level", () => {
    const registry = registryOf(makeTool("read_file", pathSchema));
    expect(registry.prepareCall("read_file", { arguments: '{"path":"foo.txt"}' }).params).toEqual({ path: "foo.txt" });
    expect(registry.prepareCall("read_file", { arguments: { path: "a" } }).params).toEqual({ path: "a" });
    expect(registry.prepareCall("read_file", '{"arguments":"{\\"path\\":\\"a\\"}"}').params).toEqual({ path: "a" });
    const twice = registry.prepareCall("read_file", { arguments: '{"arguments": "x"}' });
    expect(twice.params).toEqual({ arguments: "x" });
    expect(twice.error?.content).toBe("Error: Invalid parameters for tool 'read_file': missing required path");
  });

  it("unwraps empty arguments to {} and rejects non-object inner values", () => {
    const registry = registryOf(makeTool("list", { type: "object", properties: {} }));
    expect(registry.prepareCall("list", { arguments: null }).params).toEqual({});
    expect(registry.prepareCall("list", { arguments: "" }).params).toEqual({});
    expect(registry.prepareCall("list", { arguments: "[1]" }).error?.content).toBe(notObject("list", "array"));
    expect(registry.prepareCall("list", { arguments: "plain" }).error?.content).toBe(notObject("list", "string"));
  });

  it("does not unwrap with extra keys or when the tool declares `arguments`", () => {
    const registry = registryOf(
      makeTool("read_file", pathSchema),
      makeTool("runner", { type: "object", properties: { arguments: { type: "string" } } }),
    );
    const extra = registry.prepareCall("read_file", { arguments: '{"path":"a"}', x: 1 });
    expect(extra.error?.content).toBe("Error: Invalid parameters for tool 'read_file': missing required path");
    const declared = registry.prepareCall("runner", { arguments: '{"path":"a"}' });
    expect(declared.error).toBeNull();
    expect(declared.params).toEqual({ arguments: '{"path":"a"}' });
  });

  it("returns the cast params with a validation error, and succeeds with cast params", () => {
    const registry = registryOf(
      makeTool("read_file", pathSchema),
      makeTool("counter", { type: "object", properties: { n: { type: "integer", minimum: 1 } } }),
    );
    const ok = registry.prepareCall("read_file", { path: 5 });
    expect(ok.error).toBeNull();
    expect(ok.params).toEqual({ path: "5" });
    const bad = registry.prepareCall("counter", { n: "0" });
    expect(bad.params).toEqual({ n: 0 });
    expect(bad.error?.content).toBe("Error: Invalid parameters for tool 'counter': n must be >= 1");
    expect(registry.prepareCall("read_file", { path: null }).error?.content).toBe(
      "Error: Invalid parameters for tool 'read_file': path should be string",
    );
  });

  it("joins several problems with `; `", () => {
    const registry = registryOf(
      makeTool("t", { type: "object", properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["c"] }),
    );
    expect(registry.prepareCall("t", { a: "x", b: [] }).error?.content).toBe(
      "Error: Invalid parameters for tool 't': missing required c; a should be integer; b should be string",
    );
  });

  it("reports the steps in order and nothing after a failing step", () => {
    const registry = registryOf(makeTool("counter", { type: "object", properties: { n: { type: "integer", minimum: 1 } } }));
    const trace = (name: string, params: unknown): Array<[string, boolean]> => {
      const steps: PrepareStep[] = [];
      registry.prepareCall(name, params, (s) => steps.push(s));
      return steps.map((s) => [s.step, s.ok]);
    };
    expect(trace("counter", '{"n":"2"}')).toEqual([
      ["lookup", true],
      ["coerce", true],
      ["unwrap", true],
      ["shape", true],
      ["cast", true],
      ["validate", true],
    ]);
    expect(trace("Counter", "{}")).toEqual([["lookup", false]]);
    expect(trace("counter", "[1]")).toEqual([
      ["lookup", true],
      ["coerce", true],
      ["unwrap", true],
      ["shape", false],
    ]);
    expect(trace("counter", { n: "0" })).toEqual([
      ["lookup", true],
      ["coerce", true],
      ["unwrap", true],
      ["shape", true],
      ["cast", true],
      ["validate", false],
    ]);
  });

  it("reports each step's input and output", () => {
    const registry = registryOf(makeTool("counter", { type: "object", properties: { n: { type: "integer" } } }));
    const steps: PrepareStep[] = [];
    registry.prepareCall("counter", '{"arguments":"{\\"n\\":\\"2\\"}"}', (s) => steps.push(s));
    const byName = Object.fromEntries(steps.map((s) => [s.step, s]));
    expect(byName["coerce"]?.output).toEqual({ arguments: '{"n":"2"}' });
    expect(byName["unwrap"]?.output).toEqual({ n: "2" });
    expect(byName["cast"]?.input).toEqual({ n: "2" });
    expect(byName["cast"]?.output).toEqual({ n: 2 });
    expect(byName["validate"]?.output).toEqual({ n: 2 });
  });
});

// ---------------------------------------------------------------------------------------------
describe("registry: execute (H)", () => {
  it("a prepare error gets the retry hint and the tool does not run", async () => {
    const tool = makeTool("read_file", { type: "object", properties: { path: { type: "string" } }, additionalProperties: false });
    const registry = registryOf(tool);
    const missing = await registry.execute("missing", {});
    expect(isToolErrorResult(missing)).toBe(true);
    expect((missing as ToolResult).content).toBe(`Error: Tool 'missing' not found. Available: read_file${RETRY_HINT}`);
    const invalid = await registry.execute("read_file", { path: "sample.txt", line_limit: 1 });
    expect((invalid as ToolResult).content).toBe(
      `Error: Invalid parameters for tool 'read_file': unexpected parameter line_limit${RETRY_HINT}`,
    );
    expect(tool.spy).not.toHaveBeenCalled();
  });

  it("RETRY_HINT has the exact text", () => {
    expect(RETRY_HINT).toBe("\n\n[Analyze the error above and try a different approach.]");
  });

  it("a ToolResult error gets the hint and stays an error", async () => {
    const registry = registryOf(makeTool("t", undefined, async () => ToolResult.error("Error: real failure")));
    const result = await registry.execute("t", {});
    expect(isToolErrorResult(result)).toBe(true);
    expect((result as ToolResult).content).toBe(`Error: real failure${RETRY_HINT}`);
  });

  it("a plain string starting with Error: is a success, returned unchanged", async () => {
    const text = "Error: generated report successfully\n\nExit code: 0";
    const registry = registryOf(
      makeTool("t", undefined, async () => text),
      makeTool("s", undefined, async () => new ToolResult("Error: structured success")),
    );
    expect(await registry.execute("t", {})).toBe(text);
    const structured = await registry.execute("s", {});
    expect(isToolErrorResult(structured)).toBe(false);
    expect((structured as ToolResult).content).toBe("Error: structured success");
  });

  it("a thrown error becomes `Error executing <name>: <msg>` with the hint", async () => {
    const registry = registryOf(
      makeTool("boom", undefined, async () => {
        throw new Error("bad thing");
      }),
      makeTool("str", undefined, () => Promise.reject("just text")),
      makeTool("sync", undefined, () => {
        throw new TypeError("sync failure");
      }),
    );
    const boom = await registry.execute("boom", {});
    expect(isToolErrorResult(boom)).toBe(true);
    expect((boom as ToolResult).content).toBe(`Error executing boom: bad thing${RETRY_HINT}`);
    expect(((await registry.execute("str", {})) as ToolResult).content).toBe(`Error executing str: just text${RETRY_HINT}`);
    expect(((await registry.execute("sync", {})) as ToolResult).content).toBe(`Error executing sync: sync failure${RETRY_HINT}`);
  });

  it("returns successful results of any type unchanged and passes cast params and a signal", async () => {
    const value = { a: [1] };
    const spy = vi.fn<Exec>(async () => value);
    const registry = registryOf(
      makeTool("obj", { type: "object", properties: { n: { type: "integer" } } }, spy),
      makeTool("nil", undefined, async () => null),
    );
    expect(await registry.execute("obj", '{"n":"3"}')).toBe(value);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0]?.[0]).toEqual({ n: 3 });
    expect(spy.mock.calls[0]?.[1].signal).toBeInstanceOf(AbortSignal);
    expect(await registry.execute("nil", {})).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
describe("provider-side argument parsing (I)", () => {
  it.each<[unknown, unknown]>([
    [null, {}],
    [undefined, {}],
    ["", {}],
    ["   ", {}],
    ['{"a":1}', { a: 1 }],
    ['["foo.txt"]', ["foo.txt"]],
    ["false", false],
    ["42", 42],
    ['"s"', "s"],
    ["null", "null"],
    [" null ", " null "],
    ['{path:"foo.txt"}', '{path:"foo.txt"}'],
    ["{bad", "{bad"],
    [" {bad ", " {bad "],
    ["NaN", "NaN"],
    [5, 5],
    [false, false],
  ])("parseToolArguments(%j) gives %j", (raw, expected) => {
    expect(parseToolArguments(raw)).toEqual(expected);
  });

  it("parseToolArguments returns non-strings as they are", () => {
    const arr: unknown[] = [];
    const obj = { a: 1 };
    expect(parseToolArguments(arr)).toBe(arr);
    expect(parseToolArguments(obj)).toBe(obj);
  });

  it.each<[string, string | null]>([
    ['{"a":1}', null],
    ["", null],
    ["null", "string"],
    ["false", "boolean"],
    ["42", "number"],
    ["[1,2]", "array"],
    ["{bad", "string"],
    ['"s"', "string"],
  ])("raw %j through parseToolArguments and prepareCall gives %s", (raw, gotType) => {
    const registry = registryOf(makeTool("t", { type: "object", properties: { a: { type: "integer" } } }));
    const prepared = registry.prepareCall("t", parseToolArguments(raw));
    if (gotType === null) expect(prepared.error).toBeNull();
    else expect(prepared.error?.content).toContain(`parameters must be a JSON object, got ${gotType}.`);
  });

  it("toolArgumentsObjectForReplay repairs object-like text and keeps objects", () => {
    expect(toolArgumentsObjectForReplay('{path:"foo.txt"}')).toEqual({ path: "foo.txt" });
    expect(toolArgumentsObjectForReplay('{"path":"foo.txt"}')).toEqual({ path: "foo.txt" });
    const obj = { a: 1 };
    expect(toolArgumentsObjectForReplay(obj)).toBe(obj);
  });

  it.each<unknown>(['["foo.txt"]', "false", "null", "0", ["foo.txt"], false, null, 0, undefined, "", "  "])(
    "toolArgumentsObjectForReplay(%j) gives {}",
    (raw) => {
      expect(toolArgumentsObjectForReplay(raw)).toEqual({});
    },
  );

  it("toolArgumentsJsonForReplay gives object text", () => {
    expect(toolArgumentsJsonForReplay('{path:"foo.txt"}')).toBe('{"path":"foo.txt"}');
    expect(toolArgumentsJsonForReplay("[1]")).toBe("{}");
  });

  it("ToolCallRequest.hasValidName is true only for a non-empty string", () => {
    const make = (name: unknown): ToolCallRequest => new ToolCallRequest({ id: "c", name: name as string, arguments: {} });
    expect(make("read_file").hasValidName()).toBe(true);
    expect(make("").hasValidName()).toBe(false);
    expect(make(null).hasValidName()).toBe(false);
    expect(make(undefined).hasValidName()).toBe(false);
    expect(make(0).hasValidName()).toBe(false);
    expect(make({}).hasValidName()).toBe(false);
  });

  it("ToolCallRequest.toOpenAIToolCall keeps text verbatim and serialises the rest", () => {
    const call = (args: unknown): string => new ToolCallRequest({ id: "c1", name: "readFile", arguments: args }).toOpenAIToolCall().function.arguments;
    expect(new ToolCallRequest({ id: "c1", name: "readFile", arguments: '{path:"x"}' }).toOpenAIToolCall()).toEqual({
      id: "c1",
      type: "function",
      function: { name: "readFile", arguments: '{path:"x"}' },
    });
    expect(call("null")).toBe("null");
    expect(call(null)).toBe("null");
    expect(call({ k: "é" })).toBe('{"k":"é"}');
    expect(call([1, 2])).toBe("[1,2]");
  });

  it("ToolCallRequest keeps its fields as given", () => {
    const req = new ToolCallRequest({ id: "x", name: "Read-File", arguments: "{bad" });
    expect(req.id).toBe("x");
    expect(req.name).toBe("Read-File");
    expect(req.arguments).toBe("{bad");
  });
});
