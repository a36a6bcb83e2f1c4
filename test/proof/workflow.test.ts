/**
 * `npm run workflow` writes the GitHub Classroom workflow from the catalog, where the points are
 * weighed: the committed workflow is the one it writes, an exercise's points come from the catalog's
 * one table (an exercise 10 included), the install step is the one constant, every grading command
 * hands the grader the shell's place (so a stop reaches it) and the partial-credit switch, and every
 * item has its partial-credit step, run only when the switch is on.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { exercisePoints, EXERCISE_POINTS, listItems, normalize, ROOT } from "../../exercises/_cli/catalog.js";
import { CLASSROOM_WORKFLOW, classroomTestOf, classroomWorkflow, INSTALL_COMMAND, PARTIAL_CREDIT_VARIABLE, partialStepId } from "../../exercises/_cli/classroom.js";

type Step = {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  "timeout-minutes"?: number;
  "continue-on-error"?: boolean;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};
type Job = { env?: Record<string, string>; steps: Step[] };

const text = readFileSync(CLASSROOM_WORKFLOW, "utf8");
const job = Object.values((parse(text) as { jobs: Record<string, Job> }).jobs)[0] as Job;

describe("npm run workflow", () => {
  it("--check agrees with the committed workflow, which is the one the catalog writes", () => {
    expect(normalize(text)).toBe(classroomWorkflow());
    const out = execFileSync(process.execPath, ["--import", "tsx", join(ROOT, "exercises", "_cli", "workflow.ts"), "--check"], { cwd: ROOT, encoding: "utf8" });
    expect(out).toContain("is the one the catalog writes");
  });

  it("weighs each exercise in the catalog's one table, and any other exercise, a tenth one too, at the default", () => {
    expect(exercisePoints("10-capstone", {})).toBe(EXERCISE_POINTS);
    expect(exercisePoints("09-tool-skill-mcp", { "09-tool-skill-mcp": 15 })).toBe(15);
    expect(exercisePoints("toString", {}), "not read from the object's prototype").toBe(EXERCISE_POINTS);
    expect(() => exercisePoints("01-tool-contract", { "01-tool-contract": 0 })).toThrow(/whole number of points above 0/);
    expect(() => exercisePoints("01-tool-contract", { "01-tool-contract": 2.5 })).toThrow(/whole number/);
    const weighed = [{ ...listItems()[0], points: 15 }].map((item) => classroomTestOf(item as ReturnType<typeof listItems>[number]));
    expect(classroomWorkflow(weighed)).toContain("max-score: 15");
  });

  it("installs with the one install command", () => {
    expect(job.steps.find((step) => step.name === "Install")?.run).toBe(INSTALL_COMMAND);
  });

  it("has the partial-credit switch, off, handed to every grading command, which execs the grader", () => {
    expect(job.env?.[PARTIAL_CREDIT_VARIABLE]).toBe("0");
    const commands = job.steps.flatMap((step) => [step.with?.["command"], step.run]).filter((c): c is string => typeof c === "string" && c.includes("launch.mjs grade"));
    expect(commands).toHaveLength(listItems().length * 2);
    for (const command of commands) {
      expect(command).toContain(`then exec /usr/bin/env -i `);
      expect(command).toContain(`${PARTIAL_CREDIT_VARIABLE}="$${PARTIAL_CREDIT_VARIABLE}"`);
    }
  });

  it("gives every item a partial-credit step run only when the switch is on, whose result the reporter reads when the other step did not run", () => {
    const reporter = job.steps.find((step) => step.uses?.startsWith("classroom-resources/autograding-grading-reporter@") === true);
    for (const item of listItems()) {
      const test = classroomTestOf(item);
      const whole = job.steps.find((step) => step.id === test.id);
      const partial = job.steps.find((step) => step.id === partialStepId(test));
      expect(whole?.if).toBe(`env.${PARTIAL_CREDIT_VARIABLE} != '1'`);
      expect(partial).toMatchObject({ if: `env.${PARTIAL_CREDIT_VARIABLE} == '1'`, "continue-on-error": true, "timeout-minutes": 5 });
      expect(partial?.run).toContain(`grade ${item.command} --classroom-result "$GITHUB_OUTPUT"`);
      expect(reporter?.env?.[`${test.id.toUpperCase()}_RESULTS`]).toBe(`\${{ steps.${test.id}.outputs.result || steps.${partialStepId(test)}.outputs.result }}`);
    }
  });
});
