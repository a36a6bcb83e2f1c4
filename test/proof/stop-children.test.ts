/**
 * A grade that is stopped ends every process it started: a grade of a learner folder holding the
 * worked answers is started, and as soon as its type checker (a process of its own) runs, it gets
 * SIGTERM, as GitHub Classroom's time limit sends it; it exits with 128 + 15, and no process it
 * started, or that they started, is left running. The rule that finds them is checked on its own.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { descendantsOf, parentFromStat, processTable } from "../../exercises/_cli/children.js";
import { learnerFolder } from "./class-folders.js";

const dir = mkdtempSync(join(tmpdir(), "workbook-stop-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** True while the process runs (a zombie, ended but not yet collected, does not). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
  } catch {
    return "";
  }
}

describe("a stopped grade", () => {
  it.skipIf(!existsSync("/proc/self/stat"))(
    "ends every process it started when it gets SIGTERM",
    async () => {
      learnerFolder(join(dir, "learner"), (_item, _file, answer) => answer);
      const grade = spawn(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "grade-class.ts"), dir], { cwd: ROOT, stdio: "ignore" });
      const pid = grade.pid ?? 0;
      const seen = new Set<number>();
      let signalled = false;
      const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => grade.on("exit", (code, signal) => resolve({ code, signal })));
      let done = false;
      void ended.then(() => (done = true));
      while (!done) {
        for (const child of descendantsOf(pid, processTable())) seen.add(child);
        if (!signalled && [...seen].some((child) => commandLine(child).includes("--singleThreaded"))) {
          grade.kill("SIGTERM");
          signalled = true;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const exit = await ended;
      expect(signalled, "the type checker was seen running before the grade ended").toBe(true);
      expect(exit).toEqual({ code: 128 + 15, signal: null });
      expect(seen.size).toBeGreaterThan(0);
      const survivors = [...seen].filter(running).map((child) => `${child}: ${commandLine(child)}`);
      expect(survivors).toEqual([]);
    },
    600_000,
  );
});

describe("the processes under a process", () => {
  const table = fc.array(fc.record({ pid: fc.integer({ min: 2, max: 60 }), ppid: fc.integer({ min: 1, max: 60 }) }), { maxLength: 80 });

  it("are exactly those whose chain of parents reaches it, never itself, each once", () => {
    fc.assert(
      fc.property(table, fc.integer({ min: 1, max: 60 }), (entries, root) => {
        const found = descendantsOf(root, entries);
        expect(found).not.toContain(root);
        expect(new Set(found).size).toBe(found.length);
        const parents = new Map<number, number[]>();
        for (const { pid, ppid } of entries) parents.set(pid, [...(parents.get(pid) ?? []), ppid]);
        const reaches = (pid: number, path: Set<number>): boolean =>
          (parents.get(pid) ?? []).some((ppid) => ppid === root || (!path.has(ppid) && reaches(ppid, new Set([...path, ppid]))));
        for (const pid of new Set(entries.map((e) => e.pid))) if (pid !== root) expect(found.includes(pid), `pid ${pid}`).toBe(reaches(pid, new Set([pid])));
      }),
    );
  });

  it("are read from /proc/<pid>/stat whatever the command's name holds", () => {
    expect(parentFromStat("1234 (node) S 99 1234 1234 0 -1")).toBe(99);
    expect(parentFromStat("1234 (a) b) (c) R 7 1 1")).toBe(7);
    expect(parentFromStat("garbage")).toBeNull();
  });
});
