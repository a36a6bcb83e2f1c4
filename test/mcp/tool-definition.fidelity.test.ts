/**
 * Fidelity of an MCP tool's definition: the description falls back to the tool's name (an empty
 * description counts as missing), and the parameter schema the model is shown is normalised as
 * upstream normalises it for OpenAI-compatible providers: local `$ref`s moved into `$defs`,
 * `type: [T, "null"]` and a `oneOf`/`anyOf` of one schema and null turned into `T` plus
 * `nullable: true`, `properties: {}` and `required: []` added to object schemas, `$schema` kept.
 * Every expected schema below is upstream's own output for the same input, compared key order and
 * all. The registry still validates against the server's own schema, which this file checks too.
 */
import { describe, expect, it } from "vitest";
import { MCPToolAdapter } from "../../src/mcp/adapter.js";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import { mcpModelSchema } from "../../src/mcp/model-schema.js";
import type { McpToolClient, McpToolInfo } from "../../src/mcp/tool-client.js";
import { ToolRegistry } from "../../src/tools/registry.js";

const client: McpToolClient = { listTools: async () => ({ tools: [] }), callTool: async () => ({ content: [] }) };
const quiet = { warn: (): void => undefined };

/** [case, the server's inputSchema, upstream's normalised schema]. */
const UPSTREAM_SCHEMAS: ReadonlyArray<readonly [string, unknown, unknown]> = [
  [
    "type list with null",
    { type: "object", properties: { q: { type: ["string", "null"], description: "query" } }, required: ["q"] },
    { type: "object", properties: { q: { type: "string", description: "query", nullable: true } }, required: ["q"] },
  ],
  [
    "anyOf integer or null",
    { type: "object", properties: { n: { anyOf: [{ type: "integer" }, { type: "null" }], default: null, title: "N" } } },
    { type: "object", properties: { n: { default: null, title: "N", type: "integer", nullable: true } }, required: [] },
  ],
  [
    "oneOf with descriptions",
    { type: "object", properties: { s: { description: "outer", oneOf: [{ type: "string", description: "inner" }, { type: "null" }] } } },
    { type: "object", properties: { s: { description: "inner", type: "string", nullable: true } }, required: [] },
  ],
  [
    "anyOf with three branches",
    { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] } } },
    { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] } }, required: [] },
  ],
  [
    "anyOf null only",
    { type: "object", properties: { v: { anyOf: [{ type: "null" }] } } },
    { type: "object", properties: { v: { anyOf: [{ type: "null" }] } }, required: [] },
  ],
  [
    "anyOf with a boolean branch",
    { type: "object", properties: { v: { anyOf: [true, { type: "null" }] } } },
    { type: "object", properties: { v: { anyOf: [true, { type: "null" }] } }, required: [] },
  ],
  [
    "type list of three",
    { type: "object", properties: { v: { type: ["string", "integer", "null"] } } },
    { type: "object", properties: { v: { type: ["string", "integer", "null"] } }, required: [] },
  ],
  ["type list null only", { type: "object", properties: { v: { type: ["null"] } } }, { type: "object", properties: { v: { type: ["null"] } }, required: [] }],
  [
    "items nested",
    { type: "object", properties: { l: { type: "array", items: { type: ["integer", "null"] } } } },
    { type: "object", properties: { l: { type: "array", items: { type: "integer", nullable: true } } }, required: [] },
  ],
  [
    "tuple items not visited",
    { type: "object", properties: { t: { type: "array", items: [{ type: ["integer", "null"] }] } } },
    { type: "object", properties: { t: { type: "array", items: [{ type: ["integer", "null"] }] } }, required: [] },
  ],
  [
    "object property gets required",
    { type: "object", properties: { o: { type: "object", properties: { x: { type: ["number", "null"] } } } } },
    { type: "object", properties: { o: { type: "object", properties: { x: { type: "number", nullable: true } }, required: [] } }, required: [] },
  ],
  [
    "additionalProperties not visited",
    { type: "object", additionalProperties: { type: ["string", "null"] } },
    { type: "object", additionalProperties: { type: ["string", "null"] }, properties: {}, required: [] },
  ],
  [
    "nullable ref",
    {
      type: "object",
      properties: { m: { anyOf: [{ $ref: "#/$defs/Model" }, { type: "null" }], default: null } },
      $defs: { Model: { type: "object", properties: { k: { type: ["string", "null"] } } } },
    },
    {
      type: "object",
      properties: { m: { default: null, $ref: "#/$defs/Model", nullable: true } },
      $defs: { Model: { type: "object", properties: { k: { type: "string", nullable: true } }, required: [] } },
      required: [],
    },
  ],
  [
    "definitions hoisted",
    { type: "object", properties: { m: { $ref: "#/definitions/Model" } }, definitions: { Model: { type: "object", properties: { k: { type: ["string", "null"] } } } } },
    {
      type: "object",
      properties: { m: { $ref: "#/$defs/ref_bcd600ad0e71" } },
      definitions: { Model: { type: "object", properties: { k: { type: ["string", "null"] } } } },
      $defs: { ref_bcd600ad0e71: { type: "object", properties: { k: { type: "string", nullable: true } }, required: [] } },
      required: [],
    },
  ],
  [
    "property ref hoisted",
    { type: "object", properties: { a: { type: "string" }, b: { $ref: "#/properties/a" } } },
    { type: "object", properties: { a: { type: "string" }, b: { $ref: "#/$defs/ref_8f2fcdd9ef6b" } }, $defs: { ref_8f2fcdd9ef6b: { type: "string" } }, required: [] },
  ],
  [
    "root ref",
    { type: "object", properties: { child: { $ref: "#" } } },
    {
      type: "object",
      properties: { child: { $ref: "#/$defs/ref_334359b90efe" } },
      $defs: { ref_334359b90efe: { type: "object", properties: { child: { $ref: "#/$defs/ref_334359b90efe" } }, required: [] } },
      required: [],
    },
  ],
  ["unresolved ref kept", { type: "object", properties: { x: { $ref: "#/nope" } } }, { type: "object", properties: { x: { $ref: "#/nope" } }, required: [] }],
  [
    "remote and anchor refs kept",
    { type: "object", properties: { r: { $ref: "other.json#/x" }, a: { $ref: "#anchor" } } },
    { type: "object", properties: { r: { $ref: "other.json#/x" }, a: { $ref: "#anchor" } }, required: [] },
  ],
  [
    "escaped pointer",
    {
      type: "object",
      properties: {
        "a/b": { type: "string" },
        "c~d": { type: "integer" },
        "e f": { type: "boolean" },
        p: { $ref: "#/properties/a~1b" },
        q: { $ref: "#/properties/c~0d" },
        r: { $ref: "#/properties/e%20f" },
      },
    },
    {
      type: "object",
      properties: {
        "a/b": { type: "string" },
        "c~d": { type: "integer" },
        "e f": { type: "boolean" },
        p: { $ref: "#/$defs/ref_e01fc0b509f9" },
        q: { $ref: "#/$defs/ref_26aa7f68d0ee" },
        r: { $ref: "#/$defs/ref_57f9cb36c9ba" },
      },
      $defs: { ref_e01fc0b509f9: { type: "string" }, ref_26aa7f68d0ee: { type: "integer" }, ref_57f9cb36c9ba: { type: "boolean" } },
      required: [],
    },
  ],
  [
    "array index pointer",
    {
      type: "object",
      properties: {
        t: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] },
        u: { $ref: "#/properties/t/prefixItems/1" },
        w: { $ref: "#/properties/t/prefixItems/-1" },
      },
    },
    {
      type: "object",
      properties: {
        t: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] },
        u: { $ref: "#/$defs/ref_45dca1be2ef6" },
        w: { $ref: "#/$defs/ref_cff6fed1970c" },
      },
      $defs: { ref_45dca1be2ef6: { type: "integer" }, ref_cff6fed1970c: { type: "integer" } },
      required: [],
    },
  ],
  [
    "existing defs name taken",
    { type: "object", $defs: {}, properties: { a: { type: "string" }, b: { $ref: "#/properties/a" } } },
    { type: "object", $defs: { ref_8f2fcdd9ef6b: { type: "string" } }, properties: { a: { type: "string" }, b: { $ref: "#/$defs/ref_8f2fcdd9ef6b" } }, required: [] },
  ],
  [
    "oneOf before anyOf",
    { type: "object", properties: { v: { oneOf: [{ type: "string" }, { type: "null" }], anyOf: [{ type: "integer" }, { type: "null" }] } } },
    { type: "object", properties: { v: { anyOf: [{ type: "integer" }, { type: "null" }], type: "string", nullable: true } }, required: [] },
  ],
  [
    "branch nullable false overridden",
    { type: "object", properties: { v: { anyOf: [{ type: "string", nullable: false }, { type: "null" }] } } },
    { type: "object", properties: { v: { type: "string", nullable: true } }, required: [] },
  ],
  [
    "schema keyword kept",
    { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { a: { type: "string" } }, additionalProperties: false },
    { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { a: { type: "string" } }, additionalProperties: false, required: [] },
  ],
  ["no root type", { properties: { a: { type: ["string", "null"] } } }, { properties: { a: { type: "string", nullable: true } } }],
  ["empty schema", {}, { type: "object", properties: {}, required: [] }],
  [
    "merged branch with type list",
    { type: "object", properties: { v: { anyOf: [{ type: ["string", "integer"] }, { type: "null" }] } } },
    { type: "object", properties: { v: { type: ["string", "integer"], nullable: true } }, required: [] },
  ],
  [
    "null branch with extra keys",
    { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "null", description: "none" }] } } },
    { type: "object", properties: { v: { type: "string", nullable: true } }, required: [] },
  ],
  [
    "merged object branch",
    { type: "object", properties: { v: { anyOf: [{ type: "object", properties: { x: { type: ["string", "null"] } } }, { type: "null" }] } } },
    { type: "object", properties: { v: { type: "object", properties: { x: { type: "string", nullable: true } }, nullable: true, required: [] } }, required: [] },
  ],
  [
    "invalid percent escape",
    { type: "object", properties: { a: { type: "string" }, b: { $ref: "#/properties/%ZZ" }, c: { $ref: "#/properties/%C3" } } },
    { type: "object", properties: { a: { type: "string" }, b: { $ref: "#/properties/%ZZ" }, c: { $ref: "#/properties/%C3" } }, required: [] },
  ],
  [
    "defs name collision",
    {
      type: "object",
      $defs: { ref_8f2fcdd9ef6b: { type: "integer" } },
      properties: { a: { type: "string" }, b: { $ref: "#/properties/a" }, c: { $ref: "#/$defs/ref_8f2fcdd9ef6b" } },
    },
    {
      type: "object",
      $defs: { ref_8f2fcdd9ef6b: { type: "integer" }, ref_8f2fcdd9ef6b_: { type: "string" } },
      properties: { a: { type: "string" }, b: { $ref: "#/$defs/ref_8f2fcdd9ef6b_" }, c: { $ref: "#/$defs/ref_8f2fcdd9ef6b" } },
      required: [],
    },
  ],
  [
    "python int forms",
    {
      type: "object",
      properties: {
        t: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] },
        a: { $ref: "#/properties/t/prefixItems/%201" },
        b: { $ref: "#/properties/t/prefixItems/+2" },
        c: { $ref: "#/properties/t/prefixItems/0_1" },
        d: { $ref: "#/properties/t/prefixItems/%D9%A2" },
        e: { $ref: "#/properties/t/prefixItems/-4" },
        f: { $ref: "#/properties/t/prefixItems/1_" },
        g: { $ref: "#/properties/t/prefixItems/-3" },
      },
    },
    {
      type: "object",
      properties: {
        t: { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }, { type: "boolean" }] },
        a: { $ref: "#/$defs/ref_c44e7d799f29" },
        b: { $ref: "#/$defs/ref_ec49c9e50ffe" },
        c: { $ref: "#/$defs/ref_07e60331ff9e" },
        d: { $ref: "#/$defs/ref_984b30bf9329" },
        e: { $ref: "#/properties/t/prefixItems/-4" },
        f: { $ref: "#/properties/t/prefixItems/1_" },
        g: { $ref: "#/$defs/ref_4ea352d618bb" },
      },
      $defs: {
        ref_c44e7d799f29: { type: "integer" },
        ref_ec49c9e50ffe: { type: "boolean" },
        ref_07e60331ff9e: { type: "integer" },
        ref_984b30bf9329: { type: "boolean" },
        ref_4ea352d618bb: { type: "string" },
      },
      required: [],
    },
  ],
  [
    "ref to a list",
    { type: "object", properties: { a: { type: "string", enum: ["x", "y"] }, b: { $ref: "#/properties/a/enum" } } },
    {
      type: "object",
      properties: { a: { type: "string", enum: ["x", "y"] }, b: { $ref: "#/$defs/ref_ac9eeeb7382e" } },
      $defs: { ref_ac9eeeb7382e: ["x", "y"] },
      required: [],
    },
  ],
  [
    "chained refs",
    {
      type: "object",
      properties: { a: { $ref: "#/definitions/A" } },
      definitions: { A: { type: "object", properties: { b: { $ref: "#/definitions/B" } } }, B: { type: ["integer", "null"] } },
    },
    {
      type: "object",
      properties: { a: { $ref: "#/$defs/ref_93f9aeada1d1" } },
      definitions: { A: { type: "object", properties: { b: { $ref: "#/$defs/ref_489016533709" } } }, B: { type: ["integer", "null"] } },
      $defs: {
        ref_93f9aeada1d1: { type: "object", properties: { b: { $ref: "#/$defs/ref_489016533709" } }, required: [] },
        ref_489016533709: { type: "integer", nullable: true },
      },
      required: [],
    },
  ],
  [
    "percent in ascii run next to non-ascii",
    { type: "object", properties: { "\u00e9%41": { type: "string" }, x: { $ref: "#/properties/%C3%A9%2541" }, y: { $ref: "#/properties/\u00e9%2541" } } },
    {
      type: "object",
      properties: { "\u00e9%41": { type: "string" }, x: { $ref: "#/$defs/ref_adfee5c4929f" }, y: { $ref: "#/$defs/ref_f8408e6c919d" } },
      $defs: { ref_adfee5c4929f: { type: "string" }, ref_f8408e6c919d: { type: "string" } },
      required: [],
    },
  ],
  [
    "ref inside default",
    { type: "object", properties: { a: { type: "object", default: { $ref: "#/properties/b" } }, b: { type: "string" } } },
    {
      type: "object",
      properties: { a: { type: "object", default: { $ref: "#/$defs/ref_fcf24d7fd241" }, properties: {}, required: [] }, b: { type: "string" } },
      $defs: { ref_fcf24d7fd241: { type: "string" } },
      required: [],
    },
  ],
];

