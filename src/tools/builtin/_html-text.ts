/**
 * Reducing an HTML page to plain text for `web_fetch` (lesson 7). A page is input from outside, so
 * its cost must grow linearly with its size, whatever it holds: unclosed `<`, `<!--` or `<br`,
 * endless attributes, deep nesting. No tag is found with a regular expression here. The page is
 * read by htmlparser2's tokenizer, a state machine that passes over each character once and
 * reports tags and text as positions in the page (it keeps no stack of open elements, and it never
 * builds a long name one character at a time), and the text is built from its reports:
 *
 * - the text of `<script>`, `<style>`, `<noscript>`, `<template>`, `<iframe>`, `<noembed>` and
 *   `<noframes>` is dropped, and so are comments, CDATA sections and the doctype;
 * - `<br>` and the end of a paragraph, `div`, list item, heading, table row or title end a line;
 * - every other tag is removed; entities are decoded as a browser decodes them;
 * - runs of blank space become one space, blank space around a line break goes, at most one blank
 *   line is kept, and the ends are trimmed.
 *
 * {@link htmlToTextAsync} feeds the page in slices and lets the event loop run between them, so a
 * large page never holds up a time limit or another call; {@link htmlToText} is the same in one go.
 * The module's name starts with `_`, so the tool loader never scans it.
 *
 * @module
 */
import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";

/** Elements whose content is never shown as page text. */
const HIDDEN: ReadonlySet<string> = new Set(["script", "style", "noscript", "template", "iframe", "noembed", "noframes"]);

/** End tags after which the text goes on on a new line. */
const LINE_ENDS: ReadonlySet<string> = new Set(["p", "div", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "title"]);

/** How many characters of the page {@link htmlToTextAsync} reads before it lets the event loop run. */
const HTML_TEXT_SLICE_CHARS = 16_384;

/** True for the blank space that collapses to one space: space, tab, form feed, vertical tab, carriage return. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0c || code === 0x0b || code === 0x0d;
}

/** The text of the first `length` UTF-16 units of `units`, lone surrogates kept as they are. */
function unitsToString(units: Uint16Array, length: number): string {
  const parts: string[] = [];
  for (let at = 0; at < length; at += 8_192) {
    // `apply` takes the typed array as it is; spreading it would walk an iterator per unit.
    parts.push(String.fromCharCode.apply(null, units.subarray(at, Math.min(at + 8_192, length)) as unknown as number[]));
  }
  return parts.join("");
}

/**
 * Tidies blank space in the first `length` units of `units`, in place and in one pass, and
 * returns the text: a run of {@link isBlank} characters becomes one space, blank space next to a
 * line break goes, three or more line breaks become two, and the ends are trimmed. The tidied
 * text is never longer than the text, so it is written over it.
 */
function tidyUnits(units: Uint16Array, length: number): string {
  let w = 0;
  let i = 0;
  while (i < length) {
    let breaks = 0;
    let space = false;
    for (; i < length; i++) {
      const code = units[i] as number;
      if (code === 0x0a) breaks++;
      else if (isBlank(code)) space = true;
      else break;
    }
    if (i === length) break;
    // What stood between two kept stretches, never at the start: one space, or one or two line breaks.
    if (w > 0) {
      if (breaks > 0) units[w++] = 0x0a;
      if (breaks > 1) units[w++] = 0x0a;
      if (breaks === 0 && space) units[w++] = 0x20;
    }
    for (; i < length; i++) {
      const code = units[i] as number;
      if (code === 0x0a || isBlank(code)) break;
      units[w++] = code;
    }
  }
  return unitsToString(units, w).trim();
}

/**
 * Tidies blank space as the page text is tidied: a run of spaces, tabs, form feeds, vertical
 * tabs and carriage returns becomes one space, blank space next to a line break goes, three or
 * more line breaks become two, and the ends are trimmed.
 */
export function tidyBlankSpace(text: string): string {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return tidyUnits(units, text.length);
}

/**
 * The text of a page, built from what the tokenizer reports; positions index into `html`. The
 * text goes straight into one buffer of UTF-16 units as long as the page: what is kept of a page
 * is never longer than the page (a line break stands for a tag of three characters or more, an
 * entity for at least as many units as it decodes to).
 */
class PageText implements TokenizerCallbacks {
  readonly #html: string;
  #units: Uint16Array;
  #length = 0;
  /** How many hidden elements (see {@link HIDDEN}) are open. */
  #hidden = 0;
  /** How many `<svg>` and `<math>` elements are open: inside them `<script/>` really closes itself. */
  #foreign = 0;
  /** The name of the start tag being read, lower-cased. */
  #tag = "";
  readonly tokenizer: Tokenizer;

