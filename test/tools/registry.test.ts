/**
 * Registration and definitions, exact names and "Did
 * you mean", the coerce/unwrap/shape/cast/validate pipeline of prepareCall with its trace, and
 * registry.execute.
 */
import { describe, expect, it } from "vitest";
import { isToolErrorResult, Tool, ToolResult, type JsonSchema } from "../../src/tools/base.js";
import { RETRY_HINT as MESSAGES_RETRY_HINT } from "../../src/tools/messages.js";
import { RETRY_HINT, ToolRegistry, type PrepareStep, type PrepareStepName } from "../../src/tools/registry.js";
import { suggestToolName } from "../../src/tools/suggest.js";
import { createAjv, formatAjvErrors, MAX_REPORTED_PROBLEMS } from "../../src/schema/validate.js";
import { FakeTool, registryOf } from "../../src/testing/index.js";

/** The schema of a file-reading tool. */
const PATH_SCHEMA: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };

const HINT = "\n\n[Analyze the error above and try a different approach.]";

function nonObject(name: string, type: string): string {
  return (
    `Error: Tool '${name}' parameters must be a JSON object, got ${type}. ` + `Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.`
  );
}

function namesOf(registry: ToolRegistry): string[] {
  return registry.getDefinitions().map((d) => d.function.name);
}

function expectError(error: ToolResult | null): ToolResult {
  expect(error).toBeInstanceOf(ToolResult);
  expect(error?.isError).toBe(true);
  return error as ToolResult;
}

/** A registry of plain fake tools with these names, registered in this order. */
const namedRegistry = (...names: string[]): ToolRegistry => registryOf(...names.map((name) => new FakeTool({ name })));

describe("register, unregister, lookup", () => {
  it("stores a tool under its name", () => {
    const read = new FakeTool({ name: "read_file", parameters: PATH_SCHEMA });
    const registry = registryOf(read);
    expect(registry.get("read_file")).toBe(read);
    expect(registry.has("read_file")).toBe(true);
    expect(registry.size).toBe(1);
    expect(registry.toolNames).toEqual(["read_file"]);
  });

  it("lists names in registration order", () => {
    const registry = registryOf(new FakeTool({ name: "b" }), new FakeTool({ name: "a" }), new FakeTool({ name: "c" }));
    expect(registry.toolNames).toEqual(["b", "a", "c"]);
    expect(registry.size).toBe(3);
  });

  it("re-registering a name replaces the tool and keeps its position", () => {
    const first = new FakeTool({ name: "a" });
    const second = new FakeTool({ name: "a" });
    const registry = registryOf(first, new FakeTool({ name: "b" }));
    registry.register(second);
    expect(registry.toolNames).toEqual(["a", "b"]);
    expect(registry.get("a")).toBe(second);
    expect(registry.size).toBe(2);

    const a1 = new FakeTool({ name: "a" });
    const a2 = new FakeTool({ name: "a" });
    const three = registryOf(a1, new FakeTool({ name: "b" }), new FakeTool({ name: "c" }));
    three.register(a2);
    expect(three.toolNames).toEqual(["a", "b", "c"]);
    expect(three.get("a")).toBe(a2);
    expect(three.size).toBe(3);
  });

  it("unregister removes; an unknown name is a no-op", () => {
    const registry = registryOf(new FakeTool({ name: "a" }), new FakeTool({ name: "b" }));
    expect(registry.has("a")).toBe(true);
    expect(registry.has("z")).toBe(false);
    expect(registry.get("z")).toBeUndefined();
    expect(registry.size).toBe(2);
    registry.unregister("a");
    expect(registry.has("a")).toBe(false);
    expect(registry.get("a")).toBeUndefined();
    expect(registry.toolNames).toEqual(["b"]);
    expect(() => registry.unregister("nope")).not.toThrow();
    expect(registry.toolNames).toEqual(["b"]);
    expect(registry.size).toBe(1);
  });

  it("a tool registered again after unregister goes to the end", () => {
    const registry = registryOf(new FakeTool({ name: "a" }), new FakeTool({ name: "b" }));
    registry.unregister("a");
    registry.register(new FakeTool({ name: "a" }));
    expect(registry.toolNames).toEqual(["b", "a"]);
  });

  it("toolNames is a copy the caller cannot use to change the registry", () => {
    const registry = registryOf(new FakeTool({ name: "a" }));
    registry.toolNames.push("x");
    expect(registry.toolNames).toEqual(["a"]);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "prototype", "__defineGetter__"])("%s is never a tool", (name) => {
    const registry = registryOf(new FakeTool({ name: "a" }));
    expect(registry.get(name)).toBeUndefined();
    expect(registry.has(name)).toBe(false);
    const prepared = registry.prepareCall(name, {});
    expect(prepared.tool).toBeNull();
    expect(expectError(prepared.error).content).toBe(`Error: Tool '${name}' not found. Available: a`);
  });

  it("a tool may be named like an Object.prototype member, and only then is one", () => {
    const tool = new FakeTool({ name: "constructor" });
    const registry = registryOf(tool);
    expect(registry.get("constructor")).toBe(tool);
    expect(registry.get("toString")).toBeUndefined();
  });

  it("register throws a TypeError for a non-object root schema (API.md)", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(new FakeTool({ name: "arr", parameters: { type: "array", items: {} } }))).toThrow(TypeError);
    expect(() => registry.register(new FakeTool({ name: "nullable", parameters: { type: ["object", "null"] } }))).toThrow(TypeError);
    expect(() => registry.register(new FakeTool({ name: "str", parameters: { type: "string" } }))).toThrow(TypeError);
    expect(registry.size).toBe(0);
    expect(() => registry.register(new FakeTool({ name: "untyped", parameters: { properties: {} } }))).not.toThrow();
  });

  it("a declared __proto__ property is validated like any other; one Ajv could not reach is refused", () => {
    const registry = new ToolRegistry();
    const declared = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}},"required":["__proto__"],"additionalProperties":false}') as JsonSchema;
    registry.register(new FakeTool({ name: "declared", parameters: declared }));
    const ok = registry.prepareCall("declared", '{"__proto__":"5"}');
    expect(ok.error).toBeNull();
    expect(Object.getOwnPropertyDescriptor(ok.params, "__proto__")?.value).toBe(5);
    expect(registry.prepareCall("declared", '{"__proto__":"x"}').error?.content).toBe("Error: Invalid parameters for tool 'declared': __proto__ should be integer");
    expect(registry.prepareCall("declared", "{}").error?.content).toBe("Error: Invalid parameters for tool 'declared': missing required __proto__");
    const inAnyOf = JSON.parse('{"type":"object","anyOf":[{"properties":{"__proto__":{"type":"string"}}}]}') as JsonSchema;
    expect(() => registry.register(new FakeTool({ name: "in_any_of", parameters: inAnyOf }))).toThrow(TypeError);
    expect(registry.toolNames).toEqual(["declared"]);
  });

  it("a __proto__ key in the arguments is an ordinary, undeclared key and pollutes nothing", () => {
    const open = new FakeTool({ name: "open", parameters: PATH_SCHEMA });
    const closed = new FakeTool({ name: "closed", parameters: { ...PATH_SCHEMA, additionalProperties: false } });
    const registry = registryOf(open, closed);
    const text = '{"__proto__": {"polluted": "yes"}, "path": "a"}';

    const accepted = registry.prepareCall("open", text);
    expect(accepted.error).toBeNull();
    const params = accepted.params as Record<string, unknown>;
    expect(Object.getPrototypeOf(params)).toBe(Object.prototype);
    expect(Object.keys(params)).toEqual(["__proto__", "path"]);
    expect(params["polluted"]).toBeUndefined();

    expect(registry.prepareCall("closed", text).error?.content).toBe("Error: Invalid parameters for tool 'closed': unexpected parameter __proto__");
    expect(({} as Record<string, unknown>)["polluted"]).toBeUndefined();
  });

  it("register accepts a root without type", () => {
    const registry = new ToolRegistry();
    registry.register(new FakeTool({ name: "untyped", parameters: { properties: { n: { type: "integer" } } } }));
    expect(registry.prepareCall("untyped", { n: "2" }).params).toEqual({ n: 2 });
  });

  it("register throws a TypeError for a schema Ajv cannot compile, and for a nameless tool", () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(new FakeTool({ name: "bad", parameters: { type: "object", properties: { n: { type: "nonsense" } } } }))).toThrow(TypeError);
    expect(() => registry.register(new FakeTool({ name: "" }))).toThrow(TypeError);
    expect(registry.size).toBe(0);
  });
});

