/**
 * What every grade JSON says about itself (`exercises/_cli/grade-meta.ts`): the learner (the git
 * author of the folder's own last commit, else the folder's name, never the author of a repository
 * the folder merely sits in), the commit, when it was made, when it was graded and the workbook's version; and the help counters,
 * which only the learner's machine keeps, left out under CI (`state.ts`).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { gradeMetaOf, workbookVersionOf } from "../../exercises/_cli/grade-meta.js";
import { helpCountersMeaningful } from "../../exercises/_cli/state.js";

const base = mkdtempSync(join(tmpdir(), "workbook-facts-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function git(dir: string, args: readonly string[]): void {
  execFileSync("git", ["-C", dir, ...args], { stdio: "ignore" });
}

describe("the facts of a grade", () => {
  it("name the folder, no commit, the time given and the version, for a folder that is not a git repository", () => {
    const folder = join(base, "grace");
    mkdirSync(folder);
    writeFileSync(join(folder, "package.json"), JSON.stringify({ version: "1.2.3" }));
    expect(gradeMetaOf(folder, new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toEqual({
      learner: "grace",
      commit: null,
      time: "2026-01-02T03:04:05.000Z",
      committed: null,
      workbookVersion: "1.2.3",
    });
  });

  it("name the author of the folder's own last commit, the commit, when it was made and, apart, when it was graded", () => {
    const folder = join(base, "repo");
    mkdirSync(folder);
    writeFileSync(join(folder, "a.txt"), "a");
    git(folder, ["init", "-q"]);
    git(folder, ["add", "a.txt"]);
    execFileSync("git", ["-C", folder, "-c", "user.name=Lin Learner", "-c", "user.email=lin@example.org", "-c", "commit.gpgsign=false", "commit", "-qm", "a"], {
      stdio: "ignore",
      env: { ...process.env, GIT_COMMITTER_DATE: "2026-03-04T05:06:07Z", GIT_AUTHOR_DATE: "2026-03-04T05:06:07Z" },
    });
    const facts = gradeMetaOf(folder, new Date(Date.UTC(2026, 5, 1)));
    expect(facts.learner).toBe("Lin Learner <lin@example.org>");
    expect(facts.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(facts.committed).toBe("2026-03-04T05:06:07.000Z");
    expect(facts.time).toBe("2026-06-01T00:00:00.000Z");
    expect(facts.workbookVersion).toBeNull();
  });

  it("a folder inside another repository is named by its folder, not by that repository's author", () => {
    const inner = join(base, "repo", "class", "kim");
    mkdirSync(inner, { recursive: true });
    expect(gradeMetaOf(inner)).toMatchObject({ learner: "kim", commit: null });
  });

  it("read the workbook's version from its package.json", () => {
    expect(workbookVersionOf(ROOT)).toMatch(/^\d+\.\d+\.\d+/);
    expect(workbookVersionOf(join(base, "nowhere"))).toBeNull();
  });
});

describe("the help counters", () => {
  it("are reported on the learner's machine and left out under CI or GitHub Actions", () => {
    expect(helpCountersMeaningful({})).toBe(true);
    expect(helpCountersMeaningful({ CI: "true" })).toBe(false);
    expect(helpCountersMeaningful({ CI: "1" })).toBe(false);
    expect(helpCountersMeaningful({ GITHUB_ACTIONS: "true" })).toBe(false);
    expect(helpCountersMeaningful({ CI: "false", GITHUB_ACTIONS: "" })).toBe(true);
  });
});
