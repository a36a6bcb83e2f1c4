// The quick start of `npm run lesson`: runs the lessons compiled to plain JavaScript instead of through
// tsx, whose loader costs more than the lesson itself (every module the demo imports passes through it).
//
// The compiled copy keeps the workbook's layout (lessons/, src/, exercises/_cli/, with the lessons'
// READMEs) in node_modules/.cache/workbook-lessons/, so every relative import and every path a
// lesson derives from its own file works there as it does here (a path to the workbook's own folder
// comes from WORKBOOK_ROOT, set here, as the exercise CLI's does); it is rebuilt (with esbuild, which
// tsx brings along) whenever a file of those folders is newer. A demo that imports modules by a path
// computed at run time (lesson 2 imports the TypeScript files of src/tools/builtin/) runs from the
// sources through tsx, as does everything when the copy cannot be built.
//
//     node lessons/launch.mjs 5 --step
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const args = process.argv.slice(2);
const outDir = join(root, "node_modules", ".cache", "workbook-lessons");
const stamp = join(outDir, ".built");
/** The folders the lessons import from, compiled; their other files are not needed (the lessons' READMEs are copied). */
const FOLDERS = ["lessons", "src", join("exercises", "_cli")];

/** Every file under `dir`, the pristine stubs of the exercises left out. */
function filesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "pristine" && entry.name !== "pristine-tests") found.push(...filesUnder(path));
    } else found.push(path);
  }
  return found;
}

function sources() {
  return FOLDERS.flatMap((folder) => filesUnder(join(root, folder)));
}

/** The stamp's text: the files the copy was built from, so a file added or removed rebuilds it too. */
function listing(files) {
  return files.map((file) => relative(root, file)).join("\n");
}

function isFresh(files) {
  if (!existsSync(stamp) || readFileSync(stamp, "utf8") !== listing(files)) return false;
  const built = statSync(stamp).mtimeMs;
  return files.every((file) => statSync(file).mtimeMs <= built);
}

function build(files) {
  const require = createRequire(join(root, "node_modules", "tsx", "package.json"));
  const esbuild = require("esbuild");
  // Built aside and moved into place, so a lesson started meanwhile never sees half a copy.
  const temp = `${outDir}.${process.pid}`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  esbuild.buildSync({
    entryPoints: files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts")),
    outdir: temp,
    outbase: root,
    format: "esm",
    platform: "node",
    target: "node20",
    tsconfig: join(root, "tsconfig.json"),
    // The JSON meta-schema is imported `with { type: "json" }`, which Node 20 needs kept.
    supported: { "import-attributes": true },
    logLevel: "silent",
  });
  for (const file of files.filter((f) => f.endsWith(".md"))) {
    mkdirSync(dirname(join(temp, relative(root, file))), { recursive: true });
    copyFileSync(file, join(temp, relative(root, file)));
  }
  writeFileSync(join(temp, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(temp, ".built"), listing(files));
  rmSync(outDir, { recursive: true, force: true });
  renameSync(temp, outDir);
}

/** True when the lesson asked for imports modules by a path computed at run time: it needs the TypeScript sources. */
function needsSources() {
  const [first] = args[0] === "--" ? args.slice(1) : args;
  if (first === undefined || !/^\s*\d{1,3}\s*$/.test(first)) return false;
  const prefix = `${String(Number(first)).padStart(2, "0")}-`;
  const folder = readdirSync(join(root, "lessons")).find((name) => name.startsWith(prefix));
  const demo = folder === undefined ? null : join(root, "lessons", folder, "demo.ts");
  return demo !== null && existsSync(demo) && /\bimport\(\s*(?!["'`])/.test(readFileSync(demo, "utf8"));
}

let compiled = false;
try {
  if (!needsSources()) {
    const files = sources();
    if (!isFresh(files)) build(files);
    compiled = true;
  }
} catch {
  compiled = false;
}
if (compiled) {
  process.env["WORKBOOK_ROOT"] = root;
  const entry = join(outDir, "lessons", "run.js");
  process.argv = [process.argv[0], entry, ...args];
  await import(pathToFileURL(entry).href);
} else {
  const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");
  const result = spawnSync(process.execPath, [tsx, join(here, "run.ts"), ...args], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
