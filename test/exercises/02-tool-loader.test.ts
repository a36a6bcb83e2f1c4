/**
 * Exercise 2's rules (its README and the comments in rules.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  a concrete, public, discoverable Tool subclass is kept → "keeps a concrete, public, discoverable Tool subclass"
 * R2  only functions: null, undefined, strings, instances and lookalike objects are skipped → "skips null, undefined and objects that only look like classes"
 * R3  only subclasses of Tool: Tool itself and other classes are skipped → "skips values that are not Tool subclasses, and Tool itself"
 * R4  a name with a leading _ is private; an _ anywhere else is not → "skips private exports, and only those"
 * R5  concrete: an execute function on the prototype, inherited ones count → "keeps a subclass that inherits execute, and skips one without it"
 * R6  hidden only by discoverable === false; the flag is inherited by subclasses → "hides a class only with discoverable = false, also when it inherits it"
 * R7  resolveCollision: null → register → "registers a name nobody took in this load"
 * R8  resolveCollision: a plugin after a built-in → skip → "never lets a plugin replace a built-in"
 * R9  resolveCollision: every other pair → replace → "lets the later class win in every other collision"
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Tool, type JsonSchema } from "../../src/tools/base.js";
import { isLoadableToolClass, resolveCollision } from "../../exercises/02-tool-loader/rules.js";
import * as answer from "../../solutions/02-tool-loader/rules.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { showString } from "./_support/snapshot.js";
import { buildExport, drawnExport, exportSpec, showExport, type DrawnExport } from "./_support/gen-02.js";

class ReadTool extends Tool {
  readonly name = "read";
  readonly description = "Read.";
  readonly parameters: JsonSchema = { type: "object" };
  async execute(): Promise<unknown> {
    return "";
  }
}
abstract class BaseFsTool extends Tool {
  readonly description = "A file tool.";
  readonly parameters: JsonSchema = { type: "object" };
}
class HiddenAdapter extends ReadTool {
  static override discoverable = false;
}
/** A plain subclass of a concrete tool: it inherits execute. */
class LoudReadTool extends ReadTool {}
/** Hidden, with an execute of its own, so only the discoverable flag can hide it. */
class HiddenWithOwnExecute extends Tool {
  static override discoverable = false;
  readonly name = "hidden";
  readonly description = "Hidden.";
  readonly parameters: JsonSchema = { type: "object" };
  async execute(): Promise<unknown> {
    return "";
  }
}
/** A subclass of a hidden class: the static flag is inherited, so it is hidden too. */
class HiddenChild extends HiddenWithOwnExecute {}
/** A class whose prototype has an `execute` that is not a function. */
abstract class NotRunnable extends Tool {
  readonly description = "Not runnable.";
  readonly parameters: JsonSchema = { type: "object" };
}
Object.defineProperty(NotRunnable.prototype, "execute", { value: "run me" });
class NotATool {
  async execute(): Promise<unknown> {
    return "";
  }
}

describe("exercise 2: isLoadableToolClass", () => {
  it("keeps a concrete, public, discoverable Tool subclass", () => {
    expect(isLoadableToolClass("ReadTool", ReadTool), "a concrete subclass must be kept").toBe(true);
  });

  it("skips values that are not Tool subclasses, and Tool itself", () => {
    expect(isLoadableToolClass("Tool", Tool), "Tool itself is the base, not a tool").toBe(false);
    expect(isLoadableToolClass("NotATool", NotATool), "a class must extend Tool").toBe(false);
    expect(isLoadableToolClass("VERSION", "1.0.0")).toBe(false);
    expect(isLoadableToolClass("helper", () => 1)).toBe(false);
    expect(isLoadableToolClass("instance", new ReadTool()), "an instance is not a class").toBe(false);
  });

  it("skips null, undefined and objects that only look like classes", () => {
    expect(isLoadableToolClass("nothing", null), 'a module may export null: check typeof value === "function" first').toBe(false);
    expect(isLoadableToolClass("unset", undefined), "a module may export undefined").toBe(false);
    const lookalike = { prototype: new ReadTool() };
    expect(isLoadableToolClass("Lookalike", lookalike), "an object with a Tool prototype is still not a class: only functions can be tools").toBe(false);
  });

  it("skips private exports, and only those", () => {
    expect(isLoadableToolClass("_ReadTool", ReadTool), "a leading _ marks a private export").toBe(false);
    expect(isLoadableToolClass("Read_File_Tool", ReadTool), "an _ inside the name is not a leading one: keep it").toBe(true);
    expect(isLoadableToolClass("ReadTool_", ReadTool), "an _ at the end is not a leading one: keep it").toBe(true);
  });

  it("keeps a subclass that inherits execute, and skips one without it", () => {
    expect(isLoadableToolClass("LoudReadTool", LoudReadTool), "a subclass of a concrete tool is concrete: its execute may be its own or inherited").toBe(true);
    expect(isLoadableToolClass("BaseFsTool", BaseFsTool), "an abstract base has no execute").toBe(false);
    expect(isLoadableToolClass("NotRunnable", NotRunnable), "an execute that is not a function cannot run: check typeof").toBe(false);
  });

  it("hides a class only with discoverable = false, also when it inherits it", () => {
    expect(isLoadableToolClass("HiddenWithOwnExecute", HiddenWithOwnExecute), "static discoverable = false hides a class").toBe(false);
    expect(isLoadableToolClass("HiddenAdapter", HiddenAdapter), "discoverable = false hides a subclass of a concrete tool too").toBe(false);
    expect(isLoadableToolClass("HiddenChild", HiddenChild), "a subclass inherits the static flag, so it is hidden too").toBe(false);
    for (const flag of [undefined, 0, "no"]) {
      class Odd extends ReadTool {}
      Object.defineProperty(Odd, "discoverable", { value: flag });
      expect(isLoadableToolClass("Odd", Odd), `discoverable ${JSON.stringify(flag) ?? "undefined"} is not false: only false hides (compare with !== false)`).toBe(true);
    }
  });
});

