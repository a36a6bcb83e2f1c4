/**
 * Adding an exercise as `docs/authoring.md` walks through it, in a scratch copy of the workbook:
 * a tenth exercise, the folder `10-double` under `exercises/`. Its number is its own (the capstone
 * moves to 11), two folders with one number are refused by name, `sync-pristine` refuses a missing
 * test file and then writes nothing, and before it has run `progress`, `grade` and `exercise` name
 * the missing copy in one line and go on with the other items.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capstoneNumber, catalogProblem } from "../../exercises/_cli/catalog.js";
import { ROOT } from "../docs/root.js";
import { scratchWorkbook, type ScratchWorkbook } from "./scratch-workbook.js";

/** A stack trace's line, or Node's name for a missing file: what none of these commands may print. */
const CRASH = /ENOENT|^ {2,}at /m;

const folderName = fc.tuple(fc.integer({ min: 1, max: 99 }), fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/)).map(([n, slug]) => `${String(n).padStart(2, "0")}-${slug}`);

describe("the numbers of the catalog", () => {
  it("gives the capstone a number after every exercise's, 10 after exercises 1 to 9", () => {
    expect(capstoneNumber([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(10);
    expect(capstoneNumber([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(11);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 99 })), (numbers) => {
        const capstone = capstoneNumber(numbers);
        expect(numbers.every((n) => n < capstone)).toBe(true);
      }),
    );
  });

  it("accepts folders whose numbers differ, and refuses two with one number, naming both and the fix", () => {
    fc.assert(
      fc.property(fc.uniqueArray(folderName, { selector: (id) => id.slice(0, 2) }), (ids) => {
        expect(catalogProblem(ids)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(folderName, { minLength: 1, selector: (id) => id.slice(0, 2) }), fc.nat(), fc.stringMatching(/^[a-z]{1,6}$/), (ids, pick, slug) => {
        const taken = ids[pick % ids.length] ?? "01-a";
        const twin = `${taken.slice(0, 3)}${slug}-twin`;
        const problem = catalogProblem([...ids, twin]);
        expect(problem).toContain(`exercises/${twin}`);
        expect(problem).toContain(`share the number ${Number(taken.slice(0, 2))}`);
        expect(problem).toContain("docs/authoring.md");
      }),
    );
    expect(catalogProblem(["00-zero", "01-one"])).toMatch(/exercises\/00-zero: exercise numbers start at 01/);
  });
});

/** The hash of every file under the given folders and files of `root`: what a refused sync must leave as it was. */
function snapshot(root: string, paths: readonly string[]): Map<string, string> {
  const hashes = new Map<string, string>();
  const hash = (file: string): void => void hashes.set(file.slice(root.length + 1), createHash("sha256").update(readFileSync(file)).digest("hex"));
  for (const path of paths) {
    const full = join(root, path);
    if (!statSync(full).isDirectory()) hash(full);
    else for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) if (entry.isFile()) hash(join(entry.parentPath, entry.name));
  }
  return hashes;
}

/** What `sync-pristine` writes. */
const WRITTEN = ["exercises/_cli/pristine", "exercises/_cli/pristine-tests", ".github/workflows/classroom.yml", "docs/exercises.md"];

/** The progress report's fields these tests read. */
interface Progress {
  exercises: Array<{ number: number; command: string; slug: string; state: string; missing: string | null }>;
  capstone: { command: string; state: string };
}

describe("a tenth exercise, 10-double, added as docs/authoring.md says", () => {
  let copy: ScratchWorkbook;

  beforeAll(() => {
    copy = scratchWorkbook();
    const dir = join(copy.root, "exercises", "10-double");
    mkdirSync(dir);
    mkdirSync(join(copy.root, "solutions", "10-double"));
    // Steps 1 to 3: the stub, the README and hints, the worked answer.
    writeFileSync(
      join(dir, "double.ts"),
      '// TODO(lesson 10): return twice n.\nexport function double(n: number): number {\n  throw new Error("TODO(lesson 10): double");\n}\n',
    );
    writeFileSync(join(dir, "README.md"), "# Exercise 10 — Double a number\n\n**R1** `double(n)` returns twice `n`.\n");
    writeFileSync(join(dir, "hints.md"), "## Hint 1\n\nMultiply.\n\n## Hint 2\n\nBy two.\n");
    writeFileSync(join(copy.root, "solutions", "10-double", "double.ts"), "export function double(n: number): number {\n  return n * 2;\n}\n");
  });

  afterAll(() => copy.dispose());

  it("is what docs/authoring.md names: the folder, and the capstone's new number", () => {
    const guide = readFileSync(join(ROOT, "docs", "authoring.md"), "utf8");
    expect(guide).toContain("exercises/10-double");
    expect(guide).toContain("npm run exercise 11");
  });

  it("before its test file exists, sync-pristine names that file and step 4, and writes and deletes nothing", async () => {
    const before = snapshot(copy.root, WRITTEN);
    expect(before.size).toBeGreaterThan(40);
    const run = await copy.run("sync-pristine");
    expect(run.status, run.stdout).toBe(1);
    expect(run.stderr).toContain("test/exercises/10-double.test.ts is missing");
    expect(run.stderr).toContain('docs/authoring.md, step 4, "The tests"');
    expect(run.stderr).toContain("Nothing was saved.");
    expect(`${run.stdout}${run.stderr}`).not.toMatch(CRASH);
    expect(snapshot(copy.root, WRITTEN)).toEqual(before);
  });

  it("before sync-pristine has run, progress names the missing pristine copy and sync-pristine, and lists the other items", async () => {
    const run = await copy.run("progress", ["--json"]);
    expect(`${run.stdout}${run.stderr}`).not.toMatch(CRASH);
    const report = JSON.parse(run.stdout) as Progress;
    const tenth = report.exercises.find((e) => e.number === 10);
    expect(tenth?.state).toBe("failing");
    expect(tenth?.missing).toContain("exercises/_cli/pristine/10-double/double.ts.txt is missing");
    expect(tenth?.missing).toContain("sync-pristine");
    expect(report.exercises.filter((e) => e.number !== 10).map((e) => e.state)).toEqual(Array(9).fill("not started"));
    const table = await copy.run("progress");
    expect(table.stdout).toMatch(/^ {2}10 {2}double +failing *\n +Exercise 10 cannot be checked: exercises\/_cli\/pristine\/10-double\/double\.ts\.txt is missing/m);
  });

  it("before sync-pristine has run, grade and exercise say the same line, and grade grades the others", async () => {
    const grade = await copy.run("grade", ["1", "10", "--json"]);
    expect(`${grade.stdout}${grade.stderr}`).not.toMatch(CRASH);
    const report = JSON.parse(grade.stdout) as { exercises: Array<{ number: number; result: string; reason: string; state: string }> };
    expect(report.exercises.map((e) => [e.number, e.state])).toEqual([
      [1, "not started"],
      [10, "failing"],
    ]);
    expect(report.exercises[1]?.reason).toMatch(
      /^Exercise 10 cannot be checked: exercises\/_cli\/pristine\/10-double\/double\.ts\.txt is missing; run npx tsx exercises\/_cli\/sync-pristine\.ts/,
    );
    const exercise = await copy.run("exercise", ["10"]);
    expect(exercise.status).toBe(1);
    expect(`${exercise.stdout}${exercise.stderr}`).not.toMatch(CRASH);
    expect(exercise.stdout.trim().split("\n")).toHaveLength(1);
    expect(exercise.stdout).toContain("exercises/_cli/pristine/10-double/double.ts.txt is missing; run npx tsx exercises/_cli/sync-pristine.ts");
  });

  it("with its test written and sync-pristine run, npm run exercise 10 runs it and 11 runs the capstone; each number is listed once", async () => {
    writeFileSync(
      join(copy.root, "test", "exercises", "10-double.test.ts"),
      [
        "/**",
        " * Exercise 10's rules.",
        " *",
        ' * R1  twice n → "doubles every number"',
        " */",
        'import { describe, expect, it } from "vitest";',
        'import { double } from "../../exercises/10-double/double.js";',
        "",
        'describe("exercise 10: double", () => {',
        '  it("doubles every number", () => {',
        "    expect(double(2)).toBe(4);",
        "  });",
        "});",
        "",
      ].join("\n"),
    );
    const sync = await copy.run("sync-pristine");
    expect(sync.status, sync.stderr).toBe(0);
    expect(existsSync(join(copy.root, "exercises", "_cli", "pristine", "10-double", "double.ts.txt"))).toBe(true);
    expect(existsSync(join(copy.root, "exercises", "_cli", "pristine-tests", "test", "exercises", "10-double.test.ts.txt"))).toBe(true);

    const progress = JSON.parse((await copy.run("progress", ["--json"])).stdout) as Progress;
    const numbers = [...progress.exercises.map((e) => e.command), progress.capstone.command];
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"]);
    expect(progress.exercises.at(-1)).toMatchObject({ slug: "double", state: "not started", missing: null });
    expect(progress.capstone.state).toBe("not started");

    const tenth = await copy.run("exercise", ["10"]);
    expect(tenth.status).toBe(1);
    expect(tenth.stdout).toMatch(/Exercise 10: double — 0 passed, 1 failed/);
    const capstone = await copy.run("exercise", ["11"]);
    expect(capstone.stdout).toContain("Exercise 11, the capstone");
    const help = await copy.run("exercise", ["--help"]);
    expect(help.stdout).toMatch(/^ {2}10 {2}double$/m);
    expect(help.stdout).toMatch(/^ {2}11 {2}capstone: /m);
  });

  it("a second folder numbered 10 is refused in one message naming both folders, with no stack trace", async () => {
    const twin = join(copy.root, "exercises", "10-triple");
    mkdirSync(twin);
    writeFileSync(join(twin, "triple.ts"), '// TODO(lesson 10): thrice n.\nexport const triple = (n: number): number => {\n  throw new Error("TODO(lesson 10)");\n};\n');
    try {
      const before = snapshot(copy.root, WRITTEN);
      const sync = await copy.run("sync-pristine");
      expect(sync.status).toBe(1);
      expect(sync.stderr).toContain("exercises/10-double and exercises/10-triple share the number 10");
      expect(snapshot(copy.root, WRITTEN)).toEqual(before);
      for (const [script, args] of [
        ["progress", []],
        ["exercise", ["10"]],
        ["grade", []],
      ] as const) {
        const run = await copy.run(script, args);
        expect(run.status, script).toBe(1);
        expect(run.stderr.trim(), script).toBe(
          'exercises/10-double and exercises/10-triple share the number 10: each exercise folder needs a number of its own (npm run exercise 10 could run only one of them). Rename one to the next free number (docs/authoring.md, "Names used below").',
        );
      }
    } finally {
      rmSync(twin, { recursive: true, force: true });
    }
  });

  it("exercise names a test file missing from test/, and how to put it back", async () => {
    const test = join(copy.root, "test", "exercises", "10-double.test.ts");
    const text = readFileSync(test, "utf8");
    rmSync(test);
    try {
      const run = await copy.run("exercise", ["10"]);
      expect(run.status).toBe(1);
      expect(run.stdout.trim()).toBe(
        "Exercise 10 cannot be checked: test/exercises/10-double.test.ts is missing; put it back (git checkout -- test/exercises/10-double.test.ts), " +
          "or for a new exercise write it (docs/authoring.md, step 4) and run npx tsx exercises/_cli/sync-pristine.ts.",
      );
    } finally {
      writeFileSync(test, text);
    }
  });

  it("a missing stub copy of one of the capstone's parts is named on that exercise's row and the capstone's", async () => {
    const saved = join(copy.root, "exercises", "_cli", "pristine", "01-tool-contract", "word-count.ts.txt");
    const text = readFileSync(saved, "utf8");
    rmSync(saved);
    try {
      const run = await copy.run("progress", ["--json"]);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(CRASH);
      const report = JSON.parse(run.stdout) as Progress & { capstone: { reason: string } };
      const line = "Exercise 1 cannot be checked: exercises/_cli/pristine/01-tool-contract/word-count.ts.txt is missing; run npx tsx exercises/_cli/sync-pristine.ts";
      expect(report.exercises[0]?.missing).toContain(line);
      expect(report.capstone.reason).toContain(line);
      expect(report.exercises.slice(1).map((e) => e.state)).toEqual(Array(9).fill("not started"));
    } finally {
      writeFileSync(saved, text);
    }
  });

  it("grade names a missing copy of a graded test and sync-pristine, and grades the other items", async () => {
    rmSync(join(copy.root, "exercises", "_cli", "pristine-tests", "test", "exercises", "10-double.test.ts.txt"));
    const report = JSON.parse((await copy.run("grade", ["9", "10", "--json"])).stdout) as { exercises: Array<{ number: number; state: string; reason: string }> };
    expect(report.exercises[0]).toMatchObject({ number: 9, state: "not started" });
    expect(report.exercises[1]?.reason).toBe(
      "Exercise 10 cannot be checked: exercises/_cli/pristine-tests/test/exercises/10-double.test.ts.txt is missing; run npx tsx exercises/_cli/sync-pristine.ts, which writes it (docs/authoring.md, step 7).",
    );
  });
});
