/**
 * `npm run progress`: every exercise and self-check question with its state — passed, failing or
 * not started — and the next one to do. "Not started" means the files are still exactly the
 * pristine stubs; those are not run (the CI proof shows every stub fails). Everything else runs
 * against `exercises/` in one vitest child.
 *
 * @module
 */
import { isUntouched, listExercises, SELF_CHECKS } from "./catalog.js";
import { bold, dim, green, red, yellow } from "./report.js";
import { firstFailure, runVitest, type TestOutcome } from "./vitest-run.js";

type State = "passed" | "failing" | "not started";

function label(state: State): string {
  const text = state.padEnd(11);
  return state === "passed" ? green(text) : state === "failing" ? red(text) : yellow(text);
}

function stateOf(tests: TestOutcome[]): State {
  return tests.length > 0 && tests.every((t) => t.status === "passed") ? "passed" : "failing";
}

async function main(): Promise<number> {
  const exercises = listExercises();
  const started = new Set(exercises.filter((e) => !isUntouched(e)).map((e) => e.number));
  const checks = SELF_CHECKS.map((check) => ({ check, started: check.uses.some((n) => started.has(n)) }));
  const files = [
    ...exercises.filter((e) => started.has(e.number)).map((e) => e.testFile),
    ...checks.filter((c) => c.started).map((c) => c.check.testFile),
  ];
  const report = files.length > 0 ? await runVitest(files, { kind: "exercises" }) : null;
  const testsOf = (file: string): TestOutcome[] => report?.tests.filter((t) => t.file === file) ?? [];

  console.log(bold("Exercises") + dim("  (your code in exercises/)"));
  const exerciseStates = exercises.map((e) => {
    const state: State = started.has(e.number) ? stateOf(testsOf(e.testFile)) : "not started";
    const tests = testsOf(e.testFile);
    const detail = state === "failing" ? dim(`  ${tests.filter((t) => t.status === "passed").length}/${tests.length} tests pass`) : "";
    console.log(`  ${String(e.number).padStart(2)}  ${e.slug.padEnd(22)} ${label(state)}${detail}`);
    return { exercise: e, state };
  });

  console.log("");
  console.log(bold("Self-check questions") + dim("  (tests in test/self-check/, run against your exercises)"));
  const checkStates = checks.map(({ check, started: begun }) => {
    const state: State = begun ? stateOf(testsOf(check.testFile)) : "not started";
    const uses = dim(`  uses exercise ${check.uses.join(" and ")}`);
    console.log(`  ${check.number}  ${label(state)}  ${check.question}${state === "passed" ? "" : uses}`);
    return { check, state };
  });

  console.log("");
  const nextExercise = exerciseStates.find((s) => s.state !== "passed");
  const nextCheck = checkStates.find((s) => s.state !== "passed");
  if (nextExercise !== undefined) {
    console.log(`Next: exercise ${nextExercise.exercise.number} (${nextExercise.exercise.slug}) — npm run exercise ${nextExercise.exercise.number}`);
  } else if (nextCheck !== undefined) {
    const failure = testsOf(nextCheck.check.testFile).find((t) => t.status === "failed");
    console.log(`Next: self-check ${nextCheck.check.number} — ${nextCheck.check.question}`);
    if (failure !== undefined) console.log(firstFailure(failure.failureMessages[0] ?? ""));
  } else {
    console.log(green("Everything passes. Well done."));
  }
  if (report !== null && report.tests.length === 0) {
    console.log(red("The tests could not run:"));
    console.log(firstFailure(report.output, 20));
    return 1;
  }
  const done = exerciseStates.filter((s) => s.state === "passed").length + checkStates.filter((s) => s.state === "passed").length;
  console.log(dim(`${done} of ${exerciseStates.length + checkStates.length} done.`));
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
