/**
 * The single-tool contract, its policy flags, the static
 * plugin hooks, `ToolResult` and `isToolErrorResult`.
 */
import { describe, expect, it } from "vitest";
import {
  assertObjectRootSchema,
  isObjectRootSchema,
  isToolErrorResult,
  Tool,
  ToolResult,
  type ExecuteOptions,
  type JsonSchema,
  type ToolClass,
  type ToolContext,
} from "../../src/tools/base.js";
import { resolveSchemaType } from "../../src/util/json.js";
import { FakeTool } from "../../src/testing/index.js";

const ctx: ToolContext = { workspace: "/tmp/ws" };

class MinimalTool extends Tool {
  readonly name = "test_minimal";
  readonly description = "A minimal tool.";
  readonly parameters: JsonSchema = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  async execute(params: Record<string, unknown>): Promise<unknown> {
    return `got ${String(params["text"])}`;
  }
}

class ReadOnlyTool extends MinimalTool {
  override get readOnly(): boolean {
    return true;
  }
}

class ExclusiveReadOnlyTool extends ReadOnlyTool {
  override get exclusive(): boolean {
    return true;
  }
}

/** read-only, yet declared unsafe to batch: the override must win. */
class UnsafeReadOnlyTool extends ReadOnlyTool {
  override get concurrencySafe(): boolean {
    return false;
  }
}

/** Writes, yet declared safe to batch: the override must win here too. */
class SafeWriterTool extends MinimalTool {
  override get concurrencySafe(): boolean {
    return true;
  }
}

const signal = new AbortController().signal;
const options: ExecuteOptions = { signal };

describe("Tool: the contract", () => {
  it("toSchema returns the OpenAI function definition", () => {
    const tool = new MinimalTool();
    expect(tool.toSchema()).toEqual({
      type: "function",
      function: { name: "test_minimal", description: "A minimal tool.", parameters: tool.parameters },
    });
    expect(Object.keys(tool.toSchema())).toEqual(["type", "function"]);
    expect(Object.keys(tool.toSchema().function)).toEqual(["name", "description", "parameters"]);
    const echo = new FakeTool({ name: "echo", description: "the echo tool", parameters: { type: "object", properties: { text: { type: "string" } } } });
    expect(echo.toSchema()).toEqual({
      type: "function",
      function: { name: "echo", description: "the echo tool", parameters: { type: "object", properties: { text: { type: "string" } } } },
    });
  });

  it("toSchema hands the schema on as it is (no copy per call)", () => {
    const tool = new MinimalTool();
    expect(tool.toSchema().function.parameters).toBe(tool.parameters);
  });

  it("execute is the subclass's", async () => {
    const tool: Tool = new MinimalTool();
    await expect(tool.execute({ text: "hi" }, options)).resolves.toBe("got hi");
  });
});

describe("Tool: concurrency flags", () => {
  it("defaults: not read-only, not exclusive, not concurrency-safe", () => {
    const tool = new MinimalTool();
    expect(tool.readOnly).toBe(false);
    expect(tool.exclusive).toBe(false);
    expect(tool.concurrencySafe).toBe(false);
  });

  it("concurrencySafe is readOnly && !exclusive", () => {
    expect(new ReadOnlyTool().concurrencySafe).toBe(true);
    expect(new ExclusiveReadOnlyTool().concurrencySafe).toBe(false);
  });

  it("an overridden concurrencySafe is respected both ways", () => {
    const unsafe = new UnsafeReadOnlyTool();
    expect(unsafe.readOnly).toBe(true);
    expect(unsafe.exclusive).toBe(false);
    expect(unsafe.concurrencySafe).toBe(false);
    const safe = new SafeWriterTool();
    expect(safe.readOnly).toBe(false);
    expect(safe.concurrencySafe).toBe(true);
  });
});

describe("Tool: static plugin hooks", () => {
  it("scopes default to ['core']", () => {
    expect(Tool.scopes).toEqual(["core"]);
    expect(MinimalTool.scopes).toEqual(["core"]);
  });

  it('configKey defaults to ""', () => {
    expect(Tool.configKey).toBe("");
    expect(MinimalTool.configKey).toBe("");
  });

  it("discoverable defaults to true", () => {
    expect(Tool.discoverable).toBe(true);
    expect(MinimalTool.discoverable).toBe(true);
  });

  it("enabled defaults to true, whatever the context", () => {
    expect(MinimalTool.enabled(ctx)).toBe(true);
    expect(MinimalTool.enabled({ workspace: "" })).toBe(true);
    expect(MinimalTool.enabled(undefined as unknown as ToolContext)).toBe(true);
  });

  it("create returns a new instance of the class", () => {
    const first = MinimalTool.create(ctx);
    const second = MinimalTool.create(ctx);
    expect(first).toBeInstanceOf(MinimalTool);
    expect(first.name).toBe("test_minimal");
    expect(first).not.toBe(second);
    expect(ReadOnlyTool.create(ctx)).toBeInstanceOf(ReadOnlyTool);
  });

  it("a subclass overrides the hooks without changing the base's", () => {
    class Scoped extends MinimalTool {
      static override scopes: readonly string[] = ["core", "subagent"];
      static override configKey = "scoped";
      static override discoverable = false;
      static override enabled(c: ToolContext): boolean {
        return c.workspace !== "";
      }
    }
    expect(Scoped.scopes).toEqual(["core", "subagent"]);
    expect(Scoped.configKey).toBe("scoped");
    expect(Scoped.discoverable).toBe(false);
    expect(Scoped.enabled({ workspace: "" })).toBe(false);
    expect(Tool.scopes).toEqual(["core"]);
    expect(Tool.configKey).toBe("");
    expect(Tool.discoverable).toBe(true);
  });

  it("a concrete subclass fits the ToolClass shape the loader uses", () => {
    const cls: ToolClass = MinimalTool;
    expect(cls.create(ctx)).toBeInstanceOf(Tool);
  });
});

