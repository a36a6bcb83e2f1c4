/**
 * The oracle's verdict on one case: both sides agree (`equal`), they differ only in ways
 * docs/fidelity.md lists (`explained`, naming the explanations), or they differ in a way nothing
 * lists (`unlisted`, with a group that names the kind of difference, so that a thousand inputs
 * hitting one cause read as one line of the report).
 *
 * Pure: it reads the input and both recorded outputs and nothing else, so recorded cases can be
 * classified offline (`compare.test.ts`).
 *
 * @module
 */
import {
  bigIntegerText,
  dotDotFileName,
  persistedReferences,
  utf16Reference,
  emptyErrorMessage,
  enumAsPythonList,
  integralFloat,
  enumPythonEquality,
  typeListCastToRefused,
  mcpMalformedContent,
  mcpTransientRetry,
  placeholderMessages,
  oldTextBlocksSaved,
  textBlocksSavedAsJson,
  keywordsEnforced,
  mcpNonObjectSchema,
  nonFiniteInteger,
  nonFiniteLiteral,
  nonTextResult,
  patternEngine,
  prepareException,
  probeSchema,
  problemsCounted,
  problemTextsForNewKeywords,
  pythonIntUnderscore,
  pythonStrCast,
  pythonTypeNames,
  refsAndPatternProperties,
  resolvedType,
  rootNotObject,
  schemaBudget,
  typeListsAndUnions,
  unsafeIntegerLiteral,
  utf16Lengths,
  type Explanation,
  type PrepareView,
  type ResultView,
  type RewriteExplanation,
  type Site,
  type SiteExplanation,
  type SubsetExplanation,
  type WholeExplanation,
} from "./explanations.js";
import { knownPaths, parseError, placeProblem } from "./problems.js";
import { fromWire, isBigInt, isTaggedFloat, show, wireEqual, type AnyCase, type Case, type Kind, type PrepareOutput, type ResultOutput, type Wire } from "./protocol.js";
import { upstreamSubset } from "./upstream-subset.js";
import { classifyTurn, turnDiffs, turnView } from "./compare-turn.js";
import { TURN_REWRITES } from "./turn-explanations.js";

/** The verdict on one case. */
export type Verdict = { status: "equal" } | { status: "explained"; ids: string[] } | { status: "unlisted"; group: string; details: string[] };

/** One character of blank space: what JavaScript trims, what Python strips, and U+200B. */
// eslint-disable-next-line no-control-regex -- U+001C–U+001F are blank space to Python: they are what is matched
const BLANK_CHAR = /[\s\x1c-\x1f\x85\u200b]/;

/** Where a text's blank space at either end stops: found by a walk from each end (`[…]+$` searched along a text rescans every blank run). */
function blankEnds(text: string): { start: number; end: number } {
  let start = 0;
  while (start < text.length && BLANK_CHAR.test(text[start] ?? "")) start++;
  let end = text.length;
  while (end > start && BLANK_CHAR.test(text[end - 1] ?? "")) end--;
  return { start, end };
}

/** A text without its blank space at either end. */
function stripBlank(text: string): string {
  const { start, end } = blankEnds(text);
  return text.slice(start, end);
}

/** The blank space at either end of a text, the start's then the end's, or `null` when there is none. */
function blankPadding(text: string): string | null {
  const { start, end } = blankEnds(text);
  return start === 0 && end === text.length ? null : text.slice(0, start) + text.slice(end);
}

function maxCharsOf(c: AnyCase): number {
  const input = c.input as { maxChars?: unknown };
  return typeof input.maxChars === "number" ? input.maxChars : 0;
}

const resultPick = (v: ResultView): Wire => v.content;
const resultPut = (v: ResultView, w: Wire): ResultView => ({ ...v, content: w });
const wholePick = (v: Wire): Wire => v;
const wholePut = (_v: Wire, w: Wire): Wire => w;

/** Whole-case explanations, tried first. */
export const WHOLE: readonly WholeExplanation[] = [rootNotObject, prepareException, nonFiniteLiteral, schemaBudget, patternEngine, unsafeIntegerLiteral, mcpNonObjectSchema];
/** Rewrites of a prepared call's texts. */
export const PREPARE_REWRITES: readonly RewriteExplanation<PrepareView>[] = [pythonTypeNames, enumAsPythonList, problemsCounted];
/** Explanations at one argument. */
export const SITES: readonly SiteExplanation[] = [
  pythonStrCast,
  pythonIntUnderscore,
  bigIntegerText,
  nonFiniteInteger,
  integralFloat,
  enumPythonEquality,
  typeListCastToRefused,
];
/** Rows behind a difference removed by upstream's schema subset. */
export const SUBSET: readonly SubsetExplanation[] = [keywordsEnforced, typeListsAndUnions, refsAndPatternProperties, problemTextsForNewKeywords];
/** Rewrites of tool messages (results, MCP results). */
export const RESULT_REWRITES: readonly RewriteExplanation<ResultView>[] = [
  persistedReferences<ResultView>(["result"], resultPick, resultPut),
  emptyErrorMessage,
  mcpTransientRetry,
  mcpMalformedContent,
  nonTextResult(fromWire, maxCharsOf),
  utf16Lengths<ResultView>(["result"], resultPick, resultPut, maxCharsOf),
];
/** Rewrites of a history sent to the model. */
export const HISTORY_REWRITES: readonly RewriteExplanation<Wire>[] = [
  oldTextBlocksSaved,
  persistedReferences<Wire>(["history"], wholePick, wholePut),
  utf16Lengths<Wire>(["history"], wholePick, wholePut, maxCharsOf),
];

