/**
 * Where the built playground goes. Kept apart from `build.ts` so a test can name the path without
 * loading Vite.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** The self-contained page `npm run docs` writes before TypeDoc runs; lessons 5 and 6 link to it. */
export const PLAYGROUND_PAGE = fileURLToPath(new URL("../docs/playground.html", import.meta.url));
