/**
 * Accessibility of the built site and of the playground, in a real browser (headless Chrome,
 * Chromium or Edge; see chromium.ts; skipped with one line when none is installed): axe-core finds
 * no WCAG 2.1 A or AA violation on any document page, on the two class pages the lessons link most
 * (ToolRegistry and AgentRunner), or in the playground opened, after a call and after a turn; each
 * in the light and the dark scheme. Every diagram is an image with a name and a text version made
 * from its source, and the playground links open the playground itself. That the diagrams are drawn
 * again when the theme changes, and that the site works opened from disk, is `site-reader.test.ts`
 * (pages of its own, beside the visit below).
 *
 * Light and dark: in light every rule runs. In dark, each page is first shown to differ from its
 * light self in colours only: the style rules of one scheme set colours only, and the document
 * (elements, attributes, inline styles, texts), colours set aside, is the same
 * (`scheme-invariance.ts`). Whatever a rule reads besides colours is then the same in both schemes,
 * and so is its verdict; the rules that read colours (`color-contrast`, `link-in-text-block`) run
 * again. A page that differs in more than colours fails the test, and is audited in full in dark.
 *
 * The site's pages are those of the run's one visit of the site (`site-visit.ts`, shared with
 * `site.test.ts`, which opens each page once); the playground is audited here meanwhile. The
 * audit's time and a table of what it found are printed. Of the pages that each show one source
 * file, a few that use every token colour are audited (`WORKBOOK_A11Y_ALL_PAGES=1`: all).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../docs/root.js";
import { sharedSite } from "../docs/shared-site.js";
import { auditPlaygroundStates, findingLines, findingsTable, type Audit, type DiagramAlternative, type Scheme } from "./a11y-audit.js";
import { browserPlan, launchChromium, type HeadlessBrowser } from "./chromium.js";
import { contrast } from "./contrast.js";
import { COLOUR_RULES } from "./scheme-invariance.js";
import { serveFolder, type StaticServer } from "./serve.js";
import { sharedSiteVisit, type SiteVisit } from "./site-visit.js";

const plan = browserPlan();
let server: StaticServer | null = null;
let browser: HeadlessBrowser | null = null;
/** The tab the playground is audited in. */
let tab: Page | null = null;

const LESSON_5 = "documents/Lessons.05._Argument_processing.html";
const LESSON_10 = "documents/Lessons.10._The_observation_task.html";

let visit: SiteVisit = { pages: [], landing: { overflow: [], scroll: 0 }, screenshots: [], seconds: 0 };
let pages: string[] = [];
let siteAudits: Audit[] = [];
let playgroundAudits: Audit[] = [];
const diagrams = new Map<string, Record<Scheme, DiagramAlternative[]>>();
/** Per page, the links in its content whose text says "the playground", relative to the site's root. */
const playgroundLinks = new Map<string, string[]>();
/** The opened playground's outlines in each scheme, and its page background in dark. */
const outlines: Record<Scheme, { what: string; line: string; on: string[] }[]> = { light: [], dark: [] };
let playgroundDarkBackground = "";

/** The playground's outlines: each field's border, each flowchart box's stroke and each arrow, with the colours it sits on. */
const PLAYGROUND_OUTLINES = `(() => {
  const page = getComputedStyle(document.body).backgroundColor;
  const fields = [...document.querySelectorAll("textarea, select, input:not([type=checkbox])")].map((el) => ({
    what: el.id || el.getAttribute("aria-label") || el.tagName,
    line: getComputedStyle(el).borderTopColor,
    on: [getComputedStyle(el).backgroundColor, page],
  }));
  const boxes = [...document.querySelectorAll("#flowchart svg .node rect")].map((rect, i) => ({
    what: "flowchart box " + (i + 1),
    line: getComputedStyle(rect).stroke,
    on: [getComputedStyle(rect).fill, page],
  }));
  const arrows = [...document.querySelectorAll("#flowchart svg .edge")].map((line, i) => ({
    what: "flowchart arrow " + (i + 1),
    line: getComputedStyle(line).stroke,
    on: [page],
  }));
  return [...fields, ...boxes, ...arrows];
})()`;