/** Every explanation, for the report and the docs check. */
export const EXPLANATIONS: readonly Explanation[] = [
  ...WHOLE,
  ...PREPARE_REWRITES,
  ...SITES,
  ...SUBSET,
  ...RESULT_REWRITES,
  ...HISTORY_REWRITES.filter((h) => !RESULT_REWRITES.some((r) => r.id === h.id)),
  dotDotFileName,
  utf16Reference,
  textBlocksSavedAsJson,
  placeholderMessages,
  ...TURN_REWRITES,
];

/** Applies rewrites in order until the views agree; returns upstream's rewritten view and the ids relied on. */
function applyRewrites<V>(c: AnyCase, rewrites: readonly RewriteExplanation<V>[], start: V, ours: V, equal: (a: V, b: V) => boolean): { up: V; used: string[] } {
  let up = start;
  const used: string[] = [];
  for (const r of rewrites) {
    if (equal(up, ours)) break;
    const next = r.rewrite(c, up, ours);
    if (next !== null) {
      up = next.up;
      used.push(...(next.ids ?? [r.id]));
    }
  }
  return { up, used };
}

function verdict(ids: readonly string[]): Verdict {
  return ids.length === 0 ? { status: "equal" } : { status: "explained", ids: [...new Set(ids)].sort() };
}

// --- prepared calls ---------------------------------------------------------------------------

function prepareView(out: PrepareOutput): PrepareView {
  const view: PrepareView = { outcome: out.outcome, head: "", problems: [] };
  if (out.outcome === "ok") view.params = out.params ?? null;
  else {
    const parsed = parseError(out.error ?? "");
    view.head = parsed.head;
    view.problems = parsed.problems;
  }
  return view;
}

function viewsEqual(a: PrepareView, b: PrepareView): boolean {
  return (
    a.outcome === b.outcome &&
    a.head === b.head &&
    a.problems.length === b.problems.length &&
    a.problems.every((p, i) => p === b.problems[i]) &&
    (a.outcome !== "ok" || wireEqual(a.params, b.params))
  );
}

/** Path segments: `meta.count` → ["meta", "count"], `tags[0]` → ["tags", 0]. */
function segments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split(".")) {
    const m = /^(.*?)((?:\[\d+\])*)$/s.exec(part);
    if (m === null) continue;
    if (m[1] !== "") out.push(m[1] as string);
    for (const idx of (m[2] as string).matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A wire value as text for a label: a string as it is, anything else as its JSON. */
function wireText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? typeof value);
}

function valueAt<T>(root: T, path: string): T | undefined {
  let node: unknown = root;
  for (const seg of segments(path)) {
    if (typeof seg === "number") node = Array.isArray(node) ? node[seg] : undefined;
    else node = isRecord(node) && Object.hasOwn(node, seg) ? node[seg] : undefined;
    if (node === undefined) return undefined;
  }
  return node as T;
}

function schemaAt(schema: unknown, path: string): unknown {
  let node = schema;
  for (const seg of segments(path)) {
    if (!isRecord(node)) return undefined;
    if (typeof seg === "number") node = node["items"];
    else {
      const props = node["properties"];
      node = isRecord(props) && Object.hasOwn(props, seg) ? props[seg] : node["additionalProperties"];
    }
  }
  return node;
}

/** Leaf paths where two cast values differ (descending into objects and arrays both sides share). */
function castDiffs(a: Wire | undefined, b: Wire | undefined, path: string, out: string[]): void {
  if (wireEqual(a, b)) return;
  const join = (key: string): string => (path === "" ? key : `${path}.${key}`);
  if (isRecord(a) && isRecord(b) && a["$t"] === undefined && b["$t"] === undefined) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) castDiffs(a[key], b[key], join(key), out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => castDiffs(item, b[i], `${path}[${i}]`, out));
    return;
  }
  out.push(path);
}

/** A coarse class of a value, so differences with one cause share a group. */
export function valueClass(value: unknown): string {
  if (value === undefined) return "absent";
  if (value === null) return "null";
  if (typeof value === "boolean") return "boolean";
  if (typeof value === "bigint") return "integer past 2^53";
  if (typeof value === "number") return Number.isNaN(value) || !Number.isFinite(value) ? "non-finite number" : Number.isInteger(value) ? "integer" : "float";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return "object";
  if (typeof value !== "string") return typeof value;
  const v = value;
  if (v === "") return "empty text";
  if (/[^\P{Nd}0-9]/u.test(v)) return "text with non-ASCII digits";
  const pad = blankPadding(v);
  const core = stripBlank(v);
  let kind: string;
  if (/^[+-]?\d+$/.test(core)) kind = Number.isSafeInteger(Number(core)) ? "integer text" : "integer text past 2^53";
  else if (/^[+-]?\d[0-9_]*$/.test(core)) kind = "integer text with _";
  else if (/^[+-]?(?:[0-9_]+(?:\.[0-9_]*)?|\.[0-9_]+)(?:e[+-]?[0-9_]+)?$/i.test(core)) kind = core.includes("_") ? "number text with _" : "number text";
  else if (/^[+-]?(?:nan|inf|infinity)$/i.test(core)) kind = "non-finite word";
  else if (/^(?:true|false|yes|no|on|off|t)$/i.test(core)) kind = "boolean word";
  else if (/^0[xbo]/i.test(core)) kind = "prefixed integer text";
  else if (core === "") kind = "blank text";
  else kind = "other text";
  if (pad === null) return kind;
  return `${kind}, ${paddingClass(pad)}`;
}

/** Which kind of blank space pads a text: what Python strips and JavaScript keeps, the reverse, neither, or both agree. */
export function paddingClass(pad: string): string {
  // The most telling kind only, so that one cause makes one group.
  // eslint-disable-next-line no-control-regex -- U+001C–U+001F are blank space to Python's strip: finding them is the point
  if (/[\x1c-\x1f\x85]/.test(pad)) return "padded with U+001C–U+001F/U+0085 (Python strips, JavaScript keeps)";
  if (/\ufeff/.test(pad)) return "padded with U+FEFF (JavaScript trims, Python keeps)";
  if (/\u200b/.test(pad)) return "padded with U+200B (neither trims)";
  return "padded";
}

