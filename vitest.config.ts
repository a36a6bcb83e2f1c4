import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { defineConfig } from "vitest/config";
import { learnerAlias, targetFromEnv } from "./exercises/_cli/target.js";

const root = fileURLToPath(new URL(".", import.meta.url));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Files under the temp folder, except the workbook's own (a clone under the temp folder, its node_modules included). */
function tempPluginFiles(): RegExp {
  return new RegExp(`^(?!${escapeRegExp(root)})${escapeRegExp(tmpdir())}[\\\\/]`);
}

/**
 * Tests import `../../exercises/<folder>/<file>.js`; the alias sends those imports to:
 * - `solutions/` (the default, so `npm test` checks the worked answers),
 * - `exercises/` when `WORKBOOK_TARGET=exercises`,
 * - any folder given as `WORKBOOK_TARGET_DIR` (the CI proof points it at a copy of the pristine stubs).
 * The learner CLI (`npm run exercise`, `npm run progress`) runs vitest in-process with the same alias.
 */
export default defineConfig({
  resolve: {
    alias: [learnerAlias(root, targetFromEnv())],
  },
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
    // `npm test` runs with `--coverage`: src/ must keep lines >= 95% and branches >= 90%.
    coverage: {
      provider: "v8",
      include: ["src/**"],
      reporter: ["text-summary"],
      reportsDirectory: "coverage",
      reportOnFailure: true,
      thresholds: { lines: 95, branches: 90 },
    },
    // Plugin packages that tests and demos build under the temp folder import `src/` as
    // TypeScript; run them through the same transform as the tests instead of plain Node. Only
    // those: not the workbook itself when it was cloned under the temp folder (inlining its
    // node_modules made vite warn about the MCP SDK's source maps).
    server: { deps: { inline: [tempPluginFiles()] } },
  },
});
