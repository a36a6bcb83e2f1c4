/**
 * The copy of the conversation the runner sends to the model each turn (lesson 8). The run's own
 * `messages` are never changed: the history a caller passes in may hold what an
 * OpenAI-compatible server refuses — a tool result whose call no assistant message declared, a
 * declared call without a result (a run aborted part-way), a call without a name — or old
 * results far over the limit. The copy is repaired, in upstream's order (`context_governance.py`):
 *
 * 1. an assistant message's tool calls without a valid name are dropped, and the message with
 *    them when nothing else is left of it;
 * 2. a tool message is dropped when its `tool_call_id` is missing, was not declared by an
 *    earlier assistant message, or was already answered;
 * 3. a declared call that no tool message answers gets {@link MISSING_TOOL_RESULT_MESSAGE}, after
 *    the tool messages that follow its assistant message;
 * 4. steps 2 and 3 once more (a call declared twice gets one stand-in);
 * 5. every tool message from earlier history is held to the same rules as a fresh result: an
 *    empty or blank one becomes `(<name> completed with no output)`, one over the limit is saved
 *    under the workspace and replaced by the reference, or cut (`toolMessageContent`).
 *
 * Steps 1–4 only drop, insert and pass messages along, and step 5 only changes the content of a
 * tool message, so doing step 5 last (upstream runs its second pass of 2 and 3 after it) gives the
 * same copy. Each step is one pass with sets and maps: the work grows linearly with the history.
 *
 * @module
 */
import type { ChatMessage } from "../providers/base.js";
import { MISSING_TOOL_RESULT_MESSAGE } from "../tools/messages.js";
import { toolMessageContent } from "./tool-message.js";
import { isEmptyToolResult } from "./result-text.js";

/** How the copy's tool messages are fitted: the run's result limit, and where large results are saved. */
export interface ModelHistoryOptions {
  /** Longer texts are saved (with a workspace) or cut; 0 or less disables both. */
  maxToolResultChars: number;
  /** Where large results are saved, under `.tool-results/`. */
  workspace?: string;
  /** Names the folder for this conversation's saved results. */
  sessionKey?: string;
}

type Message = ChatMessage | null | undefined;

/** A record, as Python's `isinstance(x, dict)` sees one: an object that is not an array. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Python's truth value, for the values a message may hold. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

function roleOf(message: Message): unknown {
  return isRecord(message) ? message.role : undefined;
}

/** The calls an assistant message declares, as a list (empty when it has none or they are not a list). */
function callsOf(message: Message): readonly unknown[] {
  const calls: unknown = isRecord(message) ? message.tool_calls : undefined;
  return Array.isArray(calls) ? calls : [];
}

/** The id a tool call declares, as text, or null when it has none. */
function declaredId(call: unknown): string | null {
  return isRecord(call) && truthy(call["id"]) ? String(call["id"]) : null;
}

/** The id a tool message answers, as text, or null when it has none. */
function answeredId(message: Message): string | null {
  const id: unknown = isRecord(message) ? message.tool_call_id : undefined;
  return truthy(id) ? String(id) : null;
}

/** A call that can be replayed has a name: a non-empty string in `function.name`, or in `name` when there is no `function` object. */
function hasValidName(call: unknown): boolean {
  if (!isRecord(call)) return false;
  const fn = call["function"];
  const name = isRecord(fn) ? fn["name"] : call["name"];
  return typeof name === "string" && name !== "";
}

/** Step 1: assistant tool calls without a valid name are dropped; an assistant message left with neither calls nor content goes too. */
function dropNamelessCalls(messages: readonly Message[]): Message[] {
  const out: Message[] = [];
  for (const message of messages) {
    if (roleOf(message) !== "assistant" || !truthy((message as ChatMessage).tool_calls)) {
      out.push(message);
      continue;
    }
    const calls: unknown = (message as ChatMessage).tool_calls;
    const kept = Array.isArray(calls) ? calls.filter(hasValidName) : [];
    if (Array.isArray(calls) && kept.length === calls.length) {
      out.push(message);
      continue;
    }
    const repaired: ChatMessage = { ...(message as ChatMessage) };
    if (kept.length > 0) repaired.tool_calls = kept as NonNullable<ChatMessage["tool_calls"]>;
    else delete repaired.tool_calls;
    if (kept.length === 0 && !truthy(repaired.content)) continue;
    out.push(repaired);
  }
  return out;
}

/** Step 2: drops each tool message whose id is missing, not declared by an earlier assistant message, or already answered. */
function dropOrphanResults(messages: readonly Message[]): Message[] {
  const declared = new Set<string>();
  const answered = new Set<string>();
  const out: Message[] = [];
  for (const message of messages) {
    const role = roleOf(message);
    if (role === "assistant") {
      for (const call of callsOf(message)) {
        const id = declaredId(call);
        if (id !== null) declared.add(id);
      }
    } else if (role === "tool") {
      const id = answeredId(message);
      if (id === null || !declared.has(id) || answered.has(id)) continue;
      answered.add(id);
    }
    out.push(message);
  }
  return out;
}

