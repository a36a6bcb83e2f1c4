import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { classifyViolation } from "../../../src/agent/guards/refusal-kind.js";
import { escalationMessage } from "../../../src/agent/guards/violations.js";
import { REPEATED_LOOKUP_MESSAGE } from "../../../src/agent/guards/lookup-throttle.js";
import { SSRF_NOTE } from "../../../src/agent/guards/refusal-kind.js";
import { externalLookupSignature } from "../../../src/agent/guards/lookup-throttle.js";
import { workspaceViolationSignature } from "../../../src/agent/guards/violations.js";

describe("classifyViolation", () => {
  it.each([
    "Error: Command blocked by safety guard (internal/private URL detected)",
    "URL validation failed: Blocked: host resolves to private/internal address 192.168.1.2",
    "refused: PRIVATE ADDRESS 10.0.0.1",
  ])("SSRF: %s", (text) => expect(classifyViolation(text)).toBe("ssrf"));

  it.each([
    "Error: Command blocked by safety guard (path outside working dir)",
    "Path /tmp/x is outside allowed directory /ws",
    "file is outside the configured workspace",
    "working_dir is outside the workspace",
    "working_dir could not be resolved",
    "Path Traversal Detected",
  ])("workspace: %s", (text) => expect(classifyViolation(text)).toBe("workspace"));

  it.each(["Error: Command blocked by deny pattern filter", "Error: File not found: a.txt", ""])("none: %s", (text) => expect(classifyViolation(text)).toBeNull());

  it("SSRF wins when both kinds of marker appear", () => {
    expect(classifyViolation("private/internal address, and outside allowed directory")).toBe("ssrf");
  });
});

describe("workspaceViolationSignature", () => {
  it("uses the first non-blank path-like key, normalized and lower-cased", () => {
    expect(workspaceViolationSignature("read_file", { path: "/Users/X/Downloads/01.md" })).toBe("violation:/users/x/downloads/01.md");
    expect(workspaceViolationSignature("edit_file", { path: "  ", file_path: "/a/./b/../c.md" })).toBe("violation:/a/c.md");
    expect(workspaceViolationSignature("copy", { source: "/s", destination: "/d" })).toBe("violation:/s");
    expect(workspaceViolationSignature("mv", { target: "/T" })).toBe("violation:/t");
  });

  it("collides across tools for the same file", () => {
    const a = workspaceViolationSignature("read_file", { path: "/Users/x/Downloads/01.md" });
    const b = workspaceViolationSignature("write_file", { path: "/users/x/downloads/01.md", content: "x" });
    const c = workspaceViolationSignature("exec", { command: "cat /Users/x/Downloads/01.md  # try 1" });
    const d = workspaceViolationSignature("exec", { command: `python3 -c "open('/Users/x/Downloads/01.md').read()"` });
    expect(new Set([a, b, c, d])).toEqual(new Set(["violation:/users/x/downloads/01.md"]));
  });

  it("exec/shell: falls back to working_dir; ~ is the home folder", () => {
    expect(workspaceViolationSignature("shell", { command: "ls", working_dir: "/Etc" })).toBe("violation:/etc");
    expect(workspaceViolationSignature("exec", { command: "cat ~/notes.txt" })).toBe(`violation:${homedir().replace(/\\/g, "/")}/notes.txt`.toLowerCase());
  });

  it("gives null when there is no target or the arguments are not an object", () => {
    expect(workspaceViolationSignature("web_search", { query: "x" })).toBeNull();
    expect(workspaceViolationSignature("exec", { command: "echo hello" })).toBeNull();
    expect(workspaceViolationSignature("read_file", '{"path": "/etc/passwd"}')).toBeNull();
    expect(workspaceViolationSignature("read_file", ["/etc/passwd"])).toBeNull();
    expect(workspaceViolationSignature("other", { command: "cat /etc/passwd" })).toBeNull();
  });
});

describe("externalLookupSignature", () => {
  it("web_fetch by url, web_search by query or search_term, trimmed and lower-cased", () => {
    expect(externalLookupSignature("web_fetch", { url: " HTTPS://Example.com " })).toBe("web_fetch:https://example.com");
    expect(externalLookupSignature("web_search", { query: "Cats" })).toBe("web_search:cats");
    expect(externalLookupSignature("web_search", { search_term: "Dogs" })).toBe("web_search:dogs");
  });

  it("null for other tools, string arguments and missing values", () => {
    expect(externalLookupSignature("read_file", { url: "x" })).toBeNull();
    expect(externalLookupSignature("web_fetch", '{"url":"https://example.com"}')).toBeNull();
    expect(externalLookupSignature("web_fetch", {})).toBeNull();
    expect(externalLookupSignature("web_fetch", { url: "  " })).toBeNull();
  });
});

describe("the texts", () => {
  it("SSRF_NOTE says the boundary is final", () => {
    expect(SSRF_NOTE).toContain("non-bypassable security boundary");
    expect(SSRF_NOTE).toContain("Do not retry");
  });

  it("escalationMessage names the lower-cased target and the count", () => {
    const text = escalationMessage("/Users/X/Downloads/01.md", 3);
    expect(text).toContain("refusing repeated workspace-bypass attempts");
    expect(text).toContain("/users/x/downloads/01.md");
    expect(text).toContain("3 times");
  });

  it("REPEATED_LOOKUP_MESSAGE names the block", () => {
    expect(REPEATED_LOOKUP_MESSAGE).toContain("repeated external lookup blocked");
    expect(REPEATED_LOOKUP_MESSAGE.startsWith("Error: ")).toBe(true);
  });
});
