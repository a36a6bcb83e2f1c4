import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildToolMessage, persistedReference } from "../../../src/agent/results/tool-message.js";
import { isEmptyToolResult, toolResultToText } from "../../../src/agent/results/result-text.js";
import { persistToolResult, safeFileName } from "../../../src/agent/results/result-persistence.js";
import { truncateText } from "../../../src/util/text-cut.js";
import { ToolResult } from "../../../src/tools/base.js";
import { toolCall } from "../../../src/testing/index.js";

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), "tool-message-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map(String).sort();
}

describe("isEmptyToolResult", () => {
  it.each([
    null,
    undefined,
    "",
    "   \n\t",
    [],
    [
      { type: "text", text: "" },
      { type: "text", text: "  " },
    ],
    new ToolResult(" "),
  ])("empty: %j", (value) => expect(isEmptyToolResult(value)).toBe(true));
  it.each([0, false, "x", {}, [0], [{ type: "text", text: "a" }], [{ type: "image", text: "" }], new ToolResult("x")])("not empty: %j", (value) =>
    expect(isEmptyToolResult(value)).toBe(false),
  );
});

describe("toolResultToText (non-string results become text)", () => {
  it("keeps strings and ToolResult content", () => {
    expect(toolResultToText("plain")).toBe("plain");
    expect(toolResultToText(new ToolResult("content"))).toBe("content");
  });

  it("primitives", () => {
    expect(toolResultToText(42)).toBe("42");
    expect(toolResultToText(true)).toBe("true");
    expect(toolResultToText(10n)).toBe("10");
    expect(toolResultToText(null)).toBe("null");
    expect(toolResultToText(undefined)).toBe("undefined");
    expect(toolResultToText(Symbol("s"))).toBe("Symbol(s)");
    expect(toolResultToText(function named() {})).toBe("[function named]");
  });

  it("objects as JSON; nested BigInt, undefined, symbols and functions handled", () => {
    expect(toolResultToText({ k: 1 })).toBe('{"k":1}');
    expect(toolResultToText({ big: 2n ** 70n, gone: undefined, s: Symbol("t"), f: () => 1, list: [undefined, 1] })).toBe(
      '{"big":"1180591620717411303424","s":"Symbol(t)","f":"[function f]","list":[null,1]}',
    );
  });

  it("cycles become [Circular]; shared (non-cyclic) references are shown twice", () => {
    const a: Record<string, unknown> = { name: "a" };
    a["self"] = a;
    expect(toolResultToText(a)).toBe('{"name":"a","self":"[Circular]"}');
    const shared = { v: 1 };
    expect(toolResultToText({ x: shared, y: shared })).toBe('{"x":{"v":1},"y":{"v":1}}');
    const list: unknown[] = [1];
    list.push(list);
    expect(toolResultToText(list)).toBe('[1,"[Circular]"]');
  });

  it("bytes are summarised, errors described, dates via toJSON, maps and sets readable", () => {
    expect(toolResultToText(Buffer.from("hello"))).toBe("[Buffer 5 bytes]");
    expect(toolResultToText({ data: new Uint8Array(3) })).toBe('{"data":"[Uint8Array 3 bytes]"}');
    expect(toolResultToText({ e: new TypeError("bad") })).toBe('{"e":"[TypeError: bad]"}');
    expect(toolResultToText({ d: new Date(0) })).toBe('{"d":"1970-01-01T00:00:00.000Z"}');
    expect(toolResultToText(new Map([["a", 1]]))).toBe('{"a":1}');
    expect(toolResultToText(new Set([1, 2]))).toBe("[1,2]");
  });

  it("a list of text blocks gives its texts joined by newlines", () => {
    expect(
      toolResultToText([
        { type: "text", text: "a" },
        { type: "text", text: "b" },
      ]),
    ).toBe("a\nb");
  });

  it("never throws: throwing getters, throwing toJSON, very deep values", () => {
    const tricky = {
      get boom(): never {
        throw new Error("getter");
      },
      ok: 1,
    };
    expect(toolResultToText(tricky)).toBe('{"boom":"[unreadable: Error: getter]","ok":1}');
    expect(
      toolResultToText({
        toJSON: () => {
          throw new RangeError("no");
        },
      }),
    ).toBe("[unreadable: RangeError: no]");
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 100_000; i++) {
      const next = {};
      deep["n"] = next;
      deep = next;
    }
    const text = toolResultToText(root);
    expect(text).toContain("[Too deep]");
    const proxy = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error("trap");
        },
      },
    );
    expect(typeof toolResultToText(proxy)).toBe("string");
  });
});

