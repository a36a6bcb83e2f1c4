/**
 * The mutation run's routing (`test/proof/unmutated-answers.ts`): a test's import of a worked
 * answer goes to the unmutated folder outside Stryker's sandbox, what that answer imports from
 * `src/` comes back to the sandbox, and nothing else moves.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { unmutatedTarget } from "./unmutated-answers.js";

const root = join("/", "sandbox", "workbook");
const oracle = join("/", "home", "me", "workbook", "solutions");
const test = join(root, "test", "exercises", "05-argument-processing.test.ts");

describe("the unmutated worked answers of the mutation run", () => {
  it("sends a test's import of a worked answer to the unmutated folder", () => {
    expect(unmutatedTarget("../../solutions/05-argument-processing/prepare.js", test, root, oracle)).toBe(join(oracle, "05-argument-processing", "prepare.js"));
    expect(unmutatedTarget("../../solutions/09-tool-skill-mcp/mcp-tool.js", `${test}?v=1`, root, oracle)).toBe(join(oracle, "09-tool-skill-mcp", "mcp-tool.js"));
  });

  it("sends what the unmutated answer imports from src/ back to the tests' workbook", () => {
    const answer = join(oracle, "05-argument-processing", "prepare.ts");
    expect(unmutatedTarget("../../src/tools/base.js", answer, root, oracle)).toBe(join(root, "src", "tools", "base.js"));
    // A file next to it stays in the unmutated folder (Vite resolves it there itself).
    expect(unmutatedTarget("./helper.js", answer, root, oracle)).toBeNull();
  });

  it("leaves every other import alone: the learner's side, src/, packages, imports from outside test/", () => {
    expect(unmutatedTarget("../../exercises/05-argument-processing/prepare.js", test, root, oracle)).toBeNull();
    expect(unmutatedTarget("../../src/tools/base.js", test, root, oracle)).toBeNull();
    expect(unmutatedTarget("fast-check", test, root, oracle)).toBeNull();
    expect(unmutatedTarget("../../solutions/05-argument-processing/prepare.js", join(root, "src", "index.ts"), root, oracle)).toBeNull();
    expect(unmutatedTarget("../../solutions/self-check/q1.js", test, root, oracle)).toBeNull();
    expect(unmutatedTarget("\0virtual", test, root, oracle)).toBeNull();
    expect(unmutatedTarget("../../solutions/05-argument-processing/prepare.js", undefined, root, oracle)).toBeNull();
  });
});
