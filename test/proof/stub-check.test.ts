/**
 * `sync-pristine.ts` saves a stub as the learners' starting point only while it is still a stub:
 * marked with its lesson's `TODO(lesson N)` and not the worked answer.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { stubLesson, stubProblem } from "../../exercises/_cli/stub-check.js";
import { ROOT } from "../docs/root.js";
import { runNode } from "../setup/node-child.js";

const folders = readdirSync(join(ROOT, "exercises")).filter((name) => stubLesson(name) !== null);

describe("a stub that is no longer a stub is not saved", () => {
  it("every stub of the workbook is marked with its lesson and differs from its worked answer", () => {
    expect(folders.length).toBe(10);
    for (const id of folders) {
      for (const file of readdirSync(join(ROOT, "exercises", id)).filter((f) => f.endsWith(".ts"))) {
        const answer = join(ROOT, "solutions", id, file);
        const text = readFileSync(join(ROOT, "exercises", id, file), "utf8");
        expect(stubProblem(id, file, text, existsSync(answer) ? readFileSync(answer, "utf8") : null), `${id}/${file}`).toBeNull();
      }
    }
  });

  it("names the missing marker, and the worked answer even when only its white space differs", () => {
    expect(stubLesson("05-argument-processing")).toBe(5);
    expect(stubLesson("self-check")).toBe(11);
    expect(stubLesson("_cli")).toBeNull();
    expect(stubProblem("05-argument-processing", "prepare.ts", "// TODO(lesson 4): wrong lesson\n", null)).toMatch(/has no TODO\(lesson 5\) marker/);
    const answer = "export const x = 1;\n// TODO(lesson 5): kept in the answer\n";
    expect(stubProblem("05-argument-processing", "prepare.ts", answer.replace("= 1", "=   1").replace(/\n/g, "\r\n"), answer)).toMatch(/is the worked answer/);
    expect(stubProblem("05-argument-processing", "prepare.ts", "// TODO(lesson 5): fill me\n", answer)).toBeNull();
  });

  it("sync-pristine refuses a folder whose stub is the worked answer, and saves nothing", async () => {
    const copy = mkdtempSync(join(tmpdir(), "workbook-sync-"));
    try {
      for (const name of ["exercises", "solutions"]) cpSync(join(ROOT, name), join(copy, name), { recursive: true });
      cpSync(join(ROOT, "solutions", "04-exact-names", "names.ts"), join(copy, "exercises", "04-exact-names", "names.ts"));
      const before = readFileSync(join(copy, "exercises", "_cli", "pristine", "04-exact-names", "names.ts.txt"), "utf8");
      const run = await runNode(["--import", "tsx", join(ROOT, "exercises", "_cli", "sync-pristine.ts")], { WORKBOOK_ROOT: copy });
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toContain("exercises/04-exact-names/names.ts is the worked answer");
      expect(run.stderr).toContain("Nothing was saved.");
      expect(readFileSync(join(copy, "exercises", "_cli", "pristine", "04-exact-names", "names.ts.txt"), "utf8")).toBe(before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
