/**
 * The command line of `npm run fidelity`, read without side effects so it can be tested.
 *
 * @module
 */
import { KINDS, type Kind } from "./protocol.js";

/** The seed used when none is given (printed with every report, so a run can be replayed). */
export const DEFAULT_SEED = 1;

/** Inputs per kind when `--runs` is not given. */
export const DEFAULT_RUNS = 10_000;

/** What one run does. */
export interface Options {
  /** The nanobot checkout (the folder holding the `nanobot` package). */
  path: string;
  seed: number;
  /** Inputs per kind. */
  runs: number;
  kinds: Kind[];
  /** Inputs per round trip to the Python driver. */
  batch: number;
  /** How long shrinking may take per group of differences. */
  shrinkSeconds: number;
  /** Where to write the whole report as JSON. */
  report: string | null;
  /** Where to write cases for the comparison test's recorded cases. */
  record: string | null;
}

/** The usage text. */
export const USAGE = `usage: npm run fidelity -- <path to a nanobot checkout> [--seed N] [--runs N] [--kind <${KINDS.join("|")}>]... [--batch N] [--shrink-seconds N] [--report FILE] [--record FILE]
       (or set NANOBOT_SRC to the checkout; NANOBOT_PYTHON picks the interpreter, default python3)`;

/** The options, or what is wrong with the command line. */
export type Parsed = { ok: true; options: Options } | { ok: false; message: string };

/** Reads the command line (`argv` without node and the script) and the environment. */
export function parseOptions(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): Parsed {
  const options: Options = { path: "", seed: DEFAULT_SEED, runs: DEFAULT_RUNS, kinds: [], batch: 250, shrinkSeconds: 10, report: null, record: null };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = argv[i + 1];
    const needsValue = ["--seed", "--runs", "--batch", "--shrink-seconds", "--report", "--record", "--kind"].includes(arg);
    if (needsValue && value === undefined) return { ok: false, message: `${arg} needs a value` };
    const integer = (min: number): number | string => {
      i++;
      const n = Number(value);
      return Number.isSafeInteger(n) && n >= min ? n : `${arg} needs an integer of at least ${min}, got ${String(value)}`;
    };
    let got: number | string | null = null;
    if (arg === "--seed") got = integer(-(2 ** 31));
    else if (arg === "--runs") got = integer(1);
    else if (arg === "--batch") got = integer(1);
    else if (arg === "--shrink-seconds") got = integer(0);
    if (typeof got === "string") return { ok: false, message: got };
    if (arg === "--seed") options.seed = got as number;
    else if (arg === "--runs") options.runs = got as number;
    else if (arg === "--batch") options.batch = got as number;
    else if (arg === "--shrink-seconds") options.shrinkSeconds = got as number;
    else if (arg === "--report") options.report = argv[++i] as string;
    else if (arg === "--record") options.record = argv[++i] as string;
    else if (arg === "--kind") {
      const kind = argv[++i] as string;
      if (!(KINDS as readonly string[]).includes(kind)) return { ok: false, message: `unknown kind ${kind}; the kinds are ${KINDS.join(", ")}` };
      options.kinds.push(kind as Kind);
    } else if (arg === "--help" || arg === "-h") return { ok: false, message: "Compares the workbook with nanobot on generated inputs." };
    else if (arg.startsWith("-")) return { ok: false, message: `unknown option ${arg}` };
    else positional.push(arg);
  }
  if (positional.length > 1) return { ok: false, message: `one checkout path, got ${positional.length}` };
  const path = positional[0] ?? env["NANOBOT_SRC"] ?? "";
  if (path === "") return { ok: false, message: "Give the path to a nanobot checkout (the folder holding the `nanobot` package), or set NANOBOT_SRC." };
  options.path = path;
  if (options.kinds.length === 0) options.kinds = [...KINDS];
  return { ok: true, options };
}
