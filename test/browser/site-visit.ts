/**
 * The run's one visit of the built site in a real browser, which `site.test.ts` (links, errors,
 * diagrams, screenshots) and `a11y.test.ts` (axe-core, diagrams' text versions, the playground's
 * links) both read: each page is opened once per run, not once per test file. The first file to
 * ask visits, in its own browser context (`shared-site.ts`'s `oncePerRun`); the other waits for
 * what it saw, written to the run's folder.
 *
 * Each page is opened in the light scheme, its facts are read (its links, its diagrams and the size
 * their smallest label is drawn at), and axe-core runs every WCAG 2.0 and
 * 2.1 A and AA rule; then the system's scheme turns dark, the page follows (its diagrams are drawn
 * again), and axe-core runs the rules that read colours, once the page is shown to differ from the
 * light one in colours only (`scheme-invariance.ts`, whose findings are kept with the audit).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { ROOT } from "../docs/root.js";
import { oncePerRun, sharedSite } from "../docs/shared-site.js";
import {
  auditPage,
  diagramAlternatives,
  emulateScheme,
  PAGES_WITH_NAVIGATION,
  sitePagesToAudit,
  useAxe,
  waitForDiagrams,
  waitForSite,
  type Audit,
  type DiagramAlternative,
  type Scheme,
} from "./a11y-audit.js";
import { launchChromium } from "./chromium.js";
import { serveFolder } from "./serve.js";

/** Where the screenshots for review are kept. */
export const SCREENSHOTS = join(ROOT, "test-results", "screenshots");

/** The pages photographed during the visit (light scheme, as opened), by the screenshot's name. */
const PHOTOGRAPHED: Record<string, string> = {
  "index.html": "landing",
  "documents/Lessons.05._Argument_processing.html": "lesson-05",
  "classes/index.ToolRegistry.html": "ToolRegistry",
};

/** How many pages are open at once. */
const TABS = 1;

/** What the visit saw on one page. */
export interface PageVisit {
  /** The page, relative to the site's root. */
  page: string;
  /** Every link of the page into the site (its navigation included), relative to the site's root; links elsewhere are left out. */
  links: string[];
  /** The links in the page's content whose text says "the playground", relative to the site's root. */
  playgroundLinks: string[];
  /** Console errors, page errors and failed requests, from opening the page to its last audit. */
  errors: string[];
  /** The mermaid diagrams: how many, how many drawn as SVG, and of which kind. */
  diagrams: { count: number; svgs: number; kinds: string[] };
  /** What each diagram gives a screen reader, in each scheme. */
  alternatives: Record<Scheme, DiagramAlternative[]>;
  /** The smallest label of each diagram as drawn on the page, in each scheme. */
  labels: Record<Scheme, DiagramLabel[]>;
  /** The page's audits: light (every rule), then dark (the colour rules). */
  audits: Audit[];
}

/** Everything the visit saw. */
export interface SiteVisit {
  pages: PageVisit[];
  /** The landing page's tables that reach past its content column, and how far the page scrolls sideways. */
  landing: { overflow: string[]; scroll: number };
  /** The screenshots taken, as file names under {@link SCREENSHOTS}. */
  screenshots: string[];
  /** How long the visit took, in seconds. */
  seconds: number;
}

/** The landing page's tables that reach past its content column, and by how much. */
const TABLE_OVERFLOW = `(() => {
  const column = document.querySelector(".col-content").getBoundingClientRect();
  return [...document.querySelectorAll(".col-content table")]
    .map((t, i) => ({ i, over: t.getBoundingClientRect().right - column.right, scroll: t.scrollWidth - t.clientWidth }))
    .filter((t) => t.over > 0.5 || t.scroll > 0)
    .map((t) => "table " + (t.i + 1) + ": " + t.over.toFixed(1) + " px past the column");
})()`;

/** The page's links and diagrams, read in the page (the tests are compiled without the DOM's types). */
const FACTS = `(() => ({
  links: [...document.querySelectorAll("a[href]")].map((a) => a.href),
  playgroundLinks: [...document.querySelectorAll(".col-content a")].filter((a) => /the playground/i.test(a.textContent)).map((a) => a.href),
  diagrams: {
    count: document.querySelectorAll("pre > code.mermaid, div.mermaid").length,
    svgs: document.querySelectorAll("div.mermaid > svg").length,
    kinds: [...document.querySelectorAll("div.mermaid > svg")].map((svg) => svg.getAttribute("aria-roledescription") ?? ""),
  },
}))()`;

/** The smallest label of one diagram as the reader sees it. */
export interface DiagramLabel {
  /** The diagram's place on the page, from 1. */
  diagram: number;
  /** The font size the smallest label is drawn at on screen, in CSS pixels: its own font size times the scale the diagram is drawn at. */
  px: number;
  /** The start of that label's text. */
  text: string;
}

/**
 * Each drawn diagram's smallest label on screen. A wide diagram is scaled down to fit the content
 * column, and its labels with it: the size that counts is the label's font size times the scale
 * from the diagram's own units to the screen (its screen transform), for every element that holds
 * text, in SVG text and in the HTML labels mermaid puts in a foreignObject.
 */
