/**
 * One `src/` for the tests and the learner's code. A learner folder graded from outside
 * (`npm run grade-class`, or a target folder named by `WORKBOOK_TARGET_DIR`) is a clone with a
 * `src/` of its own: the learner's files import `../../src/…` from there, while the tests and the
 * worked answers import this workbook's `src/`. Two copies of a module are two sets of classes (a
 * `Tool` of one is not an `instanceof` the other's), so a right answer would fail. This plugin sends
 * every import that lands in the learner folder's `src/` to the same file of this workbook's
 * `src/`, the one the grader trusts (as Classroom grades with the workbook's own `src/` too).
 *
 * @module
 */
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Plugin } from "vite";
import { targetDir, type Target } from "./target.js";

/** The plugin for `target` run from the workbook at `root`, or null when the learner's folder is this workbook (nothing to send). */
export function workbookSources(root: string, target: Target): Plugin | null {
  if (target.kind !== "dir") return null;
  const learnerSrc = join(dirname(targetDir(root, target)), "src");
  const ownSrc = join(root, "src");
  if (resolve(learnerSrc) === resolve(ownSrc)) return null;
  return {
    name: "workbook-sources",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (importer === undefined || !source.startsWith(".")) return null;
      const wanted = resolve(dirname(importer), source);
      const inside = relative(learnerSrc, wanted);
      if (inside === "" || inside.startsWith("..") || inside.startsWith(sep)) return null;
      return this.resolve(join(ownSrc, inside), importer, { ...options, skipSelf: true });
    },
  };
}
