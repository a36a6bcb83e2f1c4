/**
 * The listed differences a `turn` case can show, each a rewrite of upstream's output that takes
 * out that difference only, so whatever else differs still shows. Each names its row of
 * docs/fidelity.md by the words it quotes.
 *
 * @module
 */
import { BUDGET_EXHAUSTED_FINALIZATION_PROMPT, MALFORMED_TOOL_CALLS_PROMPT } from "../../../src/index.js";
import type { Listing } from "./explanations.js";
import { PY_TYPE_TO_JSON } from "./python-repr.js";
import { wireEqual, type Case, type SentRequest, type TurnReply, type Wire } from "./protocol.js";

/** The compared fields of a turn's output. */
export interface TurnView {
  sent: SentRequest[];
  final: Wire;
  stop: string;
  toolsUsed: Wire;
  usage: Wire;
}

/** A listed difference of a whole run. */
export interface TurnRewrite {
  id: string;
  listing: Listing;
  summary: string;
  form: "turn";
  kinds: readonly ["turn"];
  /** Upstream's view with the difference taken out, or null when it does not apply. */
  rewrite(c: Case<"turn">, up: TurnView, ours: TurnView): TurnView | null;
}

type Message = Record<string, Wire>;

function isMessage(value: Wire | undefined): value is Message {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function messagesOf(request: SentRequest | undefined): Wire[] {
  return Array.isArray(request?.messages) ? request.messages : [];
}

/**
 * Row 64: the note sent after a reply whose every call was malformed is in the workbook's own
 * words. Where ours sends its note, upstream's message at the same place must be a user message
 * that quotes the same text the same way (after a blank line and a label line when the reply had
 * text; nothing when it had none); it is then taken as ours.
 */
export const malformedNoteWording: TurnRewrite = {
  form: "turn",
  id: "malformed-calls-note-wording",
  listing: { row: 64, quote: "in the workbook's own words, with the same rules" },
  summary: "the note after a reply whose every call was malformed: upstream's words and ours, quoting the same text the same way",
  kinds: ["turn"],
  rewrite(_c, up, ours) {
    let changed = false;
    const sent = up.sent.map((request, i) => {
      const mine = messagesOf(ours.sent[i]);
      const theirs = messagesOf(request);
      const messages = theirs.map((message, k) => {
        const our = mine[k];
        if (!isMessage(message) || !isMessage(our) || our["role"] !== "user" || message["role"] !== "user") return message;
        const ourText = our["content"];
        const upText = message["content"];
        if (typeof ourText !== "string" || typeof upText !== "string" || !ourText.startsWith(MALFORMED_TOOL_CALLS_PROMPT) || ourText === upText) return message;
        const quoted = ourText.slice(MALFORMED_TOOL_CALLS_PROMPT.length);
        const text = quoted === "" ? "" : quoted.slice(quoted.indexOf("\n", 2) + 1);
        const same = quoted === "" ? !upText.includes("\n\n") : upText.includes("\n\n") && upText.endsWith(`:\n${text}`);
        if (!same) return message;
        changed = true;
        return our;
      });
      return { ...request, messages };
    });
    return changed ? { ...up, sent } : null;
  },
};

/** Drops tool messages without an id, answering no earlier declared call, or answering one already answered (the repair every other request gets). */
function dropOrphans(messages: readonly Wire[]): Wire[] {
  const declared = new Set<string>();
  const answered = new Set<string>();
  const out: Wire[] = [];
  for (const message of messages) {
    if (isMessage(message) && message["role"] === "assistant" && Array.isArray(message["tool_calls"])) {
      for (const call of message["tool_calls"]) if (isMessage(call) && typeof call["id"] === "string" && call["id"] !== "") declared.add(call["id"]);
    }
    if (isMessage(message) && message["role"] === "tool") {
      const id = message["tool_call_id"];
      if (typeof id !== "string" || id === "" || !declared.has(id) || answered.has(id)) continue;
      answered.add(id);
    }
    out.push(message);
  }
  return out;
}

/**
 * Row 56: upstream sends the request after the iteration limit unrepaired, so a result whose id
 * is empty or repeated is sent there (and only there); ours repairs it like every other request.
 */
export const finalRequestUnrepaired: TurnRewrite = {
  form: "turn",
  id: "final-request-unrepaired",
  listing: { row: 56, quote: "The request after the iteration limit gets the same repairs" },
  summary: "the request after the iteration limit: upstream sends results with an empty or repeated id as they are, ours drops them as in every request",
  kinds: ["turn"],
  rewrite(_c, up) {
    const last = up.sent.at(-1);
    const messages = messagesOf(last);
    const prompt = messages.at(-1);
    if (last === undefined || last.tools || !isMessage(prompt) || prompt["content"] !== BUDGET_EXHAUSTED_FINALIZATION_PROMPT) return null;
    const repaired = dropOrphans(messages);
    if (repaired.length === messages.length) return null;
    return { ...up, sent: [...up.sent.slice(0, -1), { ...last, messages: repaired }] };
  },
};

const TOOL_REASONS = new Set(["tool_calls", "function_call", "stop"]);

/** True when `reply` is blank and its calls (if any) were not run: upstream retries it, or ends with `empty_final_response`. */
function blankUnrun(reply: TurnReply | undefined): boolean {
  if (reply === undefined) return false;
  if (reply.content !== null && reply.content.trim() !== "") return false;
  const named = reply.calls.filter((call) => typeof call.name === "string" && call.name !== "");
  const finish = "finish" in reply ? reply.finish : "stop";
  return !(named.length > 0 && typeof finish === "string" && TOOL_REASONS.has(finish));
}

/**
 * Row 26: a blank reply that would end the run is retried by upstream (twice, then once more
 * without tools), and a blank final answer ends with `empty_final_response`; ours completes with
 * it. The requests up to it must agree; what upstream does after it is taken as ours.
 */
export const blankReplyRetried: TurnRewrite = {
  form: "turn",
  id: "blank-reply-retried",
  listing: { row: 26, quote: "a blank reply is retried" },
  summary: "a blank reply that ends the run: upstream asks again, ours completes with it",
  kinds: ["turn"],
  rewrite(c, up, ours) {
    if (ours.stop !== "completed" || ours.sent.length > c.input.replies.length) return null;
    if (!blankUnrun(c.input.replies[ours.sent.length - 1])) return null;
    if (up.sent.length < ours.sent.length) return null;
    return { sent: up.sent.slice(0, ours.sent.length), final: ours.final, stop: ours.stop, toolsUsed: ours.toolsUsed, usage: ours.usage };
  },
};

/**
 * Row 63: a reply without a positive token total is estimated by upstream with a tokenizer;
 * ours counts the request only. The request counts must agree; the sums are then taken as ours.
 */
export const usageEstimated: TurnRewrite = {
  form: "turn",
  id: "usage-estimated",
  listing: { row: 63, quote: "counts the request and adds no tokens" },
  summary: "a reply that reports no positive token total: upstream adds an estimate, ours the request only",
  kinds: ["turn"],
  rewrite(_c, up, ours) {
    if (!isMessage(up.usage) || !isMessage(ours.usage) || !Object.hasOwn(up.usage, "estimated_tokens")) return null;
    if (!wireEqual(up.usage["request_count"], ours.usage["request_count"])) return null;
    return { ...up, usage: ours.usage };
  },
};

/** Upstream's view with `change` applied to each message of each request (given ours at the same place); null when nothing changed. */
function mapMessages(up: TurnView, ours: TurnView, change: (message: Message, our: Wire | undefined) => Message): TurnView | null {
  let changed = false;
  const sent = up.sent.map((request, i) => {
    const mine = messagesOf(ours.sent[i]);
    const messages = messagesOf(request).map((message, k) => {
      if (!isMessage(message)) return message;
      const next = change(message, mine[k]);
      if (next !== message) changed = true;
      return next;
    });
    return { ...request, messages };
  });
  return changed ? { ...up, sent } : null;
}

const NOT_OBJECT_GOT = /parameters must be a JSON object, got (\w+)\./;

/** Row 5: a tool message saying the arguments are no object names the Python type upstream, the JSON type ours. */
export const pythonTypeNamesInTurns: TurnRewrite = {
  form: "turn",
  id: "python-type-names-in-tool-messages",
  listing: { row: 5, quote: "errors name Python types: `str`, `list`, `int`" },
  summary: "a tool message saying the arguments are no object: upstream names the Python type, ours the JSON type",
  kinds: ["turn"],
  rewrite(_c, up, ours) {
    return mapMessages(up, ours, (message) => {
      const content = message["content"];
      if (message["role"] !== "tool" || typeof content !== "string") return message;
      const match = NOT_OBJECT_GOT.exec(content);
      const json = match === null ? undefined : PY_TYPE_TO_JSON[match[1] as string];
      if (match === null || json === undefined || json === match[1]) return message;
      return { ...message, content: content.replace(NOT_OBJECT_GOT, `parameters must be a JSON object, got ${json}.`) };
    });
  },
};

function parsed(text: Wire | undefined): Wire | undefined {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text) as Wire;
  } catch {
    return undefined;
  }
}

