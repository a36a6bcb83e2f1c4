/**
 * The lesson runner behind `npm run lesson`.
 *
 * - `npm run lesson` lists the lessons.
 * - `npm run lesson 5` (or `05`) prints lesson 5's title and key points, then runs its demo;
 *   the exit code is the demo's.
 * - `npm run lesson 5 -- --name read_file --args-file lessons/05-argument-processing/calls/path-number.json`: everything after the number is
 *   passed to the demo, which reads it with `util.parseArgs` ({@link parseDemoFlags}).
 * - `npm run lesson 5 --step` (without `--`): npm keeps `--step` for itself and sets
 *   `npm_config_step`; the runner reads it back, as the exercise CLI does.
 * - `--step` pauses between steps only on a terminal; piped, it says so and runs straight through.
 * - An unknown number (`0`, `12`, `99`, `five`) prints the list and exits with 2.
 * - `--help` (or `-h`): `npm run lesson -- --help` says how to run a lesson; `npm run lesson 5 -- --help`
 *   lists lesson 5's options (those its demo exports as `options`) and runs nothing.
 *
 * @module
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseDemoFlags, wantsHelp, type DemoOption } from "./_shared/args.js";
import { findLessonFolder, listLessons, readLessonMeta, type LessonMeta } from "./_shared/meta.js";
import { bold, dim, heading, red, say, yellow } from "./_shared/print.js";
import { canPause, noteStepNeedsTerminal } from "./_shared/step.js";

/** The shape every `lessons/NN-*\/demo.ts` exports. */
export interface DemoModule {
  /** Runs the demo with the arguments after the lesson number; resolves with an exit code. */
  main(args: string[]): Promise<number>;
  /** The options the demo understands, for `--help`; none when it has none. */
  options?: readonly DemoOption[];
}

/** A lesson's demo file: `demo.ts` in the sources, `demo.js` in the compiled copy `lessons/launch.mjs` runs. */
const DEMO_FILE = import.meta.url.endsWith(".js") ? "demo.js" : "demo.ts";

/** Options every lesson understands. */
const COMMON_OPTIONS: readonly DemoOption[] = [{ flag: "--help, -h", says: "this help; runs nothing" }];

/** Prints how to run the lessons, and the options every lesson understands. */
export function printRunnerHelp(): void {
  say("Usage: npm run lesson [N] [-- <options>]");
  say();
  say("  npm run lesson              the list of lessons");
  say("  npm run lesson N            lesson N's key points, then its demo");
  say("  npm run lesson N -- --help  the options lesson N's demo understands");
  say();
  printLessonList();
}

/** Prints the options of one lesson's demo. */
export function printLessonHelp(meta: LessonMeta, options: readonly DemoOption[]): void {
  say(`Usage: npm run lesson ${meta.number} [-- <options>]`);
  say();
  say(`Lesson ${meta.number}. ${meta.title}: prints its key points, then runs its demo.`);
  say();
  say("Options (after --):");
  const all = [...options, ...COMMON_OPTIONS];
  const width = Math.max(...all.map((o) => o.flag.length)) + 2;
  for (const option of all) say(`  ${option.flag.padEnd(width)}${option.says}`);
}

/** Prints the numbered list of lessons and how to run one. */
export function printLessonList(lessons: readonly LessonMeta[] = listLessons()): void {
  heading("Lessons: tool registration, validation and execution");
  for (const lesson of lessons) {
    say(`  ${bold(String(lesson.number).padStart(2))}  ${lesson.title}`);
  }
  say();
  say(dim("Run one with: npm run lesson <N>   (for example: npm run lesson 5)"));
}

/** Prints a lesson's title and its key points, the way the runner shows them before a demo. */
export function printLessonIntro(meta: LessonMeta): void {
  heading(`Lesson ${meta.number}. ${meta.title}`);
  if (meta.keyPoints.length > 0) {
    say(bold("Key points"));
    for (const point of meta.keyPoints) say(`  - ${point}`);
  }
  say();
}

/** Parses `5`, `05` or ` 5 ` as a lesson number; anything else gives `null`. */
export function parseLessonNumber(text: string | undefined): number | null {
  if (text === undefined || !/^\s*\d{1,3}\s*$/.test(text)) return null;
  return Number(text);
}

/**
 * The arguments as the user meant them: a `--step` that npm swallowed (given without `--`, npm
 * sets `npm_config_step=true` instead) is put back.
 */
export function withNpmFlags(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const args = [...argv];
  if (env["npm_config_step"] === "true" && !args.includes("--step")) args.push("--step");
  return args;
}

/** Runs the runner with the given command-line arguments and resolves with the exit code. */
export async function runLessonCommand(argv: readonly string[]): Promise<number> {
  const args = argv[0] === "--" ? argv.slice(1) : [...argv];
  if (args.length === 0) {
    printLessonList();
    return 0;
  }
  if (parseLessonNumber(args[0]) === null && wantsHelp(args)) {
    printRunnerHelp();
    return 0;
  }
  const [first, ...rest] = args;
  const n = parseLessonNumber(first);
  const folder = n === null ? null : findLessonFolder(n);
  if (folder === null) {
    say(red(`There is no lesson "${first ?? ""}".`));
    say();
    printLessonList();
    return 2;
  }
  let meta: LessonMeta;
  try {
    meta = readLessonMeta(folder);
  } catch (error) {
    say(red(`Lesson ${n}: ${(error as Error).message}`));
    return 1;
  }
  const demoPath = join(folder, DEMO_FILE);
  if (wantsHelp(rest)) {
    const options = existsSync(demoPath) ? ((await import(pathToFileURL(demoPath).href)) as Partial<DemoModule>).options : undefined;
    printLessonHelp(meta, options ?? []);
    return 0;
  }
  printLessonIntro(meta);
  if (parseDemoFlags(rest).step && !canPause()) noteStepNeedsTerminal();
  if (!existsSync(demoPath)) {
    say(yellow(`Lesson ${meta.number} has no demo yet (${demoPath}).`));
    return 1;
  }
  const demo = (await import(pathToFileURL(demoPath).href)) as Partial<DemoModule>;
  if (typeof demo.main !== "function") {
    say(red(`${demoPath} does not export main(args).`));
    return 1;
  }
  return demo.main(rest);
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  // `npm run lesson 5 | head` closes the pipe early; that is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  runLessonCommand(withNpmFlags(process.argv.slice(2))).then(
    (code) => {
      process.exitCode = code;
      // A demo should close everything it opened; if a handle stays open anyway, do not hang.
      setTimeout(() => process.exit(code), 3000).unref();
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
