/**
 * `npm run course-times`: measures how long each lesson's demo (`npm run lesson N`) and each
 * exercise's and question's check (`npm run exercise N`, on the stub as a learner starts it) and the
 * capstone (`npm run exercise 10`, over the worked answers, as a learner who has done the nine runs it) run,
 * keeps the seconds in `docs/course-times.json`, and rewrites the tables of `docs/course-plan.md`
 * from them and from the words and lines counted in the files (`course-times.ts`).
 *
 *     npm run course-times                 measure every run again, then rewrite the plan
 *     npm run course-times -- --keep       keep the recorded times, measure only what has none
 *                                          (a new lesson or exercise), then rewrite the plan
 *     npm run course-times -- --no-measure rewrite the plan from the recorded times (after a
 *                                          lesson's or an exercise's text changed)
 *
 * Each command runs once, after one unmeasured run that builds the lessons' compiled copy; on a
 * busy machine the times are longer, so say where they were measured.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";
import { CAPSTONE, listItems, SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { COURSE_PLAN, COURSE_TIMES_FILE, expectedCoursePlan, readMeasured, type MeasuredTimes } from "./course-times.js";
import { ROOT } from "./root.js";

/** Seconds `node <script> <args>` takes from start to end, to a tenth (`env` added to this process's). */
function timed(script: string, args: readonly string[], env: Record<string, string> = {}): number {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, stdio: "ignore", env: { ...process.env, CI: "true", ...env } });
  return Math.round(Number(process.hrtime.bigint() - start) / 1e8) / 10;
}

/** Measures every run that `kept` has no time for (every run, when nothing is kept). */
function measure(kept: MeasuredTimes | null): MeasuredTimes {
  const lessons: Record<string, number> = { ...kept?.lessons };
  const checks: Record<string, number> = { ...kept?.checks };
  const lessonNumbers = readdirSync(join(ROOT, "lessons"))
    .filter((name) => /^\d\d-/.test(name))
    .sort()
    .map((folder) => String(Number(folder.slice(0, 2))));
  const newLessons = lessonNumbers.filter((n) => lessons[n] === undefined);
  if (newLessons.length > 0) timed("lessons/launch.mjs", [newLessons[0] ?? "1"]);
  for (const n of newLessons) {
    lessons[n] = timed("lessons/launch.mjs", [n]);
    console.log(`npm run lesson ${n}: ${lessons[n]} s`);
  }
  const newItems = listItems().filter((item) => checks[item.command] === undefined);
  if (newItems.length > 0) timed("exercises/_cli/launch.mjs", ["exercise", newItems[0]?.command ?? "1"]);
  for (const item of newItems) {
    checks[item.command] = timed("exercises/_cli/launch.mjs", ["exercise", item.command]);
    console.log(`npm run exercise ${item.command}: ${checks[item.command]} s`);
  }
  const newCapstone = checks[CAPSTONE.command] === undefined;
  if (newCapstone) {
    // The capstone assembles the answers in WORKBOOK_TARGET_DIR: the worked answers, all nine parts done.
    const answers = { WORKBOOK_TARGET_DIR: SOLUTIONS_DIR };
    if (newItems.length === 0) timed("exercises/_cli/launch.mjs", ["exercise", CAPSTONE.command], answers);
    checks[CAPSTONE.command] = timed("exercises/_cli/launch.mjs", ["exercise", CAPSTONE.command], answers);
    console.log(`npm run exercise ${CAPSTONE.command} (over the worked answers): ${checks[CAPSTONE.command]} s`);
  }
  if (kept !== null && newLessons.length + newItems.length === 0 && !newCapstone) return kept;
  const load = loadavg()[0] ?? 0;
  const when = `${new Date().toISOString().slice(0, 10)}, each command run once on ${availableParallelism()} cores (load average ${load.toFixed(1)} at the end, other work running)`;
  const measured = kept === null ? when : `${kept.measured}; the runs added later: ${when}`;
  return { measured, lessons, checks };
}

const recorded = existsSync(COURSE_TIMES_FILE) ? readMeasured() : null;
const measured = process.argv.includes("--no-measure") && recorded !== null ? recorded : measure(process.argv.includes("--keep") ? recorded : null);
writeFileSync(COURSE_TIMES_FILE, `${JSON.stringify(measured, null, 2)}\n`);
writeFileSync(COURSE_PLAN, expectedCoursePlan(measured));
console.log(`-> docs/course-times.json, docs/course-plan.md`);
