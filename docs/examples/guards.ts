/**
 * Examples for the runner's guards: which refusals are security boundaries
 * (`src/agent/guards/refusal-kind.ts`), repeated external lookups (`src/agent/guards/lookup-throttle.ts`) and
 * repeated attempts to leave the workspace (`src/agent/guards/violations.ts`). The reference shows each
 * region; `tsc` checks this file and `test/docs/examples.test.ts` runs every function it exports.
 */
import { classifyViolation, externalLookupSignature, LookupThrottle, recordWorkspaceViolation, refusalKind, workspaceViolationSignature } from "../../src/index.js";

/** Refusals told apart by their text. */
export async function violationFromText(): Promise<void> {
  // #region classify-violation
  classifyViolation("Blocked: host resolves to private/internal address 10.0.0.1"); // "ssrf"
  classifyViolation("Path /etc/passwd is outside allowed directory /ws"); // "workspace"
  classifyViolation("Error: File not found: a.txt"); // null
  // #endregion classify-violation
}

/** A refusal told apart by its code first, by its text when it has none. */
export async function violationFromCode(): Promise<void> {
  // #region refusal-kind
  refusalKind("workspace", "Error: not here"); // "workspace"
  refusalKind(undefined, "Path /etc/passwd is outside allowed directory"); // "workspace"
  refusalKind(undefined, "Error: File not found: a.txt"); // null
  // #endregion refusal-kind
}

/** Lookups that count as the same one. */
export async function lookupSignature(): Promise<void> {
  // #region external-lookup-signature
  externalLookupSignature("web_fetch", { url: " https://Example.com " }); // "web_fetch:https://example.com"
  externalLookupSignature("web_search", { query: "", search_term: "Hi" }); // "web_search:hi"
  externalLookupSignature("web_fetch", '{"url": …'); // null (raw text is not an object)
  // #endregion external-lookup-signature
}

/** The third identical lookup in a turn is refused. */
export async function lookupThrottle(): Promise<void> {
  // #region lookup-throttle
  const throttle = new LookupThrottle();
  const args = { url: "https://example.com" };
  [throttle.admit("web_fetch", args), throttle.admit("web_fetch", args), throttle.admit("web_fetch", args)];
  // [true, true, false]
  // #endregion lookup-throttle
}

/** The target a workspace violation is counted by. */
export async function violationSignature(): Promise<void> {
  // #region workspace-violation-signature
  workspaceViolationSignature("read_file", { path: "/Users/X/notes.md" }); // "violation:/users/x/notes.md"
  workspaceViolationSignature("exec", { command: "cat /etc/hosts | head" }); // "violation:/etc/hosts"
  workspaceViolationSignature("read_file", { path: "~root/x" }); // "violation:/root/x"
  workspaceViolationSignature("web_search", { query: "x" }); // null
  // #endregion workspace-violation-signature
}

/** The third attempt on the same target escalates. */
export async function violationCount(): Promise<void> {
  // #region record-workspace-violation
  const counts = new Map<string, number>();
  const args = { path: "/etc/passwd" };
  recordWorkspaceViolation(counts, "read_file", args); // null
  recordWorkspaceViolation(counts, "read_file", args); // null
  recordWorkspaceViolation(counts, "read_file", args); // escalationMessage("/etc/passwd", 3)
  // #endregion record-workspace-violation
}
