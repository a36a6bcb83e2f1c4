/**
 * The capstone's report in words: each part and whose code it is, each scenario and whether every
 * request matched, the part that made a difference with the first differing request as a diff,
 * and — with `--trace` — every step of every scenario marked as the learner's or the reference's.
 *
 * @module
 */
import { CAPSTONE } from "../catalog.js";
import { bold, dim, green, red, yellow } from "../colour.js";
import type { TraceStep } from "./agent.js";
import type { CapstoneReport, ScenarioVerdict } from "./capstone.js";
import { PART_NUMBERS, partInfo, partLabel, type PartNumber } from "./parts.js";

/** Most lines of a request diff shown. */
const MAX_DIFF_LINES = 40;

/** The mark of a trace step: whose code took it. */
function whose(step: TraceStep): string {
  if (step.origin === null) return dim("[model]    ");
  return step.origin === "learner" ? green("[yours]    ") : yellow("[reference]");
}

/** One trace step as a line. */
export function traceLine(step: TraceStep): string {
  return `${whose(step)} ${step.part === null ? " " : String(step.part)}  ${step.text}`;
}

/** The diff, indented and cut to {@link MAX_DIFF_LINES} lines. */
function diffBlock(diff: string): string[] {
  const lines = diff.split("\n");
  const shown = lines.slice(0, MAX_DIFF_LINES).map((line) => `        ${line.startsWith("-") ? red(line) : line.startsWith("+") ? green(line) : dim(line)}`);
  if (lines.length > MAX_DIFF_LINES) shown.push(dim(`        … ${lines.length - MAX_DIFF_LINES} more lines`));
  return shown;
}

/** The lines of one scenario's verdict. */
function scenarioLines(verdict: ScenarioVerdict, trace: boolean): string[] {
  const { scenario, difference } = verdict;
  const lines: string[] = [];
  if (verdict.skipped !== null) {
    lines.push(`  ${red("✗")} ${scenario.title}: ${red("could not run")} — ${verdict.skipped}`);
  } else if (difference === null) {
    lines.push(`  ${green("✓")} ${scenario.title} ${dim(`— ${verdict.reference.requests.length} requests, each the same (exercises ${scenario.parts.join(", ")} at work)`)}`);
  } else {
    lines.push(`  ${red("✗")} ${scenario.title}: request ${difference.request} differs ${dim(`(the reference sent ${difference.counts[0]}, yours ${difference.counts[1]})`)}`);
    if (verdict.assembled.error !== null) lines.push(`      your agent stopped: ${verdict.assembled.error}`);
    if (verdict.culprits.length > 0) {
      for (const part of verdict.culprits) lines.push(`      made by ${bold(partLabel(part))} — see ${bold(`npm run exercise ${part}`)}`);
    } else {
      lines.push("      no single part of yours makes it alone: it comes from your parts together");
    }
    lines.push(dim(`      request ${difference.request}, - the reference's agent, + yours:`));
    lines.push(...diffBlock(difference.diff));
  }
  if (trace) {
    lines.push(dim(`    trace of your agent (${scenario.id}):`));
    for (const step of verdict.assembled.trace) lines.push(`    ${traceLine(step)}`);
  }
  return lines;
}

/** The whole report, line by line. */
export function reportLines(report: CapstoneReport, trace: boolean): string[] {
  const lines: string[] = [bold(`${CAPSTONE.label}, the capstone: your nine answers as one agent`), ""];
  lines.push("Parts (yours where you have answered; the reference stands in for the others):");
  for (const n of PART_NUMBERS) {
    const state = report.parts[n];
    const info = partInfo(n);
    const head = `${String(n).padStart(2)}  ${info.role}`;
    if (state.kind === "learner") lines.push(`  ${green("✓")}${head} ${dim(`— yours (${info.exports.join(", ")})`)}`);
    else if (state.kind === "missing") lines.push(`  ${yellow("·")}${head} — ${yellow("missing")}: ${info.folder}/${info.file} is still the stub`);
    else lines.push(`  ${red("✗")}${head} — ${red("cannot be used")}: ${state.reason}`);
  }
  const none = PART_NUMBERS.every((n) => report.parts[n].kind !== "learner");
  lines.push(
    "",
    none
      ? "Scenarios (no part is yours yet, so your agent is the reference's and each scenario runs once):"
      : "Scenarios (each run with the reference's parts and with yours; every request the model receives is compared):",
  );
  for (const verdict of report.scenarios) lines.push(...scenarioLines(verdict, trace));
  lines.push("");
  const missing = PART_NUMBERS.filter((n) => report.parts[n].kind === "missing");
  const broken = PART_NUMBERS.filter((n) => report.parts[n].kind === "broken");
  const wrong = [...new Set(report.scenarios.flatMap((v) => v.culprits))].sort((a, b) => a - b);
  if (report.passed) {
    lines.push(green(bold("Passed: every part is yours, and your agent sends the model exactly what the reference's agent sends.")));
    return lines;
  }
  lines.push(red(bold("Not passed yet.")));
  const named = (parts: readonly PartNumber[]): string => parts.map((n) => `exercise ${n}`).join(", ");
  if (missing.length > 0) lines.push(`  missing (the stub is untouched): ${named(missing)} — start with ${bold(`npm run exercise ${missing[0] ?? 1}`)}`);
  if (broken.length > 0) lines.push(`  cannot be used: ${named(broken)}`);
  if (wrong.length > 0) lines.push(`  makes a difference: ${named(wrong)} — see ${bold(`npm run exercise ${wrong[0] ?? 1}`)}`);
  const unexplained = report.scenarios.filter((v) => v.difference !== null && v.culprits.length === 0).map((v) => v.scenario.title);
  if (unexplained.length > 0) lines.push(`  differs with your parts together: ${unexplained.join("; ")}`);
  return lines;
}
