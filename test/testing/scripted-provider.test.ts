import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/providers/base.js";
import { ScriptedProvider, textReply } from "../../src/testing/index.js";

describe("ScriptedProvider", () => {
  it("replays steps in order, calling function steps with the request", async () => {
    const provider = new ScriptedProvider([textReply("one"), (req) => textReply(`saw ${req.messages.length}`)]);
    const messages: ChatMessage[] = [{ role: "user", content: "hi" }];
    expect((await provider.chat({ model: "m", messages, tools: [] })).content).toBe("one");
    expect(provider.remaining).toBe(1);
    expect((await provider.chat({ model: "m", messages, tools: [] })).content).toBe("saw 1");
    expect(provider.remaining).toBe(0);
  });

  it("records deep copies of the messages", async () => {
    const provider = new ScriptedProvider([textReply("a")]);
    const messages: ChatMessage[] = [{ role: "user", content: "before" }];
    await provider.chat({ model: "m1", messages, tools: [] });
    (messages[0] as ChatMessage).content = "after";
    messages.push({ role: "user", content: "more" });
    expect(provider.requests).toEqual([{ model: "m1", messages: [{ role: "user", content: "before" }], tools: [] }]);
  });

  it("rejects clearly when the script runs out", async () => {
    const provider = new ScriptedProvider([]);
    await expect(provider.chat({ model: "m", messages: [], tools: [] })).rejects.toThrow(/script has only 0 step/);
    expect(provider.requests).toHaveLength(1);
  });

  it("a step that throws makes chat reject", async () => {
    const provider = new ScriptedProvider([
      () => {
        throw new Error("HTTP 500");
      },
    ]);
    await expect(provider.chat({ model: "m", messages: [], tools: [] })).rejects.toThrow("HTTP 500");
  });
});
