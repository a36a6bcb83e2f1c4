/**
 * A Vite plugin for the `stubs` test project: its workers collect no coverage. The project runs
 * the exercise and self-check tests again, against the untouched stubs, where every test fails;
 * the `workbook` project runs the same tests against the worked answers, which reach every line of
 * `src/` these do and more. Vitest takes coverage settings for the whole run only, so the plugin
 * turns it off in this project's own settings once they are resolved.
 */
import type { Plugin } from "vite";
import type { TestProject } from "vitest/node";

/** Turns coverage off in the project the plugin belongs to. */
export function stubsWithoutCoverage(): Plugin {
  return {
    name: "workbook-stubs-without-coverage",
    configureVitest({ project }: { project: TestProject }) {
      const config = project.config as { coverage: TestProject["config"]["coverage"] };
      config.coverage = { ...config.coverage, enabled: false };
    },
  } as Plugin;
}
