import { describe, expect, it } from "vitest";
import { CORPUS_CALLS, corpusFloor, corpusRegistry, EXPECTED_OUTCOMES, FLOOR_VERDICTS, VERDICT_AGREES } from "../../bench/corpus.js";

// Correctness of the benchmark's corpus only: what each call must give. No timings here.
describe("the benchmark corpus", () => {
  const registry = corpusRegistry();

  it("has the eight calls of the issue, in order", () => {
    expect(CORPUS_CALLS.map((c) => [c.n, c.name])).toEqual([
      [1, "read_file"],
      [2, "read_file"],
      [3, "read_file"],
      [4, "read_file"],
      [5, "read_file"],
      [6, "ReadFile"],
      [7, "search"],
      [8, "search"],
    ]);
    expect(registry.toolNames).toEqual(["read_file", "search"]);
  });

  for (const call of CORPUS_CALLS) {
    it(`call ${call.n} (${call.name}) gives the expected outcome`, () => {
      const expected = EXPECTED_OUTCOMES[call.n];
      const prepared = registry.prepareCall(call.name, call.raw);
      if (expected === undefined) throw new Error(`no expectation for call ${call.n}`);
      if (expected.ok) {
        expect(prepared.error).toBeNull();
        expect(prepared.params).toEqual(expected.params);
      } else {
        expect(prepared.error?.isError).toBe(true);
        expect(prepared.error?.content).toBe(expected.error);
      }
    });
  }

  it("calls 1, 2, 3 and 7 succeed; 4 and 5 are not objects; 6 is not found with a suggestion; 8 misses query", () => {
    const outcome = (n: number): string => {
      const call = CORPUS_CALLS[n - 1];
      if (call === undefined) throw new Error(`no call ${n}`);
      const prepared = registry.prepareCall(call.name, call.raw);
      if (prepared.error === null) return "ok";
      const text = prepared.error.content;
      if (text.includes("parameters must be a JSON object")) return "not-an-object";
      if (text.includes("not found.") && text.includes("Did you mean 'read_file'?")) return "not-found-suggested";
      if (text.includes("missing required query")) return "missing-query";
      return text;
    };
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(outcome)).toEqual(["ok", "ok", "ok", "not-an-object", "not-an-object", "not-found-suggested", "ok", "missing-query"]);
  });

  it("leaves the corpus untouched (the object params of call 2 are not mutated)", () => {
    for (const call of CORPUS_CALLS) registry.prepareCall(call.name, call.raw);
    expect(CORPUS_CALLS[1]?.raw).toEqual({ path: "src/a.ts", offset: "10" });
  });

  it("the floor gives its verdicts, and agrees with prepareCall wherever no repair is involved", () => {
    const floor = corpusFloor();
    for (const call of CORPUS_CALLS) {
      expect(floor(call.name, call.raw), `floor, call ${call.n}`).toBe(FLOOR_VERDICTS[call.n]);
    }
    for (const n of VERDICT_AGREES) {
      const call = CORPUS_CALLS[n - 1];
      if (call === undefined) throw new Error(`no call ${n}`);
      expect(floor(call.name, call.raw), `call ${n}`).toBe(registry.prepareCall(call.name, call.raw).error === null);
    }
    // The floor neither unwraps nor casts, so it rejects the calls prepareCall repairs safely.
    for (const n of [2, 3, 7]) {
      const call = CORPUS_CALLS[n - 1];
      if (call === undefined) throw new Error(`no call ${n}`);
      expect(registry.prepareCall(call.name, call.raw).error).toBeNull();
      expect(floor(call.name, call.raw)).toBe(false);
    }
  });
});
