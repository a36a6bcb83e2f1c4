/**
 * The command line of the two reports, `npm run grade` and `npm run progress`: `--json`,
 * `--out <file>`, `--help`, and for `grade` the items named (`5`, `q3`, `05-argument-processing`).
 * Kept apart from the commands so the GitHub Classroom workflow's commands can be read back exactly
 * as `grade` reads them.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { findExercise, listItems, type Exercise } from "./catalog.js";

/** What the command line asks for. */
export interface ReportArgs {
  /** The items named (in the catalog's order); all of them are meant when none is. */
  items: Exercise[];
  /** Print the report as JSON. */
  json: boolean;
  /** Also write the JSON report to this file. */
  out: string | null;
  /** Print the options. */
  help: boolean;
  /** `grade` only: partial credit (`--partial`; `WORKBOOK_PARTIAL_CREDIT=1` too). */
  partial: boolean;
  /** `grade` only: append GitHub Classroom's result of the one graded item to this file (`--classroom-result "$GITHUB_OUTPUT"`). */
  classroomResult: string | null;
  /** What was not understood, as it was typed. */
  unknown: string[];
}

/**
 * Reads the command line; `items` says whether exercises and questions may be named (`grade`) or
 * every positional is not understood (`progress`). `npm_config_json` counts too: `npm run grade --json`
 * (the flag given to npm, without `--`) hands it over that way.
 */
export function readReportArgs(argv: readonly string[], items: boolean, env: NodeJS.ProcessEnv = process.env): ReportArgs {
  const { tokens } = parseArgs({
    args: [...argv],
    options: {
      json: { type: "boolean" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
      partial: { type: "boolean" },
      "classroom-result": { type: "string" },
    },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const args: ReportArgs = { items: [], json: env["npm_config_json"] === "true", out: null, help: false, partial: false, classroomResult: null, unknown: [] };
  for (const token of tokens) {
    if (token.kind === "positional") {
      const item = items ? findExercise(token.value) : null;
      if (item === null) args.unknown.push(token.value);
      else if (!args.items.some((i) => i.kind === item.kind && i.number === item.number)) args.items.push(item);
    } else if (token.kind !== "option") continue;
    else if (token.name === "json" && token.inlineValue !== true) args.json = true;
    else if (token.name === "help" && token.inlineValue !== true) args.help = true;
    else if (token.name === "out" && token.value !== undefined && token.value !== "" && !token.value.startsWith("-")) args.out = token.value;
    else if (token.name === "out") args.unknown.push(`${token.rawName} (it needs a file name)`);
    else if (items && token.name === "partial" && token.inlineValue !== true) args.partial = true;
    else if (items && token.name === "classroom-result" && token.value !== undefined && token.value !== "" && !token.value.startsWith("-")) args.classroomResult = token.value;
    else if (items && token.name === "classroom-result") args.unknown.push(`${token.rawName} (it needs a file name)`);
    else args.unknown.push(token.inlineValue === true ? `${token.rawName}=${token.value ?? ""}` : token.rawName);
  }
  const order = listItems().map((i) => `${i.kind}:${i.number}`);
  args.items.sort((a, b) => order.indexOf(`${a.kind}:${a.number}`) - order.indexOf(`${b.kind}:${b.number}`));
  return args;
}