describe("getDefinitions", () => {
  it("built-ins sorted, then mcp_ tools sorted (upstream's example)", () => {
    const registry = namedRegistry("mcp_git_status", "write_file", "mcp_fs_list", "read_file");
    expect(namesOf(registry)).toEqual(["read_file", "write_file", "mcp_fs_list", "mcp_git_status"]);
  });

  it("sorts by code points: uppercase before _ before lowercase; only the exact mcp_ prefix is MCP", () => {
    const registry = namedRegistry("mcp_b", "b", "_x", "MCP_c", "mcp", "B", "mcp_A", "a", "Mcp_d");
    expect(namesOf(registry)).toEqual(["B", "MCP_c", "Mcp_d", "_x", "a", "b", "mcp", "mcp_A", "mcp_b"]);
    const other = namedRegistry("mcp_b", "mcp", "a", "_x", "MCP_c", "B", "mcp_a");
    expect(namesOf(other)).toEqual(["B", "MCP_c", "_x", "a", "mcp", "mcp_a", "mcp_b"]);
  });

  it("sorts by code units, not by locale", () => {
    // Names are ASCII (the name rule); "_" sorts between upper and lower case, "-" before both.
    const registry = registryOf(
      new FakeTool({ name: "a" }),
      new FakeTool({ name: "_x" }),
      new FakeTool({ name: "z" }),
      new FakeTool({ name: "-x" }),
      new FakeTool({ name: "Z" }),
    );
    expect(namesOf(registry)).toEqual(["-x", "Z", "_x", "a", "z"]);
  });

  it("each definition is the tool's toSchema", () => {
    const tool = new FakeTool({ name: "read_file", parameters: PATH_SCHEMA });
    expect(registryOf(tool).getDefinitions()).toEqual([tool.toSchema()]);
  });

  it("an empty registry has no definitions", () => {
    expect(new ToolRegistry().getDefinitions()).toEqual([]);
  });

  it("returns the same array until register or unregister", () => {
    const registry = registryOf(new FakeTool({ name: "a" }));
    const first = registry.getDefinitions();
    expect(registry.getDefinitions()).toBe(first);
    registry.prepareCall("a", {});
    registry.prepareCall("missing", {});
    expect(registry.getDefinitions()).toBe(first);

    registry.register(new FakeTool({ name: "b" }));
    const second = registry.getDefinitions();
    expect(second).not.toBe(first);
    expect(second).toHaveLength(2);
    expect(registry.getDefinitions()).toBe(second);

    registry.unregister("a");
    const third = registry.getDefinitions();
    expect(third).not.toBe(second);
    expect(third).toHaveLength(1);
  });

  it("unregister of an unknown name still invalidates the cache", () => {
    const registry = registryOf(new FakeTool({ name: "a" }));
    const first = registry.getDefinitions();
    registry.unregister("nope");
    const second = registry.getDefinitions();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it("a flat plugin schema sorts by its name; a nameless one first", () => {
    class Flat extends FakeTool {
      override toSchema(): ReturnType<Tool["toSchema"]> {
        return { name: this.name, custom: true } as unknown as ReturnType<Tool["toSchema"]>;
      }
    }
    class Nameless extends FakeTool {
      override toSchema(): ReturnType<Tool["toSchema"]> {
        return { custom: true } as unknown as ReturnType<Tool["toSchema"]>;
      }
    }
    const registry = registryOf(new FakeTool({ name: "m" }), new Flat({ name: "b" }), new Nameless({ name: "zzz" }), new Flat({ name: "mcp_a" }));
    expect(registry.getDefinitions()).toEqual([{ custom: true }, { name: "b", custom: true }, new FakeTool({ name: "m" }).toSchema(), { name: "mcp_a", custom: true }]);
  });
});

describe("suggestName", () => {
  it.each(["readFile", "read-file", "READ_FILE", "read file", "readfile", "Read.File", "read__file"])("%s suggests read_file", (name) => {
    const registry = registryOf(new FakeTool({ name: "read_file" }), new FakeTool({ name: "write_file" }));
    expect(registry.suggestName(name)).toBe("read_file");
    expect(suggestToolName(name, registry.toolNames)).toBe("read_file");
  });

  it.each(["", "foo", "read", "file", "readfil", "read_file_tool", "___", "-", "-_ "])("%j suggests nothing", (name) => {
    const registry = registryOf(new FakeTool({ name: "read_file" }), new FakeTool({ name: "write_file" }));
    expect(registry.suggestName(name)).toBeNull();
    expect(suggestToolName(name, registry.toolNames)).toBeNull();
  });

  it("an ambiguous match suggests nothing", () => {
    const registry = registryOf(new FakeTool({ name: "read_file" }), new FakeTool({ name: "readFile" }));
    expect(registry.suggestName("readfile")).toBeNull();
  });

  it("suggestions follow register and unregister", () => {
    const registry = registryOf(new FakeTool({ name: "read_file" }));
    expect(registry.suggestName("readFile")).toBe("read_file");
    registry.register(new FakeTool({ name: "readFile" }));
    expect(registry.suggestName("read-file")).toBeNull();
    registry.unregister("read_file");
    expect(registry.suggestName("read-file")).toBe("readFile");
  });

  it("an exact name suggests itself (the registry never uses that to run anything)", () => {
    expect(registryOf(new FakeTool({ name: "read_file" })).suggestName("read_file")).toBe("read_file");
  });
});

describe("exact lookup and the not-found message", () => {
  it("a near miss is not found, the suggestion is only in the message, params are raw", () => {
    const read = new FakeTool({ name: "read_file", parameters: PATH_SCHEMA });
    const registry = registryOf(read, new FakeTool({ name: "write_file" }));
    const params = { path: "foo.txt" };
    const prepared = registry.prepareCall("readFile", params);
    expect(prepared.tool).toBeNull();
    expect(prepared.params).toBe(params);
    expect(expectError(prepared.error).content).toBe(
      "Error: Tool 'readFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, write_file",
    );
    expect(read.calls).toHaveLength(0);

    const raw = '{"path":"foo.txt"}';
    const fromText = registry.prepareCall("readFile", raw);
    expect(fromText.tool).toBeNull();
    expect(fromText.params).toBe(raw);
    expect(fromText.error?.isError).toBe(true);
    expect(fromText.error?.content).toBe("Error: Tool 'readFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, write_file");
  });

  it("without a suggestion the message has no hint", () => {
    const registry = registryOf(new FakeTool({ name: "read_file" }), new FakeTool({ name: "write_file" }));
    expect(registry.prepareCall("missing", {}).error?.content).toBe("Error: Tool 'missing' not found. Available: read_file, write_file");
  });

  it("Available lists the registration order, not the sorted order", () => {
    const registry = registryOf(new FakeTool({ name: "zeta" }), new FakeTool({ name: "alpha" }), new FakeTool({ name: "mcp_x" }), new FakeTool({ name: "beta" }));
    expect(registry.prepareCall("nope", {}).error?.content).toBe("Error: Tool 'nope' not found. Available: zeta, alpha, mcp_x, beta");
    const two = registryOf(new FakeTool({ name: "write_file" }), new FakeTool({ name: "read_file" }));
    expect(two.prepareCall("foo", {}).error?.content).toBe("Error: Tool 'foo' not found. Available: write_file, read_file");
  });

  it("an empty registry ends with 'Available: '", () => {
    expect(new ToolRegistry().prepareCall("x", {}).error?.content).toBe("Error: Tool 'x' not found. Available: ");
  });

  it("a JSON string stays a string: nothing was coerced", () => {
    const registry = registryOf(new FakeTool({ name: "read_file", parameters: PATH_SCHEMA }));
    const prepared = registry.prepareCall("ReadFile", '{"path":"foo.txt"}');
    expect(prepared.params).toBe('{"path":"foo.txt"}');
  });

  it("a name that is not a string is shown as text and never found", () => {
    const registry = registryOf(new FakeTool({ name: "null" }), new FakeTool({ name: "none" }));
    expect(registry.prepareCall(null, {}).error?.content).toBe("Error: Tool 'null' not found. Did you mean 'null'? Tool names must match exactly. Available: null, none");
    expect(registry.prepareCall(undefined, {}).error?.content).toBe("Error: Tool 'undefined' not found. Available: null, none");
    expect(registry.prepareCall(5, {}).tool).toBeNull();
    const plain = registryOf(new FakeTool({ name: "read_file" }));
    expect(plain.prepareCall(null, {}).error?.content).toBe("Error: Tool 'null' not found. Available: read_file");
  });

  it("names that cannot be turned into text do not make prepareCall throw", () => {
    const registry = registryOf(new FakeTool({ name: "a" }));
    const odd: unknown[] = [
      Object.create(null) as unknown,
      {
        toString(): string {
          throw new Error("no");
        },
      },
      Symbol("s"),
      10n,
      [1, 2],
    ];
    for (const name of odd) {
      const prepared = registry.prepareCall(name, {});
      expect(prepared.tool).toBeNull();
      expect(expectError(prepared.error).content).toMatch(/^Error: Tool '.*' not found\. Available: a$/s);
    }
  });

  it("the same name with different case is a different tool", () => {
    const lower = new FakeTool({ name: "run" });
    const upper = new FakeTool({ name: "Run" });
    const registry = registryOf(lower, upper);
    expect(registry.prepareCall("run", {}).tool).toBe(lower);
    expect(registry.prepareCall("Run", {}).tool).toBe(upper);
    expect(registry.prepareCall("RUN", {}).tool).toBeNull();
  });
});

describe("coerce and unwrap", () => {
  const read = (): FakeTool => new FakeTool({ name: "read_file", parameters: PATH_SCHEMA });

  it.each([null, undefined, "", "   ", "\n\t"])("%j is a call with no arguments: {}", (params) => {
    const registry = registryOf(new FakeTool({ name: "list_exec_sessions" }));
    const prepared = registry.prepareCall("list_exec_sessions", params);
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({});
  });

  it("a JSON object string is parsed", () => {
    const tool = read();
    const prepared = registryOf(tool).prepareCall("read_file", '{"path":"foo.txt"}');
    expect(prepared).toEqual({ tool, params: { path: "foo.txt" }, error: null });
  });

  it("surrounding blanks are allowed around the JSON text", () => {
    expect(registryOf(read()).prepareCall("read_file", '  \n{"path":"foo.txt"}  ').params).toEqual({ path: "foo.txt" });
    const prepared = registryOf(read()).prepareCall("read_file", '  {"path":"foo.txt"} ');
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({ path: "foo.txt" });
  });

  it("a JSON array string is parsed and refused as an array", () => {
    const tool = read();
    const prepared = registryOf(tool).prepareCall("read_file", '["foo.txt"]');
    expect(prepared.tool).toBe(tool);
    expect(prepared.params).toEqual(["foo.txt"]);
    expect(expectError(prepared.error).content).toBe(nonObject("read_file", "array"));
  });

  it("malformed JSON stays the string and is refused, never repaired", () => {
    const tool = read();
    const prepared = registryOf(tool).prepareCall("read_file", '{path:"foo.txt"}');
    expect(prepared.tool).toBe(tool);
    expect(prepared.params).toBe('{path:"foo.txt"}');
    expect(expectError(prepared.error).content).toBe(nonObject("read_file", "string"));
  });

  it.each(["https://example.com", "true", "null", "42", '"s"', "foo.txt", "{", "[1,"])("the string %j is not parsed and is refused as a string", (params) => {
    const tool = read();
    const prepared = registryOf(tool).prepareCall("read_file", params);
    expect(prepared.tool).toBe(tool);
    expect(prepared.params).toBe(params);
    expect(expectError(prepared.error).content).toBe(nonObject("read_file", "string"));
  });

  it("non-object, non-string params are refused with the tool found and the params as given", () => {
    const grep = new FakeTool({ name: "grep", parameters: { type: "object", properties: { pattern: { type: "string" } } } });
    const registry = registryOf(grep);
    const list = ["TODO"];
    const prepared = registry.prepareCall("grep", list);
    expect(prepared.tool).toBe(grep);
    expect(prepared.params).toBe(list);
    expect(expectError(prepared.error).content).toBe(
      `Error: Tool 'grep' parameters must be a JSON object, got array. Use named parameters like tool_name(param1="value1", param2="value2") matching the tool schema.`,
    );
    expect(registry.prepareCall("grep", 5).error?.content).toBe(nonObject("grep", "number"));
    expect(registry.prepareCall("grep", false).error?.content).toBe(nonObject("grep", "boolean"));
    for (const params of [5, false]) {
      const refused = registry.prepareCall("grep", params);
      expect(refused.tool?.name).toBe("grep");
      expect(refused.params).toBe(params);
    }
    expect(registry.prepareCall("grep", new Map()).error?.content).toBe(nonObject("grep", "Map"));
  });

  it("unwraps {arguments: <JSON object text>}", () => {
    const prepared = registryOf(read()).prepareCall("read_file", { arguments: '{"path":"foo.txt"}' });
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({ path: "foo.txt" });
  });

  it("unwraps {arguments: <object>}", () => {
    const inner = { path: "foo.txt" };
    const prepared = registryOf(read()).prepareCall("read_file", { arguments: inner });
    expect(prepared.error).toBeNull();
    expect(prepared.params).toBe(inner);
  });

  it.each([null, "", "  "])("unwraps {arguments: %j} to {}", (inner) => {
    const prepared = registryOf(new FakeTool({ name: "noargs" })).prepareCall("noargs", { arguments: inner });
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({});
  });

  it("an unwrapped list or other string is refused", () => {
    const registry = registryOf(read());
    expect(registry.prepareCall("read_file", { arguments: "[1]" }).error?.content).toBe(nonObject("read_file", "array"));
    expect(registry.prepareCall("read_file", { arguments: "foo.txt" }).error?.content).toBe(nonObject("read_file", "string"));
    expect(registry.prepareCall("read_file", { arguments: "{bad" }).error?.content).toBe(nonObject("read_file", "string"));
    const list = registryOf(new FakeTool({ name: "list" }));
    expect(list.prepareCall("list", { arguments: "[1]" }).error?.content).toBe(nonObject("list", "array"));
    expect(list.prepareCall("list", { arguments: "plain" }).error?.content).toBe(nonObject("list", "string"));
  });

  it("extra keys mean no unwrap", () => {
    const prepared = registryOf(read()).prepareCall("read_file", { arguments: '{"path":"a"}', x: 1 });
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'read_file': missing required path");
  });

  it("a tool that declares arguments gets the payload untouched", () => {
    const tool = new FakeTool({
      name: "takes_arguments",
      parameters: {
        type: "object",
        properties: { arguments: { type: "string" } },
        required: ["arguments"],
      },
    });
    const params = { arguments: '{"path":"foo.txt"}' };
    const prepared = registryOf(tool).prepareCall("takes_arguments", params);
    expect(prepared.error).toBeNull();
    expect(prepared.params).toBe(params);

    const runner = new FakeTool({ name: "runner", parameters: { type: "object", properties: { arguments: { type: "string" } } } });
    const declared = registryOf(runner).prepareCall("runner", { arguments: '{"path":"a"}' });
    expect(declared.error).toBeNull();
    expect(declared.params).toEqual({ arguments: '{"path":"a"}' });
  });

  it("only one level is unwrapped", () => {
    const prepared = registryOf(new FakeTool({ name: "open" })).prepareCall("open", { arguments: '{"arguments": "..."}' });
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({ arguments: "..." });
    const twice = registryOf(read()).prepareCall("read_file", { arguments: '{"arguments": "x"}' });
    expect(twice.params).toEqual({ arguments: "x" });
    expect(twice.error?.content).toBe("Error: Invalid parameters for tool 'read_file': missing required path");
  });

  it("a string wrapper is parsed, then unwrapped", () => {
    const prepared = registryOf(read()).prepareCall("read_file", '{"arguments":"{\\"path\\":\\"a\\"}"}');
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({ path: "a" });
  });
});

describe("cast and validate in prepareCall", () => {
  it("a number for a string field is cast and valid", () => {
    const prepared = registryOf(new FakeTool({ name: "read_file", parameters: PATH_SCHEMA })).prepareCall("read_file", { path: 5 });
    expect(prepared.error).toBeNull();
    expect(prepared.params).toEqual({ path: "5" });
  });

  it("a validation error carries the cast params", () => {
    const tool = new FakeTool({
      name: "search",
      parameters: {
        type: "object",
        properties: { query: { type: "string", minLength: 2 }, count: { type: "integer" } },
        required: ["query"],
      },
    });
    const prepared = registryOf(tool).prepareCall("search", { query: "h", count: "3" });
    expect(prepared.tool).toBe(tool);
    expect(prepared.params).toEqual({ query: "h", count: 3 });
    expect(expectError(prepared.error).content).toBe("Error: Invalid parameters for tool 'search': query must be at least 2 chars");
    const counter = new FakeTool({ name: "counter", parameters: { type: "object", properties: { n: { type: "integer", minimum: 1 } } } });
    const bad = registryOf(counter).prepareCall("counter", { n: "0" });
    expect(bad.params).toEqual({ n: 0 });
    expect(bad.error?.content).toBe("Error: Invalid parameters for tool 'counter': n must be >= 1");
  });

  it("null for a string field", () => {
    const prepared = registryOf(new FakeTool({ name: "read_file", parameters: PATH_SCHEMA })).prepareCall("read_file", { path: null });
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'read_file': path should be string");
  });

  it("several problems are joined by '; ', missing-required first", () => {
    const tool = new FakeTool({
      name: "strict",
      parameters: {
        type: "object",
        properties: { a: { type: "integer" } },
        required: ["b"],
        additionalProperties: false,
      },
    });
    const content = registryOf(tool).prepareCall("strict", { a: "x", z: 1 }).error?.content ?? "";
    const prefix = "Error: Invalid parameters for tool 'strict': ";
    expect(content.startsWith(prefix)).toBe(true);
    const problems = content.slice(prefix.length).split("; ");
    expect(problems[0]).toBe("missing required b");
    expect(problems.slice(1).sort()).toEqual(["a should be integer", "unexpected parameter z"]);
    const t = new FakeTool({ name: "t", parameters: { type: "object", properties: { a: { type: "integer" }, b: { type: "string" } }, required: ["c"] } });
    expect(registryOf(t).prepareCall("t", { a: "x", b: [] }).error?.content).toBe(
      "Error: Invalid parameters for tool 't': missing required c; a should be integer; b should be string",
    );
  });

  it("success returns the tool and the cast params", () => {
    const tool = new FakeTool({
      name: "cron",
      parameters: {
        type: "object",
        properties: { action: { type: "string" }, job_id: { type: "string" }, message: { type: "string" }, at: { type: "string" } },
        required: ["action"],
      },
    });
    const registry = registryOf(tool);
    for (const params of [{ action: "list" }, { action: "remove", job_id: "abc" }, { action: "add", message: "ping", at: "2030-01-01T00:00:00" }]) {
      const prepared = registry.prepareCall("cron", params);
      expect(prepared).toEqual({ tool, params, error: null });
      expect(prepared.params).toBe(params);
    }
  });

  it("a tool's overridden castParams and validateParams are used", () => {
    class Custom extends FakeTool {
      override castParams(params: Record<string, unknown>): Record<string, unknown> {
        return { ...params, added: true };
      }
      override validateParams(params: Record<string, unknown>): string[] {
        return params["added"] === true ? ["custom problem"] : [];
      }
    }
    const prepared = registryOf(new Custom({ name: "custom" })).prepareCall("custom", {});
    expect(prepared.params).toEqual({ added: true });
    expect(prepared.error?.content).toBe("Error: Invalid parameters for tool 'custom': custom problem");
  });

  it("all prepare errors are ToolResult errors", () => {
    const registry = registryOf(new FakeTool({ name: "read_file", parameters: PATH_SCHEMA }));
    for (const [name, params] of [
      ["nope", {}],
      ["read_file", "[1]"],
      ["read_file", {}],
    ] as const) {
      expect(isToolErrorResult(registry.prepareCall(name, params).error)).toBe(true);
    }
  });
});

describe("the onStep trace", () => {
  function trace(registry: ToolRegistry, name: unknown, params: unknown): { steps: PrepareStep[]; names: PrepareStepName[] } {
    const steps: PrepareStep[] = [];
    registry.prepareCall(name, params, (s) => steps.push(s));
    return { steps, names: steps.map((s) => s.step) };
  }
  const registry = registryOf(
    new FakeTool({
      name: "read_file",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, limit: { type: "integer", minimum: 1 } },
        required: ["path"],
      },
    }),
  );

  it("a valid call reports every step in order, all ok", () => {
    const { steps, names } = trace(registry, "read_file", '{"path":"a.txt","limit":"5"}');
    expect(names).toEqual(["lookup", "coerce", "unwrap", "shape", "cast", "validate"]);
    expect(steps.every((s) => s.ok)).toBe(true);
    expect(steps[0]).toMatchObject({ step: "lookup", input: "read_file", output: "read_file" });
    expect(steps[1]).toMatchObject({ input: '{"path":"a.txt","limit":"5"}', output: { path: "a.txt", limit: "5" } });
    expect(steps[4]).toMatchObject({ input: { path: "a.txt", limit: "5" }, output: { path: "a.txt", limit: 5 } });
    expect(steps[5]).toMatchObject({ input: { path: "a.txt", limit: 5 }, output: { path: "a.txt", limit: 5 } });
    for (const s of steps) expect(typeof s.detail).toBe("string");
  });

  it("a step's output is the next step's input", () => {
    const { steps } = trace(registry, "read_file", { arguments: '{"path":"a.txt"}' });
    for (let i = 2; i < steps.length; i++) expect(steps[i]?.input).toEqual(steps[i - 1]?.output);
    expect(steps[2]).toMatchObject({ step: "unwrap", input: { arguments: '{"path":"a.txt"}' }, output: { path: "a.txt" } });
  });

  it("an unknown name stops at lookup", () => {
    const { steps, names } = trace(registry, "ReadFile", {});
    expect(names).toEqual(["lookup"]);
    expect(steps[0]?.ok).toBe(false);
    expect(steps[0]?.output).toContain("Did you mean 'read_file'?");
  });

  it("an array stops at shape", () => {
    const { steps, names } = trace(registry, "read_file", "[1,2]");
    expect(names).toEqual(["lookup", "coerce", "unwrap", "shape"]);
    expect(steps.map((s) => s.ok)).toEqual([true, true, true, false]);
    expect(steps[3]?.output).toBe(nonObject("read_file", "array"));
  });

  it("malformed JSON stops at shape, still a string", () => {
    const { steps, names } = trace(registry, "read_file", "{bad");
    expect(names).toEqual(["lookup", "coerce", "unwrap", "shape"]);
    expect(steps[1]?.output).toBe("{bad");
  });

  it("a value that casts and then fails validation stops at validate", () => {
    const { steps, names } = trace(registry, "read_file", { path: 7, limit: "0" });
    expect(names).toEqual(["lookup", "coerce", "unwrap", "shape", "cast", "validate"]);
    expect(steps[4]?.output).toEqual({ path: "7", limit: 0 });
    expect(steps[5]).toMatchObject({ ok: false, output: "Error: Invalid parameters for tool 'read_file': limit must be >= 1" });
  });

  it("without onStep nothing is traced and the result is the same", () => {
    expect(registry.prepareCall("read_file", { path: "a" })).toEqual(
      (() => {
        const r = registry.prepareCall("read_file", { path: "a" }, () => undefined);
        return r;
      })(),
    );
  });

  it("reports the steps in order and nothing after a failing step", () => {
    const counter = registryOf(new FakeTool({ name: "counter", parameters: { type: "object", properties: { n: { type: "integer", minimum: 1 } } } }));
    const okSteps = (name: string, params: unknown): Array<[string, boolean]> => trace(counter, name, params).steps.map((s) => [s.step, s.ok]);
    expect(okSteps("counter", '{"n":"2"}')).toEqual([
      ["lookup", true],
      ["coerce", true],
      ["unwrap", true],
      ["shape", true],
      ["cast", true],
      ["validate", true],
    ]);
    expect(okSteps("Counter", "{}")).toEqual([["lookup", false]]);
    expect(okSteps("counter", "[1]")).toEqual([
      ["lookup", true],
      ["coerce", true],
      ["unwrap", true],
      ["shape", false],
    ]);
    expect(okSteps("counter", { n: "0" })).toEqual([
      ["lookup", true],
      ["coerce", true],
      ["unwrap", true],
      ["shape", true],
      ["cast", true],
      ["validate", false],
    ]);
  });

  it("reports each step's input and output, through a wrapper given as text", () => {
    const counter = registryOf(new FakeTool({ name: "counter", parameters: { type: "object", properties: { n: { type: "integer" } } } }));
    const { steps } = trace(counter, "counter", '{"arguments":"{\\"n\\":\\"2\\"}"}');
    const byName = Object.fromEntries(steps.map((s) => [s.step, s]));
    expect(byName["coerce"]?.output).toEqual({ arguments: '{"n":"2"}' });
    expect(byName["unwrap"]?.output).toEqual({ n: "2" });
    expect(byName["cast"]?.input).toEqual({ n: "2" });
    expect(byName["cast"]?.output).toEqual({ n: 2 });
    expect(byName["validate"]?.output).toEqual({ n: 2 });
  });
});

