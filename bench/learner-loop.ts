/**
 * The learner's loop, timed as a learner meets it: each figure is the wall time of a fresh
 * `npm run …` process (npm, tsx, vitest and the type check included), median of several runs.
 *
 * - `npm run exercise 5` right after an edit (the type-check cache cannot answer);
 * - `npm run exercise 5 -- --watch`: from saving the file to the verdict on screen;
 * - `npm run progress` with every exercise and question done;
 * - `npm run lesson 5`.
 *
 * The exercise figures run in a temporary copy of the workbook whose `exercises/` holds the worked
 * answers, so the learner's own files are never touched. Every timed run must succeed (an exercise
 * that passes, a verdict that says so): a run that fails stops the bench with its output, since
 * the time of a failure is not the time of the loop.
 *
 * Each figure is taken twice: on the machine as it is ("quiet"), and with two busy processes
 * beside it (`node -e 'for(;;){}'`, twice), as a learner's laptop with a browser and an editor
 * busy would be. The busy figure should be at most twice the quiet one. The load average before
 * and after is reported with each, since a machine that was not quiet to begin with reads high.
 *
 *     npx tsx bench/learner-loop.ts [--runs=5] [--busy-only | --quiet-only]
 *
 * @module
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const NPM = process.platform === "win32" ? "npm.cmd" : "npm";

/** No timed command may take longer than this; a stuck one fails the bench instead of hanging it. */
const COMMAND_TIMEOUT_MS = 120_000;

/** The goals of the learner's loop, in seconds. */
export const LEARNER_LOOP_GOALS = { exercise: 1.5, watch: 0.5, progress: 3, lesson: 1.5 } as const;

/** One timed figure: every run's wall time and their median, in seconds. */
export interface LoopFigure {
  /** The command as a learner types it. */
  command: string;
  /** Wall time of each run, in seconds. */
  runs: number[];
  /** Their median, in seconds. */
  median: number;
  /** The goal, in seconds. */
  goal: number;
  /** True when the median is within the goal. */
  met: boolean;
  /** The median CPU time (user + system) of the command and everything it started, in seconds; null where it cannot be read. */
  cpuMedian: number | null;
}

