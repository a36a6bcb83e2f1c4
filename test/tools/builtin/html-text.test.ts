/**
 * `web_fetch`'s HTML to text (`src/tools/builtin/_html-text.ts`): what is kept of a page, and that
 * reading it in slices, with the event loop let run between them, gives the same text wherever
 * the slices fall and stops when the call's signal aborts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { htmlToText, htmlToTextAsync, tidyBlankSpace } from "../../../src/tools/builtin/_html-text.js";
import { propertyConfig } from "../../soak/runs.js";

describe("htmlToText: what is kept", () => {
  it.each([
    [
      "the title ends a line, scripts and styles go, entities are decoded",
      "<html><head><title>Hi</title><style>p{}</style><script>x()</script></head><body><p>One &amp; two</p><p>Three</p></body></html>",
      "Hi\nOne & two\nThree",
    ],
    ["comments go, numeric entities are decoded", "<!-- hidden --><b>caf&#233; &#x41;</b>", "café A"],
    ["<br> in every spelling ends a line", "a<br>b<br/>c</br>d<BR >e", "a\nb\nc\nd\ne"],
    ["hidden elements drop their text, tags and all", "a<noscript><p>n</p></noscript>b<template><p>t</p></template>c<iframe><p>i</p></iframe>d", "abcd"],
    ["an unclosed script hides the rest, as a browser would", "shown<script>var x = '<p>never</p>'", "shown"],
    ["an unclosed comment hides the rest", "shown<!-- never", "shown"],
    ["an unclosed tag at the end is dropped", "shown<br", "shown"],
    ["a < that opens no tag is text", "a < b and c <= d", "a < b and c <= d"],
    ["entities as a browser reads them: named, legacy without ;, astral, invalid", "&lt;x&gt; &copy; &amp &notit; &#x1F600; &#0;", "<x> © & ¬it; 😀 \ufffd"],
    ["&nbsp; is a no-break space, kept as it is", "a&nbsp;b", "a\u00a0b"],
    ["inside <svg>, <script/> closes itself", "a<svg><script/></svg>b<svg><style>x</style></svg>c", "abc"],
    ["<xmp> and <textarea> keep their text as written", "<xmp><b>x</b></xmp><textarea>&lt;y&gt;</textarea>", "<b>x</b><y>"],
    ["blank space: runs become one space, at most one blank line, no space around a break", "  a \t b \r\n\n\n\n  c  ", "a b\n\nc"],
    ["CDATA and the doctype are not text", "<!DOCTYPE html><![CDATA[x]]>y", "y"],
  ])("%s", (_label, html, text) => {
    expect(htmlToText(html)).toBe(text);
  });

  it("tidyBlankSpace is the tidying alone, and keeps lone surrogates", () => {
    expect(tidyBlankSpace(" a \ud800\n \n\n b ")).toBe("a \ud800\n\nb");
    expect(tidyBlankSpace("")).toBe("");
  });
});

/** Pieces of pages, hostile ones included, to cut anywhere. */
const piece = fc.constantFrom(
  "<",
  ">",
  "</",
  "<p>",
  "</p>",
  "<br",
  "<br/>",
  "<!--",
  "-->",
  "&amp;",
  "&am",
  "&#x41;",
  "&#12",
  ";",
  "a",
  " ",
  "\n",
  "\r",
  "<script>",
  "</script>",
  "<svg>",
  "</svg>",
  "<style/>",
  "😀",
  "\ud83d",
  "<title>",
  "</title>",
  "<!DOCTYPE html>",
  'x="',
  '"',
  "<template>",
  "</template>",
  "<textarea>",
  "]]>",
  "<![CDATA[",
  "<math>",
  "&nbsp",
  "&notin;",
  "&notit;",
  "&#x1F600;",
  "</br>",
);

describe("htmlToTextAsync", () => {
  it("gives the same text as htmlToText wherever the slices fall", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 9 }), async (pieces, sliceChars) => {
        const html = pieces.join("");
        expect(await htmlToTextAsync(html, { sliceChars })).toBe(htmlToText(html));
      }),
      propertyConfig("html text in slices is the same text", 200),
    );
  });

  it("lets the event loop run between slices, and stops when the signal aborts", async () => {
    const controller = new AbortController();
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
      controller.abort(new Error("time is up"));
    }, 0);
    try {
      await expect(htmlToTextAsync("<p>x</p>".repeat(200_000), { signal: controller.signal, sliceChars: 1_000 })).rejects.toThrow("time is up");
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });

  it("a large page reads to the same text as in one go", async () => {
    const html = "<div><p>One &amp; two</p><!-- c --><br>three</div>".repeat(5_000);
    expect(await htmlToTextAsync(html)).toBe(htmlToText(html));
  });
});
