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
import { describe, expect, it } from "vitest";
import { Tool, type JsonSchema } from "../../src/tools/base.js";
import { isLoadableToolClass, resolveCollision } from "../../exercises/02-tool-loader/rules.js";

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
    expect(isLoadableToolClass("LoudReadTool", LoudReadTool), "execute inherited from ReadTool still runs: look it up on the prototype chain, not with Object.hasOwn").toBe(
      true,
    );
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
