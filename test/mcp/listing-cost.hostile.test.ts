/**
 * Listing and naming a server's tools costs work in proportion to what the server sends. A server
 * once listed 4,000 tools whose names all cleaned to one name; every rename then named every
 * other tool, so the listing did 4,000 × 4,000 units of work, logged 92 MB of warnings and held
 * the connection far past its time limit. Here the work is counted, never timed: names hashed,
 * characters hashed, characters logged and characters of the listing's result, for an input of
 * size n and of size 8n (tools that clean to one name, long names, names full of control
 * characters). Each count may grow at most 16× (linear growth is 8×; the square would be 64×).
 * And whatever the input, the log stays within its caps.
 */
import fc from "fast-check";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { listMcpTools } from "../../src/mcp/list-tools.js";
import { MAX_LOGGED_CHARS, MAX_LOGGED_WARNINGS } from "../../src/mcp/logger.js";
import type { McpToolClient } from "../../src/mcp/tool-client.js";
import { propertyConfig, runs } from "../soak/runs.js";
import { noteGrowth } from "../setup/growth-report.js";

const hashing = vi.hoisted(() => ({ names: 0, chars: 0 }));

vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  const createHash = ((algorithm: string) => {
    const hash = real.createHash(algorithm);
    hashing.names++;
    const update = hash.update.bind(hash);
    hash.update = (data: string | Buffer) => {
      hashing.chars += data.length;
      return update(data as string);
    };
    return hash;
  }) as typeof real.createHash;
  return { ...real, default: { ...real, createHash }, createHash };
});

/** Unsafe characters used as digits, control characters and a bidi override among them. */
const UNSAFE_DIGITS = [".", " ", "/", ":", "!", "@", "#", "$", "%", "*", "+", "=", "\u001b", "\u0007", "\r", "\u2028", "\u202e", "\u0085"];

/** `count` distinct names that all clean to `<stem>_<stem>`: the index in unsafe digits between two stems. */
function collidingNames(count: number, stem: string): string[] {
  const base = UNSAFE_DIGITS.length;
  const width = Math.max(1, Math.ceil(Math.log(count) / Math.log(base)));
  return Array.from({ length: count }, (_, i) => {
    let middle = "";
    for (let n = i, d = 0; d < width; d++, n = Math.floor(n / base)) middle += UNSAFE_DIGITS[n % base] as string;
    return `${stem}${middle}${stem}`;
  });
}

/** `count` distinct names made of control characters only, but for a short index. */
function controlNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => `\u001b[2J\u001b]0;${i}\u0007\r\u2028\u202e`);
}

/** One name of `length` characters, each an escape sequence's piece or a letter. */
function longName(length: number, pattern: string): string {
  return pattern.repeat(Math.ceil(length / pattern.length)).slice(0, length);
}

/** What one listing cost. */
interface Work {
  namesHashed: number;
  charsHashed: number;
  charsLogged: number;
  linesLogged: number;
  resultChars: number;
}

async function listingWork(names: readonly string[]): Promise<Work> {
  const tools = names.map((name) => ({ name, inputSchema: { type: "object" } }));
  const client: McpToolClient = { listTools: async () => ({ tools }), callTool: async () => ({}) };
  let charsLogged = 0;
  let linesLogged = 0;
  hashing.names = 0;
  hashing.chars = 0;
  const listing = await listMcpTools(client, "srv", {
    logger: {
      warn: (message) => {
        charsLogged += message.length;
        linesLogged++;
      },
    },
  });
  const resultChars = JSON.stringify(listing.problems).length + listing.tools.reduce((sum, t) => sum + t.name.length, 0);
  return { namesHashed: hashing.names, charsHashed: hashing.chars, charsLogged, linesLogged, resultChars };
}

/** The kinds of input whose cost must stay linear, each at size `n`. */
const shapes: Record<string, (n: number, stem: string) => string[]> = {
  "tools that clean to one name": (n, stem) => collidingNames(n, stem),
  "tools named with control characters": (n) => controlNames(n),
  "one long name": (n, stem) => [longName(n * 40, `${stem}.`)],
  "a few long names full of control characters": (n) => [1, 2, 3].map((k) => longName(n * 40, `\u001b[${k}m\u2028`)),
};

