// In a learner's copy of the workbook (the GitHub Classroom template, `npm run template`), the
// scripts that run a tool of the full install only run `node exercises/_cli/installed.mjs <package>
// [args...]`: it runs the package's command with the arguments where the package is installed and,
// where the learner install (`npm ci --omit=dev`) left it out, prints one line saying the command
// needs the full install, and exits with 1, without a stack trace.
//
// `--needs <package>` (before the package, as often as needed) names a package the command imports
// without running it: `npm run template` runs tsx, in both installs, and its script imports Prettier,
// a devDependency, so the workbook's `template` script is `node exercises/_cli/installed.mjs --needs
// prettier tsx exercises/_cli/template.ts`, which stops the same way where Prettier is missing.
//
// vitest's `--coverage` needs `@vitest/coverage-v8`, a devDependency: without it the command stops
// the same way, except `--coverage-if-installed`, which is `--coverage` where the package is
// installed and left out, with one line on standard error, where it is not (`npm test`).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const script = `npm run ${process.env.npm_lifecycle_event ?? "this command"}`;
const argv = process.argv.slice(2);
const needs = [];
while (argv[0] === "--needs" && argv[1] !== undefined) needs.push(...argv.splice(0, 2).slice(1));
const [name, ...given] = argv;

/** The package's folder when it is installed, or null. */
function installed(pkg) {
  const folder = join(root, "node_modules", ...pkg.split("/"));
  return existsSync(join(folder, "package.json")) ? folder : null;
}

/** Says the command needs the full install, and stops. */
function needsFullInstall(pkg) {
  console.log(`${script} needs the full install (npm ci): ${pkg} is not in the learner install (npm ci --omit=dev) of this copy.`);
  process.exit(1);
}

if (name === undefined) {
  console.log("Usage: node exercises/_cli/installed.mjs [--needs <package>]... <package> [args...]");
  process.exit(2);
}
const folder = installed(name);
if (folder === null) needsFullInstall(name);
for (const pkg of needs) if (installed(pkg) === null) needsFullInstall(pkg);
const coverage = "@vitest/coverage-v8";
let args = given;
if (given.includes("--coverage-if-installed")) {
  const kept = installed(coverage) !== null;
  if (!kept) console.error(`${coverage} is not in the learner install: the tests run without the coverage report.`);
  args = given.flatMap((arg) => (arg === "--coverage-if-installed" ? (kept ? ["--coverage"] : []) : [arg]));
} else if (given.some((arg) => arg === "--coverage" || arg.startsWith("--coverage.")) && installed(coverage) === null) needsFullInstall(coverage);
const { bin } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const entry = typeof bin === "string" ? bin : bin?.[name.split("/").pop()];
if (entry === undefined) {
  console.log(`${name} has no command to run.`);
  process.exit(1);
}
const result = spawnSync(process.execPath, [join(folder, entry), ...args], { stdio: "inherit" });
process.exitCode = result.status ?? 1;
