/**
 * `npm run lesson` starts `lessons/launch.mjs`: a lesson runs from a compiled copy of the lessons
 * and `src/` (plain JavaScript, no TypeScript loader) and prints exactly what it prints from the
 * sources; lesson 2, whose demo imports the TypeScript files of `src/tools/builtin/` by a path it
 * computes, runs from the sources.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../exercises/_cli/catalog.js";

/** A lesson command's output, with the throw-away folders its demo makes named alike. */
function run(args: readonly string[]): { code: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  for (const key of Object.keys(env)) if (key.startsWith("VITEST") || key === "WORKBOOK_ROOT") delete env[key];
  const result = spawnSync(process.execPath, args, { cwd: ROOT, env, encoding: "utf8", timeout: 170_000 });
  const out = `${result.stdout}${result.stderr}`.replace(/(lesson-\d\d-)[A-Za-z0-9]+/g, "$1XXXXXX");
  return { code: result.status, out };
}

const launcher = join(ROOT, "lessons", "launch.mjs");
const fromSources = [join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), join(ROOT, "lessons", "run.ts")];

describe("npm run lesson", () => {
  it("runs lesson 5 from the compiled copy, and prints what the sources print", () => {
    const quick = run([launcher, "5"]);
    expect(quick.code).toBe(0);
    expect(existsSync(join(ROOT, "node_modules", ".cache", "workbook-lessons", "lessons", "05-argument-processing", "demo.js")), "the compiled copy").toBe(true);
    const built = readFileSync(join(ROOT, "node_modules", ".cache", "workbook-lessons", ".built"), "utf8").split("\n");
    expect(built, "the copy lists the files it was built from").toContain(join("lessons", "05-argument-processing", "demo.ts"));
    const slow = run([...fromSources, "5"]);
    expect(quick.out).toBe(slow.out);
  }, 180_000);

  it("runs lesson 2, which imports src/tools/builtin/*.ts by a computed path, from the sources", () => {
    const two = run([launcher, "2"]);
    expect(two.code, two.out).toBe(0);
    expect(two.out, "the TypeScript module imported and its tool kept").toMatch(/read-file\.ts\s+ReadFileTool\s+kept/);
  }, 180_000);
});
