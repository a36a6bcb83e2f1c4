/**
 * Exercise 4's rules (its README and the comments in names.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  the one registered name whose loose key equals the key of name is suggested → "suggests the one name with the same letters and digits"
 * R2  the loose key of a registered name is built the same way (its case and separators too) → "builds the same key for the registered names"
 * R3  the key keeps the letters and digits of every script → "keeps the letters and digits of every script, not only ASCII"
 * R4  the key is lower-cased, not upper-cased → "lower-cases the key"
 * R5  null for an empty key, and for no match → "suggests nothing for an empty key or no match"
 * R6  null when two or more entries match, a name listed twice too → "suggests nothing when two names match (ambiguous)"
 * R7  message: not found, then the available names in the order given, joined by ", " → "names the tool and lists the available ones in order"
 * R8  message: the suggestion part only when there is one → "adds the suggestion and says names must match exactly"
 * R9  message: Available is written even when nothing is registered → "says Available: even when no tool is registered"
 * R10 each kept character is lower-cased on its own, and nothing is normalised → "lower-cases each character on its own and normalises nothing"
 *
 * Each rule is also held against the worked answer on generated names ("R1 (every input): …"):
 * every script, case corners, combining marks, characters outside the BMP, separators and
 * padding, prototype-looking names, empty keys, repeated names.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { notFoundMessage, suggestName } from "../../exercises/04-exact-names/names.js";
import * as answer from "../../solutions/04-exact-names/names.js";
import { expectSameAsAnswer, type Rule } from "./_support/differential.js";
import { caseChar, mostlyNotLetters, namesInput, perCharacterCaseChar, scriptChar, type NamesInput } from "./_support/gen-04.js";

const registered = ["read_file", "write_file", "list_dir"];

describe("exercise 4: suggestName", () => {
  it("suggests the one name with the same letters and digits", () => {
    expect(suggestName("ReadFile", registered), "ReadFile and read_file share the key readfile").toBe("read_file");
    expect(suggestName("list-dir", registered)).toBe("list_dir");
    expect(suggestName("WRITE FILE", registered)).toBe("write_file");
  });

  it("suggests nothing for an empty key or no match", () => {
    expect(suggestName("___", registered), "no letters or digits: no suggestion").toBeNull();
    expect(suggestName("", registered)).toBeNull();
    expect(suggestName("read", registered), "a prefix is not a match").toBeNull();
    expect(
      suggestName("--", ["__", "read_file"]),
      "an empty key suggests nothing, even when a registered name has no letters or digits either: return null before comparing",
    ).toBeNull();
  });

  it("keeps the letters and digits of every script, not only ASCII", () => {
    expect(suggestName("ЧТЕНИЕ-ФАЙЛА", ["чтение_файла", "read_file"]), "Cyrillic letters are letters: the key of ЧТЕНИЕ-ФАЙЛА is чтениефайла").toBe("чтение_файла");
    expect(suggestName("Grüße", ["größe", "grüße"]), "ü and ö are different letters: only grüße has the key grüße").toBe("grüße");
    expect(suggestName("report-٢", ["report_١", "report_٢"]), "٢ (Arabic-Indic two) is a digit, so it stays in the key").toBe("report_٢");
  });

  it("lower-cases the key", () => {
    expect(
      suggestName("STRASSE", ["straße"]),
      "keys are lower-cased: STRASSE gives strasse and straße stays straße, so they differ (upper-casing would turn ß into SS)",
    ).toBeNull();
  });

  it("suggests nothing when two names match (ambiguous)", () => {
    expect(suggestName("READ_FILE", ["read_file", "readFile"]), "two matches: return null").toBeNull();
    expect(suggestName("ReadFile", ["read_file", "read_file"]), "a name listed twice is two matches: return null").toBeNull();
  });

  it("lower-cases each character on its own and normalises nothing", () => {
    expect(suggestName("ΟΔΟΣ", ["οδος", "odos"]), "Σ alone lower-cases to σ, so the key is οδοσ, not οδος (lower-casing the whole word gives the final ς)").toBeNull();
    expect(suggestName("ΟΔΟΣ", ["οδοσ"])).toBe("οδοσ");
    expect(suggestName("cafe\u0301", ["café"]), "no normalisation: e followed by a combining accent keeps only the e, so the key is cafe, not café").toBeNull();
    expect(suggestName("cafe\u0301", ["cafe"])).toBe("cafe");
  });
});

describe("exercise 4: the registered names' keys", () => {
  it("builds the same key for the registered names", () => {
    expect(suggestName("readfile", ["ReadFile"]), "the registered name's key is lower-cased too: ReadFile has the key readfile").toBe("ReadFile");
    expect(suggestName("listdir", ["list-dir"]), "the registered name's separators are dropped too").toBe("list-dir");
  });
});

describe("exercise 4: notFoundMessage", () => {
  it("names the tool and lists the available ones in order", () => {
    expect(notFoundMessage("delete_everything", registered)).toBe("Error: Tool 'delete_everything' not found. Available: read_file, write_file, list_dir");
  });

  it("says Available: even when no tool is registered", () => {
    expect(notFoundMessage("read_file", []), "the last part is always there, with an empty list").toBe("Error: Tool 'read_file' not found. Available: ");
  });

  it("adds the suggestion and says names must match exactly", () => {
    expect(notFoundMessage("readFile", registered)).toBe(
      "Error: Tool 'readFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, write_file, list_dir",
    );
  });
});

/** A call as the learner would write it. */
function showCall(fn: string): (input: NamesInput) => string {
  return (input) => `${fn}(${JSON.stringify(input.name)}, ${JSON.stringify(input.registered)})`;
}

