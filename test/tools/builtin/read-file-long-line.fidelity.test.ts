/**
 * A fix of upstream, listed: upstream's `read_file` cannot page past a first line longer than its
 * 128,000-character cap. It keeps whole lines only, so it returns no line at all and a closing line
 * asking for the same offset again; upstream's `ReadFileTool.execute` returned exactly
 * `\n\n(Showing lines 1-0 of 2. Use offset=1 to continue.)` for the file below, and the same call
 * again answers that the file is unchanged, so the model can never read on. Here the line is cut
 * at the cap and the closing line moves on to the next line.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READ_FILE_MAX_CHARS, ReadFileTool } from "../../../src/tools/builtin/read-file.js";

/** Upstream's answer for a first line of 130,000 characters followed by `second`. */
const UPSTREAM = "\n\n(Showing lines 1-0 of 2. Use offset=1 to continue.)";

let ws = "";
const signal = new AbortController().signal;

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), "fidelity-long-line-"));
  await writeFile(join(ws, "long.txt"), `${"a".repeat(130_000)}\nsecond\n`);
});
afterAll(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("fidelity to upstream: a first line longer than the cap", () => {
  it("is cut at the cap, and the closing line moves on to line 2, where upstream asks for offset=1 again", async () => {
    const tool = new ReadFileTool({ workspace: ws });
    const first = String(await tool.execute({ path: "long.txt" }, { signal }));
    expect(first).not.toBe(UPSTREAM);
    expect(first).toBe(`1| ${"a".repeat(READ_FILE_MAX_CHARS - 3)}\n\n(Showing line 1 of 2, cut to ${READ_FILE_MAX_CHARS} characters. Use offset=2 to continue.)`);
    expect(await tool.execute({ path: "long.txt", offset: 2 }, { signal })).toBe("2| second\n\n(End of file — 2 lines total)");
  });
});
