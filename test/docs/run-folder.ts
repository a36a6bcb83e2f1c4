/**
 * Global setup shared by every project of the run: one temporary folder for the whole test run,
 * handed to the tests as `inject("workbookRunFolder")` and removed at the end. Work that several
 * test files need, like building the site (`shared-site.ts`), is done once into it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A temporary folder that lives as long as the test run. */
    workbookRunFolder: string;
  }
}

/** Set by the first project's setup, so every project of the run shares one folder. */
const RUN_FOLDER = "WORKBOOK_RUN_FOLDER";

export default function setup(project: TestProject): (() => void) | undefined {
  const existing = process.env[RUN_FOLDER];
  if (existing !== undefined && existing !== "") {
    project.provide("workbookRunFolder", existing);
    return undefined;
  }
  const folder = mkdtempSync(join(tmpdir(), "workbook-run-"));
  process.env[RUN_FOLDER] = folder;
  project.provide("workbookRunFolder", folder);
  return () => {
    delete process.env[RUN_FOLDER];
    rmSync(folder, { recursive: true, force: true });
  };
}