  constructor(html: string) {
    this.#html = html;
    this.#units = new Uint16Array(html.length);
    this.tokenizer = new Tokenizer({ decodeEntities: true }, this);
  }

  /** The tidied text of everything read so far. */
  text(): string {
    return tidyUnits(this.#units, this.#length);
  }

  /** Room for `count` more units. Never needed by the count above; kept so that no text is lost if it were. */
  #room(count: number): Uint16Array {
    if (this.#length + count > this.#units.length) {
      const bigger = new Uint16Array(Math.max(16, (this.#length + count) * 2));
      bigger.set(this.#units.subarray(0, this.#length));
      this.#units = bigger;
    }
    return this.#units;
  }

  #line(): void {
    if (this.#hidden === 0) this.#room(1)[this.#length++] = 0x0a;
  }

  #open(selfClosing: boolean): void {
    const name = this.#tag;
    if (name === "br") this.#line();
    if (selfClosing && this.#foreign > 0) return;
    if (HIDDEN.has(name)) this.#hidden++;
    else if ((name === "svg" || name === "math") && !selfClosing) this.#foreign++;
  }

  ontext(start: number, end: number): void {
    // A tag left open at the end of the page (`</a ` or `<a /`) is reported as text from -1 over
    // the whole page; a browser drops such a tag, and so does this.
    if (this.#hidden > 0 || start < 0) return;
    const html = this.#html;
    const stop = Math.min(end, html.length);
    const units = this.#room(stop - start);
    let w = this.#length;
    for (let i = start; i < stop; i++) units[w++] = html.charCodeAt(i);
    this.#length = w;
  }

  ontextentity(codePoint: number): void {
    if (this.#hidden > 0) return;
    const units = this.#room(2);
    if (codePoint > 0xffff) {
      const rest = codePoint - 0x10000;
      units[this.#length++] = 0xd800 + (rest >> 10);
      units[this.#length++] = 0xdc00 + (rest & 0x3ff);
    } else {
      units[this.#length++] = codePoint;
    }
  }

  onopentagname(start: number, end: number): void {
    this.#tag = this.#html.slice(start, end).toLowerCase();
  }

  onopentagend(): void {
    this.#open(false);
  }

  onselfclosingtag(): void {
    this.#open(true);
  }

  onclosetag(start: number, end: number): void {
    const name = this.#html.slice(start, end).toLowerCase();
    if (HIDDEN.has(name)) {
      if (this.#hidden > 0) this.#hidden--;
    } else if (name === "svg" || name === "math") {
      if (this.#foreign > 0) this.#foreign--;
    } else if (LINE_ENDS.has(name) || name === "br") {
      this.#line();
    }
  }

  isInForeignContext(): boolean {
    return this.#foreign > 0;
  }

  // Attributes, comments, CDATA, declarations and processing instructions are not page text.
  onattribdata(): void {}
  onattribentity(): void {}
  onattribend(): void {}
  onattribname(): void {}
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

/**
 * The text of an HTML page, read in one go (see the module comment for what is kept): for
 * `<p>One &amp; two</p><script>x()</script><p>Three`, the two lines `One & two` and `Three`.
 * Linear in the length of `html`.
 */
export function htmlToText(html: string): string {
  const page = new PageText(html);
  page.tokenizer.write(html);
  page.tokenizer.end();
  return page.text();
}

/** Lets timers, I/O and other calls run before the next slice. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * {@link htmlToText}, read {@link HTML_TEXT_SLICE_CHARS} characters at a time with the event loop
 * let run between slices, so a time limit can fire while a large page is read. When
 * `options.signal` aborts, reading stops and the promise rejects with the signal's reason. The
 * result is the same as `htmlToText(html)` wherever the slices fall (`options.sliceChars` sets
 * another slice length; tests use it to put slice ends inside tags, entities and surrogate pairs).
 */
export async function htmlToTextAsync(html: string, options: { signal?: AbortSignal; sliceChars?: number } = {}): Promise<string> {
  const { signal } = options;
  const slice = options.sliceChars !== undefined && options.sliceChars >= 1 ? Math.floor(options.sliceChars) : HTML_TEXT_SLICE_CHARS;
  const page = new PageText(html);
  for (let at = 0; at < html.length; at += slice) {
    if (at > 0) {
      await yieldToEventLoop();
      signal?.throwIfAborted();
    }
    page.tokenizer.write(html.slice(at, at + slice));
  }
  page.tokenizer.end();
  return page.text();
}
