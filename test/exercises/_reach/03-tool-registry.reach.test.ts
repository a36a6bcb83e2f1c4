/**
 * Exercise 3's generators reach every corner its rules name, on a fixed sample: the prefix `mcp_`
 * and its near misses, case, names where UTF-16 order and code-point order differ, prototype-looking
 * and empty names, and sequences with repeated names, the same tool registered again, unknown names
 * unregistered, and reads with and without a change between them.
 */
import { describe, expect, it } from "vitest";
import { holds } from "../_support/domain.js";
import { cacheScript, orderScript, toolName, type Script } from "../_support/gen-03.js";
import { expectReach } from "../_support/reach.js";

const names = (script: Script): string[] => script.tools.map((t) => t.name);
/** True when code-point order and UTF-16 order disagree on some pair of the names. */
const ordersDisagree = (list: readonly string[]): boolean => list.some((a) => list.some((b) => a < b && codePointLess(b, a)));
function codePointLess(a: string, b: string): boolean {
  const x = [...a].map((c) => c.codePointAt(0) ?? 0);
  const y = [...b].map((c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return (x[i] ?? 0) < (y[i] ?? 0);
  return x.length < y.length;
}

describe("exercise 3's generators", () => {
  it("names reach mcp_, its near misses, case, and the corners of UTF-16 order", () => {
    const reach = expectReach(
      "toolName",
      toolName(),
      {
        "mcp_ first": (n) => n.startsWith("mcp_"),
        "MCP_ first": (n) => n.startsWith("MCP_"),
        "mcp without _": (n) => n.startsWith("mcp") && !n.startsWith("mcp_"),
        "white space, then mcp_": (n) => n.startsWith(" mcp_"),
        "mcp_ inside only": (n) => !n.startsWith("mcp_") && n.includes("mcp_"),
        "upper and lower case": (n) => /[A-Z]/.test(n) && /[a-z]/.test(n),
        "a character outside the BMP": holds.astral,
        "a character from U+E000": (n) => /[\ue000-\uffff]/.test(n),
        "a prototype-looking name": holds.prototypeKey,
        empty: (n) => n === "",
      },
      { size: (n) => n.length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(12);
  });

  it("order scripts reach none, one and many tools, both groups, repeats, and orders that disagree", () => {
    const reach = expectReach(
      "orderScript",
      orderScript(),
      {
        "no tool": (s) => s.tools.length === 0,
        "one tool": (s) => s.tools.length === 1,
        "built-ins and mcp_ tools": (s) => names(s).some((n) => n.startsWith("mcp_")) && names(s).some((n) => !n.startsWith("mcp_")),
        "a name registered twice": (s) => new Set(names(s)).size < s.tools.length,
        "UTF-16 and code-point order disagree": (s) => ordersDisagree(names(s)),
      },
      { size: (s) => s.tools.length },
    );
    expect(reach.largest, "six drawn tools and the pair that parts the two orders").toBe(8);
  });

  it("cache scripts reach every change between reads, and reads with none", () => {
    const pairs = (s: Script, test: (before: Script["ops"][number], after: Script["ops"][number]) => boolean): boolean =>
      s.ops.some((op, i) => i > 0 && test(s.ops[i - 1] as Script["ops"][number], op));
    const reach = expectReach(
      "cacheScript",
      cacheScript(),
      {
        "two reads in a row": (s) => pairs(s, (a, b) => a.op === "get" && b.op === "get"),
        "the same tool registered twice": (s) =>
          s.ops.filter((o) => o.op === "register").some((o, i, all) => all.findIndex((p) => p.op === "register" && p.tool === o.tool) !== i),
        "two tools of one name registered": (s) => {
          const registered = s.ops.flatMap((o) => (o.op === "register" ? [o.tool] : []));
          return registered.some((a) => registered.some((b) => a !== b && s.tools[a]?.name === s.tools[b]?.name));
        },
        "an unknown name unregistered": (s) => s.ops.some((o) => o.op === "unregister" && !s.tools.some((t) => t.name === o.name)),
        "a known name unregistered between reads": (s) =>
          s.ops.some((o, i) => o.op === "unregister" && s.tools.some((t) => t.name === o.name) && s.ops.slice(0, i).some((p) => p.op === "get")),
        "only a read": (s) => s.ops.length === 1,
      },
      { size: (s) => s.ops.length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(10);
  });
});
