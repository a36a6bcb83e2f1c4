/**
 * The few command-line flags the demos understand, parsed without a library:
 * `--name <tool>`, `--args <json text>`, `--step`, and any other `--flag value` pair.
 *
 * @module
 */

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

/** Parses a demo's arguments. Unknown flags are kept in `all`, never rejected. */
export function parseDemoFlags(argv: readonly string[]): DemoFlags {
  const all: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (!arg.startsWith("--") || arg === "--") {
      if (arg !== "--") positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    if (eq > 0) {
      all[arg.slice(2, eq)] = arg.slice(eq + 1);
      continue;
    }
    const key = arg.slice(2);
    const next = argv[i + 1];
    if (key !== "step" && next !== undefined && !next.startsWith("--")) {
      all[key] = next;
      i++;
    } else {
      all[key] = "true";
    }
  }
  const flags: DemoFlags = { step: all["step"] === "true", all, positional };
  if (all["name"] !== undefined) flags.name = all["name"];
  if (all["args"] !== undefined) flags.args = all["args"];
  return flags;
}
