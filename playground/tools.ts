/**
 * The tools of the playground: a tool made from any JSON Schema (what panel 1 edits), the lesson
 * tools' schemas, and the simulated tools of panel 2, whose work is scripted per call.
 *
 * @module
 */
import { WAIT_SCHEMA } from "../lessons/05-argument-processing/tour.js";
import { Tool, type ExecuteOptions, type JsonSchema } from "../src/tools/base.js";

/** A tool whose name and schema are given, and which answers "ok" at once. */
export class SchemaTool extends Tool {
  /** The name as given. */
  readonly name: string;
  /** A fixed description. */
  readonly description: string;
  /** The schema as given. */
  readonly parameters: JsonSchema;

  /** A tool called `name` with the parameter schema `schema`. */
  constructor(name: string, schema: JsonSchema, description = "A tool defined in the playground.") {
    super();
    this.name = name;
    this.description = description;
    this.parameters = schema;
  }

  /** Answers at once: the playground's first panel never runs a tool. */
  execute(): Promise<unknown> {
    return Promise.resolve("ok");
  }
}

/** The lesson tools panel 1 can pick, by name: their schemas as the lessons register them. */
export const LESSON_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  // The real `ReadFileTool`'s schema (src/tools/builtin/read-file.ts, which reads the disk and so
  // stays out of the page); a test checks the two are equal.
  read_file: {
    type: "object",
    properties: {
      path: { type: "string", description: "The file path to read" },
      offset: { type: "integer", description: "Line number to start reading from (1-indexed, default 1)", minimum: 1 },
      limit: { type: "integer", description: "Maximum number of lines to read (default 2000)", minimum: 1 },
    },
    required: ["path"],
    additionalProperties: false,
  },
  list_dir: {
    type: "object",
    properties: { path: { type: "string", description: "Folder, relative to the workspace." } },
  },
  write_file: {
    type: "object",
    properties: { path: { type: "string", minLength: 1 }, content: { type: "string" } },
    required: ["path", "content"],
  },
  wait: WAIT_SCHEMA,
};

/** What a simulated call does: answer, return an error result, throw, or hang until aborted. */
export type SimOutcome = "ok" | "error" | "throw" | "hang";

/** The scripted work of one simulated call. */
export interface SimWork {
  /** How long it works, in milliseconds. */
  ms: number;
  /** How it ends. */
  outcome: SimOutcome;
}

/** When a simulated call started and ended, in ms since the turn began (`end` null if it never did). */
export interface SimMark {
  /** The call id. */
  id: string;
  /** The tool name. */
  name: string;
  /** Start, ms. */
  start: number;
  /** End, ms; null when the call was still running when its result was taken (a time-out). */
  end: number | null;
}

/** The kinds of simulated tool. */
export type SimKind = "read" | "write" | "exclusive";

/** A simulated tool: its work per call id is looked up in `work`, its timing written to `marks`. */
export class SimTool extends Tool {
  /** The tool name. */
  readonly name: string;
  /** A one-line description. */
  readonly description: string;
  /** Every simulated tool takes a `path`. */
  readonly parameters: JsonSchema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
  readonly #kind: SimKind;
  readonly #work: Map<string, SimWork>;
  readonly #marks: SimMark[];
  readonly #clock: () => number;

  /** `kind` sets the flags: reads are concurrency-safe, writes are not, `exclusive` runs alone. */
  constructor(name: string, kind: SimKind, work: Map<string, SimWork>, marks: SimMark[], clock: () => number) {
    super();
    this.name = name;
    this.description = `A simulated ${kind} tool.`;
    this.#kind = kind;
    this.#work = work;
    this.#marks = marks;
    this.#clock = clock;
  }

  /** Reads and exclusive tools only read. */
  override get readOnly(): boolean {
    return this.#kind !== "write";
  }

  /** The exclusive kind must run alone. */
  override get exclusive(): boolean {
    return this.#kind === "exclusive";
  }

  /** Waits the scripted time, records its start and end, and ends as scripted. */
  execute(params: Record<string, unknown>, options: ExecuteOptions): Promise<unknown> {
    const id = options.callId ?? "";
    const work = this.#work.get(id) ?? { ms: 0, outcome: "ok" as const };
    const mark: SimMark = { id, name: this.name, start: this.#clock(), end: null };
    this.#marks.push(mark);
    return new Promise((resolve, reject) => {
      const finish = (): void => {
        mark.end = this.#clock();
      };
      if (work.outcome === "hang") {
        // Hangs until its signal aborts, as a cooperative tool does.
        options.signal.addEventListener(
          "abort",
          () => {
            finish();
            // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a stopped tool rejects with the reason its signal was aborted with, as fetch does
            reject(options.signal.reason);
          },
          { once: true },
        );
        return;
      }
      setTimeout(() => {
        finish();
        if (work.outcome === "throw") reject(new Error(`${this.name} crashed on ${String(params["path"])}`));
        else if (work.outcome === "error") resolve(Tool.error(`Error: File not found: ${String(params["path"])}`));
        else resolve(`${this.name} done with ${String(params["path"])}`);
      }, work.ms);
    });
  }
}
