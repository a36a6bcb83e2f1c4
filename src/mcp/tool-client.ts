/**
 * What the MCP adapter needs from a client (lesson 9): list the server's tools and call one. Tests
 * pass a small fake; an SDK `Client` is read through {@link mcpToolClient}, loosely, so that the
 * adapter checks each listed tool itself.
 *
 * @module
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { looseResult } from "./sdk.js";
import { describeJsonType, isPlainObject } from "../util/json.js";

/** One tool as an MCP server lists it (`tools/list`): the fields the adapter reads. */
export interface McpToolInfo {
  /** The tool's name on its server. */
  name: string;
  /** What the tool does, for the model; when missing or empty, the model is shown the tool's name. */
  description?: string;
  /** JSON Schema of the arguments (MCP requires an object schema; the adapter makes sure of it). */
  inputSchema?: Record<string, unknown>;
  /** JSON Schema of the result's `structuredContent`, when the tool declares one. */
  outputSchema?: Record<string, unknown>;
  /** Behaviour hints; `readOnlyHint` decides the adapter's `readOnly` only when the server is trusted with it (`trustReadOnlyHint`). */
  annotations?: {
    /** True when the tool changes nothing, as the server claims. */
    readOnlyHint?: boolean;
    /** A human-readable title (not used for the description, as upstream does not). */
    title?: string;
    [key: string]: unknown;
  };
}

/** Per-request options passed to the MCP client. */
export interface McpRequestOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
  /** The request's own time limit in milliseconds. */
  timeout?: number;
}

/**
 * The part of an MCP client the adapter needs. Tests pass a small fake; an SDK `Client` is read
 * through {@link mcpToolClient}, which {@link listMcpTools} does on its own.
 */
export interface McpToolClient {
  /** Lists the server's tools, one page at a time. */
  listTools(
    params?: { cursor?: string },
    options?: McpRequestOptions,
  ): Promise<{
    /** The tools of this page. {@link listMcpTools} checks each one before adapting it, whatever the type says. */
    tools: McpToolInfo[];
    /** Where the next page starts, when there is one. */
    nextCursor?: string;
  }>;
  /** Calls one tool on the server. */
  callTool(params: { name: string; arguments?: Record<string, unknown> }, resultSchema?: undefined, options?: McpRequestOptions): Promise<unknown>;
}

/** The error for a `tools/list` answer whose `tools` is not a list; `got` is what it holds instead. */
export function noListOfTools(got: unknown): Error {
  return new Error(`the server's tools/list answer has no list of tools (got ${describeJsonType(got)})`);
}

/**
 * An {@link McpToolClient} over the SDK's `Client` that reads `tools/list` and `tools/call`
 * answers loosely and leaves the checking to the adapter. The SDK's own `listTools` rejects the
 * whole list when one tool is malformed (no `inputSchema`, a non-object one); through this
 * client, only that tool is skipped and reported.
 *
 * @example
 * {@includeCode ../../docs/examples/mcp.ts#mcp-tool-client}
 */
export function mcpToolClient(client: Client): McpToolClient {
  return {
    async listTools(params, options) {
      const answer: unknown = await client.request({ method: "tools/list", ...(params === undefined ? {} : { params }) }, await looseResult(), options);
      const tools = isPlainObject(answer) ? answer["tools"] : undefined;
      if (!Array.isArray(tools)) {
        throw noListOfTools(tools);
      }
      const next = isPlainObject(answer) ? answer["nextCursor"] : undefined;
      // Unchecked here on purpose: listMcpTools checks every entry, so one bad tool costs only itself.
      return typeof next === "string" ? { tools: tools as McpToolInfo[], nextCursor: next } : { tools: tools as McpToolInfo[] };
    },
    async callTool(params, _resultSchema, options) {
      return client.request({ method: "tools/call", params }, await looseResult(), options);
    },
  };
}
