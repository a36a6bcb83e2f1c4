/**
 * The GitHub Classroom autograding workflow, `.github/workflows/classroom.yml`, written from the
 * exercise catalog by `sync-pristine.ts`: one test per exercise and per self-check question, worth
 * the item's points, whose command is `npm run -s grade -- <N | qN>` (it exits with 0 only when
 * that item passes the workbook's own tests). Classroom's reporter adds the points up. A test checks
 * that the committed file is this text, and that each command fails on the stubs and passes on the
 * worked answers.
 *
 * @module
 */
import { join } from "node:path";
import { listItems, ROOT, type Exercise } from "./catalog.js";

/** Where the workflow is committed. */
export const CLASSROOM_WORKFLOW = join(ROOT, ".github", "workflows", "classroom.yml");

/** What every grading command starts with; the item follows. */
export const GRADE_COMMAND = "npm run -s grade --";

/** Minutes a grading command may take before Classroom stops it (a learner's endless loop must not hold the runner). */
export const GRADE_TIMEOUT_MINUTES = 5;

/** One autograding test: one exercise or question. */
export interface ClassroomTest {
  /** The step id, letters and digits only (the reporter reads `<ID>_RESULTS`): `exercise5`, `question3`. */
  id: string;
  /** The name Classroom shows: `Exercise 5: argument-processing`. */
  name: string;
  /** The command it runs: `npm run -s grade -- 5`. */
  command: string;
  /** What passing it is worth. */
  points: number;
}

/** The test of one item. */
export function classroomTestOf(item: Exercise): ClassroomTest {
  return {
    id: `${item.kind}${item.number}`,
    name: `${item.label}: ${item.slug}`,
    command: `${GRADE_COMMAND} ${item.command}`,
    points: item.points,
  };
}

/** The arguments a grading command hands to `grade` (what follows `--`); throws for any other command. */
export function gradeArgsOf(command: string): string[] {
  if (!command.startsWith(`${GRADE_COMMAND} `)) throw new Error(`not a grading command: ${command}`);
  return command
    .slice(GRADE_COMMAND.length + 1)
    .split(" ")
    .filter((part) => part !== "");
}

/** A YAML double-quoted string (JSON's quoting is valid YAML). */
function quoted(text: string): string {
  return JSON.stringify(text);
}

/** The workflow's text, from the catalog. */
export function classroomWorkflow(tests: readonly ClassroomTest[] = listItems().map(classroomTestOf)): string {
  const lines = [
    "# GitHub Classroom autograding: one test per exercise and per self-check question, each worth its points.",
    "# Each runs `npm run -s grade -- <N | qN>`, which grades the learner's files with the workbook's own",
    "# copies of the tests and exits with 0 only when that one passes.",
    "# Written from the exercise catalog by `npx tsx exercises/_cli/sync-pristine.ts`: do not edit it by hand.",
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
    "        run: npm ci --no-audit --no-fund",
  ];
  for (const test of tests) {
    lines.push(
      `      - name: ${quoted(test.name)}`,
      `        id: ${test.id}`,
      "        uses: classroom-resources/autograding-command-grader@v1",
      "        with:",
      `          test-name: ${quoted(test.name)}`,
      `          command: ${quoted(test.command)}`,
      `          timeout: ${GRADE_TIMEOUT_MINUTES}`,
      `          max-score: ${test.points}`,
    );
  }
  lines.push("      - name: Autograding Reporter", "        uses: classroom-resources/autograding-grading-reporter@v1", "        env:");
  for (const test of tests) lines.push(`          ${test.id.toUpperCase()}_RESULTS: "\${{ steps.${test.id}.outputs.result }}"`);
  lines.push("        with:", `          runners: ${tests.map((test) => test.id).join(",")}`);
  return `${lines.join("\n")}\n`;
}
