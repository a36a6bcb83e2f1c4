/**
 * Lesson 11 demo: the five self-check questions, each with a short answer, the test in
 * `test/self-check/` that proves the answer against the real code, and the command to run it.
 * `npm run lesson 11 -- --run 3` runs the test of question 3.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseDemoFlags } from "../_shared/args.js";
import { LESSONS_DIR } from "../_shared/meta.js";
import { bold, cyan, dim, field, green, red, say, section, yellow } from "../_shared/print.js";

/** One self-check question with its answer and the test that backs it. */
export interface SelfCheck {
  /** The question, in the workbook's words. */
  question: string;
  /** A one-paragraph answer. */
  answer: string;
  /** The test file, relative to the repository root. */
  test: string;
  /** The lessons the answer builds on. */
  lessons: number[];
}

/** The five questions, in the order of the source lesson. */
export const SELF_CHECKS: readonly SelfCheck[] = [
  {
    question: "Why keep the ToolLoader and the ToolRegistry as two separate ideas?",
    answer:
      "They answer different questions at different times. The loader runs once at start-up and decides " +
      "which tool classes exist and should be built for this context (discovery, scope, enabled, create, " +
      "plugin precedence). The registry lives for the whole run and only knows instances: it lists their " +
      "definitions and prepares each call. Keeping them apart means a registry can be filled by hand in a " +
      "test, by MCP adapters at run time, or by the loader, and call handling never depends on how a tool " +
      "was found.",
    test: "test/self-check/01-loader-and-registry.test.ts",
    lessons: [2, 3],
  },
  {
    question: "Why does a name suggestion only ever appear in an error, and never pick the tool to run?",
    answer:
      "A near-miss name might point at a different capability than the model meant, and the policy of a " +
      "tool (its schema, read-only flag, permissions) belongs to that exact name. Running the closest match " +
      "would let string similarity decide what side effect happens. Putting the suggestion in the error " +
      "costs one turn and leaves the decision with the model, which then calls the exact name.",
    test: "test/self-check/02-suggestions-only-in-errors.test.ts",
    lessons: [4],
  },
  {
    question: "Why can the repair used when replaying history not be used for a new call?",
    answer:
      "Replay only needs some valid JSON object to send an old assistant message back to a provider; " +
      "nothing is executed, so repairing broken text or falling back to {} is harmless there. A new call " +
      "will be executed: repairing `{\"path\": 3` or reading an array as arguments would run a tool with " +
      "arguments the model never sent. So the execution path parses strictly and rejects, and the repair " +
      "function is reachable only from the replay code.",
    test: "test/self-check/03-replay-repair.test.ts",
    lessons: [5],
  },
  {
    question: "Who declares that a tool is concurrency-safe, and who enforces it?",
    answer:
      "The tool declares it: `concurrencySafe` defaults to `readOnly && !exclusive`, and a tool may " +
      "override it. The runner enforces it: it splits one turn's calls into batches, runs the calls of a " +
      "safe batch together and every other call on its own, in order. The registry takes no part; it " +
      "prepares and runs one call at a time.",
    test: "test/self-check/04-concurrency-safe.test.ts",
    lessons: [1, 6],
  },
  {
    question: "Why is it fine for an ordinary tool error to go back to the model?",
    answer:
      "Because the model can act on it: fix its arguments, pick another tool, or explain the failure to " +
      "the user. A missing tool, invalid arguments, a thrown exception or a ToolResult error all become a " +
      "role: \"tool\" message starting with `Error`, with a hint to try another approach, and the run goes " +
      "on. Crashing the whole run would throw that chance away; only failOnToolError or a fatal condition " +
      "stops it.",
    test: "test/self-check/05-errors-return-to-model.test.ts",
    lessons: [7, 8],
  },
];

const ROOT = join(LESSONS_DIR, "..");

function wrap(text: string, width = 92, indent = 4): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(" ".repeat(indent) + line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(" ".repeat(indent) + line);
  return lines;
}

/** The command that runs the test of one question. */
export function commandFor(check: SelfCheck): string {
  return `npx vitest run ${check.test}`;
}

/** Runs the lesson 11 demo; with `--run N` it also runs question N's test and returns its exit code. */
export async function main(args: string[]): Promise<number> {
  const flags = parseDemoFlags(args);
  for (const [i, check] of SELF_CHECKS.entries()) {
    section(`Question ${i + 1}`);
    say(`  ${bold(check.question)}`);
    say();
    for (const line of wrap(check.answer)) say(line);
    say();
    const present = existsSync(join(ROOT, check.test));
    field("test", `${check.test}${present ? "" : yellow("  (not written yet)")}`, 9);
    field("run", cyan(commandFor(check)), 9);
    field("lessons", check.lessons.map((n) => `lesson ${n}`).join(", "), 9);
  }
  say();
  say(dim("Run all five: npx vitest run test/self-check   |   one from here: npm run lesson 11 -- --run 3"));

  const run = flags.all["run"];
  if (run === undefined) return 0;
  const check = SELF_CHECKS[Number(run) - 1];
  if (check === undefined) {
    say(red(`--run takes a question number from 1 to ${SELF_CHECKS.length}, got "${run}"`));
    return 2;
  }
  section(`Running: ${commandFor(check)}`);
  const child = spawnSync("npx", ["vitest", "run", check.test], { cwd: ROOT, stdio: "inherit", shell: process.platform === "win32" });
  const code = child.status ?? 1;
  say(code === 0 ? green("The test passes.") : red(`The test failed (exit code ${code}).`));
  return code;
}
