/**
 * `npm run exercise 10` (the number after the last exercise's, or `npm run exercise capstone`): the capstone. It assembles the learner's nine answers into one agent,
 * runs the scripted scenarios against the mocked model and compares every request with the
 * reference's agent (`--trace` prints each step, marked as the learner's or the reference's).
 * With `OPENAI_BASE_URL` (and `MODEL`) set, as lesson 10 reads them, the assembled agent then
 * also runs lesson 10's task against that server and shows the result, ungraded.
 *
 * @module
 */
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { join } from "node:path";
import { providerFromEnv } from "../../../src/providers/openai-compatible.js";
import { redactURL } from "../../../src/providers/redact.js";
import { describeThrown } from "../../../src/util/thrown.js";
import { CAPSTONE, EXERCISES_DIR } from "../catalog.js";
import { bold, dim, red, yellow } from "../colour.js";
import { runAgent } from "./agent.js";
import { assemble, findParts } from "./assemble.js";
import { runCapstone } from "./capstone.js";
import { reportLines, traceLine } from "./report.js";
import { MAX_TOOL_RESULT_CHARS, SCENARIOS, seedWorkspace } from "./scenarios.js";
import { capstoneTempDir } from "./temp.js";

/** Where output goes (the console by default; tests collect it). */
export type Print = (line: string) => void;

/** The folder whose answers are assembled: `WORKBOOK_TARGET_DIR` when set (as for the tests), else `exercises/`. */
export function answersDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env["WORKBOOK_TARGET_DIR"];
  return dir !== undefined && dir !== "" ? dir : EXERCISES_DIR;
}

/**
 * Runs lesson 10's task with the assembled agent against the model named by the environment, and
 * prints what happened. Ungraded: a real model's wording and choices vary. Returns nothing; a
 * failure is printed.
 */
export async function runRealModel(dir: string, env: Record<string, string | undefined>, print: Print): Promise<void> {
  const fromEnv = providerFromEnv(env);
  if (fromEnv === null) return;
  print("");
  print(bold(`Lesson 10's task with your agent and a real model: ${fromEnv.model} at ${redactURL(env["OPENAI_BASE_URL"] ?? "")}`));
  print(dim("  (shown, not graded: a real model words things its own way, and may not call a tool at all)"));
  const workspace = await realpath(await mkdtemp(join(capstoneTempDir(), "workbook-capstone-real-")));
  try {
    await seedWorkspace(workspace);
    const task = SCENARIOS[0];
    if (task === undefined) return;
    const result = await runAgent(
      {
        assembly: assemble(await findParts(dir)),
        workspace,
        saveTo: workspace,
        provider: fromEnv.provider,
        model: fromEnv.model,
        maxToolResultChars: MAX_TOOL_RESULT_CHARS,
        maxIterations: 4,
        trace: (step) => print(`  ${traceLine(step)}`),
      },
      [{ role: "user", content: task.prompt }],
    );
    print(`  ${bold("answer:")} ${result.finalContent ?? "(none)"} ${dim(`(${result.stopReason})`)}`);
  } catch (error) {
    const { name, message } = describeThrown(error);
    print(red(`  The run with the real model failed: ${name}: ${message}`));
  } finally {
    await rm(workspace, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Runs the capstone. Returns the exit code: 0 only when it passed. `graded` is called once the
 * scripted scenarios are judged and reported, before any run with a real model.
 */
export async function main(
  argv: readonly string[],
  print: Print = (line) => console.log(line),
  dir: string = answersDir(),
  graded: () => void = () => undefined,
): Promise<number> {
  const unknown = argv.filter((arg) => arg !== "--trace" && arg !== CAPSTONE.command && arg !== "capstone");
  if (unknown.length > 0) {
    print(red(`Not understood for the capstone: ${unknown.join(" ")}`));
    print(`usage: npm run exercise ${CAPSTONE.command} [-- --trace]`);
    return 2;
  }
  const report = await runCapstone({ dir });
  for (const line of reportLines(report, argv.includes("--trace"))) print(line);
  graded();
  try {
    await runRealModel(dir, process.env, print);
  } catch (error) {
    print(yellow(`  (the real-model run could not start: ${describeThrown(error).message})`));
  }
  return report.passed ? 0 : 1;
}
