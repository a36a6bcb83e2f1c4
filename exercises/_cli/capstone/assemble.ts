/**
 * Building the capstone agent's parts from a folder laid out as `exercises/` is: each part is the
 * learner's when its file is no longer the untouched stub, and the reference otherwise. A file
 * that cannot be imported, or lacks an export the agent calls, is named as broken and the
 * reference stands in for it, so the other parts still run.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { normalize, PRISTINE_DIR } from "../catalog.js";
import { describeThrown } from "../../../src/util/thrown.js";
import { PART_NUMBERS, PARTS, type Assembly, type Origin, type PartFunctions, type PartInfo, type PartNumber } from "./parts.js";
import { REFERENCE_PARTS } from "./reference-parts.js";

/** How one part stands: the learner's code in use, an untouched stub, or a file that cannot be used. */
export type PartState = { kind: "learner" } | { kind: "missing" } | { kind: "broken"; reason: string };

/** The parts found in a folder, and the assembly built from them. */
export interface FoundParts {
  /** Each part's state. */
  states: Record<PartNumber, PartState>;
  /** The learner's functions, for the parts whose state is `learner`. */
  learner: Partial<PartFunctions>;
}

/** True when the learner's file is exactly the stub (line endings and a final newline aside), or is missing. */
export function isUntouchedStub(dir: string, part: PartInfo): boolean {
  let current: string;
  try {
    current = readFileSync(join(dir, part.folder, part.file), "utf8");
  } catch {
    return true;
  }
  const stub = readFileSync(join(PRISTINE_DIR, part.folder, `${part.file}.txt`), "utf8");
  return normalize(current) === normalize(stub);
}

/** Reads every part of the folder `dir` (`exercises/`, `solutions/`, or a copy laid out the same way). */
export async function findParts(dir: string): Promise<FoundParts> {
  const states = {} as Record<PartNumber, PartState>;
  const learner: Partial<PartFunctions> = {};
  await Promise.all(
    PARTS.map(async (part) => {
      if (isUntouchedStub(dir, part)) {
        states[part.number] = { kind: "missing" };
        return;
      }
      try {
        const mod = (await import(pathToFileURL(join(dir, part.folder, part.file)).href)) as Record<string, unknown>;
        const absent = part.exports.filter((name) => typeof mod[name] !== "function");
        if (absent.length > 0) {
          states[part.number] = { kind: "broken", reason: `${part.folder}/${part.file} does not export ${absent.join(" and ")} as a function or class` };
          return;
        }
        (learner as Record<number, unknown>)[part.number] = Object.fromEntries(part.exports.map((name) => [name, mod[name]]));
        states[part.number] = { kind: "learner" };
      } catch (error) {
        const { name, message } = describeThrown(error);
        states[part.number] = { kind: "broken", reason: `${part.folder}/${part.file} cannot be loaded: ${name}: ${message.split("\n")[0] ?? ""}` };
      }
    }),
  );
  return { states, learner };
}

/** The agent's parts: the learner's for every part in `use` that has the learner's code, the reference for the rest. */
export function assemble(found: FoundParts, use: readonly PartNumber[] = PART_NUMBERS): Assembly {
  const fns = { ...REFERENCE_PARTS } as Record<PartNumber, unknown>;
  const origin = {} as Record<PartNumber, Origin>;
  for (const n of PART_NUMBERS) {
    const mine = found.learner[n];
    const take = use.includes(n) && mine !== undefined;
    if (take) fns[n] = mine;
    origin[n] = take ? "learner" : "reference";
  }
  return { fns: fns as unknown as PartFunctions, origin };
}

/** The agent made of the reference parts alone. */
export function referenceAssembly(): Assembly {
  return assemble({ states: {} as Record<PartNumber, PartState>, learner: {} }, []);
}