/** Reads the opened playground's outlines in each scheme, before its audit. */
async function inspectPlayground(page: Page, state: string, scheme: Scheme): Promise<void> {
  if (state !== "opened") return;
  outlines[scheme] = await page.evaluate<{ what: string; line: string; on: string[] }[]>(PLAYGROUND_OUTLINES);
  if (scheme === "dark") playgroundDarkBackground = await page.evaluate<string>(`getComputedStyle(document.body).backgroundColor`);
}

async function auditEverything(): Promise<void> {
  const build = await sharedSite();
  expect(build.converted, "TypeDoc could not convert the project").toBe(true);
  server = await serveFolder(build.out);
  browser = await launchChromium(plan);
  const started = performance.now();
  tab = await browser.context.newPage();
  const page = tab;
  const url = `${server.url}media/playground.html`;
  [visit, playgroundAudits] = await Promise.all([sharedSiteVisit(), auditPlaygroundStates(page, url, (state, scheme) => inspectPlayground(page, state, scheme))]);
  pages = visit.pages.map((v) => v.page);
  siteAudits = visit.pages.flatMap((v) => v.audits);
  for (const v of visit.pages) {
    if (v.alternatives.light.length + v.alternatives.dark.length > 0) diagrams.set(v.page, v.alternatives);
    if (v.playgroundLinks.length > 0) playgroundLinks.set(v.page, v.playgroundLinks);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `axe-core (WCAG 2.1 A and AA; in dark, once the page differs in colours only, ${COLOUR_RULES.join(" and ")}): ${pages.length} pages of the site (visited in ${visit.seconds.toFixed(1)} s) and the playground in 3 states, each in light and dark, ${siteAudits.length + playgroundAudits.length} audits, ${seconds} s here\n${findingsTable([...siteAudits, ...playgroundAudits])}`,
  );
}

/** Every audit that did not run as planned (every rule in light, the colour rules in dark) or whose page differs in more than colours. */
function schemeLines(audits: readonly Audit[]): string[] {
  return audits.flatMap((a) => [
    ...(a.rules === (a.scheme === "light" ? "all" : "colours") ? [] : [`${a.page} [${a.state}, ${a.scheme}] ran ${a.rules} rules`]),
    ...a.schemeDifferences.map((d) => `${a.page} [${a.state}, ${a.scheme}] differs between the schemes in more than colours: ${d}`),
  ]);
}

/** The first mermaid block of a markdown file. */
function firstMermaid(markdown: string): string {
  return markdown.split("```mermaid")[1]?.split("```")[0] ?? "";
}

