/**
 * The learner's commands as a learner runs them, in a throwaway copy of the workbook (the real
 * `exercises/` is never touched): type errors come first and block "all tests pass", every failing
 * test shows its message and vitest's diff, a self-check question passes only when answered and
 * then explains itself, `progress` names the next step with its reason, `--json` is machine-readable,
 * and `--solution` asks before it shows anything. A passed exercise names the next one and its
 * lesson; vitest's advice to edit the test (`toBe` → `toStrictEqual`) never reaches the learner;
 * `--help` lists the options. The hints and worked answers shown are counted per item and reported;
 * `grade` uses the workbook's own tests, never the learner's edited copy, and names that copy; its
 * JSON is alone on standard output with `npm run -s`, or in the file `--out` names.
 *
 * The commands run in this process, as the copy's own code (its root is the copy, as when typed
 * there): each command's `main` with the learner's arguments, from the copy's folder, with no
 * terminal on standard input, and everything it prints collected. Like the CLI itself, they run
 * vitest in-process. `npm run` itself, the process boundary (npm's banner, standard output and
 * standard error apart, the exit status), is spawned in the last test.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { format, inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findExercise, ROOT } from "../../exercises/_cli/catalog.js";
import { lessonsText, nextStep } from "../../exercises/_cli/report.js";
import { parseHints } from "../../exercises/_cli/state.js";
import { parseDiagnostics } from "../../exercises/_cli/typecheck.js";
import { forLearners } from "../../exercises/_cli/vitest-run.js";

type Command = "exercise" | "progress" | "grade";
/** A command's `main`: the learner's arguments in, the exit status out. */
type Main = (argv: readonly string[]) => Promise<number>;

let copy: string;
const commands = new Map<Command, Main>();

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "workbook-cli-"));
  for (const entry of ["src", "test", "exercises", "solutions", "package.json", "tsconfig.json", "vitest.config.ts"]) {
    cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  }
  // Start from the untouched stubs, whatever the real exercises/ holds.
  for (const [from, to] of [
    ["01-tool-contract/word-count.ts", "01-tool-contract/word-count.ts"],
    ["04-exact-names/names.ts", "04-exact-names/names.ts"],
    ["self-check/q4-concurrency-safe.ts", "self-check/q4-concurrency-safe.ts"],
    ["03-tool-registry/definition-cache.ts", "03-tool-registry/definition-cache.ts"],
  ] as const) {
    writeFileSync(join(copy, "exercises", to), readFileSync(join(ROOT, "exercises/_cli/pristine", `${from}.txt`)));
  }
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "junction");
  // Each command hands its `main` to `runCommand` as it loads; keep it instead of running it with this process's arguments.
  let handed: Main | undefined;
  vi.doMock(join(copy, "exercises/_cli/run-command.ts"), () => ({
    runCommand: (main: Main) => {
      handed = main;
    },
  }));
  for (const name of ["exercise", "progress", "grade"] as const) {
    handed = undefined;
    await import(pathToFileURL(join(copy, "exercises/_cli", `${name}.ts`)).href);
    commands.set(name, handed ?? expect.fail(`exercises/_cli/${name}.ts handed no main to runCommand`));
  }
}, 120_000);

afterAll(() => {
  vi.doUnmock(join(copy, "exercises/_cli/run-command.ts"));
  rmSync(copy, { recursive: true, force: true });
});

/**
 * Whether a variable of this process is absent from a learner's terminal: npm's own, and a CI
 * service's (`CI`, `GITHUB_ACTIONS`), which would turn the help counters off as on a grading server.
 */
function isNotTyped(key: string): boolean {
  return /^npm_/i.test(key) || key === "INIT_CWD" || key === "CI" || key === "GITHUB_ACTIONS";
}

/** The environment of a command typed in a terminal in the copy: no npm or CI of ours around it, and no colour. */
function typedEnv(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !isNotTyped(key));
  return { ...Object.fromEntries(inherited), NO_COLOR: "1" };
}

/**
 * `npm run <script> -- <args>` as typed in the copy, with standard input not a terminal: the
 * command's `main` in this process, from the copy's folder, with npm's variables out of the
 * environment; its exit status, and what it printed (standard output, then standard error).
 */
