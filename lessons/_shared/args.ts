/**
 * The few command-line flags the demos understand, read with `util.parseArgs`:
 * `--name <tool>`, `--args <json text>`, `--run <N>`, `--step`, and any other `--flag value` pair.
 *
 * @module
 */
import { parseArgs } from "node:util";

/** One option a demo understands, as `npm run lesson N -- --help` lists it. */
export interface DemoOption {
  /** The flag as typed, with its value: `--name <tool>`. */
  flag: string;
  /** What it does. */
  says: string;
}

/** True when the arguments ask for help (`--help` or `-h`). */
export function wantsHelp(argv: readonly string[]): boolean {
  return argv.some((arg) => arg === "--help" || arg === "-h");
}

/** Flags given to a demo after the lesson number. */
export interface DemoFlags {
  /** `--name <tool name>`: the tool name of a single call to trace. */
  name?: string;
  /** `--args <text>`: the raw argument text of that call, exactly as a model would send it. */
  args?: string;
  /** `--step`: pause for Enter between steps (only when stdin is a terminal). */
  step: boolean;
  /** Every `--flag value` and `--flag=value`, including the ones above; a lone `--flag` is `"true"`. */
  all: Record<string, string>;
  /** Arguments that are not flags. */
  positional: string[];
}

/** The flags the demos know; any other is kept too (see {@link parseDemoFlags}). */
const DEMO_OPTIONS = {
  name: { type: "string" },
  args: { type: "string" },
  run: { type: "string" },
  step: { type: "boolean" },
} as const;

/** Parses a demo's arguments. Unknown flags are kept in `all`, never rejected. */
export function parseDemoFlags(argv: readonly string[]): DemoFlags {
  const all: Record<string, string> = {};
  const positional: string[] = [];
  // Not strict, so unknown flags pass; a `--` on its own is skipped, as the lesson runner always did.
  const { tokens } = parseArgs({
    args: argv.filter((arg) => arg !== "--"),
    options: DEMO_OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token?.kind === "positional") positional.push(token.value);
    if (token?.kind !== "option") continue;
    if (token.value !== undefined) {
      all[token.name] = token.value;
      continue;
    }
    // A flag parseArgs was not told about takes the word after it, as `--flag value`.
    const next = tokens[i + 1];
    if (!Object.hasOwn(DEMO_OPTIONS, token.name) && next?.kind === "positional") {
      all[token.name] = next.value;
      i++;
    } else {
      all[token.name] = "true";
    }
  }
  const flags: DemoFlags = { step: all["step"] === "true", all, positional };
  if (all["name"] !== undefined) flags.name = all["name"];
  if (all["args"] !== undefined) flags.args = all["args"];
  return flags;
}
