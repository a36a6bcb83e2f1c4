/**
 * `npm run exercise 10` as a learner runs it: the launcher's compiled CLI hands the capstone to
 * tsx's loader, which imports the answers' TypeScript as it is. `WORKBOOK_TARGET_DIR` points it at
 * the worked answers here, so the run passes and `--trace` marks every step as the learner's.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, it } from "vitest";
import { ROOT, SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { asksForCapstone } from "../../exercises/_cli/capstone-command.js";

it("knows the capstone by its number, or by name, whatever the flags around it", () => {
  expect(asksForCapstone(["10"])).toBe(true);
  expect(asksForCapstone(["--trace", "10"])).toBe(true);
  expect(asksForCapstone(["capstone", "--trace"])).toBe(true);
  expect(asksForCapstone(["1"])).toBe(false);
  expect(asksForCapstone(["q1"])).toBe(false);
  expect(asksForCapstone([])).toBe(false);
});

it("node exercises/_cli/launch.mjs exercise 10 --trace passes with the worked answers", () => {
  const env: NodeJS.ProcessEnv = { ...process.env, WORKBOOK_TARGET_DIR: SOLUTIONS_DIR, NO_COLOR: "1" };
  for (const key of Object.keys(env)) if (/^npm_config_/i.test(key) || key === "OPENAI_BASE_URL") delete env[key];
  const result = spawnSync(process.execPath, [join(ROOT, "exercises", "_cli", "launch.mjs"), "exercise", "10", "--trace"], {
    cwd: ROOT,
    env,
    encoding: "utf8",
    timeout: 170_000,
  });
  const out = stripVTControlCharacters(result.stdout);
  expect(result.stderr).toBe("");
  expect(out).toContain("Exercise 10, the capstone: your nine answers as one agent");
  expect(out).toMatch(/^ {4}\[yours\] {5}9 {2}fs: \d+ tools adapted; kept mcp_fs_read_text_file \(concurrencySafe false\), mcp_fs_list_directory \(concurrencySafe false\)$/m);
  expect(out).not.toContain("[reference]");
  expect(out.trimEnd().split("\n").at(-1)).toBe("Passed: every part is yours, and your agent sends the model exactly what the reference's agent sends.");
  expect(result.status).toBe(0);
});
