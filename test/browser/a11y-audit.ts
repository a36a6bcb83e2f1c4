/**
 * Accessibility audits of pages open in a browser: axe-core at WCAG 2.1 A and AA, in the light and
 * the dark scheme ({@link auditPage}: every rule in light; in dark, once the page is shown to differ
 * in colours only, the rules that read colours), and what a diagram gives a screen reader. The
 * site's pages are audited by `site-visit.ts`, the playground here ({@link auditPlaygroundStates}).
 * The page's own code is reached through expressions in strings: the tests are compiled without
 * the DOM's types.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { COLOUR_RULES, recordStructure, schemeDependentStyles, structureChanges } from "./scheme-invariance.js";

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

/** axe-core's script: put into every document a page opens by {@link useAxe}, or into the page as it is by {@link axeFindings}. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What `axe.run` reports for one failing rule, the parts read here. */
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * Puts axe-core into every document `page` opens from now on, as the document starts: the browser
 * is handed the script once, not once per page load.
 */
export async function useAxe(page: Page): Promise<void> {
  await page.addInitScript({ content: AXE_SOURCE });
}

/**
 * Runs axe-core on `page` as it is now and returns every rule that fails: every rule at WCAG 2.1 AA,
 * or only `rules`. axe-core runs inside the page itself (these pages have no frames), is put into
 * the page unless {@link useAxe} already did, and reports the failing elements only, not the
 * passing ones.
 */
