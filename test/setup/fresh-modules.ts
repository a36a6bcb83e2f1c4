/**
 * Every test file starts from fresh copies of the workbook's own modules (`src/`, `lessons/`,
 * `exercises/`, `test/` helpers), as if it ran alone: a flag, a cache or a `vi.mock` of one file
 * never reaches the next. The test run reuses its worker processes between files (`isolate: false`
 * in `vitest.config.ts`), so vitest and the installed packages are loaded once per worker instead
 * of once per file; this setup file, run before each test file, clears what the last file loaded.
 */
import { vi } from "vitest";

vi.resetModules();