/** The box labels of a mermaid flowchart (`["…"]` and `{"…"}` labels), line breaks as "; ". */
function flowchartLabels(source: string): string[] {
  return [...source.matchAll(/[[{]"([^"]*)"[\]}]/g)].map((m) => (m[1] ?? "").split(/<br\s*\/?>/).join("; "));
}

describe.skipIf(plan.skip)("accessibility of the site and the playground", { timeout: 120_000 }, () => {
  beforeAll(auditEverything, 600_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await server?.close();
  });

  it("finds no WCAG 2.1 A or AA violation on any document page or the two class pages, in light and in dark", () => {
    expect(pages).toContain("index.html");
    expect(pages.filter((p) => p.startsWith("documents/Lessons.")).length).toBeGreaterThanOrEqual(11);
    expect(pages.filter((p) => p.startsWith("documents/Exercises.")).length).toBeGreaterThanOrEqual(9);
    expect(pages).toEqual(expect.arrayContaining(["classes/index.ToolRegistry.html", "classes/index.AgentRunner.html", "documents/Instructor_s_guide.html"]));
    for (const scheme of ["light", "dark"] as const)
      expect(
        siteAudits
          .filter((a) => a.scheme === scheme)
          .map((a) => a.page)
          .sort(),
      ).toEqual([...pages].sort());
    expect(schemeLines(siteAudits)).toEqual([]);
    expect(findingLines(siteAudits)).toEqual([]);
  });

  it("finds no WCAG 2.1 A or AA violation in the playground opened, after a call and after a turn, in light and in dark", () => {
    expect(playgroundAudits.map((a) => `${a.state}, ${a.scheme}`)).toEqual([
      "opened, light",
      "opened, dark",
      "after a call, light",
      "after a call, dark",
      "after a turn, light",
      "after a turn, dark",
    ]);
    expect(schemeLines(playgroundAudits)).toEqual([]);
    expect(findingLines(playgroundAudits)).toEqual([]);
  });

  it("gives the playground a dark scheme in which field borders and the flowchart's outlines keep 3:1 on what they sit on", () => {
    for (const scheme of ["light", "dark"] as const) {
      const pairs = outlines[scheme];
      expect(pairs.length).toBeGreaterThan(10);
      const weak = pairs.flatMap((p) => p.on.filter((on) => contrast(p.line, on) < 3).map((on) => `${p.what}: ${p.line} on ${on} (${contrast(p.line, on).toFixed(2)}:1)`));
      expect(weak, scheme).toEqual([]);
    }
    expect(playgroundDarkBackground).not.toBe("rgb(255, 255, 255)");
  });

  it("gives every diagram a name and a text version made from its source, boxes and arrows in reading order", () => {
    expect([...diagrams.keys()]).toEqual(expect.arrayContaining(["documents/Architecture.html", LESSON_5, LESSON_10]));
    for (const [path, { light, dark }] of diagrams) {
      expect(dark.length, path).toBe(light.length);
      for (const d of [...light, ...dark]) {
        expect(d.role, path).toBe("img");
        expect(d.name, path).toMatch(/^(?:Flowchart|Sequence diagram)\b.{20}/);
        expect(d.description.length, path).toBeGreaterThan(40);
      }
    }
    // Lesson 5's flowchart: every box of its source is in the text version, in the source's order.
    const labels = flowchartLabels(firstMermaid(readFileSync(join(ROOT, "lessons/05-argument-processing/README.md"), "utf8")));
    const description = diagrams.get(LESSON_5)?.light[0]?.description ?? "";
    expect(labels.length).toBeGreaterThan(5);
    let at = -1;
    for (const label of labels) {
      expect(description, `“${label}” is missing from the text version`).toContain(`\u201c${label}\u201d`);
      // A box is described where it first leads somewhere (or ends the flow): in the source's order.
      const described = [" leads", " (a decision):", ":"].map((after) => description.indexOf(`\u201c${label}\u201d${after}`)).filter((i) => i !== -1);
      if (described.length > 0) {
        const first = Math.min(...described);
        expect(first, `“${label}” is out of order`).toBeGreaterThan(at);
        at = first;
      }
    }
    // Lesson 10's sequence diagram: one item per message of its source.
    const messages = firstMermaid(readFileSync(join(ROOT, "lessons/10-observation-task/README.md"), "utf8"))
      .split("\n")
      .filter((line) => line.includes("->>")).length;
    expect(diagrams.get(LESSON_10)?.light[0]?.items).toBe(messages);
  });

  it("draws lesson 5's flowchart within one screen's height, and no diagram label with an arrow broken in two", () => {
    const [flowchart] = diagrams.get(LESSON_5)?.light ?? [];
    expect(flowchart?.width).toBeGreaterThan(300);
    // The browser's window is 900 px tall: the whole flowchart is in view at once.
    expect(flowchart?.height).toBeGreaterThan(300);
    expect(flowchart?.height).toBeLessThanOrEqual(900);
    const broken = [...diagrams].flatMap(([path, { light }]) => light.filter((d) => /- >/.test(d.drawnText)).map(() => path));
    expect(broken).toEqual([]);
  });

  it("opens the playground itself from every link that says so, and lists it on the landing page and in the instructor's guide", async () => {
    expect([...playgroundLinks.keys()]).toEqual(
      expect.arrayContaining(["index.html", "documents/Instructor_s_guide.html", LESSON_5, "documents/Lessons.06._Batch_execution.html"]),
    );
    const targets = new Map<string, string>();
    for (const [path, links] of playgroundLinks) for (const link of links) targets.set(link, path);
    const wrong: string[] = [];
    for (const [href, from] of targets) {
      const response = await fetch((server?.url ?? "") + href);
      const html = await response.text();
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !html.includes("<title>Tool-call playground</title>")) wrong.push(`${from} -> ${href}`);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the landing page's tables inside its column", () => {
    expect(visit.landing.overflow).toEqual([]);
    expect(visit.landing.scroll).toBeLessThanOrEqual(0);
  });
});
