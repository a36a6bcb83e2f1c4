/**
 * What `sync-pristine.ts` checks before it saves a stub as the one learners start from: that it is
 * still a stub. An author who tried an exercise in `exercises/` and then edited a stub would
 * otherwise save the answer as the pristine copy: a complete solution would then grade as "not
 * started", and `--reset` would hand out the worked answer.
 *
 * A stub is refused when it is the worked answer once comments and white space are set aside, when
 * it has no `TODO(lesson N)` marker of its lesson, or when it has fewer markers than the stub saved
 * before (a blank filled in, or its marker lost) unless the author says the blanks changed.
 *
 * @module
 */

/** The lesson a stub's `TODO(lesson N)` markers name: an exercise's number, 11 for the self-check. */
export function stubLesson(id: string): number | null {
  if (id === "self-check") return 11;
  const match = /^(\d\d)-[a-z0-9-]+$/.exec(id);
  return match === null ? null : Number(match[1]);
}

/**
 * The code of a TypeScript text with its comments removed and its white space outside string and
 * template literals removed: two texts that differ only in formatting and comments give the same
 * result. Literals are kept as they are, so a changed message still counts as a change.
 */
export function codeOnly(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      if (!/\s/.test(c)) out += c;
      i += 1;
    }
  }
  return out;
}

/** How many `TODO(lesson N)` markers of `lesson` the text holds. */
export function markerCount(text: string, lesson: number): number {
  return text.split(`TODO(lesson ${lesson})`).length - 1;
}

/** What {@link stubProblem} compares a stub with, besides its worked answer. */
export interface StubCheckOptions {
  /** The stub as saved before (`exercises/_cli/pristine/<id>/<file>.txt`), or null for a new stub. */
  saved?: string | null;
  /** True when the author removed blanks on purpose (`sync-pristine.ts --fewer-markers`). */
  fewerMarkersAllowed?: boolean;
}

/**
 * Why `text`, the stub `file` of the exercise folder `id`, must not be saved as its pristine copy,
 * or `null` when it may: it is the worked answer `answer` (comments and white space aside), it has
 * no `TODO(lesson N)` marker of its lesson, or it has fewer of them than the stub saved before.
 * `answer` is `null` when there is no worked answer to compare.
 */
export function stubProblem(id: string, file: string, text: string, answer: string | null, options: StubCheckOptions = {}): string | null {
  const lesson = stubLesson(id);
  const where = `exercises/${id}/${file}`;
  if (answer !== null && codeOnly(text) === codeOnly(answer)) {
    return `${where} is the worked answer in solutions/${id}/${file} (comments and white space aside): saving it would hand the answer to every learner. Put the stub back (git checkout ${where}).`;
  }
  if (lesson === null) return null;
  const count = markerCount(text, lesson);
  if (count === 0) {
    return `${where} has no TODO(lesson ${lesson}) marker: a stub marks every blank a learner fills in. Put the stub back (git checkout ${where}) or mark its blanks.`;
  }
  const saved = options.saved ?? null;
  const before = saved === null ? 0 : markerCount(saved, lesson);
  if (count < before && options.fewerMarkersAllowed !== true) {
    return (
      `${where} has ${count} TODO(lesson ${lesson}) marker${count === 1 ? "" : "s"}, the stub saved before had ${before}: ` +
      `a blank was filled in or its marker lost. Put the marker back, or, if you removed a blank on purpose, run sync-pristine with --fewer-markers.`
    );
  }
  return null;
}
