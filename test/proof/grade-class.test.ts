/**
 * `npm run grade-class`: a class of four learner folders (untouched, half done, done with one bug,
 * copied answers) and a folder that is not a copy of the workbook, graded at once into a table and
 * a CSV with the points per item, the total, the copied-answer flags, the learner (git author or
 * folder name), when the commit was made, when it was graded, the version and the help shown; and
 * `--reports`, which reads grade JSON files back, every row marked self-reported, with a line saying
 * the points are the learners' own and not checked (a report a learner edited is taken as it says,
 * except its total, worked out again from its items, with a note when the report's own differs).
 */
import { execFileSync, spawnSync } from "node:child_process";
import fc from "fast-check";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";
import { isGradeReport, readClassArgs, rowsFromReports } from "../../exercises/_cli/class-grading.js";
import { classCsv, classJson, classTable, csvField, SELF_REPORTED_LINE } from "../../exercises/_cli/class-table.js";
import type { GradeReport } from "../../exercises/_cli/grading.js";
import { checkedTotal } from "../../exercises/_cli/class-totals.js";
import { learnerFolder, ownAnswer } from "./class-folders.js";

let dir: string;
let run: { status: number | null; stdout: string; stderr: string };
let rows: Map<string, Record<string, string>>;

/** The CSV's rows by their source folder (simple fields only: the test's own cells hold no comma). */
function readCsv(text: string): Map<string, Record<string, string>> {
  const [head, ...lines] = text.trimEnd().split("\r\n");
  const names = (head ?? "").split(",");
  return new Map(
    lines.map((line) => {
      const cells = line.split(",");
      const row = Object.fromEntries(names.map((name, at) => [name, cells[at] ?? ""]));
      return [row["source"] ?? "", row];
    }),
  );
}

/**
 * A grade report as a learner could have edited it: ten exercises worth 10 each, `pointsOf` giving
 * each one's points, and a total that claims 100 of 100 whatever the items say.
 */
function editedReport(learner: string, pointsOf: (number: number) => number, copiedChecked: boolean) {
  const item = (number: number) => ({ kind: "exercise", number, command: String(number), points: pointsOf(number), maxPoints: 10, copied: null, help: null });
  return {
    learner,
    commit: null,
    time: "2026-01-01T00:00:00.000Z",
    workbookVersion: "0.1.0",
    partialCredit: false,
    exercises: Array.from({ length: 10 }, (_, at) => item(at + 1)),
    questions: [],
    points: 100,
    maxPoints: 100,
    passed: 10,
    total: 10,
    changedTests: [],
    copiedChecked,
  };
}