describe("execute", () => {
  it("RETRY_HINT is upstream's text, exported from the registry and messages", () => {
    expect(RETRY_HINT).toBe(HINT);
    expect(MESSAGES_RETRY_HINT).toBe(HINT);
  });

  it("a prepare error gets the hint and the tool does not run", async () => {
    const tool = new FakeTool({ name: "read_file", parameters: PATH_SCHEMA });
    const registry = registryOf(tool);
    const missing = await registry.execute("missing", {});
    expect(missing).toBeInstanceOf(ToolResult);
    expect(isToolErrorResult(missing)).toBe(true);
    expect(String(missing)).toBe(`Error: Tool 'missing' not found. Available: read_file${HINT}`);

    const shape = await registry.execute("read_file", "[1]");
    expect(String(shape)).toBe(nonObject("read_file", "array") + HINT);
    expect(isToolErrorResult(shape)).toBe(true);
    expect(tool.calls).toHaveLength(0);
  });

  it("invalid params stop execution", async () => {
    const tool = new FakeTool({ name: "read_file", parameters: { ...PATH_SCHEMA, additionalProperties: false }, run: async () => "one" });
    const result = await registryOf(tool).execute("read_file", { path: "sample.txt", line_limit: 1 });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe(`Error: Invalid parameters for tool 'read_file': unexpected parameter line_limit${HINT}`);
    expect(String(result)).not.toContain("one\n");
    expect(tool.calls).toHaveLength(0);
  });

  it("runs the tool with the cast params and a signal", async () => {
    const tool = new FakeTool({
      name: "count",
      parameters: { type: "object", properties: { n: { type: "integer" } } },
      run: async (p) => `n=${String(p["n"])}`,
    });
    await expect(registryOf(tool).execute("count", '{"n":"3"}')).resolves.toBe("n=3");
    expect(tool.calls).toHaveLength(1);
    const params = tool.calls[0]?.params;
    const options = tool.calls[0]?.options;
    expect(params).toEqual({ n: 3 });
    expect(options?.signal).toBeInstanceOf(AbortSignal);
  });

  it("a ToolResult error gets the hint and stays an error", async () => {
    const tool = new FakeTool({ name: "fails", run: async () => ToolResult.error("Error: real failure") });
    const result = await registryOf(tool).execute("fails", {});
    expect(result).toBeInstanceOf(ToolResult);
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe(`Error: real failure${HINT}`);
  });

  it.each(["Error: generated report successfully\n\nExit code: 0", "Error: plain tool output, not a structured failure"])(
    "a plain string starting with 'Error:' is a success, unchanged",
    async (text) => {
      const result = await registryOf(new FakeTool({ name: "exec", run: async () => text })).execute("exec", {});
      expect(result).toBe(text);
      expect(isToolErrorResult(result)).toBe(false);
    },
  );

  it("a successful ToolResult is returned as it is, even when it starts with 'Error:'", async () => {
    const ok = new ToolResult("Error: generated report successfully");
    await expect(registryOf(new FakeTool({ name: "exec", run: async () => ok })).execute("exec", {})).resolves.toBe(ok);
    const structured = await registryOf(new FakeTool({ name: "s", run: async () => new ToolResult("Error: structured success") })).execute("s", {});
    expect(isToolErrorResult(structured)).toBe(false);
    expect((structured as ToolResult).content).toBe("Error: structured success");
  });

  it("a thrown Error becomes 'Error executing <name>: <message>' with the hint", async () => {
    const tool = new FakeTool({
      name: "boom",
      run: async () => {
        throw new Error("bad thing");
      },
    });
    const result = await registryOf(tool).execute("boom", {});
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe(`Error executing boom: bad thing${HINT}`);
    const typeError = new FakeTool({
      name: "sync",
      run: () => {
        throw new TypeError("sync failure");
      },
    });
    expect(((await registryOf(typeError).execute("sync", {})) as ToolResult).content).toBe(`Error executing sync: sync failure${HINT}`);
  });

  it("a synchronous throw and a rejection of a non-Error are caught too", async () => {
    const registry = registryOf(
      new FakeTool({ name: "sync", synchronous: true, throws: new TypeError("sync") }),
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pins how a rejection with a string is reported
      new FakeTool({ name: "rejects", run: () => Promise.reject("just a string") }),
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- pins how a rejection with nothing is reported
      new FakeTool({ name: "undef", run: () => Promise.reject(undefined) }),
    );
    expect(String(await registry.execute("sync", {}))).toBe(`Error executing sync: sync${HINT}`);
    expect(String(await registry.execute("rejects", {}))).toBe(`Error executing rejects: just a string${HINT}`);
    const undef = await registry.execute("undef", {});
    expect(isToolErrorResult(undef)).toBe(true);
    expect(String(undef)).toMatch(/^Error executing undef: .+\n\n\[Analyze/s);
  });

  it("a tool whose own castParams or validateParams throws does not make execute reject", async () => {
    class BadValidate extends FakeTool {
      override validateParams(): string[] {
        throw new Error("validator broke");
      }
    }
    const tool = new BadValidate({ name: "badv" });
    const result = await registryOf(tool).execute("badv", {});
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toBe(`Error executing badv: validator broke${HINT}`);
    expect(tool.calls).toHaveLength(0);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["an object", { a: 1 }],
    ["an array", [1, 2]],
    ["a number", 0],
    ["an empty string", ""],
    ["false", false],
  ])("a success value (%s) is returned unchanged", async (_label, value) => {
    const result = await registryOf(new FakeTool({ name: "ok", run: async () => value })).execute("ok", {});
    expect(result).toBe(value);
  });

  it("an MCP-style malformed-content error gets the hint", async () => {
    const tool = new FakeTool({ name: "mcp_srv_tool", run: async () => ToolResult.error("Error: MCP tool returned malformed content") });
    const result = await registryOf(tool).execute("mcp_srv_tool", {});
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toContain("MCP tool returned malformed content");
    expect(String(result)).toContain("Analyze the error above and try a different approach");
  });

  it("end to end with casting", async () => {
    const tool = new FakeTool({
      name: "search",
      parameters: {
        type: "object",
        properties: { query: { type: "string", minLength: 2 }, count: { type: "integer" } },
        required: ["query"],
      },
      run: async (p) => `ok:${String(p["count"])}`,
    });
    const registry = registryOf(tool);
    await expect(registry.execute("search", { query: "hello", count: "3" })).resolves.toBe("ok:3");
    expect(String(await registry.execute("search", { query: "h", count: 3 }))).toContain("Invalid parameters");
    expect(tool.calls).toHaveLength(1);
  });
});

describe("a call runs if and only if Ajv accepts its cast arguments", () => {
  const OPTIONAL_INT: JsonSchema = {
    type: "object",
    properties: { seconds: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } },
  };
  const MODE_OR_COUNT: JsonSchema = {
    type: "object",
    properties: { mode: { oneOf: [{ type: "string", enum: ["fast", "full"] }, { type: "integer" }] } },
  };

  it.each([
    ["wait", OPTIONAL_INT, { seconds: "forever" }, "seconds should be integer or null"],
    ["wait", OPTIONAL_INT, { seconds: { $gt: 1 } }, "seconds should be integer or null"],
    ["wait", OPTIONAL_INT, { seconds: -5 }, "seconds must be >= 0"],
    ["pick", MODE_OR_COUNT, { mode: true }, "mode should be string or integer"],
    ["pick", MODE_OR_COUNT, { mode: [1, 2] }, "mode should be string or integer"],
  ])("%s with %j never reaches execute: %s", async (name, schema, args, problem) => {
    const tool = new FakeTool({ name, parameters: schema });
    const registry = registryOf(tool);
    const prepared = registry.prepareCall(name, args);
    expect(expectError(prepared.error).content).toBe(`Error: Invalid parameters for tool '${name}': ${problem}`);
    expect(await registry.execute(name, args)).toEqual(ToolResult.error(`Error: Invalid parameters for tool '${name}': ${problem}${HINT}`));
    expect(tool.calls).toHaveLength(0);
  });

  it("values the combinators accept run, unchanged", () => {
    const tool = new FakeTool({ name: "wait", parameters: OPTIONAL_INT });
    const registry = registryOf(tool);
    for (const args of [{ seconds: 5 }, { seconds: null }, {}]) {
      const prepared = registry.prepareCall("wait", args);
      expect(prepared.error).toBeNull();
      expect(prepared.params).toBe(args);
    }
    expect(registry.prepareCall("wait", { seconds: "5" }).params).toEqual({ seconds: 5 });
  });

  it('casting keeps a value a type list already accepts ("007" stays "007")', () => {
    const registry = registryOf(new FakeTool({ name: "code", parameters: { type: "object", properties: { code: { type: ["integer", "string"] } } } }));
    const args = { code: "007" };
    const prepared = registry.prepareCall("code", args);
    expect(prepared.error).toBeNull();
    expect(prepared.params).toBe(args);
  });
});