/** The kind of field a schema describes, in a word or two. */
function fieldLabel(schema: unknown): string {
  const type = resolvedType(schema);
  if (type !== null) return isRecord(schema) && Array.isArray(schema["type"]) ? `${type}-first type-list` : type;
  if (!isRecord(schema)) return schema === undefined ? "undeclared" : `${JSON.stringify(schema)} schema`;
  if (schema["type"] === "null" || (Array.isArray(schema["type"]) && schema["type"].length > 0)) return "null-type";
  const keys = Object.keys(schema).filter((k) => k !== "description");
  return keys.length === 0 ? "untyped" : keys.sort().join("+");
}

/** A value's JSON type (text, number, …), for fields where its spelling does not matter. */
function coarseClass(value: unknown): string {
  if (typeof value === "string") return "text";
  if (typeof value === "number" || typeof value === "bigint") return Number.isFinite(Number(value)) ? "number" : "non-finite number";
  return valueClass(value);
}

/** A problem's wording with numbers and value lists written as placeholders. */
export function template(wording: string): string {
  return wording
    .replace(/ must be one of .*$/s, " must be one of <values>")
    .replace(/'[^']*'/g, "'<name>'")
    .replace(/Available: .*$/s, "Available: <names>")
    .replace(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g, "<n>");
}

function castClass(cast: Wire | undefined, value: unknown): string {
  if (cast === undefined) return "absent";
  if (wireEqual(cast, value === undefined ? undefined : (JSON.parse(JSON.stringify(value ?? null, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))) as Wire)))
    return "kept";
  if (isBigInt(cast)) return "cast to an integer past 2^53";
  if (isTaggedFloat(cast)) return "cast to a float";
  return `cast to ${valueClass(fromWire(cast))}`;
}

interface SiteOutcome {
  ok: boolean;
  ids: string[];
  group?: string;
  details?: string[];
}

/** What a prepared call's answer is, in a few words. */
function describeMessage(v: PrepareView, coarse = false): string {
  if (coarse && (v.outcome === "ok" || v.problems.length > 0)) return "read the arguments as an object";
  if (v.outcome === "ok") return "ok";
  if (v.outcome === "raised") return `raised ${v.head.split(":")[0] ?? ""}`;
  if (v.outcome === "refused") return "refused at register";
  if (v.problems.length > 0) return "invalid parameters";
  const got = /parameters must be a JSON object, got (\w+)/.exec(v.head);
  if (got !== null) return `not an object (got ${got[1] ?? "?"})`;
  if (/ not found\./.test(v.head)) return `not found${/Did you mean/.test(v.head) ? ", with a suggestion" : ", no suggestion"}`;
  return template(v.head).slice(0, 80);
}

/** The called name and the argument text, in a few words. */
function inputClass(c: Case<"args" | "schema">): string {
  const name = c.input.name;
  const named =
    name === "probe"
      ? ""
      : `name ${/\P{ASCII}/u.test(name) ? "with non-ASCII characters" : name.toLowerCase().replace(/[^a-z0-9]/g, "") === "probe" ? "differing in case or punctuation" : "unknown"}, `;
  const args = c.input.args;
  if (typeof args !== "string") return `${named}arguments given as ${valueClass(fromWire(args))}`;
  const core = stripBlank(args);
  let kind: string;
  if (core === "") kind = "blank";
  else if (!core.startsWith("{") && !core.startsWith("[")) kind = "not JSON object or array text";
  else {
    try {
      const parsed: unknown = JSON.parse(core);
      kind =
        isRecord(parsed) && Object.keys(parsed).length === 1 && "arguments" in parsed
          ? 'an {"arguments": …} wrapper'
          : Array.isArray(parsed)
            ? "a JSON array"
            : "a JSON object";
    } catch {
      kind = "malformed JSON";
    }
  }
  const pad = blankPadding(args);
  return `${named}argument text ${kind}${pad === null ? "" : `, ${paddingClass(pad)}`}`;
}

