/**
 * Exercise 2's generators: module exports as the loader meets them. An export is drawn as data
 * (an {@link ExportSpec}) and each side builds its own value from it with {@link buildExport}:
 * `Tool` subclasses one to three levels deep, each level with or without an `execute` of its own
 * (a method, a getter, a value that is not a function, an own `undefined` that hides an inherited
 * one) and with or without a static `discoverable` (any value, as a field or a getter); classes
 * that do not extend `Tool`; `Tool` itself; functions; instances; objects that only look like
 * classes; values of every JSON kind. Export names are drawn apart, with leading, inner and
 * trailing `_`, look-alikes of `_`, white space, prototype-looking names and the empty name.
 *
 * @module
 */
import fc from "fast-check";
import { Tool, type JsonSchema } from "../../../src/tools/base.js";
import { nameLike, NOT_QUITE_BOOLEANS, oddValue, padded } from "./domain.js";

/** What one level of a class chain puts on its prototype under `execute`. */
export type ExecuteSpec =
  | { readonly kind: "none" }
  | { readonly kind: "method" }
  | { readonly kind: "getter of a function" }
  | { readonly kind: "getter of a value"; readonly value: unknown }
  | { readonly kind: "value"; readonly value: unknown };

/** What one level of a class chain declares as its static `discoverable`. */
export type DiscoverableSpec = { readonly kind: "none" } | { readonly kind: "field"; readonly value: unknown } | { readonly kind: "getter"; readonly value: unknown };

/** One class of a chain: its own name, its `execute`, its `discoverable`. */
export interface LevelSpec {
  readonly className: string;
  readonly execute: ExecuteSpec;
  readonly discoverable: DiscoverableSpec;
}

/** A module export, as data. */
export type ExportSpec =
  | { readonly kind: "tool subclass"; readonly direct: boolean; readonly levels: readonly LevelSpec[] }
  | { readonly kind: "class that does not extend Tool"; readonly level: LevelSpec }
  | { readonly kind: "Tool itself" }
  | { readonly kind: "function"; readonly arrow: boolean }
  | { readonly kind: "instance"; readonly levels: readonly LevelSpec[] }
  | { readonly kind: "lookalike"; readonly levels: readonly LevelSpec[] }
  | { readonly kind: "value"; readonly value: unknown };

/** Names a class may carry itself (its export name is drawn apart). */
const CLASS_NAMES = ["ReadTool", "_ReadTool", "Base", "_Base", "Adapter", "Tool", "", "Read_Tool"] as const;

function levelSpec(): fc.Arbitrary<LevelSpec> {
  const notAFunction = fc.oneof(fc.constantFrom<unknown>("run me", null, undefined, 0, true, {}, []), oddValue());
  const execute = fc.oneof(
    { arbitrary: fc.constant<ExecuteSpec>({ kind: "none" }), weight: 4 },
    { arbitrary: fc.constant<ExecuteSpec>({ kind: "method" }), weight: 4 },
    { arbitrary: fc.constant<ExecuteSpec>({ kind: "getter of a function" }), weight: 1 },
    { arbitrary: notAFunction.map((value): ExecuteSpec => ({ kind: "getter of a value", value })), weight: 1 },
    { arbitrary: notAFunction.map((value): ExecuteSpec => ({ kind: "value", value })), weight: 2 },
  );
  const flag = fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constantFrom(...NOT_QUITE_BOOLEANS), weight: 3 });
  const discoverable = fc.oneof(
    { arbitrary: fc.constant<DiscoverableSpec>({ kind: "none" }), weight: 5 },
    { arbitrary: flag.map((value): DiscoverableSpec => ({ kind: "field", value })), weight: 3 },
    { arbitrary: flag.map((value): DiscoverableSpec => ({ kind: "getter", value })), weight: 1 },
  );
  return fc.record({ className: fc.constantFrom(...CLASS_NAMES), execute, discoverable });
}

/** A module export of any kind, `Tool` subclasses most often. */
export function exportSpec(): fc.Arbitrary<ExportSpec> {
  const levels = fc.array(levelSpec(), { minLength: 1, maxLength: 3 });
  return fc.oneof(
    { arbitrary: fc.tuple(fc.boolean(), levels).map(([direct, l]): ExportSpec => ({ kind: "tool subclass", direct, levels: l })), weight: 12 },
    { arbitrary: levelSpec().map((level): ExportSpec => ({ kind: "class that does not extend Tool", level })), weight: 2 },
    { arbitrary: fc.constant<ExportSpec>({ kind: "Tool itself" }), weight: 1 },
    { arbitrary: fc.boolean().map((arrow): ExportSpec => ({ kind: "function", arrow })), weight: 1 },
    { arbitrary: levels.map((l): ExportSpec => ({ kind: "instance", levels: l })), weight: 1 },
    { arbitrary: levels.map((l): ExportSpec => ({ kind: "lookalike", levels: l })), weight: 1 },
    { arbitrary: oddValue().map((value): ExportSpec => ({ kind: "value", value })), weight: 2 },
  );
}

/** A concrete, visible `Tool` subclass (a method of its own, no flag): the export a name decides about alone. */
export function loadableSpec(): fc.Arbitrary<ExportSpec> {
  const level = fc.constantFrom(...CLASS_NAMES).map((className): LevelSpec => ({ className, execute: { kind: "method" }, discoverable: { kind: "none" } }));
  return fc.tuple(fc.boolean(), level).map(([direct, l]): ExportSpec => ({ kind: "tool subclass", direct, levels: [l] }));
}

