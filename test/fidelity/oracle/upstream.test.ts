/**
 * Setup errors of `npm run fidelity` are caught before Python starts, with a message that says
 * what to do (the run then exits with status 2).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkSetup, SetupError } from "./upstream.js";

describe("the fidelity oracle's setup check", () => {
  it("refuses a folder that is not a nanobot checkout, saying which folder to give", () => {
    const dir = mkdtempSync(join(tmpdir(), "not-nanobot-"));
    try {
      expect(() => checkSetup(dir)).toThrow(SetupError);
      expect(() => checkSetup(dir)).toThrow(/not a nanobot checkout: nanobot\/agent\/tools\/registry\.py is missing[\s\S]*npm run fidelity -- \/path\/to\/nanobot/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
