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
    expect(isLoadableToolClass("nothing", null), "a module may export null: check typeof value === \"function\" first").toBe(false);
    expect(isLoadableToolClass("unset", undefined), "a module may export undefined").toBe(false);
    const lookalike = { prototype: new ReadTool() };
    expect(isLoadableToolClass("Lookalike", lookalike), "an object with a Tool prototype is still not a class: only functions can be tools").toBe(false);
  });

  it("skips private exports, abstract bases and non-discoverable classes", () => {
    expect(isLoadableToolClass("_ReadTool", ReadTool), "a leading _ marks a private export").toBe(false);
    expect(isLoadableToolClass("BaseFsTool", BaseFsTool), "an abstract base has no execute").toBe(false);
    expect(isLoadableToolClass("HiddenAdapter", HiddenAdapter), "discoverable = false hides a class").toBe(false);
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
