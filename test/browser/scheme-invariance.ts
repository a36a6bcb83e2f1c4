/**
 * What may change when a page turns from the light to the dark scheme: its colours, and nothing
 * else. Two checks, run in the page (the tests are compiled without the DOM's types):
 *
 * - {@link schemeDependentStyles}: every style rule that applies in one scheme only (inside a
 *   `prefers-color-scheme` query, or under a `data-theme` selector) sets colours only: a colour
 *   property (`color`, `fill`, `stroke`, `…-color`, `…shadow`, `color-scheme`, `background-image`),
 *   or a custom property that the page's styles use in such properties only.
 * - {@link recordStructure} then {@link structureChanges}: the document itself, every element with
 *   its attributes and inline styles and every text, is the same in both schemes once colours are
 *   set aside (colour attributes and declarations, the theme the site's menu chose, a diagram's
 *   gradients, and the ids a diagram is drawn with, which are numbered anew at every drawing and
 *   compared by their order).
 *
 * When both hold, whatever axe-core reads besides colours (the elements, their names and roles,
 * what is visible, the layout) is the same in both schemes, and so is the verdict of every rule
 * that does not read colours: in the dark scheme only {@link COLOUR_RULES} need to run again.
 */
import type { Page } from "playwright-core";

/** The axe-core rules, at WCAG 2.0 and 2.1 A and AA, whose verdict depends on colours. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** In-page helpers shared by both checks: which properties carry a colour, and a rule list as text without them. */
const HELPERS = `
  const colourish = (name) => name === "color" || name === "fill" || name === "stroke" || name === "color-scheme" ||
    name === "background-image" || name.endsWith("-color") || name.endsWith("shadow");
  const declarations = (style, keep) => {
    const out = [];
    for (let i = 0; i < style.length; i++) {
      const name = style[i];
      if (keep(name)) out.push(name + ":" + style.getPropertyValue(name) + (style.getPropertyPriority(name) ? "!" : ""));
    }
    return out.join(";");
  };
  const rulesText = (list) => {
    let out = "";
    for (const rule of list) {
      out += (rule.selectorText ?? rule.keyText ?? rule.conditionText ?? rule.name ?? rule.constructor.name) + "{";
      if (rule.style) out += declarations(rule.style, (name) => !colourish(name));
      if (rule.cssRules) out += rulesText(rule.cssRules);
      out += "}";
    }
    return out;
  };`;

/**
 * The declarations that apply in one scheme only and may change more than colours, one line each
 * (`<selector> { <property>: <value> }`); none on a page whose schemes differ in colours only. A
 * custom property carries a colour when its value, with the `var()`s it names looked up, is one, or
 * when every property that uses it carries colours. A style sheet that cannot be read is listed.
 */
