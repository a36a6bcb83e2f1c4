/**
 * Exercise 9's generators reach what its rules name: names with separators, odd letters and more
 * than 64 characters; descriptions missing, `null`, `""` and blank; hints and options that are
 * not quite booleans; blocks of every kind with their optional fields present or not; answers
 * without content, with none, one or many blocks; empty listings and repeated names.
 */
import { describe, expect, it } from "vitest";
import { holds } from "../_support/domain.js";
import { answerSpec, BLOCK_TYPES, infoSpec, listingSpec, mcpName, optionsSpec, type AnswerSpec, type BlockSpec, type InfoSpec } from "../_support/gen-09.js";
import { expectReach } from "../_support/reach.js";

const blocks = (answer: AnswerSpec): readonly BlockSpec[] => answer.content ?? [];
const some = (answer: AnswerSpec, test: (block: BlockSpec) => boolean): boolean => blocks(answer).some(test);
const resourceOf = (block: BlockSpec): Record<string, unknown> => (block["resource"] ?? {}) as Record<string, unknown>;

describe("exercise 9's generators", () => {
  it("names and listed tools reach separators, odd letters, long names, every description and every hint", () => {
    expectReach("mcpName", mcpName(), {
      "a dot": (n) => n.includes("."),
      "a space": (n) => n.includes(" "),
      "a hyphen": (n) => n.includes("-"),
      "more than 64 characters": (n) => n.length > 64,
      "an astral character": holds.astral,
      "a prototype-looking name": holds.prototypeKey,
      "the empty name": (n) => n === "",
    });
    const hint = (v: unknown) => (info: InfoSpec) => info.annotations !== undefined && "readOnlyHint" in info.annotations && Object.is(info.annotations.readOnlyHint, v);
    expectReach("infoSpec", infoSpec(), {
      "no description": (i) => !("description" in i),
      "a null description": (i) => i.description === null,
      'an empty description ""': (i) => i.description === "",
      "a blank description": (i) => typeof i.description === "string" && i.description !== "" && i.description.trim() === "",
      "no inputSchema": (i) => i.inputSchema === undefined,
      "no annotations": (i) => i.annotations === undefined,
      "readOnlyHint true": hint(true),
      'readOnlyHint "true"': hint("true"),
      "readOnlyHint 1": hint(1),
      'readOnlyHint "false"': hint("false"),
      "readOnlyHint false": hint(false),
    });
    expectReach("optionsSpec", optionsSpec(), {
      "no options": (o) => o === undefined,
      trusted: (o) => o?.trustReadOnlyHint === true,
      'trustReadOnlyHint "true"': (o) => o?.trustReadOnlyHint === "true",
      "trustReadOnlyHint 1": (o) => o?.trustReadOnlyHint === 1,
      "trustReadOnlyHint false": (o) => o?.trustReadOnlyHint === false,
    });
  });

  it("listings reach empty, one, many and repeated names", () => {
    const reach = expectReach(
      "listingSpec",
      listingSpec(),
      {
        empty: (l) => l.length === 0,
        "one tool": (l) => l.length === 1,
        "many tools": (l) => l.length >= 3,
        "a repeated name": (l) => new Set(l.map((t) => t.name)).size < l.length,
      },
      { size: (l) => l.length },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(5);
  });

  it("answers reach every block kind with its optional fields present or not, and every isError", () => {
    const kinds: Record<string, (a: AnswerSpec) => boolean> = {};
    for (const type of BLOCK_TYPES) kinds[`a ${type} block`] = (a) => some(a, (b) => b.type === type);
    Object.assign(kinds, {
      "no content": (a: AnswerSpec) => a.content === undefined,
      "content []": (a: AnswerSpec) => a.content?.length === 0,
      "many blocks": (a: AnswerSpec) => blocks(a).length >= 4,
      "an empty text block": (a: AnswerSpec) => some(a, (b) => b.type === "text" && b["text"] === ""),
      "only blank text": (a: AnswerSpec) => blocks(a).length > 0 && blocks(a).every((b) => b.type === "text" && String(b["text"]).trim() === ""),
      "an image without mimeType": (a: AnswerSpec) => some(a, (b) => b.type === "image" && !("mimeType" in b)),
      'an image with mimeType ""': (a: AnswerSpec) => some(a, (b) => b.type === "image" && b["mimeType"] === ""),
      "audio without data": (a: AnswerSpec) => some(a, (b) => b.type === "audio" && !("data" in b)),
      'media with data ""': (a: AnswerSpec) => some(a, (b) => (b.type === "audio" || b.type === "image") && b["data"] === ""),
      "media with data that is no string": (a: AnswerSpec) => some(a, (b) => (b.type === "audio" || b.type === "image") && typeof b["data"] === "number"),
      "a resource with text": (a: AnswerSpec) => some(a, (b) => b.type === "resource" && typeof resourceOf(b)["text"] === "string"),
      'a resource with text ""': (a: AnswerSpec) => some(a, (b) => b.type === "resource" && resourceOf(b)["text"] === ""),
      "a resource whose text is no string": (a: AnswerSpec) => some(a, (b) => b.type === "resource" && typeof resourceOf(b)["text"] === "number"),
      "a resource without text or uri": (a: AnswerSpec) => some(a, (b) => b.type === "resource" && !("text" in resourceOf(b)) && !("uri" in resourceOf(b))),
      "a link without uri": (a: AnswerSpec) => some(a, (b) => b.type === "resource_link" && !("uri" in b)),
      'a link with uri ""': (a: AnswerSpec) => some(a, (b) => b.type === "resource_link" && b["uri"] === ""),
      "an unknown type": (a: AnswerSpec) => some(a, (b) => !(BLOCK_TYPES as readonly string[]).includes(b.type)),
      "a known type in another case": (a: AnswerSpec) => some(a, (b) => b.type === "Text" || b.type === "IMAGE"),
      "isError true": (a: AnswerSpec) => a.isError === true,
      "isError missing": (a: AnswerSpec) => !("isError" in a),
      'isError "true"': (a: AnswerSpec) => a.isError === "true",
      "isError 1": (a: AnswerSpec) => a.isError === 1,
    });
    const reach = expectReach("answerSpec", answerSpec(), kinds, { size: (a) => blocks(a).length });
    expect(reach.largest).toBeGreaterThanOrEqual(6);
  });
});
