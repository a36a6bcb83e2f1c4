/**
 * The soak's vitest configuration: the project's own, plus a setup file that hands the soak's
 * seed to fast-check, and no time limit worth the name (100,000 runs take a while).
 */
import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config.js";

export default mergeConfig(
  base,
  defineConfig({
    test: {
      setupFiles: [fileURLToPath(new URL("./setup.ts", import.meta.url))],
      testTimeout: 3_600_000,
      hookTimeout: 3_600_000,
    },
  }),
);
