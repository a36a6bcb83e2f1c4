/**
 * The GitHub Classroom autograding workflow, `.github/workflows/classroom.yml`, written from the
 * exercise catalog by `sync-pristine.ts`: one test per exercise and per self-check question, worth
 * the item's points, each grading its item in a process of its own. Classroom's reporter adds the
 * points up. A test checks that the committed file is this text, and that each command fails on the
 * stubs and passes on the worked answers.
 *
 * Nothing the learner can change runs before the tests decide:
 * - the install removes a committed `.npmrc` and runs no install script;
 * - before any learner code runs, a step seals the grader: a SHA-256 over every file of
 *   `exercises/_cli/` (the CLI, the copies of the tests and stubs), `src/` (the code under test),
 *   `package.json`, the lock file and `tsconfig.json`, kept as the step's output, which later steps cannot change;
 * - each grading command checks that seal again with the system's own tools (so graded code of an
 *   earlier item that rewrote the grader or a copy of a test fails every later item), then runs the
 *   grader with `node` itself, by the path the seal step found, never through `npm run` (no `.npmrc`
 *   applies), in an empty environment (no `NODE_OPTIONS`, no `PATH` an earlier step added to);
 * - the grader compiles itself afresh for each item (`launch.mjs`), keeps no transformed module on
 *   disk, and checks its copies of the tests and its assertions after they ran (`grading.ts`).
 *
 * @module
 */
import { join } from "node:path";
import { listItems, ROOT, type Exercise } from "./catalog.js";

/** Where the workflow is committed. */
export const CLASSROOM_WORKFLOW = join(ROOT, ".github", "workflows", "classroom.yml");

/** The files the seal covers, relative to the root: the grader, its copies of the tests, the code under test, the worked answers the tests compare with, and what Node and npm read from the root. */
export const SEALED_PATHS = ["exercises/_cli", "solutions", "src", "package.json", "package-lock.json", "tsconfig.json"] as const;

/**
 * The shell command that prints the seal: one SHA-256 over the SHA-256 of every sealed file, in a
 * fixed order, with the system's tools. A sealed path the copy lacks (`solutions/` in a Classroom
 * template) is passed over without a message: the seal is the same list hashed before and after, so
 * a folder that appears, or a file that goes, still changes it.
 */
export const SEAL_COMMAND = `/usr/bin/find ${SEALED_PATHS.join(" ")} -type f -print0 2>/dev/null | LC_ALL=C /usr/bin/sort -z | /usr/bin/xargs -0 /usr/bin/sha256sum | /usr/bin/sha256sum | /usr/bin/cut -c1-64`;

/** The id of the step that seals the grader. */
export const SEAL_STEP = "seal";

/** The job's variable that switches partial credit on (`"1"`) or off (`"0"`, the default), and the grader's variable of the same name. */
export const PARTIAL_CREDIT_VARIABLE = "WORKBOOK_PARTIAL_CREDIT";

/**
 * What every grading command starts with: the seal checked again, then the grader started with node
 * itself in an empty environment (only the partial-credit switch passed on). `exec` puts the grader
 * in the shell's place, so when Classroom's time limit stops the command, the grader itself gets
 * the signal and ends its own children (`children.ts`) instead of being left behind by a shell.
 */
export const GRADE_COMMAND_START =
  `if test "$(${SEAL_COMMAND})" = "\${{ steps.${SEAL_STEP}.outputs.digest }}"; ` +
  `then exec /usr/bin/env -i PATH=/usr/bin:/bin HOME="$HOME" CI=true ${PARTIAL_CREDIT_VARIABLE}="$${PARTIAL_CREDIT_VARIABLE}" "\${{ steps.${SEAL_STEP}.outputs.node }}" exercises/_cli/launch.mjs grade`;

/** What every grading command ends with: the message when the seal does not match. */
export const GRADE_COMMAND_END = `; else echo "Not graded: the files of the grader changed after the job started (did graded code rewrite them?)" >&2; exit 1; fi`;

/** Minutes a grading command may take before Classroom stops it (the grader's own deadline ends an endless loop sooner). */
export const GRADE_TIMEOUT_MINUTES = 5;

/** Minutes the install and the seal may take, on top of the grading commands, before the job is stopped. */
export const SET_UP_MINUTES = 10;

