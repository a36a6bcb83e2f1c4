/**
 * A Vite plugin for the `stubs` test project: every exercise and self-check file the tests import
 * is served from its pristine copy (`exercises/_cli/pristine/<folder>/<file>.ts.txt`) instead of
 * the learner's working file, under the learner's path, so the stub's own `../../src/...` imports
 * resolve as they do in `exercises/`. The learner's edits never reach this project.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Plugin } from "vite";
import { listExercises, listQuestions, pristineText, type Exercise } from "../../exercises/_cli/catalog.js";

/** Every pristine file, by the path it stands in for (`<root>/exercises/<folder>/<file>.ts`). */
export function pristineFiles(): Map<string, { exercise: Exercise; file: string }> {
  const files = new Map<string, { exercise: Exercise; file: string }>();
  for (const exercise of [...listExercises(), ...listQuestions()]) {
    for (const file of exercise.files) files.set(join(exercise.dir, file), { exercise, file });
  }
  return files;
}

/** The `.ts` path an import of `<path>.js` means, when it is a pristine file. */
function asPristine(path: string, files: Map<string, unknown>): string | null {
  const ts = path.replace(/\.js$/, ".ts");
  return files.has(ts) ? ts : null;
}

/** Serves the pristine stubs in place of `exercises/<folder>/<file>.ts` (needs the alias that sends the tests' imports to `exercises/`). */
export function pristineStubs(): Plugin {
  const files = pristineFiles();
  return {
    name: "workbook-pristine-stubs",
    enforce: "pre",
    resolveId(source, importer) {
      if (source.startsWith("\0")) return null;
      const path = source.startsWith(".") && importer !== undefined ? resolve(dirname(importer), source) : source;
      return asPristine(path, files);
    },
    load(id) {
      const entry = files.get(id);
      return entry === undefined ? null : pristineText(entry.exercise, entry.file);
    },
  };
}

/** True when the pristine copy of every exercise file exists (the plugin has something to serve). */
export function pristineCopiesExist(): boolean {
  return [...pristineFiles().values()].every(({ exercise, file }) => existsSync(join(exercise.pristineDir, `${file}.txt`)));
}
