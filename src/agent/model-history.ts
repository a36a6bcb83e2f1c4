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
import type { ChatMessage } from "../chat/message.js";
import { MISSING_TOOL_RESULT_MESSAGE } from "./runner-texts.js";
import { cutToLimit, needsSaving, toolMessageContent, unfittedText, type FitOptions } from "./results/tool-message.js";
import { isEmptyToolResult } from "./results/result-text.js";

/** How the copy's tool messages are fitted: the run's result limit, and where large results are saved. */
export type ModelHistoryOptions = FitOptions;

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

/**
 * Step 1: assistant tool calls without a valid name are dropped; an assistant message left with
 * neither calls nor content goes too. Returns `messages` itself when nothing changes.
 */
function dropNamelessCalls(messages: readonly Message[]): readonly Message[] {
  let out: Message[] | null = null;
  messages.forEach((message, index) => {
    if (roleOf(message) !== "assistant" || !truthy((message as ChatMessage).tool_calls)) {
      out?.push(message);
      return;
    }
    const calls: unknown = (message as ChatMessage).tool_calls;
    const kept = Array.isArray(calls) ? calls.filter(hasValidName) : [];
    if (Array.isArray(calls) && kept.length === calls.length) {
      out?.push(message);
      return;
    }
    out ??= messages.slice(0, index);
    const repaired: ChatMessage = { ...(message as ChatMessage) };
    if (kept.length > 0) repaired.tool_calls = kept as NonNullable<ChatMessage["tool_calls"]>;
    else delete repaired.tool_calls;
    if (kept.length === 0 && !truthy(repaired.content)) return;
    out.push(repaired);
  });
  return out ?? messages;
}

/**
 * Step 2: drops each tool message whose id is missing, not declared by an earlier assistant
 * message, or already answered. Returns `messages` itself when nothing is dropped.
 */
function dropOrphanResults(messages: readonly Message[]): readonly Message[] {
  const declared = new Set<string>();
  const answered = new Set<string>();
  let out: Message[] | null = null;
  messages.forEach((message, index) => {
    const role = roleOf(message);
    if (role === "assistant") {
      for (const call of callsOf(message)) {
        const id = declaredId(call);
        if (id !== null) declared.add(id);
      }
    } else if (role === "tool") {
      const id = answeredId(message);
      if (id === null || !declared.has(id) || answered.has(id)) {
        out ??= messages.slice(0, index);
        return;
      }
      answered.add(id);
    }
    out?.push(message);
  });
  return out ?? messages;
}

/** The name a stand-in result carries: the call's `function.name` as text, or `""` without a `function` object. */
function standInName(call: Record<string, unknown>): string {
  const fn = call["function"];
  if (!isRecord(fn)) return "";
  const name = fn["name"];
  if (name === undefined) return "";
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a name of any other type becomes text as String makes it
  return typeof name === "string" ? name : String(name);
}

/**
 * Step 3: each declared call that no tool message answers gets a stand-in result, placed after
 * the run of tool messages that follows its assistant message, in declaration order. Returns
 * `messages` itself when every call is answered.
 */
function addMissingResults(messages: readonly Message[]): readonly Message[] {
  const answered = new Set<string>();
  for (const message of messages) {
    if (roleOf(message) !== "tool") continue;
    const id = answeredId(message);
    if (id !== null) answered.add(id);
  }
  const missing = new Map<number, ChatMessage[]>();
  let added = 0;
  messages.forEach((message, index) => {
    if (roleOf(message) !== "assistant") return;
    for (const call of callsOf(message)) {
      const id = declaredId(call);
      if (id === null || answered.has(id)) continue;
      const standIn: ChatMessage = { role: "tool", tool_call_id: id, name: standInName(call as Record<string, unknown>), content: MISSING_TOOL_RESULT_MESSAGE };
      const list = missing.get(index);
      if (list === undefined) missing.set(index, [standIn]);
      else list.push(standIn);
      added++;
    }
  });
  if (added === 0) return messages;
  // Filled by index, its length known: cheaper than growing it one push at a time.
  const out = new Array<Message>(messages.length + added);
  let at = 0;
  for (let i = 0; i < messages.length;) {
    const standIns = missing.get(i);
    out[at++] = messages[i];
    i++;
    if (standIns === undefined) continue;
    while (i < messages.length && roleOf(messages[i]) === "tool") out[at++] = messages[i++];
    for (const standIn of standIns) out[at++] = standIn;
  }
  return out;
}

/**
 * Steps 1–4: the history with every tool message answering exactly one earlier declared call and
 * every declared call answered, by upstream's rules. Pure: neither `messages` nor any message in
 * it is changed; a message that needs a change is copied, and a new array is made only when
 * something changes (a history that needs no repair costs no copy). Linear in the size of the
 * history.
 *
 * @example
 * {@includeCode ../../docs/examples/runner.ts#repair-tool-pairs}
 */
export function repairToolPairs(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const once = addMissingResults(dropOrphanResults(dropNamelessCalls(messages)));
  return addMissingResults(dropOrphanResults(once)) as readonly ChatMessage[];
}

/** An old result saved under the workspace, remembered for the rest of the run with the reference that stands in for it. */
interface Saved {
  content: unknown;
  fitted: string;
}

/**
 * The copies of a run's history sent to the model, one per turn (see the module comment). One
 * instance serves one run: it remembers the tool messages the run built itself, which are already
 * fitted, and the old results it has saved, so an old result over the limit is saved once per
 * run, not once per turn. Fitting that needs no file is done in place, without waiting.
 */
export class ModelHistory {
  readonly #options: ModelHistoryOptions;
  readonly #own = new WeakSet<object>();
  readonly #saved = new WeakMap<object, Saved>();

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
    const options = this.#options;
    const repaired = repairToolPairs(messages);
    const copies = repaired.map((message) => (isRecord(message) ? { ...message } : message));
    const saving: Promise<void>[] = [];
    copies.forEach((copy, index) => {
      const original = repaired[index];
      if (!isRecord(copy) || copy.role !== "tool" || original === undefined || this.#own.has(original)) return;
      const content: unknown = copy.content;
      // As upstream: a non-empty content that is not text (a list of blocks) is sent as it is.
      if (typeof content !== "string" && !isEmptyToolResult(content)) return;
      const name = truthy(copy.name) ? String(copy.name) : "tool";
      const text = unfittedText(name, content, options.maxToolResultChars);
      if (!needsSaving(name, text, options)) {
        copy.content = cutToLimit(name, text, options.maxToolResultChars);
        return;
      }
      const known = this.#saved.get(original);
      if (known !== undefined && known.content === content) {
        copy.content = known.fitted;
        return;
      }
      const id = answeredId(copy) ?? `tool_${index}`;
      saving.push(
        toolMessageContent(id, name, content, options).then((fitted) => {
          copy.content = fitted;
          this.#saved.set(original, { content, fitted });
        }),
      );
    });
    if (saving.length > 0) await Promise.all(saving);
    return copies;
  }
}