/** Exercise 4 answered with src/'s own suggestion and message. */
const FOUR_FROM_SRC = [
  'import { suggestToolName } from "../../src/tools/suggest.js";',
  'import { toolNotFoundMessage } from "../../src/tools/messages.js";',
  "export function suggestName(name: string, registered: readonly string[]): string | null {",
  "  return suggestToolName(name, registered);",
  "}",
  "export function notFoundMessage(name: string, registered: readonly string[]): string {",
  "  return toolNotFoundMessage(name, suggestName(name, registered), registered);",
  "}",
  "",
].join("\n");

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "workbook-class-"));
  const half = new Set(["1", "2", "3", "4", "q1", "q2"]);
  learnerFolder(join(dir, "untouched"), () => null);
  // A clone of its own: the learner's files import its own copy of src/ (the grader loads the workbook's).
  learnerFolder(join(dir, "half"), (item, _file, answer) => (half.has(item.command) ? ownAnswer(answer) : null), true);
  learnerFolder(join(dir, "bug"), (item, _file, answer) =>
    item.command === "2" ? ownAnswer(answer.replace('  return "replace";\n}', '  return "skip";\n}')) : item.kind === "exercise" ? ownAnswer(answer) : answer,
  );
  learnerFolder(join(dir, "copied"), (item, _file, answer) =>
    item.command === "7" ? 'export * from "../../solutions/07-errors-as-results/settle.js";\n' : item.command === "4" ? FOUR_FROM_SRC : answer,
  );
  const git = (args: string[]): void => void execFileSync("git", ["-C", join(dir, "bug"), ...args], { stdio: "ignore" });
  git(["init", "-q"]);
  git(["add", "exercises", "package.json"]);
  git(["-c", "user.name=Ada Learner", "-c", "user.email=ada@example.org", "-c", "commit.gpgsign=false", "commit", "-qm", "my work"]);
  mkdirSync(join(dir, "notes"));
  writeFileSync(join(dir, "notes", "readme.txt"), "not a workbook");
  const csv = join(dir, "class-grades.csv");
  const result = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "grade-class.ts"), dir, "--csv", csv], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, INIT_CWD: ROOT },
  });
  run = { status: result.status, stdout: result.stdout, stderr: result.stderr };
  rows = readCsv(readFileSync(csv, "utf8"));
}, 900_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("grading a class of learner folders", () => {
  it("prints one row per folder and exits with 1, since one folder is not a copy of the workbook", () => {
    expect(run.status, run.stderr).toBe(1);
    for (const name of ["untouched", "half", "bug", "copied", "notes"]) expect(run.stdout).toContain(name);
    expect(run.stdout).toMatch(/^learner\s+source\s+commit\s+committed\s+graded\s+version\s+1\s+2\s+3/);
  });

  it("an untouched folder: no point, no flag", () => {
    expect(rows.get("untouched")).toMatchObject({ learner: "untouched", total: "0", max: "100", copied: "", problem: "" });
  });

  it("half done, in a folder with its own copy of src/: the points of the items done, nothing else", () => {
    expect(rows.get("half")).toMatchObject({ "1": "10", "4": "10", "5": "0", q1: "2", q2: "2", q3: "0", total: "44", copied: "" });
  });

  it("done with one bug: all but that exercise, named by the git author of the folder's last commit", () => {
    const bug = rows.get("bug");
    expect(bug).toMatchObject({ learner: "Ada Learner <ada@example.org>", "2": "0", "3": "10", q5: "2", total: "90", copied: "" });
    expect(bug?.["commit"]).toMatch(/^[0-9a-f]{12}$/);
    expect(bug?.["committed"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(bug?.["graded"]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(bug?.["version"]).toMatch(/^\d+\.\d+\.\d+/);
    expect(bug?.["help"], "no help counters: graded here, not on the learner's machine").toBe("");
  });

  it("copied answers: full points as the tests give them, every exercise flagged, the import and src/'s own part named", () => {
    const copied = rows.get("copied");
    expect(copied).toMatchObject({ total: "100", "4": "10", "7": "10" });
    expect(copied?.["copied"]).toBe("1:identical 2:identical 3:identical 4:uses-reference 5:identical 6:identical 7:imports-solutions 8:identical 9:identical");
  });

  it("graded folders are not self-reported, and the run does not say they are", () => {
    for (const name of ["untouched", "half", "bug", "copied"]) expect(rows.get(name)?.["self-reported"], name).toBe("");
    expect(run.stdout).not.toContain(SELF_REPORTED_LINE);
  });

  it("a folder without exercises/ is reported in its row, not graded", () => {
    expect(rows.get("notes")?.["problem"]).toMatch(/no exercises\/ folder/);
    expect(rows.get("notes")?.["total"]).toBe("");
  });
});

describe("grading a class from grade JSON files", () => {
  it("reads every grade report in the folder, and names a file that is not one", () => {
    const reports = mkdtempSync(join(tmpdir(), "workbook-reports-"));
    try {
      const report = {
        learner: "Bo",
        commit: null,
        time: "2026-01-01T00:00:00.000Z",
        workbookVersion: "0.1.0",
        partialCredit: false,
        exercises: [
          {
            kind: "exercise",
            number: 1,
            command: "1",
            points: 10,
            maxPoints: 10,
            copied: "identical",
            help: { hintsShown: 2, hintsAvailable: 3, hintViews: 2, solutionViews: 1 },
          },
        ],
        questions: [
          { kind: "question", number: 1, command: "q1", points: 0, maxPoints: 2, copied: null, help: { hintsShown: 0, hintsAvailable: 0, hintViews: 0, solutionViews: 0 } },
        ],
        points: 10,
        maxPoints: 12,
        passed: 1,
        total: 2,
        changedTests: [],
      };
      mkdirSync(join(reports, "bo"));
      writeFileSync(join(reports, "bo", "grade.json"), JSON.stringify(report));
      writeFileSync(join(reports, "other.json"), JSON.stringify({ hello: 1 }));
      writeFileSync(join(reports, "broken.json"), "{ not json");
      const found = rowsFromReports(reports);
      expect(found.map((row) => row.source)).toEqual(["bo/grade.json", "broken.json", "other.json"]);
      expect(isGradeReport(report)).toBe(true);
      expect(found[1]?.problem).toMatch(/^not JSON/);
      expect(found[2]?.problem).toMatch(/not a grade report/);
      const csv = classCsv(found).split("\r\n");
      expect(csv[0]).toBe("learner,source,commit,committed,graded,version,1,q1,total,max,copied,help,problem,self-reported");
      expect(csv[1], "a report without `committed` (an older grader's) leaves it empty; every row read back is self-reported").toBe(
        "Bo,bo/grade.json,,,2026-01-01T00:00:00.000Z,0.1.0,10,0,10,12,1:identical,1:hints 2/3 answers 1,,yes",
      );
      expect(csv[2]?.endsWith(",yes")).toBe(true);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  it("a report the learner edited is read as it says, but marked self-reported in the table, the CSV and the JSON, and the run says the points are not checked", () => {
    const reports = mkdtempSync(join(tmpdir(), "workbook-edited-"));
    try {
      const edited = editedReport("Someone Else", () => 10, true);
      writeFileSync(join(reports, "grade.json"), JSON.stringify(edited));
      const csvFile = join(reports, "class.csv");
      const result = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "grade-class.ts"), reports, "--reports", "--csv", csvFile], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, INIT_CWD: ROOT },
      });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout.split("\n").filter((line) => line === SELF_REPORTED_LINE)).toHaveLength(1);
      expect(result.stdout).toMatch(/^Someone Else .* 100 +100 .*yes$/m);
      const row = readCsv(readFileSync(csvFile, "utf8")).get("grade.json");
      expect(row).toMatchObject({ learner: "Someone Else", total: "100", "self-reported": "yes" });
      const asJson = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "grade-class.ts"), reports, "--reports", "--json"], {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, INIT_CWD: ROOT },
      });
      expect(asJson.status, asJson.stderr).toBe(0);
      expect(asJson.stderr).toContain(SELF_REPORTED_LINE);
      const parsed = JSON.parse(asJson.stdout) as Array<{ source: string; selfReported: boolean; report: { learner: string; points: number } | null }>;
      expect(parsed.filter((r) => r.source === "grade.json")).toEqual([
        { source: "grade.json", selfReported: true, problem: null, report: expect.objectContaining({ learner: "Someone Else", points: 100 }) as unknown },
      ]);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  }, 120_000);

  it("a report whose total was edited shows its items' total, with a note in the problem column and the JSON", () => {
    const reports = mkdtempSync(join(tmpdir(), "workbook-total-"));
    try {
      const edited = editedReport("Cy", (number) => (number === 7 ? 0 : 10), false);
      writeFileSync(join(reports, "grade.json"), JSON.stringify(edited));
      writeFileSync(join(reports, "honest.json"), JSON.stringify({ ...edited, learner: "Di", points: 90 }));
      const found = rowsFromReports(reports);
      expect(found.map((row) => [row.source, row.report?.points, row.report?.maxPoints])).toEqual([
        ["grade.json", 90, 100],
        ["honest.json", 90, 100],
      ]);
      expect(found[0]?.problem).toBe("the report's own total 100/100 differs from its items' 90/100: the items' total is shown");
      expect(found[1]?.problem).toBeNull();
      const csv = readCsv(classCsv(found));
      expect(csv.get("grade.json")).toMatchObject({
        total: "90",
        max: "100",
        problem: "the report's own total 100/100 differs from its items' 90/100: the items' total is shown",
      });
      expect(csv.get("honest.json")).toMatchObject({ total: "90", problem: "" });
      expect(classTable(found)).toMatch(/^Cy .* 90 +100 .*the report's own total 100\/100 differs/m);
      const json = JSON.parse(classJson(found)) as Array<{ source: string; problem: string | null; report: { points: number } | null }>;
      expect(json.map((row) => [row.source, row.report?.points, row.problem])).toEqual([
        ["grade.json", 90, found[0]?.problem],
        ["honest.json", 90, null],
      ]);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  it("the total shown is always the sum of the items' points, and the note appears exactly when the report's own total differs", () => {
    const points = fc.integer({ min: 0, max: 10 });
    fc.assert(
      fc.property(fc.array(points, { maxLength: 14 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (items, claimed, claimedMax) => {
        const report = {
          learner: "x",
          partialCredit: false,
          exercises: items.map((p, at) => ({ kind: "exercise", number: at + 1, command: String(at + 1), points: p, maxPoints: 10, copied: null })),
          questions: [],
          points: claimed,
          maxPoints: claimedMax,
          passed: 0,
          total: items.length,
          changedTests: [],
          copiedChecked: false,
        } as unknown as GradeReport;
        const sum = items.reduce((a, b) => a + b, 0);
        const { report: shown, note } = checkedTotal(report);
        expect([shown.points, shown.maxPoints]).toEqual([sum, 10 * items.length]);
        expect(note === null).toBe(claimed === sum && claimedMax === 10 * items.length);
      }),
    );
  });

  it("reads its command line, and keeps a CSV field from being read as a formula", () => {
    expect(readClassArgs(["class", "--reports", "--csv", "out.csv", "--partial"])).toMatchObject({
      dir: "class",
      reports: true,
      csv: "out.csv",
      partial: true,
      json: false,
      unknown: [],
    });
    expect(readClassArgs(["class", "--json"])).toMatchObject({ json: true, unknown: [] });
    expect(readClassArgs(["a", "b", "--csv"]).unknown).toEqual(["b", "--csv (it needs a file name)"]);
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField('say "hi", then')).toBe('"say ""hi"", then"');
    expect(csvField("12.5")).toBe("12.5");
  });
});
