// The quick start of `npm run exercise`, `npm run progress` and `npm run grade`: runs the CLI compiled to plain
// JavaScript instead of through tsx, whose start-up (compiling the CLI each time) is saved on every check.
// The compiled copy lives in node_modules/.cache/workbook-cli/ and is rebuilt (with esbuild, which
// tsx brings along) whenever a file of exercises/_cli/ is newer. If anything here fails, it falls
// back to tsx, so the commands always work.
//
// `grade` is different: it never runs a compiled copy that was on disk before it started (graded
// code could have rewritten one). It compiles the CLI afresh into a new folder of its own, runs it
// and deletes the folder, and it refuses to grade when Node was started with options that run or
// load code before the grader (`--import`, `--require`, a loader: from the command line, or from
// `NODE_OPTIONS`, which npm also sets from an `.npmrc`'s `node-options`).
//
//     node exercises/_cli/launch.mjs exercise 5 --watch
//     node exercises/_cli/launch.mjs progress --json
//     node exercises/_cli/launch.mjs grade 5
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { constants } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const [command, ...args] = process.argv.slice(2);
/** The commands, then the workers the type checker, the quick check and the capstone start. */
const commands = ["exercise", "progress", "grade"];
const entries = [...commands, "typecheck-worker", "quick-worker", "capstone-worker"];
const outDir = join(root, "node_modules", ".cache", "workbook-cli");

function newestSource() {
  return Math.max(
    ...readdirSync(here)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => statSync(join(here, f)).mtimeMs),
  );
}

function isFresh() {
  const stamp = join(outDir, "progress.mjs");
  if (!entries.every((e) => existsSync(join(outDir, `${e}.mjs`)))) return false;
  return statSync(stamp).mtimeMs >= newestSource();
}

/** Node options that run or load code before the program: what a grade must not start with. */
const CODE_LOADING =
  /^(?:--import|--require|-r|--loader|--experimental-loader|--env-file|--env-file-if-exists|--experimental-config-file|--conditions|-C|--experimental-policy|--inspect|--inspect-brk|--inspect-wait)(?:=|$)/;

/** The options in `NODE_OPTIONS` and Node's own arguments that run or load code, as given. */
function codeLoadingOptions(nodeOptions, execArgv) {
  return [...(nodeOptions ?? "").split(/\s+/), ...execArgv].filter((word) => CODE_LOADING.test(word));
}

async function build(dir = outDir) {
  const require = createRequire(join(root, "node_modules", "tsx", "package.json"));
  const esbuild = require("esbuild");
  mkdirSync(dir, { recursive: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(entries.map((e) => [e, join(here, `${e}.ts`)])),
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    logLevel: "silent",
  });
}

if (!commands.includes(command ?? "")) {
  console.error(`usage: node exercises/_cli/launch.mjs ${commands.join("|")} [args]`);
  process.exit(2);
}
const grading = command === "grade";
if (grading) {
  const loading = codeLoadingOptions(process.env["NODE_OPTIONS"], process.execArgv);
  if (loading.length > 0) {
    console.error(`Not grading: Node was started with ${loading.join(" ")} (from the command line or NODE_OPTIONS, which an .npmrc's node-options sets),`);
    console.error("which runs code before the grader. Unset NODE_OPTIONS and run the grader with node itself: node exercises/_cli/launch.mjs grade");
    process.exit(1);
  }
}
// A grade compiles into a folder of its own, made now, and deletes it when it ends.
if (grading) mkdirSync(dirname(outDir), { recursive: true });
const runDir = grading ? mkdtempSync(join(dirname(outDir), "workbook-grade-")) : outDir;
if (grading) process.on("exit", () => rmSync(runDir, { recursive: true, force: true }));
let compiled = false;
try {
  if (grading || !isFresh()) await build(runDir);
  compiled = true;
} catch {
  compiled = false;
}
if (compiled) {
  process.env["WORKBOOK_ROOT"] = root;
  process.argv = [process.argv[0], join(runDir, `${command}.mjs`), ...args];
  await import(pathToFileURL(join(runDir, `${command}.mjs`)).href);
} else {
  const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  // tsx keeps what it compiled in a cache of its own; a grade does not use it.
  const env = grading ? { ...process.env, TSX_DISABLE_CACHE: "1" } : process.env;
  // Started, not waited for, so a stop (Classroom's time limit, Ctrl+C) is handed on and the child ends with this process.
  const child = spawn(process.execPath, [tsx, join(here, `${command}.ts`), ...args], { stdio: "inherit", env });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => process.exit(code ?? (signal === null ? 1 : 128 + (constants.signals[signal] ?? 0))));
}
