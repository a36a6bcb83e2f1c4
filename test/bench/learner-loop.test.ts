import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeCommand, workDoneCopy } from "../../bench/learner-loop.js";
import { ROOT } from "../docs/root.js";

/** The test files the learner's commands run: every exercise's and every question's. */
const LEARNER_TESTS = ["test/exercises", "test/self-check"].flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith(".test.ts"))
    .map((f) => `${dir}/${f}`),
);

describe("the learner-loop bench", () => {
  let copy: ReturnType<typeof workDoneCopy>;
  beforeAll(() => {
    copy = workDoneCopy();
  });
  afterAll(() => copy.dispose());

  it("times a copy that holds every file the learner's tests import, the worked answers they compare with among them", () => {
    expect(LEARNER_TESTS.length).toBeGreaterThan(10);
    const imported = LEARNER_TESTS.flatMap((file) =>
      [...readFileSync(join(ROOT, file), "utf8").matchAll(/from "(\.\.?\/[^"]+)"/g)].map((m) => resolve(dirname(join(copy.dir, file)), (m[1] ?? "").replace(/\.js$/, ".ts"))),
    );
    expect(imported.some((path) => path.startsWith(join(copy.dir, "solutions")))).toBe(true);
    expect(imported.filter((path) => !existsSync(path))).toStrictEqual([]);
  });

  it("refuses to time a command that fails, and shows the end of its output", () => {
    expect(timeCommand(["run", "workbook-version"], copy.dir)).toBeGreaterThan(0);
    expect(() => timeCommand(["run", "no-such-script"], copy.dir)).toThrow(/npm run no-such-script exited with 1, so its time is not the loop's:\n[\s\S]*no-such-script/);
  });
});
