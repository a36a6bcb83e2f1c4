/**
 * Examples for the tool contract (`src/tools/base.ts`) and typed parameters
 * (`src/schema/parameters-schema.ts`). The reference shows each region; `tsc` checks this file and
 * `test/docs/examples.test.ts` runs every function it exports.
 */
import { Tool, ToolRegistry, type ParametersSchema } from "../../src/index.js";

// #region tool-subclass
class Echo extends Tool {
  readonly name = "echo";
  readonly description = "Repeat the text back.";
  readonly parameters = { type: "object", properties: { text: { type: "string" } }, required: ["text"] };
  override get readOnly() {
    return true;
  }
  async execute(params: Record<string, unknown>) {
    return String(params.text);
  }
}

type ShoutParams = { text: string; times?: number };
class Shout extends Tool<ShoutParams> {
  readonly name = "shout";
  readonly description = "Repeat the text back in capitals.";
  readonly parameters: ParametersSchema<ShoutParams> = {
    type: "object",
    properties: { text: { type: "string" }, times: { type: "integer", minimum: 1 } },
    required: ["text"],
  };
  async execute(params: ShoutParams) {
    return params.text.toUpperCase().repeat(params.times ?? 1);
  }
}
// #endregion tool-subclass

/** Registers both example tools and runs each once. */
export async function toolSubclass(): Promise<unknown[]> {
  const registry = new ToolRegistry();
  registry.register(new Echo());
  registry.register(new Shout());
  return [await registry.execute("echo", { text: "hi" }), await registry.execute("shout", { text: "hi", times: "2" })];
}

/** The typed schema of a `read`-like tool. */
export async function parametersSchema(): Promise<unknown> {
  // #region parameters-schema
  type ReadParams = { path: string; offset?: number };
  const schema: ParametersSchema<ReadParams> = {
    type: "object",
    properties: { path: { type: "string" }, offset: { type: "integer", minimum: 1 } },
    required: ["path"],
    additionalProperties: false,
  };
  // #endregion parameters-schema
  return schema;
}
