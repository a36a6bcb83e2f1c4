/**
 * Reads what the lesson runner shows before a demo: the lesson's number and title (the first
 * `# <N>. <Title>` line of its README) and the bullets of its `## Key points` section.
 *
 * @module
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The `lessons/` folder of the workbook. */
export const LESSONS_DIR: string = dirname(dirname(fileURLToPath(import.meta.url)));

/** What a lesson's README says about itself. */
export interface LessonMeta {
  /** The lesson number from the heading (`5` for `# 5. Argument processing`). */
  number: number;
  /** The title after the number. */
  title: string;
  /** The bullets of `## Key points`, without their `-` or `*`, continuation lines joined. */
  keyPoints: string[];
  /** The lesson folder (absolute path). */
  folder: string;
}

/**
 * Reads `README.md` in `folder` and returns its number, title and key points.
 * @throws Error when the README is missing or does not start with `# <N>. <Title>`.
 */
export function readLessonMeta(folder: string): LessonMeta {
  const readme = join(folder, "README.md");
  // A front-matter block (the title TypeDoc shows for the page) may come first.
  const text = readFileSync(readme, "utf8").replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, "");
  const lines = text.split(/\r?\n/);
  const first = lines.find((line) => line.trim() !== "") ?? "";
  // The title is taken whole and trimmed: `\s+(.+?)\s*$` would let the spaces be shared three ways.
  const heading = /^#\s+(\d+)\.\s(.*)$/.exec(first);
  const title = heading?.[2]?.trim() ?? "";
  if (heading === null || title === "") throw new Error(`${readme}: the first line must be "# <N>. <Title>", got "${first}"`);
  const keyPoints: string[] = [];
  let inKeyPoints = false;
  for (const line of lines) {
    if (/^##\s/.test(line)) {
      inKeyPoints = /^##\s+Key points\s*$/i.test(line);
      continue;
    }
    if (!inKeyPoints) continue;
    const bullet = /^\s*[-*]\s(.*)$/.exec(line);
    if (bullet !== null) keyPoints.push((bullet[1] ?? "").trim());
    else if (line.trim() !== "" && keyPoints.length > 0) {
      keyPoints[keyPoints.length - 1] += " " + line.trim();
    }
  }
  return { number: Number(heading[1]), title, keyPoints, folder };
}

/** The lesson folders (`NN-slug`) under {@link LESSONS_DIR}, sorted by number. */
export function lessonFolders(root: string = LESSONS_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d{2}-/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** The folder of lesson `n` (`lessons/05-…`), or `null` when there is none. */
export function findLessonFolder(n: number, root: string = LESSONS_DIR): string | null {
  const prefix = String(n).padStart(2, "0") + "-";
  const name = lessonFolders(root).find((folder) => folder.startsWith(prefix));
  return name === undefined ? null : join(root, name);
}

/** Every lesson that has a readable README, in order; a broken README is skipped. */
export function listLessons(root: string = LESSONS_DIR): LessonMeta[] {
  const lessons: LessonMeta[] = [];
  for (const name of lessonFolders(root)) {
    const folder = join(root, name);
    if (!existsSync(join(folder, "README.md"))) continue;
    try {
      lessons.push(readLessonMeta(folder));
    } catch {
      // A README without a proper heading is not listed; the link test reports real problems.
    }
  }
  return lessons;
}
