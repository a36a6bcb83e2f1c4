/**
 * What `sync-pristine.ts` checks before it saves a stub as the one learners start from: that it is
 * still a stub. An author who tried an exercise in `exercises/` and then edited a stub would
 * otherwise save the answer as the pristine copy: a complete solution would then grade as "not
 * started", and `--reset` would hand out the worked answer.
 *
 * @module
 */

/** The lesson a stub's `TODO(lesson N)` markers name: an exercise's number, 11 for the self-check. */
export function stubLesson(id: string): number | null {
  if (id === "self-check") return 11;
  const match = /^(\d\d)-[a-z0-9-]+$/.exec(id);
  return match === null ? null : Number(match[1]);
}

/** A text with every run of white space made one space, and none at either end: what formatting leaves alone. */
function collapsed(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Why `text`, the stub `file` of the exercise folder `id`, must not be saved as its pristine copy,
 * or `null` when it may: it is the worked answer `answer` (white space aside), or it has no
 * `TODO(lesson N)` marker of its lesson. `answer` is `null` when there is no worked answer to compare.
 */
export function stubProblem(id: string, file: string, text: string, answer: string | null): string | null {
  const lesson = stubLesson(id);
  const where = `exercises/${id}/${file}`;
  if (answer !== null && collapsed(text) === collapsed(answer)) {
    return `${where} is the worked answer in solutions/${id}/${file}: saving it would hand the answer to every learner. Put the stub back (git checkout ${where}).`;
  }
  if (lesson !== null && !text.includes(`TODO(lesson ${lesson})`)) {
    return `${where} has no TODO(lesson ${lesson}) marker: a stub marks every blank a learner fills in. Put the stub back (git checkout ${where}) or mark its blanks.`;
  }
  return null;
}
