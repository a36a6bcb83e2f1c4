/**
 * Issue 16, item 2: an MCP server declared an `outputSchema` with a catastrophic pattern and
 * answered with a short `structuredContent`; the SDK client validated it with its default Ajv, in
 * our process, and froze the agent for seconds whatever the time limits said. Output schemas
 * are now compiled by the registry's own compiler (`compileValidator`, with its linear-time
 * patterns and complexity budget), both in the adapter and, through `SafeJsonSchemaValidator`, in
 * the SDK client itself.
 *
 * No check here has a wall-clock ceiling. The time checks compare, inside one run, a value that
 * makes a backtracking engine take about 2^29 steps with a value of the same length that any
 * engine matches in one pass (both refused by a `maxLength`, so both are reported): with a
 * linear-time engine the two cost alike; with a backtracking one the first costs a hundred
 * thousand times more.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StdioMcpConnection } from "../../src/mcp/stdio-connection.js";
import { compileOutputSchema, SafeJsonSchemaValidator } from "../../src/mcp/output-validator.js";
import { ProcessGroupStdioTransport } from "../../src/mcp/stdio-transport.js";
import { isToolErrorResult, type Tool } from "../../src/tools/base.js";
import { connectHostile, HOSTILE_SERVER, slowdown } from "./mcp-harness.js";

/** The pattern and input of the reproduction: about 2^29 backtracking steps. */
const CATASTROPHIC = { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$" } }, required: ["s"] };
const EVIL = { s: `${"a".repeat(29)}!` };
/**
 * For timing: the same pattern under a `maxLength` both values break, so both are refused and
 * reported alike; the benign value matches the pattern, which any engine checks in one pass.
 */
const TIMED = { type: "object", properties: { s: { type: "string", pattern: "^(a+)+$", maxLength: 10 } }, required: ["s"] };
const BENIGN = { s: "a".repeat(30) };
/** How much slower the hostile value may be than the benign one: a linear engine is near 1×. */
const MAX_RATIO = 16;

const signal = (): AbortSignal => AbortSignal.timeout(30_000);

describe("output schemas are checked with the registry's safeguards (issue 16.2)", () => {
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

  it("the adapter refuses a value its catastrophic output pattern does not match", async () => {
    const result = await tool("match").execute({}, { signal: signal() });
    expect(isToolErrorResult(result)).toBe(true);
    expect(String(result)).toMatch(/^Error: MCP tool 'match' returned structured content that does not match its output schema: s must match pattern/);
  }, 60_000);

  it("the adapter's compiler checks the hostile value as fast as a benign one of the same length", () => {
    const check = compileOutputSchema(TIMED);
    expect(check(EVIL)).toEqual([expect.stringMatching(/^s must be at most 10 chars/), expect.stringMatching(/^s must match pattern/)]);
    expect(check(BENIGN)).toEqual(["s must be at most 10 chars"]);
    expect(slowdown(() => check(EVIL), () => check(BENIGN))).toBeLessThanOrEqual(MAX_RATIO);
  }, 60_000);

  it("the SDK client given SafeJsonSchemaValidator refuses the hostile value too", async () => {
    const transport = new ProcessGroupStdioTransport({ command: process.execPath, args: [HOSTILE_SERVER, "--scenario", "output"], closeGraceMs: 300 });
    const client = new Client({ name: "t", version: "0" }, { jsonSchemaValidator: new SafeJsonSchemaValidator() });
    await client.connect(transport);
    try {
      await client.listTools();
      await expect(client.callTool({ name: "match", arguments: {} })).rejects.toThrow(/does not match the tool's output schema: s must match pattern/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("the connection's own client carries the safe validator", () => {
    const inner = (server?.client as unknown as { _jsonSchemaValidator?: unknown } | undefined)?._jsonSchemaValidator;
    expect(inner).toBeInstanceOf(SafeJsonSchemaValidator);
  });

  it("the validator itself: compiled once, as fast on the hostile value as on a benign one, a clear message", () => {
    const provider = new SafeJsonSchemaValidator();
    const validate = provider.getValidator(CATASTROPHIC);
    const verdict = validate(EVIL);
    const timed = provider.getValidator(TIMED);
    expect(slowdown(() => timed(EVIL), () => timed(BENIGN))).toBeLessThanOrEqual(MAX_RATIO);
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
