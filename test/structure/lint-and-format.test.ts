/**
 * The linter and the formatter, as `npm test` runs them: ESLint (`eslint.config.js`) finds no
 * problem in the folders `npm run lint` checks, and Prettier (`.prettierrc.json`) would change no
 * file (`npm run format` fixes what this lists). Each runs in a child process, outside coverage,
 * alongside the other test files.
 */
import { spawn } from "node:child_process";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** The folders `npm run lint` checks (package.json). */
const LINTED = ["src", "lessons", "exercises/_cli", "playground", "bench", "test"];

/** Runs a Node script of a dev dependency and collects what it printed and how it exited. */
function run(script: string, args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

interface LintResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; message: string }[];
}

// Hang guards, not speed limits: the linter type-checks the whole project.
describe("lint and format", { timeout: 600_000 }, () => {
  it("ESLint finds no problem (npm run lint)", async () => {
    const { code, out, err } = await run("node_modules/eslint/bin/eslint.js", ["--format", "json", ...LINTED]);
    expect(out.trim().startsWith("["), `ESLint did not report (exit ${String(code)}):\n${err}`).toBe(true);
    const problems = (JSON.parse(out) as LintResult[]).flatMap((file) =>
      file.messages.map((m) => `${file.filePath.slice(ROOT.length + 1)}:${m.line}:${m.column} ${m.ruleId ?? "parse"}: ${m.message}`),
    );
    expect(problems).toEqual([]);
  });

  it("Prettier would change no file (npm run format:check)", async () => {
    const { code, out, err } = await run("node_modules/prettier/bin/prettier.cjs", ["--list-different", "--cache", "."]);
    const files = out.split("\n").filter((line) => line.trim() !== "");
    expect(files, "run npm run format").toEqual([]);
    expect(code, err).toBe(0);
  });
});
