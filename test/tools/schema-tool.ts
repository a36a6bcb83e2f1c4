/**
 * A tool for the core tests: its schema and behaviour come from the test, and its `execute` is a
 * `vi.fn` spy, so a test can prove a call did (or did not) reach the tool.
 */
import { vi, type Mock } from "vitest";
import { Tool, type ExecuteOptions, type JsonSchema } from "../../src/tools/base.js";

/** The signature of a tool's `execute`, as the spy records it. */
export type ExecuteFn = (params: Record<string, unknown>, options: ExecuteOptions) => Promise<unknown>;

/** A tool whose name, schema and result are given; `run` is the spy behind `execute`. */
export class SchemaTool extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly run: Mock<ExecuteFn>;

  constructor(name: string, parameters: JsonSchema = { type: "object", properties: {} }, run?: ExecuteFn) {
    super();
    this.name = name;
    this.description = `the ${name} tool`;
    this.parameters = parameters;
    this.run = vi.fn<ExecuteFn>(run ?? (async () => `${name} ran`));
  }

  execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    return this.run(params, options);
  }
}

/** The schema of a file-reading tool, as the registry tests use it. */
export const PATH_SCHEMA: JsonSchema = {
  type: "object",
  properties: { path: { type: "string" } },
  required: ["path"],
};
