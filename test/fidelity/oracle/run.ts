/**
 * `npm run fidelity`: upstream itself as the oracle. Generated inputs go through nanobot's own
 * code (one Python process, `upstream_driver.py`, fed in batches) and through the workbook's
 * public API in this process; every difference docs/fidelity.md does not list is reported,
 * grouped by kind, each group with a minimal input found by fast-check's shrinking.
 *
 *   npm run fidelity -- /path/to/nanobot                 # every kind, 10,000 inputs each, seed 1
 *   NANOBOT_SRC=/path/to/nanobot npm run fidelity
 *   npm run fidelity -- /path/to/nanobot --kind args --runs 2000 --seed 7
 *
 * Options (`options.ts`): `--seed N` (default 1), `--runs N` per kind (default 10,000), `--kind
 * <name>` (may repeat), `--batch N` inputs per round trip (default 250), `--shrink-seconds N` per
 * group (default 10), `--report FILE` (the whole report as JSON), `--record FILE` (cases for the
 * comparison test's recorded cases). `NANOBOT_PYTHON` picks the interpreter (default `python3`).
 *
 * Exit status: 0 when nothing unlisted differs, 1 when something does (or the driver crashed on
 * an input), 2 on a usage or setup error.
 *
 * @module
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { classify, EXPLANATIONS, type Verdict } from "./compare.js";
import { GENERATORS, materialise, type GeneratedOf } from "./generators.js";
import { ourOutput } from "./ours.js";
import { parseOptions, USAGE, type Options } from "./options.js";
import { KIND_SUBJECT, KINDS, show, type AnyCase, type Kind } from "./protocol.js";
import { rowsOf } from "./rows.js";
import { SetupError, UpstreamDriver, type DriverAnswer, type Hello } from "./upstream.js";

function usage(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

interface Group {
  kind: Kind;
  group: string;
  count: number;
  /** Index of the first input in the kind's generated sequence (the fast-check path to replay it). */
  firstIndex: number;
  first: AnyCase;
  firstDetails: string[];
  minimal?: { case: AnyCase; details: string[]; path: string; shrinks: number };
}

interface KindTally {
  kind: Kind;
  runs: number;
  equal: number;
  explained: number;
  unlisted: number;
  crashes: number;
  seconds: number;
}

/** Runs inputs of one kind through both sides and classifies them. */
class Evaluator {
  #sessions = 0;

  constructor(
    readonly driver: UpstreamDriver,
    readonly workspace: string,
  ) {}

  async evaluate<K extends Kind>(kind: K, generated: readonly GeneratedOf[K][]): Promise<({ case: AnyCase; verdict: Verdict } | { crash: string; input: unknown })[]> {
    const inputs = generated.map((g) => materialise(kind, g, this.workspace, `s${++this.#sessions}`));
    const answers: DriverAnswer<K>[] = await this.driver.run(kind, inputs);
    const out: ({ case: AnyCase; verdict: Verdict } | { crash: string; input: unknown })[] = [];
    for (const [i, input] of inputs.entries()) {
      const answer = answers[i] as DriverAnswer<K>;
      if (!answer.ok) {
        out.push({ crash: answer.crash, input });
        continue;
      }
      const ours = await ourOutput(kind, input);
      const c = { kind, input, upstream: answer.out, ours } as unknown as AnyCase;
      let verdict: Verdict;
      try {
        verdict = classify(c);
      } catch (error) {
        verdict = { status: "unlisted", group: `${kind}: the comparison itself failed`, details: [String(error)] };
      }
      out.push({ case: c, verdict });
    }
    return out;
  }
}

function crashGroup(crash: string): string {
  const last = crash.trim().split("\n").pop() ?? "crash";
  return `driver crash: ${last.slice(0, 160)}`;
}

async function shrinkGroup(evaluator: Evaluator, options: Options, g: Group): Promise<void> {
  const arb = GENERATORS[g.kind] as fc.Arbitrary<GeneratedOf[Kind]>;
  let shrinks = 0;
  let best: { case: AnyCase; details: string[] } | null = null;
  const property = fc.asyncProperty(arb, async (generated) => {
    const [result] = await evaluator.evaluate(g.kind, [generated]);
    if (result === undefined || !("case" in result)) return g.group.startsWith("driver crash") ? false : true;
    const v = result.verdict;
    const same = v.status === "unlisted" && v.group === g.group;
    if (same) {
      shrinks++;
      best = { case: result.case, details: v.details };
    }
    return !same;
  });
  const details = await fc.check(property, {
    seed: options.seed,
    path: String(g.firstIndex),
    numRuns: g.firstIndex + 1,
    interruptAfterTimeLimit: options.shrinkSeconds * 1000,
    markInterruptAsFailure: false,
  });
  const found = best as { case: AnyCase; details: string[] } | null;
  if (found !== null) g.minimal = { ...found, path: details.counterexamplePath ?? String(g.firstIndex), shrinks: Math.max(0, shrinks - 1) };
}

