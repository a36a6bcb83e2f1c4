/**
 * The cost of the guards and of `web_fetch`'s HTML to text grows linearly with their input: a
 * page, a URL or query, a path or a command from the model. Two kinds of check, neither a clock
 * ceiling:
 *
 * - counted work: the HTML tokenizer's reads of the page, which must stay a small multiple of its
 *   length, for generated hostile pages at n and 8n characters;
 * - CPU time compared inside one run: the best of several measurements at 8n against the best of
 *   several runs of eight inputs of n (the same amount of input), so the ratio of the cost per size
 *   is about 8 when the cost is linear and about 64 when it is quadratic; it must stay under 16.
 *   CPU time, not wall time, so other processes on a busy machine do not count.
 */
import fc from "fast-check";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Tokenizer } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalLookupSignature, LookupThrottle } from "../../../src/agent/guards/lookup-throttle.js";
import { classifyViolation } from "../../../src/agent/guards/refusal-kind.js";
import { recordWorkspaceViolation } from "../../../src/agent/guards/violations.js";
import { htmlToText } from "../../../src/tools/builtin/_html-text.js";
import { propertyConfig } from "../../soak/runs.js";
import { noteGrowth } from "../../setup/growth-report.js";

/** CPU milliseconds (user and system) that `work` takes. */
function cpuMs(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

/**
 * The cost per size of `run` at `8n` over its cost at `n`, from CPU time: eight times the best of
 * three measurements of one run at 8n over the best of three measurements of eight runs at n. A
 * machine that is busy now and then gets up to three tries; the best is returned.
 */
function costRatio<T>(make: (n: number) => T, run: (input: T) => unknown, n: number): number {
  const small = make(n);
  const large = make(8 * n);
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && best > 16; attempt++) {
    run(small);
    run(large);
    let eightSmall = Number.POSITIVE_INFINITY;
    let oneLarge = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      eightSmall = Math.min(
        eightSmall,
        cpuMs(() => {
          for (let k = 0; k < 8; k++) run(small);
        }),
      );
      oneLarge = Math.min(
        oneLarge,
        cpuMs(() => run(large)),
      );
    }
    best = Math.min(best, (8 * oneLarge) / Math.max(eightSmall, 0.05));
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// web_fetch: HTML to text
// ---------------------------------------------------------------------------------------------

/** Hostile pages by kind, each about `n` characters. */
const HOSTILE_PAGES: Record<string, (n: number) => string> = {
  "unclosed <": (n) => "<".repeat(n),
  "unclosed <!--": (n) => "<!--".repeat(n / 4),
  "unclosed <br": (n) => "<br".repeat(n / 3),
  "unclosed <script": (n) => "<script".repeat(n / 7),
  "an unclosed script full of near end tags": (n) => "<script>" + "</scrip".repeat(n / 7),
  "an unclosed comment": (n) => "<!--" + "a".repeat(n),
  "a long attribute run": (n) => "<a " + "x=1 ".repeat(n / 4),
  "one long attribute name": (n) => "<a " + "b".repeat(n),
  "one long tag name": (n) => "<a" + "b".repeat(n),
  "deep nesting": (n) => "<div>".repeat(n / 5),
  "deep nesting, then end tags that match nothing": (n) => "<div>".repeat(n / 10) + "</p>".repeat(n / 8),
  "repeated separators": (n) => "</p>\n \t".repeat(n / 7),
  "entity runs": (n) => "&amp;&#x41;&nbsp".repeat(n / 16),
  "a legacy entity that is not one": (n) => "&notit;".repeat(n / 7),
  "one long entity name": (n) => "&" + "a".repeat(n),
  "one long number": (n) => "&#" + "0".repeat(n),
  "blank space": (n) => " \t\n".repeat(n / 3),
  "plain words": (n) => "word ".repeat(n / 5),
  "nested svg": (n) => "<svg>".repeat(n / 5),
  "hidden elements": (n) => "<template>".repeat(n / 10),
};

let tokenizerReads = 0;
// eslint-disable-next-line @typescript-eslint/unbound-method -- kept to restore the prototype and called with .call(this), never detached
const originalWrite = Tokenizer.prototype.write;

/** Runs `work` with every read of the page by the HTML tokenizer counted, and returns the count. */
function countReads(work: () => void): number {
  tokenizerReads = 0;
  Tokenizer.prototype.write = function (this: Tokenizer, chunk: string): void {
    const counted = {
      length: chunk.length,
      charCodeAt(index: number): number {
        tokenizerReads++;
        return chunk.charCodeAt(index);
      },
    };
    originalWrite.call(this, counted as unknown as string);
  };
  try {
    work();
  } finally {
    Tokenizer.prototype.write = originalWrite;
  }
  return tokenizerReads;
}

/** Pieces of hostile pages; a page repeats a few of them up to its length. */
const hostilePiece = fc.constantFrom(
  "<",
  "<!--",
  "<br",
  "<script",
  "</script",
  "<a ",
  "x=1 ",
  "x='",
  '"',
  "<div>",
  "</p>",
  "\n \t",
  "&amp;",
  "&#x41;",
  "&nbsp",
  "&notit;",
  "&",
  "#",
  "0",
  "b",
  "<svg>",
  "<template>",
  "</",
  "-->",
  "]]>",
  "<![CDATA[",
  "<title>",
  "/>",
  ">",
  "😀",
);

/** `unit` repeated to exactly `length` characters. */
function page(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

describe("hostile input: web_fetch's HTML to text: counted work", () => {
  it("the tokenizer reads each character of a generated hostile page a bounded number of times, at n and at 8n", () => {
    fc.assert(
      fc.property(fc.array(hostilePiece, { minLength: 1, maxLength: 6 }), fc.integer({ min: 500, max: 2_000 }), (pieces, n) => {
        const unit = pieces.join("");
        const small = page(unit, n);
        const large = page(unit, 8 * n);
        const readsSmall = countReads(() => htmlToText(small));
        const readsLarge = countReads(() => htmlToText(large));
        expect(readsSmall).toBeGreaterThan(0);
        expect(readsSmall).toBeLessThanOrEqual(6 * small.length + 64);
        expect(readsLarge).toBeLessThanOrEqual(6 * large.length + 64);
        expect(noteGrowth("web_fetch's HTML to text (page size)", unit.slice(0, 40), readsSmall, readsLarge, large.length, "characters of HTML")).toBeLessThanOrEqual(16);
      }),
      propertyConfig("html text reads each character a bounded number of times", 25),
    );
  });

  it.each(Object.keys(HOSTILE_PAGES))("%s: reads at 8n over reads at n stay at most 16", (kind) => {
    const make = HOSTILE_PAGES[kind] as (n: number) => string;
    const readsSmall = countReads(() => htmlToText(make(5_000)));
    const readsLarge = countReads(() => htmlToText(make(40_000)));
    expect(readsLarge / readsSmall).toBeLessThanOrEqual(16);
  });

  it("the text kept is never longer than the page", () => {
    fc.assert(
      fc.property(fc.array(hostilePiece, { maxLength: 200 }), (pieces) => {
        const html = pieces.join("");
        expect(htmlToText(html).length).toBeLessThanOrEqual(html.length);
      }),
      propertyConfig("html text is never longer than the page", 200),
    );
  });
});

describe("hostile input: web_fetch's HTML to text: CPU time", () => {
  it.each(Object.keys(HOSTILE_PAGES))("%s: the cost per size at 8n stays within 16 times that at n", (kind) => {
    const make = HOSTILE_PAGES[kind] as (n: number) => string;
    expect(costRatio(make, htmlToText, 5_000)).toBeLessThanOrEqual(16);
  });
});

// ---------------------------------------------------------------------------------------------
// The repeated-lookup throttle
// ---------------------------------------------------------------------------------------------

/**
 * The size at which string work is compared: V8 handles strings of a few hundred kilobytes
 * differently from short ones (they live outside the young generation), so both sizes are taken
 * above that line, where the cost per character is steady.
 */
const LARGE = 200_000;

/** Python's blank space, every kind of it. */
const PY_BLANK = "\t\n\v\f\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000";

const LOOKUP_ARGUMENTS: Record<string, (n: number) => [string, Record<string, unknown>]> = {
  "a url of spaces": (n) => ["web_fetch", { url: " ".repeat(n) }],
  "a url with spaces around one character": (n) => ["web_fetch", { url: `${" ".repeat(n / 2)}x${" ".repeat(n / 2)}` }],
  "a url of spaces, then a character at the end": (n) => ["web_fetch", { url: `${" ".repeat(n)}x` }],
  "a url of every kind of Python blank space": (n) => ["web_fetch", { url: `${PY_BLANK.repeat(n / PY_BLANK.length)}x${PY_BLANK.repeat(n / PY_BLANK.length)}` }],
  "a url of blank space and words": (n) => ["web_fetch", { url: "a ".repeat(n / 2) }],
  "a query of blank space": (n) => ["web_search", { query: `${PY_BLANK.repeat(n / PY_BLANK.length)}q` }],
  "a search_term after a blank query": (n) => ["web_search", { query: " ".repeat(n), search_term: `${" ".repeat(n)}t` }],
  "another tool with a long url": (n) => ["read_file", { url: " ".repeat(n) }],
};

describe("hostile input: the repeated-lookup throttle: CPU time", () => {
  it.each(Object.keys(LOOKUP_ARGUMENTS))("%s: the signature's cost per size at 8n stays within 16 times that at n", (kind) => {
    const make = LOOKUP_ARGUMENTS[kind] as (n: number) => [string, Record<string, unknown>];
    expect(costRatio(make, ([name, args]) => externalLookupSignature(name, args), LARGE)).toBeLessThanOrEqual(16);
  });

  it("the same lookup, many times over: the cost per call stays the same at 8n calls", () => {
    const calls = (n: number): Record<string, unknown>[] => Array.from({ length: n }, () => ({ url: " https://Example.com/page " }));
    const admitAll = (list: Record<string, unknown>[]): void => {
      const throttle = new LookupThrottle();
      for (const args of list) throttle.admit("web_fetch", args);
    };
    expect(costRatio(calls, admitAll, 2_000)).toBeLessThanOrEqual(16);
  });
});

// ---------------------------------------------------------------------------------------------
// Workspace refusals: the escape counter and the refusal check
// ---------------------------------------------------------------------------------------------

let root = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "guards-cost-"));
  await mkdir(join(root, "real", "sub"), { recursive: true });
});
afterAll(async () => {
  if (root !== "") await rm(root, { recursive: true, force: true });
});