describe("rewording is linear", () => {
  const ITEMS: JsonSchema = {
    type: "object",
    properties: { xs: { type: "array", items: { anyOf: [{ type: "integer", minimum: 0 }, { type: "null" }] } } },
  };
  const argsOf = (n: number): string => JSON.stringify({ xs: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? "abc" : -10)) });

  /** The least CPU time of a few runs: the least disturbed by other work on the machine. */
  function leastCpuMs(registry: ToolRegistry, raw: string, runs: number): number {
    let best = Number.POSITIVE_INFINITY;
    for (let i = 0; i < runs; i++) {
      const before = process.cpuUsage();
      const prepared = registry.prepareCall("items", raw);
      const used = process.cpuUsage(before);
      best = Math.min(best, (used.user + used.system) / 1000);
      expect(prepared.error).not.toBeNull();
    }
    return best;
  }

  /**
   * How many times the rewording reads a field of one of Ajv's errors for `count` refused items:
   * a count of work, not a clock, so it means the same on any machine under any load.
   */
  function errorReads(count: number): number {
    const value = JSON.parse(argsOf(count)) as unknown;
    const check = createAjv().compile(ITEMS);
    expect(check(value)).toBe(false);
    let reads = 0;
    const watched = (check.errors ?? []).map(
      (error) =>
        new Proxy(error, {
          get(target, key, receiver) {
            reads++;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }),
    );
    expect(formatAjvErrors(watched, value).at(-1)).toBe(`and ${count - MAX_REPORTED_PROBLEMS} more problems`);
    return reads;
  }

  it("the work per refused item is constant: eight times the items, eight times the reads (counted, not timed)", () => {
    const small = errorReads(2_500);
    const large = errorReads(20_000);
    // Linear rewording reads each error a fixed number of times: exactly 8 here, a little more
    // if a sort is involved. Comparing errors pairwise gives 64.
    expect(large / small).toBeGreaterThanOrEqual(7.9);
    expect(large / small).toBeLessThan(11);
  });

  it("20,000 anyOf items (about 100 KB) cost about twenty times 1,000, not four hundred (timed)", () => {
    const registry = registryOf(new FakeTool({ name: "items", parameters: ITEMS }));
    const small = argsOf(1_000);
    const large = argsOf(20_000);
    expect(large.length).toBeGreaterThan(95_000);
    // Linear gives about 20 and quadratic about 400. A busy machine (garbage collection, other
    // test files) can inflate one run several times, so the best of three tries is judged.
    let best = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 3 && best >= 100; attempt++) {
      leastCpuMs(registry, small, 1);
      leastCpuMs(registry, large, 1);
      const tSmall = leastCpuMs(registry, small, 7);
      const tLarge = leastCpuMs(registry, large, 5);
      best = Math.min(best, tLarge / Math.max(tSmall, 0.1));
    }
    expect(best).toBeLessThan(100);
  }, 120_000);

  it("the message lists the first problems in order and counts the rest", () => {
    const registry = registryOf(new FakeTool({ name: "items", parameters: ITEMS }));
    const content = expectError(registry.prepareCall("items", argsOf(20_000)).error).content;
    expect(content.startsWith("Error: Invalid parameters for tool 'items': xs[0] should be integer or null; xs[1] must be >= 0; xs[2] should be integer or null;")).toBe(true);
    expect(content.endsWith("; and 19980 more problems")).toBe(true);
  });
});
