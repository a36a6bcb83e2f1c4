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
  });

  it("suggests nothing when two names match (ambiguous)", () => {
    expect(suggestName("READ_FILE", ["read_file", "readFile"]), "two matches: return null").toBeNull();
  });
});

describe("exercise 4: notFoundMessage", () => {
  it("names the tool and lists the available ones in order", () => {
    expect(notFoundMessage("delete_everything", registered)).toBe(
      "Error: Tool 'delete_everything' not found. Available: read_file, write_file, list_dir",
    );
  });

  it("adds the suggestion and says names must match exactly", () => {
    expect(notFoundMessage("readFile", registered)).toBe(
      "Error: Tool 'readFile' not found. Did you mean 'read_file'? Tool names must match exactly. Available: read_file, write_file, list_dir",
    );
  });
});
