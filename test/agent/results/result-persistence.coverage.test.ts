/**
 * Saving a large result when the file system does not cooperate: another writer takes the name
 * between the check and the link, the file system has no hard links (the rename fallback), every
 * numbered name is taken; and the clean-up of old session folders with leftover temporary files
 * or a file the runner did not write. `link` is wrapped so a test can make it fail the way a
 * real file system would.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const hooks = vi.hoisted(() => ({ link: null as null | ((from: string, to: string) => Promise<void>) }));

vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    link: (from: string, to: string): Promise<void> => (hooks.link !== null ? hooks.link(from, to) : actual.link(from, to)),
  };
});

const { persistToolResult, pruneToolResultBuckets, TOOL_RESULT_BUCKET_MARKER, TOOL_RESULTS_DIR } = await import("../../../src/agent/results/result-persistence.js");

function fsError(code: string): Error {
  return Object.assign(new Error(`${code}: simulated`), { code });
}

let ws = "";
const bucketDir = (): string => join(ws, TOOL_RESULTS_DIR, "default");

beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), "tool-results-files-"));
});

afterEach(async () => {
  hooks.link = null;
  await rm(ws, { recursive: true, force: true });
});

/** The names in the session folder, without the marker. */
async function savedNames(): Promise<string[]> {
  return (await readdir(bucketDir())).filter((n) => n !== TOOL_RESULT_BUCKET_MARKER).sort();
}

describe("coverage: another writer takes the name between the check and the link", () => {
  it("when it saved this very text, that file is the answer", async () => {
    hooks.link = async (_from, to) => {
      await writeFile(to, "the result");
      throw fsError("EEXIST");
    };
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "the result" });
    expect(path).toBe(join(ws, TOOL_RESULTS_DIR, "default", "c1.txt"));
    expect(await savedNames()).toEqual(["c1.txt"]);
  });

  it("when it saved another text, the next numbered name is used and its file is left alone", async () => {
    let first = true;
    const realLink = (await vi.importActual<typeof import("node:fs/promises")>("node:fs/promises")).link;
    hooks.link = async (from, to) => {
      if (first) {
        first = false;
        await writeFile(to, "someone else's");
        throw fsError("EEXIST");
      }
      await realLink(from, to);
    };
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "mine" });
    expect(path).toBe(join(bucketDir(), "c1.2.txt"));
    expect(await readFile(join(bucketDir(), "c1.txt"), "utf8")).toBe("someone else's");
    expect(await readFile(path, "utf8")).toBe("mine");
    expect(await savedNames()).toEqual(["c1.2.txt", "c1.txt"]);
  });
});

describe("coverage: a file system without hard links", () => {
  it("falls back to a rename when the name is still free; no temporary file is left", async () => {
    hooks.link = async () => {
      throw fsError("EPERM");
    };
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "renamed into place" });
    expect(path).toBe(join(bucketDir(), "c1.txt"));
    expect(await readFile(path, "utf8")).toBe("renamed into place");
    expect((await lstat(path)).isFile()).toBe(true);
    expect(await savedNames()).toEqual(["c1.txt"]);
  });

  it("a name taken meanwhile by the same text is the answer", async () => {
    hooks.link = async (_from, to) => {
      await writeFile(to, "same text");
      throw fsError("EPERM");
    };
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "same text" });
    expect(path).toBe(join(bucketDir(), "c1.txt"));
    expect(await savedNames()).toEqual(["c1.txt"]);
  });

  it("a name taken meanwhile by another text is skipped, never overwritten", async () => {
    let first = true;
    hooks.link = async (_from, to) => {
      if (first) {
        first = false;
        await writeFile(to, "other text");
      }
      throw fsError("EPERM");
    };
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "my text" });
    expect(path).toBe(join(bucketDir(), "c1.2.txt"));
    expect(await readFile(join(bucketDir(), "c1.txt"), "utf8")).toBe("other text");
    expect(await readFile(path, "utf8")).toBe("my text");
    expect(await savedNames()).toEqual(["c1.2.txt", "c1.txt"]);
  });
});

describe("coverage: every numbered name taken", () => {
  it("after 100 names holding other results, a random name is used", async () => {
    await mkdir(bucketDir(), { recursive: true });
    await writeFile(join(bucketDir(), TOOL_RESULT_BUCKET_MARKER), "");
    await writeFile(join(bucketDir(), "c1.txt"), "older 1");
    for (let i = 2; i <= 100; i++) await writeFile(join(bucketDir(), `c1.${i}.txt`), `older ${i}`);
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "newest" });
    expect(path).toMatch(/[\\/]c1\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.txt$/);
    expect(await readFile(path, "utf8")).toBe("newest");
    expect(await readFile(join(bucketDir(), "c1.57.txt"), "utf8")).toBe("older 57");
  });
});

describe("coverage: pruning old session folders", () => {
  const MONTH_AGO = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

  async function oldBucket(name: string, files: Record<string, string>): Promise<string> {
    const dir = join(ws, TOOL_RESULTS_DIR, name);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, TOOL_RESULT_BUCKET_MARKER), "");
    for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
    await utimes(dir, MONTH_AGO, MONTH_AGO);
    return dir;
  }

  it("a leftover temporary file is the runner's own: the folder is removed with it", async () => {
    await oldBucket("stale", { "c1.txt": "x", ".c2.1234.tmp": "half written" });
    expect(await pruneToolResultBuckets(join(ws, TOOL_RESULTS_DIR), "current")).toEqual(["stale"]);
    expect(await readdir(join(ws, TOOL_RESULTS_DIR))).toEqual([]);
  });

  it("a file the runner did not write keeps the folder; only the runner's files go", async () => {
    const dir = await oldBucket("mixed", { "c1.txt": "x", ".c2.1234.tmp": "half written", "notes.md": "the user's" });
    expect(await pruneToolResultBuckets(join(ws, TOOL_RESULTS_DIR), "current")).toEqual([]);
    expect(await readdir(dir)).toEqual(["notes.md"]);
  });
});
