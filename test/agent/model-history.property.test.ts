/**
 * Properties of the copy of the history the runner sends each turn (`src/agent/model-history.ts`),
 * over any history — orphan results, lost results, duplicate ids, calls without names, blank and
 * oversized results, messages in any order:
 *
 * - the caller's array and messages are never changed (they are frozen, deeply, and compared);
 * - the copy follows the pairing rules: every tool message answers a call declared by an earlier
 *   assistant message and answered by no earlier tool message, every declared call is answered,
 *   every call has a name;
 * - the work grows linearly with the history: a history 8 times as long costs at most 16 times the
 *   work, counted as reads of its messages (through counting Proxies), never timed.
 *
 * `FC_RUNS` changes the number of runs (the soak uses 100,000), `FC_SEED` replays a failure.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ModelHistory, repairToolPairs } from "../../src/agent/model-history.js";
import type { ChatMessage } from "../../src/providers/base.js";
import { propertyConfig } from "../soak/runs.js";

const id = fc.constantFrom("a", "b", "c", "", "d");
const name = fc.constantFrom("grep", "read_file", "", "exec");
const call = fc.oneof(
  { weight: 4, arbitrary: fc.record({ id, type: fc.constant("function"), function: fc.record({ name, arguments: fc.constant("{}") }) }) },
  { weight: 1, arbitrary: fc.record({ id, name }) },
  { weight: 1, arbitrary: fc.constant("not a call") },
);
const content = fc.oneof(
  fc.constantFrom("", "  ", "ok", null),
  fc.integer({ min: 1, max: 300 }).map((n) => "x".repeat(n)),
);
const message = fc.oneof(
  fc.record({ role: fc.constant("user"), content: fc.constant("u") }),
  fc.record({ role: fc.constant("system"), content: fc.constant("s") }),
  fc.record({ role: fc.constant("assistant"), content }),
  fc.record({ role: fc.constant("assistant"), content, tool_calls: fc.array(call, { maxLength: 3 }) }),
  fc.record({ role: fc.constant("tool"), tool_call_id: id, name, content }, { requiredKeys: ["role"] }),
);
const history = fc.array(message, { maxLength: 12 }) as fc.Arbitrary<ChatMessage[]>;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function callName(call: unknown): unknown {
  const record = call as { function?: { name?: unknown }; name?: unknown };
  return record.function !== null && typeof record.function === "object" ? record.function.name : record.name;
}

describe("property: the copy of the history sent to the model (property)", () => {
  it("never changes the caller's history, and always pairs every call with exactly one result", async () => {
    let repaired = 0;
    await fc.assert(
      fc.asyncProperty(history, fc.constantFrom(0, 20, 16_000), async (messages, max) => {
        const before = JSON.stringify(messages);
        deepFreeze(messages);
        const sent = await new ModelHistory({ maxToolResultChars: max }).forModel(messages);
        expect(JSON.stringify(messages)).toBe(before);
        if (JSON.stringify(sent) !== before) repaired++;

        const declared = new Set<string>();
        const answered = new Set<string>();
        for (const m of sent) {
          expect(messages).not.toContain(m); // every message of the copy is a copy
          if (m.role === "assistant") {
            for (const c of m.tool_calls ?? []) {
              expect(typeof callName(c) === "string" && callName(c) !== "", JSON.stringify(c)).toBe(true);
              if (typeof c === "object" && c.id) declared.add(String(c.id));
            }
          }
          if (m.role === "tool") {
            const answers = String(m.tool_call_id);
            expect(declared.has(answers), `${answers} answers an earlier call`).toBe(true);
            expect(answered.has(answers), `${answers} is answered once`).toBe(false);
            answered.add(answers);
            if (max > 0 && m.name !== "read_file") expect(typeof m.content === "string" && m.content.trim() !== "").toBe(true);
          }
        }
        for (const declaredId of declared) expect(answered.has(declaredId), `${declaredId} is answered`).toBe(true);
      }),
      propertyConfig("the copy of the history never changes it and pairs every call", 300),
    );
    expect(repaired, "some histories needed repair").toBeGreaterThan(0);
  });

  it("costs work linear in the history's length: 8 times as long, at most 16 times the reads", async () => {
    await fc.assert(
      fc.asyncProperty(history, fc.integer({ min: 10, max: 80 }), async (pattern, n) => {
        const small = await reads(pattern, n);
        const large = await reads(pattern, 8 * n);
        expect(large.reads / Math.max(1, small.reads), `${small.reads} then ${large.reads}`).toBeLessThanOrEqual(16);
        expect(large.repairedReads / Math.max(1, small.repairedReads)).toBeLessThanOrEqual(16);
      }),
      propertyConfig("the copy of the history costs linear work", 15),
    );
  });
});

/**
 * `pattern` repeated `times` times, each repetition with its own ids (so orphans, lost results and
 * duplicates repeat too), every message and call behind a counting Proxy; returns the reads made
 * by `forModel` and by `repairToolPairs`.
 */
async function reads(pattern: ChatMessage[], times: number): Promise<{ reads: number; repairedReads: number }> {
  const counter = { reads: 0 };
  const handler: ProxyHandler<object> = {
    get: (target, key) => (counter.reads++, Reflect.get(target, key) as unknown),
    ownKeys: (target) => (counter.reads++, Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, key) => (counter.reads++, Reflect.getOwnPropertyDescriptor(target, key)),
    has: (target, key) => (counter.reads++, Reflect.has(target, key)),
  };
  const wrap = <T extends object>(value: T): T => new Proxy(value, handler) as T;
  const renamed = (value: unknown, r: number): unknown => (typeof value === "string" && value !== "" ? `${value}_${r}` : value);
  const messages: ChatMessage[] = [];
  for (let r = 0; r < times; r++) {
    for (const m of pattern) {
      const copy: Record<string, unknown> = { ...m };
      if ("tool_call_id" in m) copy["tool_call_id"] = renamed(m.tool_call_id, r);
      if (Array.isArray(m.tool_calls)) {
        copy["tool_calls"] = wrap(m.tool_calls.map((c) => (c !== null && typeof c === "object" ? wrap({ ...c, id: renamed(c.id, r) }) : c)));
      }
      messages.push(wrap(copy) as unknown as ChatMessage);
    }
  }
  await new ModelHistory({ maxToolResultChars: 100 }).forModel(messages);
  const afterForModel = counter.reads;
  repairToolPairs(messages);
  return { reads: afterForModel, repairedReads: counter.reads - afterForModel };
}
