// The quick start of `npm run exercise`, `npm run progress` and `npm run grade`: runs the CLI compiled to plain
// JavaScript instead of through tsx, whose start-up (compiling the CLI each time) is saved on every check.
// The compiled copy lives in node_modules/.cache/workbook-cli/ and is rebuilt (with esbuild, which
// tsx brings along) whenever a file of exercises/_cli/ is newer. If anything here fails, it falls
// back to tsx, so the commands always work.
//
//     node exercises/_cli/launch.mjs exercise 5 --watch
//     node exercises/_cli/launch.mjs progress --json
//     node exercises/_cli/launch.mjs grade 5
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const [command, ...args] = process.argv.slice(2);
/** The commands, then the worker the type checker may start. */
const commands = ["exercise", "progress", "grade"];
const entries = [...commands, "typecheck-worker"];
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

async function build() {
  const require = createRequire(join(root, "node_modules", "tsx", "package.json"));
  const esbuild = require("esbuild");
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: Object.fromEntries(entries.map((e) => [e, join(here, `${e}.ts`)])),
    outdir: outDir,
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
let compiled = false;
try {
  if (!isFresh()) await build();
  compiled = true;
} catch {
  compiled = false;
}
if (compiled) {
  process.env["WORKBOOK_ROOT"] = root;
  process.argv = [process.argv[0], join(outDir, `${command}.mjs`), ...args];
  await import(pathToFileURL(join(outDir, `${command}.mjs`)).href);
} else {
  const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const result = spawnSync(process.execPath, [tsx, join(here, `${command}.ts`), ...args], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
