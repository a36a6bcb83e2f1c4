/**
 * Exercise 2's generators reach every corner its rules name, on a fixed sample: every kind of
 * export, class chains with `execute` and `discoverable` own, inherited, overridden, as fields and
 * as getters, falsy flags that are not `false`, and export names with `_` in every place.
 */
import { describe, expect, it } from "vitest";
import { Tool } from "../../../src/tools/base.js";
import { holds } from "../_support/domain.js";
import { buildExport, drawnExport, exportName, exportSpec, type ExportSpec } from "../_support/gen-02.js";
import { expectReach } from "../_support/reach.js";
import * as answer from "../../../solutions/02-tool-loader/rules.js";

const levels = (spec: ExportSpec): number => ("levels" in spec ? spec.levels.length : 0);

describe("exercise 2's generators", () => {
  it("exports reach every kind, and chains every way of setting execute and discoverable", () => {
    const chain = (test: (spec: Extract<ExportSpec, { kind: "tool subclass" }>) => boolean) => (spec: ExportSpec) => spec.kind === "tool subclass" && test(spec);
    const reach = expectReach(
      "exportSpec",
      exportSpec(),
      {
        "a Tool subclass": (s) => s.kind === "tool subclass",
        "a direct subclass of Tool": chain((s) => s.direct),
        "a class that does not extend Tool": (s) => s.kind === "class that does not extend Tool",
        "Tool itself": (s) => s.kind === "Tool itself",
        "an arrow function": (s) => s.kind === "function" && s.arrow,
        "an instance": (s) => s.kind === "instance",
        "an object with a Tool prototype": (s) => s.kind === "lookalike",
        null: (s) => s.kind === "value" && s.value === null,
        undefined: (s) => s.kind === "value" && s.value === undefined,
        "a string": (s) => s.kind === "value" && typeof s.value === "string",
        "execute inherited from two levels up": chain(
          (s) => s.levels.length === 3 && s.levels[0]?.execute.kind === "method" && s.levels.slice(1).every((l) => l.execute.kind === "none"),
        ),
        "execute as a getter of a function": chain((s) => s.levels.some((l) => l.execute.kind === "getter of a function")),
        "execute as a getter of a value": chain((s) => s.levels.some((l) => l.execute.kind === "getter of a value")),
        "an inherited execute hidden by an own value": chain((s) => s.levels[0]?.execute.kind === "method" && s.levels.at(-1)?.execute.kind === "value"),
        "discoverable false inherited": chain(
          (s) =>
            s.levels.length >= 2 &&
            s.levels[0]?.discoverable.kind === "field" &&
            s.levels[0].discoverable.value === false &&
            s.levels.slice(1).every((l) => l.discoverable.kind === "none"),
        ),
        "discoverable false as a getter": chain((s) => s.levels.some((l) => l.discoverable.kind === "getter" && l.discoverable.value === false)),
        "discoverable 0": chain((s) => s.levels.some((l) => l.discoverable.kind !== "none" && l.discoverable.value === 0)),
        "discoverable undefined": chain((s) => s.levels.some((l) => l.discoverable.kind === "field" && l.discoverable.value === undefined)),
        "discoverable false overridden by true below": chain(
          (s) =>
            s.levels[0]?.discoverable.kind === "field" &&
            s.levels[0].discoverable.value === false &&
            s.levels.at(-1)?.discoverable.kind === "field" &&
            (s.levels.at(-1)?.discoverable as { value?: unknown }).value === true,
        ),
        "a class whose own name starts with _": chain((s) => s.levels.some((l) => l.className.startsWith("_"))),
      },
      { size: levels, samples: 4_000 },
    );
    expect(reach.largest).toBe(3);
  });

  it("export names reach _ first, inside and last, look-alikes of _, and white space first", () => {
    const reach = expectReach(
      "exportName",
      exportName(),
      {
        "_ first": (n) => n.startsWith("_"),
        "__ first": (n) => n.startsWith("__"),
        "_ inside only": (n) => !n.startsWith("_") && n.slice(1, -1).includes("_"),
        "_ last only": (n) => !n.startsWith("_") && n.endsWith("_"),
        "a look-alike of _ first": (n) => /^[\uff3f\u2017]/.test(n),
        "white space, then _": (n) => /^\s+_/u.test(n),
        "white space at an end": holds.leadingOrTrailingSpace,
        "a prototype-looking name": holds.prototypeKey,
        empty: (n) => n === "",
      },
      { size: (n) => n.length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(10);
  });

  it("drawn exports reach both verdicts, and classes kept and skipped for their name alone", () => {
    const verdict = (d: { exportName: string; spec: ExportSpec }): boolean => answer.isLoadableToolClass(d.exportName, buildExport(d.spec));
    expectReach("drawnExport", drawnExport(), {
      kept: verdict,
      skipped: (d) => !verdict(d),
      "skipped for its name alone": (d) => !verdict(d) && answer.isLoadableToolClass(d.exportName.replace(/^_+/, "") || "x", buildExport(d.spec)),
      "a direct subclass kept": (d) => verdict(d) && Object.getPrototypeOf(buildExport(d.spec)) === Tool,
    });
  });
});
