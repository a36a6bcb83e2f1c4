/**
 * The command line of `npm run fidelity`: its defaults (as the README and docs/fidelity.md give
 * them), the environment fallback, and the usage errors that end the run with status 2.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_RUNS, DEFAULT_SEED, parseOptions } from "./options.js";
import { KINDS } from "./protocol.js";

describe("npm run fidelity's options", () => {
  it("default to seed 1, 10,000 inputs per kind and every kind", () => {
    const parsed = parseOptions(["/src/nanobot"], {});
    expect(parsed).toMatchObject({ ok: true, options: { path: "/src/nanobot", seed: 1, runs: 10_000, kinds: [...KINDS] } });
    expect([DEFAULT_SEED, DEFAULT_RUNS]).toEqual([1, 10_000]);
  });

  it("take the checkout from NANOBOT_SRC when no path is given, the argument first", () => {
    expect(parseOptions([], { NANOBOT_SRC: "/env/nanobot" })).toMatchObject({ ok: true, options: { path: "/env/nanobot" } });
    expect(parseOptions(["/arg"], { NANOBOT_SRC: "/env" })).toMatchObject({ ok: true, options: { path: "/arg" } });
  });

  it("read --seed, --runs and repeated --kind", () => {
    const parsed = parseOptions(["/n", "--seed", "-7", "--runs", "50", "--kind", "args", "--kind", "history"], {});
    expect(parsed).toMatchObject({ ok: true, options: { seed: -7, runs: 50, kinds: ["args", "history"] } });
  });

  it.each([
    [[], "Give the path to a nanobot checkout"],
    [["/n", "--runs", "0"], "--runs needs an integer of at least 1"],
    [["/n", "--runs"], "--runs needs a value"],
    [["/n", "--kind", "nope"], "unknown kind nope"],
    [["/n", "--fast"], "unknown option --fast"],
    [["/a", "/b"], "one checkout path, got 2"],
  ])("refuse %j with a message saying what to do", (argv, message) => {
    const parsed = parseOptions(argv, {});
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.message).toContain(message);
  });
});
