/**
 * `npm run workflow`: writes the GitHub Classroom workflow, `.github/workflows/classroom.yml`, from
 * the exercise catalog (`catalog.ts`: every exercise and question, and its points), so the points
 * are weighed in one place. `npm run workflow -- --check` writes nothing and exits with 1 when the
 * committed workflow is not the one the catalog writes (a test checks the same).
 *
 *     npm run workflow
 *     npm run workflow -- --check
 *
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { normalize, rel } from "./catalog.js";
import { CLASSROOM_WORKFLOW, classroomWorkflow } from "./classroom.js";
import { runCommand } from "./run-command.js";

/** True when the committed workflow is, line endings aside, the one the catalog writes. */
export function workflowIsCurrent(path: string = CLASSROOM_WORKFLOW): boolean {
  return existsSync(path) && normalize(readFileSync(path, "utf8")) === classroomWorkflow();
}

function main(argv: readonly string[]): Promise<number> {
  return Promise.resolve(writeOrCheck(argv));
}

function writeOrCheck(argv: readonly string[]): number {
  const unknown = argv.filter((arg) => arg !== "--check");
  if (unknown.length > 0) {
    console.log(`Not understood: ${unknown.join(" ")}`);
    console.log("Usage: npm run workflow [-- --check]");
    return 2;
  }
  if (argv.includes("--check")) {
    if (workflowIsCurrent()) {
      console.log(`${rel(CLASSROOM_WORKFLOW)} is the one the catalog writes.`);
      return 0;
    }
    console.log(`${rel(CLASSROOM_WORKFLOW)} is not the one the catalog writes: run npm run workflow`);
    return 1;
  }
  mkdirSync(dirname(CLASSROOM_WORKFLOW), { recursive: true });
  writeFileSync(CLASSROOM_WORKFLOW, classroomWorkflow());
  console.log(`the catalog -> ${rel(CLASSROOM_WORKFLOW)}`);
  return 0;
}

runCommand(
  main,
  process.argv.slice(2).filter((a) => a !== "--"),
);
