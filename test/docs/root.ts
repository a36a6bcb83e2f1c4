/**
 * The repository root, for tests and their helpers. A module of its own, so that a test which needs
 * only the path does not load what `build-site.ts` loads (TypeDoc, Vite) in every worker.
 */
import { resolve } from "node:path";

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, "../..");
