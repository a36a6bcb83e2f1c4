/**
 * Opens the built site (built once per run, `shared-site.ts`) in a real browser (headless Chrome,
 * Chromium or Edge; see chromium.ts; skipped with one line when none is installed) and
 * checks what a reader sees: the diagrams are drawn as SVG, every link of every document page
 * leads to an HTML page of the site, and no page logs an error. Of the pages that show a source
 * file (one template over a listing, a hundred of them), one is opened. Screenshots of the landing page,
 * one lesson and the ToolRegistry page are kept in `test-results/screenshots/` for review.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../docs/build-site.js";
import { sharedSite } from "../docs/shared-site.js";
import { browserPlan, launchChromium, type HeadlessBrowser } from "./chromium.js";
import { serveFolder, type StaticServer } from "./serve.js";

const SCREENSHOTS = join(ROOT, "test-results", "screenshots");

interface Visit {
  page: string;
  links: string[];
  errors: string[];
  diagrams: { count: number; svgs: number; kinds: string[] };
}

let out = "";
let server: StaticServer | null = null;
let browser: HeadlessBrowser | null = null;
let buildMessages: string[] = [];
const visits = new Map<string, Visit>();

/** The pages the site shows a source file on (`docs/site/prepare.mjs`): one template over a generated listing. */
const SOURCE_PAGE = /^Source_files\./;

/**
 * The pages that come from markdown documents: the landing page, every written document under
 * documents/, and one of the source-file pages, which all share one template (their links are
 * checked in every page's HTML by `test/docs/api-reference.test.ts`).
 */
function documentPages(site: string): string[] {
  const pages = readdirSync(join(site, "documents"))
    .filter((f) => f.endsWith(".html"))
    .sort();
  const written = pages.filter((f) => !SOURCE_PAGE.test(f));
  const source = pages.find((f) => SOURCE_PAGE.test(f) && f.endsWith(".ts.html"));
  return ["index.html", ...[...written, ...(source === undefined ? [] : [source])].map((f) => `documents/${f}`)];
}

/** Expressions evaluated inside the page (the tests are compiled without the DOM types). */
const IN_PAGE = {
  /** The navigation, filled in by the site's script, has its links. */
  navigationBuilt: `document.querySelectorAll("#tsd-nav-container a").length > 0`,
  /** How many mermaid diagrams the page has, drawn or not. */
  diagramBlocks: `document.querySelectorAll("pre > code.mermaid, div.mermaid").length`,
  /** The site's diagram script has finished: drawn, or failed (docs/site/diagrams.js marks the page). */
  diagramsDone: `document.documentElement.hasAttribute("data-diagrams")`,
  diagrams: `({
    count: document.querySelectorAll("pre > code.mermaid, div.mermaid").length,
    svgs: document.querySelectorAll("div.mermaid > svg").length,
    kinds: [...document.querySelectorAll("div.mermaid > svg")].map((svg) => svg.getAttribute("aria-roledescription") ?? ""),
  })`,
  /** Every link of the page, as an absolute URL. */
  links: `[...document.querySelectorAll("a[href]")].map((a) => a.href)`,
};

async function visit(page: Page, url: string, path: string): Promise<Visit> {
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }): void => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  };
  const onPageError = (error: Error): void => {
    errors.push(`page error: ${error.message}`);
  };
  const onResponse = (response: { status(): number; url(): string }): void => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  };
  page.on("console", onConsole);
  page.on("pageerror", onPageError);
  page.on("response", onResponse);
  try {
    await page.goto(url + path, { waitUntil: "load" });
    // The navigation is filled in by script; wait for it so its links are counted too. No wait
    // here has a time limit of its own (a busy machine is slow); the hook's timeout is the backstop.
    await page.waitForFunction(IN_PAGE.navigationBuilt);
    const blocks = await page.evaluate<number>(IN_PAGE.diagramBlocks);
    if (blocks > 0) await page.waitForFunction(IN_PAGE.diagramsDone);
    const diagrams = await page.evaluate<Visit["diagrams"]>(IN_PAGE.diagrams);
    const links = await page.evaluate<string[]>(IN_PAGE.links);
    return { page: path, links, errors, diagrams };
  } finally {
    page.off("console", onConsole);
    page.off("pageerror", onPageError);
    page.off("response", onResponse);
  }
}