/** An export name: public names, `_` at the start, inside or at the end, look-alikes of `_`, white space first. */
export function exportName(): fc.Arbitrary<string> {
  const base = nameLike();
  return fc.oneof(
    { arbitrary: base, weight: 4 },
    { arbitrary: base.map((n) => `_${n}`), weight: 3 },
    { arbitrary: base.map((n) => `__${n}`), weight: 1 },
    { arbitrary: base.map((n) => `${n}_`), weight: 1 },
    { arbitrary: fc.constantFrom("_", "__", "Read_Tool", "ReadTool_", "\uff3fReadTool", "\u2017ReadTool", "-ReadTool", "$ReadTool", "#ReadTool", "default"), weight: 2 },
    { arbitrary: fc.constantFrom(" _ReadTool", "\t_ReadTool", "\u3000_ReadTool", "\ufeff_ReadTool", "\u0085_ReadTool", "\u200b_ReadTool"), weight: 1 },
    { arbitrary: padded(fc.constantFrom("_ReadTool", "ReadTool")), weight: 1 },
  );
}

/** A drawn export: its name and what it is. */
export interface DrawnExport {
  readonly exportName: string;
  readonly spec: ExportSpec;
}

/** An export name and an export, drawn apart so every pairing turns up. */
export function drawnExport(): fc.Arbitrary<DrawnExport> {
  return fc.record({ exportName: exportName(), spec: fc.oneof({ arbitrary: loadableSpec(), weight: 3 }, { arbitrary: exportSpec(), weight: 1 }) });
}

function define(target: object, key: string, spec: { kind: string; value?: unknown }, method?: () => unknown): void {
  switch (spec.kind) {
    case "method":
      Object.defineProperty(target, key, { value: method, writable: true, configurable: true });
      return;
    case "getter of a function":
      Object.defineProperty(target, key, { get: () => method, configurable: true });
      return;
    case "getter of a value":
    case "getter":
      Object.defineProperty(target, key, { get: () => spec.value, configurable: true });
      return;
    case "value":
    case "field":
      Object.defineProperty(target, key, { value: spec.value, writable: true, configurable: true });
      return;
  }
}

function execute(): Promise<unknown> {
  return Promise.resolve("");
}

function chain(levels: readonly LevelSpec[], root: abstract new () => object): abstract new () => object {
  let current = root;
  for (const level of levels) {
    const parent = current;
    const cls = class extends parent {};
    Object.defineProperty(cls, "name", { value: level.className });
    define(cls.prototype, "execute", level.execute, execute);
    define(cls, "discoverable", level.discoverable);
    current = cls;
  }
  return current;
}

/** A tool base with the members a subclass must declare, and no `execute`. */
abstract class DeclaredTool extends Tool {
  readonly name: string = "drawn";
  readonly description: string = "A drawn tool.";
  readonly parameters: JsonSchema = { type: "object" };
}

/** Builds the export a spec describes: a new value, with new classes, on every call. */
export function buildExport(spec: ExportSpec): unknown {
  switch (spec.kind) {
    case "tool subclass":
      return chain(spec.levels, spec.direct ? Tool : DeclaredTool);
    case "class that does not extend Tool":
      return chain([spec.level], class NotATool {});
    case "Tool itself":
      return Tool;
    case "function":
      return spec.arrow
        ? () => "helper"
        : function helper(): string {
            return "helper";
          };
    case "instance":
      return Object.create((chain(spec.levels, DeclaredTool) as { prototype: object }).prototype) as object;
    case "lookalike":
      return { prototype: Object.create((chain(spec.levels, DeclaredTool) as { prototype: object }).prototype) as object };
    case "value":
      return spec.value;
  }
}

function showValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Object.is(value, -0) ? "-0" : String(value);
  if (Array.isArray(value)) return `[${value.map(showValue).join(", ")}]`;
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "object") return JSON.stringify(value) ?? "an object";
  if (typeof value === "boolean" || typeof value === "bigint") return value.toString();
  return typeof value === "symbol" ? value.toString() : "a function";
}

function showLevel(level: LevelSpec, parent: string): string {
  const parts: string[] = [];
  const ex = level.execute;
  if (ex.kind === "method") parts.push("async execute() {…}");
  if (ex.kind === "getter of a function") parts.push("get execute() { return async () => …; }");
  if (ex.kind === "getter of a value") parts.push(`get execute() { return ${showValue(ex.value)}; }`);
  if (ex.kind === "value") parts.push(`execute = ${showValue(ex.value)} (on the prototype)`);
  const d = level.discoverable;
  if (d.kind === "field") parts.push(`static discoverable = ${showValue(d.value)}`);
  if (d.kind === "getter") parts.push(`static get discoverable() { return ${showValue(d.value)}; }`);
  return `class ${level.className || "(no name)"} extends ${parent} { ${parts.join("; ")} }`;
}

function showChain(levels: readonly LevelSpec[], root: string): string {
  let parent = root;
  const shown: string[] = [];
  for (const level of levels) {
    shown.push(showLevel(level, parent));
    parent = level.className || "(no name)";
  }
  return shown.join(" ← ");
}

/** An export spec as a learner can read it: the classes of the chain, from the base down. */
export function showExport(spec: ExportSpec): string {
  const tool = "a Tool subclass that declares name, description and parameters";
  switch (spec.kind) {
    case "tool subclass":
      return showChain(spec.levels, spec.direct ? "Tool" : tool);
    case "class that does not extend Tool":
      return showChain([spec.level], "(nothing)");
    case "Tool itself":
      return "Tool";
    case "function":
      return spec.arrow ? '() => "helper"' : 'function helper() { return "helper"; }';
    case "instance":
      return `an instance of: ${showChain(spec.levels, tool)}`;
    case "lookalike":
      return `{ prototype: an instance of: ${showChain(spec.levels, tool)} }`;
    case "value":
      return showValue(spec.value);
  }
}
