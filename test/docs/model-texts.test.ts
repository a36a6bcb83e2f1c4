/**
 * Every text the model reads that the prose quotes is checked here against the code's own output
 * (`model-texts.ts` runs the real code on the cases the lessons talk about). The convention: in
 * the lessons, the docs, the READMEs and the self-check explanations, a code span or a ```text
 * block whose text is a model text — it starts with `Error`, a bracketed or parenthesised marker
 * such as `[Analyze …]` or `(<name> completed with no output)`, the SSRF note, `Did you mean`,
 * or holds a problem phrase such as `should be` or `must match` — is a quote, and must match a
 * text the code produced. In a quote, `<name>`, `<n>`, `<type>` and the like stand for any text,
 * and `…` for the rest. A tool message in a ```json example must be a produced text, whole.
 * `docs/peers.md` is written by the benchmark from real runs; the nanobot column of
 * `docs/fidelity.md` quotes upstream's texts, not ours. Both are left out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SELF_CHECKS } from "../../exercises/_cli/catalog.js";
import { producedModelTexts } from "./model-texts.js";

const ROOT = resolve(import.meta.dirname, "../..");

/** A text a reader sees, and where. */
interface Source {
  name: string;
  text: string;
}

function markdown(file: string): Source {
  let text = readFileSync(join(ROOT, file), "utf8");
  if (file === "docs/fidelity.md") {
    // Column 2 quotes upstream's texts.
    text = text
      .split("\n")
      .map((line) => (/^\|\s*\d+\s*\|/.test(line) ? line.replace(/^(\|[^|]*\|)[^|`]*(?:`[^`]*`[^|`]*)*\|/, "$1 |") : line))
      .join("\n");
  }
  return { name: file, text };
}

const sources: Source[] = [
  ...readdirSync(join(ROOT, "lessons"))
    .filter((d) => /^\d\d-/.test(d))
    .map((d) => markdown(`lessons/${d}/README.md`)),
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md") && f !== "peers.md")
    .map((f) => markdown(`docs/${f}`)),
  ...readdirSync(join(ROOT, "exercises"))
    .filter((d) => /^\d\d-/.test(d))
    .map((d) => markdown(`exercises/${d}/README.md`)),
  markdown("exercises/README.md"),
  markdown("README.md"),
  ...SELF_CHECKS.map((c) => ({ name: `the explanation of self-check question ${c.number}`, text: c.explanation })),
];

/** What marks a quoted text as one the model reads. */
const MODEL_TEXT =
  /^(?:Error\b|\([^)]*(?:completed with no output|no output)\)|\[(?:Analyze|tool output|Tool result|Assistant reply|image content|audio content|resource link|embedded resource)|This is a non-bypassable|Did you mean|MCP tool returned)|\.\.\. \(truncated\)|\b(?:should be|must be|must match|must not match|is not allowed|missing required|unexpected parameter|cannot be represented exactly)\b/;

/** One quote of a model text: where, the text, and whether it must be a whole produced text. */
interface Quote {
  where: string;
  text: string;
  whole: boolean;
}

/** The quotes of one source: code spans and ```text blocks that hold a model text, and the tool messages of ```json examples. */
function quotesOf(source: Source): Quote[] {
  const quotes: Quote[] = [];
  let prose = source.text;
  prose = prose.replace(/```text\n([\s\S]*?)```/g, (_block, body: string) => {
    if (MODEL_TEXT.test(body.trim())) quotes.push({ where: source.name, text: body.replace(/\n$/, ""), whole: false });
    return "";
  });
  prose = prose.replace(/```json\n([\s\S]*?)```/g, (_block, body: string) => {
    for (const line of body.split("\n")) {
      const match = /"role":\s*"tool".*"content":\s*("(?:[^"\\]|\\.)*")/.exec(line);
      if (match !== null) quotes.push({ where: source.name, text: JSON.parse(match[1] ?? '""') as string, whole: true });
    }
    return "";
  });
  prose = prose.replace(/```[\s\S]*?```/g, "");
  for (const span of prose.matchAll(/`([^`]+)`/g)) {
    let text = (span[1] ?? "").trim();
    if (/^"(?:[^"\\]|\\.)*"$/.test(text)) text = JSON.parse(text) as string;
    if (MODEL_TEXT.test(text)) quotes.push({ where: source.name, text, whole: false });
  }
  return quotes;
}

/** A quote as a pattern: `<…>` placeholders match any text, `…` the rest, and a line break or run of spaces any blank space. */
function patternOf(quote: Quote): RegExp {
  const parts = quote.text.split(/(<[a-z][^<>]*>|…|\s+)/i);
  const source = parts
    .map((part) => {
      if (part === "…") return "[\\s\\S]*?";
      if (/^<[a-z][^<>]*>$/i.test(part)) return "[\\s\\S]+?";
      if (/^\s+$/.test(part)) return "\\s+";
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(quote.whole ? `^${source}$` : source);
}

const quotes = sources.flatMap(quotesOf);
let produced: string[] = [];

beforeAll(async () => {
  produced = await producedModelTexts();
}, 60_000);

describe("model texts quoted in the prose", () => {
  it("are found (the scan works)", () => {
    expect(quotes.length).toBeGreaterThanOrEqual(40);
    expect(
      quotes.some((q) => q.whole),
      "the landing page's tool message",
    ).toBe(true);
  });

  it("each match a text the code produces", () => {
    const stale = quotes.filter((quote) => !produced.some((text) => patternOf(quote).test(text))).map((q) => `${q.where}: ${JSON.stringify(q.text)}`);
    expect(stale, "these quotes match nothing the code sends; quote the code's output (see test/docs/model-texts.ts)").toEqual([]);
  });

  it("lesson 8 shows valid JSON arguments replayed as the code writes them", () => {
    const lesson8 = readFileSync(join(ROOT, "lessons/08-tool-results/README.md"), "utf8").replace(/\s+/g, " ");
    expect(lesson8).toContain('`{"path": "notes.txt", "n": 1}` is replayed as `{"path":"notes.txt","n":1}`');
    expect(produced).toContain('{"path":"notes.txt","n":1}');
    expect(produced, "text that is not JSON is replayed as it came").toContain('{"path": "src/');
  });
});
