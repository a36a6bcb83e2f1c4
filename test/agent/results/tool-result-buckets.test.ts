import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { persistToolResult, pruneToolResultBuckets, TOOL_RESULT_BUCKET_MARKER } from "../../../src/agent/results/result-persistence.js";

const DAY = 24 * 60 * 60 * 1000;
let ws = "";

beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), "buckets-"));
});
afterEach(async () => {
  await rm(ws, { recursive: true, force: true });
});

/** A session folder as the runner leaves it (its marker and one result), last changed `ageMs` ago. */
async function bucket(name: string, ageMs: number): Promise<void> {
  const dir = join(ws, ".tool-results", name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, TOOL_RESULT_BUCKET_MARKER), "");
  await writeFile(join(dir, "call.txt"), "x");
  const when = new Date(Date.now() - ageMs);
  await utimes(dir, when, when);
}

describe("cleaning up old session folders", () => {
  it("removes other sessions older than 7 days on each persist, keeps recent ones and the current one", async () => {
    await bucket("old_session", 8 * DAY);
    await bucket("recent_session", 1 * DAY);
    await bucket("current_session", 30 * DAY);
    await persistToolResult({ workspace: ws, sessionKey: "current:session", callId: "call_big", text: "y".repeat(100) });
    expect((await readdir(join(ws, ".tool-results"))).sort()).toEqual(["current_session", "recent_session"]);
    expect(await readdir(join(ws, ".tool-results", "current_session"))).toContain("call_big.txt");
  });

  it("keeps at most 31 other sessions, newest first", async () => {
    for (let i = 0; i < 35; i++) await bucket(`s${String(i).padStart(2, "0")}`, i * 60_000);
    const removed = await pruneToolResultBuckets(join(ws, ".tool-results"), "none");
    expect(removed.sort()).toEqual(["s31", "s32", "s33", "s34"]);
    expect((await readdir(join(ws, ".tool-results"))).length).toBe(31);
  });

  it("never blocks persistence when the cleanup fails", async () => {
    await mkdir(join(ws, ".tool-results"), { recursive: true });
    await writeFile(join(ws, ".tool-results", "not-a-folder"), "");
    const path = await persistToolResult({ workspace: ws, callId: "c1", text: "z" });
    expect(path).toMatch(/default[\\/]c1\.txt$/);
  });
});
