/**
 * How each command of the learner CLI ends: its exit status is the one `main` resolves with, and an
 * error it throws is printed and exits with 1. Whatever children it started end with it, also when
 * it is stopped by a signal (`children.ts`). A catalog the commands cannot work from (two exercise
 * folders with one number) is said in its own words, with no stack trace.
 *
 * @module
 */
import { CatalogError } from "./catalog.js";
import { endChildrenOnStop } from "./children.js";
import { red } from "./colour.js";

/** Runs a command's `main` with `argv` and sets the process's exit status from it. */
export function runCommand(main: (argv: readonly string[]) => Promise<number>, argv: readonly string[]): void {
  endChildrenOnStop();
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof CatalogError ? red(error.message) : error);
      process.exitCode = 1;
    },
  );
}
