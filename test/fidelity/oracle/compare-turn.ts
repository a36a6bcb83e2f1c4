/**
 * The oracle's verdict on a `turn` case: the requests sent (their messages and whether tools were
 * offered), the final content, the stop reason, the tools used and the usage, compared after the
 * listed differences are taken out (`turn-explanations.ts`). Pure, like `compare.ts`.
 *
 * @module
 */
import { TURN_REWRITES, type TurnView } from "./turn-explanations.js";
import { show, wireEqual, type Case, type Wire } from "./protocol.js";

/** The verdict on one case (the same shape as `compare.ts`'s). */
export type TurnVerdict = { status: "equal" } | { status: "explained"; ids: string[] } | { status: "unlisted"; group: string; details: string[] };

/** The compared fields of a turn's output. */
export function turnView(out: Case<"turn">["upstream"]): TurnView {
  return { sent: out.sent, final: out.final, stop: out.stop, toolsUsed: out.toolsUsed, usage: out.usage };
}

/** The fields where two views differ, in a fixed order. */
export function turnDiffs(a: TurnView, b: TurnView): string[] {
  const diffs: string[] = [];
  if (a.sent.length !== b.sent.length) diffs.push("requests");
  else if (a.sent.some((s, i) => s.tools !== b.sent[i]?.tools)) diffs.push("tools offered");
  else if (a.sent.some((s, i) => !wireEqual(s.messages, b.sent[i]?.messages))) diffs.push("messages sent");
  if (!wireEqual(a.final, b.final)) diffs.push("final content");
  if (a.stop !== b.stop) diffs.push("stop reason");
  if (!wireEqual(a.toolsUsed, b.toolsUsed)) diffs.push("tools used");
  if (!wireEqual(a.usage, b.usage)) diffs.push("usage");
  return diffs;
}

/** What kind of message first differs between two request lists, for grouping. */
function firstMessageDiff(a: readonly { messages: Wire }[], b: readonly { messages: Wire }[]): string {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = (a[i]?.messages ?? []) as Wire[];
    const y = (b[i]?.messages ?? []) as Wire[];
    for (let k = 0; k < Math.max(x.length, y.length); k++) {
      if (wireEqual(x[k], y[k])) continue;
      const role = (m: Wire | undefined): string => (m !== null && typeof m === "object" && !Array.isArray(m) ? JSON.stringify(m["role"]) : "none");
      const keys = (m: Wire | undefined): string => (m !== null && typeof m === "object" && !Array.isArray(m) ? Object.keys(m).sort().join(",") : "-");
      return `message ${role(x[k])}[${keys(x[k])}] vs ${role(y[k])}[${keys(y[k])}]`;
    }
  }
  return "none";
}

/** Classifies one `turn` case. */
export function classifyTurn(c: Case<"turn">): TurnVerdict {
  let up = turnView(c.upstream);
  const ours = turnView(c.ours);
  const used: string[] = [];
  for (const r of TURN_REWRITES) {
    if (turnDiffs(up, ours).length === 0) break;
    const next = r.rewrite(c, up, ours);
    if (next !== null) {
      up = next;
      used.push(r.id);
    }
  }
  const diffs = turnDiffs(up, ours);
  if (diffs.length === 0) return used.length === 0 ? { status: "equal" } : { status: "explained", ids: [...new Set(used)].sort() };
  const where = diffs.includes("messages sent") ? `; first: ${firstMessageDiff(up.sent, ours.sent)}` : "";
  return {
    status: "unlisted",
    group: `turn: ${diffs.join(", ")} differ${where}`,
    details: [`differs: ${diffs.join(", ")}`, `upstream (after listed rewrites): ${show(up, 1500)}`],
  };
}
