/**
 * Accessibility of the built site and of the playground, in headless Chromium: axe-core finds no
 * WCAG 2.1 A or AA violation on any document page, on the two class pages the lessons link most
 * (ToolRegistry and AgentRunner), or in the playground opened, after a call and after a turn; in
 * the light and the dark scheme, chosen by the system (`prefers-color-scheme`) or by the site's
 * theme menu. Every diagram is an image with a name and a text version made from its source, and
 * is drawn again when the theme changes. The site opened from disk (file://) keeps its icons,
 * diagrams, search and the playground, and the playground links open the playground itself.
 *
 * The site is built once and served once; one browser audits the pages a few at a time. The
 * audit's time and a table of what it found are printed. Of the pages that each show one source
 * file, a few that use every token colour are audited (`WORKBOOK_A11Y_ALL_PAGES=1`: all of them).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, ROOT } from "../docs/build-site.js";
import { axeFindings, chooseSiteTheme, diagramAlternatives, emulateScheme, sitePagesToAudit, waitForDiagrams, waitForSite, type AxeFinding, type Scheme, type SiteTheme } from "./a11y-audit.js";
import { launchChromium, type HeadlessBrowser } from "./chromium.js";
import { serveFolder, type StaticServer } from "./serve.js";

let out = "";
let server: StaticServer;
let browser: HeadlessBrowser;

/** How many pages are audited at once. */
const TABS = 3;

/** The class pages the lessons link to most. */
const CLASS_PAGES = ["classes/index.ToolRegistry.html", "classes/index.AgentRunner.html"];

/** The pages whose markdown holds a mermaid diagram. */
const DIAGRAM_PAGES = [
  "documents/Architecture.html",
  "documents/Lessons.01._The_tool_contract.html",
  "documents/Lessons.05._Argument_processing.html",
  "documents/Lessons.06._Batch_execution.html",
  "documents/Lessons.10._The_observation_task.html",
];

/** One audit: where, in which scheme and theme, and what axe-core found. */
interface Audit {
  page: string;
  state: string;
  findings: AxeFinding[];
}

/** The findings of many audits as a table: per rule, the pages and the failing elements in light and in dark. */
function table(audits: Audit[]): string {
  const rows = new Map<string, { impact: string; pages: Set<string>; light: number; dark: number }>();
  for (const audit of audits) {
    for (const f of audit.findings) {
      const row = rows.get(f.rule) ?? { impact: f.impact, pages: new Set<string>(), light: 0, dark: 0 };
      row.pages.add(audit.page);
      row[audit.state.includes("dark") ? "dark" : "light"] += f.targets.length;
      rows.set(f.rule, row);
    }
  }
  const lines = ["| rule | impact | pages | elements (light) | elements (dark) |", "|---|---|---|---|---|"];
  for (const [rule, r] of rows) lines.push(`| ${rule} | ${r.impact} | ${r.pages.size} | ${r.light} | ${r.dark} |`);
  return lines.join("\n");
}

/** Every finding, one line each, for a failure message. */
function details(audits: Audit[]): string[] {
  return audits.flatMap((a) => a.findings.map((f) => `${a.page} [${a.state}] ${f.rule} (${f.impact}): ${f.targets.slice(0, 4).join(", ")}${f.targets.length > 4 ? ", …" : ""} — ${f.summary}`));
}

/** Opens a page of the served site in the given scheme, with the theme menu on "follow the system", and waits for it to be drawn. */
async function openSitePage(page: Page, path: string, scheme: Scheme): Promise<void> {
  await emulateScheme(page, scheme);
  await page.goto(server.url + path, { waitUntil: "load" });
  await waitForSite(page);
}

/** Audits one site page in one scheme (the theme menu following the system). */
async function auditSitePage(page: Page, path: string, scheme: Scheme): Promise<Audit> {
  await openSitePage(page, path, scheme);
  return { page: path, state: scheme, findings: await axeFindings(page) };
}

/** Audits one site page with the theme chosen in the site's menu against the system's scheme; the menu is set back to the system's. */
async function auditSwitchedTheme(page: Page, path: string, system: Scheme, chosen: Exclude<SiteTheme, "os">): Promise<Audit> {
  await openSitePage(page, path, system);
  await chooseSiteTheme(page, chosen);
  const findings = await axeFindings(page);
  await chooseSiteTheme(page, "os");
  return { page: path, state: `system ${system}, menu ${chosen}`, findings };
}

/** The playground's URL in the built site, from the landing page's link. */
async function playgroundUrl(page: Page): Promise<string> {
  await page.goto(server.url + "index.html");
  return page.$eval("a[href$='playground.html']", (a) => (a as unknown as { href: string }).href);
}

