/**
 * For the workbook's authors: after changing a stub in `exercises/NN-slug/`, copy every stub into
 * `exercises/_cli/pristine/` (as `.ts.txt`), the self-check answer stubs included. The CI proof fails while the two differ.
 *
 *     npx tsx exercises/_cli/sync-pristine.ts
 *
 * @module
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EXERCISES_DIR, PRISTINE_DIR, rel, SELF_CHECK_ID } from "./catalog.js";

rmSync(PRISTINE_DIR, { recursive: true, force: true });
for (const id of readdirSync(EXERCISES_DIR).filter((name) => /^\d\d-[a-z0-9-]+$/.test(name) || name === SELF_CHECK_ID).sort()) {
  const target = join(PRISTINE_DIR, id);
  mkdirSync(target, { recursive: true });
  for (const file of readdirSync(join(EXERCISES_DIR, id)).filter((f) => f.endsWith(".ts"))) {
    writeFileSync(join(target, `${file}.txt`), readFileSync(join(EXERCISES_DIR, id, file)));
    console.log(`${rel(join(EXERCISES_DIR, id, file))} -> ${rel(join(target, `${file}.txt`))}`);
  }
}