async function cli(script: Command, args: string[]): Promise<{ code: number | null; out: string }> {
  const main = commands.get(script) ?? expect.fail(`no ${script}`);
  const stdout: string[] = [];
  const stderr: string[] = [];
  const savedEnv = { ...process.env };
  const savedCwd = process.cwd();
  const stdin = process.stdin as { isTTY?: boolean };
  const savedTTY = stdin.isTTY;
  for (const key of Object.keys(process.env)) if (isNotTyped(key)) delete process.env[key];
  process.env["NO_COLOR"] = "1";
  process.chdir(copy);
  stdin.isTTY = undefined;
  const line =
    (to: string[]) =>
    (...parts: unknown[]) =>
      void to.push(`${format(...parts)}\n`);
  const write = (to: string[]) => (chunk: string | Uint8Array) => (to.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString()), true);
  const spies = [
    vi.spyOn(console, "log").mockImplementation(line(stdout)),
    vi.spyOn(console, "info").mockImplementation(line(stdout)),
    vi.spyOn(console, "error").mockImplementation(line(stderr)),
    vi.spyOn(console, "warn").mockImplementation(line(stderr)),
    vi.spyOn(console, "clear").mockImplementation(() => undefined),
    vi.spyOn(process.stdout, "write").mockImplementation(write(stdout)),
    vi.spyOn(process.stderr, "write").mockImplementation(write(stderr)),
  ];
  let code: number;
  try {
    code = await main(args);
  } catch (error) {
    // What runCommand does with an error main throws: print it, exit with 1.
    stderr.push(`${inspect(error)}\n`);
    code = 1;
  } finally {
    for (const spy of spies) spy.mockRestore();
    stdin.isTTY = savedTTY;
    process.chdir(savedCwd);
    for (const key of Object.keys(process.env)) if (!(key in savedEnv)) delete process.env[key];
    Object.assign(process.env, savedEnv);
  }
  return { code, out: `${stdout.join("")}${stderr.join("")}` };
}

