/**
 * Recognising security refusals among tool failures (lesson 7). Two kinds matter to the runner:
 * an SSRF refusal (a request to a private or internal address) and a workspace refusal (a path
 * outside the allowed folder). Neither is ever fatal; both go back to the model, an SSRF refusal
 * with a note that retrying will not help, and repeated workspace refusals against the same
 * target escalate to a firmer text.
 *
 * The kind is data first: the built-ins put it in `ToolResult.code`, and an `SsrfError` or a
 * `WorkspaceViolationError` a tool throws carries it in its own `code` (recognised by its mark,
 * also from a plugin's copy of the workbook). Only a failure without a code (a plugin or an MCP
 * tool that answers in plain text) is recognised by the phrases in its text, as upstream
 * recognises every failure: those texts are upstream's and other servers', so the phrases stay.
 *
 * @module
 */
import { asRefusalCode, type RefusalCode } from "../../security/refusal.js";

/**
 * Appended to an SSRF refusal (upstream's exact text). It tells the model the refusal is final,
 * so it stops probing with other spellings of the same address, and says how a user who trusts
 * the address can allow it: the `ssrfAllowlist` option of `WebFetchTool` is this workbook's
 * counterpart of upstream's `tools.ssrfWhitelist` setting.
 */
export const SSRF_NOTE =
  "This is a non-bypassable security boundary. Stop trying to access " +
  "private/internal URLs. Do not retry with curl, wget, encoded IPs, " +
  "alternate DNS, redirects, proxies, or another tool. Ask the user for " +
  "local files, logs, screenshots, or an explicit safe public URL instead. " +
  "If the user explicitly trusts this private URL, ask them to whitelist " +
  "the exact IP/CIDR via tools.ssrfWhitelist.";

/** Lower-case phrases that mark an SSRF refusal. Checked before the workspace phrases. */
const SSRF_MARKERS: readonly string[] = ["internal/private url detected", "private/internal address", "private address"];

/** Lower-case phrases that mark a refusal to touch a path outside the workspace. */
const WORKSPACE_MARKERS: readonly string[] = [
  "outside the configured workspace",
  "outside allowed directory",
  "working_dir is outside",
  "working_dir could not be resolved",
  "path outside working dir",
  "path traversal detected",
];

/**
 * Says whether an error text is an SSRF refusal, a workspace refusal, or neither: the fallback
 * for failures that carry no code. Matching is a case-insensitive substring test; SSRF wins when
 * both match. The runner asks this only for failures (prepare errors, thrown messages,
 * `ToolResult` errors), never for a success, even one whose text happens to contain a marker.
 *
 * @example
 * {@includeCode ../../../docs/examples/guards.ts#classify-violation}
 */
export function classifyViolation(text: string): RefusalCode | null {
  const lower = String(text).toLowerCase();
  if (SSRF_MARKERS.some((m) => lower.includes(m))) return "ssrf";
  if (WORKSPACE_MARKERS.some((m) => lower.includes(m))) return "workspace";
  return null;
}

/**
 * The kind of a failure: its `code` when it is one of the known kinds, whatever the text says;
 * otherwise {@link classifyViolation} of its text.
 *
 * @example
 * {@includeCode ../../../docs/examples/guards.ts#refusal-kind}
 */
export function refusalKind(code: unknown, text: string): RefusalCode | null {
  return asRefusalCode(code) ?? classifyViolation(text);
}
