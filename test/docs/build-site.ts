/**
 * Builds the TypeDoc site (API reference, lessons, exercises, documents) into a folder with the
 * project's own `typedoc.config.mjs`, and collects every warning. Shared by the docs tests and the
 * browser test.
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Application, LogLevel } from "typedoc";
import { buildPlayground } from "../../playground/build.js";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");

/** What a build left behind: the warnings and errors TypeDoc logged. */
export interface SiteBuild {
  out: string;
  messages: string[];
  converted: boolean;
}

/** Builds the site into `out`; never throws for a warning, which is returned instead. */
export async function buildSite(out: string): Promise<SiteBuild> {
  // As `npm run docs` does: the playground page that lessons 5 and 6 link to is built first.
  await buildPlayground();
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
