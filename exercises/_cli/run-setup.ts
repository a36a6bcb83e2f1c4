/**
 * Run by the learner CLI's vitest (`exercise`, `--watch`, `progress`, `grade`) before each test
 * file, in the worker thread:
 *
 * - Every test file starts from fresh copies of the workbook's own modules (`src/`, `exercises/`,
 *   the tests' helpers), as a fresh check would: the thread stays loaded between runs and between
 *   files, and without this a change an earlier save (or an earlier file) made to a `src/` object
 *   would outlive it. The installed packages stay loaded.
 * - The assertions cannot be changed by the code under test (`./matcher-guard.js`).
 *
 * @module
 */
import { vi } from "vitest";
import "./matcher-guard.js";

vi.resetModules();