function compareSites(c: Case<"args" | "schema">, up: PrepareView, ours: PrepareView, upOut: PrepareOutput, ourOut: PrepareOutput, schema: unknown): SiteOutcome {
  const prefix = `${c.kind}:`;
  const upParsed = up.outcome === "error" ? parseError(up.head + up.problems.join("; ")) : null;
  const ourParsed = ours.outcome === "error" ? parseError(ours.head + ours.problems.join("; ")) : null;
  const usable = (v: PrepareView, p: ReturnType<typeof parseError> | null): boolean => v.outcome === "ok" || (p !== null && p.invalid);
  if (!usable(up, upParsed) || !usable(ours, ourParsed)) {
    return {
      ok: false,
      ids: [],
      group: `${prefix} ${inputClass(c)}: up ${describeMessage(up, true)} | ours ${describeMessage(ours, true)}`,
      details: [`upstream: ${up.outcome} ${show(up.head + up.problems.join("; "))}`, `ours:     ${ours.outcome} ${show(ours.head + ours.problems.join("; "))}`],
    };
  }
  if (up.outcome === "error" && ours.outcome === "error" && up.head !== ours.head) {
    return { ok: false, ids: [], group: `${prefix} invalid-parameters head differs`, details: [show(up.head), show(ours.head)] };
  }
  const shaped = fromWire((c.ours as { shaped?: Wire }).shaped ?? null);
  const paths = knownPaths(schema, shaped);
  const upPlaced = up.problems.map((p) => placeProblem(p, paths));
  const ourPlaced = ours.problems.map((p) => placeProblem(p, paths));
  const byPath = (placed: typeof upPlaced): Map<string, string[]> => {
    const map = new Map<string, string[]>();
    for (const p of placed) map.set(p.path, [...(map.get(p.path) ?? []), p.wording]);
    return map;
  };
  const upBy = byPath(upPlaced);
  const ourBy = byPath(ourPlaced);
  const sitePaths = new Set<string>();
  for (const path of new Set([...upBy.keys(), ...ourBy.keys()])) {
    const a = upBy.get(path) ?? [];
    const b = ourBy.get(path) ?? [];
    if (a.length !== b.length || a.some((w, i) => w !== b[i])) sitePaths.add(path);
  }
  if (up.outcome === "ok" && ours.outcome === "ok") {
    const diffs: string[] = [];
    castDiffs(up.params, ours.params, "", diffs);
    for (const d of diffs) sitePaths.add(d);
  }
  const ids: string[] = [];
  for (const path of [...sitePaths].sort()) {
    const site: Site = {
      path,
      schema: schemaAt(schema, path),
      value: valueAt(shaped, path),
      upCast: valueAt(upOut.params, path),
      ourCast: valueAt(ourOut.params, path),
      upProblems: upBy.get(path) ?? [],
      ourProblems: ourBy.get(path) ?? [],
    };
    const e = SITES.find((x) => x.explains(site));
    if (e === undefined) {
      const side = (problems: string[], cast: Wire | undefined): string => (problems.length > 0 ? problems.map(template).join("; ") : castClass(cast, site.value));
      const type = fieldLabel(site.schema);
      // How a value is spelt matters only where it may be cast; elsewhere its type is enough.
      const castable = ["integer", "number", "boolean", "string"].includes(resolvedType(site.schema) ?? "");
      const value = castable ? valueClass(site.value) : coarseClass(site.value);
      const sorted = (list: string[]): string => [...list].sort().join("; ");
      if (site.upProblems.length > 1 && sorted(site.upProblems) === sorted(site.ourProblems)) {
        return {
          ok: false,
          ids: [],
          group: `${prefix} the same problems in another order: ${sorted(site.upProblems.map(template))}`,
          details: [`upstream: ${site.upProblems.join("; ")}`, `ours:     ${site.ourProblems.join("; ")}`],
        };
      }
      const upWords = site.upProblems.map(template).join("; ");
      if (upWords !== "" && upWords === site.ourProblems.map(template).join("; ")) {
        return {
          ok: false,
          ids: [],
          group: `${prefix} the same problem with its numbers printed differently: ${upWords}`,
          details: [`upstream: ${site.upProblems.join("; ")}`, `ours:     ${site.ourProblems.join("; ")}`],
        };
      }
      return {
        ok: false,
        ids: [],
        group: `${prefix} ${type} field${type === "null-type" ? "" : `, ${value}`}: up ${side(site.upProblems, up.outcome === "ok" || site.upProblems.length === 0 ? site.upCast : undefined)} | ours ${side(site.ourProblems, site.ourCast)}`,
        details: [
          `at ${path === "" ? "(arguments)" : path}: schema ${show(site.schema, 200)}, value ${show(site.value === undefined ? "(absent)" : JSON.parse(JSON.stringify(site.value, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))))}`,
          `upstream: ${up.outcome} ${site.upProblems.length > 0 ? site.upProblems.join("; ") : `cast ${show(site.upCast)}`}`,
          `ours:     ${ours.outcome} ${site.ourProblems.length > 0 ? site.ourProblems.join("; ") : `cast ${show(site.ourCast)}`}`,
        ],
      };
    }
    ids.push(e.id);
  }
  // The problems both sides share must come in the same order.
  const shared = (placed: typeof upPlaced): string[] => placed.filter((p) => !sitePaths.has(p.path)).map((p) => p.text);
  const a = shared(upPlaced);
  const b = shared(ourPlaced);
  if (a.length !== b.length || a.some((t, i) => t !== b[i])) {
    return { ok: false, ids: [], group: `${prefix} problems in a different order`, details: [`upstream: ${a.join("; ")}`, `ours:     ${b.join("; ")}`] };
  }
  return { ok: true, ids };
}

function classifyPrepare(c: Case<"args" | "schema">): Verdict {
  let up = prepareView(c.upstream);
  const full = prepareView(c.ours);
  const used: string[] = [];
  for (const r of PREPARE_REWRITES) {
    const next = r.rewrite(c, up, full);
    if (next !== null) {
      up = next.up;
      used.push(r.id);
    }
  }
  const schema = probeSchema(c.input);
  const candidates: { view: PrepareView; out: PrepareOutput; schema: unknown; ids: string[] }[] = [{ view: full, out: c.ours, schema, ids: [] }];
  const subset = c.ours.subset;
  if (subset !== undefined) {
    const ids = SUBSET.filter((s) => s.applies(subset.dropped, subset.typeListsCut, full.problems)).map((s) => s.id);
    candidates.push({ view: prepareView(subset), out: subset, schema: upstreamSubset(schema).schema, ids });
  }
  let failure: SiteOutcome | null = null;
  for (const cand of candidates) {
    if (viewsEqual(up, cand.view)) return verdict([...used, ...cand.ids]);
    const sites = compareSites(c, up, cand.view, c.upstream, cand.out, cand.schema);
    if (sites.ok) return verdict([...used, ...cand.ids, ...sites.ids]);
    failure = sites;
  }
  return { status: "unlisted", group: failure?.group ?? `${c.kind}: differs`, details: failure?.details ?? [] };
}

// --- results, histories, MCP ----------------------------------------------------------------------

const EMPTY_MARKER = /^\(.* completed with no output\)$/s;