/**
 * The job's own limit: every grading command at its limit, and the set-up. A job that runs longer
 * (a learner process that outlives its step and keeps the runner busy) is stopped instead of
 * running for the platform's default of six hours.
 */
export function jobTimeoutMinutes(tests: number): number {
  return SET_UP_MINUTES + tests * GRADE_TIMEOUT_MINUTES;
}

/**
 * The install step's command, kept in one place: the workflow writes it as it is. A committed
 * `.npmrc` (npm settings) and `npm-shrinkwrap.json` (it would win over the lock file) are removed,
 * and no install script runs.
 */
export const INSTALL_COMMAND = "rm -f .npmrc npm-shrinkwrap.json && npm ci --omit=dev --no-audit --no-fund --ignore-scripts";

/** What a grading command in partial-credit mode adds after the item: where the grader writes Classroom's result. */
export const PARTIAL_RESULT_ARGS = '--classroom-result "$GITHUB_OUTPUT"';

/** One autograding test: one exercise or question. */
export interface ClassroomTest {
  /** The step id, letters and digits only (the reporter reads `<ID>_RESULTS`): `exercise5`, `question3`. */
  id: string;
  /** The name Classroom shows: `Exercise 5: argument-processing`. */
  name: string;
  /** The command it runs: the seal checked, then `node exercises/_cli/launch.mjs grade 5`. */
  command: string;
  /** The command of its partial-credit step: the same grade, which then writes Classroom's result itself. */
  partialCommand: string;
  /** What passing it is worth. */
  points: number;
}

/** The test of one item. */
export function classroomTestOf(item: Exercise): ClassroomTest {
  return {
    id: `${item.kind}${item.number}`,
    name: `${item.label}: ${item.slug}`,
    command: `${GRADE_COMMAND_START} ${item.command}${GRADE_COMMAND_END}`,
    partialCommand: `${GRADE_COMMAND_START} ${item.command} ${PARTIAL_RESULT_ARGS}${GRADE_COMMAND_END}`,
    points: item.points,
  };
}

/** The id of an item's partial-credit step: `exercise5partial`. */
export function partialStepId(test: ClassroomTest): string {
  return `${test.id}partial`;
}

/** The arguments a grading command hands to `grade`; throws for any other command. */
export function gradeArgsOf(command: string): string[] {
  if (!command.startsWith(`${GRADE_COMMAND_START} `) || !command.endsWith(GRADE_COMMAND_END)) throw new Error(`not a grading command: ${command}`);
  return command
    .slice(GRADE_COMMAND_START.length + 1, command.length - GRADE_COMMAND_END.length)
    .split(" ")
    .filter((part) => part !== "");
}

/**
 * A YAML quoted string, quoted as the formatter would: in single quotes when that needs fewer
 * escapes (a shell command full of double quotes), else in double quotes (JSON's quoting is valid YAML).
 */
function quoted(text: string): string {
  const doubles = text.split('"').length - 1;
  const singles = text.split("'").length - 1;
  return doubles > singles ? `'${text.replaceAll("'", "''")}'` : JSON.stringify(text);
}

