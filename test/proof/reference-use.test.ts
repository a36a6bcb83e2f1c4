/**
 * The `uses-reference` flag (`exercises/_cli/reference-use.ts`): an exercise file that answers by
 * importing, from `src/`, the workbook's own implementation of its part (the names
 * `capstone/reference-names.ts` lists for it) is flagged, however the import is written and
 * whether the file imports it itself or through the learner's own helper file; the untouched stub
 * and the worked answer of every exercise are never flagged, nor is a file importing the helpers
 * the stubs use. A namespace or dynamic import of a module that exports one of the names is
 * flagged when it is used in any way that cannot be shown harmless (a computed key, the namespace
 * spread, stored or handed on), and not flagged when only another name is read from it.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { REFERENCE_NAMES, referenceNamesOf } from "../../exercises/_cli/capstone/reference-names.js";
import { EXERCISES_DIR, listExercises, pristineText, ROOT, SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { copiedOf } from "../../exercises/_cli/grading.js";
import { importUses, usesReference, type ReadText } from "../../exercises/_cli/reference-use.js";

const exercises = listExercises();
const SRC = join(ROOT, "src");

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null;
  }
}

/** Every `.ts` file of `src/`. */
const srcFiles = readdirSync(SRC, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => join(SRC, file));

/** The `src/` file that declares `name` (an exported function, class or constant). */
function homeOf(name: string): string {
  const declares = new RegExp(`^export (?:async )?(?:function|class|const) ${name}\\b`, "m");
  return srcFiles.find((file) => declares.test(readFileSync(file, "utf8"))) ?? expect.fail(`no src/ file declares ${name}`);
}

/** The workbook's files, with `extra` (absolute path → text) laid over them. */
function overlay(extra: ReadonlyMap<string, string>): ReadText {
  return (path) => extra.get(path) ?? readOrNull(path);
}

