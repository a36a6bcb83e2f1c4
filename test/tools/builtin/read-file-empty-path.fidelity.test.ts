/**
 * Fidelity of `read_file` to upstream on an empty path: upstream's schema sets no `minLength`, so
 * the call passes validation and the tool answers `Error reading file: Unknown path`; the runner
 * adds the retry hint, as for any error result. The same for `write_file`.
 */
import { describe, expect, it } from "vitest";
import { AgentRunner } from "../../../src/agent/runner.js";
import { RETRY_HINT } from "../../../src/tools/messages.js";
import { ReadFileTool } from "../../../src/tools/builtin/read-file.js";
import { WriteFileTool } from "../../../src/tools/builtin/write-file.js";
import { registryOf, ScriptedProvider, textReply, toolCall, toolReply } from "../../../src/testing/index.js";

describe("fidelity to upstream: an empty path", () => {
  it("read_file runs and answers upstream's 'Error reading file: Unknown path'", async () => {
    const registry = registryOf(new ReadFileTool({ workspace: "/tmp" }));
    expect(registry.prepareCall("read_file", { path: "" }).error).toBeNull();
    const provider = new ScriptedProvider([toolReply([toolCall("c1", "read_file", { path: "" })]), textReply("ok")]);
    const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages: [{ role: "user", content: "go" }] });
    expect(result.messages[2]?.content).toBe("Error reading file: Unknown path" + RETRY_HINT);
    expect(result.toolEvents[0]).toEqual({ name: "read_file", status: "error", detail: "Error reading file: Unknown path" });
  });

  it("write_file runs and answers upstream's 'Error writing file: Unknown path'", async () => {
    const registry = registryOf(new WriteFileTool({ workspace: "/tmp" }));
    expect(registry.prepareCall("write_file", { path: "", content: "x" }).error).toBeNull();
    expect(String(await registry.execute("write_file", { path: "", content: "x" }))).toBe("Error writing file: Unknown path" + RETRY_HINT);
  });
});
