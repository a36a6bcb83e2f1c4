/**
 * A Vite plugin for the mutation run (`npm run mutation`): the exercise tests hold the learner's
 * side (`exercises/<folder>/…`, sent to `solutions/` in that run) against the worked answer they
 * import as `../../solutions/<folder>/…`. Stryker changes `solutions/` in its sandbox, so without
 * this both sides would run the same mutant and agree, and only the example tests could catch it.
 * With it, the answer side is read from the worked answers as they are outside the sandbox, never
 * mutated, while the learner's side gets the mutant. What those answers import from `src/` is still
 * the sandbox's `src/`, so both sides share one copy of the workbook's classes.
 *
 * `stryker.config.mjs` names the unmutated folder in {@link UNMUTATED_ANSWERS}; `npm test` never
 * sets it, and then nothing changes.
 *
 * @module
 */
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Plugin } from "vite";

/** The environment variable holding the folder of the worked answers before any mutant (`<workbook>/solutions`). */
export const UNMUTATED_ANSWERS = "WORKBOOK_UNMUTATED_SOLUTIONS";

/** How a test imports a worked answer: `../../solutions/05-argument-processing/prepare.js`. */
const ANSWER_IMPORT = /^(?:\.\.\/)+solutions\/(\d\d-[a-z0-9-]+)\/([^?#]+)$/;

/**
 * Where an import is sent, or null to leave it to Vite: a test's import of a worked answer goes to
 * `oracle` (the unmutated `solutions/`); a relative import made inside `oracle` that leaves it
 * (`../../src/tools/base.js`) goes to the same path under `root`, the tests' own workbook.
 */
export function unmutatedTarget(source: string, importer: string | undefined, root: string, oracle: string): string | null {
  if (importer === undefined || source.startsWith("\0")) return null;
  const query = importer.search(/[?#]/);
  const at = query === -1 ? importer : importer.slice(0, query);
  const answer = ANSWER_IMPORT.exec(source);
  if (answer !== null && at.startsWith(join(root, "test") + sep)) return join(oracle, answer[1] ?? "", answer[2] ?? "");
  if (at.startsWith(oracle + sep) && source.startsWith(".")) {
    const target = resolve(dirname(at), source);
    if (!target.startsWith(oracle + sep)) return join(root, relative(dirname(oracle), target));
  }
  return null;
}

/** The plugin: imports chosen by {@link unmutatedTarget} are resolved there, by Vite's own resolver. */
export function unmutatedAnswers(root: string, oracle: string): Plugin {
  const folder = resolve(oracle);
  return {
    name: "workbook-unmutated-answers",
    enforce: "pre",
    async resolveId(source, importer, options) {
      const target = unmutatedTarget(source, importer, resolve(root), folder);
      if (target === null) return null;
      const resolved = await this.resolve(target, importer, { ...options, skipSelf: true });
      if (resolved === null) throw new Error(`the unmutated worked answer ${target} (imported as ${source}) was not found`);
      return resolved;
    },
  };
}
