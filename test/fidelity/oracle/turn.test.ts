/**
 * The `turn` kind catches each of the four turn edges the runner matches upstream on, were it to
 * go back to what it did before: each case below holds upstream's output as its own runner
 * produced it (`turn-cases.json`, recorded with the driver), and ours is run here, offline, as it
 * is and with one edge put back (`TurnVariant`). As it is, no unlisted difference; put back, the
 * comparison reports one.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { classify } from "./compare.js";
import type { Case, TurnInput, TurnOutput } from "./protocol.js";
import { ourTurn, type TurnVariant } from "./turn.js";

interface RecordedTurn {
  name: string;
  input: TurnInput;
  upstream: TurnOutput;
}

const CASES: RecordedTurn[] = JSON.parse(readFileSync(fileURLToPath(new URL("./turn-cases.json", import.meta.url)), "utf8")) as RecordedTurn[];

function caseNamed(name: string): RecordedTurn {
  const found = CASES.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no recorded turn named ${name}`);
  return found;
}

async function verdictOf(name: string, variant: TurnVariant): Promise<ReturnType<typeof classify>> {
  const recorded = caseNamed(name);
  const c: Case<"turn"> = { kind: "turn", input: recorded.input, upstream: recorded.upstream, ours: await ourTurn(recorded.input, variant) };
  return classify(c);
}

const EDGES: [edge: string, cases: string[], variant: TurnVariant, differs: RegExp][] = [
  ["an empty or null finish reason runs no tool", ["empty finish reason", "null finish reason"], "empty-finish-as-stop", /requests|messages sent/],
  ["a reply whose every call is malformed is asked again", ["every call malformed"], "no-malformed-retry", /requests|final content/],
  ["reasoning is kept and sent back", ["reasoning"], "no-reasoning", /messages sent/],
  ["usage is summed over the run", ["usage", "reasoning"], "no-usage", /usage/],
];

describe("the turn kind", () => {
  it.each(EDGES)("%s: equal to upstream as it is, an unlisted difference when put back", async (_edge, names, variant, differs) => {
    for (const name of names) {
      const fixed = await verdictOf(name, "fixed");
      expect(fixed.status, `${name}: ${JSON.stringify(fixed)}`).not.toBe("unlisted");
      const reverted = await verdictOf(name, variant);
      expect(reverted.status, name).toBe("unlisted");
      expect(reverted.status === "unlisted" ? reverted.group : "", name).toMatch(differs);
    }
  });

  it("the recorded cases are upstream's own output: the malformed reply was asked again, the reasoning sent back, the usage summed", () => {
    const malformed = caseNamed("every call malformed").upstream;
    expect(malformed.sent).toHaveLength(2);
    expect(malformed.final).toBe("the answer");
    const reasoning = caseNamed("reasoning").upstream;
    expect(JSON.stringify(reasoning.sent[1]?.messages)).toContain('"reasoning_content":"I should call echo."');
    expect(caseNamed("usage").upstream.usage).toMatchObject({ prompt_tokens: 40, completion_tokens: 7, total_tokens: 47, request_count: 2 });
  });
});
