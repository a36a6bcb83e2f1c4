/**
 * The playground page: panel 1 traces one `prepareCall` as you type, panel 2 runs one scripted
 * model turn through the real `AgentRunner` and draws its batches. Everything it shows comes from
 * `model.ts`; this file only reads the controls and draws.
 *
 * @module
 */
import { flowchartMarks, flowchartSvg } from "./flowchart.js";
import { preparePlayground, runTurn, SIM_TOOLS, unsafeOverlap, type PrepareView, type TurnCall, type TurnView } from "./model.js";
import { CALL_PRESETS, TURN_PRESETS } from "./presets.js";
import { LESSON_SCHEMAS, type SimOutcome } from "./tools.js";
import { decodeState, encodeState, schemaText, type PlaygroundState } from "./url-state.js";
import { show } from "./show.js";

const $ = <T extends Element>(selector: string): T => {
  const found = document.querySelector<T>(selector);
  if (found === null) throw new Error(`missing element ${selector}`);
  return found;
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.append(child);
  return node;
}

/** Lights the flowchart's boxes and arrows for `view`. */
function lightFlowchart(svg: Element, view: PrepareView): void {
  const marks = flowchartMarks(view);
  for (const node of Array.from(svg.querySelectorAll(".node, .edge"))) {
    const mark = marks.get(node.id.replace(/^fc-(?:edge-)?/, ""));
    node.classList.remove("ok", "failed", "reached");
    if (mark !== undefined) node.classList.add(mark);
  }
}

let state: PlaygroundState = decodeState(location.hash);

