/**
 * With `OPENAI_BASE_URL` (and `MODEL`) set, the capstone also runs lesson 10's task with the
 * assembled agent against that server and shows what happened, ungraded. An msw server stands in
 * for the real one here; a server that cannot be reached is reported, not thrown.
 */
import { stripVTControlCharacters } from "node:util";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SOLUTIONS_DIR } from "../../exercises/_cli/catalog.js";
import { runRealModel } from "../../exercises/_cli/capstone/main.js";

const BASE = "http://real-model.test/v1";
const requests: Array<{ model?: string; messages?: Array<{ role: string; content?: string | null }> }> = [];

const server = setupServer(
  http.post(`${BASE}/chat/completions`, async ({ request }) => {
    const body = (await request.json()) as (typeof requests)[number];
    requests.push(body);
    const tool = body.messages?.find((m) => m.role === "tool");
    const message =
      tool === undefined
        ? { role: "assistant", content: null, tool_calls: [{ id: "call_real", type: "function", function: { name: "read_file", arguments: '{"path":"notes/missing.md"}' } }] }
        : { role: "assistant", content: `The file is missing (${(tool.content ?? "").split("\n")[0] ?? ""}).` };
    return HttpResponse.json({ id: "x", object: "chat.completion", choices: [{ index: 0, finish_reason: tool === undefined ? "tool_calls" : "stop", message }] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
afterAll(() => server.close());

it("runs lesson 10's task with the assembled agent against the server and shows the answer", async () => {
  const lines: string[] = [];
  await runRealModel(SOLUTIONS_DIR, { OPENAI_BASE_URL: BASE, MODEL: "local-model" }, (line) => lines.push(stripVTControlCharacters(line)));
  expect(requests.map((r) => r.model)).toEqual(["local-model", "local-model"]);
  expect(lines[1]).toBe(`Lesson 10's task with your agent and a real model: local-model at ${BASE}`);
  expect(lines).toContain('  [model]        model calls: read_file({"path":"notes/missing.md"})');
  expect(lines.some((line) => line.startsWith("  [yours]     8  call_real tool message: Error: File not found: notes/missing.md"))).toBe(true);
  expect(lines.at(-1)).toBe("  answer: The file is missing (Error: File not found: notes/missing.md). (completed)");
});

it("says so when the server cannot be reached, and does not throw", async () => {
  const lines: string[] = [];
  await runRealModel(SOLUTIONS_DIR, { OPENAI_BASE_URL: "http://127.0.0.1:9/v1" }, (line) => lines.push(stripVTControlCharacters(line)));
  expect(lines.at(-1)).toMatch(/^ {2}The run with the real model failed: /);
});

it("does nothing without OPENAI_BASE_URL", async () => {
  const lines: string[] = [];
  await runRealModel(SOLUTIONS_DIR, {}, (line) => lines.push(line));
  expect(lines).toEqual([]);
});
