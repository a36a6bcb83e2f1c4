/**
 * The built site (built once per run, `shared-site.ts`) in a real browser (headless Chrome,
 * Chromium or Edge; see chromium.ts; skipped with one line when none is installed): what a reader
 * sees. The diagrams are drawn as SVG with labels no smaller than a 12 px font at the content
 * column's width (the viewport is 1280 px wide), every link of every page leads to an HTML page of
 * the site, and no page logs an error. The pages are those the run's one visit of the site opens
 * (`site-visit.ts`, shared with `a11y.test.ts`): the landing page, every written document, the two
 * class pages the lessons link most, and of the pages that show a source file (one template over a
 * listing, a hundred of them), the few that use every token colour. Screenshots of the landing
 * page, one lesson and the ToolRegistry page are kept in `test-results/screenshots/` for review.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedSite } from "../docs/shared-site.js";
import { browserPlan } from "./chromium.js";
import { serveFolder, type StaticServer } from "./serve.js";
import { sharedSiteVisit, type PageVisit, type SiteVisit } from "./site-visit.js";

const plan = browserPlan();
let server: StaticServer | null = null;
let buildMessages: string[] = [];
let visit: SiteVisit = { pages: [], landing: { overflow: [], scroll: 0 }, screenshots: [], seconds: 0 };
const visits = new Map<string, PageVisit>();

async function visitEveryPage(): Promise<void> {
  const build = await sharedSite();
  buildMessages = build.messages;
  expect(build.converted, "TypeDoc could not convert the project").toBe(true);
  server = await serveFolder(build.out);
  visit = await sharedSiteVisit();
  for (const page of visit.pages) visits.set(page.page, page);
}

describe.skipIf(plan.skip)("the site in a real browser", () => {
  beforeAll(visitEveryPage, 600_000);

  afterAll(async () => {
    await server?.close();
  });

  it("builds without warnings", () => {
    expect(buildMessages).toEqual([]);
  });

  it("visits every written document page: the landing page, lessons, exercises and the rest, and the source-file pages that use every token colour", () => {
    const pages = [...visits.keys()];
    expect(pages).toContain("index.html");
    expect(pages.filter((p) => p.startsWith("documents/Lessons.")).length).toBeGreaterThanOrEqual(11);
    expect(pages.filter((p) => p.startsWith("documents/Exercises.")).length).toBeGreaterThanOrEqual(9);
    expect(pages.filter((p) => p.startsWith("documents/Source_files.")).length, "source-file pages").toBeGreaterThanOrEqual(1);
    expect(visit.screenshots.sort()).toEqual(["ToolRegistry.png", "landing.png", "lesson-05.png"]);
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

  it("draws every diagram's labels at a 12 px font or larger at the content column's width, in light and in dark", () => {
    const pages = [...visits.values()].filter((v) => v.diagrams.svgs > 0);
    expect(pages.length, "pages with a diagram").toBeGreaterThanOrEqual(5);
    const unmeasured: string[] = [];
    const small: string[] = [];
    for (const v of pages) {
      for (const scheme of ["light", "dark"] as const) {
        const labels = v.labels[scheme];
        if (labels.length !== v.diagrams.svgs || labels.some((l) => l.px <= 0))
          unmeasured.push(`${v.page} (${scheme}): ${labels.length} of ${v.diagrams.svgs} diagrams measured`);
        for (const l of labels) if (l.px < 12) small.push(`${v.page} (${scheme}), diagram ${l.diagram}: ${l.px} px, "${l.text}"`);
      }
    }
    expect(unmeasured).toEqual([]);
    expect(small, "choose a layout that fits the column (top-down, fewer columns, shorter labels)").toEqual([]);
  });

  it("logs no console error, page error or failed request on any document page, in light or in dark", () => {
    const errors = [...visits.values()].flatMap((v) => v.errors.map((e) => `${v.page}: ${e}`));
    expect(errors).toEqual([]);
  });

  it("has every link of every document page lead to an HTML page of the site", async () => {
    // The visit kept the links into the site, relative to its root; links to other sites are not followed offline.
    const base = server?.url ?? "";
    const targets = new Map<string, string>();
    for (const v of visits.values()) {
      for (const link of v.links) {
        const target = base + (link.split("#")[0] ?? link);
        if (!targets.has(target)) targets.set(target, v.page);
      }
    }
    expect(targets.size).toBeGreaterThan(50);
    // Asked all at once: the local server answers each from disk, and the answers come back in the links' order.
    const answers = await Promise.all(
      [...targets].map(async ([target, from]) => {
        const response = await fetch(target);
        const type = response.headers.get("content-type") ?? "";
        await response.arrayBuffer();
        return response.status !== 200 || !type.startsWith("text/html") ? [`${from} -> ${target.slice(base.length)} (${response.status}, ${type})`] : [];
      }),
    );
    expect(answers.flat()).toEqual([]);
  });
});
