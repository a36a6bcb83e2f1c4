/**
 * Builds the TypeDoc site (API reference, lessons, exercises, documents) into a folder with the
 * project's own `typedoc.config.mjs`, and collects every warning. The tests build it once per run
 * through `shared-site.ts`, which runs this file as a script in a child process:
 *
 *   tsx test/docs/build-site.ts playground <file>   # the playground page alone; prints the build as JSON
 *   tsx test/docs/build-site.ts site <folder>       # TypeDoc alone (the playground page must be built); prints the build as JSON
 */
import { copyFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Application, LogLevel } from "typedoc";
import { buildPlayground, type PlaygroundBuild } from "../../playground/build.js";
import { PLAYGROUND_PAGE } from "../../playground/paths.js";
import { ROOT } from "./root.js";

export { ROOT };

/** What a build left behind: the warnings and errors TypeDoc logged. */
export interface SiteBuild {
  out: string;
  messages: string[];
  converted: boolean;
}

/** Builds the site into `out` with TypeDoc alone: `docs/playground.html` must already be built. Never throws for a warning, which is returned instead. */
export async function buildTypedoc(out: string): Promise<SiteBuild> {
  const configUrl = pathToFileURL(join(ROOT, "typedoc.config.mjs")).href;
  const config = (await import(configUrl)) as { default: Record<string, unknown> };
  const messages: string[] = [];
  const app = await Application.bootstrapWithPlugins({
    ...config.default,
    tsconfig: join(ROOT, "docs/tsconfig.json"),
    entryPoints: [join(ROOT, "src/index.ts")],
    readme: join(ROOT, "docs/landing.md"),
    projectDocuments: (config.default["projectDocuments"] as string[]).map((p) => join(ROOT, p)),
    out,
    logLevel: "Warn",
    // The compiler has already checked src/ with these options when the tests run (`npm test`
    // starts with `tsc --noEmit` over the whole project, which docs/tsconfig.json extends), so
    // TypeDoc does not check the same program a second time; `npm run docs` still does.
    skipErrorChecking: true,
  });
  app.logger.log = (message: string, level: LogLevel) => {
    if (level >= LogLevel.Warn) messages.push(String(message));
  };
  const project = await app.convert();
  if (project === undefined) return { out, messages, converted: false };
  app.validate(project);
  await app.generateDocs(project, out);
  return { out, messages, converted: true };
}

/** Builds the site into `out` as `npm run docs` does: the playground page that lessons 5 and 6 link to first, then TypeDoc. */
export async function buildSite(out: string): Promise<SiteBuild> {
  await buildPlayground();
  return buildTypedoc(out);
}

/** The playground page built into `file`, and also where the site links to it (`docs/playground.html`). */
export async function buildPlaygroundPage(file: string): Promise<PlaygroundBuild & { file: string }> {
  const build = await buildPlayground(file);
  if (resolve(file) !== PLAYGROUND_PAGE) copyFileSync(file, PLAYGROUND_PAGE);
  return { ...build, file };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [what, target] = process.argv.slice(2);
  if ((what !== "playground" && what !== "site") || target === undefined) {
    console.error("usage: tsx test/docs/build-site.ts playground <file> | site <folder>");
    process.exit(2);
  }
  const build = what === "playground" ? await buildPlaygroundPage(resolve(target)) : await buildTypedoc(resolve(target));
  process.stdout.write(`${JSON.stringify(build)}\n`);
}
