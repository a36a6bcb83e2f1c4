/**
 * The type checker `npm run exercise N -- --watch` keeps loaded between saves: one native
 * TypeScript 7 compiler, started once through its API (`typescript7/unstable/async`), which keeps
 * the parsed library, `@types/node` and `src/` files. After a save it is told which files changed,
 * parses those again and checks the learner's files only: a few milliseconds, where starting the
 * compiler again takes a few hundred.
 *
 * Its verdict is the one `tsc` prints for the learner's files (`./typecheck.js`): syntax errors
 * when there are any, otherwise the type errors, each with its chained explanation on the lines
 * that follow. Where the API cannot start, {@link startTypeChecker} (the compiler started per
 * check) answers instead.
 *
 * @module
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ROOT } from "./catalog.js";
import { startTypeChecker, type TypeChecker, type TypeProblem } from "./typecheck.js";

/** A diagnostic as the API gives it: offsets into the file, and the chain of explanations. */
export interface ApiDiagnostic {
  readonly fileName?: string | undefined;
  readonly pos: number;
  readonly code: number;
  readonly category: number;
  readonly text: string;
  readonly messageChain?: readonly ApiDiagnostic[] | undefined;
}

/** The lines of a diagnostic's message as `tsc --pretty false` prints them: the text, then its chain, depth first. */
function messageLines(diagnostic: ApiDiagnostic): string[] {
  return [diagnostic.text, ...(diagnostic.messageChain ?? []).flatMap(messageLines)];
}

/** 1-based line and column of a UTF-16 offset in `text`, as the compiler counts them. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/** The API's errors in `file` (its text given) as {@link TypeProblem}s, messages joined as `parseDiagnostics` joins them. */
export function toTypeProblems(file: string, text: string, diagnostics: readonly ApiDiagnostic[]): TypeProblem[] {
  // Category 1 is an error; warnings, suggestions and messages are not printed by tsc either.
  return diagnostics.filter((d) => d.category === 1).map((d) => ({ file, ...lineAndColumn(text, d.pos), code: d.code, message: messageLines(d).join("\n") }));
}

interface Program {
  getSyntacticDiagnostics(file: string): Promise<readonly ApiDiagnostic[]>;
  getSemanticDiagnostics(file: string): Promise<readonly ApiDiagnostic[]>;
}
interface Snapshot {
  getProject(config: string): { program: Program } | undefined;
}
interface Api {
  updateSnapshot(params: { openProjects?: string[]; fileChanges?: { changed: string[] } }): Promise<Snapshot>;
  close(): Promise<void>;
}

/** A session of the native compiler's API on a project of `files` (their imports follow), or null where it cannot start. */
async function openSession(files: readonly string[]): Promise<{ check(changed: readonly string[]): Promise<TypeProblem[]>; close(): Promise<void> } | null> {
  const dir = join(ROOT, "node_modules", ".cache", "workbook-cli");
  const config = join(dir, `tsconfig.session-${process.pid}.json`);
  let api: Api | null = null;
  try {
    // Named through a variable: the learner install has no typescript7, and TypeScript 5's type check
    // of the workbook (`exercises/_cli/tsc.mjs`) must not need its declarations.
    const nativeApi = "typescript7/unstable/async";
    const { API } = (await import(nativeApi)) as { API: new (options: { cwd: string }) => Api };
    mkdirSync(dir, { recursive: true });
    writeFileSync(config, JSON.stringify({ extends: join(ROOT, "tsconfig.json"), compilerOptions: { noEmit: true, skipLibCheck: true }, include: [], files: [...files] }));
    api = new API({ cwd: ROOT });
    let snapshot = await api.updateSnapshot({ openProjects: [config] });
    if (snapshot.getProject(config) === undefined) throw new Error("the compiler opened no project");
    const live = api;
    return {
      async check(changed) {
        if (changed.length > 0) snapshot = await live.updateSnapshot({ fileChanges: { changed: [...changed] } });
        const program = snapshot.getProject(config)?.program;
        if (program === undefined) throw new Error("the compiler lost the project");
        const texts = files.map((file) => readFileSync(file, "utf8"));
        const syntax = await Promise.all(files.map(async (file, i) => toTypeProblems(file, texts[i] ?? "", await program.getSyntacticDiagnostics(file))));
        if (syntax.some((found) => found.length > 0)) return syntax.flat();
        const types = await Promise.all(files.map(async (file, i) => toTypeProblems(file, texts[i] ?? "", await program.getSemanticDiagnostics(file))));
        return types.flat();
      },
      async close() {
        rmSync(config, { force: true });
        await live.close();
      },
    };
  } catch {
    rmSync(config, { force: true });
    await api?.close().catch(() => undefined);
    return null;
  }
}

/**
 * A type checker for the learner's `files` that stays loaded: the native compiler's API session,
 * or, where that cannot start, the compiler started per check. `check` is given the files that
 * changed since the last check (the learner's own are always read again).
 */
export function startSessionChecker(files: readonly string[]): TypeChecker {
  const wanted = files.map((f) => resolve(f));
  const session = process.env["WORKBOOK_TYPECHECK"] === "worker" ? Promise.resolve(null) : openSession(wanted);
  let fallback: TypeChecker | null = null;
  return {
    async check(checked, changed = []) {
      const live = await session;
      if (live === null) return (fallback ??= startTypeChecker()).check(checked);
      return live.check([...new Set([...wanted, ...changed.map((f) => resolve(f))])]);
    },
    async close() {
      await (await session)?.close();
      await fallback?.close();
    },
  };
}