describe("truncateText", () => {
  it("cuts after max and appends the suffix; short text and max <= 0 unchanged", () => {
    expect(truncateText("abcdef", 3)).toBe("abc\n... (truncated)");
    expect(truncateText("abc", 3)).toBe("abc");
    expect(truncateText("abcdef", 0)).toBe("abcdef");
    expect(truncateText("abcdef", -5)).toBe("abcdef");
  });
});

describe("safeFileName", () => {
  it.each([
    ["current:session", "current_session"],
    ["a:b/c", "a_b_c"],
    ["call/1", "call_1"],
    [' <>:"/\\|?* ', "_________"],
    ["..", "_"],
    ["", "_"],
    ["a\u0000b", "a_b"],
  ])("%j → %j", (input, output) => expect(safeFileName(input)).toBe(output));
});

describe("persistToolResult", () => {
  it("writes <workspace>/.tool-results/<session>/<call>.txt and leaves no temp file", async () => {
    const path = await persistToolResult({ workspace, sessionKey: "test:runner", callId: "call_big", text: "x".repeat(20_000) });
    expect(path).toBe(join(workspace, ".tool-results", "test_runner", "call_big.txt"));
    expect(await readFile(path, "utf8")).toBe("x".repeat(20_000));
    expect(await listAll(join(workspace, ".tool-results"))).toEqual(["test_runner", join("test_runner", ".created-by-runner"), join("test_runner", "call_big.txt")]);
  });

  it("uses the default bucket without a session key", async () => {
    const path = await persistToolResult({ workspace, callId: "c1", text: "abc" });
    expect(path).toBe(join(workspace, ".tool-results", "default", "c1.txt"));
  });

  it("never overwrites an existing file: the same text reuses it, another text gets the next name", async () => {
    const first = await persistToolResult({ workspace, callId: "same", text: "first" });
    const again = await persistToolResult({ workspace, callId: "same", text: "first" });
    const second = await persistToolResult({ workspace, callId: "same", text: "second" });
    expect(again).toBe(first);
    expect(second).toBe(join(workspace, ".tool-results", "default", "same.2.txt"));
    expect(await readFile(first, "utf8")).toBe("first");
    expect(await readFile(second, "utf8")).toBe("second");
    expect((await listAll(join(workspace, ".tool-results", "default"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("concurrent writes for one call id: each text ends up complete in its own file", async () => {
    const texts = ["a".repeat(5000), "b".repeat(5000), "c".repeat(5000)];
    const paths = await Promise.all(texts.map((text) => persistToolResult({ workspace, callId: "race", text })));
    expect(new Set(paths).size).toBe(3);
    for (const [i, path] of paths.entries()) expect(await readFile(path, "utf8")).toBe(texts[i]);
    expect(await listAll(join(workspace, ".tool-results", "default"))).toEqual([".created-by-runner", "race.2.txt", "race.3.txt", "race.txt"]);
  });

  it("rejects when the folder cannot be created", async () => {
    const file = join(workspace, "not-a-dir");
    await writeFile(file, "x");
    await expect(persistToolResult({ workspace: file, callId: "c", text: "t" })).rejects.toThrow();
  });
});

describe("persistedReference", () => {
  it("short text: full preview, no cut line", () => {
    expect(persistedReference("/p.txt", "hello")).toBe("[tool output persisted]\nFull output saved to: /p.txt\nOriginal size: 5 chars\nPreview:\nhello");
  });
  it("long text: 1200-char preview and a line about reading the file", () => {
    const text = "a".repeat(1200) + "b".repeat(10);
    const ref = persistedReference("/p.txt", text);
    expect(ref).toContain("Original size: 1210 chars\nPreview:\n" + "a".repeat(1200) + "\n...\n");
    expect(ref).not.toContain("b");
    expect(ref).toMatch(/read the saved file/i);
  });
});

describe("buildToolMessage", () => {
  const opts = { maxToolResultChars: 2048 };

  it("has exactly four keys, the name as called", async () => {
    const message = await buildToolMessage(toolCall("call_1|fc_1", "readFile"), "tool result", opts);
    expect(message).toStrictEqual({ role: "tool", tool_call_id: "call_1|fc_1", name: "readFile", content: "tool result" });
  });

  it("empty → marker", async () => {
    for (const empty of ["", null, undefined, [], "  ", [{ type: "text", text: "" }]]) {
      expect((await buildToolMessage(toolCall("c", "noop"), empty, opts)).content).toBe("(noop completed with no output)");
    }
  });

  it("non-string → text", async () => {
    expect((await buildToolMessage(toolCall("c", "t"), { k: 1 }, opts)).content).toBe('{"k":1}');
    expect((await buildToolMessage(toolCall("c", "t"), 0, opts)).content).toBe("0");
    expect((await buildToolMessage(toolCall("c", "t"), false, opts)).content).toBe("false");
  });

  it("over the limit with a workspace → persisted reference; exactly at the limit → unchanged", async () => {
    const big = await buildToolMessage(toolCall("call_big", "exec"), "x".repeat(20_000), { ...opts, workspace, sessionKey: "test:runner" });
    expect(big.content).toContain("[tool output persisted]");
    expect(big.content).toContain(join(".tool-results", "test_runner", "call_big.txt"));
    expect(big.content).toContain("Original size: 20000 chars");
    const exact = await buildToolMessage(toolCall("call_eq", "exec"), "y".repeat(2048), { ...opts, workspace });
    expect(exact.content).toBe("y".repeat(2048));
    expect(await listAll(join(workspace, ".tool-results"))).toEqual(["test_runner", join("test_runner", ".created-by-runner"), join("test_runner", "call_big.txt")]);
  });

  it("non-string results over the limit are persisted as their text", async () => {
    const value = { items: Array.from({ length: 500 }, (_, i) => `item-${i}`) };
    const message = await buildToolMessage(toolCall("c_obj", "list"), value, { ...opts, workspace });
    expect(message.content).toContain("[tool output persisted]");
    const saved = await readFile(join(workspace, ".tool-results", "default", "c_obj.txt"), "utf8");
    expect(JSON.parse(saved)).toEqual(value);
  });

  it("no workspace → truncated", async () => {
    const message = await buildToolMessage(toolCall("c", "exec"), "z".repeat(3000), opts);
    expect(message.content).toBe("z".repeat(2048) + "\n... (truncated)");
  });

  it("a small limit truncates the reference itself", async () => {
    const message = await buildToolMessage(toolCall("c_small", "exec"), "q".repeat(500), { maxToolResultChars: 100, workspace });
    expect(message.content?.startsWith("[tool output persisted]")).toBe(true);
    expect(message.content?.endsWith("\n... (truncated)")).toBe(true);
    expect(message.content?.length).toBe(100 + "\n... (truncated)".length);
  });

  it("a failing persist falls back to truncation", async () => {
    const file = join(workspace, "file-not-folder");
    await writeFile(file, "x");
    const message = await buildToolMessage(toolCall("c", "exec"), "w".repeat(3000), { ...opts, workspace: file });
    expect(message.content).toBe("w".repeat(2048) + "\n... (truncated)");
  });

  it("max <= 0 disables persistence and truncation", async () => {
    const message = await buildToolMessage(toolCall("c", "exec"), "v".repeat(30_000), { maxToolResultChars: 0, workspace });
    expect(message.content?.length).toBe(30_000);
    await expect(readdir(join(workspace, ".tool-results"))).rejects.toThrow();
  });

  it("read_file is exempt from persistence and truncation", async () => {
    const message = await buildToolMessage(toolCall("call_rf", "read_file"), "r".repeat(20_000), { ...opts, workspace });
    expect(message.content?.length).toBe(20_000);
    await expect(readdir(join(workspace, ".tool-results"))).rejects.toThrow();
    expect((await buildToolMessage(toolCall("c", "read_file"), "", opts)).content).toBe("(read_file completed with no output)");
  });

  it("an existing file for the call id is kept; the same text is referenced, another text is not", async () => {
    const dir = join(workspace, ".tool-results", "default");
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "dup.txt"), "n".repeat(5000));
    const same = await buildToolMessage(toolCall("dup", "exec"), "n".repeat(5000), { ...opts, workspace });
    expect(same.content).toContain(`Full output saved to: ${join(dir, "dup.txt")}\n`);
    await writeFile(join(dir, "other.txt"), "older");
    const other = await buildToolMessage(toolCall("other", "exec"), "m".repeat(5000), { ...opts, workspace });
    expect(other.content).toContain(`Full output saved to: ${join(dir, "other.2.txt")}\n`);
    expect(await readFile(join(dir, "other.txt"), "utf8")).toBe("older");
    expect(await readFile(join(dir, "other.2.txt"), "utf8")).toBe("m".repeat(5000));
  });
});
