import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { isAbsolute, resolve } from "node:path";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The one switch between the learner's code and the worked answers. Tests import
 * `../../exercises/NN-slug/<file>.js`; the alias below sends those imports to:
 * - `solutions/` (the default, so `npm test` checks the worked answers),
 * - `exercises/` when `WORKBOOK_TARGET=exercises` (what `npm run exercise` and `npm run progress` set),
 * - any folder given as `WORKBOOK_TARGET_DIR` (the CI proof points it at a copy of the pristine stubs).
 */
function learnerDir(): string {
  const dir = process.env["WORKBOOK_TARGET_DIR"];
  if (dir !== undefined && dir !== "") return isAbsolute(dir) ? dir : resolve(root, dir);
  return resolve(root, process.env["WORKBOOK_TARGET"] === "exercises" ? "exercises" : "solutions");
}

export default defineConfig({
  resolve: {
    alias: [{ find: /^(?:\.\.\/)+exercises\/(\d\d-[a-z0-9-]+)\/(.+)$/, replacement: `${learnerDir()}/$1/$2` }],
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
    // TypeScript; run them through the same transform as the tests instead of plain Node.
    server: { deps: { inline: [new RegExp(`^${tmpdir().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`)] } },
  },
});