describe("exercise 2: resolveCollision", () => {
  it("registers a name nobody took in this load", () => {
    expect(resolveCollision("builtin", null)).toBe("register");
    expect(resolveCollision("plugin", null)).toBe("register");
  });

  it("never lets a plugin replace a built-in", () => {
    expect(resolveCollision("plugin", "builtin"), "a plugin after a built-in must be skipped").toBe("skip");
  });

  it("lets the later class win in every other collision", () => {
    expect(resolveCollision("builtin", "builtin")).toBe("replace");
    expect(resolveCollision("plugin", "plugin")).toBe("replace");
    expect(resolveCollision("builtin", "plugin"), "a built-in always wins").toBe("replace");
  });
});

const rule = (id: string, sentence: string): Rule => ({ exercise: 2, id, sentence });
const showCall = (drawn: DrawnExport): string => `isLoadableToolClass(${showString(drawn.exportName)}, ${showExport(drawn.spec)})`;
const sameVerdict = (id: string, sentence: string, input: fc.Arbitrary<DrawnExport>, runs: number): Promise<void> =>
  expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: (drawn) => isLoadableToolClass(drawn.exportName, buildExport(drawn.spec)),
    answer: (drawn) => answer.isLoadableToolClass(drawn.exportName, buildExport(drawn.spec)),
    show: showCall,
    runs,
  });
/** Public names of every ordinary shape: the odd ones (white space, look-alikes of _) are R4's. */
const publicName = fc.constantFrom("ReadTool", "read_file", "Read_Tool", "ReadTool_", "WebFetchTool", "default", "x");

describe("exercise 2: isLoadableToolClass on every export", () => {
  it("R1–R3 (every kind of export): only a class that extends Tool can be kept", async () => {
    await sameVerdict(
      "R3",
      "only a subclass of Tool (not Tool itself) can be a tool; anything else a module exports is skipped.",
      fc.record({ exportName: publicName, spec: exportSpec() }),
      100,
    );
  });

  it("R4 (every export name): a name is private exactly when its first character is _", async () => {
    await sameVerdict("R4", "an export whose name starts with _ is private and skipped; an _ anywhere else, or a look-alike of _, is not.", drawnExport(), 100);
  });

  it("R5, R6 (every class chain): concrete and not hidden, with execute and discoverable own or inherited", async () => {
    const chains = fc.record({ exportName: publicName, spec: exportSpec().filter((s) => s.kind === "tool subclass") });
    await sameVerdict(
      "R5",
      "a class is concrete when reading execute on its prototype (own or inherited, a getter too) gives a function; it is hidden only when reading its static discoverable (own or inherited) gives false.",
      chains,
      100,
    );
  });
});

describe("exercise 2: resolveCollision on every pair", () => {
  it("R7–R9 (every pair): register, skip or replace", async () => {
    await expectSameAsAnswer({
      rule: rule("R8", 'null gives "register"; a plugin after a built-in gives "skip"; every other pair gives "replace".'),
      input: fc.tuple(fc.constantFrom("builtin" as const, "plugin" as const), fc.constantFrom(null, "builtin" as const, "plugin" as const)),
      learner: ([incoming, earlier]) => resolveCollision(incoming, earlier),
      answer: ([incoming, earlier]) => answer.resolveCollision(incoming, earlier),
      show: ([incoming, earlier]) => `resolveCollision(${JSON.stringify(incoming)}, ${JSON.stringify(earlier)})`,
      runs: 30,
    });
  });
});
