/**
 * Examples for MCP tools: the adapter (`src/mcp/adapter.ts`), the name rule
 * (`src/mcp/tool-name.ts`), listing a server's tools (`src/mcp/list-tools.ts`,
 * `src/mcp/tool-client.ts`), checking its output (`src/mcp/output-validator.ts`), and starting a
 * server and registering its tools (`src/mcp/stdio-connection.ts`, `src/mcp/register.ts`). The reference shows each region; `tsc`
 * checks this file and `test/docs/examples.test.ts` runs every function it exports.
 * `registerServerTools`, `startFilesystemServer` and `looseClient` are not exported and never run:
 * they need a server in a child process.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  adaptMcpTools,
  assignMcpToolNames,
  listMcpTools,
  mcpToolClient,
  SafeJsonSchemaValidator,
  connectStdioMcpServer,
  MCPToolAdapter,
  mcpModelSchema,
  mcpToolName,
  registerMcpTools,
  type McpToolClient,
  type ToolRegistry,
} from "../../src/index.js";

/** A client that lists nothing and answers every call with no content. */
const client: McpToolClient = {
  listTools: async () => ({ tools: [] }),
  callTool: async () => ({ content: [] }),
};

/** One listed tool as a `Tool` with a prefixed name. */
export async function adapter(): Promise<void> {
  // #region mcp-tool-adapter
  const tool = new MCPToolAdapter(client, "fs", { name: "read_text_file", inputSchema: { type: "object" } });
  tool.name; // "mcp_fs_read_text_file"
  // #endregion mcp-tool-adapter
}

/** Names cleaned and shortened to what OpenAI-compatible APIs accept. */
export async function toolName(): Promise<void> {
  // #region mcp-tool-name
  mcpToolName("fs", "read_text_file"); // "mcp_fs_read_text_file"
  mcpToolName("my server", "read..file"); // "mcp_my_server_read_file": each run of _ and unsafe characters is one _
  mcpToolName("srv", "__private"); // "mcp_srv_private"
  mcpToolName("fs", "get_" + "x".repeat(70)); // its first 55 characters, "_", 8 hex of SHA-1: 64 in all
  // #endregion mcp-tool-name
}

/** Two server names that would clean to the same tool name. */
export async function toolNames(): Promise<void> {
  // #region assign-mcp-tool-names
  assignMcpToolNames("srv", ["notes.list", "notes_list"]);
  // [ { status: "renamed", name: "mcp_srv_notes_list_<8 hex>", wouldBe: "mcp_srv_notes_list",
  //       sharedWith: ["notes_list"], othersSharing: 1 },
  //   { status: "named", name: "mcp_srv_notes_list" } ]
  // #endregion assign-mcp-tool-names
}

/** The schema the model is shown for an MCP tool: nullable forms rewritten, `required` added. */
export async function modelSchema(): Promise<void> {
  // #region mcp-model-schema
  mcpModelSchema({
    type: "object",
    properties: { limit: { anyOf: [{ type: "integer" }, { type: "null" }] }, q: { type: ["string", "null"] } },
  });
  // { type: "object",
  //   properties: { limit: { type: "integer", nullable: true }, q: { type: "string", nullable: true } },
  //   required: [] }
  // #endregion mcp-model-schema
}

/** Registers what a server offers. Starts a child process: type-checked, never run. */
async function registerServerTools(registry: ToolRegistry, command: string, args: string[]): Promise<void> {
  // #region register-mcp-tools
  const server = await connectStdioMcpServer({ command, args, serverName: "fs" });
  const { registered, skipped } = registerMcpTools(registry, server.tools);
  // #endregion register-mcp-tools
  await server.close();
}

/** The filesystem server from `node_modules`, on one folder. Starts a child process: type-checked, never run. */
async function startFilesystemServer(registry: ToolRegistry, dir: string): Promise<void> {
  // #region connect-stdio-mcp-server
  const server = await connectStdioMcpServer({
    command: process.execPath,
    args: ["node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", dir],
    serverName: "fs",
    timeoutMs: 10_000,
  });
  registerMcpTools(registry, server.tools); // a tool that cannot register is skipped and logged
  await server.close();
  // #endregion connect-stdio-mcp-server
}

/** A server that lists one good tool and one whose input schema is not an object schema. */
const listing: McpToolClient = {
  listTools: async () => ({
    tools: [
      { name: "read_text_file", inputSchema: { type: "object" } },
      { name: "broken", inputSchema: { type: "array" } },
    ],
  }),
  callTool: async () => ({ content: [] }),
};

/** Listing a server's tools: the usable ones adapted, the others reported. */
export async function listServerTools(): Promise<void> {
  // #region list-mcp-tools
  const { tools, problems } = await listMcpTools(listing, "fs", { logger: { warn: () => undefined } });
  tools.map((tool) => tool.name); // ["mcp_fs_read_text_file"]
  problems.length; // 1: "broken", whose arguments could not be an object, skipped
  // #endregion list-mcp-tools
  // #region adapt-mcp-tools
  const adapted = await adaptMcpTools(listing, "fs", { logger: { warn: () => undefined } });
  adapted.map((tool) => tool.name); // ["mcp_fs_read_text_file"]
  // #endregion adapt-mcp-tools
  if (tools.length !== 1 || problems.length !== 1 || adapted.length !== 1) throw new Error("unexpected listing");
}

/** The SDK's client read loosely, so one malformed tool does not lose the list. Needs a server: type-checked, never run. */
async function looseClient(sdkClient: Client): Promise<void> {
  // #region mcp-tool-client
  const tools = await adaptMcpTools(mcpToolClient(sdkClient), "fs");
  // #endregion mcp-tool-client
}

/** The validator the MCP SDK uses for a server's output schemas. */
export async function outputSchemas(): Promise<void> {
  // #region safe-json-schema-validator
  const validate = new SafeJsonSchemaValidator().getValidator({ type: "object", properties: { n: { type: "integer" } } });
  validate({ n: 1 }); // { valid: true, data: { n: 1 }, errorMessage: undefined }
  validate({ n: "x" }); // { valid: false, data: undefined, errorMessage: "n should be integer" }
  // #endregion safe-json-schema-validator
  if (validate({ n: "x" }).valid) throw new Error("a wrong value was accepted");
}
