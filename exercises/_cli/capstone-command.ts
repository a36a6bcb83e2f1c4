/**
 * Starts the capstone (`npm run exercise 10` while there are nine exercises, or
 * `npm run exercise capstone`). The capstone imports the learner's TypeScript files
 * as they are, so it is loaded through tsx's loader rather than compiled into the CLI: the
 * learner's files, the capstone and the reference they share are then one set of modules.
 *
 * @module
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CAPSTONE, ROOT } from "./catalog.js";

/**
 * True when the command line asks for the capstone: its number (the one after the last exercise's,
 * {@link CAPSTONE}) or `capstone` as the exercise.
 */
export function asksForCapstone(argv: readonly string[]): boolean {
  const first = argv.find((arg) => !arg.startsWith("-"));
  return first === "capstone" || (first !== undefined && /^\d+$/.test(first) && Number(first) === CAPSTONE.number);
}

/**
 * Loads tsx's loader, after the installed packages the capstone uses (msw, the MCP SDK): those are
 * plain JavaScript, and loaded first they skip the loader's hooks (about a third of the start-up's
 * CPU time); the capstone's later imports of them find them loaded.
 */
export async function registerTsx(): Promise<() => Promise<void>> {
  await Promise.all([
    import("msw"),
    import("msw/node"),
    import("@modelcontextprotocol/sdk/client/index.js"),
    import("@modelcontextprotocol/sdk/client/stdio.js"),
    import("@modelcontextprotocol/sdk/shared/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  const { register } = await import("tsx/esm/api");
  return register();
}

/**
 * Runs the capstone with the flags of `argv` (`--trace`); resolves with its exit code. `graded` is
 * called once the scripted scenarios are judged, before any run with a real model.
 */
export async function runCapstoneCommand(argv: readonly string[], graded: () => void = () => undefined): Promise<number> {
  // npm keeps a flag given without `--` (`npm run exercise capstone --trace`) as npm_config_trace.
  const flags = argv.filter((arg) => arg.startsWith("-") && arg !== "--");
  if (process.env["npm_config_trace"] === "true" && !flags.includes("--trace")) flags.push("--trace");
  const unregister = await registerTsx();
  try {
    const entry = pathToFileURL(join(ROOT, "exercises", "_cli", "capstone", "main.ts")).href;
    const capstone = (await import(entry)) as typeof import("./capstone/main.js");
    return await capstone.main(flags, undefined, undefined, graded);
  } finally {
    await unregister();
  }
}