const SMALLEST_LABELS = `(() => [...document.querySelectorAll(".mermaid-figure svg")].map((svg, i) => {
  let px = Infinity;
  let text = "";
  const holdsText = (el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
  for (const owner of svg.querySelectorAll("text, foreignObject")) {
    const m = owner.getScreenCTM();
    if (m === null) continue;
    const scale = Math.hypot(m.a, m.b);
    const holders = owner.tagName.toLowerCase() === "text" ? [owner, ...owner.querySelectorAll("tspan")] : [...owner.querySelectorAll("*")];
    for (const el of holders.filter(holdsText)) {
      const size = parseFloat(getComputedStyle(el).fontSize) * scale;
      if (size < px) {
        px = size;
        text = el.textContent.trim().slice(0, 40);
      }
    }
  }
  return { diagram: i + 1, px: Number.isFinite(px) ? Math.round(px * 10) / 10 : 0, text };
}))()`;

/** Each drawn diagram's smallest label, as {@link SMALLEST_LABELS} reads it. */
async function smallestLabels(page: Page): Promise<DiagramLabel[]> {
  return page.evaluate<DiagramLabel[]>(SMALLEST_LABELS);
}

/** Collects a page's console errors, page errors and failed requests into whatever list `into` names now. */
function watchErrors(page: Page, into: () => string[]): void {
  page.on("console", (m) => {
    if (m.type() === "error") into().push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => into().push(`page error: ${e.message}`));
  page.on("response", (r) => {
    if (r.status() >= 400) into().push(`HTTP ${r.status()}: ${r.url()}`);
  });
}

/** Opens `path` and reads, photographs and audits it in both schemes; `landing` receives the landing page's layout. */
async function visitPage(page: Page, base: string, path: string, errors: string[], visit: SiteVisit): Promise<PageVisit> {
  await emulateScheme(page, "light");
  await page.goto(base + path, { waitUntil: "load" });
  await waitForSite(page);
  const facts = await page.evaluate<{ links: string[]; playgroundLinks: string[]; diagrams: PageVisit["diagrams"] }>(FACTS);
  const inSite = (links: string[]): string[] => links.filter((l) => l.startsWith(base)).map((l) => l.slice(base.length));
  if (path === "index.html") {
    visit.landing = {
      overflow: await page.evaluate<string[]>(TABLE_OVERFLOW),
      scroll: await page.evaluate<number>(`document.documentElement.scrollWidth - document.documentElement.clientWidth`),
    };
  }
  const shot = PHOTOGRAPHED[path];
  if (shot !== undefined) {
    await page.screenshot({ path: join(SCREENSHOTS, `${shot}.png`), fullPage: false });
    visit.screenshots.push(`${shot}.png`);
  }
  const light = await diagramAlternatives(page);
  const lightLabels = await smallestLabels(page);
  // The side navigation is the same tree on every page: audited on a few (PAGES_WITH_NAVIGATION), emptied on the others.
  if (!PAGES_WITH_NAVIGATION.includes(path)) await page.evaluate(`document.getElementById("tsd-nav-container").replaceChildren()`);
  const audits = await auditPage(page, path, "", async () => {
    await emulateScheme(page, "dark");
    await waitForDiagrams(page);
  });
  return {
    page: path,
    links: inSite(facts.links),
    playgroundLinks: inSite(facts.playgroundLinks),
    errors,
    diagrams: facts.diagrams,
    alternatives: { light, dark: await diagramAlternatives(page) },
    labels: { light: lightLabels, dark: await smallestLabels(page) },
    audits,
  };
}

/** Visits `paths` of the site served at `base` in `context`, {@link TABS} pages at a time. */
export async function visitSite(context: BrowserContext, base: string, paths: readonly string[]): Promise<SiteVisit> {
  const started = performance.now();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const visit: SiteVisit = { pages: [], landing: { overflow: [], scroll: 0 }, screenshots: [], seconds: 0 };
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: TABS }, async () => {
      const page = await context.newPage();
      await useAxe(page);
      let errors: string[] = [];
      watchErrors(page, () => errors);
      try {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          errors = [];
          visit.pages.push(await visitPage(page, base, path, errors, visit));
        }
      } finally {
        await page.close();
      }
    }),
  );
  visit.pages.sort((a, b) => paths.indexOf(a.page) - paths.indexOf(b.page));
  visit.seconds = (performance.now() - started) / 1000;
  return visit;
}

/**
 * The run's visit of its shared site (`sharedSite()`): made once per run by the first test file that
 * asks, every other waiting for it. `WORKBOOK_A11Y_ALL_PAGES=1` visits every source page too.
 */
export function sharedSiteVisit(): Promise<SiteVisit> {
  return oncePerRun("site-visit", async () => {
    const build = await sharedSite();
    if (!build.converted) throw new Error("TypeDoc could not convert the project");
    const server = await serveFolder(build.out);
    const browser = await launchChromium();
    try {
      return await visitSite(browser.context, server.url, sitePagesToAudit(build.out, process.env["WORKBOOK_A11Y_ALL_PAGES"] === "1"));
    } finally {
      await browser.close();
      await server.close();
    }
  });
}