/** A coarse class of a tool message's content. */
export function contentClass(content: Wire | undefined): string {
  if (content === undefined) return "no message";
  if (typeof content !== "string")
    return `a ${Array.isArray(content) ? "list" : content === null ? "null" : typeof content === "object" && content["$t"] !== undefined ? `python ${wireText(content["$t"])}` : typeof content} value`;
  if (content === "") return "empty text";
  if (EMPTY_MARKER.test(content)) return "the empty-result marker";
  if (content === "[Tool result unavailable — call was interrupted or lost]") return "the lost-call marker";
  const body = content.replace(/\n\.\.\. \(truncated\)$/, "");
  if (body !== content && "[Tool result unavailable — call was interrupted or lost]".startsWith(body)) return "the lost-call marker, cut";
  if (body !== content && body.startsWith("(") && "(probe completed with no output)".startsWith(body.replace(/^\([^ ]*/, "(probe"))) return "the empty-result marker, cut";
  if (content.startsWith("[tool output persisted]")) return "a persisted reference";
  const parts: string[] = [];
  if (content.includes("[Analyze the error above and try a different approach.]")) parts.push("with the retry hint");
  if (content.endsWith("\n... (truncated)")) parts.push("cut");
  if (/^\(MCP tool call [^)]*\)/.test(content)) parts.push("an MCP failure note");
  if (/^\(no output\)$/.test(content)) parts.push("(no output)");
  if (content.trim() === "") parts.push("blank");
  return parts.length > 0 ? `text ${parts.join(", ")}` : "text";
}

function resultView(out: ResultOutput): ResultView {
  const event = isRecord(out.event) ? out.event : {};
  return { content: out.content, status: (event["status"] as Wire) ?? null, detail: (event["detail"] as Wire) ?? null };
}

function behaviourClass(c: Case<"result"> | Case<"mcp-result">): string {
  if (c.kind === "mcp-result") {
    const r = c.input.reply;
    if (r.kind === "malformed") return "server answered content that is no list";
    if (r.kind === "raise")
      return `server raised ${["ConnectionError", "ClosedResourceError"].includes(r.cls) ? "a transient error" : r.cls === "TimeoutError" ? "TimeoutError" : "an error"}${r.message === "" ? " with an empty message" : ""}`;
    const blank = r.texts.every((t) => stripBlank(t) === "");
    return `server answered ${r.texts.length === 0 ? "no blocks" : blank ? "blank text blocks" : "text blocks"}${r.isError === true ? " with isError" : ""}`;
  }
  const b = c.input.behaviour;
  const prep = c.input.args !== "{}" ? " (arguments refused first)" : "";
  if (prep !== "") return `call refused at preparation${c.input.maxChars > 0 && c.input.maxChars < 40 ? ", tiny limit" : ""}`;
  if (b.kind === "raise") return `tool raised ${b.message === "" ? "with an empty message" : "with a message"}`;
  if (b.kind === "error") return `tool returned an error result`;
  const value = fromWire(b.value);
  return `tool returned ${typeof value === "string" ? (stripBlank(value) === "" ? "blank text" : "text") : valueClass(value)}`;
}

function classifyResult(c: Case<"result"> | Case<"mcp-result">): Verdict {
  const ours = resultView(c.ours);
  const equal = (a: ResultView, b: ResultView): boolean => wireEqual(a.content, b.content) && wireEqual(a.status, b.status) && wireEqual(a.detail, b.detail);
  const { up, used } = applyRewrites(c, RESULT_REWRITES, resultView(c.upstream), ours, equal);
  if (c.kind === "mcp-result" && c.upstream.name !== c.ours.name) {
    return { status: "unlisted", group: "mcp-result: tool name differs", details: [`upstream: ${c.upstream.name ?? ""}`, `ours:     ${c.ours.name ?? ""}`] };
  }
  if (equal(up, ours)) return verdict(used);
  const parts: string[] = [];
  if (!wireEqual(up.content, ours.content)) {
    const a = baseContentClass(up.content);
    const b = baseContentClass(ours.content);
    parts.push(a === b ? `content: ${a}, ${textDiffClass(up.content, ours.content)}` : `content: up ${a} | ours ${b}`);
  } else {
    if (!wireEqual(up.status, ours.status)) parts.push(`event status up ${wireText(up.status)} | ours ${wireText(ours.status)}`);
    if (!wireEqual(up.detail, ours.detail)) parts.push(`event detail ${textDiffClass(up.detail, ours.detail)}`);
  }
  const source = sourceText(c);
  const blank = source !== null && stripBlank(source) === "" && source !== "" ? ` (${valueClass(source)})` : "";
  return {
    status: "unlisted",
    group: `${c.kind}: ${behaviourClass(c)}${blank}: ${parts.join("; ")}`,
    details: [`upstream: content ${show(up.content)}; event ${show(c.upstream.event)}`, `ours:     content ${show(ours.content)}; event ${show(c.ours.event)}`],
  };
}

/** The text a result was made from, when it was text. */
function sourceText(c: Case<"result"> | Case<"mcp-result">): string | null {
  if (c.kind === "mcp-result") {
    const r = c.input.reply;
    return r.kind === "content" ? r.texts.join("\n") : r.kind === "raise" ? r.message : null;
  }
  const b = c.input.behaviour;
  if (b.kind === "return") return typeof b.value === "string" ? b.value : null;
  return b.kind === "error" ? b.text : b.message;
}

/** A content class without the decorations (cut, retry hint) that follow from it. */
function baseContentClass(content: Wire | undefined): string {
  return (
    contentClass(content)
      .replace(/,? ?(?:cut|with the retry hint)/g, "")
      .replace(/^text$/, "text")
      .trim() || "text"
  );
}

