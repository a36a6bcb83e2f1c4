/**
 * Accessibility of the built site and of the playground, in a real browser (headless Chrome,
 * Chromium or Edge; see chromium.ts; skipped with one line when none is installed): axe-core finds
 * no WCAG 2.1 A or AA violation on any document page, on the two class pages the lessons link most
 * (ToolRegistry and AgentRunner), or in the playground opened, after a call and after a turn; each
 * in the light and the dark scheme. Every diagram is an image with a name and a text version made
 * from its source, and is drawn again when the theme changes. The site opened from disk (file://)
 * keeps its icons, diagrams, search and the playground, and the playground links open the
 * playground itself.
 *
 * The site is the run's shared build (`shared-site.ts`), served once; the run's browser audits each
 * page once per scheme, two tabs at a time (`auditSitePages`), and the tests below read what that
 * pass saw. The audit's time and a table of what it found are printed. Of the pages that each show
 * one source file, a few that use every token colour are audited (`WORKBOOK_A11Y_ALL_PAGES=1`: all).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../docs/build-site.js";
import { sharedSite } from "../docs/shared-site.js";
import {
  auditPlaygroundStates,
  auditSitePages,
  axeFindings,
  chooseSiteTheme,
  diagramAlternatives,
  emulateScheme,
  findingLines,
  findingsTable,
  sitePagesToAudit,
  waitForDiagrams,
  waitForSite,
  type Audit,
  type DiagramAlternative,
  type Scheme,
} from "./a11y-audit.js";
import { browserPlan, launchChromium, type HeadlessBrowser } from "./chromium.js";
import { serveFolder, type StaticServer } from "./serve.js";

const plan = browserPlan();
let out = "";
let server: StaticServer | null = null;
let browser: HeadlessBrowser | null = null;

/** How many pages are audited at once: a page's scripts and axe-core wait on each other, not only on the CPU. */
const TABS = 2;

const LESSON_5 = "documents/Lessons.05._Argument_processing.html";
const LESSON_10 = "documents/Lessons.10._The_observation_task.html";

/** What the audit pass saw, besides axe-core's findings. */
let pages: string[] = [];
let siteAudits: Audit[] = [];
let playgroundAudits: Audit[] = [];
const diagrams = new Map<string, Record<Scheme, DiagramAlternative[]>>();
/** Per page, the links in its content whose text says "the playground". */
const playgroundLinks = new Map<string, string[]>();
let landingOverflow: string[] = [];
let landingScroll = 0;

/** The landing page's tables that reach past its content column, and by how much. */
const TABLE_OVERFLOW = `(() => {
  const column = document.querySelector(".col-content").getBoundingClientRect();
  return [...document.querySelectorAll(".col-content table")]
    .map((t, i) => ({ i, over: t.getBoundingClientRect().right - column.right, scroll: t.scrollWidth - t.clientWidth }))
    .filter((t) => t.over > 0.5 || t.scroll > 0)
    .map((t) => "table " + (t.i + 1) + ": " + t.over.toFixed(1) + " px past the column");
})()`;

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

/** Reads what the tests need from a page open in one scheme, before it is audited. */
async function inspect(page: Page, path: string, scheme: Scheme): Promise<void> {
  const found = await diagramAlternatives(page);
  if (found.length > 0) diagrams.set(path, { ...(diagrams.get(path) ?? { light: [], dark: [] }), [scheme]: found });
  if (scheme !== "light") return;
  const links = await page.evaluate<string[]>(`[...document.querySelectorAll(".col-content a")].filter((a) => /the playground/i.test(a.textContent)).map((a) => a.href)`);
  if (links.length > 0) playgroundLinks.set(path, links);
  if (path === "index.html") {
    landingOverflow = await page.evaluate<string[]>(TABLE_OVERFLOW);
    landingScroll = await page.evaluate<number>(`document.documentElement.scrollWidth - document.documentElement.clientWidth`);
  }
}

async function auditEverything(): Promise<void> {
  const build = await sharedSite();
  out = build.out;
  expect(build.converted, "TypeDoc could not convert the project").toBe(true);
  server = await serveFolder(out);
  browser = await launchChromium(plan);
  const started = performance.now();
  // WORKBOOK_A11Y_ALL_PAGES=1 audits every source page as well (see sitePagesToAudit).
  pages = sitePagesToAudit(out, process.env["WORKBOOK_A11Y_ALL_PAGES"] === "1");
  const base = server.url;
  const [site, playground] = await Promise.all([
    auditSitePages(browser.context, base, pages, TABS, inspect),
    (async () => {
      const page = await browser.context.newPage();
      try {
        return await auditPlaygroundStates(page, `${base}media/playground.html`);
      } finally {
        await page.close();
      }
    })(),
  ]);
  siteAudits = site;
  playgroundAudits = playground;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `axe-core (WCAG 2.1 A and AA): ${pages.length} pages of the site and the playground in 3 states, each in light and dark, ${site.length + playground.length} audits in ${seconds} s\n${findingsTable([...site, ...playground])}`,
  );
}

