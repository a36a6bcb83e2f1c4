/**
 * Typed arguments: `Tool<P>` gives `execute` the type of its arguments, and `ParametersSchema<P>`
 * checks a schema against that type. The `@ts-expect-error` lines are checked by `tsc --noEmit`
 * (which `npm test` runs first): each one must be an error, or the type check fails.
 */
import { describe, expect, it } from "vitest";
import { Tool } from "../../src/tools/base.js";
import { ListDirTool, type ListDirParams } from "../../src/tools/builtin/list-dir.js";
import { ReadFileTool, type ReadFileParams } from "../../src/tools/builtin/read-file.js";
import { WebFetchTool, type WebFetchParams } from "../../src/tools/builtin/web-fetch.js";
import { WriteFileTool, type WriteFileParams } from "../../src/tools/builtin/write-file.js";
import type { ParametersSchema } from "../../src/schema/parameters-schema.js";
import { ToolRegistry } from "../../src/tools/registry.js";

type RepeatParams = { text: string; times?: number; tags?: string[]; extra?: unknown };

const repeatSchema: ParametersSchema<RepeatParams> = {
  type: "object",
  properties: {
    text: { type: "string", minLength: 1 },
    times: { type: "integer", minimum: 1 },
    tags: { type: "array", items: { type: "string" } },
    extra: {},
  },
  required: ["text"],
  additionalProperties: false,
};

class RepeatTool extends Tool<RepeatParams> {
  readonly name = "repeat";
  readonly description = "Repeat the text.";
  readonly parameters = repeatSchema;
  readonly seen: RepeatParams[] = [];
  async execute(params: RepeatParams): Promise<unknown> {
    this.seen.push(params);
    return params.text.repeat(params.times ?? 1);
  }
}

// Schemas that do not fit their type: each line below must fail to compile.
export const wrongSchemas = [
  // @ts-expect-error a key of the type has no property schema
  { type: "object", properties: { text: { type: "string" } }, required: ["text"] } satisfies ParametersSchema<RepeatParams>,
  // @ts-expect-error a property the type does not have
  { type: "object", properties: { text: {}, times: {}, tags: {}, extra: {}, other: {} }, required: ["text"] } satisfies ParametersSchema<RepeatParams>,
  // @ts-expect-error a property whose type the value cannot have
  { type: "object", properties: { text: { type: "number" }, times: {}, tags: {}, extra: {} }, required: ["text"] } satisfies ParametersSchema<RepeatParams>,
  // @ts-expect-error an optional key listed as required
  { type: "object", properties: { text: {}, times: {}, tags: {}, extra: {} }, required: ["text", "times"] } satisfies ParametersSchema<RepeatParams>,
  // @ts-expect-error no `required` although the type requires a key
  { type: "object", properties: { text: {}, times: {}, tags: {}, extra: {} } } satisfies ParametersSchema<RepeatParams>,
  // @ts-expect-error a root that is not an object schema
  { type: "array", properties: { text: {}, times: {}, tags: {}, extra: {} }, required: ["text"] } satisfies ParametersSchema<RepeatParams>,
];

describe("typed arguments", () => {
  it("a Tool<P> registers like any tool and its execute receives the cast, validated arguments", async () => {
    const tool = new RepeatTool();
    const registry = new ToolRegistry();
    registry.register(tool);
    expect(await registry.execute("repeat", '{"text": "ab", "times": "3"}')).toBe("ababab");
    expect(tool.seen).toEqual([{ text: "ab", times: 3 }]);
    const refused = registry.prepareCall("repeat", { text: "", times: 0 });
    expect(refused.error?.content).toBe("Error: Invalid parameters for tool 'repeat': text must be at least 1 chars; times must be >= 1");
  });

  it("the type check adds nothing at run time: a schema typed wrongly is enforced as written", () => {
    // `times` typed as a string in the schema: the registry follows the schema, not the type.
    const registry = new ToolRegistry();
    const tool = new RepeatTool();
    Object.defineProperty(tool, "parameters", { value: wrongSchemas[2] });
    registry.register(tool);
    expect(registry.prepareCall("repeat", { text: 5 }).error).toBeNull();
  });

  it("each built-in declares the type of its arguments, and its schema accepts a value of that type", () => {
    const samples: [Tool<Record<string, unknown>>, ReadFileParams | ListDirParams | WriteFileParams | WebFetchParams][] = [
      [new ReadFileTool({ workspace: "/tmp/ws" }), { path: "notes.txt", offset: 2, limit: 10 } satisfies ReadFileParams],
      [new ListDirTool({ workspace: "/tmp/ws" }), { path: "." } satisfies ListDirParams],
      [new WriteFileTool({ workspace: "/tmp/ws" }), { path: "out.txt", content: "hello" } satisfies WriteFileParams],
      [new WebFetchTool(), { url: "https://example.com/" } satisfies WebFetchParams],
    ];
    for (const [tool, params] of samples) {
      expect(tool.validateParams(params)).toEqual([]);
      const registry = new ToolRegistry();
      registry.register(tool);
      expect(registry.prepareCall(tool.name, params).error).toBeNull();
    }
  });
});
