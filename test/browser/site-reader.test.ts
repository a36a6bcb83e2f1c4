/**
 * The built site (built once per run, `shared-site.ts`) used as a reader uses it, in a real browser
 * (headless Chrome, Chromium or Edge; see chromium.ts; skipped with one line when none is
 * installed): the diagrams are drawn again when the theme changes, in the site's menu or in the
 * system, differing in colours only and passing axe-core's colour rules; and the site opened from
 * disk (file://) keeps its icons, diagrams, search and the playground, with no error.
 *
 * These tests open pages of their own and need none of the run's one visit of the site
 * (`site-visit.ts`, read by `site.test.ts` and `a11y.test.ts`): they run in a file of their own,
 * beside that visit instead of after it.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedSite } from "../docs/shared-site.js";
import { axeFindings, chooseSiteTheme, diagramAlternatives, emulateScheme, findingLines, waitForDiagrams, waitForSite, type Scheme } from "./a11y-audit.js";
import { browserPlan, launchChromium, type HeadlessBrowser } from "./chromium.js";
import { contrast } from "./contrast.js";
import { COLOUR_RULES, recordStructure, schemeDependentStyles, structureChanges } from "./scheme-invariance.js";
import { serveFolder, type StaticServer } from "./serve.js";

const plan = browserPlan();
let out = "";
let server: StaticServer | null = null;
let browser: HeadlessBrowser | null = null;
/** The one tab the tests below use. */
let tab: Page | null = null;

const LESSON_5 = "documents/Lessons.05._Argument_processing.html";

/** Opens a page of the served site in the given scheme, with the theme menu following the system, and waits for it to be drawn. */
async function openSitePage(page: Page, path: string, scheme: Scheme): Promise<void> {
  await emulateScheme(page, scheme);
  await page.goto((server?.url ?? "") + path, { waitUntil: "load" });
  await waitForSite(page);
}

describe.skipIf(plan.skip)("the site as a reader uses it: its theme menu, and opened from disk", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const build = await sharedSite();
    out = build.out;
    expect(build.converted, "TypeDoc could not convert the project").toBe(true);
    server = await serveFolder(out);
    browser = await launchChromium(plan);
    tab = await browser.context.newPage();
  }, 600_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await server?.close();
  });

  it("draws the diagrams again when the theme changes, in the menu or in the system, with arrows that keep 3:1 on the page", async () => {
    const page = tab!;
    await openSitePage(page, LESSON_5, "light");
    const light = await diagramAlternatives(page);
    expect(light.map((d) => d.drawnFor)).toEqual(light.map(() => "default"));
    expect(await schemeDependentStyles(page)).toEqual([]);
    await recordStructure(page);
    // The menu chooses dark while the system stays light: drawn again, differing in colours only, and nothing fails.
    await chooseSiteTheme(page, "dark");
    const dark = await diagramAlternatives(page);
    expect(dark.map((d) => d.drawnFor)).toEqual(dark.map(() => "dark"));
    expect(await structureChanges(page)).toEqual([]);
    const state = "the menu's dark over the system's light";
    const findings = await axeFindings(page, COLOUR_RULES);
    expect(findingLines([{ page: LESSON_5, state, scheme: "dark", rules: "colours", schemeDifferences: [], findings }])).toEqual([]);
    for (const d of [...light, ...dark]) expect(contrast(d.edgeColour, d.background), `${d.drawnFor}: ${d.edgeColour} on ${d.background}`).toBeGreaterThanOrEqual(3);
    expect(dark[0]?.edgeColour).not.toBe(light[0]?.edgeColour);
    // Back to the system's choice, then the system turns dark.
    await chooseSiteTheme(page, "os");
    expect((await diagramAlternatives(page)).map((d) => d.drawnFor)).toEqual(light.map(() => "default"));
    await emulateScheme(page, "dark");
    await waitForDiagrams(page);
    expect((await diagramAlternatives(page)).map((d) => d.drawnFor)).toEqual(light.map(() => "dark"));
  });

  it("loads the search index when the reader opens the search, not with the page, and runs a search typed while it loads", async () => {
    const page = tab!;
    const loaded = (): Promise<boolean> => page.evaluate<boolean>(`performance.getEntriesByType("resource").some((e) => e.name.endsWith("/assets/search.js"))`);
    // The index is held back until the search below is typed: TypeDoc's script drops a search it cannot run yet.
    let release = (): void => undefined;
    const held = new Promise<void>((done) => (release = done));
    await page.route("**/assets/search.js", async (route) => {
      await held;
      await route.continue();
    });
    try {
      await openSitePage(page, "index.html", "light");
      expect(await loaded(), "the page loaded without the search index").toBe(false);
      await page.keyboard.press("/");
      await page.keyboard.type("unwrap");
      expect(await page.evaluate<string>(`document.getElementById("tsd-search-status").textContent`)).toContain("Preparing search index");
      // Past TypeDoc's pause after typing (200 ms), so that the search it ran found no index.
      await page.waitForTimeout(500);
      expect(await page.evaluate<number>(`document.querySelectorAll("#tsd-search-results li").length`)).toBe(0);
      release();
      await page.waitForSelector("#tsd-search-results li a");
      expect(await loaded()).toBe(true);
      const links = await page.evaluate<string[]>(`[...document.querySelectorAll("#tsd-search-results li a")].map((a) => a.getAttribute("href"))`);
      expect(links).toContain("./documents/Lessons.05._Argument_processing.html");
      expect(await page.evaluate<string>(`document.getElementById("tsd-search-status").textContent`)).toBe("");
      await page.keyboard.press("Escape");
    } finally {
      release();
      await page.unroute("**/assets/search.js");
    }
  });

  it("works opened from disk: icons, diagrams, search and the playground, with no error", async () => {
    const page = tab!;
    const errors: string[] = [];
    const onConsole = (m: { type(): string; text(): string }): void => {
      if (m.type() === "error") errors.push(m.text());
    };
    const onPageError = (e: Error): void => {
      errors.push(e.message);
    };
    page.on("console", onConsole);
    page.on("pageerror", onPageError);
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
      page.off("console", onConsole);
      page.off("pageerror", onPageError);
    }
  });
});