/** The workflow's text, from the catalog. */
export function classroomWorkflow(tests: readonly ClassroomTest[] = listItems().map(classroomTestOf)): string {
  const lines = [
    "# GitHub Classroom autograding: one test per exercise and per self-check question, each worth its points.",
    "# Each grades the learner's files with the workbook's own copies of the tests, in a process of its own,",
    "# and exits with 0 only when that one passes. The grader runs with node itself, never through npm,",
    "# after checking that its files are still those sealed before any learner code ran.",
    "# Written from the exercise catalog (exercises/_cli/catalog.ts) by `npm run workflow`: do not edit it by hand,",
    "# except the switch below.",
    "name: Autograding Tests",
    '"on":',
    "  - push",
    "  - workflow_dispatch",
    "  - repository_dispatch",
    "permissions:",
    "  checks: write",
    "  actions: read",
    "  contents: read",
    "jobs:",
    "  run-autograding-tests:",
    "    runs-on: ubuntu-latest",
    `    timeout-minutes: ${jobTimeoutMinutes(tests.length)}`,
    "    env:",
    '      # Partial credit: "0" (the default) gives an item its points only when all its tests pass;',
    '      # "1" gives its points x passed tests / tests, rounded down to a tenth (docs/instructor-guide.md).',
    `      ${PARTIAL_CREDIT_VARIABLE}: "0"`,
    "    # Not on Classroom's own first commit, and not in the template the assignment is made from.",
    "    if: github.actor != 'github-classroom[bot]' && github.event.repository.is_template != true",
    "    steps:",
    "      - name: Checkout code",
    "        uses: actions/checkout@v4",
    "      - name: Set up Node",
    "        uses: actions/setup-node@v4",
    "        with:",
    "          node-version: 20",
    "          cache: npm",
    "      - name: Install",
    "        # A committed .npmrc (npm settings) and npm-shrinkwrap.json (it would win over the lock file) are removed, only what learners need is installed (--omit=dev leaves the authors' tools out), and no install script runs: nothing of the learner's runs here.",
    `        run: ${INSTALL_COMMAND}`,
    "      - name: Seal the grader",
    `        id: ${SEAL_STEP}`,
    "        # Before any learner code runs: which node, and a hash of the grader's files; each test checks it again.",
    "        run: |",
    '          echo "node=$(command -v node)" >> "$GITHUB_OUTPUT"',
    `          echo "digest=$(${SEAL_COMMAND})" >> "$GITHUB_OUTPUT"`,
  ];
  for (const test of tests) {
    lines.push(
      `      - name: ${quoted(test.name)}`,
      `        id: ${test.id}`,
      `        if: env.${PARTIAL_CREDIT_VARIABLE} != '1'`,
      "        uses: classroom-resources/autograding-command-grader@v1",
      "        with:",
      `          test-name: ${quoted(test.name)}`,
      `          command: ${quoted(test.command)}`,
      `          timeout: ${GRADE_TIMEOUT_MINUTES}`,
      `          max-score: ${test.points}`,
      `      - name: ${quoted(`${test.name} (partial credit)`)}`,
      `        id: ${partialStepId(test)}`,
      `        if: env.${PARTIAL_CREDIT_VARIABLE} == '1'`,
      "        continue-on-error: true",
      `        timeout-minutes: ${GRADE_TIMEOUT_MINUTES}`,
      `        run: ${quoted(test.partialCommand)}`,
    );
  }
  lines.push("      - name: Autograding Reporter", "        uses: classroom-resources/autograding-grading-reporter@v1", "        env:");
  for (const test of tests) lines.push(`          ${test.id.toUpperCase()}_RESULTS: "\${{ steps.${test.id}.outputs.result || steps.${partialStepId(test)}.outputs.result }}"`);
  lines.push("        with:", `          runners: ${tests.map((test) => test.id).join(",")}`);
  return `${lines.join("\n")}\n`;
}

/** One graded item as GitHub Classroom's reporter reads a grader's result. */
export interface ClassroomResult {
  /** The format's version. */
  version: 1;
  /** "pass" when the item passed, else "fail". */
  status: "pass" | "fail";
  /** What passing it is worth. */
  max_score: number;
  /** The one test of the item, with the points it earned. */
  tests: Array<{ name: string; status: "pass" | "fail"; score: number; message: string; test_code: string; filename: string; line_no: number; execution_time: string }>;
}

/** The result of one graded item in partial credit, as the reporter adds it up: the points it earned, of its `max_score`. */
export function classroomResultOf(item: {
  label: string;
  slug: string;
  command: string;
  result: "passed" | "failed";
  points: number;
  maxPoints: number;
  passed: number;
  tests: number;
  reason: string | null;
}): ClassroomResult {
  const status = item.result === "passed" ? "pass" : "fail";
  const counts = item.tests > 0 ? `${item.passed} of ${item.tests} tests pass` : "no test ran";
  return {
    version: 1,
    status,
    max_score: item.maxPoints,
    tests: [
      {
        name: `${item.label}: ${item.slug}`,
        status,
        score: item.points,
        message: item.reason === null ? `${counts}.` : `${counts}: ${item.reason}`,
        test_code: `grade ${item.command}`,
        filename: "",
        line_no: 0,
        execution_time: "",
      },
    ],
  };
}

/** The line a partial-credit step appends to `$GITHUB_OUTPUT`: `result=` and the result as base64 JSON. */
export function classroomResultLine(result: ClassroomResult): string {
  return `result=${Buffer.from(JSON.stringify(result), "utf8").toString("base64")}\n`;
}
