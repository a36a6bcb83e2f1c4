/**
 * The corners of the two throttling keys that the main tests pass by: non-string argument values
 * spelled as Python's `str()` would spell them, Python's truthiness deciding which value is used,
 * and the path normalisation (relative paths, `~` with odd homes, relative and absolute symlinks,
 * a link met twice, a symlink loop). The expected keys match what upstream's own code
 * (`workspace_violation_signature`, `external_lookup_signature`) gives for the same input, except
 * for nesting deeper than 32 levels, which upstream spells out in full and this workbook cuts short.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join, relative } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { externalLookupSignature } from "../../../src/agent/guards/lookup-throttle.js";
import { workspaceViolationSignature } from "../../../src/agent/guards/violations.js";

describe("coverage: externalLookupSignature spells non-string values as Python's str()", () => {
  it("a list of strings: each quoted as Python's repr picks the quote, escapes shown", () => {
    const url = ["A", "it's", 'say "hi"', "both ' and \"", "tab\there\\n"];
    expect(externalLookupSignature("web_fetch", { url })).toBe(`web_fetch:['a', "it's", 'say "hi"', 'both \\' and "', 'tab\\there\\\\n']`);
  });

  it("an object: keys quoted, true/null/false as Python names them, exponents with two digits", () => {
    const url = { K: true, n: null, f: false, x: 1e21, y: 1e-7, z: 2.5, e: [], d: {} };
    expect(externalLookupSignature("web_fetch", { url })).toBe("web_fetch:{'k': true, 'n': none, 'f': false, 'x': 1e+21, 'y': 1e-07, 'z': 2.5, 'e': [], 'd': {}}");
  });

  it("scalars: a number and true are keyed by their Python spelling", () => {
    expect(externalLookupSignature("web_search", { query: 42 })).toBe("web_search:42");
    expect(externalLookupSignature("web_search", { query: true })).toBe("web_search:true");
    expect(externalLookupSignature("web_search", { query: ["x"] })).toBe("web_search:['x']");
  });

  it.each([
    ["an empty list", []],
    ["an empty object", {}],
    ["zero", 0],
    ["false", false],
    ["null", null],
  ])("a query that is %s is falsy in Python, so search_term is used", (_label, query) => {
    expect(externalLookupSignature("web_search", { query, search_term: "Fallback" })).toBe("web_search:fallback");
  });

  it("a falsy query and no search_term give no key", () => {
    expect(externalLookupSignature("web_search", { query: [] })).toBeNull();
    expect(externalLookupSignature("web_fetch", { url: {} })).toBeNull();
  });

  it("nesting deeper than 32 levels is cut short with ... and does not overflow", () => {
    let deep: unknown[] = [];
    const outer = deep;
    for (let i = 0; i < 40; i += 1) {
      const inner: unknown[] = [];
      deep.push(inner);
      deep = inner;
    }
    const key = externalLookupSignature("web_fetch", { url: outer });
    expect(key).toBe(`web_fetch:${"[".repeat(33)}...${"]".repeat(33)}`);
  });
});

describe("coverage: workspaceViolationSignature for exec and shell with non-string values", () => {
  it("a command given as a list is spelled as a Python list and its first absolute path is the target", () => {
    expect(workspaceViolationSignature("exec", { command: ["cat", "/etc/Hosts"] })).toBe("violation:/etc/hosts");
  });

  it("a falsy command falls through to working_dir", () => {
    expect(workspaceViolationSignature("exec", { command: 0, working_dir: "/Opt" })).toBe("violation:/opt");
    expect(workspaceViolationSignature("shell", { command: [], working_dir: "/Srv" })).toBe("violation:/srv");
  });

  it("a working_dir given as a list is its Python spelling, taken as a relative path", () => {
    const expected = `violation:${join(process.cwd(), "['/a']")}`.replace(/\\/g, "/").toLowerCase();
    expect(workspaceViolationSignature("exec", { command: "echo hi", working_dir: ["/a"] })).toBe(expected);
  });

  it("a falsy working_dir and a command without a path give no key", () => {
    expect(workspaceViolationSignature("exec", { command: "echo hi", working_dir: 0 })).toBeNull();
    expect(workspaceViolationSignature("shell", { command: null, working_dir: {} })).toBeNull();
  });
});

describe("coverage: workspaceViolationSignature path normalisation", () => {
  let base = "";

  beforeAll(() => {
    // base/real/sub           a folder
    // base/rel   -> real      relative link
    // base/abs   -> base/real absolute link
    // base/chain -> rel/sub   a link through a link
    // base/loopa <-> loopb    a loop
    // base/real/sub/up -> ../../real, so real/sub/up/sub/up is real/sub/up again
    base = realpathSync(mkdtempSync(join(tmpdir(), "violation-keys-")));
    mkdirSync(join(base, "real", "sub"), { recursive: true });
    symlinkSync("real", join(base, "rel"));
    symlinkSync(join(base, "real"), join(base, "abs"));
    symlinkSync("rel/sub", join(base, "chain"));
    symlinkSync("loopb", join(base, "loopa"));
    symlinkSync("loopa", join(base, "loopb"));
    symlinkSync("../../real", join(base, "real", "sub", "up"));
  });

  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  const key = (path: string): string | null => workspaceViolationSignature("read_file", { path });
  const expected = (path: string): string => `violation:${path}`.toLowerCase();

  it("the root stays the root", () => {
    expect(key("/")).toBe("violation:/");
    expect(key("//")).toBe("violation:/");
    expect(key("/../../etc")).toBe("violation:/etc");
  });

  it("a relative symlink is followed from the folder that holds it, a missing tail kept", () => {
    expect(key(`${base}/rel/sub/F.txt`)).toBe(expected(`${base}/real/sub/f.txt`));
  });

  it("an absolute symlink is followed", () => {
    expect(key(`${base}/abs/sub`)).toBe(expected(`${base}/real/sub`));
  });

  it("a link whose target is itself reached through a link resolves all the way, and .. climbs from the target", () => {
    expect(key(`${base}/chain/../sub/x`)).toBe(expected(`${base}/real/sub/x`));
  });

  it("a link met a second time is resolved from what it resolved to the first time", () => {
    expect(key(`${base}/rel/../rel/sub`)).toBe(expected(`${base}/real/sub`));
    expect(key(`${base}/real/sub/up/sub/up/sub`)).toBe(expected(`${base}/real/sub`));
  });

  it("a symlink loop stops the walk and keeps the rest as written", () => {
    expect(key(`${base}/loopa/x`)).toBe(expected(`${base}/loopa/x`));
  });

  it("a relative path is taken from the current folder, its links followed", () => {
    const rel = relative(process.cwd(), join(base, "rel", "Sub", "x"));
    expect(key(rel)).toBe(expected(`${base}/real/sub/x`));
    const dotted = relative(process.cwd(), join(base, "rel"));
    expect(key(`./${dotted}/../real`)).toBe(expected(`${base}/real`));
  });
});

describe("coverage: workspaceViolationSignature and the home folder", () => {
  const savedHome = process.env["HOME"];

  afterEach(() => {
    if (savedHome === undefined) delete process.env["HOME"];
    else process.env["HOME"] = savedHome;
  });

  it("~ alone is the home folder", () => {
    process.env["HOME"] = "/Home/Someone";
    expect(workspaceViolationSignature("read_file", { path: "~" })).toBe("violation:/home/someone");
  });

  it("a HOME of / does not double the slash", () => {
    process.env["HOME"] = "/";
    expect(workspaceViolationSignature("read_file", { path: "~/x" })).toBe("violation:/x");
    expect(workspaceViolationSignature("read_file", { path: "~" })).toBe("violation:/");
  });

  it("without HOME, ~ is the current user's home from the user database", () => {
    delete process.env["HOME"];
    const home = userInfo().homedir.replace(/(?<!\/)\/+$/, "");
    expect(workspaceViolationSignature("read_file", { path: "~/x" })).toBe(`violation:${home}/x`.toLowerCase());
  });

  it("~user alone, without a slash, is that user's home; an unknown user alone is kept as written", () => {
    const withSlash = workspaceViolationSignature("read_file", { path: "~root/" });
    const alone = workspaceViolationSignature("read_file", { path: "~root" });
    expect(alone).toMatch(/^violation:\//);
    expect(alone).toBe(withSlash);
    expect(workspaceViolationSignature("read_file", { path: "~nosuchuser_zz" })).toBe("violation:~nosuchuser_zz");
  });
});
