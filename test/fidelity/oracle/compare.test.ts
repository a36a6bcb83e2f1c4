/**
 * The fidelity oracle's comparison, checked offline on cases recorded from a real run
 * (`recorded-cases.jsonl`: the input, nanobot's output as its own code produced it, the
 * workbook's output at the time, and the verdict then). No Python and no nanobot checkout are
 * needed: this checks that the comparison sorts differences into equal, explained by a listed row,
 * and unlisted, and that every explanation points at the docs/fidelity.md row it quotes.
 *
 * Re-record with `npm run fidelity -- <nanobot> --runs 2000 --record <file>` and keep the cases of
 * interest (see docs/fidelity.md).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { classify, contentClass, EXPLANATIONS, historyRepairs, mcpNameCause, textDiffClass, valueClass, type Verdict } from "./compare.js";
import { hasNonFiniteLiteral, hasUnsafeIntegerLiteral, pyEquals } from "./explanations.js";
import { parseError, placeProblem } from "./problems.js";
import { fromWire, KINDS, toWire, wireEqual, type AnyCase, type Wire } from "./protocol.js";
import { pyFloatRepr, pyRepr } from "./python-repr.js";
import { FIDELITY_DOC, rowsOf, rowsQuoting } from "./rows.js";
import { UNSHOWN_ROWS } from "./unshown-rows.js";
import { upstreamSubset } from "./upstream-subset.js";

const FIXTURE = fileURLToPath(new URL("./recorded-cases.jsonl", import.meta.url));

type Recorded = AnyCase & { expect: Verdict };

const recorded: Recorded[] = readFileSync(FIXTURE, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Recorded);

function label(r: Recorded): string {
  const v = r.expect;
  return `${r.kind}: ${v.status === "explained" ? v.ids.join("+") : v.status === "unlisted" ? v.group : "equal"}`;
}

describe("the recorded cases", () => {
  it("hold between 50 and 200 cases, of every kind, equal, explained and unlisted", () => {
    expect(recorded.length).toBeGreaterThanOrEqual(50);
    expect(recorded.length).toBeLessThanOrEqual(240);
    for (const kind of KINDS)
      expect(
        recorded.some((r) => r.kind === kind),
        kind,
      ).toBe(true);
    for (const status of ["equal", "explained", "unlisted"])
      expect(
        recorded.some((r) => r.expect.status === status),
        status,
      ).toBe(true);
  });

  it.each(recorded.map((r, i) => [i + 1, label(r), r] as const))("case %i (%s) is classified as recorded", (_i, _label, r) => {
    const { expect: verdict, ...c } = r;
    const got = classify(c);
    if (verdict.status === "unlisted") {
      expect(got.status).toBe("unlisted");
      expect(got.status === "unlisted" ? got.group : "").toBe(verdict.group);
    } else {
      expect(got).toEqual(verdict);
    }
  });

  it("let every explanation explain at least one recorded case", () => {
    const used = new Set(recorded.flatMap((r) => (r.expect.status === "explained" ? r.expect.ids : [])));
    const unused = EXPLANATIONS.map((e) => e.id).filter((id) => !used.has(id));
    expect(unused).toEqual([]);
  });

  it("explain an integer literal past 2^53 only when ours refuses it as not exactly representable", () => {
    const probe = { name: "probe", schema: { type: "object", properties: { n: { type: "integer" } } } };
    const input = { tools: [probe], name: "probe", args: '{"n": 9007199254740993}' };
    const upstream = { outcome: "ok" as const, params: { n: { $t: "int", v: "9007199254740993" } } };
    const refused = { outcome: "error" as const, error: "Error: Invalid parameters for tool 'probe': n cannot be represented exactly" };
    expect(classify({ kind: "args", input, upstream, ours: refused })).toEqual({ status: "explained", ids: ["json-integer-literal-past-2^53"] });
    const rounded = { outcome: "ok" as const, params: { n: 9007199254740992 } };
    expect(classify({ kind: "args", input, upstream, ours: rounded }).status).toBe("unlisted");
  });

  it("turn unlisted when upstream's answer is changed, so no explanation accepts anything", () => {
    // Explanations that by design do not read upstream's answer (ours refused the schema, or the
    // input is one upstream reads and ours must not) are left out.
    const blind = new Set([
      "root-schema-not-object",
      "nan-infinity-literal",
      "schema-budget",
      "pattern-engine",
      "json-integer-literal-past-2^53",
      "mcp-non-object-input-schema",
    ]);
    for (const r of recorded.filter((x) => x.expect.status === "equal" || (x.expect.status === "explained" && !x.expect.ids.some((id) => blind.has(id))))) {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the rest pattern leaves the recorded verdict out of the case
      const { expect: _verdict, ...c } = r;
      const broken = structuredClone<AnyCase>(c);
      const up = broken.upstream as unknown as Record<string, Wire>;
      if (broken.kind === "args" || broken.kind === "schema") {
        up["outcome"] = "error";
        up["error"] = "Error: something else entirely";
      } else if (broken.kind === "result" || broken.kind === "mcp-result") up["content"] = "something else entirely";
      else if (broken.kind === "history") up["messages"] = [{ role: "user", content: "something else entirely" }];
      else if (broken.kind === "mcp-name") up["name"] = "something_else";
      else if (broken.kind === "turn") up["sent"] = [{ messages: [{ role: "user", content: "something else entirely" }], tools: true }];
      else up["description"] = "something else entirely";
      expect(classify(broken).status, label(r)).toBe("unlisted");
    }
  });
});

describe("docs/fidelity.md's paragraph on the oracle", () => {
  it("names every kind, and says how many there are", () => {
    const doc = readFileSync(FIDELITY_DOC, "utf8");
    const paragraph = doc.slice(doc.indexOf("## Checking the table against nanobot"));
    for (const kind of KINDS) expect(paragraph).toContain(`\`${kind}\``);
    expect(KINDS).toHaveLength(8);
    expect(paragraph).toContain("inputs of eight kinds");
  });
});

describe("each explanation names the docs/fidelity.md row it quotes", () => {
  const rows = rowsOf();
  it.each(EXPLANATIONS.map((e) => [e.id, e] as const))("%s", (_id, e) => {
    const quoting = rowsQuoting(e.listing.quote, rows);
    if (e.listing.row === null) {
      // Listed only in API.md's last table; once docs/fidelity.md lists it, give the row here.
      expect(quoting).toEqual([]);
    } else {
      expect(quoting).toEqual([e.listing.row]);
    }
  });
});

describe("every docs/fidelity.md row is in the oracle", () => {
  it("as an explanation, or named among the rows no input can show, and never both", () => {
    const explained = new Set(EXPLANATIONS.map((e) => e.listing.row).filter((row): row is number => row !== null));
    for (const row of rowsOf()) {
      const unshown = Object.hasOwn(UNSHOWN_ROWS, row.number);
      expect(explained.has(row.number) || unshown, `row ${row.number} has no explanation and is not named in unshown-rows.ts`).toBe(true);
      expect(explained.has(row.number) && unshown, `row ${row.number} is explained and also named in unshown-rows.ts`).toBe(false);
    }
    expect(
      Object.keys(UNSHOWN_ROWS)
        .map(Number)
        .filter((n) => !rowsOf().some((r) => r.number === n)),
    ).toEqual([]);
  });
});

describe("the pieces the explanations stand on", () => {
  it("spell values as Python's repr does", () => {
    expect(pyRepr(["fast", "full"])).toBe("['fast', 'full']");
    expect(pyRepr(["it's", 'say "hi"', "x\ny", "\u00a0", "😀"])).toBe(`["it's", 'say "hi"', 'x\\ny', '\\xa0', '😀']`);
    expect(pyRepr([null, true, 1.5, 1e21, 1e-7, { a: [1] }])).toBe("[None, True, 1.5, 1e+21, 1e-07, {'a': [1]}]");
    expect(pyFloatRepr(0.00001)).toBe("1e-05");
    expect(pyFloatRepr(123456789.125)).toBe("123456789.125");
    expect(pyFloatRepr(1e16)).toBe("1e+16");
    expect(pyFloatRepr(-0)).toBe("-0.0");
  });

  it("carry what JSON cannot across the wire", () => {
    const value = { big: 123456789012345678901n, inf: Number.POSITIVE_INFINITY, nan: Number.NaN, $t: "kept" };
    const wire = toWire(value);
    expect(wire).toEqual({
      $t: "dict",
      v: [
        ["big", { $t: "int", v: "123456789012345678901" }],
        ["inf", { $t: "float", v: "inf" }],
        ["nan", { $t: "float", v: "nan" }],
        ["$t", "kept"],
      ],
    });
    expect(fromWire(wire)).toEqual(value);
    expect(wireEqual({ $t: "float", v: "3.0" }, 3)).toBe(true);
    expect(wireEqual({ $t: "int", v: "9007199254740993" }, 9007199254740992)).toBe(false);
    expect(wireEqual({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true);
  });

  it("find bare NaN/Infinity and integer literals past 2^53 outside strings only", () => {
    expect(hasNonFiniteLiteral('{"n": NaN}')).toBe(true);
    expect(hasNonFiniteLiteral('{"n": -Infinity}')).toBe(true);
    expect(hasNonFiniteLiteral('{"n": "NaN"}')).toBe(false);
    expect(hasNonFiniteLiteral('{"n": NaN')).toBe(false);
    expect(hasUnsafeIntegerLiteral('{"n": 9007199254740993}')).toBe(true);
    expect(hasUnsafeIntegerLiteral('{"n": 9007199254740991}')).toBe(false);
    expect(hasUnsafeIntegerLiteral('{"n": "9007199254740993"}')).toBe(false);
    expect(hasUnsafeIntegerLiteral('{"n": 1e400}')).toBe(false);
  });

  it("cut a schema to what upstream reads", () => {
    const cut = upstreamSubset({
      type: "object",
      description: "kept",
      properties: { a: { type: ["integer", "string", "null"], pattern: "x" }, b: { anyOf: [{ type: "null" }] } },
      patternProperties: { "^x": {} },
    });
    expect(cut.schema).toEqual({ type: "object", description: "kept", properties: { a: { type: ["integer", "null"] }, b: {} } });
    expect(cut.dropped).toEqual(["anyOf", "pattern", "patternProperties"]);
    expect(cut.typeListsCut).toBe(true);
  });

  it('drop type "null", which upstream never checks, and compare as Python\'s == does', () => {
    expect(upstreamSubset({ type: "object", properties: { a: { type: "null" }, b: { type: ["null"] } } })).toEqual({
      schema: { type: "object", properties: { a: {}, b: {} } },
      dropped: ['type "null"'],
      typeListsCut: false,
    });
    expect(pyEquals(false, 0)).toBe(true);
    expect(pyEquals(true, { $t: "float", v: "1.0" })).toBe(true);
    expect(pyEquals([false], [0])).toBe(true);
    expect(pyEquals(false, "")).toBe(false);
    expect(pyEquals(null, 0)).toBe(false);
  });

  it("read problems and tie them to the longest path they name", () => {
    const parsed = parseError("Error: Invalid parameters for tool 'probe': x y must be >= 1; missing required a.b; a must be one of [{'a': 1}]");
    expect(parsed.problems).toEqual(["x y must be >= 1", "missing required a.b", "a must be one of [{'a': 1}]"]);
    const paths = new Set(["x", "x y", "a", "a.b"]);
    expect(placeProblem("x y must be >= 1", paths)).toMatchObject({ path: "x y", wording: "<p> must be >= 1" });
    expect(placeProblem("missing required a.b", paths)).toMatchObject({ path: "a.b", wording: "missing required <p>" });
  });

  it("name the classes the groups are made of", () => {
    expect(valueClass(" 42\u0085")).toBe("integer text, padded with U+001C–U+001F/U+0085 (Python strips, JavaScript keeps)");
    expect(valueClass("١٢")).toBe("text with non-ASCII digits");
    expect(valueClass("1_000")).toBe("integer text with _");
    expect(contentClass("(probe completed with no outpu\n... (truncated)")).toBe("the empty-result marker, cut");
    expect(textDiffClass("a b", "a\u0085b")).toBe("differs only in blank space");
    expect(mcpNameCause("mcp_a_b", "mcp_a__b")).toBe("upstream collapses runs of _");
    const call = { role: "assistant", content: "", tool_calls: [{ id: "c1", type: "function", function: { name: "t", arguments: "{}" } }] };
    expect(historyRepairs([{ role: "tool", tool_call_id: "x", name: "t", content: "r" }, call], [call], 0)).toEqual(["drops an orphan tool result"]);
  });
});