/** How two texts differ: only in blank space, only where they are cut, or in their words. */
export function textDiffClass(a: Wire | undefined, b: Wire | undefined): string {
  if (typeof a !== "string" || typeof b !== "string") return "differs";
  const cut = (t: string): string => t.replace(/\n\.\.\. \(truncated\)$/, "").replace(/\.\.\.$/, "");
  // eslint-disable-next-line no-control-regex -- U+001C to U+001F are blank space to Python, which the comparison must ignore
  const squeeze = (t: string): string => t.replace(/[\s\x1c-\x1f\x85\u200b]/g, "");
  if (squeeze(a) === squeeze(b)) return "differs only in blank space";
  const x = cut(a);
  const y = cut(b);
  if (x !== y && (x.startsWith(y) || y.startsWith(x))) return "differs only in where it is cut";
  const sx = squeeze(x);
  const sy = squeeze(y);
  if (sx.startsWith(sy) || sy.startsWith(sx)) return "differs only in blank space and where it is cut";
  return "differs in its words";
}

const LOST_CALL = "[Tool result unavailable — call was interrupted or lost]";
const PLACEHOLDER = "[Previous assistant message omitted.]";

function historyText(content: unknown, maxChars: number): string {
  if (content === null || content === undefined) return "null";
  if (typeof content !== "string") return "a non-text value";
  if (content === "") return "empty text";
  if (stripBlank(content) === "") return valueClass(content);
  if (maxChars > 0 && content.length > maxChars) return "text over the limit";
  return "text";
}

function callNameValid(call: unknown): boolean {
  const fn = isRecord(call) ? call["function"] : undefined;
  const name = isRecord(fn) ? fn["name"] : undefined;
  return typeof name === "string" && name !== "";
}

/** What an input message is, for the repairs done to it: an orphan result, a duplicate, a placeholder… */
function inputMessageClass(messages: readonly Wire[], k: number, maxChars: number): string {
  const m = messages[k];
  if (!isRecord(m)) return "a non-object message";
  const role = wireText(m["role"]);
  if (role === "tool") {
    const id = m["tool_call_id"];
    if (typeof id !== "string" || id === "") return `a tool result without a call id (${historyText(m["content"], maxChars)})`;
    let declared = false;
    let validName = false;
    let answered = false;
    for (let j = 0; j < k; j++) {
      const prev = messages[j];
      if (!isRecord(prev)) continue;
      if (prev["role"] === "assistant" && Array.isArray(prev["tool_calls"])) {
        for (const t of prev["tool_calls"]) {
          if (isRecord(t) && t["id"] === id) {
            declared = true;
            if (callNameValid(t)) validName = true;
          }
        }
      }
      if (prev["role"] === "tool" && prev["tool_call_id"] === id && declared) answered = true;
    }
    if (!declared) return `an orphan tool result (${historyText(m["content"], maxChars)})`;
    if (!validName) return `a result for a call without a valid name (${historyText(m["content"], maxChars)})`;
    if (answered) return `a second result for one call (${historyText(m["content"], maxChars)})`;
    return `a tool result (${historyText(m["content"], maxChars)})`;
  }
  if (role === "assistant") {
    const calls = Array.isArray(m["tool_calls"]) ? m["tool_calls"] : [];
    if (calls.length === 0) return m["content"] === PLACEHOLDER ? "a placeholder assistant message" : "an assistant answer";
    const bad = calls.filter((t) => !callNameValid(t)).length;
    if (bad === 0) return "an assistant message with calls";
    const text = m["content"] === "" || m["content"] === null ? ", and no text" : "";
    return `an assistant message with calls, ${bad === calls.length ? "all" : "some"} without a valid name${text}`;
  }
  return `a ${role} message`;
}

/** A dropped message's class without its content's (what was dropped matters, not what it held). */
function withoutContent(what: string): string {
  return what.replace(/ \([^()]*(?:\([^()]*\)[^()]*)*\)$/, "");
}

/** The repair of dropping message `k`; an assistant message whose calls all lack a valid name is the same cause as stripping some. */
function dropped(input: readonly Wire[], k: number, maxChars: number): string {
  const what = withoutContent(inputMessageClass(input, k, maxChars));
  return /^an assistant message with calls, .*without a valid name/.test(what) ? "strips the calls without a valid name from an assistant message" : `drops ${what}`;
}

/** Repairs in the order their causes come: a repair early in the list can cause the ones after it. */
const REPAIR_ORDER = [
  /^only \w+ strips the calls without a valid name/,
  /^only \w+ drops an assistant message/,
  /^only \w+ drops a placeholder/,
  /^only \w+ drops a result for a call without a valid name/,
  /^only \w+ drops an orphan/,
  /^only \w+ drops a tool result without a call id/,
  /^only \w+ drops a second result/,
  /^only \w+ drops/,
  /^only \w+ inserts/,
  /^only \w+ turns/,
];

function repairRank(repair: string): number {
  const i = REPAIR_ORDER.findIndex((r) => r.test(repair));
  return i < 0 ? REPAIR_ORDER.length : i;
}

function sameMessage(a: Wire | undefined, b: Wire | undefined): boolean {
  if (!isRecord(a) || !isRecord(b) || a["role"] !== b["role"]) return false;
  if (a["role"] === "tool") return a["tool_call_id"] === b["tool_call_id"] && (a["name"] ?? null) === (b["name"] ?? null);
  if (!wireEqual(a["content"], b["content"])) return false;
  if (a["role"] !== "assistant") return true;
  // An assistant message matches its repaired self: the same calls, or only those with a valid name.
  const calls = (m: Record<string, unknown>): Wire[] => (Array.isArray(m["tool_calls"]) ? (m["tool_calls"] as Wire[]) : []);
  const mine = calls(a);
  const theirs = calls(b);
  return wireEqual(mine, theirs) || wireEqual(mine.filter(callNameValid), theirs);
}

