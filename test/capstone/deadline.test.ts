/**
 * The capstone runs the learner's nine answers, in a worker thread the learner CLI stops at the
 * deadline (`exercises/_cli/capstone-thread.ts`): an answer that never finishes ends
 * `npm run exercise 10`, `npm run progress` and `npm run grade` with a message, never holds them.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, expect, it } from "vitest";
import { ROOT, SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { capstoneStuckMessage, capstoneVerdictInThread } from "../../exercises/_cli/capstone-thread.js";

/**
 * The deadline of the runs that never finish: short, as every second of it is a second of a core
 * spent spinning. A run of the worked answers takes about 2 s on a quiet machine, so there a stop
 * says the loop was reached; on a busy one a stop comes sooner or later, never a wrong verdict.
 */
const SECONDS = 4;
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/**
 * The worked answers laid out as a learner's `exercises/`, beside links to the workbook's `src/` and
 * `node_modules/` (the answers import both) and copies of its `package.json` and `tsconfig.json`
 * (which tell tsx how to load them), with `file` changed by `change` when one is given.
 * Returns the answers' folder.
 */
function answersWith(file?: string, change?: (answer: string) => string): string {
  const base = mkdtempSync(join(tmpdir(), "workbook-capstone-stuck-"));
  made.push(base);
  const dir = join(base, "exercises");
  cpSync(SOLUTIONS_DIR, dir, { recursive: true });
  symlinkSync(join(ROOT, "src"), join(base, "src"), "junction");
  symlinkSync(join(ROOT, "node_modules"), join(base, "node_modules"), "junction");
  for (const file of ["package.json", "tsconfig.json"]) cpSync(join(ROOT, file), join(base, file));
  if (file !== undefined && change !== undefined) {
    const answer = readFileSync(join(dir, file), "utf8");
    const changed = change(answer);
    expect(changed).not.toBe(answer);
    writeFileSync(join(dir, file), changed);
  }
  return dir;
}

it("npm run exercise 10: a while whose index never moves, in an answer the capstone runs, is stopped at the deadline and said so", () => {
  const dir = answersWith("08-tool-results/tool-message.ts", (answer) =>
    answer.replace("export function truncate(text: string, max: number): string {", "$&\n  for (let i = 0; i < text.length; ) void i;"),
  );
  const temp = mkdtempSync(join(tmpdir(), "workbook-capstone-temp-"));
  made.push(temp);
  const env: NodeJS.ProcessEnv = { ...process.env, WORKBOOK_TARGET_DIR: dir, WORKBOOK_DEADLINE_SECONDS: String(SECONDS), NO_COLOR: "1", TMPDIR: temp, TMP: temp, TEMP: temp };
  for (const key of Object.keys(env)) if (/^npm_config_/i.test(key) || key === "OPENAI_BASE_URL") delete env[key];
  // A hang guard only (SIGKILL: a thread that spins cannot run a handler of SIGTERM): the command itself must end at its deadline.
  const result = spawnSync(process.execPath, [join(ROOT, "exercises", "_cli", "launch.mjs"), "exercise", "10"], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 120_000,
    killSignal: "SIGKILL",
  });
  expect(result.signal, "the command ended by itself").toBeNull();
  expect(result.status).toBe(1);
  expect(stripVTControlCharacters(result.stdout)).toBe(
    `✘ The capstone (your nine answers together) did not finish in ${SECONDS} s — an endless loop or an \`await\` that never settles?\n`,
  );
  // The stopped capstone's workspaces went with its thread's temp folder.
  expect(readdirSync(temp).filter((name) => name.startsWith("workbook-capstone"))).toStrictEqual([]);
}, 130_000);

it("progress and grade: an await that never settles, in an answer the capstone runs, gives a failing verdict that says so", async () => {
  const dir = answersWith("07-errors-as-results/settle.ts", (answer) =>
    answer.replace("export async function captureOutcome(start: () => Promise<unknown>): Promise<CallOutcome> {", "$&\n  await new Promise(() => undefined);"),
  );
  const verdict = await capstoneVerdictInThread({ dir, seconds: SECONDS });
  expect(verdict).toStrictEqual({ state: "failing", reason: capstoneStuckMessage(SECONDS), command: "10" });
  expect(verdict.reason).toBe(`the capstone (your nine answers together) did not finish in ${SECONDS} s — an endless loop or an \`await\` that never settles?`);
}, 120_000);

it("progress and grade: the worked answers, laid out the same way, pass from the capstone's thread", async () => {
  expect(await capstoneVerdictInThread({ dir: answersWith() })).toStrictEqual({ state: "passed", reason: null, command: "10" });
}, 120_000);
