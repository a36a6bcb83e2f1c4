/**
 * Runs Node in a child process, at the project's root, and collects what it prints: for tests that
 * need a fresh process (a module loaded for the first time, a process that must exit on its own)
 * or a tool's own command line (the site's build). No time limit of its own: a busy machine starts
 * a child slowly, and the test's own timeout is the backstop.
 */
import { spawn } from "node:child_process";
import { ROOT } from "../docs/root.js";

/** How the child ended and what it printed. */
export interface ChildOutput {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node <args>` at the project's root, with `env` added to this process's environment; resolves when the child has closed. */
export async function runNode(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ChildOutput> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const status = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    return { status, stdout, stderr };
  } finally {
    child.kill();
  }
}

/** `node --import tsx <args>` at the project's root: TypeScript files run as they are. */
export function runWithTsx(args: string[]): Promise<ChildOutput> {
  return runNode(["--import", "tsx", ...args]);
}

/** Runs `script`, an ES module's text, with tsx (`--input-type=module -e`). */
export function runModuleScript(script: string): Promise<ChildOutput> {
  return runWithTsx(["--input-type=module", "-e", script]);
}