/** What a side did to the history on its way to the model: dropped, inserted and changed messages. */
export function historyRepairs(input: readonly Wire[], output: readonly Wire[], maxChars: number): string[] {
  const repairs: string[] = [];
  let i = 0;
  for (const out of output) {
    const text = isRecord(out) && typeof out["content"] === "string" ? out["content"].replace(/\n\.\.\. \(truncated\)$/, "") : "";
    if (isRecord(out) && out["role"] === "tool" && text !== "" && LOST_CALL.startsWith(text) && !(i < input.length && wireEqual(input[i], out))) {
      repairs.push("inserts the lost-call marker for a call without a result");
      continue;
    }
    let j = i;
    while (j < input.length && !sameMessage(input[j], out)) j++;
    if (j === input.length) {
      // A tool message the history does not hold is the lost-call marker, saved or cut past recognition.
      repairs.push(
        isRecord(out) && out["role"] === "tool"
          ? "inserts the lost-call marker for a call without a result"
          : `sends a ${isRecord(out) ? wireText(out["role"]) : "?"} message the history does not hold`,
      );
      continue;
    }
    for (let k = i; k < j; k++) repairs.push(dropped(input, k, maxChars));
    const before = input[j];
    if (!wireEqual(before, out) && isRecord(before) && isRecord(out)) {
      const what = inputMessageClass(input, j, maxChars);
      if (before["role"] === "tool") repairs.push(`turns ${what} into ${contentClass(out["content"])}`);
      else {
        const n = Array.isArray(before["tool_calls"]) ? before["tool_calls"].length : 0;
        const m = Array.isArray(out["tool_calls"]) ? out["tool_calls"].length : 0;
        repairs.push(
          n !== m && /without a valid name/.test(what)
            ? "strips the calls without a valid name from an assistant message"
            : n !== m
              ? `keeps only some of the calls of ${what}`
              : `changes ${what}`,
        );
      }
    }
    i = j + 1;
  }
  for (let k = i; k < input.length; k++) repairs.push(dropped(input, k, maxChars));
  return repairs;
}

function classifyHistory(c: Case<"history">): Verdict {
  // Row 53: upstream drops compaction placeholders first; held against ours for the history without them.
  const alt = c.ours.withoutPlaceholders;
  if (alt !== undefined && !wireEqual(alt, c.ours.messages)) {
    const v = classifyHistoryAgainst(c, alt);
    if (v.status !== "unlisted") return verdict([...(v.status === "explained" ? v.ids : []), placeholderMessages.id]);
  }
  return classifyHistoryAgainst(c, c.ours.messages);
}

function classifyHistoryAgainst(c: Case<"history">, ours: Wire): Verdict {
  const { up, used } = applyRewrites<Wire>(c, HISTORY_REWRITES, c.upstream.messages, ours, wireEqual);
  if (wireEqual(up, ours)) return verdict(used);
  const a = Array.isArray(up) ? up : [];
  const b = Array.isArray(ours) ? ours : [];
  const input = c.input.messages;
  const upRepairs = historyRepairs(input, a, c.input.maxChars);
  const ourRepairs = historyRepairs(input, b, c.input.maxChars);
  const onlyUp = [...new Set(upRepairs.filter((r) => !ourRepairs.includes(r)))].sort();
  const onlyOurs = [...new Set(ourRepairs.filter((r) => !upRepairs.includes(r)))].sort();
  // One group per case: its first repair that only one side does (an input with several such
  // differences counts under the first; shrinking then keeps just that one).
  const all = [...onlyUp.map((r) => `only upstream ${r}`), ...onlyOurs.map((r) => `only ours ${r}`)].sort(
    (x, y) => repairRank(x) - repairRank(y) || Number(x.startsWith("only ours")) - Number(y.startsWith("only ours")) || (x < y ? -1 : 1),
  );
  let i = 0;
  while (i < a.length && i < b.length && wireEqual(a[i], b[i])) i++;
  return {
    status: "unlisted",
    group: `history: ${all[0] ?? "the same repairs, different messages"}`,
    details: [
      ...all.slice(1).map((r) => `also: ${r}`),
      `first difference at message ${i} (upstream sends ${a.length}, ours ${b.length})`,
      `upstream: ${show(a[i])}`,
      `ours:     ${show(b[i])}`,
    ],
  };
}

/** The features of an MCP name that cleaning or shortening may treat differently. */
export function mcpNameFeatures(server: string, tool: string): string {
  const raw = `mcp_${server}_${tool}`;
  const cleaned = raw.replace(/[^\w-]/g, "_");
  const features: string[] = [];
  if (cleaned !== raw) features.push("unsafe characters");
  if (/__/.test(cleaned)) features.push("runs of _");
  if (cleaned.replace(/_+/g, "_").length > 64) features.push("over 64 after collapsing");
  else if (cleaned.length > 64) features.push("over 64 only before collapsing");
  return features.length > 0 ? features.join(", ") : "plain";
}

/** The schema keywords at which two schemas differ (a property's name is not a keyword; the keyword under it is). */
/** Why two MCP names differ: runs of `_` collapsed by one side only, or a long name shortened differently. */
export function mcpNameCause(up: string, ours: string): string {
  const causes: string[] = [];
  if (/__/.test(ours) && !/__/.test(up)) causes.push("upstream collapses runs of _");
  const shortened = (n: string): boolean => n.length === 64 && /_[0-9a-f]{8}$/.test(n);
  if (shortened(up) !== shortened(ours)) causes.push(`only ${shortened(up) ? "upstream" : "ours"} shortens the name`);
  else if (shortened(up) && up.slice(-8) !== ours.slice(-8)) causes.push("the shortened names end with different hashes");
  return causes.length > 0 ? causes.join("; ") : "other";
}

