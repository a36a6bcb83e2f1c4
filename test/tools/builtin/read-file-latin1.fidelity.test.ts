/**
 * Fidelity of `read_file` to upstream on a text file that is not UTF-8: for a text extension
 * upstream falls back to Latin-1, one character per byte. Expected texts are those upstream's
 * `ReadFileTool.execute` returned for the same bytes.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";

let ws = "";
const signal = new AbortController().signal;
const read = (path: string): Promise<unknown> => new ReadFileTool({ workspace: ws }).execute({ path }, { signal });

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), "fidelity-latin1-"));
  await writeFile(join(ws, "latin.txt"), Buffer.from("caf\xe9 cr\xe8me", "latin1"));
  await writeFile(join(ws, "NOTES.MD"), Buffer.from("caf\xe9\x85cr\xe8me\n", "latin1"));
  await writeFile(join(ws, "latin.bin"), Buffer.from("caf\xe9 cr\xe8me", "latin1"));
});
afterAll(async () => {
  await rm(ws, { recursive: true, force: true });
});

describe("fidelity to upstream: read_file on text that is not UTF-8", () => {
  it("a text extension is read as Latin-1, as upstream: 1| café crème", async () => {
    expect(await read("latin.txt")).toBe("1| café crème\n\n(End of file — 1 lines total)");
  });

  it("the extension is matched without case, and Latin-1's \\x85 ends a line as Python's splitlines says", async () => {
    expect(await read("NOTES.MD")).toBe("1| café\n2| crème\n\n(End of file — 2 lines total)");
  });

  it("any other extension keeps U+FFFD for each bad byte (upstream refuses it as binary, which is not ported)", async () => {
    // Upstream: "Error: Cannot read binary file latin.bin (MIME: application/octet-stream). Only supported text files and images can be read."
    expect(await read("latin.bin")).toBe("1| caf\ufffd cr\ufffdme\n\n(End of file — 1 lines total)");
  });
});