const rule = (id: string, sentence: string): Rule => ({ exercise: 4, id, sentence });

/** suggestName on both sides; each gets its own copy of the list. */
function suggestProperty(id: string, sentence: string, input: fc.Arbitrary<NamesInput>): Promise<void> {
  return expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: ({ name, registered }) => suggestName(name, [...registered]),
    answer: ({ name, registered }) => answer.suggestName(name, [...registered]),
    show: showCall("suggestName"),
    runs: 100,
  });
}

/** notFoundMessage on both sides. */
function messageProperty(id: string, sentence: string, input: fc.Arbitrary<NamesInput>): Promise<void> {
  return expectSameAsAnswer({
    rule: rule(id, sentence),
    input,
    learner: ({ name, registered }) => notFoundMessage(name, [...registered]),
    answer: ({ name, registered }) => answer.notFoundMessage(name, [...registered]),
    show: showCall("notFoundMessage"),
    runs: 60,
  });
}

describe("exercise 4: every rule, on generated names", () => {
  it("R1 (every input): the one registered name with the same key is suggested", async () => {
    await suggestProperty("R1", "the one registered name whose loose key equals the key of name is suggested.", namesInput());
  });

  it("R2 (every input): the registered names' keys are built the same way", async () => {
    await suggestProperty("R2", "the loose key of a registered name is built the same way (its case and separators too).", namesInput());
  });

  it("R3 (every input): letters and digits of every script stay in the key", async () => {
    await suggestProperty("R3", "the key keeps the letters and digits (\\p{L}, \\p{N}) of every script, outside the BMP too, and nothing else.", namesInput(scriptChar()));
  });

  it("R4 (every input): the key is lower-cased", async () => {
    await suggestProperty("R4", "the key is lower-cased, not upper-cased.", namesInput(caseChar()));
  });

  it("R5 (every input): an empty key or no match suggests nothing", async () => {
    await suggestProperty("R5", "null for an empty key, and for no match.", namesInput(mostlyNotLetters()));
  });

  it("R6 (every input): two or more matches suggest nothing", async () => {
    await suggestProperty("R6", "null when two or more entries of the list match, a name listed twice too.", namesInput(fc.constantFrom("a", "A", "_", "Σ", "ς", "1")));
  });

  it("R7 (every input): the message names the tool and lists the names in order", async () => {
    await messageProperty("R7", 'message: not found, then the available names in the order given, joined by ", ".', namesInput());
  });

  it("R8 (every input): the suggestion part comes only with a suggestion", async () => {
    await messageProperty("R8", "message: the suggestion part only when there is one.", namesInput(caseChar()));
  });

  it("R9 (every input): Available is always written", async () => {
    await messageProperty("R9", "message: Available is written even when nothing is registered.", namesInput(mostlyNotLetters()));
  });

  it("R10 (every input): each character is lower-cased on its own, nothing normalised", async () => {
    await suggestProperty("R10", "each kept character is lower-cased on its own (Σ gives σ, İ gives i̇), and nothing is normalised.", namesInput(perCharacterCaseChar()));
  });
});
