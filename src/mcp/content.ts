/**
 * An MCP `tools/call` result as the text the model reads (lesson 9): text blocks joined, other
 * blocks summarised in brackets, structured content when there are no blocks. A result that does
 * not have the MCP shape is reported, never guessed at.
 *
 * @module
 */
import { isPlainObject } from "../util/json.js";

/** The text every malformed-result error starts with (after `Error: `). */
export const MALFORMED_MCP_CONTENT = "MCP tool returned malformed content";

/** Thrown inside the adapter when a result does not have the MCP shape. */
export class MalformedContent extends Error {}

/** A short description of a non-text content block, so the model knows something was there. */
function summarizeBlock(block: Record<string, unknown>): string {
  const type = block["type"];
  const mime = typeof block["mimeType"] === "string" ? block["mimeType"] : "unknown type";
  const size = typeof block["data"] === "string" ? `, ${block["data"].length} base64 chars` : "";
  switch (type) {
    case "image":
      return `[image content: ${mime}${size}]`;
    case "audio":
      return `[audio content: ${mime}${size}]`;
    case "resource": {
      const resource = block["resource"];
      if (!isPlainObject(resource)) throw new MalformedContent("a resource block without a resource");
      if (typeof resource["text"] === "string") return resource["text"];
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a uri of any type is shown as String makes it, a malformed one included
      return `[embedded resource: ${String(resource["uri"] ?? "no uri")}]`;
    }
    case "resource_link":
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a uri of any type is shown as String makes it, a malformed one included
      return `[resource link: ${String(block["uri"] ?? "no uri")}]`;
    default:
      return `[${String(type)} content]`;
  }
}

/**
 * Turns an MCP `tools/call` result into text: text blocks are joined with newlines, other blocks
 * are summarised in brackets, and structured content stands in when there are no blocks.
 * @throws MalformedContent when the result does not have the MCP shape.
 */
export function contentToText(result: Record<string, unknown>): string {
  if (!("content" in result) && "toolResult" in result) {
    // The protocol's older form: a single value instead of content blocks.
    const legacy = result["toolResult"];
    return typeof legacy === "string" ? legacy : (JSON.stringify(legacy) ?? "");
  }
  // A missing list counts as no blocks, as the SDK reads it.
  const content = result["content"] ?? [];
  if (!Array.isArray(content)) throw new MalformedContent("content is not a list of blocks");
  const parts: string[] = [];
  content.forEach((block: unknown, index) => {
    if (!isPlainObject(block) || typeof block["type"] !== "string") {
      throw new MalformedContent(`block ${index} has no type`);
    }
    if (block["type"] === "text") {
      if (typeof block["text"] !== "string") throw new MalformedContent(`text block ${index} has no text`);
      parts.push(block["text"]);
    } else {
      parts.push(summarizeBlock(block));
    }
  });
  if (parts.length === 0 && result["structuredContent"] !== undefined) {
    return JSON.stringify(result["structuredContent"]) ?? "";
  }
  return parts.join("\n");
}
