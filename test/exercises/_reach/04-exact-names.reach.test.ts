/**
 * Exercise 4's generators reach, on a fixed sample, every kind of name its rules touch.
 */
import { describe, expect, it } from "vitest";
import { holds } from "../_support/domain.js";
import { caseChar, looseKeyForReach, matchCount, mostlyNotLetters, namesInput, perCharacterCaseChar, scriptChar, type NamesInput } from "../_support/gen-04.js";
import { expectReach } from "../_support/reach.js";

const everyName = (input: NamesInput): string[] => [input.name, ...input.registered];
const some = (test: (name: string) => boolean) => (input: NamesInput) => everyName(input).some(test);
const size = (input: NamesInput): number => everyName(input).reduce((sum, name) => sum + name.length, 0);

describe("exercise 4's generators", () => {
  it("names and registered lists reach one match, none, several, empty keys and every odd kind", () => {
    const reach = expectReach(
      "namesInput",
      namesInput(),
      {
        "one match": (i) => matchCount(i) === 1,
        "no match": (i) => matchCount(i) === 0,
        "two or more matches": (i) => matchCount(i) >= 2,
        "an empty key": (i) => matchCount(i) === -1,
        "nothing registered": (i) => i.registered.length === 0,
        "a name listed twice": (i) => new Set(i.registered).size < i.registered.length,
        "the name itself registered": (i) => i.registered.includes(i.name),
        "a prototype-looking name": some(holds.prototypeKey),
        "white space at an end": some(holds.leadingOrTrailingSpace),
        "a Python-only space": some(holds.pythonOnlyWhitespace),
        "outside the BMP": some(holds.astral),
        "a lone surrogate": some(holds.loneSurrogate),
        "a combining mark": some(holds.combiningMark),
        "a case corner": some(holds.caseCorner),
        "a digit of another script": some(holds.otherDigit),
        "a quote": some((n) => n.includes("'")),
        "upper case": some((n) => /\p{Lu}/u.test(n)),
        "title case": some((n) => /\p{Lt}/u.test(n)),
        "a final sigma when lower-cased at once": some((n) => n.toLowerCase() !== [...n].map((c) => c.toLowerCase()).join("")),
        "a different key once normalised": some((n) => looseKeyForReach(n) !== looseKeyForReach(n.normalize("NFC"))),
      },
      { size },
    );
    expect(reach.largest).toBeGreaterThanOrEqual(30);
  });

  it("the rule-specific character pools reach their corners", () => {
    expectReach("namesInput(scriptChar)", namesInput(scriptChar()), {
      "a letter of another script": some((n) => /\P{ASCII}/u.test(n) && /\p{L}/u.test(n)),
      "a number that is not a decimal digit": some((n) => /[\p{Nl}\p{No}]/u.test(n)),
      "a registered name that is the name less its Roman numerals, fractions or other numbers": (i) =>
        /[\p{Nl}\p{No}]/u.test(i.name) && i.registered.includes([...i.name].filter((c) => !/[\p{Nl}\p{No}]/u.test(c)).join("")),
      "a registered name that is the name less its combining marks": (i) =>
        /\p{M}/u.test(i.name) && i.registered.includes([...i.name].filter((c) => !/\p{M}/u.test(c)).join("")),
      "outside the BMP": some(holds.astral),
      "one match": (i) => matchCount(i) === 1,
    });
    expectReach("namesInput(caseChar)", namesInput(caseChar()), {
      "title case": some((n) => /\p{Lt}/u.test(n)),
      İ: some((n) => n.includes("İ")),
      ß: some((n) => n.includes("ß")),
      "one match": (i) => matchCount(i) === 1,
    });
    expectReach("namesInput(perCharacterCaseChar)", namesInput(perCharacterCaseChar()), {
      "a key that differs when the whole word is lower-cased at once": (i) =>
        everyName(i).some(
          (n) =>
            looseKeyForReach(n) !==
            [...n]
              .filter((c) => /[\p{L}\p{N}]/u.test(c))
              .join("")
              .toLowerCase(),
        ),
      "a key that differs once normalised": some((n) => looseKeyForReach(n) !== looseKeyForReach(n.normalize("NFC"))),
      "one match": (i) => matchCount(i) === 1,
      "two or more matches": (i) => matchCount(i) >= 2,
    });
    expectReach("namesInput(mostlyNotLetters)", namesInput(mostlyNotLetters()), {
      "an empty key": (i) => matchCount(i) === -1,
      "an empty key registered": (i) => i.registered.some((n) => n !== "" && looseKeyForReach(n) === ""),
      "a lone surrogate": some(holds.loneSurrogate),
    });
  });
});