/** `npm <args>` in the copy, as typed in a terminal; standard output and standard error apart. */
function npm(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync("npm", args, { cwd: copy, encoding: "utf8", env: typedEnv(), stdio: ["ignore", "pipe", "pipe"], timeout: 170_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The help the JSON of `progress` or `grade` reports for one item. */
function helpIn(report: { exercises: Array<{ command: string; help: unknown }>; questions: Array<{ command: string; help: unknown }> }, command: string): unknown {
  return [...report.exercises, ...report.questions].find((item) => item.command === command)?.help;
}

function learnerFile(path: string, text: string): void {
  writeFileSync(join(copy, "exercises", path), text);
}

describe("the learner CLI's words", () => {
  it("drops vitest's advice to replace toBe, and says plainly that an equal copy is not the same object", () => {
    const vitest = `expected [ 'a' ] to be [ 'a' ] // Object.is equality\n\nIf it should pass with deep equality, replace "toBe" with "toStrictEqual"\n\nExpected: [ 'a' ]\nReceived: serializes to the same string\n`;
    const shown = forLearners(vitest);
    expect(shown).not.toMatch(/replace "toBe"|toStrictEqual|Object\.is/);
    expect(shown).toContain("expected [ 'a' ] to be [ 'a' ] (the very same object)");
    expect(shown).toContain("Received: an equal copy, not the same object");
    expect(forLearners("name: expected 'TODO' to be 'word_count' // Object.is equality"), "two different strings are not about identity").toBe(
      "name: expected 'TODO' to be 'word_count'",
    );
  });

  it("names the next exercise or question and its lesson after a pass", () => {
    const step = (query: string): string => nextStep(findExercise(query) ?? expect.fail(`no ${query}`));
    expect(step("5")).toBe("Next: exercise 6, batch execution (lesson 6: lessons/06-batch-execution/README.md) — npm run exercise 6");
    expect(step("9")).toBe("Next: self-check question 1 (lesson 11: lessons/11-self-check/README.md) — npm run exercise q1");
    expect(step("q2")).toBe("Next: self-check question 3 (lesson 11: lessons/11-self-check/README.md) — npm run exercise q3");
    expect(step("q5")).toBe("That was the last one. See everything at once: npm run progress");
  });

  it("reads the native compiler's diagnostics, a message going on over indented lines", () => {
    const output = [
      "exercises/01-tool-contract/word-count.ts(15,12): error TS2322: Type 'string' is not assignable to type 'number'.",
      "/abs/other.ts(3,1): error TS2345: Argument of type 'x' is not assignable to parameter of type 'y'.",
      "  Types of property 'a' are incompatible.",
      "",
      "Found 2 errors in 2 files.",
    ].join("\n");
    expect(parseDiagnostics(output, "/root")).toEqual([
      { file: "/root/exercises/01-tool-contract/word-count.ts", line: 15, column: 12, code: 2322, message: "Type 'string' is not assignable to type 'number'." },
      {
        file: "/abs/other.ts",
        line: 3,
        column: 1,
        code: 2345,
        message: "Argument of type 'x' is not assignable to parameter of type 'y'.\nTypes of property 'a' are incompatible.",
      },
    ]);
  });

  it("says lesson or lessons as the count asks", () => {
    expect(lessonsText(findExercise("q3") ?? expect.fail("q3"))).toBe("lesson 5");
    expect(lessonsText(findExercise("q5") ?? expect.fail("q5"))).toBe("lessons 7 and 8");
    expect(lessonsText(findExercise("7") ?? expect.fail("7"))).toBe("lesson 7");
  });
});

describe("the help a learner was shown", () => {
  it("progress --json and grade --json count each hint and each worked answer shown, per exercise and question", async () => {
    for (const args of [
      ["5", "--hint"],
      ["5", "--hint"],
      ["5", "--solution", "--yes"],
      ["q2", "--solution", "--yes"],
    ]) {
      const run = await cli("exercise", args);
      expect(run.code, run.out).toBe(0);
    }
    const hints = parseHints(readFileSync(join(copy, "exercises/05-argument-processing/hints.md"), "utf8")).length;
    const progress = JSON.parse((await cli("progress", ["--json"])).out) as Parameters<typeof helpIn>[0];
    expect(helpIn(progress, "5")).toEqual({ hintsShown: 2, hintsAvailable: hints, hintViews: 2, solutionViews: 1 });
    expect(helpIn(progress, "q2")).toEqual({ hintsShown: 0, hintsAvailable: 0, hintViews: 0, solutionViews: 1 });
    expect(helpIn(progress, "6")).toMatchObject({ hintsShown: 0, hintViews: 0, solutionViews: 0 });
    const grade = JSON.parse((await cli("grade", ["--json", "5", "q2"])).out) as Parameters<typeof helpIn>[0];
    expect(helpIn(grade, "5")).toEqual(helpIn(progress, "5"));
    expect(helpIn(grade, "q2")).toEqual(helpIn(progress, "q2"));
  }, 240_000);
});

describe("npm run exercise", () => {
  it("reports type errors in the learner's file with file:line first, and never says all tests pass", async () => {
    const solution = readFileSync(join(ROOT, "solutions/01-tool-contract/word-count.ts"), "utf8");
    const broken = solution
      .replace('readonly name: string = "word_count";', 'readonly name: string = "word_count";\n  readonly count: number = "many";')
      .replace("override get readOnly(): boolean {\n    return true;\n  }", "override readOnly = true;");
    expect(broken).not.toBe(solution);
    learnerFile("01-tool-contract/word-count.ts", broken);
    const run = await cli("exercise", ["1"]);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toMatch(/exercises\/01-tool-contract\/word-count\.ts:\d+:\d+\s+TS2322/);
    expect(run.out).toMatch(/TS2610/);
    expect(run.out.indexOf("TS2322"), "type errors are printed before the test results").toBeLessThan(run.out.indexOf("Exercise 1"));
    expect(run.out).not.toContain("✔");
  }, 180_000);

  it("shows every failing test with its own message and the expected/received diff", async () => {
    const stub = readFileSync(join(ROOT, "solutions/04-exact-names/names.ts"), "utf8");
    // A plausible mistake: the list of names joined without the space.
    learnerFile("04-exact-names/names.ts", stub.replaceAll('join(", ")', 'join(",")'));
    const run = await cli("exercise", ["4"]);
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain("✘ exercise 4: notFoundMessage > names the tool and lists the available ones in order");
    expect(run.out).toContain("✘ exercise 4: notFoundMessage > adds the suggestion and says names must match exactly");
    // vitest's diff, whole: for one-line strings it prints both values in full, one under the other.
    expect(run.out).toContain(`Expected: "Error: Tool 'delete_everything' not found. Available: read_file, write_file, list_dir"`);
    expect(run.out).toContain(`Received: "Error: Tool 'delete_everything' not found. Available: read_file,write_file,list_dir"`);
    expect(run.out).toMatch(/ at (exercises\/04-exact-names\/names\.ts:\d+, test )?test\/exercises\/04-exact-names\.test\.ts:\d+/);
  }, 180_000);

  it("a self-check question fails while unanswered, and explains itself once answered right", async () => {
    const unanswered = await cli("exercise", ["q4"]);
    expect(unanswered.code).toBe(1);
    expect(unanswered.out).toContain("readOnlyToolIsSafe is still null");
    expect(unanswered.out).not.toContain("Why:");
    expect(unanswered.out, "a question has no hints to offer").not.toContain("--hint");
    const wrong = readFileSync(join(ROOT, "solutions/self-check/q4-concurrency-safe.ts"), "utf8").replace("batchSizes: [2, 1, 1]", "batchSizes: [3, 1]");
    learnerFile("self-check/q4-concurrency-safe.ts", wrong);
    const wrongRun = await cli("exercise", ["q4"]);
    expect(wrongRun.code).toBe(1);
    expect(wrongRun.out, "the wrong prediction is named, with a hint").toContain("c) batchSizes: this prediction is not what the real code does.");
    expect(wrongRun.out).toContain("Hint: ");
    expect(wrongRun.out, "the real value only through --solution, which asks first").toContain("npm run exercise q4 -- --solution (it asks first)");
    expect(wrongRun.out, "neither the message nor a diff shows the real value").not.toMatch(/\[\s*2,\s*1,\s*1\s*\]|Expected|Received/);
    expect(wrongRun.out).not.toContain("Why:");
    learnerFile("self-check/q4-concurrency-safe.ts", readFileSync(join(ROOT, "solutions/self-check/q4-concurrency-safe.ts"), "utf8"));
    const right = await cli("exercise", ["q4"]);
    expect(right.code, right.out).toBe(0);
    expect(right.out).toContain("Why: Who declares that a tool is concurrency-safe, and who enforces it?");
    expect(right.out).toContain("Next: self-check question 5");
    expect(right.out).toContain("The runner enforces it");
  }, 360_000);

  it("a pass names the next exercise; a failure from toBe never advises editing the test", async () => {
    const worked = readFileSync(join(ROOT, "solutions/03-tool-registry/definition-cache.ts"), "utf8");
    // A plausible mistake: a fresh copy of the cached list on every call.
    learnerFile("03-tool-registry/definition-cache.ts", worked.replace("    return this.#cached;\n  }\n}", "    return [...this.#cached];\n  }\n}"));
    const copy = await cli("exercise", ["3"]);
    expect(copy.code, copy.out).toBe(1);
    expect(copy.out).toContain("cache the list: the same object twice");
    expect(copy.out).not.toMatch(/toStrictEqual|replace "toBe"/);
    learnerFile("03-tool-registry/definition-cache.ts", worked);
    const passed = await cli("exercise", ["3"]);
    expect(passed.code, passed.out).toBe(0);
    expect(passed.out).toContain("Next: exercise 4, exact names (lesson 4: lessons/04-exact-names/README.md) — npm run exercise 4");
  }, 360_000);

  it("--help lists the options and exits with 0", async () => {
    const run = await cli("exercise", ["--help"]);
    expect(run.code, run.out).toBe(0);
    for (const option of ["--watch", "--hint", "--solution", "--reset", "--yes", "--help"]) expect(run.out).toContain(option);
    expect(run.out).not.toContain("Not understood");
    const progress = await cli("progress", ["--help"]);
    expect(progress.code, progress.out).toBe(0);
    expect(progress.out).toContain("--json");
  }, 120_000);

  it("--solution asks first and shows nothing without a terminal to ask", async () => {
    const run = await cli("exercise", ["4", "--solution"]);
    expect(run.code).toBe(1);
    expect(run.out).toContain("Not showing it");
    expect(run.out).not.toContain("+++ solutions/");
  }, 60_000);
});

describe("npm run progress", () => {
  it("--json reports every item, and names the next one with the reason it fails; --out writes the same JSON", async () => {
    const run = await cli("progress", ["--json", "--out", "progress.json"]);
    expect(JSON.parse(readFileSync(join(copy, "progress.json"), "utf8"))).toEqual(JSON.parse(run.out));
    const report = JSON.parse(run.out) as {
      exercises: Array<{ number: number; state: string; typeErrors: string[] }>;
      questions: Array<{ number: number; state: string }>;
      next: { kind: string; number: number; command: string; reason: string } | null;
      total: number;
    };
    expect(report.exercises.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(report.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5]);
    expect(report.total).toBe(14);
    const first = report.exercises[0]!;
    expect(first.state).toBe("failing");
    expect(first.typeErrors.join("\n")).toMatch(/TS2322/);
    expect(report.next).toMatchObject({ kind: "exercise", number: 1, command: "npm run exercise 1" });
    expect(report.next?.reason).toMatch(/^type error: exercises\/01-tool-contract\/word-count\.ts:\d+/);
  }, 180_000);
});

describe("--out a folder", () => {
  it("progress and grade refuse it with a clear message, before any work, and leave no file in it", async () => {
    mkdirSync(join(copy, "reports"), { recursive: true });
    for (const script of ["progress", "grade"] as const) {
      const run = await cli(script, ["--out", "reports"]);
      expect(run.code, run.out).toBe(2);
      expect(run.out).toContain(`--out reports: ${join(copy, "reports")} is a folder; name a file in it`);
      expect(readdirSync(join(copy, "reports"))).toEqual([]);
    }
    expect(readdirSync(copy).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});

describe("npm run grade", () => {
  it("--help lists the options and says what the exit status means", async () => {
    const run = await cli("grade", ["--help"]);
    expect(run.code, run.out).toBe(0);
    for (const text of ["--json", "--out <file>", "--help", "Exit status: 0 when every graded one passed"]) expect(run.out).toContain(text);
  }, 120_000);

  it("grades with the workbook's own tests, never the learner's edited copy, and names that copy", async () => {
    const test = join(copy, "test/exercises/02-tool-loader.test.ts");
    const original = readFileSync(test, "utf8");
    // Started but not solved, and the learner's copy of the test made to pass whatever the code does.
    learnerFile("02-tool-loader/rules.ts", `${readFileSync(join(ROOT, "exercises/_cli/pristine/02-tool-loader/rules.ts.txt"), "utf8")}\n// started\n`);
    writeFileSync(test, 'import { it } from "vitest";\nit("passes", () => {});\n');
    try {
      const run = await cli("grade", ["2", "--out", "grade.json"]);
      expect(run.code, run.out).toBe(1);
      expect(run.out).toContain("test/exercises/02-tool-loader.test.ts (changed)");
      expect(run.out).toContain("Total: 0 of 10 points");
      const report = JSON.parse(readFileSync(join(copy, "grade.json"), "utf8")) as {
        exercises: Array<{ number: number; result: string; state: string; passed: number; tests: number }>;
        questions: unknown[];
        changedTests: Array<{ file: string; change: string }>;
      };
      expect(report.questions).toEqual([]);
      const [graded] = report.exercises;
      expect(graded).toMatchObject({ number: 2, result: "failed", state: "failing", passed: 0 });
      const workbookTests = [...original.matchAll(/\bit\(\s*"/g)].length;
      expect(workbookTests, 'the workbook\'s test file declares its tests with it("…")').toBeGreaterThan(1);
      expect(graded?.tests, "the workbook's tests ran, not the learner's one").toBe(workbookTests);
      expect(report.changedTests).toEqual([{ file: "test/exercises/02-tool-loader.test.ts", change: "changed" }]);
    } finally {
      writeFileSync(test, original);
    }
  }, 180_000);

  it("through npm, -s keeps the JSON alone on standard output; without it npm's lines come first, the advice goes to standard error, and --out writes where npm was called", () => {
    const silent = npm(["run", "-s", "grade", "--", "--json", "6"]);
    expect(silent.code, silent.stderr).toBe(1);
    expect(JSON.parse(silent.stdout)).toMatchObject({ total: 1, points: 0, maxPoints: 10 });
    const loud = npm(["run", "grade", "--", "--json", "6", "--out", "six.json"]);
    expect(loud.code, loud.stderr).toBe(1);
    expect(loud.stdout.trimStart().startsWith("> "), "npm's own banner, printed before the script starts").toBe(true);
    // Each grade says when it ran: the two runs' reports differ in that alone.
    const untimed = (text: string): unknown => ({ ...(JSON.parse(text) as Record<string, unknown>), time: "" });
    expect(JSON.parse(silent.stdout)).toHaveProperty("time", expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(untimed(loud.stdout.slice(loud.stdout.indexOf("{")))).toEqual(untimed(silent.stdout));
    expect(loud.stderr).toContain("npm run -s grade -- --json");
    expect(existsSync(join(copy, "six.json")), "--out is relative to where npm was called").toBe(true);
    expect(untimed(readFileSync(join(copy, "six.json"), "utf8"))).toEqual(untimed(silent.stdout));
  }, 180_000);
});

describe("a run that never finishes", () => {
  // Short: each stuck run spins a core until its deadline. A stop that comes early on a busy machine
  // still names the stuck file, and the other items' results are not what these tests judge.
  const seconds = 4;
  /** Runs `script` with a short deadline, with `file` of the learner (relative to exercises/) holding the worked answer changed by `change`. */
  async function withEndless(file: string, change: (answer: string) => string, script: Command, args: string[]): Promise<{ code: number | null; out: string }> {
    const answer = readFileSync(join(ROOT, "solutions", file), "utf8");
    const endless = change(answer);
    expect(endless).not.toBe(answer);
    learnerFile(file, endless);
    process.env["WORKBOOK_DEADLINE_SECONDS"] = String(seconds);
    try {
      return await cli(script, args);
    } finally {
      delete process.env["WORKBOOK_DEADLINE_SECONDS"];
      writeFileSync(join(copy, "exercises", file), readFileSync(join(ROOT, "exercises/_cli/pristine", `${file}.txt`)));
    }
  }
  const said = (file: string): string => `exercises/${file} did not finish in ${seconds} s — an endless loop or an \`await\` that never settles?`;

  it("exercise: a while whose index never moves, in a function, is stopped and named", async () => {
    const file = "08-tool-results/tool-message.ts";
    const run = await withEndless(
      file,
      (answer) => answer.replace("export function truncate(text: string, max: number): string {", "$&\n  for (let i = 0; i < text.length; ) void i;"),
      "exercise",
      ["8"],
    );
    expect(run.code, run.out).toBe(1);
    expect(run.out).toContain(said(file));
    expect(run.out).toContain("test/exercises/08-tool-results.test.ts) were stopped");
  }, 180_000);

  it("progress: a loop at import time is stopped and named, and the other items are still reported", async () => {
    const file = "07-errors-as-results/settle.ts";
    const run = await withEndless(file, (answer) => `${answer}\nlet spins = 0;\nwhile (spins < 1) void spins;\n`, "progress", ["--json"]);
    const report = JSON.parse(run.out) as { exercises: Array<{ number: number; state: string; stuck: string | null }>; total: number };
    expect(report.total).toBe(14);
    expect(report.exercises.find((e) => e.number === 7)).toMatchObject({ state: "failing", stuck: said(file) });
  }, 180_000);

  it("grade: a top-level await that never settles is stopped and named, and the item fails", async () => {
    const file = "09-tool-skill-mcp/mcp-tool.ts";
    const run = await withEndless(file, (answer) => `${answer}\nawait new Promise(() => undefined);\n`, "grade", ["9", "--json"]);
    expect(run.code, run.out).toBe(1);
    const report = JSON.parse(run.out) as { exercises: Array<{ number: number; result: string; reason: string }>; error?: string };
    expect(report.error).toBeUndefined();
    expect(report.exercises).toMatchObject([{ number: 9, result: "failed", reason: said(file) }]);
  }, 180_000);
});