export async function axeFindings(page: Page, rules?: readonly string[]): Promise<AxeFinding[]> {
  if (await page.evaluate<boolean>(`typeof window.axe === "undefined"`)) await page.evaluate(AXE_SOURCE);
  const runOnly = rules === undefined ? { type: "tag", values: WCAG_TAGS } : { type: "rule", values: rules };
  const options = { runOnly, resultTypes: ["violations"] };
  const violations = await page.evaluate<AxeViolation[]>(`window.axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations)`);
  return violations.map((v) => ({
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
  await page.waitForFunction(`document.querySelectorAll("#tsd-nav-container a").length > 0`);
  await waitForDiagrams(page);
}

/**
 * Waits until the page's diagrams are drawn (the site's script marks the page `data-diagrams`)
 * and none is left drawn for another theme than the one in force. No time limit of its own: a
 * busy machine is slow, and the test's timeout is the backstop.
 */
export async function waitForDiagrams(page: Page): Promise<void> {
  await page.waitForFunction(`(() => {
    if (document.querySelector("pre > code.mermaid, pre > code.language-mermaid, .mermaid-figure, div.mermaid") === null) return true;
    if (!document.documentElement.hasAttribute("data-diagrams")) return false;
    const want = window.workbookDiagrams ? window.workbookDiagrams.theme() : null;
    return [...document.querySelectorAll(".mermaid-figure")].every((f) => f.querySelector("svg") !== null && (want === null || f.dataset.drawnFor === want));
  })()`);
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
  /** How many items the text version lists (boxes, or messages). */
  items: number;
  /** The drawing's size on the page, in CSS pixels. */
  width: number;
  height: number;
  /** Every label drawn in the picture, as one text. */
  drawnText: string;
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
        items: figure.querySelectorAll(".mermaid-text ol li").length,
        width: image ? image.getBoundingClientRect().width : 0,
        height: image ? image.getBoundingClientRect().height : 0,
        drawnText: image ? image.textContent : "",
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
  const documents = readdirSync(join(site, "documents"))
    .filter((f) => f.endsWith(".html"))
    .sort();
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
  return [
    "index.html",
    ...documents.filter((f) => !isSource(f) || chosen.includes(f)).map((f) => `documents/${f}`),
    "classes/index.ToolRegistry.html",
    "classes/index.AgentRunner.html",
  ];
}

/** One audit: the page, its state, the scheme it was seen in, what axe-core ran and what it found. */
export interface Audit {
  page: string;
  /** What was on the screen, e.g. `opened` or `after a turn`; "" for a site page as it opens. */
  state: string;
  scheme: Scheme;
  /** Every rule at WCAG 2.1 AA, or the rules that read colours ({@link COLOUR_RULES}). */
  rules: "all" | "colours";
  /**
   * In light, the style rules of one scheme only that change more than colours; in dark, how the
   * page's structure differs from the light one, colours set aside (`scheme-invariance.ts`). None
   * when the page differs between its schemes in colours only.
   */
  schemeDifferences: string[];
  findings: AxeFinding[];
}

/** What a page audit hands its caller in each scheme, before the audit: the page is open and drawn. */
export type InspectPage = (scheme: Scheme) => Promise<void>;

/**
 * Audits `page`, open in the light scheme, then again after `turnDark` (which turns it to the dark
 * scheme and waits until the page has followed). In light every rule runs; in dark, when the page
 * differs from the light one in colours only, the rules that read colours, and every rule otherwise.
 * `inspect` is called in each scheme before its audit.
 */
export async function auditPage(page: Page, name: string, state: string, turnDark: () => Promise<void>, inspect?: InspectPage): Promise<Audit[]> {
  await inspect?.("light");
  const styles = await schemeDependentStyles(page);
  await recordStructure(page);
  const light: Audit = { page: name, state, scheme: "light", rules: "all", schemeDifferences: styles, findings: await axeFindings(page) };
  await turnDark();
  await inspect?.("dark");
  const changes = await structureChanges(page);
  const coloursOnly = styles.length === 0 && changes.length === 0;
  const findings = await axeFindings(page, coloursOnly ? COLOUR_RULES : undefined);
  return [light, { page: name, state, scheme: "dark", rules: coloursOnly ? "colours" : "all", schemeDifferences: changes, findings }];
}

/**
 * The findings of many audits as a markdown table: per rule, its impact, the pages it fails on, and
 * the failing elements counted over every audit, in light and in dark. No finding: one row saying so.
 */
export function findingsTable(audits: readonly Audit[]): string {
  const rows = new Map<string, { impact: string; pages: Set<string>; light: number; dark: number }>();
  for (const audit of audits) {
    for (const f of audit.findings) {
      const row = rows.get(f.rule) ?? { impact: f.impact, pages: new Set<string>(), light: 0, dark: 0 };
      row.pages.add(audit.page);
      row[audit.scheme] += f.targets.length;
      rows.set(f.rule, row);
    }
  }
  const lines = ["| rule | impact | pages | elements (light) | elements (dark) |", "|---|---|---|---|---|"];
  for (const [rule, r] of [...rows].sort(([a], [b]) => a.localeCompare(b))) lines.push(`| ${rule} | ${r.impact} | ${r.pages.size} | ${r.light} | ${r.dark} |`);
  if (rows.size === 0) lines.push("| (none) | | | 0 | 0 |");
  return lines.join("\n");
}

/** Every finding of many audits, one line each, for a failure message. */
export function findingLines(audits: readonly Audit[]): string[] {
  return audits.flatMap((a) =>
    a.findings.map(
      (f) =>
        `${a.page} [${[a.state, a.scheme].filter(Boolean).join(", ")}] ${f.rule} (${f.impact}): ${f.targets.slice(0, 4).join(", ")}${f.targets.length > 4 ? ", …" : ""} — ${f.summary}`,
    ),
  );
}

/**
 * The pages whose side navigation is audited with them. The navigation is the same tree on every
 * page of the site, built by the same script from the same data, and it is three quarters of each
 * page's elements: it is audited on the landing page (folders closed), a lesson (its folder open,
 * the page marked current) and a class page (the API's folders), and emptied before the audit of
 * every other page, so that each audit costs what the page's own content costs.
 */
export const PAGES_WITH_NAVIGATION = ["index.html", "documents/Lessons.05._Argument_processing.html", "classes/index.ToolRegistry.html"];

/**
 * Audits the playground at `url` in three states, each in the light and the dark scheme
 * ({@link auditPage}): opened; after a call (arguments with a value that casts, then fails
 * validation); after a turn (the scripted turn on the screen, run). The page is opened once;
 * `inspect` is called in each state and scheme before the audit.
 */
export async function auditPlaygroundStates(page: Page, url: string, inspect?: (state: string, scheme: Scheme) => Promise<void>): Promise<Audit[]> {
  const audits: Audit[] = [];
  const both = async (state: string): Promise<void> => {
    await emulateScheme(page, "light");
    audits.push(...(await auditPage(page, "playground", state, () => emulateScheme(page, "dark"), inspect && ((scheme) => inspect(state, scheme)))));
  };
  await useAxe(page);
  await emulateScheme(page, "light");
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  // The status region says where the call stopped a moment after the call changes: each state is
  // audited once it has, as it then stays.
  const status = `document.getElementById("prepare-status").textContent`;
  await page.waitForFunction(`${status} !== ""`);
  await both("opened");
  const opened = await page.evaluate<string>(status);
  await page.fill("#call-args", '{"path": "a.txt", "limit": "ten"}');
  await page.waitForSelector("#steps li.failed");
  await page.waitForFunction(`${status} !== ${JSON.stringify(opened)}`);
  await both("after a call");
  const turns = Number((await page.getAttribute("body", "data-turns")) ?? "0");
  await page.click("#run");
  await page.waitForSelector(`body[data-turns='${turns + 1}']`);
  await both("after a turn");
  return audits;
}