export async function schemeDependentStyles(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    ${HELPERS}
    // The declarations of a rule as written (a shorthand stays whole): split at the semicolons outside quotes and brackets.
    const written = (text) => {
      const out = [];
      let depth = 0, quote = "", start = 0;
      for (let i = 0; i <= text.length; i++) {
        const c = text[i];
        if (quote !== "") {
          if (c === "\\\\") i++;
          else if (c === quote) quote = "";
        } else if (c === '"' || c === "'") quote = c;
        else if (c === "(") depth++;
        else if (c === ")") depth--;
        else if (i === text.length || (c === ";" && depth <= 0)) {
          const d = text.slice(start, i);
          const colon = d.indexOf(":");
          if (colon > 0) out.push({ name: d.slice(0, colon).trim(), value: d.slice(colon + 1).replace("!important", "").trim() });
          start = i + 1;
        }
      }
      return out;
    };
    // The custom properties a value names.
    const named = (value) => {
      const out = [];
      for (let at = value.indexOf("var(--"); at !== -1; at = value.indexOf("var(--", at + 4)) {
        let end = at + 4;
        while (end < value.length && value[end] !== "," && value[end] !== ")") end++;
        out.push(value.slice(at + 4, end).trim());
      }
      return out;
    };
    const root = getComputedStyle(document.documentElement);
    const resolved = (value) => named(value).reduce((v, custom) => v.split("var(" + custom + ")").join(root.getPropertyValue(custom).trim()), value);
    const usedIn = new Map();
    const conditional = [];
    const problems = [];
    const visit = (list, inScheme) => {
      for (const rule of list) {
        const scheme = inScheme || (rule.conditionText ?? "").includes("prefers-color-scheme") || (rule.selectorText ?? "").includes("data-theme");
        if (rule.style) {
          for (const d of written(rule.style.cssText)) {
            for (const custom of named(d.value)) usedIn.set(custom, [...(usedIn.get(custom) ?? []), d.name]);
            if (scheme) conditional.push({ selector: rule.selectorText ?? "", ...d });
          }
        }
        if (rule.cssRules) visit(rule.cssRules, scheme);
        if (rule.styleSheet) read(rule.styleSheet, scheme || (rule.media?.mediaText ?? "").includes("prefers-color-scheme"));
      }
    };
    const read = (sheet, inScheme) => {
      let rules = null;
      try {
        rules = sheet.cssRules;
      } catch {
        problems.push("a style sheet that cannot be read: " + sheet.href);
      }
      if (rules) visit(rules, inScheme || (sheet.media?.mediaText ?? "").includes("prefers-color-scheme"));
    };
    for (const sheet of document.styleSheets) read(sheet, false);
    const coloursOnly = (name, seen) => {
      if (!name.startsWith("--")) return colourish(name);
      if (seen.has(name)) return true;
      seen.add(name);
      return (usedIn.get(name) ?? []).every((user) => coloursOnly(user, seen));
    };
    const carriesColour = (d) => (d.name.startsWith("--") && CSS.supports("color", resolved(d.value))) || coloursOnly(d.name, new Set());
    return [...problems, ...conditional.filter((d) => !carriesColour(d)).map((d) => d.selector + " { " + d.name + ": " + d.value.slice(0, 80) + " }")];
  })()`);
}

/** The page's structure as lines of text, colours set aside (see the module's comment). Evaluated in the page. */
const STRUCTURE = `(() => {
  ${HELPERS}
  const lines = [];
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  let diagram = null;
  let ids = new Map();
  const neutral = (text) => (diagram && diagram.id ? text.split(diagram.id).join("#diagram") : text);
  for (let node = walker.currentNode; node !== null; node = walker.nextNode()) {
    if (diagram !== null && !diagram.contains(node)) diagram = null;
    const parent = node.parentElement ? node.parentElement.localName : "";
    if (node.nodeType === Node.TEXT_NODE) {
      const text = parent === "style" || parent === "script" ? "" : node.data.trim();
      if (text !== "") lines.push("  " + neutral(text));
      continue;
    }
    const name = node.localName;
    if (diagram === null && name === "svg" && node.parentElement && node.parentElement.closest(".mermaid-figure")) {
      diagram = node;
      ids = new Map();
    }
    // A gradient is a colour: the dark drawing of a diagram may add one.
    if (diagram !== null && (name === "linearGradient" || name === "radialGradient" || (name === "stop" && parent.endsWith("Gradient")))) continue;
    const attributes = [];
    for (const a of node.attributes) {
      // The theme a diagram was drawn for, and the theme the site's menu chose, are the colours themselves.
      if (a.name === "style" || a.name === "data-drawn-for" || a.name === "data-theme" || colourish(a.name)) continue;
      let value = neutral(a.value);
      if (diagram !== null && a.name === "id" && node !== diagram) {
        if (!ids.has(value)) ids.set(value, "#" + ids.size);
        value = ids.get(value);
      }
      attributes.push(a.name + "=" + value);
    }
    attributes.sort();
    let line = "<" + name + " " + attributes.join(" ") + ">";
    if (node.style && node.style.length > 0) line += " style{" + declarations(node.style, (n) => !colourish(n)) + "}";
    if (name === "style" && node.sheet) line += " sheet{" + neutral(rulesText(node.sheet.cssRules)) + "}";
    lines.push(line);
  }
  return lines;
})()`;

/** Remembers the page's structure as it is now (in the page itself), for {@link structureChanges} to compare with. */
export async function recordStructure(page: Page): Promise<void> {
  await page.evaluate(`window.__workbookStructure = ${STRUCTURE}; undefined`);
}

/**
 * How the page's structure differs now from when {@link recordStructure} last ran on it, colours
 * set aside: at most `limit` lines, each the first line that differs and what it became; none
 * when it is the same.
 */
export async function structureChanges(page: Page, limit = 5): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const before = window.__workbookStructure;
    if (!Array.isArray(before)) return ["the structure was not recorded before"];
    const now = ${STRUCTURE};
    const changes = [];
    for (let i = 0; i < Math.max(before.length, now.length) && changes.length < ${limit}; i++) {
      if (before[i] !== now[i]) changes.push("line " + (i + 1) + ": " + String(before[i]).slice(0, 160) + " -> " + String(now[i]).slice(0, 160));
    }
    return changes;
  })()`);
}