/**
 * Refusal arguments by kind, each with the size it is compared at: {@link LARGE}, except where
 * each name of the path is asked of the file system, which is compared at {@link NAMES}. (At
 * 40,000 characters a path is still short enough for V8's faster handling of small strings, and
 * the step to 320,000 then looks like twice the cost per character: 14 to 18 where 8 is linear.)
 */
const NAMES = 40_000;
const PATH_ARGUMENTS: Record<string, [number, (n: number) => [string, Record<string, unknown>]]> = {
  "a long path under a missing folder": [LARGE, (n) => ["read_file", { path: `${root}/missing/${"a/".repeat(n / 2)}` }]],
  // Every `sub` here exists, so each one is asked of the file system: the case is kept small.
  "a long path of existing folders and ..": [NAMES, (n) => ["read_file", { path: `${root}/real/${"sub/../".repeat(n / 70)}x` }]],
  "a long path of .. under a missing folder": [LARGE, (n) => ["read_file", { path: `${root}/missing/${"x/../".repeat(n / 5)}` }]],
  "a path of slashes": [LARGE, (n) => ["read_file", { path: "/".repeat(n) }]],
  "a path of dots": [LARGE, (n) => ["write_file", { path: `${root}/${"./".repeat(n / 2)}x` }]],
  "a path wrapped in blank space": [LARGE, (n) => ["read_file", { path: `${PY_BLANK.repeat(n / PY_BLANK.length)}/etc/x${PY_BLANK.repeat(n / PY_BLANK.length)}` }]],
  "a ~ path with a long user name": [LARGE, (n) => ["read_file", { path: `~${"u".repeat(n)}/x` }]],
  "a shell command of blank space before a path": [LARGE, (n) => ["exec", { command: `${" ".repeat(n)}cat /etc/passwd` }]],
  "a shell command of quotes and slashes with no path": [LARGE, (n) => ["exec", { command: `"'/`.repeat(n / 3) }]],
  "a shell command with a long working_dir": [LARGE, (n) => ["shell", { command: "ls", working_dir: `${root}/missing/${"d/".repeat(n / 2)}` }]],
};

describe("hostile input: workspace refusals: CPU time", () => {
  it.each(Object.keys(PATH_ARGUMENTS))("%s: the escape counter's cost per size at 8n stays within 16 times that at n", (kind) => {
    const [size, make] = PATH_ARGUMENTS[kind] as [number, (n: number) => [string, Record<string, unknown>]];
    const count = ([name, args]: [string, Record<string, unknown>]): unknown => recordWorkspaceViolation(new Map(), name, args);
    expect(costRatio(make, count, size)).toBeLessThanOrEqual(16);
  });

  it("recognising a refusal by its text: the cost per size at 8n stays within 16 times that at n", () => {
    const text = (n: number): string => `${"Path ".repeat(n / 5)}outside allowed directory`;
    expect(costRatio(text, classifyViolation, LARGE)).toBeLessThanOrEqual(16);
  });
});
