/**
 * Folders of answers for the capstone's tests, laid out as `exercises/` is: the worked answers,
 * with some files replaced (a wrong answer, or the untouched stub), and `src/` linked beside them
 * so their `../../src/...` imports resolve as in the repository.
 *
 * @module
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PRISTINE_DIR, ROOT } from "../../exercises/_cli/catalog.js";
import { PARTS, type PartNumber } from "../../exercises/_cli/capstone/parts.js";

/** A folder of answers, and how to remove it. */
export interface AnswersFolder {
  /** Laid out as `exercises/`: `NN-slug/<file>.ts`. */
  dir: string;
  /** Deletes it. */
  dispose(): Promise<void>;
}

/** What a part's file holds: the worked answer (default), the untouched stub, or a text of the test's own. */
export type PartText = "answer" | "stub" | { text: string };

/** Writes every part's file: the worked answer, unless `texts` says otherwise for that part. */
export async function answersFolder(texts: Partial<Record<PartNumber, PartText>> = {}): Promise<AnswersFolder> {
  const base = await mkdtemp(join(tmpdir(), "capstone-answers-"));
  await symlink(join(ROOT, "src"), join(base, "src"), "junction");
  const dir = join(base, "exercises");
  for (const part of PARTS) {
    await mkdir(join(dir, part.folder), { recursive: true });
    const choice = texts[part.number] ?? "answer";
    const text =
      choice === "answer"
        ? await readFile(join(ROOT, "solutions", part.folder, part.file), "utf8")
        : choice === "stub"
          ? await readFile(join(PRISTINE_DIR, part.folder, `${part.file}.txt`), "utf8")
          : choice.text;
    await writeFile(join(dir, part.folder, part.file), text);
  }
  return { dir, dispose: () => rm(base, { recursive: true, force: true }) };
}
