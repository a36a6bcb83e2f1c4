/**
 * The counts and times the prose states about the suite come from `docs/counts.json`, which
 * `npm run counts` measures: each sentence of `COUNT_SENTENCES` says what the file holds, and the
 * file lists exactly the test files there are (a new or removed test file fails here until
 * `npm run counts` has counted it). The browser tests are counted from their source as well, as
 * they declare each test with a plain `it(…)`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BROWSER_TESTS } from "../browser/browser-tests.js";
import { COUNT_SENTENCES, readCounts, ROOT, testFiles, totals, written } from "./counts.js";

const counts = readCounts();
const sums = totals(counts);

describe("the suite's counts in the prose", () => {
  it("docs/counts.json lists exactly the test files of the suite", () => {
    expect(Object.keys(counts.files).sort(), "run `npm run counts`: it counts the new files and rewrites the numbers").toEqual(testFiles());
  });

  it.each(COUNT_SENTENCES.map((s) => [`${s.file}: ${s.fields.join(", ")}`, s] as const))("%s is what docs/counts.json holds", (_name, sentence) => {
    const text = readFileSync(join(ROOT, sentence.file), "utf8");
    const match = sentence.pattern.exec(text);
    expect(match, `${sentence.file} must say ${String(sentence.pattern)}`).not.toBeNull();
    sentence.fields.forEach((field, i) => {
      expect(match?.[i + 1], `${sentence.file}: ${field} (run \`npm run counts\` to rewrite it)`).toBe(written(field, sums[field]));
    });
  });

  it("the browser tests are as many as the browser project's files declare", () => {
    const declared = BROWSER_TESTS.map((f) => f)
      .map((f) => readFileSync(join(ROOT, f), "utf8"))
      .reduce((sum, text) => {
        expect(text, "a browser test file declares each test with it(…), no it.each").not.toMatch(/\b(it|test)\.each\b/);
        return sum + (text.match(/^[^\S\r\n\u2028\u2029]*(?:it|test)\(/gm) ?? []).length;
      }, 0);
    expect(sums.browserTests).toBe(declared);
  });

  it("the timed run is recorded with its size, its time, its machine's cores, its CPU time and its date", () => {
    expect(counts.timed.tests).toBeGreaterThan(0);
    expect(counts.timed.wallMinutes).toBeGreaterThan(0);
    expect(counts.timed.cores).toBeGreaterThan(0);
    expect(counts.timed.cpuMinutes).toBeGreaterThan(0);
    expect(counts.timed.on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
