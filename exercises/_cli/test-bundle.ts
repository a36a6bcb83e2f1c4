/**
 * One test file of an exercise, with everything of the workbook it imports (the learner's files,
 * `src/`, the tests' helpers, the worked answers), compiled by esbuild into a single ES module that
 * plain Node runs: what the quick check (`./quick-run.js`) loads instead of starting vite. The
 * installed packages stay outside it and are loaded by Node as usual, so the tests use the very
 * vitest, fast-check and Ajv they use under vitest.
 *
 * A bundle is refused (null, with the reason) when it could behave differently from the same files
 * under vitest: a file that uses `import.meta` beyond `url`, `dirname` and `filename`, an `import()`
 * or `require()` of a path worked out at run time (Node would meet TypeScript it cannot run), or a
 * file esbuild cannot compile (vitest's own message is the one to show). The caller then runs vitest.
 *
 * @module
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { LEARNER_IMPORT, targetDir, type Target } from "./target.js";
import { escapeRegExp } from "./escape-regexp.js";

/** A bundle made, or why none was. */
export type BundleResult = { readonly ok: true; readonly file: string; readonly inputs: readonly string[] } | { readonly ok: false; readonly reason: string };

/** The few esbuild types used here (esbuild comes with tsx; its own types are not a dependency of the workbook). */
interface EsbuildMessage {
  text: string;
  id?: string;
}
interface EsbuildPluginBuild {
  onResolve(
    options: { filter: RegExp },
    callback: (args: {
      path: string;
      importer: string;
      kind: string;
      resolveDir: string;
    }) => { path: string } | undefined | Promise<{ path: string; errors?: EsbuildMessage[] } | undefined>,
  ): void;
  resolve(path: string, options: { kind: string; resolveDir: string }): Promise<{ path: string; errors: EsbuildMessage[] }>;
  onLoad(options: { filter: RegExp }, callback: (args: { path: string }) => { contents: string; loader: "ts" | "js" }): void;
}
interface EsbuildResult {
  outputFiles?: Array<{ path: string; contents: Uint8Array }>;
  metafile?: { inputs: Record<string, unknown> };
  warnings: EsbuildMessage[];
}
interface Esbuild {
  build(options: Record<string, unknown>): Promise<EsbuildResult>;
}

/** `import.meta` uses that are rewritten to the original file's own values. */
const META_KNOWN = /\bimport\.meta\.(?:url|dirname|filename)\b/g;
/** Any other use of `import.meta`. */
const META_ANY = /\bimport\.meta\b/;

let loaded: Esbuild | null = null;

/** esbuild, from the copy tsx brings (the one the CLI itself is compiled with). */
export function esbuildOf(root: string): Esbuild {
  loaded ??= createRequire(join(root, "node_modules", "tsx", "package.json"))("esbuild") as Esbuild;
  return loaded;
}

/** `text` with `import.meta.url`, `.dirname` and `.filename` replaced by `file`'s own values, or null when it uses `import.meta` otherwise. */
export function pinImportMeta(text: string, file: string): string | null {
  const values: Record<string, string> = { url: pathToFileURL(file).href, dirname: dirname(file), filename: file };
  const pinned = text.replace(META_KNOWN, (use) => JSON.stringify(values[use.slice("import.meta.".length)]));
  return META_ANY.test(pinned) ? null : pinned;
}

/** True for a path inside `root`'s installed packages (or any `node_modules`). */
function installed(path: string): boolean {
  return path.split(sep).includes("node_modules") || path.split("/").includes("node_modules");
}

/** The name the build gives its entry, the list of the test files' imports: no file of the workbook. */
const ENTRY_NAME = "quick-check-entry.ts";

/** The esbuild options shared by both passes of {@link bundleTests}. */
function buildOptions(root: string, entries: readonly string[], outFile: string, plugins: unknown[]): Record<string, unknown> {
  return {
    stdin: { contents: entries.map((file) => `import ${JSON.stringify(file)};`).join("\n"), resolveDir: root, sourcefile: ENTRY_NAME, loader: "ts" },
    // The paths of the build's report are from here (`inputsOf`). Without it, esbuild takes the
    // folder the process was in when esbuild was first loaded, which need not be the root.
    absWorkingDir: root,
    outfile: outFile,
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    // Written out by esbuild, then inlined by bundleTests with every source as an absolute URL (see withOwnSources).
    sourcemap: "external",
    sourcesContent: false,
    // Names as written: a class's `name` shows in the learner's messages, and the bundle would rename clashing ones.
    keepNames: true,
    logLevel: "silent",
    plugins,
  };
}

/** A package's JSON goes into the bundle: Node would want an import attribute for it. */
const PACKAGE_JSON = {
  name: "workbook-package-json",
  setup(build: EsbuildPluginBuild) {
    build.onResolve({ filter: /\.json$/ }, (args) => {
      if (args.importer === "" || args.path.startsWith(".") || isAbsolute(args.path)) return undefined;
      return { path: createRequire(args.importer).resolve(args.path) };
    });
  },
};

/**
 * The tests' `../../exercises/<folder>/<file>.js` imports sent to `target`'s folder, as vitest's
 * alias does (`./target.js`); null for the learner's own `exercises/` (nothing to send).
 */
