/**
 * Describing whatever a tool threw (lesson 7). JavaScript can throw anything: an `Error`, a
 * string, `undefined`, a Symbol, an object whose getters throw. None of it may be dropped, and
 * describing it must never throw in turn.
 *
 * @module
 */
import { bigintText, safeJsonStringify } from "./json.js";

/** A thrown value, described: the error's name (`TypeError`, or a stand-in) and its message. */
export interface ThrownDescription {
  /** The error's class name (`TypeError`), or `Thrown <type>` for a value that is not an Error. */
  name: string;
  /** The error's message, or a safe description of the thrown value. */
  message: string;
}

function safeString(value: unknown): string {
  try {
    if (typeof value === "symbol") return value.toString();
    if (typeof value === "string") return value;
    if (value === undefined) return "undefined";
    // Decimal text of a BigInt costs more than linear time in its length: past 1,000 digits it is
    // described instead (`[BigInt of more than 1000 digits]`).
    if (typeof value === "bigint") return bigintText(value);
    if (typeof value === "object" && value !== null) {
      try {
        const json = safeJsonStringify(value);
        if (json !== undefined && json !== "{}") return json;
      } catch {
        // fall through to String()
      }
    }
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is left (a number, a bigint, an object JSON shows as {}) is named by String, on purpose
    return String(value);
  } catch {
    return "[a value that cannot be described]";
  }
}

/**
 * Names and describes a thrown value. An `Error` gives its `name` and `message`; any other value
 * is reported as `thrown <type>` with a safe description, so the model always learns something.
 * A BigInt (thrown, as a message, or inside a thrown object) is written as its digits up to 1,000
 * of them, and past that as `[BigInt of more than 1000 digits]`, so describing never costs more
 * than linear time.
 */
export function describeThrown(value: unknown): ThrownDescription {
  try {
    if (value instanceof Error) {
      const name = typeof value.name === "string" && value.name !== "" ? value.name : "Error";
      const message = typeof value.message === "string" ? value.message : safeString(value.message);
      return { name, message };
    }
  } catch {
    return { name: "Error", message: "[an error whose fields cannot be read]" };
  }
  const type = value === null ? "null" : typeof value;
  if (type === "string") return { name: "Thrown string", message: value as string };
  return { name: `Thrown ${type}`, message: safeString(value) };
}

/** `"<name>: <message>"`, the form the runner puts after `Error: `. */
export function formatThrown(value: unknown): string {
  const { name, message } = describeThrown(value);
  return message === "" ? name : `${name}: ${message}`;
}

/**
 * An error built from a text (a `ToolResult` error, a prepare error, a time-out), named
 * `RuntimeError` as upstream does, so `failOnToolError` reports `Error: RuntimeError: <text>`.
 */
export function textError(text: string): Error {
  const error = new Error(text);
  error.name = "RuntimeError";
  return error;
}

/**
 * A thrown value as an `Error`: an `Error` is kept as it is; anything else becomes an `Error`
 * carrying the name and message {@link describeThrown} gives it, so {@link formatThrown} reads
 * the same for both.
 */
export function asError(value: unknown): Error {
  try {
    if (value instanceof Error) return value;
  } catch {
    // A Proxy whose traps throw is no Error we can keep: describe it below instead.
  }
  const { name, message } = describeThrown(value);
  const error = new Error(message);
  error.name = name;
  return error;
}