/** The learner-loop figures, with the machine's load when they were taken. */
export interface LearnerLoopResult {
  /** How many busy processes ran beside the commands. */
  busyProcesses: number;
  exercise: LoopFigure;
  watch: LoopFigure;
  progress: LoopFigure;
  lesson: LoopFigure;
  /** The 1-minute load average before and after: timings on a busy machine read high. */
  loadAverage: { before: number; after: number };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function figure(command: string, runs: number[], goal: number, cpu: number[] = []): LoopFigure {
  const m = Math.round(median(runs) * 1000) / 1000;
  const cpuMedian = cpu.length === runs.length && cpu.length > 0 ? Math.round(median(cpu) * 1000) / 1000 : null;
  return { command, runs: runs.map((r) => Math.round(r * 1000) / 1000), median: m, goal, met: m <= goal, cpuMedian };
}

/** CPU seconds of the commands timed so far, in the order they ran (empty where bash cannot report them). */
const cpuLog: number[] = [];

/** The CPU time of a shell's children, from the last line `times` prints (`0m1.818s 0m0.533s`). */
function cpuSeconds(timesOutput: string): number | null {
  const parts = [...(timesOutput.trim().split("\n").at(-1) ?? "").matchAll(/(?<!\d)(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return null;
  return parts.reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
}

/** The last lines of a command's output, for the error that stops the bench. */
function lastLines(output: string, count = 15): string {
  return output.trimEnd().split("\n").slice(-count).join("\n");
}

/**
 * The environment of a command typed in a terminal: this process's, without the variables an npm
 * around the bench sets for its children (`npm run -s bench` would pass on `npm_config_loglevel`,
 * and every timed `npm` would then print nothing, not even why it failed), and with no colour.
 */
function typedEnv(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== "INIT_CWD");
  return { ...Object.fromEntries(inherited), NO_COLOR: "1" };
}

/** Times `npm <args>` in `cwd`; throws, with the end of its output, unless it exits with 0. */
export function timeCommand(args: readonly string[], cwd: string): number {
  const env = typedEnv();
  const started = process.hrtime.bigint();
  // Through bash where there is one, so `times` can report the CPU the command used, its children
  // included; the command's own output goes to standard error, kept for the message if it fails.
  const viaBash = process.platform !== "win32";
  const result = viaBash
    ? spawnSync("bash", ["-c", `"$0" "$@" 1>&2; status=$?; times; exit $status`, NPM, ...args], {
        cwd,
        env,
        encoding: "utf8",
        timeout: COMMAND_TIMEOUT_MS,
        killSignal: "SIGKILL",
      })
    : spawnSync(NPM, args, { cwd, env, encoding: "utf8", timeout: COMMAND_TIMEOUT_MS, killSignal: "SIGKILL" });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.error !== undefined) throw new Error(`npm ${args.join(" ")} failed: ${result.error.message}`, { cause: result.error });
  if (result.status !== 0) {
    const output = viaBash ? String(result.stderr ?? "") : `${String(result.stdout ?? "")}${String(result.stderr ?? "")}`;
    throw new Error(`npm ${args.join(" ")} exited with ${String(result.status ?? result.signal)}, so its time is not the loop's:\n${lastLines(output)}`);
  }
  const cpu = viaBash ? cpuSeconds(String(result.stdout ?? "")) : null;
  if (cpu !== null) cpuLog.push(cpu);
  return seconds;
}

/** The CPU seconds of the last `n` timed commands, or none when any of them could not be read. */
function lastCpu(n: number, from: number): number[] {
  const taken = cpuLog.slice(from);
  return taken.length === n ? taken : [];
}

/**
 * A throwaway copy of the workbook with the worked answers in `exercises/` ("work done"), and in
 * `solutions/` as well: the exercise tests compare the learner's code with them.
 */
export function workDoneCopy(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), "workbook-loop-"));
  for (const entry of ["src", "test", "exercises", "solutions", "package.json", "tsconfig.json", "vitest.config.ts"]) {
    cpSync(join(ROOT, entry), join(dir, entry), { recursive: true });
  }
  cpSync(join(ROOT, "solutions"), join(dir, "exercises"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"), "junction");
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Saves the file with a new trailing comment, as an edit would, so no cache can answer for it. */
function edit(path: string, n: number): void {
  const text = readFileSync(path, "utf8").replace(/\n\/\/ bench edit \d+\n$/, "\n");
  writeFileSync(path, `${text}// bench edit ${n}\n`);
}

/** Sends SIGINT to the group led by `pid`, then SIGKILL if it has not closed within 5 s; never waits longer. */
async function stopGroup(pid: number | undefined, closed: Promise<void>): Promise<void> {
  const signal = (name: NodeJS.Signals): void => {
    if (pid === undefined) return;
    try {
      process.kill(process.platform === "win32" ? pid : -pid, name);
    } catch {
      // Already gone.
    }
  };
  const within = (ms: number): Promise<boolean> => Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
  signal("SIGINT");
  if (await within(5_000)) return;
  signal("SIGKILL");
  await within(5_000);
}

/** What the watch prints once a run of exercise 5 has passed. */
const WATCH_PASSED = "✔ Exercise 5:";

/** Starts `npm run exercise 5 -- --watch`, then saves the file `saves` times, timing save → verdict; each verdict must be a pass. */
async function timeWatch(cwd: string, file: string, saves: number): Promise<number[]> {
  // A process group of its own, so stopping it stops npm, the CLI and vitest together: a signal to
  // npm alone can leave vitest holding the pipes, and the bench would wait for it forever.
  const child = spawn(NPM, ["run", "exercise", "5", "--", "--watch"], {
    cwd,
    env: typedEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: process.platform !== "win32",
  });
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let buffer = "";
  let waiting: (() => void) | null = null;
  child.stdout.on("data", (chunk: Buffer) => {
    buffer += chunk.toString();
    if (buffer.includes("to re-run") && waiting !== null) {
      const done = waiting;
      waiting = null;
      done();
    }
  });
  const verdict = (timeoutMs: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no verdict within ${timeoutMs} ms`)), timeoutMs);
      waiting = () => {
        clearTimeout(timer);
        const seen = buffer;
        buffer = "";
        if (seen.includes(WATCH_PASSED)) resolve();
        else reject(new Error(`the watch's verdict was not a pass, so its time is not the loop's:\n${lastLines(seen)}`));
      };
      if (buffer.includes("to re-run")) {
        const done = waiting;
        waiting = null;
        done();
      }
    });
  const times: number[] = [];
  try {
    await verdict(120_000);
    for (let i = 0; i < saves; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const next = verdict(60_000);
      const started = process.hrtime.bigint();
      edit(file, 1000 + i);
      await next;
      times.push(Number(process.hrtime.bigint() - started) / 1e9);
    }
  } finally {
    await stopGroup(child.pid, closed);
  }
  return times;
}

/** Starts `count` processes that keep one core busy each; stop them with the returned function. */
export function busyProcesses(count: number): () => void {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
  return () => {
    for (const child of children) child.kill("SIGKILL");
  };
}

/** Times the learner's loop; `runs` fresh processes per figure, with `busy` busy processes beside them. */
export async function benchLearnerLoop(runs = 5, busy = 0): Promise<LearnerLoopResult> {
  const stopBusy = busyProcesses(busy);
  const before = loadavg()[0] ?? 0;
  const copy = workDoneCopy();
  try {
    const prepare = join(copy.dir, "exercises", "05-argument-processing", "prepare.ts");
    // One untimed run each fills vitest's module cache and tsx's, as a learner's first run would.
    timeCommand(["run", "exercise", "5"], copy.dir);
    timeCommand(["run", "progress"], copy.dir);
    timeCommand(["run", "lesson", "5"], ROOT);
    const exercise: number[] = [];
    let mark = cpuLog.length;
    for (let i = 0; i < runs; i++) {
      edit(prepare, i);
      exercise.push(timeCommand(["run", "exercise", "5"], copy.dir));
    }
    const exerciseCpu = lastCpu(runs, mark);
    const watch = await timeWatch(copy.dir, prepare, runs);
    const progress: number[] = [];
    mark = cpuLog.length;
    for (let i = 0; i < runs; i++) {
      edit(prepare, 100 + i);
      progress.push(timeCommand(["run", "progress"], copy.dir));
    }
    const progressCpu = lastCpu(runs, mark);
    const lesson: number[] = [];
    mark = cpuLog.length;
    for (let i = 0; i < runs; i++) lesson.push(timeCommand(["run", "lesson", "5"], ROOT));
    const lessonCpu = lastCpu(runs, mark);
    return {
      busyProcesses: busy,
      exercise: figure("npm run exercise 5 (after an edit)", exercise, LEARNER_LOOP_GOALS.exercise, exerciseCpu),
      watch: figure("npm run exercise 5 -- --watch (save to verdict)", watch, LEARNER_LOOP_GOALS.watch),
      progress: figure("npm run progress (all work done, after an edit)", progress, LEARNER_LOOP_GOALS.progress, progressCpu),
      lesson: figure("npm run lesson 5", lesson, LEARNER_LOOP_GOALS.lesson, lessonCpu),
      loadAverage: { before: Math.round(before * 100) / 100, after: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
    };
  } finally {
    stopBusy();
    copy.dispose();
  }
}

/** The table rows of the learner-loop figures. */
export function learnerLoopRows(result: LearnerLoopResult): string[][] {
  const rows = (["exercise", "watch", "progress", "lesson"] as const).map((key, i) => {
    const f = result[key];
    return [
      `${i === 0 ? "L. " : "   "}${f.command}`,
      `${f.median.toFixed(2)} s median of ${f.runs.length} (${f.runs.map((r) => r.toFixed(2)).join(", ")})${f.cpuMedian === null ? "" : `, ${f.cpuMedian.toFixed(2)} s of CPU`}`,
      `<= ${f.goal} s`,
      f.met ? "met" : "MISSED",
    ];
  });
  rows.push(["   load average (1 min) before / after", `${result.loadAverage.before} / ${result.loadAverage.after}`, "", ""]);
  return rows;
}

/** Busy against quiet, per figure: the ratio of the medians, which should be at most 2. */
export function busyRatios(quiet: LearnerLoopResult, busy: LearnerLoopResult): Array<{ figure: string; ratio: number; met: boolean }> {
  return (["exercise", "watch", "progress", "lesson"] as const).map((key) => {
    const ratio = Math.round((busy[key].median / quiet[key].median) * 100) / 100;
    return { figure: key, ratio, met: ratio <= 2 };
  });
}

const invokedDirectly = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (invokedDirectly) {
  const runsArg = process.argv.find((a) => a.startsWith("--runs="));
  const runs = runsArg === undefined ? 5 : Number(runsArg.slice("--runs=".length));
  const results: LearnerLoopResult[] = [];
  for (const busy of process.argv.includes("--busy-only") ? [2] : process.argv.includes("--quiet-only") ? [0] : [0, 2]) {
    const result = await benchLearnerLoop(runs, busy);
    results.push(result);
    console.log(busy === 0 ? "Quiet:" : `With ${busy} busy processes beside it:`);
    console.log(
      learnerLoopRows(result)
        .map((r) => r.join("  |  "))
        .join("\n"),
    );
  }
  const [quiet, busy] = results;
  if (quiet !== undefined && busy !== undefined) {
    console.log("Busy / quiet (at most 2):");
    for (const r of busyRatios(quiet, busy)) console.log(`   ${r.figure.padEnd(9)} ${r.ratio.toFixed(2)}  ${r.met ? "met" : "MISSED"}`);
  }
  console.log(JSON.stringify(results));
}