function learnerAliasPlugin(root: string, target: Target): unknown {
  if (target.kind === "exercises") return null;
  const dir = targetDir(root, target);
  return {
    name: "workbook-learner-alias",
    setup(build: EsbuildPluginBuild) {
      build.onResolve({ filter: /^(?:\.\.\/)+exercises\/(?:\d\d-[a-z0-9-]+|self-check)\// }, async (args) => {
        const match = LEARNER_IMPORT.exec(args.path);
        if (match === null) return undefined;
        const found = await build.resolve(join(dir, match[1] ?? "", match[2] ?? ""), { kind: args.kind, resolveDir: args.resolveDir });
        return { path: found.path, errors: found.errors };
      });
    },
  };
}

/**
 * Why a bundle cannot stand for vitest's run of `target`, or null: a learner folder beside a `src/`
 * of its own, which vitest swaps for the workbook's (`./workbook-sources.js`) and a bundle does not.
 */
function targetRefusal(root: string, target: Target): string | null {
  if (target.kind !== "dir") return null;
  const learnerSrc = join(dirname(targetDir(root, target)), "src");
  if (!existsSync(learnerSrc)) return `${learnerSrc} is missing (vitest sends those imports to the workbook's src/)`;
  return realpathSync(learnerSrc) === realpathSync(join(root, "src")) ? null : `${learnerSrc} is not the workbook's src/`;
}

/** The files among `inputs` that use `import.meta`, each with its text made to keep the values it reads, or a reason to refuse. */
function importMetaUsers(inputs: readonly string[]): { pinned: Map<string, string> } | { reason: string } {
  const pinned = new Map<string, string>();
  for (const file of inputs) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("import.meta")) continue;
    const fixed = pinImportMeta(text, file);
    if (fixed === null) return { reason: `${file} uses import.meta in a way a bundle cannot keep` };
    pinned.set(file, fixed);
  }
  return { pinned };
}

/**
 * Bundles `entries` (absolute paths, imported in this order) into `outFile`, the tests' exercise
 * imports reaching `target` (the learner's `exercises/` by default), with an inline source map so that stacks name the original files and lines. esbuild runs once, and a second time only
 * when a file uses `import.meta`: then that file alone is handed to it with the values pinned (a
 * plugin that saw every file would cost more than the second pass).
 */
export async function bundleTests(root: string, entries: readonly string[], outFile: string, target: Target = { kind: "exercises" }): Promise<BundleResult> {
  const refusal = targetRefusal(root, target);
  if (refusal !== null) return { ok: false, reason: refusal };
  const esbuild = esbuildOf(root);
  const plugins = [PACKAGE_JSON, learnerAliasPlugin(root, target)].filter((plugin) => plugin !== null);
  let result: EsbuildResult;
  try {
    result = await esbuild.build(buildOptions(root, entries, outFile, plugins));
    const inputs = inputsOf(root, result);
    const users = importMetaUsers(inputs);
    if ("reason" in users) return { ok: false, reason: users.reason };
    if (users.pinned.size > 0) {
      const filter = new RegExp(`^(?:${[...users.pinned.keys()].map(escapeRegExp).join("|")})$`);
      const pin = {
        name: "workbook-import-meta",
        setup(build: EsbuildPluginBuild) {
          build.onLoad({ filter }, (args) => ({
            contents: users.pinned.get(args.path) ?? readFileSync(args.path, "utf8"),
            loader: /\.[cm]?tsx?$/.test(args.path) ? "ts" : "js",
          }));
        },
      };
      result = await esbuild.build(buildOptions(root, entries, outFile, [...plugins, pin]));
    }
  } catch (error) {
    return { ok: false, reason: `esbuild: ${error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error)}` };
  }
  const dynamic = result.warnings.find((w) => /import\(|require\(|require call|dynamic/i.test(w.text));
  if (dynamic !== undefined) return { ok: false, reason: `esbuild: ${dynamic.text}` };
  const output = result.outputFiles?.find((f) => f.path.endsWith(".mjs") || f.path.endsWith(".js"));
  const map = result.outputFiles?.find((f) => f.path.endsWith(".map"));
  if (output === undefined || map === undefined) return { ok: false, reason: "esbuild wrote no bundle" };
  const code = Buffer.from(output.contents).toString("utf8");
  if (/\bimport\(\s*[^"'`\s)]/.test(code)) return { ok: false, reason: "an import() of a path worked out at run time" };
  const text = withOwnSources(code, Buffer.from(map.contents).toString("utf8"), dirname(outFile));
  await mkdir(dirname(outFile), { recursive: true });
  await writeFile(outFile, text);
  return { ok: true, file: outFile, inputs: inputsOf(root, result) };
}

/**
 * `code` with its source map inlined, each source made an absolute `file:` URL. A map's sources are
 * relative to the bundle, and Node resolves them from where the bundle really is: through a linked
 * `node_modules` (a learner's copy, a clone beside the workbook) that is another folder, and the
 * stacks would name files that are not the learner's.
 */
export function withOwnSources(code: string, mapText: string, bundleDir: string): string {
  const map = JSON.parse(mapText) as { sources?: string[]; sourceRoot?: string };
  map.sources = (map.sources ?? []).map((source) => (/^[a-z][a-z0-9+.-]*:/i.test(source) ? source : pathToFileURL(join(bundleDir, source)).href));
  delete map.sourceRoot;
  const body = code.replace(/\n\/\/# sourceMappingURL=[^\n]*\n?$/, "\n");
  return `${body}//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString("base64")}\n`;
}

/** The workbook's files a build read (absolute paths; installed packages left out). */
function inputsOf(root: string, result: EsbuildResult): string[] {
  return Object.keys(result.metafile?.inputs ?? {})
    .filter((input) => input !== ENTRY_NAME && !input.startsWith("<stdin>"))
    .map((input) => (isAbsolute(input) ? input : join(root, input)))
    .filter((input) => !installed(input));
}