/** Opens a page of the served site in the given scheme, with the theme menu following the system, and waits for it to be drawn. */
async function openSitePage(page: Page, path: string, scheme: Scheme): Promise<void> {
  await emulateScheme(page, scheme);
  await page.goto((server?.url ?? "") + path, { waitUntil: "load" });
  await waitForSite(page);
}

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string): number => {
    const [r = 0, g = 0, bl = 0] = (rgb.match(/\d+(?:\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
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
    expect(findingLines(playgroundAudits)).toEqual([]);
  });

  it("gives the playground a dark scheme in which field borders and the flowchart's outlines keep 3:1 on what they sit on", async () => {
    const page = await browser!.context.newPage();
    try {
      await page.goto(`${server?.url ?? ""}media/playground.html`);
      await page.waitForSelector("body[data-ready=true]");
      for (const scheme of ["light", "dark"] as const) {
        await emulateScheme(page, scheme);
        const pairs = await page.evaluate<{ what: string; line: string; on: string[] }[]>(PLAYGROUND_OUTLINES);
        expect(pairs.length).toBeGreaterThan(10);
        const weak = pairs.flatMap((p) => p.on.filter((on) => contrast(p.line, on) < 3).map((on) => `${p.what}: ${p.line} on ${on} (${contrast(p.line, on).toFixed(2)}:1)`));
        expect(weak, scheme).toEqual([]);
      }
      expect(await page.evaluate<string>(`getComputedStyle(document.body).backgroundColor`)).not.toBe("rgb(255, 255, 255)");
    } finally {
      await page.close();
    }
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

  it("draws lesson 5's flowchart wider than tall, and no diagram label with an arrow broken in two", () => {
    const [flowchart] = diagrams.get(LESSON_5)?.light ?? [];
    expect(flowchart?.width).toBeGreaterThan(300);
    expect(flowchart?.height).toBeLessThan(flowchart?.width ?? 0);
    const broken = [...diagrams].flatMap(([path, { light }]) => light.filter((d) => /- >/.test(d.drawnText)).map(() => path));
    expect(broken).toEqual([]);
  });

  it("draws the diagrams again when the theme changes, in the menu or in the system, with arrows that keep 3:1 on the page", async () => {
    const page = await browser!.context.newPage();
    try {
      await openSitePage(page, LESSON_5, "light");
      const light = await diagramAlternatives(page);
      expect(light.map((d) => d.drawnFor)).toEqual(light.map(() => "default"));
      // The menu chooses dark while the system stays light: drawn again, and nothing fails.
      await chooseSiteTheme(page, "dark");
      const dark = await diagramAlternatives(page);
      expect(dark.map((d) => d.drawnFor)).toEqual(dark.map(() => "dark"));
      expect(findingLines([{ page: LESSON_5, state: "the menu's dark over the system's light", scheme: "dark", findings: await axeFindings(page) }])).toEqual([]);
      for (const d of [...light, ...dark]) expect(contrast(d.edgeColour, d.background), `${d.drawnFor}: ${d.edgeColour} on ${d.background}`).toBeGreaterThanOrEqual(3);
      expect(dark[0]?.edgeColour).not.toBe(light[0]?.edgeColour);
      // Back to the system's choice, then the system turns dark.
      await chooseSiteTheme(page, "os");
      expect((await diagramAlternatives(page)).map((d) => d.drawnFor)).toEqual(light.map(() => "default"));
      await emulateScheme(page, "dark");
      await waitForDiagrams(page);
      expect((await diagramAlternatives(page)).map((d) => d.drawnFor)).toEqual(light.map(() => "dark"));
    } finally {
      await page.close();
    }
  });

  it("opens the playground itself from every link that says so, and lists it on the landing page and in the instructor's guide", async () => {
    expect([...playgroundLinks.keys()]).toEqual(
      expect.arrayContaining(["index.html", "documents/Instructor_s_guide.html", LESSON_5, "documents/Lessons.06._Batch_execution.html"]),
    );
    const targets = new Map<string, string>();
    for (const [path, links] of playgroundLinks) for (const link of links) targets.set(link, path);
    const wrong: string[] = [];
    for (const [href, from] of targets) {
      const response = await fetch(href);
      const html = await response.text();
      if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !html.includes("<title>Tool-call playground</title>")) wrong.push(`${from} -> ${href}`);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps the landing page's tables inside its column", () => {
    expect(landingOverflow).toEqual([]);
    expect(landingScroll).toBeLessThanOrEqual(0);
  });

  it("works opened from disk: icons, diagrams, search and the playground, with no error", async () => {
    const page = await browser!.context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    try {
      await emulateScheme(page, "light");
      const fileUrl = (path: string): string => pathToFileURL(join(out, path)).href;
      // Icons: every <use> of the page points into the page's own icon set, and finds its icon.
      for (const path of ["index.html", "classes/index.ToolRegistry.html"]) {
        await page.goto(fileUrl(path));
        await waitForSite(page);
        const lost = await page.evaluate<string[]>(`[...document.querySelectorAll("use")]
          .map((u) => u.getAttribute("href") || "")
          .filter((href) => !href.startsWith("#") || document.getElementById(href.slice(1)) === null)`);
        expect(lost, path).toEqual([]);
        expect(await page.evaluate<number>(`document.querySelectorAll("use").length`)).toBeGreaterThan(10);
      }
      // Diagrams.
      await page.goto(fileUrl(LESSON_5));
      await waitForSite(page);
      expect((await diagramAlternatives(page)).map((d) => d.role)).toEqual(["img"]);
      // Search: the index is a script of the site, read from disk too.
      await page.click("#tsd-search-trigger");
      await page.fill("#tsd-search-input", "ToolRegistry");
      await page.waitForSelector("#tsd-search-results li a");
      expect(await page.evaluate<string>(`document.querySelector("#tsd-search-results li a").textContent`)).toContain("ToolRegistry");
      await page.keyboard.press("Escape");
      // The playground, from lesson 5's link.
      await page.click(".col-content a:text('the playground')");
      await page.waitForSelector("body[data-ready=true]");
      expect(page.url().startsWith("file:")).toBe(true);
      expect(await page.title()).toBe("Tool-call playground");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
