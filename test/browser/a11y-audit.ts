/**
 * Accessibility audits of a page already open in a browser: axe-core at WCAG 2.1 A and AA, the
 * colour schemes the site and the playground offer, and what a diagram gives a screen reader. Each
 * audit is one function that takes a `Page`, so any browser test can run it on any page it holds.
 * The page's own code is reached through expressions in strings: the tests are compiled without
 * the DOM's types.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The axe-core tags of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One rule that failed on a page: which rule, how bad, and the elements that fail it. */
export interface AxeFinding {
  /** The axe-core rule id, e.g. `color-contrast`. */
  rule: string;
  /** `minor`, `moderate`, `serious` or `critical`. */
  impact: string;
  /** The CSS selector of each failing element. */
  targets: string[];
  /** axe-core's first explanation for the first element, to read in a failure message. */
  summary: string;
}

/** Runs axe-core on `page` as it is now, at WCAG 2.1 AA, and returns every rule that fails. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "unknown",
    targets: v.nodes.map((n) => n.target.map(String).join(" ")),
    summary: (v.nodes[0]?.failureSummary ?? v.help).split("\n").slice(0, 3).join(" "),
  }));
}

/** The colour scheme the operating system asks for, as the browser reports it to the page. */
export type Scheme = "light" | "dark";

/** Makes the page see `scheme` as the operating system's choice (`prefers-color-scheme`). */
export async function emulateScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
}

/** The site's theme menu: follow the operating system, or force light or dark. */
export type SiteTheme = "os" | "light" | "dark";

/** Chooses `theme` in the site's settings menu, as a reader does, and waits for every diagram to be drawn again. */
export async function chooseSiteTheme(page: Page, theme: SiteTheme): Promise<void> {
  await page.evaluate(`(() => {
    const select = document.getElementById("tsd-theme");
    select.value = ${JSON.stringify(theme)};
    select.dispatchEvent(new Event("change", { bubbles: true }));
  })()`);
  await waitForDiagrams(page);
}

/** Waits until the site's navigation is built and every diagram of the page is drawn for the theme in force. */
export async function waitForSite(page: Page): Promise<void> {
  await page.waitForFunction(`document.querySelectorAll("#tsd-nav-container a").length > 0`, undefined, { timeout: 60_000 });
  await waitForDiagrams(page);
}

/** Waits until no diagram of the page is left undrawn or drawn for another theme than the one in force. */
export async function waitForDiagrams(page: Page): Promise<void> {
  await page.waitForFunction(
    `(() => {
      const boxes = [...document.querySelectorAll("pre > code.mermaid, pre > code.language-mermaid, .mermaid-figure, div.mermaid")];
      if (boxes.length === 0) return true;
      const want = window.workbookDiagrams ? window.workbookDiagrams.theme() : null;
      return [...document.querySelectorAll("pre > code.mermaid, pre > code.language-mermaid")].length === 0 &&
        [...document.querySelectorAll(".mermaid-figure")].every((f) => f.querySelector("svg") !== null && (want === null || f.dataset.drawnFor === want));
    })()`,
    undefined,
    { timeout: 90_000 },
  );
}

/** What a screen reader is given for one diagram, and the theme it was last drawn for. */
export interface DiagramAlternative {
  /** The diagram's role. */
  role: string | null;
  /** Its accessible name (from `aria-label`, or the elements `aria-labelledby` names). */
  name: string;
  /** The text of the elements `aria-describedby` names. */
  description: string;
  /** The theme the picture was drawn for: `dark` or `default`. */
  drawnFor: string;
  /** The stroke colour of the first arrow, as the browser computes it. */
  edgeColour: string;
  /** The page background behind the diagram. */
  background: string;
}

/** Every diagram of the page with its text alternative. */
export async function diagramAlternatives(page: Page): Promise<DiagramAlternative[]> {
  return page.evaluate<DiagramAlternative[]>(`(() => {
    const text = (ids) => (ids || "").split(/\\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? "").join(" ").trim();
    return [...document.querySelectorAll(".mermaid-figure")].map((figure) => {
      const image = figure.querySelector("[role=img]");
      const path = figure.querySelector("svg .flowchart-link, svg path.relation, svg .messageLine0, svg line, svg path");
      return {
        role: image ? image.getAttribute("role") : null,
        name: image ? (image.getAttribute("aria-label") || text(image.getAttribute("aria-labelledby"))) : "",
        description: image ? text(image.getAttribute("aria-describedby")) : "",
        drawnFor: figure.dataset.drawnFor || "",
        edgeColour: path ? getComputedStyle(path).stroke : "",
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
  })()`);
}

/** The element that has the keyboard's focus: its tag, id and accessible label, or `body` when focus is lost. */
export async function focused(page: Page): Promise<{ tag: string; id: string; label: string }> {
  return page.evaluate<{ tag: string; id: string; label: string }>(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { tag: "body", id: "", label: "" };
    return { tag: el.tagName.toLowerCase(), id: el.id, label: el.getAttribute("aria-label") || el.textContent.trim().slice(0, 60) };
  })()`);
}

/** The highlight classes (`hl-0`, `hl-1`, …) that the code of one page uses. */
function highlightClasses(html: string): Set<string> {
  return new Set([...html.matchAll(/class="(hl-\d+)"/g)].map((m) => m[1] ?? ""));
}

/**
 * The pages of a built site to audit, as paths relative to `site`: the landing page, every page
 * under documents/ made from a document, the two class pages the lessons link most, and of the
 * pages that show one source file each (one template, differing only in their highlighted code),
 * a few that together use every highlight class any of them uses, so every token colour is checked
 * against the code's background. With `all`, every source page too.
 */
export function sitePagesToAudit(site: string, all = false): string[] {
  const documents = readdirSync(join(site, "documents")).filter((f) => f.endsWith(".html")).sort();
  const isSource = (f: string): boolean => f.startsWith("Source_files.") && f !== "Source_files.html";
  const sources = documents.filter(isSource);
  let chosen = sources;
  if (!all) {
    const classes = new Map(sources.map((f) => [f, highlightClasses(readFileSync(join(site, "documents", f), "utf8"))]));
    const missing = new Set([...classes.values()].flatMap((set) => [...set]));
    chosen = [];
    while (missing.size > 0) {
      let best = "";
      let gain = 0;
      for (const [file, set] of classes) {
        const covers = [...set].filter((c) => missing.has(c)).length;
        if (covers > gain) [best, gain] = [file, covers];
      }
      chosen.push(best);
      for (const c of classes.get(best) ?? []) missing.delete(c);
    }
  }
  return ["index.html", ...documents.filter((f) => !isSource(f) || chosen.includes(f)).map((f) => `documents/${f}`), "classes/index.ToolRegistry.html", "classes/index.AgentRunner.html"];
}
