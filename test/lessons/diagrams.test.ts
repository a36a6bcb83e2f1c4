/**
 * The diagrams of the lessons and docs as a reader sees them: Mermaid draws `->` inside a label
 * as `- >` once it wraps the line, so no label holds one (arrows belong to edges), and lesson 5's
 * flowchart runs top to bottom with few boxes, its decisions drawn as hexagons (a diamond grows as
 * tall as it is wide), so that it fits the content column with its labels readable and a screen's
 * height (the browser test measures both).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

/** Every markdown file with prose a reader sees: the lessons' READMEs, docs/*.md and the README. */
const files = [
  ...readdirSync(join(ROOT, "lessons"), { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^\d\d-/.test(e.name))
    .map((e) => join("lessons", e.name, "README.md")),
  ...readdirSync(join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => join("docs", f)),
  "README.md",
];

/** The Mermaid blocks of a markdown text. */
function mermaidBlocks(text: string): string[] {
  return [...text.matchAll(/```mermaid\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
}

/** The quoted labels of a Mermaid block: boxes `["…"]`, diamonds `{"…"}`, rounded `("…")` and edge labels `|"…"|`. */
function labels(block: string): string[] {
  return [...block.matchAll(/\["([^"]*)"\]|\{"([^"]*)"\}|\("([^"]*)"\)|\|"([^"]*)"\|/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? "");
}

describe("Mermaid diagrams", () => {
  it("are found (the scan works)", () => {
    expect(files.flatMap((f) => mermaidBlocks(readFileSync(join(ROOT, f), "utf8"))).length).toBeGreaterThan(5);
  });

  it.each(files)("%s: no label holds ->", (file) => {
    const arrows = mermaidBlocks(readFileSync(join(ROOT, file), "utf8"))
      .flatMap(labels)
      .filter((label) => label.includes("->"));
    expect(arrows, "write the step in words (to, becomes) or as an edge").toEqual([]);
  });

  it("lesson 5's flowchart runs top to bottom, with at most ten boxes and no diamond", () => {
    const [flowchart = ""] = mermaidBlocks(readFileSync(join(ROOT, "lessons/05-argument-processing/README.md"), "utf8"));
    expect(flowchart.split("\n")[0]).toBe("flowchart TD");
    expect(flowchart).not.toMatch(/\w\{"/);
    expect(labels(flowchart).length).toBeLessThanOrEqual(10);
  });
});
