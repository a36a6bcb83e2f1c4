/**
 * Where the capstone's workspaces go. The learner CLI runs the capstone in a thread it may stop at
 * the deadline (`../capstone-thread.js`), which skips the capstone's own clean-up: the thread names
 * a folder of its own here, and deletes it when the thread ends.
 *
 * @module
 */
import { tmpdir } from "node:os";

/** The variable that names the folder the capstone's workspaces go under. */
export const CAPSTONE_TEMP_VARIABLE = "WORKBOOK_CAPSTONE_TEMP";

/** The folder `WORKBOOK_CAPSTONE_TEMP` names, or the temp folder when it is unset or empty. */
export function capstoneTempDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env[CAPSTONE_TEMP_VARIABLE];
  return dir !== undefined && dir !== "" ? dir : tmpdir();
}
