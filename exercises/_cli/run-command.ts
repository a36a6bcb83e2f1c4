/**
 * How each command of the learner CLI ends: its exit status is the one `main` resolves with, and an
 * error it throws is printed and exits with 1.
 *
 * @module
 */

/** Runs a command's `main` with `argv` and sets the process's exit status from it. */
export function runCommand(main: (argv: readonly string[]) => Promise<number>, argv: readonly string[]): void {
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