/** The name a stand-in result carries: the call's `function.name` as text, or `""` without a `function` object. */
function standInName(call: Record<string, unknown>): string {
  const fn = call["function"];
  if (!isRecord(fn)) return "";
  const name = fn["name"];
  if (name === undefined) return "";
  return typeof name === "string" ? name : String(name);
}

/**
 * Step 3: each declared call that no tool message answers gets a stand-in result, placed after
 * the run of tool messages that follows its assistant message, in declaration order.
 */
function addMissingResults(messages: readonly Message[]): Message[] {
  const answered = new Set<string>();
  for (const message of messages) {
    if (roleOf(message) !== "tool") continue;
    const id = answeredId(message);
    if (id !== null) answered.add(id);
  }
  const missing = new Map<number, ChatMessage[]>();
  messages.forEach((message, index) => {
    if (roleOf(message) !== "assistant") return;
    for (const call of callsOf(message)) {
      const id = declaredId(call);
      if (id === null || answered.has(id)) continue;
      const standIn: ChatMessage = { role: "tool", tool_call_id: id, name: standInName(call as Record<string, unknown>), content: MISSING_TOOL_RESULT_MESSAGE };
      const list = missing.get(index);
      if (list === undefined) missing.set(index, [standIn]);
      else list.push(standIn);
    }
  });
  if (missing.size === 0) return [...messages];
  const out: Message[] = [];
  for (let i = 0; i < messages.length; ) {
    const standIns = missing.get(i);
    out.push(messages[i]);
    i++;
    if (standIns === undefined) continue;
    while (i < messages.length && roleOf(messages[i]) === "tool") out.push(messages[i++]);
    out.push(...standIns);
  }
  return out;
}

/**
 * Steps 1–4: the history with every tool message answering exactly one earlier declared call and
 * every declared call answered, by upstream's rules. Pure: neither `messages` nor any message in
 * it is changed; a message that needs a change is copied. Linear in the size of the history.
 *
 * @example
 * {@includeCode ../../docs/examples/runner.ts#repair-tool-pairs}
 */
export function repairToolPairs(messages: readonly ChatMessage[]): ChatMessage[] {
  const once = addMissingResults(dropOrphanResults(dropNamelessCalls(messages)));
  return addMissingResults(dropOrphanResults(once)) as ChatMessage[];
}

/** A saved (or cut) old result, remembered for the rest of the run. */
interface Fitted {
  content: unknown;
  fitted: string;
}

/**
 * The copies of a run's history sent to the model, one per turn (see the module comment). One
 * instance serves one run: it remembers the tool messages the run built itself, which are already
 * fitted, and the old results it has already fitted, so an old result over the limit is saved
 * once per run, not once per turn.
 */
export class ModelHistory {
  readonly #options: ModelHistoryOptions;
  readonly #own = new WeakSet<object>();
  readonly #fitted = new WeakMap<object, Fitted>();

  /** @param options - the run's result limit and where large results are saved. */
  constructor(options: ModelHistoryOptions) {
    this.#options = options;
  }

  /** Marks a tool message the run built itself: its content is already fitted and is sent as it is. */
  markOwn(message: ChatMessage): void {
    this.#own.add(message);
  }

  /**
   * The copy of `messages` to send: repaired (steps 1–4), each tool message of earlier history
   * fitted (step 5), every message a shallow copy of its own. Neither `messages` nor any message
   * in it is changed. Rejects only if reading a message throws.
   */
  async forModel(messages: readonly ChatMessage[]): Promise<ChatMessage[]> {
    const repaired = repairToolPairs(messages);
    const copies = repaired.map((message) => (isRecord(message) ? { ...message } : message));
    const pending: Promise<void>[] = [];
    copies.forEach((copy, index) => {
      const original = repaired[index];
      if (!isRecord(copy) || copy.role !== "tool" || original === undefined || this.#own.has(original)) return;
      const content: unknown = copy.content;
      const known = this.#fitted.get(original);
      if (known !== undefined && known.content === content) {
        copy.content = known.fitted;
        return;
      }
      // As upstream: a non-empty content that is not text (a list of blocks) is sent as it is.
      if (typeof content !== "string" && !isEmptyToolResult(content)) return;
      const name = truthy(copy.name) ? String(copy.name) : "tool";
      const id = answeredId(copy) ?? `tool_${index}`;
      pending.push(
        toolMessageContent(id, name, content, this.#options).then((fitted) => {
          copy.content = fitted;
          this.#fitted.set(original, { content, fitted });
        }),
      );
    });
    await Promise.all(pending);
    return copies;
  }
}
