/**
 * `grade --out` and `progress --out` write a regular file, or write in place, or refuse: a new or
 * regular file is written whole through a temporary file renamed over it; a FIFO (or a device)
 * is written in place and stays what it was, never renamed over; a folder is refused with a clear
 * message before anything is written, so no temporary file is left behind.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutFileError, outProblem, writeJsonFile } from "../../exercises/_cli/json-out.js";

let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), "workbook-out-"));
});

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("--out", () => {
  it("writes a regular file whole, over an older one, and leaves no temporary file", () => {
    const dir = join(scratch, "regular");
    mkdirSync(dir);
    writeFileSync(join(dir, "grade.json"), "old");
    expect(writeJsonFile("grade.json", { points: 7 }, { INIT_CWD: dir })).toBe(join(dir, "grade.json"));
    expect(JSON.parse(readFileSync(join(dir, "grade.json"), "utf8"))).toEqual({ points: 7 });
    expect(readdirSync(dir)).toEqual(["grade.json"]);
  });

  it("writes into a FIFO in place: the reader gets the JSON and the FIFO stays a FIFO", async () => {
    const dir = join(scratch, "fifo");
    mkdirSync(dir);
    const fifo = join(dir, "report.pipe");
    const made = spawnSync("mkfifo", [fifo]);
    expect(made.status, "mkfifo").toBe(0);
    const reader = spawn("cat", [fifo], { stdio: ["ignore", "pipe", "inherit"] });
    let read = "";
    reader.stdout.on("data", (chunk: Buffer) => (read += chunk.toString()));
    const closed = new Promise<number | null>((resolve) => reader.on("close", resolve));
    expect(writeJsonFile(fifo, { points: 3 }, {})).toBe(fifo);
    expect(await closed).toBe(0);
    expect(JSON.parse(read)).toEqual({ points: 3 });
    expect(statSync(fifo).isFIFO(), "not replaced by a regular file").toBe(true);
    expect(readdirSync(dir), "no temporary file").toEqual(["report.pipe"]);
  });

  it("refuses a folder with a clear message, before anything is written, and leaves no temporary file", () => {
    const dir = join(scratch, "folder");
    mkdirSync(join(dir, "out.json"), { recursive: true });
    expect(outProblem("out.json", { INIT_CWD: dir })).toMatch(/out\.json is a folder; name a file in it/);
    expect(() => writeJsonFile("out.json", { points: 1 }, { INIT_CWD: dir })).toThrow(OutFileError);
    expect(readdirSync(dir)).toEqual(["out.json"]);
    expect(readdirSync(join(dir, "out.json"))).toEqual([]);
    expect(outProblem("new.json", { INIT_CWD: dir }), "a file that does not exist yet is fine").toBeNull();
  });
});
