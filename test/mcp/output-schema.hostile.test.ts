/**
 * An MCP server declared an `outputSchema` with a catastrophic pattern and answered with a short
 * `structuredContent`; the SDK client validated it with its default Ajv, in our process, and froze
 * the agent for seconds whatever the time limits said. Output schemas are compiled by the
 * registry's own compiler (`compileValidator`, with its linear-time patterns and complexity
 * budget), both in the adapter and, through `SafeJsonSchemaValidator`, in the SDK client itself.
 *
 * The work of each check is counted, not timed: the 30 characters of the answer are handed to
 * RE2 once, and nothing is compiled while a call is checked.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import { compileOutputSchema, SafeJsonSchemaValidator } from "../../src/mcp/output-validator.js";
import { ProcessGroupStdioTransport } from "../../src/mcp/stdio-transport.js";
import { isToolErrorResult, type Tool } from "../../src/tools/base.js";
import { workBetween, workSnapshot, type ValidationWork } from "../../src/schema/validation-work.js";
import { connectHostile, HOSTILE_SERVER } from "./harness.js";

/** The pattern and input of the reproduction: about 2^29 backtracking steps. */
const CATASTROPHIC = { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } }, required: ["s"] };
const EVIL = { s: `${"a".repeat(29)}!` };

/** What `work` resolved to, and the validation work done while it ran. */
async function counted<T>(work: () => Promise<T>): Promise<[T, ValidationWork]> {
  const before = workSnapshot();
  const result = await work();
  return [result, workBetween(before, workSnapshot())];
}

/** The check of EVIL: its 30 characters handed to RE2 once, nothing compiled. */
function expectOneLinearCheck(work: ValidationWork): void {
  expect(work.patternCharacters).toBe(EVIL.s.length);
  expect(work.engineCompiles).toBe(0);
  expect(work.schemaCompiles).toBe(0);
}

const signal = (): AbortSignal => AbortSignal.timeout(30_000);

describe("hostile input: output schemas are checked with the registry's safeguards", () => {
  let server: StdioMcpConnection | undefined;
  const tool = (name: string): Tool => {
    const found = server?.tools.find((t) => t.name === `mcp_o_${name}`);
    if (found === undefined) throw new Error(`no tool ${name}`);
    return found;
  };

  beforeAll(async () => {
    server = await connectHostile("o", "output");
  }, 20_000);
  afterAll(async () => {
    await server?.close();
  }, 20_000);

  it("the adapter's check of a catastrophic pattern runs on RE2 once over the answer, and refuses the value", async () => {
    const [result, work] = await counted(() => tool("match").execute({}, { signal: signal() }));
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toMatch(/^Error: MCP tool 'match' returned structured content that does not match its output schema: s must match pattern/);
    expectOneLinearCheck(work);
  }, 60_000);

  it("the SDK client given SafeJsonSchemaValidator checks on RE2 too", async () => {
    const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: [HOSTILE_SERVER, "--scenario", "output"], closeGraceMs: 300 });
    const client = new Client({ name: "t", version: "0" }, { jsonSchemaValidator: new SafeJsonSchemaValidator() });
    await client.connect(transport);
    try {
      await client.listTools();
      const [outcome, work] = await counted(() =>
        client.callTool({ name: "match", arguments: {} }).then(
          () => null,
          (error: unknown) => error,
        ),
      );
      expect(String(outcome)).toMatch(/does not match the tool's output schema: s must match pattern/);
      expectOneLinearCheck(work);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("the connection's own client carries the safe validator", () => {
    const inner = (server?.client as unknown as { _jsonSchemaValidator?: unknown } | undefined)?._jsonSchemaValidator;
    expect(inner).toBeInstanceOf(SafeJsonSchemaValidator);
  });

  it("the validator itself: compiled once, one pass of RE2 per check, a clear message", () => {
    const provider = new SafeJsonSchemaValidator();
    const validate = provider.getValidator(CATASTROPHIC);
    const before = workSnapshot();
    const verdict = validate(EVIL);
    expectOneLinearCheck(workBetween(before, workSnapshot()));
    expect(verdict.valid).toBe(false);
    expect(verdict.errorMessage).toMatch(/^s must match pattern/);
    expect(validate({ s: "aaa" })).toEqual({ valid: true, data: { s: "aaa" }, errorMessage: undefined });
  }, 60_000);

  it("a schema the compiler refuses gives a validator that refuses everything, never a throw", () => {
    const provider = new SafeJsonSchemaValidator();
    const broken = provider.getValidator({ type: "object", properties: { d: { type: "string", pattern: "(unclosed" } } });
    const verdict = broken({ d: "x" });
    expect(verdict.valid).toBe(false);
    expect(verdict.errorMessage).toMatch(/^the schema was refused: /);
    expect(() => compileOutputSchema({ type: "array" })).toThrow(/root must have type "object"/);
    expect(compileOutputSchema({ type: "object" })([1])).toEqual(["structured content must be an object, got array"]);
  });

  it("matching structured content passes; wrong or missing structured content is an error result", async () => {
    expect(await tool("good_output").execute({}, { signal: signal() })).toBe("1");
    const wrong = await tool("wrong_output").execute({}, { signal: signal() });
    expect(isToolErrorResult(wrong)).toBe(true);
    expect(String(wrong)).toBe("Error: MCP tool 'wrong_output' returned structured content that does not match its output schema: n should be number");
    const missing = await tool("missing_output").execute({}, { signal: signal() });
    expect(String(missing)).toBe("Error: MCP tool 'missing_output' declares an output schema but returned no structured content");
  });
});
