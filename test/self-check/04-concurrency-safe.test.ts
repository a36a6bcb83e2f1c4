import { expect, it } from "vitest";
import { ToolCallRequest, type Tool } from "../../src/index.js";
import { WordCountTool } from "../../exercises/01-tool-contract/word-count.js";
import { executeTools } from "../../exercises/06-batch-execution/batches.js";
import { WriterTool } from "../exercises/_support/tools.js";
import { learner, learnerAsync } from "./_learner.js";

const EX1 = "exercise 01 (exercises/01-tool-contract/word-count.ts)";
const EX6 = "exercise 06 (exercises/06-batch-execution/batches.ts)";

it("Who declares concurrency_safe, and who enforces it?", async () => {
  // The tool declares it: only the tool knows whether it changes anything.
  const counter = learner(EX1, () => new WordCountTool());
  expect(counter.name, `${EX1}: WordCountTool's name must be "word_count"`).toBe("word_count");
  expect(counter.concurrencySafe, `${EX1}: WordCountTool only reads its input — override readOnly to return true`).toBe(true);
  expect(new WriterTool().concurrencySafe, "a tool that writes is not concurrency-safe by default").toBe(false);

  // The runner enforces it: it asks each call's tool, groups safe neighbours, and runs the rest alone.
  const tools = new Map<string, Tool>([
    ["word_count", counter],
    ["write_file", new WriterTool()],
  ]);
  const isSafe = (call: ToolCallRequest): boolean => tools.get(call.name)?.concurrencySafe === true;
  const calls = ["word_count", "word_count", "write_file", "word_count"].map(
    (name, i) => new ToolCallRequest({ id: `c${i}`, name, arguments: { text: "a b" } }),
  );
  let running = 0;
  const seen: Array<{ id: string; overlapping: number }> = [];
  const results = await learnerAsync(EX6, () =>
    executeTools(calls, isSafe, async (call) => {
      running++;
      seen.push({ id: call.id, overlapping: running });
      await new Promise((r) => setTimeout(r, 10));
      running--;
      return call.id;
    }),
  );
  expect(results, `${EX6}: executeTools must return the results in call order`).toEqual(["c0", "c1", "c2", "c3"]);
  expect(seen.find((s) => s.id === "c1")?.overlapping, `${EX6}: the two safe word_count calls must run at the same time`).toBe(2);
  expect(seen.find((s) => s.id === "c2")?.overlapping, `${EX6}: write_file is not safe — it must run alone`).toBe(1);
  expect(seen.find((s) => s.id === "c3")?.overlapping, `${EX6}: a safe call after an unsafe one starts a new batch`).toBe(1);
});