describe("ToolResult", () => {
  it("is a success by default", () => {
    const r = new ToolResult("x");
    expect(r.content).toBe("x");
    expect(r.isError).toBe(false);
    expect(r.toString()).toBe("x");
    // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- pins what a ToolResult gives inside a template
    expect(`${r}`).toBe("x");
  });

  it("ToolResult.error and Tool.error build failures", () => {
    const a = ToolResult.error("x");
    expect(a.isError).toBe(true);
    expect(a.content).toBe("x");
    const b = Tool.error("y");
    expect(b).toBeInstanceOf(ToolResult);
    expect(b.isError).toBe(true);
    expect(b.content).toBe("y");
    expect(Tool.error("z")).toEqual(ToolResult.error("z"));
  });

  it("the explicit constructor flag is kept", () => {
    expect(new ToolResult("x", true).isError).toBe(true);
    expect(new ToolResult("x", false).isError).toBe(false);
  });

  it("serialises as its content", () => {
    expect(JSON.stringify({ r: new ToolResult("hello") })).toBe('{"r":"hello"}');
  });

  it("concatenation gives a plain string, which is not an error", () => {
    // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- pins what a ToolResult gives inside a template
    const joined = `${ToolResult.error("a")}b`;
    expect(joined).toBe("ab");
    expect(isToolErrorResult(joined)).toBe(false);
  });
});

describe("isToolErrorResult", () => {
  it("is true only for a ToolResult with isError", () => {
    expect(isToolErrorResult(ToolResult.error("Error: boom"))).toBe(true);
    expect(isToolErrorResult(ToolResult.error("Error: x"))).toBe(true);
    expect(isToolErrorResult(new ToolResult("Error: boom", true))).toBe(true);
  });

  it("a successful ToolResult is not an error, even when it starts with 'Error:'", () => {
    expect(isToolErrorResult(new ToolResult("Error: generated report successfully"))).toBe(false);
  });

  it("nothing else is an error: plain 'Error:' strings, look-alike objects, Errors", () => {
    const notErrors: unknown[] = [
      "Error: plain tool output, not a structured failure",
      "Error: plain string",
      "",
      null,
      undefined,
      0,
      false,
      { content: "Error: x", isError: true },
      { content: "x", isError: true },
      Object.create(null) as unknown,
      new Error("boom"),
      [ToolResult.error("inside an array")],
    ];
    for (const value of notErrors) expect(isToolErrorResult(value)).toBe(false);
  });
});

describe("root schema rules", () => {
  it("resolveSchemaType: a string, the first non-null entry of a list, or null", () => {
    expect(resolveSchemaType("string")).toBe("string");
    expect(resolveSchemaType(["string", "null"])).toBe("string");
    expect(resolveSchemaType(["null", "integer"])).toBe("integer");
    expect(resolveSchemaType(["null"])).toBeNull();
    expect(resolveSchemaType("null")).toBeNull();
    expect(resolveSchemaType(null)).toBeNull();
    expect(resolveSchemaType(undefined)).toBeNull();
  });

  it("an object root, or a root without type, is an object schema", () => {
    expect(isObjectRootSchema({ type: "object" })).toBe(true);
    expect(isObjectRootSchema({})).toBe(true);
    expect(isObjectRootSchema({ properties: {} })).toBe(true);
  });

  it("any other root is not, including the nullable object", () => {
    expect(isObjectRootSchema({ type: "array" })).toBe(false);
    expect(isObjectRootSchema({ type: ["object", "null"] })).toBe(false);
    expect(isObjectRootSchema({ type: "string" })).toBe(false);
    expect(isObjectRootSchema([])).toBe(false);
    expect(isObjectRootSchema("object")).toBe(false);
  });

  it("assertObjectRootSchema throws a TypeError naming the tool", () => {
    expect(() => assertObjectRootSchema("lister", { type: "array" })).toThrow(TypeError);
    expect(() => assertObjectRootSchema("lister", { type: "array" })).toThrow(/lister/);
    expect(() => assertObjectRootSchema("lister", { type: "object" })).not.toThrow();
  });
});

describe("castParams and validateParams on the tool", () => {
  it("cast then validate, with the compiled schema", () => {
    class Counter extends MinimalTool {
      override readonly parameters: JsonSchema = {
        type: "object",
        properties: { count: { type: "integer", minimum: 1 } },
        required: ["count"],
      };
    }
    const tool = new Counter();
    const cast = tool.castParams({ count: "3" });
    expect(cast).toEqual({ count: 3 });
    expect(tool.validateParams(cast)).toEqual([]);
    expect(tool.validateParams({ count: 0 })).toEqual(["count must be >= 1"]);
    expect(tool.validateParams({})).toEqual(["missing required count"]);
  });

  it("the schema is compiled once per instance, not per call", () => {
    let reads = 0;
    class Counted extends Tool {
      readonly name = "counted";
      readonly description = "d";
      get parameters(): JsonSchema {
        reads += 1;
        return { type: "object", properties: { n: { type: "integer" } } };
      }
      async execute(): Promise<unknown> {
        return null;
      }
    }
    const tool = new Counted();
    for (let i = 0; i < 5; i++) {
      tool.castParams({ n: "1" });
      tool.validateParams({ n: 1 });
    }
    expect(reads).toBe(1);
  });
});