function diffKeywords(a: Wire | undefined, b: Wire | undefined, out: Set<string>, keyword = "(root)", underProperties = false): void {
  if (wireEqual(a, b)) return;
  if (isRecord(a) && isRecord(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const child = underProperties ? keyword : key;
      if (!Object.hasOwn(a, key) || !Object.hasOwn(b, key)) {
        out.add(underProperties ? `${keyword} (a property only one side has)` : `${key} (${Object.hasOwn(a, key) ? "only upstream" : "only ours"})`);
        continue;
      }
      diffKeywords(a[key], b[key], out, child, !underProperties && (key === "properties" || key === "$defs" || key === "definitions"));
    }
    return;
  }
  out.add(keyword);
}

/** The causes behind the keywords at which two normalised schemas differ, most telling first. */
function schemaCauses(keywords: ReadonlySet<string>): string[] {
  const causes: string[] = [];
  const left = new Set(keywords);
  const take = (test: (k: string) => boolean): boolean => {
    let hit = false;
    for (const k of [...left])
      if (test(k)) {
        left.delete(k);
        hit = true;
      }
    return hit;
  };
  if (take((k) => k === "nullable (only upstream)")) {
    take((k) => /^(?:anyOf|oneOf|type)\b/.test(k) || !k.includes("only"));
    causes.push("parameters: upstream turns a union with null or a type list with null into `nullable: true`");
  }
  if (take((k) => k === "required (only upstream)")) causes.push("parameters: upstream adds `required: []` to object schemas");
  if (take((k) => k === "properties (only upstream)")) causes.push("parameters: upstream adds `properties: {}` to object schemas");
  if (take((k) => k.startsWith("$defs") || k.startsWith("$ref"))) causes.push("parameters: upstream rewrites local `$ref`s into `$defs`");
  if (take((k) => k === "$schema (only upstream)")) causes.push("parameters: ours drops `$schema`");
  if (take((k) => k === "type (only ours)")) causes.push('parameters: ours adds `type: "object"` to a root without a type');
  for (const k of [...left].sort()) causes.push(`parameters: ${k}`);
  return causes;
}

function classifyMcpSchema(c: Case<"mcp-schema">): Verdict {
  const up = c.upstream;
  const ours = c.ours;
  if (ours.skipped !== undefined) {
    return { status: "unlisted", group: "mcp-schema: ours skips a tool upstream offers", details: [`ours: ${ours.skipped}`, `upstream offers: ${show(up.parameters)}`] };
  }
  const groups: string[] = [];
  const details: string[] = [];
  if (up.name !== ours.name) {
    groups.push(`name (${mcpNameFeatures(c.input.server, c.input.tool)})`);
    details.push(`name: upstream ${show(up.name)} | ours ${show(ours.name)}`);
  }
  if (up.description !== ours.description) {
    const d = c.input.description;
    groups.push(`description when ${d === undefined || d === null ? "none is given" : d === "" ? "it is empty" : d.trim() === "" ? "it is blank" : "one is given"}`);
    details.push(`description: upstream ${show(up.description)} | ours ${show(ours.description)}`);
  }
  if (!wireEqual(up.parameters, ours.parameters)) {
    const keywords = new Set<string>();
    diffKeywords(up.parameters, ours.parameters, keywords);
    groups.push(...schemaCauses(keywords));
    details.push(`parameters: upstream ${show(up.parameters)}`, `            ours     ${show(ours.parameters)}`);
  }
  if (groups.length === 0) return verdict([]);
  return { status: "unlisted", group: `mcp-schema: ${groups[0] ?? ""}`, details: [...groups.slice(1).map((g) => `also: ${g}`), ...details] };
}

/** True when the two outputs agree as the model and the tool see them (no explanation needed). */
function plainlyEqual(c: AnyCase): boolean {
  switch (c.kind) {
    case "args":
    case "schema":
      return viewsEqual(prepareView(c.upstream), prepareView(c.ours));
    case "result":
    case "mcp-result":
      return wireEqual(c.upstream.content, c.ours.content) && wireEqual(c.upstream.event, c.ours.event) && c.upstream.name === c.ours.name;
    case "history":
      return wireEqual(c.upstream.messages, c.ours.messages);
    case "mcp-name":
      return c.upstream.name === c.ours.name;
    case "turn":
      return turnDiffs(turnView(c.upstream), turnView(c.ours)).length === 0;
    case "mcp-schema":
      return (
        c.ours.skipped === undefined && c.upstream.name === c.ours.name && c.upstream.description === c.ours.description && wireEqual(c.upstream.parameters, c.ours.parameters)
      );
    default:
      return false;
  }
}

/** Classifies one case. Never throws. */
export function classify(c: AnyCase): Verdict {
  if (plainlyEqual(c)) return { status: "equal" };
  for (const e of WHOLE) if (e.kinds.includes(c.kind) && e.explains(c)) return verdict([e.id]);
  switch (c.kind) {
    case "args":
    case "schema":
      return classifyPrepare(c);
    case "result":
    case "mcp-result":
      return classifyResult(c);
    case "history":
      return classifyHistory(c);
    case "mcp-name":
      return c.upstream.name === c.ours.name
        ? verdict([])
        : {
            status: "unlisted",
            group: `mcp-name: ${mcpNameCause(c.upstream.name, c.ours.name)}`,
            details: [`features: ${mcpNameFeatures(c.input.server, c.input.tool)}`, `upstream: ${c.upstream.name}`, `ours:     ${c.ours.name}`],
          };
    case "mcp-schema":
      return classifyMcpSchema(c);
    case "turn":
      return classifyTurn(c);
    default:
      return { status: "unlisted", group: `unknown kind ${String((c as { kind: Kind }).kind)}`, details: [] };
  }
}