describe("fidelity to upstream: the schema the model is shown, as upstream normalises it", () => {
  it.each(UPSTREAM_SCHEMAS)("%s", (_name, input, output) => {
    const shown = mcpModelSchema(input);
    expect(shown).toEqual(output);
    expect(JSON.stringify(shown)).toBe(JSON.stringify(output)); // key order too
  });

  it("a tool's definition carries it, through the registry, unchanged", () => {
    const registry = new ToolRegistry();
    const info: McpToolInfo = {
      name: "q",
      inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { n: { anyOf: [{ type: "integer" }, { type: "null" }] } } },
    };
    registry.register(new MCPToolAdapter(client, "srv", info));
    expect(registry.getDefinitions()).toEqual([
      {
        type: "function",
        function: {
          name: "mcp_srv_q",
          description: "q",
          parameters: {
            $schema: "http://json-schema.org/draft-07/schema#",
            type: "object",
            properties: { n: { type: "integer", nullable: true } },
            required: [],
          },
        },
      },
    ]);
  });
});

describe("fidelity to upstream: the description", () => {
  it.each([
    ["missing", undefined, "q"],
    ["empty", "", "q"],
    ["given", "Queries.", "Queries."],
    ["blank but not empty (kept, as upstream keeps it)", " ", " "],
  ] as const)("%s", (_case, description, expected) => {
    const info: McpToolInfo = description === undefined ? { name: "q" } : { name: "q", description };
    expect(new MCPToolAdapter(client, "srv", info).description).toBe(expected);
  });

  it("a title annotation is not used (upstream reads only the description)", () => {
    expect(new MCPToolAdapter(client, "srv", { name: "q", annotations: { title: "Query" } }).description).toBe("q");
  });
});