const plan = browserPlan();

async function visitEveryPage(): Promise<void> {
  const build = await sharedSite();
  out = build.out;
  buildMessages = build.messages;
  expect(build.converted, "TypeDoc could not convert the project").toBe(true);
  server = await serveFolder(out);
  browser = await launchChromium(plan);
  // Two tabs take turns with the pages, so the browser keeps both cores busy when the rest of the
  // suite has finished; each page is still opened once.
  const queue = documentPages(out);
  const tabs = await Promise.all([browser.context.newPage(), browser.context.newPage()]);
  await Promise.all(
    tabs.map(async (tab) => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) visits.set(path, await visit(tab, server?.url ?? "", path));
    }),
  );
  const [page, spare] = tabs;
  await spare.close();
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [name, path] of [
    ["landing", "index.html"],
    ["lesson-05", "documents/Lessons.05._Argument_processing.html"],
    ["ToolRegistry", "classes/index.ToolRegistry.html"],
  ] as const) {
    const response = await page.goto(server.url + path, { waitUntil: "load" });
    expect(response?.status(), `the page for the ${name} screenshot, ${path}, did not load`).toBe(200);
    if (name === "lesson-05") await page.waitForFunction(IN_PAGE.diagramsDone);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: false });
  }
  await page.close();
}

describe.skipIf(plan.skip)("the site in a real browser", () => {
  beforeAll(visitEveryPage, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("builds without warnings", () => {
    expect(buildMessages).toEqual([]);
  });

  it("visits every written document page: the landing page, lessons, exercises and the rest, and one source-file page", () => {
    const pages = [...visits.keys()];
    expect(pages).toContain("index.html");
    expect(pages.filter((p) => p.startsWith("documents/Lessons.")).length).toBeGreaterThanOrEqual(11);
    expect(pages.filter((p) => p.startsWith("documents/Exercises.")).length).toBeGreaterThanOrEqual(9);
    expect(
      pages.filter((p) => p.startsWith("documents/Source_files.")),
      "one source-file page",
    ).toHaveLength(1);
  });

  it("draws lesson 5's flowchart as an SVG diagram", () => {
    const lesson5 = visits.get("documents/Lessons.05._Argument_processing.html");
    expect(lesson5, "no lesson 5 page").toBeDefined();
    expect(lesson5?.diagrams.svgs).toBeGreaterThanOrEqual(1);
    expect(lesson5?.diagrams.kinds.some((kind) => kind.startsWith("flowchart"))).toBe(true);
  });

  it("draws every diagram of every page, and leaves no mermaid source undrawn", () => {
    const undrawn = [...visits.values()].filter((v) => v.diagrams.svgs !== v.diagrams.count).map((v) => `${v.page}: ${v.diagrams.svgs}/${v.diagrams.count}`);
    expect(undrawn).toEqual([]);
    expect([...visits.values()].reduce((n, v) => n + v.diagrams.svgs, 0)).toBeGreaterThanOrEqual(5);
  });

  it("logs no console error, page error or failed request on any document page", () => {
    const errors = [...visits.values()].flatMap((v) => v.errors.map((e) => `${v.page}: ${e}`));
    expect(errors).toEqual([]);
  });

  it("has every link of every document page lead to an HTML page of the site", async () => {
    const base = server?.url ?? "";
    const targets = new Map<string, string>();
    for (const v of visits.values()) {
      for (const link of v.links) {
        if (!link.startsWith(base)) continue; // links to other sites are not followed offline
        const target = link.split("#")[0] ?? link;
        if (!targets.has(target)) targets.set(target, v.page);
      }
    }
    expect(targets.size).toBeGreaterThan(50);
    const broken: string[] = [];
    for (const [target, from] of targets) {
      const response = await fetch(target);
      const type = response.headers.get("content-type") ?? "";
      await response.arrayBuffer();
      if (response.status !== 200 || !type.startsWith("text/html")) broken.push(`${from} -> ${target.slice(base.length)} (${response.status}, ${type})`);
    }
    expect(broken).toEqual([]);
  });
});
