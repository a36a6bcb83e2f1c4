/**
 * One tool that throws `new Error("ENOENT: nope.txt")`, and what the real code sends back for it:
 * through `registry.execute`, and through the runner. Question 5 asks about both; the question's
 * explanation and lesson 7 quote both texts, and `questions.test.ts` checks the quotes.
 */
import { AgentRunner } from "../../src/agent/runner.js";
import { FakeTool, ScriptedProvider, textReply, toolCall, toolReply } from "../../src/testing/index.js";
import { ToolRegistry } from "../../src/tools/registry.js";

/** A file-reading tool that fails the way a missing file does. */
export function failingRead(): FakeTool {
  return new FakeTool({
    name: "read_file",
    description: "Read a file.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    throws: new Error("ENOENT: nope.txt"),
  });
}

/** What the real registry does with the throwing tool: rejects, or resolves with the text. */
export async function registryOutcome(): Promise<{ rejects: boolean; text: string }> {
  const registry = new ToolRegistry();
  registry.register(failingRead());
  try {
    const result = await registry.execute("read_file", { path: "nope.txt" });
    return { rejects: false, text: String(result) };
  } catch (error) {
    return { rejects: true, text: String(error) };
  }
}

/** The tool message the real runner sends when the model calls the throwing tool. */
export async function runnerText(): Promise<string> {
  const registry = new ToolRegistry();
  registry.register(failingRead());
  const provider = new ScriptedProvider([toolReply([toolCall("call_1", "read_file", { path: "nope.txt" })]), textReply("The file is missing.")]);
  const result = await new AgentRunner().run({ provider, model: "m", tools: registry, messages: [{ role: "user", content: "Read nope.txt" }] });
  const message = result.messages.find((m) => m.role === "tool");
  return typeof message?.content === "string" ? message.content : "";
}