/** The largest growth allowed from n to 8n: linear is 8×, the square 64×. */
const MAX_GROWTH = 16;

beforeEach(() => {
  hashing.names = 0;
  hashing.chars = 0;
});

describe("hostile input: the cost of listing and naming grows linearly with what the server sends", () => {
  it(
    "at n and 8n, every count of work grows at most 16× (property)",
    async () => {
      const reached = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...Object.keys(shapes)), fc.integer({ min: 16, max: 64 }), fc.constantFrom("a", "notes", "x-y"), async (shape, n, stem) => {
          reached.add(shape);
          const make = shapes[shape] as (n: number, stem: string) => string[];
          const small = await listingWork(make(n, stem));
          const large = await listingWork(make(8 * n, stem));
          for (const key of Object.keys(small) as (keyof Work)[]) {
            // +1 keeps a count of 0 at n (nothing hashed, nothing logged) from dividing by zero.
            const ratio = noteGrowth(`MCP listing and naming: ${key}`, shape, small[key] + 1, large[key] + 1, 8 * n, "tools listed");
            expect(ratio, `${shape}: ${key} from n=${n} to 8n`).toBeLessThanOrEqual(MAX_GROWTH);
          }
        }),
        propertyConfig("mcp listing cost is linear", 12),
      );
      expect(reached.size).toBeGreaterThan(1);
    },
    Math.max(60_000, runs(12) * 5_000),
  );

  it("4,000 tools that clean to one name: each hashed once or twice, and the log stays within its caps", async () => {
    // The caps lesson 9 states: 50 lines and 20,000 characters, then one closing line.
    expect([MAX_LOGGED_WARNINGS, MAX_LOGGED_CHARS]).toEqual([50, 20_000]);
    const work = await listingWork(collidingNames(4_000, "a"));
    expect(work.namesHashed).toBeLessThanOrEqual(2 * 4_000);
    expect(work.linesLogged).toBe(MAX_LOGGED_WARNINGS + 1);
    expect(work.charsLogged).toBeLessThanOrEqual(MAX_LOGGED_CHARS + 200);
  });
});

/** Names a server might send: any text, very long text, text full of escapes. */
const anyName = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(...UNSAFE_DIGITS, "a", "_"), minLength: 1, maxLength: 400 }),
  fc.constantFrom("a.b", "a_b", "a b", "a\u001bb", "x".repeat(5_000), "\u001b".repeat(3_000)),
);
/** A listed entry: usually a tool, sometimes something that is not one. */
const anyEntry = fc.oneof(
  { weight: 8, arbitrary: fc.record({ name: anyName, inputSchema: fc.constant({ type: "object" }) }) },
  { weight: 1, arbitrary: fc.record({ name: anyName, inputSchema: fc.constantFrom("x", { type: "array" }) }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 42, "a tool?") },
);

describe("hostile input: the log of a listing is bounded whatever the server sends", () => {
  it(
    "at most MAX_LOGGED_WARNINGS lines and MAX_LOGGED_CHARS characters, then one closing line; none holds a raw control character (property)",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(anyEntry, { maxLength: 300 }), fc.constantFrom("srv", "my server", "s\u001b[2Jv"), async (entries, server) => {
          const lines: string[] = [];
          const client: McpToolClient = { listTools: async () => ({ tools: entries as never }), callTool: async () => ({}) };
          await listMcpTools(client, server, { logger: { warn: (m) => void lines.push(m) } });
          expect(lines.length).toBeLessThanOrEqual(MAX_LOGGED_WARNINGS + 1);
          const chars = lines.reduce((sum, line) => sum + line.length, 0);
          expect(chars).toBeLessThanOrEqual(MAX_LOGGED_CHARS + 200);
          // eslint-disable-next-line no-control-regex -- the test looks for raw control characters in the log
          for (const line of lines) expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
        }),
        propertyConfig("mcp listing log is bounded", 40),
      );
    },
    Math.max(60_000, runs(40) * 2_000),
  );
});