/** A module path from a file of `exercises/<id>/` (or `from`) to a `src/` file, as a learner writes it. */
function specTo(target: string, from: string): string {
  const rel = relative(from, target).split("\\").join("/").replace(/\.ts$/, ".js");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

const withNames = exercises.filter((exercise) => referenceNamesOf(exercise.number).length > 0);

describe("the stubs and the worked answers", () => {
  it("no exercise's stub or worked answer imports the src/ names of its own part", () => {
    for (const exercise of exercises) {
      const names = referenceNamesOf(exercise.number);
      const stubs = exercise.files.map((file) => join(EXERCISES_DIR, exercise.id, file));
      const stubTexts = new Map(exercise.files.map((file) => [join(EXERCISES_DIR, exercise.id, file), pristineText(exercise, file)]));
      expect(usesReference(stubs, names, ROOT, overlay(stubTexts)), `${exercise.id}: stub`).toBe(false);
      const answers = exercise.files.map((file) => join(SOLUTIONS_DIR, exercise.id, file));
      expect(usesReference(answers, names, ROOT), `${exercise.id}: worked answer`).toBe(false);
    }
  });

  it("every src/ value the capstone's reference of a part imports is one of its names, or a helper from a module the stubs import helpers from", () => {
    const parts = readFileSync(join(ROOT, "exercises/_cli/capstone/reference-parts.ts"), "utf8");
    const fromSrc = importUses(parts)
      .filter((use) => use.kind === "named" && use.spec.includes("/src/"))
      .flatMap((use) => use.names.map((name) => ({ name, module: use.spec.replace(/^(?:\.\.\/)+/, "") })));
    const listed = new Set(Object.values(REFERENCE_NAMES).flat());
    const stubUses = exercises.flatMap((exercise) => exercise.files.flatMap((file) => importUses(pristineText(exercise, file))));
    const stubNames = new Set(stubUses.flatMap((use) => use.names));
    const stubModules = new Set(stubUses.filter((use) => use.kind === "named").map((use) => use.spec.replace(/^(?:\.\.\/)+/, "")));
    for (const { name, module } of fromSrc) expect(listed.has(name) || stubNames.has(name) || stubModules.has(module), `${name} (${module})`).toBe(true);
  });
});

describe("an exercise answered with src/'s own implementation", () => {
  const forms = ["named", "aliased", "namespace", "default-less namespace via helper", "helper outside the folder", "dynamic", "re-export"] as const;

  it("is flagged, for every exercise and every name of its part, however the import is written", () => {
    fc.assert(
      fc.property(fc.constantFrom(...withNames), fc.nat(), fc.constantFrom(...forms), (exercise, pick, form) => {
        const names = referenceNamesOf(exercise.number);
        const name = names[pick % names.length] ?? "";
        const folder = join(EXERCISES_DIR, exercise.id);
        const file = join(folder, exercise.files[0] ?? "answer.ts");
        const home = specTo(homeOf(name), folder);
        const extra = new Map<string, string>();
        if (form === "named") extra.set(file, `import { ${name} } from "${home}";\nexport const answer = ${name};\n`);
        else if (form === "aliased") extra.set(file, `import { type Tool, ${name} as mine } from '${home}'\nexport const answer = mine\n`);
        else if (form === "namespace") extra.set(file, `import * as wb from "${specTo(join(SRC, "index.ts"), folder)}";\nexport const answer = wb.${name};\n`);
        else if (form === "default-less namespace via helper") {
          extra.set(file, `export { answer } from "./helper.js";\n`);
          extra.set(join(folder, "helper.ts"), `import * as m from "${home}";\nexport const answer = m.${name};\n`);
        } else if (form === "helper outside the folder") {
          extra.set(file, `import { answer } from "../shared/mine.js";\nexport { answer };\n`);
          extra.set(join(EXERCISES_DIR, "shared", "mine.ts"), `export { ${name} as answer } from "${specTo(homeOf(name), join(EXERCISES_DIR, "shared"))}";\n`);
        } else if (form === "dynamic") extra.set(file, `export const answer = async () => (await import("${home}")).${name};\n`);
        else extra.set(file, `export * from "${home}";\n`);
        expect(usesReference([file], names, ROOT, overlay(extra)), `${exercise.id} ${name} ${form}`).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  /** Ways of reaching a module's exports through a namespace that cannot be shown harmless; `ns` is the namespace, `key` a text naming the export. */
  const opaqueUses = [
    (ns: string, key: string) => `export const answer = ${ns}[${key}];`,
    (ns: string, key: string) => `export const answer = ${ns}?.[${key}];`,
    (ns: string) => `export const answer = Object.values(${ns})[0];`,
    (ns: string) => `export const answer = { ...${ns} };`,
    (ns: string) => `const kept = ${ns};\nexport const answer = kept;`,
    (ns: string) => `export const answer = pick(${ns});\nfunction pick(m: object): unknown { return m; }`,
    (ns: string) => `export { ${ns} };`,
  ] as const;
  /** Texts that evaluate to `name` without naming it. */
  const keyTexts = (name: string): string[] => [
    `${JSON.stringify(name.slice(0, 3))} + ${JSON.stringify(name.slice(3))}`,
    `[${[...name].map((c) => JSON.stringify(c)).join(", ")}].join("")`,
    "key",
  ];

  it("is flagged when a namespace or dynamic import of a module exporting one of its names is used in a way that cannot be shown harmless", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...withNames),
        fc.nat(),
        fc.constantFrom(...opaqueUses),
        fc.constantFrom("namespace", "default", "bound dynamic", "require"),
        fc.nat(2),
        (exercise, pick, use, form, keyForm) => {
          const names = referenceNamesOf(exercise.number);
          const name = names[pick % names.length] ?? "";
          const folder = join(EXERCISES_DIR, exercise.id);
          const file = join(folder, exercise.files[0] ?? "answer.ts");
          const home = specTo(homeOf(name), folder);
          const body = use("s", keyTexts(name)[keyForm] ?? "key");
          const binding = {
            namespace: `import * as s from "${home}";`,
            default: `import s from "${home}";`,
            require: `import s = require("${home}");`,
            "bound dynamic": `const s = await import("${home}");`,
          }[form];
          const text = `${binding}\n${body}\n`;
          expect(usesReference([file], names, ROOT, overlay(new Map([[file, text]]))), `${exercise.id} ${form}: ${text}`).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is flagged when a dynamic import's result is read by a computed key, spread, or handed on", () => {
    fc.assert(
      fc.property(fc.constantFrom(...withNames), fc.nat(), (exercise, pick) => {
        const names = referenceNamesOf(exercise.number);
        const name = names[pick % names.length] ?? "";
        const folder = join(EXERCISES_DIR, exercise.id);
        const file = join(folder, exercise.files[0] ?? "answer.ts");
        const home = specTo(homeOf(name), folder);
        const key = `${JSON.stringify(name.slice(0, 2))} + ${JSON.stringify(name.slice(2))}`;
        for (const text of [
          `export const answer = async () => (await import("${home}"))[${key}];`,
          `export const answer = async () => { const { ...all } = await import("${home}"); return all; };`,
          `export const answer = () => import("${home}").then((m) => m[${key}]);`,
          `export const answer = async () => Object.values(await import("${home}"));`,
        ])
          expect(usesReference([file], names, ROOT, overlay(new Map([[file, text]]))), text).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("is not flagged for a plain read of another name through a namespace or a dynamic import of the same module", () => {
    fc.assert(
      fc.property(fc.constantFrom(...withNames), fc.nat(), fc.constantFrom("otherThing", "Tool", "default"), fc.nat(4), (exercise, pick, other, form) => {
        const names = referenceNamesOf(exercise.number);
        const name = names[pick % names.length] ?? "";
        const folder = join(EXERCISES_DIR, exercise.id);
        const file = join(folder, exercise.files[0] ?? "answer.ts");
        const home = specTo(homeOf(name), folder);
        const text = [
          `import * as s from "${home}";\nexport const answer = s.${other};\nexport type T = s.${other};\n`,
          `import s from "${home}";\nexport const answer = s?.${other};\n`,
          `export const answer = async () => (await import("${home}")).${other};\n`,
          `export const answer = async () => { const { ${other}: mine } = await import("${home}"); return mine; };\n`,
          `export const answer = async () => { const m = await import("${home}"); return m.${other}; };\n`,
        ][form];
        expect(usesReference([file], names, ROOT, overlay(new Map([[file, text ?? ""]]))), text).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it("is not flagged for importing a name that is not its part's (a helper, a type, another exercise's part)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...exercises), fc.constantFrom("isPlainObject", "describeJsonType", "toolResultToText", "RETRY_HINT"), (exercise, helper) => {
        const folder = join(EXERCISES_DIR, exercise.id);
        const file = join(folder, exercise.files[0] ?? "answer.ts");
        const names = referenceNamesOf(exercise.number);
        const typeOnly = names[0] === undefined ? "" : `import type { ${names[0]} } from "${specTo(homeOf(names[0]), folder)}";\n`;
        const text = `${typeOnly}import { ${helper} } from "${specTo(homeOf(helper), folder)}";\nexport const answer = ${helper};\n`;
        expect(usesReference([file], names, ROOT, overlay(new Map([[file, text]]))), `${exercise.id} ${helper}`).toBe(false);
      }),
      { numRuns: 60 },
    );
  });

  it("is not flagged for what a file of the tests or of the grader imports: only the learner's own files are followed", () => {
    const four = join(EXERCISES_DIR, "04-exact-names", "names.ts");
    const support = join(ROOT, "test", "exercises", "_support", "mine.ts");
    const grader = join(ROOT, "exercises", "_cli", "mine.ts");
    const extra = new Map([
      [four, 'import { a } from "../../test/exercises/_support/mine.js";\nimport { b } from "../_cli/mine.js";\nexport const answer = [a, b];\n'],
      [support, 'export { suggestToolName as a } from "../../../src/tools/suggest.js";\n'],
      [grader, 'export { toolNotFoundMessage as b } from "../../src/tools/messages.js";\n'],
    ]);
    expect(usesReference([four], referenceNamesOf(4), ROOT, overlay(extra))).toBe(false);
    extra.set(join(EXERCISES_DIR, "mine.ts"), 'export { suggestToolName as a } from "../src/tools/suggest.js";\n');
    extra.set(four, 'import { a } from "../mine.js";\nexport const answer = a;\n');
    expect(usesReference([four], referenceNamesOf(4), ROOT, overlay(extra))).toBe(true);
  });

  it("exercise 4 is not flagged for src/ names exercise 5 reuses, and exercise 5 is not flagged for exercise 4's", () => {
    const five = exercises.find((exercise) => exercise.number === 5) ?? expect.fail("no exercise 5");
    expect(referenceNamesOf(5)).not.toContain("suggestToolName");
    const answer = join(SOLUTIONS_DIR, five.id, five.files[0] ?? "");
    expect(readFileSync(answer, "utf8")).toContain("suggestToolName");
    expect(usesReference([answer], referenceNamesOf(5), ROOT)).toBe(false);
  });
});

describe("grading a learner folder", () => {
  const scratch = mkdtempSync(join(tmpdir(), "workbook-reference-use-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("flags a ten-line exercise 4 that calls src/'s suggestion and message, and nothing else of an untouched folder", () => {
    const four = exercises.find((exercise) => exercise.number === 4) ?? expect.fail("no exercise 4");
    symlinkSync(SRC, join(scratch, "src"), "junction");
    for (const exercise of exercises)
      for (const file of exercise.files) {
        mkdirSync(join(scratch, "exercises", exercise.id), { recursive: true });
        writeFileSync(join(scratch, "exercises", exercise.id, file), pristineText(exercise, file));
      }
    const dir = join(scratch, "exercises");
    expect(exercises.map((exercise) => copiedOf(exercise, dir))).toEqual(exercises.map(() => null));
    writeFileSync(
      join(dir, four.id, four.files[0] ?? ""),
      [
        'import { suggestToolName } from "../../src/tools/suggest.js";',
        'import { toolNotFoundMessage } from "../../src/tools/messages.js";',
        "",
        "export function suggestName(name: string, registered: readonly string[]): string | null {",
        "  return suggestToolName(name, registered);",
        "}",
        "",
        "export function notFoundMessage(name: string, registered: readonly string[]): string {",
        "  return toolNotFoundMessage(name, suggestName(name, registered), registered);",
        "}",
      ].join("\n"),
    );
    expect(copiedOf(four, dir)).toBe("uses-reference");
  });
});