/** Row 15: replayed arguments are written by `json.dumps` upstream and `JSON.stringify` ours; the same JSON value is taken as ours. */
export const argumentsSpacing: TurnRewrite = {
  form: "turn",
  id: "replayed-arguments-spacing",
  listing: { row: 15, quote: "replayed arguments written by `json.dumps`" },
  summary: "an assistant message's call arguments: the same JSON, in Python's spacing upstream and JavaScript's ours",
  kinds: ["turn"],
  rewrite(_c, up, ours) {
    return mapMessages(up, ours, (message, our) => {
      const calls = message["tool_calls"];
      const ourCalls = isMessage(our) ? our["tool_calls"] : undefined;
      if (!Array.isArray(calls) || !Array.isArray(ourCalls) || calls.length !== ourCalls.length) return message;
      let changed = false;
      const next = calls.map((call, i) => {
        const mine = ourCalls[i];
        if (!isMessage(call) || !isMessage(mine) || !isMessage(call["function"]) || !isMessage(mine["function"])) return call;
        const a = call["function"]["arguments"];
        const b = mine["function"]["arguments"];
        if (a === b) return call;
        const x = parsed(a);
        const y = parsed(b);
        if (x === undefined || y === undefined || !wireEqual(x, y)) return call;
        changed = true;
        return { ...call, function: { ...call["function"], arguments: b } } as Wire;
      });
      return changed ? { ...message, tool_calls: next } : message;
    });
  },
};

/** Every turn rewrite, in the order they are tried. */
export const TURN_REWRITES: readonly TurnRewrite[] = [
  finalRequestUnrepaired,
  argumentsSpacing,
  pythonTypeNamesInTurns,
  malformedNoteWording,
  blankReplyRetried,
  usageEstimated,
];
