/**
 * Exercise 4's rules (its README and the comments in names.ts), each with the test that fails
 * when a learner breaks it. `npm run wrong-answers` breaks each one on purpose and checks it fails.
 *
 * R1  the one registered name whose loose key equals the key of name is suggested → "suggests the one name with the same letters and digits"
 * R2  the loose key of a registered name is built the same way (its case and separators too) → "builds the same key for the registered names"
 * R3  the key keeps the letters and digits of every script → "keeps the letters and digits of every script, not only ASCII"
 * R4  the key is lower-cased, not upper-cased → "lower-cases the key"
 * R5  null for an empty key, and for no match → "suggests nothing for an empty key or no match"
 * R6  null when two or more names match → "suggests nothing when two names match (ambiguous)"
 * R7  message: not found, then the available names in the order given, joined by ", " → "names the tool and lists the available ones in order"
 * R8  message: the suggestion part only when there is one → "adds the suggestion and says names must match exactly"
 * R9  message: Available is written even when nothing is registered → "says Available: even when no tool is registered"
 */
import { describe, expect, it } from "vitest";
import { notFoundMessage, suggestName } from "../../exercises/04-exact-names/names.js";

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
