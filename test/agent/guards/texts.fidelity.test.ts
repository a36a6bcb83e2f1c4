/**
 * Fidelity to upstream's security guards in the runner: the SSRF note, the escalation of repeated
 * workspace refusals and how their target is normalised, and the repeated-lookup block, each with
 * upstream's exact texts and counts.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { RETRY_HINT } from "../../../src/tools/messages.js";
import { escalationMessage } from "../../../src/agent/guards/violations.js";
import { REPEATED_LOOKUP_MESSAGE } from "../../../src/agent/guards/lookup-throttle.js";
import { SSRF_NOTE } from "../../../src/agent/guards/refusal-kind.js";
import { externalLookupSignature } from "../../../src/agent/guards/lookup-throttle.js";
import { workspaceViolationSignature } from "../../../src/agent/guards/violations.js";
import type { ChatMessage } from "../../../src/providers/base.js";
import { ToolResult } from "../../../src/tools/base.js";
import { ANY_PARAMS, FakeTool, registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../../src/testing/index.js";

const runner = new AgentRunner();
const user: ChatMessage[] = [{ role: "user", content: "go" }];
const toolMessages = (messages: ChatMessage[]): ChatMessage[] => messages.filter((m) => m.role === "tool");

const UPSTREAM_SSRF_NOTE =
  "This is a non-bypassable security boundary. Stop trying to access private/internal URLs. Do not retry with curl, " +
  "wget, encoded IPs, alternate DNS, redirects, proxies, or another tool. Ask the user for local files, logs, " +
  "screenshots, or an explicit safe public URL instead. If the user explicitly trusts this private URL, ask them to " +
  "whitelist the exact IP/CIDR via tools.ssrfWhitelist.";

const upstreamEscalation = (target: string, count: number): string =>
  "Error: refusing repeated workspace-bypass attempts.\n" +
  `You have tried to access '${target}' (or an equivalent path) ${count} times in this turn. This is a hard policy ` +
  "boundary -- switching tools, shell tricks, working_dir overrides, symlinks, or base64 piping will NOT change the " +
  "answer. Stop retrying. If the user genuinely needs this resource, tell them you cannot access it and ask how they " +
  "want to proceed (e.g. copy the file into the workspace, or disable restrict_to_workspace for this run).";

describe("fidelity to upstream: the SSRF refusal", () => {
  it("the note is upstream's, exactly, appended without the retry hint; never fatal", async () => {
    expect(SSRF_NOTE).toBe(UPSTREAM_SSRF_NOTE);
    const raw = "URL validation failed: Blocked: host resolves to private/internal address 192.168.1.2";
    const fetcher = new FakeTool({ name: "web_fetch", parameters: ANY_PARAMS, run: () => ToolResult.error(raw) });
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "web_fetch", { url: "http://192.168.1.2/" })]), textReply("I cannot reach it.")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(fetcher), messages: user, failOnToolError: true });
    expect(provider.requests).toHaveLength(2);
    expect(result).toMatchObject({ stopReason: "completed", error: null, finalContent: "I cannot reach it." });
    const content = toolMessages(result.messages)[0]?.content ?? "";
    expect(content).toBe(`${raw}\n\n${UPSTREAM_SSRF_NOTE}`);
    expect(content).not.toContain(RETRY_HINT);
    expect(content).toContain("non-bypassable security boundary");
    expect(content).toContain("Do not retry");
    expect(content).toContain("tools.ssrfWhitelist");
    expect(result.toolEvents[0]?.detail).toBe(`ssrf_violation: ${raw}`.slice(0, 160));
  });
});

describe("fidelity to upstream: escalation of repeated workspace refusals", () => {
  it("the third and fourth refusal against one target get upstream's exact text", async () => {
    const guard = "Error: Command blocked by safety guard (path outside working dir)";
    const exec = new FakeTool({ name: "exec", parameters: ANY_PARAMS, run: () => ToolResult.error(guard) });
    const calls = [1, 2, 3, 4].map((i) => toolCall(`c${i}`, "exec", { command: `cat /Users/x/Downloads/01.md  # try ${i}` }));
    const provider = new ScriptedProvider([toolReply(calls), textReply("ok telling user")]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(exec), messages: user, concurrentTools: false });
    const contents = toolMessages(result.messages).map((m) => m.content);
    expect(contents.slice(0, 2)).toEqual([guard + RETRY_HINT, guard + RETRY_HINT]);
    expect(contents[2]).toBe(upstreamEscalation("/users/x/downloads/01.md", 3));
    expect(contents[3]).toBe(upstreamEscalation("/users/x/downloads/01.md", 4));
    expect(escalationMessage("/users/x/downloads/01.md", 3)).toBe(upstreamEscalation("/users/x/downloads/01.md", 3));
    expect(result.toolEvents.map((e) => e.detail.split(":")[0])).toEqual([
      "workspace_violation",
      "workspace_violation",
      "workspace_violation_escalated",
      "workspace_violation_escalated",
    ]);
    expect(result).toMatchObject({ stopReason: "completed", finalContent: "ok telling user" });
  });

  describe("the signature is normalised as upstream's Path(raw).expanduser().resolve()", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "sig-")));
    mkdirSync(join(root, "real", "sub"), { recursive: true });
    symlinkSync(join(root, "real"), join(root, "link"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it("a symlinked path and its target are one target", () => {
      const viaLink = workspaceViolationSignature("read_file", { path: join(root, "link", "secret.md") });
      const direct = workspaceViolationSignature("read_file", { path: join(root, "real", "secret.md") });
      expect(viaLink).toBe(direct);
      expect(direct).toBe(`violation:${join(root, "real", "secret.md")}`.toLowerCase());
    });

    it("'..' after a symlink goes to the parent of the link's target", () => {
      expect(workspaceViolationSignature("read_file", { path: join(root, "link", "sub", "..", "Q") })).toBe(`violation:${join(root, "real", "q")}`.toLowerCase());
    });

    it("~user is expanded from the user database; an unknown user is kept as written", () => {
      const rootHome = workspaceViolationSignature("read_file", { path: "~root/x" });
      expect(rootHome).not.toContain(process.cwd().toLowerCase());
      expect(rootHome).toMatch(/^violation:\/.*\/x$|^violation:\/x$/);
      expect(workspaceViolationSignature("read_file", { path: "~no-such-user-here/x" })).toBe("violation:~no-such-user-here/x");
    });

    it("a symlinked target escalates across both spellings", async () => {
      const refusal = "Path is outside allowed directory /ws";
      const reader = new FakeTool({ name: "read_file", parameters: ANY_PARAMS, run: () => ToolResult.error(refusal) });
      const calls = [
        toolCall("1", "read_file", { path: join(root, "link", "secret.md") }),
        toolCall("2", "read_file", { path: join(root, "real", "secret.md") }),
        toolCall("3", "read_file", { path: join(root, "link", "secret.md") }),
      ];
      const { results } = await runner.executeTools({ provider: new ScriptedProvider([]), model: "m", tools: registryOf(reader), messages: user }, calls);
      expect(results[2]).toBe(upstreamEscalation(join(root, "real", "secret.md").toLowerCase(), 3));
    });
  });
});

describe("fidelity to upstream: repeated external lookups", () => {
  it("the third identical fetch is blocked with upstream's exact text", async () => {
    const fetcher = new FakeTool({ name: "web_fetch", parameters: ANY_PARAMS, run: () => "page" });
    const provider = new ScriptedProvider([
      toolReply([toolCall("call_1", "web_fetch", { url: "https://example.com" })]),
      toolReply([toolCall("call_2", "web_fetch", { url: "https://example.com" })]),
      toolReply([toolCall("call_3", "web_fetch", { url: "https://example.com" })]),
      textReply("done"),
    ]);
    const result = await runner.run({ provider, model: "m", tools: registryOf(fetcher), messages: user });
    expect(fetcher.calls).toHaveLength(2);
    expect(REPEATED_LOOKUP_MESSAGE).toBe("Error: repeated external lookup blocked. Use the results you already have to answer, or try a meaningfully different source.");
    expect(toolMessages(result.messages)[2]?.content).toBe(REPEATED_LOOKUP_MESSAGE + RETRY_HINT);
    expect(result.toolEvents[2]).toEqual({ name: "web_fetch", status: "error", detail: "repeated external lookup blocked" });
  });

  it("web_search keys on `query or search_term` with Python truthiness", async () => {
    expect(externalLookupSignature("web_search", { query: "", search_term: "Hi" })).toBe("web_search:hi");
    expect(externalLookupSignature("web_search", { query: 0, search_term: "Hi" })).toBe("web_search:hi");
    expect(externalLookupSignature("web_search", { query: "  ", search_term: "Hi" })).toBeNull();
    expect(externalLookupSignature("web_search", { query: true })).toBe("web_search:true");
    expect(externalLookupSignature("web_fetch", { url: 5 })).toBe("web_fetch:5");
    const search = new FakeTool({ name: "web_search", parameters: ANY_PARAMS, run: () => "results" });
    const calls = [1, 2, 3].map((i) => toolCall(`${i}`, "web_search", { query: "", search_term: "Hi" }));
    const { results } = await runner.executeTools({ provider: new ScriptedProvider([]), model: "m", tools: registryOf(search), messages: user }, calls);
    expect(search.calls).toHaveLength(2);
    expect(results[2]).toBe(REPEATED_LOOKUP_MESSAGE + RETRY_HINT);
  });
});
