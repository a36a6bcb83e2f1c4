/**
 * Exercise 1's generators reach every corner its rules name, on a fixed sample: white space of
 * both languages' definitions, characters outside the BMP, lone surrogates, combining marks, blank
 * texts of every kind, getters as well as fields, arguments of every JSON kind and prototype-looking keys.
 */
import { describe, expect, it } from "vitest";
import { holds, PYTHON_ONLY_WHITESPACE } from "../_support/domain.js";
import { argsObject, blankish, memberReads, sentArgs, textArgs, textHolder, wordText } from "../_support/gen-01.js";
import { expectReach } from "../_support/reach.js";

const words = (text: string): number => text.split(/\s+/).filter((w) => w !== "").length;

describe("exercise 1's generators", () => {
  it("texts reach every kind of white space, odd characters, and zero to many words", () => {
    const reach = expectReach(
      "wordText",
      wordText(),
      {
        empty: (t) => t === "",
        "JavaScript and Python white space": holds.sharedWhitespace,
        "Python-only white space": holds.pythonOnlyWhitespace,
        "the byte-order mark": holds.jsOnlyWhitespace,
        "a look-alike that is no white space": holds.lookalikeSpace,
        "a character outside the BMP": holds.astral,
        "a lone surrogate": holds.loneSurrogate,
        "a combining mark": holds.combiningMark,
        "white space at an end": holds.leadingOrTrailingSpace,
        "Python-only space between two words": (t) => PYTHON_ONLY_WHITESPACE.some((ch) => new RegExp(`\\S${ch}+\\S`, "u").test(t)),
        "one word": (t) => words(t) === 1,
        "five words or more": (t) => words(t) >= 5,
      },
      { size: (t) => t.length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(20);
  });

  it("blank texts reach empty, each definition's white space alone, and look-alikes", () => {
    expectReach("blankish", blankish(), {
      empty: (t) => t === "",
      "JavaScript white space only": (t) => t !== "" && t.trim() === "",
      "Python-only white space only": (t) => t !== "" && [...t].every((ch) => (PYTHON_ONLY_WHITESPACE as readonly string[]).includes(ch)),
      "the byte-order mark only": (t) => /^\ufeff+$/.test(t),
      "look-alikes only": (t) => t !== "" && /^[\u200b-\u200d\u2060\u180e\u00ad]+$/.test(t),
    });
  });

  it("a text is given as a field, as a getter, or not at all", () => {
    expectReach("textHolder", textHolder(wordText()), {
      field: (h) => h.kind === "field",
      getter: (h) => h.kind === "getter",
      missing: (h) => h.kind === "missing",
    });
  });

  it("arguments reach text of every JSON kind, no text, and extra keys that look like Object.prototype's", () => {
    const kind = (args: ReturnType<typeof argsObject>): string => {
      if (!Object.hasOwn(args, "text")) return "missing";
      const text = args["text"];
      return text === null ? "null" : Array.isArray(text) ? "array" : typeof text;
    };
    const kinds: Record<string, (a: Parameters<typeof argsObject>[0]) => boolean> = {};
    for (const k of ["string", "number", "boolean", "null", "array", "object", "undefined", "missing"]) kinds[`text ${k}`] = (a) => kind(argsObject(a)) === k;
    expectReach("textArgs", textArgs(), kinds);
    const reach = expectReach(
      "sentArgs",
      sentArgs(),
      {
        "no extra key": (a) => a.extra.length === 0,
        "__proto__ as an own key": (a) => Object.hasOwn(argsObject(a), "__proto__"),
        "constructor as an own key": (a) => a.extra.some(([k]) => k === "constructor"),
        "two extra keys": (a) => a.extra.length === 2,
        "text missing": (a) => a.text === null,
      },
      { size: (a) => JSON.stringify(argsObject(a))?.length ?? 0 },
    );
    expect(reach.largest).toBeGreaterThan(30);
  });

  it("member reads repeat and reach every member", () => {
    expectReach("memberReads", memberReads(), {
      "a repeated read": (reads) => new Set(reads).size < reads.length,
      "the name": (reads) => reads.includes("name"),
      "concurrencySafe before readOnly": (reads) => reads.indexOf("concurrencySafe") >= 0 && reads.indexOf("concurrencySafe") < reads.indexOf("readOnly"),
    });
  });
});