function rowLabel(id: string): string {
  const e = EXPLANATIONS.find((x) => x.id === id);
  if (e === undefined) return id;
  const rows = rowsOf();
  const row = e.listing.row === null ? null : rows.find((r) => r.number === e.listing.row);
  return e.listing.row === null ? `API.md (${e.listing.quote})` : `row ${e.listing.row}${row === undefined ? " (missing from docs/fidelity.md!)" : ""}`;
}

function print(options: Options, hello: Hello, tallies: KindTally[], explained: Map<string, number>, groups: Group[], totalSeconds: number): void {
  const lines: string[] = [];
  lines.push(`fidelity oracle — upstream ${hello.upstream} (Python ${hello.python})`);
  lines.push(`seed ${options.seed}, ${options.runs} inputs per kind; replay: npm run fidelity -- ${options.path} --seed ${options.seed} --runs ${options.runs}`);
  if (hello.stubs.length > 0) lines.push(`stand-ins used for missing Python packages: ${hello.stubs.join(", ")}`);
  lines.push("");
  lines.push("kind         inputs    equal  explained  unlisted  crashes  seconds");
  for (const t of tallies) {
    lines.push(
      `${t.kind.padEnd(12)} ${String(t.runs).padStart(6)} ${String(t.equal).padStart(8)} ${String(t.explained).padStart(10)} ${String(t.unlisted).padStart(9)} ${String(t.crashes).padStart(8)} ${t.seconds.toFixed(1).padStart(8)}`,
    );
  }
  lines.push(`total time ${totalSeconds.toFixed(1)} s`);
  lines.push("");
  lines.push("explained (listed) differences, inputs per explanation:");
  const ids = [...explained.keys()].sort();
  if (ids.length === 0) lines.push("  none");
  for (const id of ids) lines.push(`  ${String(explained.get(id)).padStart(6)}  ${rowLabel(id).padEnd(12)} ${id}`);
  lines.push("");
  const unlisted = groups.filter((g) => !g.group.startsWith("driver crash"));
  const crashes = groups.filter((g) => g.group.startsWith("driver crash"));
  lines.push(unlisted.length === 0 ? "UNLISTED differences: none" : `UNLISTED differences: ${unlisted.length} group(s)`);
  for (const kind of KINDS) {
    const mine = groups.filter((g) => g.kind === kind);
    if (mine.length === 0) continue;
    lines.push("");
    lines.push(`== ${kind}: ${KIND_SUBJECT[kind]}`);
    for (const g of mine.sort((a, b) => b.count - a.count)) {
      const shown = g.minimal ?? { case: g.first, details: g.firstDetails, path: String(g.firstIndex), shrinks: 0 };
      lines.push(`- [${g.count}×] ${g.group}`);
      lines.push(`    minimal input${g.minimal === undefined ? " (not shrunk)" : ` (after ${shown.shrinks} shrink step(s))`}: ${show(shown.case.input, 1200)}`);
      lines.push(`    upstream: ${show(shown.case.upstream, 1200)}`);
      lines.push(`    ours:     ${show(shown.case.ours, 1200)}`);
      for (const d of shown.details) lines.push(`    ${d}`);
      lines.push(`    replay: --kind ${kind} --seed ${options.seed} (fast-check path ${shown.path})`);
    }
  }
  if (crashes.length > 0) lines.push("", `driver crashes: ${crashes.length} group(s) — a bug in the driver, not a difference`);
  console.log(lines.join("\n"));
}

