/**
 * The peer comparison's page (`docs/peers.md`, written by `npm run bench -- --peers`): it has a
 * section for every hostile case, the lessons link to the sections they teach, and the renderer
 * turns measured figures into ratios to the best loop. The comparison itself is not run here: it
 * takes minutes and would make `npm test` slower.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HOSTILE_CASES } from "../../bench/peers/cases.js";
import { CASE_HEADINGS, renderPeersPage, slug } from "../../bench/peers/report.js";
import type { PeerLoop } from "../../bench/peers/scenario.js";

const root = new URL("../../", import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), "utf8");

const loop = (name: string): PeerLoop => ({ name, version: "1", prepare: () => () => Promise.resolve({ toolMessages: [], thrown: null }) });

describe("docs/peers.md", () => {
  const page = read("docs/peers.md");

  it("has a section for every hostile case", () => {
    for (const c of HOSTILE_CASES) expect(page, c.id).toContain(`### ${CASE_HEADINGS[c.id]}`);
  });

  it.each([
    ["lessons/04-exact-names/README.md", 4],
    ["lessons/05-argument-processing/README.md", 5],
    ["lessons/07-errors-as-results/README.md", 7],
  ] as const)("%s links to each of its cases' rows", (file, lesson) => {
    const text = read(file);
    const cases = HOSTILE_CASES.filter((c) => c.lesson === lesson);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(text, c.id).toContain(`../../docs/peers.md#${slug(CASE_HEADINGS[c.id] ?? "")}`);
  });
});

describe("renderPeersPage", () => {
  it("shows each figure with its ratio to the best loop, and a note where a loop cannot do a row", () => {
    const page = renderPeersPage({
      loops: [loop("a"), loop("b")],
      speed: [
        {
          id: "x",
          label: "per call",
          unit: "µs/call",
          values: new Map([
            ["a", 10],
            ["b", 25],
          ]),
          notes: new Map(),
        },
        { id: "y", label: "mixed", unit: "ms", values: new Map([["a", 60]]), notes: new Map([["b", "n/a: no sequential mode"]]) },
      ],
      hostile: new Map([["scalar", new Map([["a", { verdict: "error to model" as const, received: null, text: "Error: got number" }]])]]),
      machine: "test",
      date: "2026-01-01",
    });
    expect(page).toContain("| per call | 10.0 µs/call (**1.00**) | 25.0 µs/call (**2.50**) |");
    expect(page).toContain("| mixed | 60.0 ms (**1.00**) | n/a: no sequential mode |");
    expect(page).toContain("| a | error to model | — | Error: got number |");
  });

  it("gives headings the anchors TypeDoc gives them", () => {
    expect(slug("A tool that hangs past its time limit")).toBe("a-tool-that-hangs-past-its-time-limit");
    expect(slug("An optional field given a string")).toBe("an-optional-field-given-a-string");
  });
});
