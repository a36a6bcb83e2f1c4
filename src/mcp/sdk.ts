/**
 * The MCP SDK, loaded on first use: importing the workbook (a lesson, an exercise's tests) never
 * pays for the SDK unless a server is actually used. Only type imports of the SDK may appear in a
 * module the workbook's entry point reaches; its values come through these functions.
 *
 * @module
 */

/** The SDK's client module. */
export async function sdkClient(): Promise<typeof import("@modelcontextprotocol/sdk/client/index.js")> {
  return import("@modelcontextprotocol/sdk/client/index.js");
}

/** A loose result schema: the SDK checks only that the answer is an object; the adapter checks the rest. */
export async function looseResult(): Promise<typeof import("@modelcontextprotocol/sdk/types.js").ResultSchema> {
  return (await import("@modelcontextprotocol/sdk/types.js")).ResultSchema;
}

/** What a stdio transport needs of the SDK: its message framing and the safe subset of the environment. */
export async function sdkStdio(): Promise<{
  framing: typeof import("@modelcontextprotocol/sdk/shared/stdio.js");
  getDefaultEnvironment: typeof import("@modelcontextprotocol/sdk/client/stdio.js").getDefaultEnvironment;
}> {
  const [framing, { getDefaultEnvironment }] = await Promise.all([import("@modelcontextprotocol/sdk/shared/stdio.js"), import("@modelcontextprotocol/sdk/client/stdio.js")]);
  return { framing, getDefaultEnvironment };
}