async function main(): Promise<number> {
  const parsed = parseOptions(process.argv.slice(2), process.env);
  if (!parsed.ok) usage(parsed.message);
  const options = parsed.options;
  let driver: UpstreamDriver;
  let hello: Hello;
  try {
    ({ driver, hello } = await UpstreamDriver.start(options.path));
  } catch (error) {
    if (error instanceof SetupError) {
      console.error(`fidelity: setup error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const workspace = mkdtempSync(join(tmpdir(), "nanobot-fidelity-"));
  const evaluator = new Evaluator(driver, workspace);
  const started = Date.now();
  const tallies: KindTally[] = [];
  const explained = new Map<string, number>();
  const groups: Group[] = [];
  const recorded: unknown[] = [];
  const recordedKeys = new Map<string, number>();
  // Recorded cases for the comparison test: a few of each verdict, small enough to read.
  const record = (c: AnyCase, verdict: Verdict, limit: number): void => {
    if (options.record === null || JSON.stringify(c).length > 6_000) return;
    const key = `${c.kind}|${verdict.status === "equal" ? "equal" : verdict.status === "explained" ? verdict.ids.join(",") : verdict.group}`;
    const n = recordedKeys.get(key) ?? 0;
    if (n >= limit) return;
    recordedKeys.set(key, n + 1);
    recorded.push({ ...c, expect: verdict });
  };
  console.error(
    `fidelity: seed ${options.seed}, ${options.runs} inputs per kind, kinds ${options.kinds.join(", ")}; Python ${hello.python}, stand-ins: ${hello.stubs.join(", ") || "none"}`,
  );
  try {
    for (const kind of options.kinds) {
      const kindStarted = Date.now();
      const tally: KindTally = { kind, runs: 0, equal: 0, explained: 0, unlisted: 0, crashes: 0, seconds: 0 };
      const generated = fc.sample<GeneratedOf[Kind]>(GENERATORS[kind], { seed: options.seed, numRuns: options.runs });
      for (let start = 0; start < generated.length; start += options.batch) {
        const slice = generated.slice(start, start + options.batch);
        const results = await evaluator.evaluate(kind, slice);
        results.forEach((result, j) => {
          const index = start + j;
          tally.runs++;
          if (!("case" in result)) {
            tally.crashes++;
            const name = crashGroup(result.crash);
            const g = groups.find((x) => x.kind === kind && x.group === name);
            if (g !== undefined) g.count++;
            else
              groups.push({
                kind,
                group: name,
                count: 1,
                firstIndex: index,
                first: { kind, input: result.input, upstream: null, ours: null } as unknown as AnyCase,
                firstDetails: [result.crash],
              });
            return;
          }
          const v = result.verdict;
          if (v.status === "equal") {
            tally.equal++;
            record(result.case, v, 2);
          } else if (v.status === "explained") {
            tally.explained++;
            for (const id of v.ids) explained.set(id, (explained.get(id) ?? 0) + 1);
            record(result.case, v, 1);
          } else {
            tally.unlisted++;
            const g = groups.find((x) => x.kind === kind && x.group === v.group);
            if (g !== undefined) g.count++;
            else groups.push({ kind, group: v.group, count: 1, firstIndex: index, first: result.case, firstDetails: v.details });
          }
        });
        if ((start / options.batch) % 8 === 7) console.error(`  ${kind}: ${Math.min(start + options.batch, generated.length)}/${generated.length}`);
      }
      tally.seconds = (Date.now() - kindStarted) / 1000;
      tallies.push(tally);
      console.error(`fidelity: ${kind} done in ${tally.seconds.toFixed(1)} s (${tally.unlisted} unlisted, ${tally.crashes} crashes)`);
    }
    for (const g of groups) {
      if (g.group.startsWith("driver crash") || options.shrinkSeconds === 0) continue;
      console.error(`fidelity: shrinking ${g.kind}: ${g.group.slice(0, 100)}`);
      await shrinkGroup(evaluator, options, g);
      if (g.minimal !== undefined) record(g.minimal.case, { status: "unlisted", group: g.group, details: [] }, 1);
      else record(g.first, { status: "unlisted", group: g.group, details: [] }, 1);
    }
  } finally {
    await driver.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
  const totalSeconds = (Date.now() - started) / 1000;
  print(options, hello, tallies, explained, groups, totalSeconds);
  if (options.report !== null) {
    writeFileSync(
      options.report,
      JSON.stringify({ seed: options.seed, runs: options.runs, hello, tallies, explained: Object.fromEntries(explained), groups, totalSeconds }, null, 2),
    );
  }
  if (options.record !== null) {
    writeFileSync(options.record, recorded.map((r) => JSON.stringify(r)).join("\n") + "\n");
    console.error(`fidelity: recorded ${recorded.length} case(s) to ${options.record}`);
  }
  return groups.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`fidelity: failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(2);
  },
);