/** Audits the playground in one scheme: opened, after a call, after a turn. */
async function auditPlayground(page: Page, url: string, scheme: Scheme): Promise<Audit[]> {
  await emulateScheme(page, scheme);
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  const audits: Audit[] = [{ page: "playground", state: `${scheme}, opened`, findings: await axeFindings(page) }];
  await page.fill("#call-args", '{"path": "a.txt", "limit": "ten"}');
  await page.waitForSelector("#steps li.failed");
  audits.push({ page: "playground", state: `${scheme}, after a call`, findings: await axeFindings(page) });
  const turns = Number((await page.getAttribute("body", "data-turns")) ?? "0");
  await page.click("#run");
  await page.waitForSelector(`body[data-turns='${turns + 1}']`, { timeout: 60_000 });
  audits.push({ page: "playground", state: `${scheme}, after a turn`, findings: await axeFindings(page) });
  return audits;
}

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string): number => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? ["0", "0", "0"]).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (bl ?? 0);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

/** The box labels of the first mermaid flowchart in a markdown file (`["…"]` and `{"…"}` labels). */
function flowchartLabels(markdown: string): string[] {
  const source = markdown.split("```mermaid")[1]?.split("```")[0] ?? "";
  return [...source.matchAll(/[[{]"([^"]*)"[\]}]/g)].map((m) => (m[1] ?? "").split(/<br\s*\/?>/).join("; "));
}

describe("accessibility of the site and the playground", { timeout: 900_000 }, () => {
  beforeAll(async () => {
    out = mkdtempSync(join(tmpdir(), "workbook-a11y-"));
    const build = await buildSite(out);
    expect(build.converted, "TypeDoc could not convert the project").toBe(true);
    server = await serveFolder(out);
    browser = await launchChromium();
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it("finds no WCAG 2.1 AA violation on any document page or the two class pages, in light and in dark, nor with the theme switched in the menu", async () => {
    const started = performance.now();
    // WORKBOOK_A11Y_ALL_PAGES=1 audits every source page as well (see sitePagesToAudit).
    const pages = sitePagesToAudit(out, process.env["WORKBOOK_A11Y_ALL_PAGES"] === "1");
    const jobs = (["light", "dark"] as const).flatMap((scheme) => pages.map((path) => ({ path, scheme })));
    const audits: Audit[] = [];
    // A few tabs at a time: a page's scripts and axe-core wait on each other, not only on the CPU.
    await Promise.all(
      Array.from({ length: TABS }, async () => {
        const tab = await browser.context.newPage();
        for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) audits.push(await auditSitePage(tab, job.path, job.scheme));
        await tab.close();
      }),
    );
    // The theme menu's choice is kept for the whole site, so these run one at a time.
    const page = await browser.context.newPage();
    for (const path of ["index.html", ...DIAGRAM_PAGES, CLASS_PAGES[0] ?? ""]) {
      audits.push(await auditSwitchedTheme(page, path, "light", "dark"));
      audits.push(await auditSwitchedTheme(page, path, "dark", "light"));
    }
    await page.close();
    const seconds = (performance.now() - started) / 1000;
    console.log(`axe-core on the site: ${audits.length} audits of ${pages.length} pages in ${seconds.toFixed(0)} s\n${table(audits)}`);
    expect(pages.length).toBeGreaterThan(20);
    expect(details(audits)).toEqual([]);
  });

  it("finds no WCAG 2.1 AA violation in the playground opened, after a call and after a turn, in light and in dark", async () => {
    const started = performance.now();
    const page = await browser.context.newPage();
    const url = await playgroundUrl(page);
    const audits = [...(await auditPlayground(page, url, "light")), ...(await auditPlayground(page, url, "dark"))];
    await page.close();
    console.log(`axe-core on the playground: ${audits.length} audits in ${((performance.now() - started) / 1000).toFixed(0)} s\n${table(audits)}`);
    expect(details(audits)).toEqual([]);
  });

  it("gives every diagram a name and a text version made from its source, boxes and arrows in reading order", async () => {
    const page = await browser.context.newPage();
    for (const path of DIAGRAM_PAGES) {
      await openSitePage(page, path, "light");
      const diagrams = await diagramAlternatives(page);
      expect(diagrams.length, path).toBeGreaterThan(0);
      for (const d of diagrams) {
        expect(d.role, path).toBe("img");
        expect(d.name, path).toMatch(/^(Flowchart|Sequence diagram)\b.{20,}/);
        expect(d.description.length, path).toBeGreaterThan(40);
      }
    }
    // Lesson 5's flowchart: every box of its source is in the text version, in the source's order.
    const lesson5 = readFileSync(join(ROOT, "lessons/05-argument-processing/README.md"), "utf8");
    await openSitePage(page, "documents/Lessons.05._Argument_processing.html", "light");
    const [flowchart] = await diagramAlternatives(page);
    const labels = flowchartLabels(lesson5);
    expect(labels.length).toBeGreaterThan(5);
    let at = -1;
    for (const label of labels) {
      const found = flowchart?.description.indexOf(`\u201c${label}\u201d`) ?? -1;
      expect(found, `“${label}” is missing from the text version`).toBeGreaterThan(-1);
      // A box is described where it first leads somewhere (or ends the flow); that is in the source's order.
      const described = [" leads", " (a decision):", ":"].map((after) => flowchart?.description.indexOf(`\u201c${label}\u201d${after}`) ?? -1).filter((i) => i !== -1);
      if (described.length > 0) {
        const first = Math.min(...described);
        expect(first, `“${label}” is out of order`).toBeGreaterThan(at);
        at = first;
      }
    }
    // Lesson 10's sequence diagram: one line per message of its source.
    const lesson10 = readFileSync(join(ROOT, "lessons/10-observation-task/README.md"), "utf8");
    const messages = (lesson10.split("```mermaid")[1]?.split("```")[0] ?? "").split("\n").filter((line) => line.includes("->>")).length;
    await openSitePage(page, "documents/Lessons.10._The_observation_task.html", "light");
    const items = await page.$$eval(".mermaid-text ol li", (lis) => lis.length);
    expect(items).toBe(messages);
    await page.close();
  });

  it("draws the diagrams again when the theme changes, in the menu or in the system, with arrows that keep 3:1 on the page", async () => {
    const page = await browser.context.newPage();
    await openSitePage(page, "documents/Lessons.05._Argument_processing.html", "light");
    const light = await diagramAlternatives(page);
    expect(light.map((d) => d.drawnFor)).toEqual(light.map(() => "default"));
    await chooseSiteTheme(page, "dark");
    const dark = await diagramAlternatives(page);
    expect(dark.map((d) => d.drawnFor)).toEqual(dark.map(() => "dark"));
    for (const d of [...light, ...dark]) expect(contrast(d.edgeColour, d.background), `${d.drawnFor}: ${d.edgeColour} on ${d.background}`).toBeGreaterThanOrEqual(3);
    expect(dark[0]?.edgeColour).not.toBe(light[0]?.edgeColour);
    // Back to the system's choice, then the system turns dark and light again.
    await chooseSiteTheme(page, "os");
    expect((await diagramAlternatives(page)).map((d) => d.drawnFor)).toEqual(light.map(() => "default"));
    await emulateScheme(page, "dark");
    await page.waitForFunction(`[...document.querySelectorAll(".mermaid-figure")].every((f) => f.dataset.drawnFor === "dark")`, undefined, { timeout: 90_000 });
    await waitForDiagrams(page);
    await emulateScheme(page, "light");
    await page.waitForFunction(`[...document.querySelectorAll(".mermaid-figure")].every((f) => f.dataset.drawnFor === "default")`, undefined, { timeout: 90_000 });
    await page.close();
  });

  it("opens the playground itself from every page that links to it, and lists it on the landing page and in the instructor's guide", async () => {
    const page = await browser.context.newPage();
    const linking = ["index.html", "documents/Instructor_s_guide.html", "documents/Lessons.05._Argument_processing.html", "documents/Lessons.06._Batch_execution.html"];
    for (const path of linking) {
      await page.goto(server.url + path);
      const hrefs = await page.$$eval(".col-content a", (links) =>
        links.filter((a) => /the playground/i.test(a.textContent ?? "")).map((a) => (a as unknown as { href: string }).href),
      );
      expect(hrefs.length, `${path} has no link to the playground`).toBeGreaterThan(0);
      for (const href of hrefs) {
        const html = await (await fetch(href)).text();
        expect(html, `${path} -> ${href}`).toContain("<title>Tool-call playground</title>");
      }
    }
    await page.close();
  });

  it("keeps the landing page's tables inside its column", async () => {
    const page = await browser.context.newPage();
    await openSitePage(page, "index.html", "light");
    const overflow = await page.evaluate<string[]>(`(() => {
      const column = document.querySelector(".col-content").getBoundingClientRect();
      return [...document.querySelectorAll(".col-content table")]
        .map((t, i) => ({ i, over: t.getBoundingClientRect().right - column.right, scroll: t.scrollWidth - t.clientWidth }))
        .filter((t) => t.over > 0.5 || t.scroll > 0)
        .map((t) => "table " + (t.i + 1) + ": " + t.over.toFixed(1) + " px past the column");
    })()`);
    expect(overflow).toEqual([]);
    expect(await page.evaluate<number>(`document.documentElement.scrollWidth - document.documentElement.clientWidth`)).toBeLessThanOrEqual(0);
    await page.close();
  });

  it("works opened from disk: icons, diagrams, search and the playground, with no error", async () => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
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
    await page.goto(fileUrl("documents/Lessons.05._Argument_processing.html"));
    await waitForSite(page);
    expect((await diagramAlternatives(page)).map((d) => d.role)).toEqual(["img"]);

    // Search: the index is a script of the site, read from disk too.
    await page.click("#tsd-search-trigger");
    await page.fill("#tsd-search-input", "ToolRegistry");
    await page.waitForSelector("#tsd-search-results li a", { timeout: 30_000 });
    const first = await page.$eval("#tsd-search-results li a", (a) => a.textContent ?? "");
    expect(first).toContain("ToolRegistry");
    await page.keyboard.press("Escape");

    // The playground, from lesson 5's link.
    await page.click(".col-content a:text('the playground')");
    await page.waitForSelector("body[data-ready=true]", { timeout: 60_000 });
    expect(page.url().startsWith("file:")).toBe(true);
    expect(await page.title()).toBe("Tool-call playground");
    expect(errors).toEqual([]);
    await page.close();
  });
});
