/**
 * Issue 16, item 5 (the `register` half): OpenAI-compatible APIs refuse a whole request when one
 * tool name is outside `^[a-zA-Z0-9_-]{1,64}$`, so `register` refuses such a name with a
 * `TypeError`, before the schema is compiled.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TOOL_NAME_RULE, ToolRegistry } from "../../src/tools/registry.js";
import { propertyConfig } from "../properties/runs.js";
import { generatedSchemaTool } from "./schema-arbitraries.js";

const OPEN = { type: "object", properties: {} };

describe("item 5: names an API rejects", () => {
  it.each(["list files", "a".repeat(65), "get_" + "x".repeat(70), "tool.name", "tool/name", "naïve", "名前", "tab\tname", "emoji_🙂", "mcp:fs:read"])(
    "%j is refused with a TypeError that quotes the rule",
    (name) => {
      const registry = new ToolRegistry();
      const attempt = (): void => registry.register(generatedSchemaTool(name, OPEN));
      expect(attempt).toThrow(TypeError);
      expect(attempt).toThrow(`Tool name ${JSON.stringify(name)} must be 1 to 64 letters, digits, '_' or '-' (^[a-zA-Z0-9_-]{1,64}$), what OpenAI-compatible APIs accept`);
      expect(registry.size).toBe(0);
    },
  );

  it.each(["a", "read_file", "mcp_fs-list", "A".repeat(64), "_", "-", "x9"])("%j is accepted", (name) => {
    const registry = new ToolRegistry();
    registry.register(generatedSchemaTool(name, OPEN));
    expect(registry.toolNames).toEqual([name]);
  });

  it("the name is checked before the schema: a bad name with a bad schema reports the name", () => {
    expect(() => new ToolRegistry().register(generatedSchemaTool("bad name", { type: "object", properties: { s: { pattern: "(a)\\1" } } }))).toThrow(
      /^Tool name "bad name" must be/,
    );
  });

  it("register accepts exactly the names the rule matches (property)", () => {
    const nameArb = fc.oneof(fc.string({ maxLength: 70 }), fc.stringMatching(/^[\w-]{1,64}$/), fc.stringMatching(/^[\w .:/-]{60,70}$/));
    fc.assert(
      fc.property(nameArb, (name) => {
        const registry = new ToolRegistry();
        let accepted = true;
        try {
          registry.register(generatedSchemaTool(name, OPEN));
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          accepted = false;
        }
        expect(accepted).toBe(TOOL_NAME_RULE.test(name));
        expect(registry.has(name)).toBe(accepted);
      }),
      propertyConfig("register-name-rule", 500),
    );
  });
});
