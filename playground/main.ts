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

/** A value as the lesson's trace shows it: text in single quotes exactly as sent, the rest as JSON. */
function show(value: unknown): string {
  if (typeof value === "string") return `'${value}'`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
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
  const presets = $("#call-presets");
  presets.replaceChildren(
    ...CALL_PRESETS.map((p) =>
      el("button", {
        type: "button",
        className: "preset",
        textContent: p.label,
        onclick: () => {
          state.prepare = { tool: p.tool, schema: schemaText(p.tool), name: p.name, args: p.args };
          fillPanel1();
          updatePanel1();
        },
      }),
    ),
  );
  presets.querySelectorAll("button").forEach((b, i) => b.setAttribute("data-preset", CALL_PRESETS[i]?.id ?? ""));
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

function updatePanel1(): void {
  state.prepare = { tool: toolSelect().value, schema: schemaInput().value, name: nameInput().value, args: argsInput().value };
  const view = preparePlayground(state.prepare);
  renderSteps(view);
  lightFlowchart($("#flowchart svg"), view);
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
  const remove = el("button", { type: "button", textContent: "remove", ariaLabel: `remove call ${call.id}`, onclick: () => removeCall(index) });
  return el("tr", {}, el("td", { textContent: call.id }), el("td", {}, tool), el("td", {}, ms), el("td", {}, outcome), el("td", {}, remove));
}

function updateCall(index: number, change: Partial<TurnCall>): void {
  const call = state.calls[index];
  if (call === undefined) return;
  state.calls[index] = { ...call, ...change };
  saveState();
}

function removeCall(index: number): void {
  if (state.calls.length <= 1) return;
  state.calls.splice(index, 1);
  fillCalls();
  saveState();
}

function addCall(): void {
  if (state.calls.length >= 40) return;
  let n = state.calls.length + 1;
  while (state.calls.some((c) => c.id === `c${n}`)) n++;
  state.calls.push({ id: `c${n}`, tool: "read_file", ms: 200, outcome: "ok" });
  fillCalls();
  saveState();
}

function fillCalls(): void {
  $("#calls tbody").replaceChildren(...state.calls.map(callRow));
}

function fillPanel2(): void {
  const select = $<HTMLSelectElement>("#turn-preset");
  select.replaceChildren(el("option", { value: "", textContent: "load a turn…" }), ...TURN_PRESETS.map((p) => el("option", { value: p.id, textContent: p.label })));
  select.onchange = () => {
    const preset = TURN_PRESETS.find((p) => p.id === select.value);
    if (preset !== undefined) {
      state.calls = preset.calls.map((c) => ({ ...c }));
      fillCalls();
      saveState();
    }
    select.value = "";
  };
  fillCalls();
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
      bar.title = `${call.id}: ${mark.start.toFixed(0)}–${mark.end === null ? "still running" : mark.end.toFixed(0)} ms`;
      track.append(bar);
    } else {
      track.append(el("span", { className: "not-run", textContent: "never started" }));
    }
    row.append(track);
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
      el("li", {}, el("code", { textContent: `{ role: "tool", tool_call_id: ${JSON.stringify(m.tool_call_id)}, name: ${JSON.stringify(m.name)} }` }), el("pre", { textContent: m.content })),
    ),
  );
  $("#run-end").textContent = view.error === null ? `Final answer: ${view.finalContent ?? "(none)"}` : `Run ended with ${view.stopReason}: ${view.error}`;
}

async function runPanel2(): Promise<void> {
  readOptions();
  const button = $<HTMLButtonElement>("#run");
  button.disabled = true;
  $("#timeline").setAttribute("aria-busy", "true");
  try {
    renderTurn(await runTurn(state.calls, state.options));
  } finally {
    button.disabled = false;
    $("#timeline").removeAttribute("aria-busy");
    document.body.dataset["turns"] = String(Number(document.body.dataset["turns"] ?? "0") + 1);
  }
}

// ---------------------------------------------------------------------------------------------

function start(): void {
  $("#flowchart").innerHTML = flowchartSvg();
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