function saveState(): void {
  const hash = `#${encodeState(state)}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

// ---------------------------------------------------------------------------------------------
// Panel 1: prepareCall, live.

const toolSelect = (): HTMLSelectElement => $("#tool");
const schemaInput = (): HTMLTextAreaElement => $("#schema");
const nameInput = (): HTMLInputElement => $("#call-name");
const argsInput = (): HTMLTextAreaElement => $("#call-args");

function fillPanel1(): void {
  const select = toolSelect();
  select.replaceChildren(...Object.keys(LESSON_SCHEMAS).map((name) => el("option", { value: name, textContent: name })));
  if (!(state.prepare.tool in LESSON_SCHEMAS)) select.append(el("option", { value: state.prepare.tool, textContent: state.prepare.tool }));
  select.value = state.prepare.tool;
  schemaInput().value = state.prepare.schema;
  nameInput().value = state.prepare.name;
  argsInput().value = state.prepare.args;
}

/** The preset buttons, made once: a button that loads a preset keeps the keyboard's focus. */
function fillCallPresets(): void {
  $("#call-presets").replaceChildren(
    ...CALL_PRESETS.map((p) => {
      const button = el("button", {
        type: "button",
        className: "preset",
        textContent: p.label,
        onclick: () => {
          state.prepare = { tool: p.tool, schema: schemaText(p.tool), name: p.name, args: p.args };
          fillPanel1();
          updatePanel1();
        },
      });
      button.dataset["preset"] = p.id;
      return button;
    }),
  );
}

function renderSteps(view: PrepareView): void {
  const list = $("#steps");
  const verdict = $("#verdict");
  if (view.kind === "schema-error") {
    list.replaceChildren(el("li", { className: "failed", textContent: `The schema cannot be registered: ${view.message}` }));
    verdict.className = "verdict failed";
    verdict.replaceChildren(el("strong", { textContent: "No call prepared." }), " Fix the schema first.");
    return;
  }
  list.replaceChildren(
    ...view.steps.map((s) => {
      const item = el("li", { className: s.ok ? "ok" : "failed" });
      item.dataset["step"] = s.step;
      item.append(
        el("span", { className: "step-name", textContent: `${s.ok ? "✓" : "✗"} ${s.step}` }),
        el("span", { className: "step-detail", textContent: s.detail ?? "" }),
        el("code", { className: "step-io", textContent: `in:  ${show(s.input)}` }),
        el("code", { className: "step-io", textContent: `out: ${show(s.output)}` }),
      );
      return item;
    }),
  );
  if (view.failedAt === null) {
    verdict.className = "verdict ok";
    verdict.replaceChildren(el("strong", { textContent: "May execute with " }), el("code", { textContent: show(view.params) }));
  } else {
    verdict.className = "verdict failed";
    verdict.replaceChildren(
      el("strong", { textContent: `Stopped at ${view.failedAt}. The model reads:` }),
      el("pre", { id: "model-reads", textContent: view.modelReads ?? "" }),
    );
  }
}

/** One short sentence for a screen reader: where the call stopped, or that it may execute. */
function verdictSentence(view: PrepareView): string {
  if (view.kind === "schema-error") return "No call prepared: the schema cannot be registered.";
  return view.failedAt === null ? "The call may execute." : `The call stopped at ${view.failedAt}.`;
}

let announceTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Puts `text` in the status region `selector` once typing has paused, and only when it says
 * something new: the verdict is announced, not every keystroke's list of steps.
 */
function announce(selector: string, text: string, delayMs: number): void {
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    const region = $(selector);
    if (region.textContent !== text) region.textContent = text;
  }, delayMs);
}

function updatePanel1(): void {
  state.prepare = { tool: toolSelect().value, schema: schemaInput().value, name: nameInput().value, args: argsInput().value };
  const view = preparePlayground(state.prepare);
  renderSteps(view);
  lightFlowchart($("#flowchart svg"), view);
  announce("#prepare-status", verdictSentence(view), 600);
  saveState();
}

// ---------------------------------------------------------------------------------------------
// Panel 2: one model turn.

const OUTCOME_LABELS: Record<SimOutcome, string> = { ok: "answers", error: "error result", throw: "throws", hang: "hangs" };

function callRow(call: TurnCall, index: number): HTMLTableRowElement {
  const tool = el("select", { ariaLabel: `tool of call ${call.id}` });
  tool.append(...Object.keys(SIM_TOOLS).map((name) => el("option", { value: name, textContent: `${name} (${SIM_TOOLS[name]})` })));
  tool.value = call.tool;
  tool.onchange = () => updateCall(index, { tool: tool.value });
  const ms = el("input", { type: "number", min: "0", max: "10000", step: "50", value: String(call.ms), ariaLabel: `duration of call ${call.id} in ms` });
  ms.oninput = () => updateCall(index, { ms: Math.max(0, Math.min(10_000, Number(ms.value) || 0)) });
  const outcome = el("select", { ariaLabel: `outcome of call ${call.id}` });
  outcome.append(...(Object.keys(OUTCOME_LABELS) as SimOutcome[]).map((o) => el("option", { value: o, textContent: OUTCOME_LABELS[o] })));
  outcome.value = call.outcome;
  outcome.onchange = () => updateCall(index, { outcome: outcome.value as SimOutcome });
  const remove = el("button", { type: "button", className: "remove", textContent: "remove", ariaLabel: `remove call ${call.id}`, onclick: () => removeCall(index) });
  return el("tr", {}, el("td", { textContent: call.id }), el("td", {}, tool), el("td", {}, ms), el("td", {}, outcome), el("td", {}, remove));
}

function updateCall(index: number, change: Partial<TurnCall>): void {
  const call = state.calls[index];
  if (call === undefined) return;
  state.calls[index] = { ...call, ...change };
  showTurnPreset();
  saveState();
}

/** Removes a call; the keyboard's focus moves to the next call's "remove" (or the last one's), never to the page. */
function removeCall(index: number): void {
  if (state.calls.length <= 1) return;
  state.calls.splice(index, 1);
  fillCalls();
  showTurnPreset();
  saveState();
  const buttons = $("#calls tbody").querySelectorAll<HTMLButtonElement>("button.remove");
  (buttons[Math.min(index, buttons.length - 1)] ?? $<HTMLButtonElement>("#add-call")).focus();
}

function addCall(): void {
  if (state.calls.length >= 40) return;
  let n = state.calls.length + 1;
  while (state.calls.some((c) => c.id === `c${n}`)) n++;
  state.calls.push({ id: `c${n}`, tool: "read_file", ms: 200, outcome: "ok" });
  fillCalls();
  showTurnPreset();
  saveState();
}

function fillCalls(): void {
  $("#calls tbody").replaceChildren(...state.calls.map(callRow));
  // The last call cannot be removed: its button says so instead of doing nothing.
  const only = state.calls.length <= 1;
  for (const button of Array.from($("#calls tbody").querySelectorAll<HTMLButtonElement>("button.remove"))) button.setAttribute("aria-disabled", String(only));
}

/** The scripted turn whose calls are on the screen, or "" when they are the learner's own. */
function matchingTurnPreset(): string {
  const same = (a: readonly TurnCall[], b: readonly TurnCall[]): boolean =>
    a.length === b.length && a.every((c, i) => c.id === b[i]?.id && c.tool === b[i]?.tool && c.ms === b[i]?.ms && c.outcome === b[i]?.outcome);
  return TURN_PRESETS.find((p) => same(p.calls, state.calls))?.id ?? "";
}

/** The menu shows the scripted turn on the screen, so the arrow keys move from it to the next. */
function showTurnPreset(): void {
  $<HTMLSelectElement>("#turn-preset").value = matchingTurnPreset();
}

function fillPanel2(): void {
  const select = $<HTMLSelectElement>("#turn-preset");
  select.replaceChildren(el("option", { value: "", textContent: "your own calls" }), ...TURN_PRESETS.map((p) => el("option", { value: p.id, textContent: p.label })));
  select.onchange = () => {
    const preset = TURN_PRESETS.find((p) => p.id === select.value);
    if (preset !== undefined) {
      state.calls = preset.calls.map((c) => ({ ...c }));
      fillCalls();
      saveState();
    }
  };
  fillCalls();
  showTurnPreset();
  $<HTMLInputElement>("#opt-concurrent").checked = state.options.concurrentTools;
  $<HTMLInputElement>("#opt-fail").checked = state.options.failOnToolError;
  $<HTMLInputElement>("#opt-max").value = String(state.options.maxConcurrency);
  $<HTMLInputElement>("#opt-timeout").value = String(state.options.toolTimeoutMs);
}

function readOptions(): void {
  state.options = {
    concurrentTools: $<HTMLInputElement>("#opt-concurrent").checked,
    failOnToolError: $<HTMLInputElement>("#opt-fail").checked,
    maxConcurrency: Math.max(0, Math.floor(Number($<HTMLInputElement>("#opt-max").value) || 0)),
    toolTimeoutMs: Math.max(0, Math.floor(Number($<HTMLInputElement>("#opt-timeout").value) || 0)),
  };
  saveState();
}

function renderTurn(view: TurnView): void {
  const total = Math.max(view.totalMs, 1);
  const batchOf = new Map<string, number>();
  view.batches.forEach((batch, i) => batch.forEach((id) => batchOf.set(id, i)));
  const rows = state.calls.map((call) => {
    const mark = view.marks.find((m) => m.id === call.id);
    const row = el("div", { className: "lane" });
    row.dataset["call"] = call.id;
    row.append(el("span", { className: "lane-label", textContent: `${call.id} ${call.tool} · batch ${(batchOf.get(call.id) ?? 0) + 1}` }));
    const track = el("div", { className: "track" });
    if (mark !== undefined) {
      const end = mark.end ?? view.totalMs;
      const bar = el("div", { className: `bar batch-${(batchOf.get(call.id) ?? 0) % 4}${mark.end === null ? " open" : ""}` });
      bar.style.left = `${(mark.start / total) * 100}%`;
      bar.style.width = `${Math.max(0.5, ((end - mark.start) / total) * 100)}%`;
      bar.dataset["start"] = mark.start.toFixed(1);
      bar.dataset["end"] = mark.end === null ? "" : mark.end.toFixed(1);
      const span = `${mark.start.toFixed(0)}–${mark.end === null ? "still running" : `${mark.end.toFixed(0)} ms`}`;
      bar.title = `${call.id}: ${span}`;
      track.append(bar);
      row.append(track, el("span", { className: "lane-time", textContent: span }));
    } else {
      track.append(el("span", { className: "not-run", textContent: "never started" }));
      row.append(track, el("span", { className: "lane-time", textContent: "—" }));
    }
    return row;
  });
  const overlap = unsafeOverlap(view.marks);
  $("#timeline").replaceChildren(
    el("p", {
      className: overlap ? "summary failed" : "summary ok",
      textContent: `${view.batches.length} batch${view.batches.length === 1 ? "" : "es"}, ${view.totalMs.toFixed(0)} ms in all. ${overlap ? "A call that is not concurrency-safe overlapped another call." : "No unsafe call overlapped another."} Stopped: ${view.stopReason}.`,
    }),
    ...rows,
  );
  $("#tool-messages").replaceChildren(
    ...view.toolMessages.map((m) =>
      el(
        "li",
        {},
        el("code", { textContent: `{ role: "tool", tool_call_id: ${JSON.stringify(m.tool_call_id)}, name: ${JSON.stringify(m.name)} }` }),
        el("pre", { textContent: m.content }),
      ),
    ),
  );
  const end = view.error === null ? `Final answer: ${view.finalContent ?? "(none)"}` : `Run ended with ${view.stopReason}: ${view.error}`;
  $("#run-end").textContent = end;
  $("#turn-status").textContent =
    `Turn finished: ${view.batches.length} batch${view.batches.length === 1 ? "" : "es"}, ${view.totalMs.toFixed(0)} ms. ${toolMessageSummary(view)} ${end}`;
}

/** The tool messages in one sentence, each call with the first line its message starts with. */
function toolMessageSummary(view: TurnView): string {
  const parts = view.toolMessages.map((m) => `${m.tool_call_id}: ${(m.content.split("\n")[0] ?? "").slice(0, 80)}`);
  return `${parts.length} tool message${parts.length === 1 ? "" : "s"}: ${parts.join("; ")}.`;
}

let running = false;

/**
 * Runs the turn. While it runs the button says it is busy (`aria-disabled`) and ignores presses,
 * but stays focusable: a disabled button would drop the keyboard's focus to the page.
 */
async function runPanel2(): Promise<void> {
  if (running) return;
  running = true;
  readOptions();
  const button = $<HTMLButtonElement>("#run");
  button.setAttribute("aria-disabled", "true");
  $("#timeline").setAttribute("aria-busy", "true");
  $("#turn-status").textContent = "Running the turn…";
  try {
    renderTurn(await runTurn(state.calls, state.options));
  } finally {
    running = false;
    button.removeAttribute("aria-disabled");
    $("#timeline").removeAttribute("aria-busy");
    document.body.dataset["turns"] = String(Number(document.body.dataset["turns"] ?? "0") + 1);
  }
}

// ---------------------------------------------------------------------------------------------

function start(): void {
  $("#flowchart").innerHTML = flowchartSvg();
  fillCallPresets();
  fillPanel1();
  fillPanel2();
  toolSelect().onchange = () => {
    schemaInput().value = schemaText(toolSelect().value);
    if (nameInput().value.trim() === "") nameInput().value = toolSelect().value;
    updatePanel1();
  };
  for (const input of [schemaInput(), nameInput(), argsInput()]) input.addEventListener("input", updatePanel1);
  for (const id of ["#opt-concurrent", "#opt-fail", "#opt-max", "#opt-timeout"]) $(id).addEventListener("change", readOptions);
  $<HTMLButtonElement>("#add-call").onclick = addCall;
  $<HTMLButtonElement>("#run").onclick = () => void runPanel2();
  window.addEventListener("hashchange", () => {
    state = decodeState(location.hash);
    fillPanel1();
    fillPanel2();
    updatePanel1();
  });
  updatePanel1();
  performance.mark("playground-ready");
  document.body.dataset["ready"] = "true";
}

start();
