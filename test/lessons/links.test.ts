/**
 * Every relative link in the lessons' markdown must point at a file or folder that exists.
 * Web links and in-page anchors are not checked; the `#anchor` part of a file link is ignored.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PLAYGROUND_PAGE } from "../../playground/paths.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LESSONS = join(ROOT, "lessons");

function markdownFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules") continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) found.push(...markdownFiles(path));
    else if (entry.endsWith(".md")) found.push(path);
  }
  return found.sort();
}

/** The link targets of a markdown text: `[text](target)` and `[label]: target`, outside code fences. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  let inFence = false;
  for (const line of markdown.split(/\r?\n/)) {
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const withoutCode = line.replace(/`[^`]*`/g, "");
    for (const match of withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1] ?? "");
    const reference = /^\s*\[[^\]]+\]:\s*(\S+)/.exec(withoutCode);
    if (reference !== null) targets.push(reference[1] ?? "");
  }
  return targets;
}

function isRelative(target: string): boolean {
  return target !== "" && !target.startsWith("#") && !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("//");
}

const files = markdownFiles(LESSONS);

/** Link targets that a build writes (`npm run docs` builds the playground page before TypeDoc runs). */
const GENERATED = new Set([PLAYGROUND_PAGE]);

describe("lesson links", () => {
  it("finds the lesson READMEs", () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  it("parses inline and reference links, skipping code", () => {
    const text = "see [a](../x.md#top) and `[no](nope.md)`\n```\n[no](fenced.md)\n```\n[ref]: ./y.ts\n[web](https://example.com)";
    expect(linkTargets(text)).toEqual(["../x.md#top", "./y.ts", "https://example.com"]);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))("%s: every relative link resolves", (_name, file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(file, "utf8")).filter(isRelative)) {
      const path = decodeURIComponent(target.split("#")[0]?.split("?")[0] ?? "");
      if (path === "") continue;
      const resolved = resolve(dirname(file), path);
      if (GENERATED.has(resolved)) continue;
      if (!existsSync(resolved)) broken.push(`${target} -> ${relative(ROOT, resolved)} (missing)`);
    }
    expect(broken, `broken links in ${relative(ROOT, file)}`).toEqual([]);
  });
});
