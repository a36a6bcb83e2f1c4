import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { defineConfig } from "vitest/config";
import { learnerAlias, targetFromEnv } from "./exercises/_cli/target.js";

const root = fileURLToPath(new URL(".", import.meta.url));

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
    // Plugin packages that tests and demos build under the temp folder import `src/` as
    // TypeScript; run them through the same transform as the tests instead of plain Node.
    server: { deps: { inline: [new RegExp(`^${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)] } },
  },
});