describe("fidelity to upstream: what the registry validates with: the server's own schema", () => {
  it("a nullable $ref, which Ajv would refuse as `nullable` without `type`, registers and accepts null", () => {
    const schema = {
      type: "object",
      properties: { m: { anyOf: [{ $ref: "#/$defs/Model" }, { type: "null" }] } },
      $defs: { Model: { type: "object", properties: { k: { type: "string" } }, required: ["k"] } },
    };
    const tool = new MCPToolAdapter(client, "srv", { name: "q", inputSchema: schema });
    expect(tool.parameters).toBe(schema);
    expect((tool.modelParameters["properties"] as Record<string, unknown>)["m"]).toEqual({ $ref: "#/$defs/Model", nullable: true });
    const registry = new ToolRegistry();
    registry.register(tool);
    expect(registry.prepareCall("mcp_srv_q", { m: null }).error).toBeNull();
    expect(registry.prepareCall("mcp_srv_q", { m: { k: "x" } }).error).toBeNull();
    expect(registry.prepareCall("mcp_srv_q", { m: "x" }).error?.content).toMatch(/^Error: Invalid parameters for tool 'mcp_srv_q': m /);
  });

  it("the same arguments pass and fail as before the model's schema was normalised", () => {
    const schema = { type: "object", properties: { q: { type: ["string", "null"] }, n: { anyOf: [{ type: "integer" }, { type: "null" }] } }, required: ["q"] };
    const registry = new ToolRegistry();
    registry.register(new MCPToolAdapter(client, "srv", { name: "q", inputSchema: schema }));
    for (const ok of [{ q: null }, { q: "a", n: 3 }, { q: "a", n: null }]) expect(registry.prepareCall("mcp_srv_q", ok).error).toBeNull();
    expect(registry.prepareCall("mcp_srv_q", {}).error?.content).toBe("Error: Invalid parameters for tool 'mcp_srv_q': missing required q");
  });

  it("a schema too large to show the model once its $refs are copied is skipped and reported, never shown", async () => {
    // A subtree of about 3,000 values, referred to by the 8 spellings of one pointer (each letter
    // of "big" plain or percent-encoded): upstream copies it once per spelling.
    const big = Object.fromEntries(Array.from({ length: 1_500 }, (_, i) => [`p${i}`, { type: "string" }]));
    const properties: Record<string, unknown> = { big: { type: "object", properties: big } };
    for (let i = 0; i < 8; i++) properties[`r${i}`] = { $ref: `#/properties/${spelling("big", i)}` };
    const tools = {
      tools: [
        { name: "huge", inputSchema: { type: "object", properties } },
        { name: "fine", inputSchema: { type: "object" } },
      ],
    };
    const listing = await listMcpTools({ listTools: async () => tools, callTool: async () => ({}) }, "srv", { logger: quiet });
    expect(listing.tools.map((t) => t.name)).toEqual(["mcp_srv_fine"]);
    expect(listing.problems).toEqual([
      { tool: "huge", action: "skipped", reason: "its inputSchema cannot be shown to the model: with its local $refs moved to $defs it would hold more than 20000 values" },
    ]);
  });
});

/** `name` spelled the `i`-th way: the letters whose bit is set in `i` percent-encoded. */
function spelling(name: string, i: number): string {
  return [...name].map((char, at) => ((i >> at) & 1 ? `%${char.charCodeAt(0).toString(16)}` : char)).join("");
}
