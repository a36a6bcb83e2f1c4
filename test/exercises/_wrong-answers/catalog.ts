/**
 * Wrong answers a learner could plausibly hand in, one per broken rule at least, each written as
 * edits of the worked answer in `solutions/`. `npm run wrong-answers` checks that each one fails
 * its exercise's tests; the rules (`R1`…) are the ones each test file lists at its top.
 *
 * @module
 */
import type { WrongAnswer } from "./apply.js";

type Entry = Omit<WrongAnswer, "folder" | "file">;

function answers(folder: string, file: string, entries: readonly Entry[]): WrongAnswer[] {
  return entries.map((entry) => ({ folder, file, ...entry }));
}

/** Exercise 1: the tool contract. */
const exercise1 = answers("01-tool-contract", "word-count.ts", [
  { rule: "R1", what: "the name in camel case", edits: [['readonly name: string = "word_count";', 'readonly name: string = "wordCount";']] },
  {
    rule: "R2",
    what: "no description",
    edits: [
      [
        'readonly description: string = "Count the words in a text. Use it when you need the number of words, not the text itself.";',
        'readonly description: string = "Counts.";',
      ],
    ],
  },
  { rule: "R3", what: "text is optional", edits: [['    required: ["text"],\n', ""]] },
  {
    rule: "R3",
    what: "text declared without a type",
    edits: [['text: { type: "string", description: "The text whose words are counted." }', 'text: { description: "The text whose words are counted." }']],
  },
  { rule: "R4", what: "extra parameters allowed", edits: [["    additionalProperties: false,\n", ""]] },
  {
    rule: "R4",
    what: "an optional second parameter declared",
    edits: [
      [
        'properties: { text: { type: "string", description: "The text whose words are counted." } },',
        'properties: { text: { type: "string", description: "The text whose words are counted." }, language: { type: "string" } },',
      ],
    ],
  },
  { rule: "R5", what: "readOnly left false", edits: [["  override get readOnly(): boolean {\n    return true;\n  }\n", ""]] },
  { rule: "R5", what: "concurrencySafe overridden instead of readOnly", edits: [["override get readOnly(): boolean {", "override get concurrencySafe(): boolean {"]] },
  {
    rule: "R5",
    what: "also marked exclusive",
    edits: [
      [
        "  override get readOnly(): boolean {\n    return true;\n  }\n",
        "  override get readOnly(): boolean {\n    return true;\n  }\n\n  override get exclusive(): boolean {\n    return true;\n  }\n",
      ],
    ],
  },
  { rule: "R6", what: "the count as a number", edits: [["return String(text.trim().split(/\\s+/).length);", "return text.trim().split(/\\s+/).length;"]] },
  { rule: "R6", what: "split on single spaces", edits: [["return String(text.trim().split(/\\s+/).length);", 'return String(text.trim().split(" ").length);']] },
  { rule: "R6", what: "split without trimming", edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.split(/\\s+/).length);"]] },
  {
    rule: "R7",
    what: "blank text is an empty string",
    edits: [['if (text.trim() === "") return ToolResult.error("Error: text is empty");', 'if (text.trim() === "") return "";']],
  },
  {
    rule: "R7",
    what: "blank text is a plain string that starts with Error:",
    edits: [['if (text.trim() === "") return ToolResult.error("Error: text is empty");', 'if (text.trim() === "") return "Error: text is empty";']],
  },
  {
    rule: "R7",
    what: "blank text throws",
    edits: [['if (text.trim() === "") return ToolResult.error("Error: text is empty");', 'if (text.trim() === "") throw new Error("text is empty");']],
  },
  {
    rule: "R7",
    what: "only spaces count as blank",
    edits: [
      ['if (text.trim() === "") return ToolResult.error("Error: text is empty");', 'if (text.replaceAll(" ", "") === "") return ToolResult.error("Error: text is empty");'],
    ],
  },
  { rule: "R7", what: "the message without Error:", edits: [['ToolResult.error("Error: text is empty")', 'ToolResult.error("text is empty")']] },
  { rule: "R6", what: "split on runs of spaces only", edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.trim().split(/ +/).length);"]] },
  {
    rule: "R6",
    what: "split on runs of ASCII white space",
    edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.trim().split(/[ \\t\\n\\r\\f\\v]+/).length);"]],
  },
  {
    rule: "R6",
    what: "split on single white space characters",
    edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.trim().split(/\\s/).length);"]],
  },
  {
    rule: "R6",
    what: "white space as Python defines it",
    edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.trim().split(/[\\s\\u001c-\\u001f\\u0085]+/).length);"]],
  },
  {
    rule: "R6",
    what: "white space as Unicode's White_Space property",
    edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.trim().split(/\\p{White_Space}+/u).length);"]],
  },
  {
    rule: "R6",
    what: "words found by Intl.Segmenter",
    edits: [
      [
        "return String(text.trim().split(/\\s+/).length);",
        'return String([...new Intl.Segmenter("en", { granularity: "word" }).segment(text)].filter((s) => s.isWordLike).length);',
      ],
    ],
  },
  { rule: "R6", what: "words as runs of \\w", edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.match(/\\w+/g)?.length ?? 0);"]] },
  { rule: "R6", what: "only the start trimmed", edits: [["return String(text.trim().split(/\\s+/).length);", "return String(text.trimStart().split(/\\s+/).length);"]] },
  {
    rule: "R6",
    what: "spaces counted, plus one",
    edits: [["return String(text.trim().split(/\\s+/).length);", 'return String([...text.trim()].filter((c) => c === " ").length + 1);']],
  },
  { rule: "R7", what: "blank means empty only", edits: [['if (text.trim() === "")', 'if (text === "")']] },
  { rule: "R7", what: 'a missing text becomes "undefined"', edits: [['const text = String(params["text"] ?? "");', 'const text = String(params["text"]);']] },
  { rule: "R3", what: "text may be null", edits: [['text: { type: "string", description', 'text: { type: ["string", "null"], description']] },
  { rule: "R3", what: "text must not be empty", edits: [['text: { type: "string", description', 'text: { type: "string", minLength: 1, description']] },
  { rule: "R4", what: "other string parameters allowed", edits: [["additionalProperties: false,", 'additionalProperties: { type: "string" },']] },
  { rule: "R8", what: "execute reads a misspelt parameter", edits: [['const text = String(params["text"] ?? "");', 'const text = String(params["txt"] ?? "");']] },
]);

/** Exercise 2: the loader's rules. */
const exercise2 = answers("02-tool-loader", "rules.ts", [
  {
    rule: "R1",
    what: "every class is refused when execute is looked up on the class, not its prototype",
    edits: [
      [
        'if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;',
        'if (typeof (value as { execute?: unknown }).execute !== "function") return false;',
      ],
    ],
  },
  {
    rule: "R2",
    what: "typeof object accepted too (lookalikes)",
    edits: [['if (typeof value !== "function") return false;', "if (value === null || value === undefined) return false;"]],
  },
  { rule: "R2", what: "no typeof check: null crashes", edits: [['if (typeof value !== "function") return false;\n', ""]] },
  {
    rule: "R3",
    what: "a class whose name ends in Tool is a tool",
    edits: [["if (!(prototype instanceof Tool)) return false;", "if (!/Tool$/.test((value as { name: string }).name)) return false;"]],
  },
  { rule: "R3", what: "any class with an execute method is a tool", edits: [["if (!(prototype instanceof Tool)) return false;", ""]] },
  { rule: "R4", what: "any _ in the name is private", edits: [['if (exportName.startsWith("_")) return false;', 'if (exportName.includes("_")) return false;']] },
  { rule: "R4", what: "the leading _ is not checked", edits: [['if (exportName.startsWith("_")) return false;', ""]] },
  {
    rule: "R5",
    what: "execute must be the class's own (Object.hasOwn)",
    edits: [['if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;', 'if (!Object.hasOwn(prototype as object, "execute")) return false;']],
  },
  {
    rule: "R5",
    what: "Object.hasOwn, and no discoverable check",
    edits: [
      ['if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;', 'if (!Object.hasOwn(prototype as object, "execute")) return false;'],
      ["return (value as { discoverable?: unknown }).discoverable !== false;", "return true;"],
    ],
  },
  {
    rule: "R5",
    what: '"execute" in prototype, whatever it holds',
    edits: [['if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;', 'if (!("execute" in (prototype as object))) return false;']],
  },
  { rule: "R5", what: "no concreteness check", edits: [['if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;', ""]] },
  { rule: "R6", what: "no discoverable check", edits: [["return (value as { discoverable?: unknown }).discoverable !== false;", "return true;"]] },
  {
    rule: "R6",
    what: "discoverable read as truthy",
    edits: [["return (value as { discoverable?: unknown }).discoverable !== false;", "return Boolean((value as { discoverable?: unknown }).discoverable);"]],
  },
  {
    rule: "R6",
    what: "only an own discoverable flag counts",
    edits: [
      [
        "return (value as { discoverable?: unknown }).discoverable !== false;",
        'return !(Object.hasOwn(value, "discoverable") && (value as { discoverable?: unknown }).discoverable === false);',
      ],
    ],
  },
  {
    rule: "R4",
    what: "the name trimmed before the check",
    edits: [['if (exportName.startsWith("_")) return false;', 'if (exportName.trim().startsWith("_")) return false;']],
  },
  {
    rule: "R4",
    what: "the class's own name checked, not the export's",
    edits: [['if (exportName.startsWith("_")) return false;', 'if ((value as { name: string }).name.startsWith("_")) return false;']],
  },
  { rule: "R4", what: "only a double underscore is private", edits: [['if (exportName.startsWith("_")) return false;', 'if (exportName.startsWith("__")) return false;']] },
  {
    rule: "R4",
    what: "any name that does not start with a letter is private",
    edits: [['if (exportName.startsWith("_")) return false;', "if (!/^[A-Za-z]/.test(exportName)) return false;"]],
  },
  {
    rule: "R3",
    what: "only direct subclasses of Tool",
    edits: [["if (!(prototype instanceof Tool)) return false;", "if (Object.getPrototypeOf(value) !== Tool) return false;"]],
  },
  {
    rule: "R5",
    what: "execute read from own property descriptors up the chain, getters missed",
    edits: [
      [
        'if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;',
        'let p: object | null = prototype as object;\n  let found: unknown;\n  while (p !== null && found === undefined) {\n    found = Object.getOwnPropertyDescriptor(p, "execute")?.value;\n    p = Object.getPrototypeOf(p) as object | null;\n  }\n  if (typeof found !== "function") return false;',
      ],
    ],
  },
  {
    rule: "R5",
    what: "execute looked up at most one level up",
    edits: [
      [
        'if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;',
        'const parent = Object.getPrototypeOf(prototype) as object;\n  if (!Object.hasOwn(prototype as object, "execute") && !Object.hasOwn(parent, "execute")) return false;',
      ],
    ],
  },
  {
    rule: "R5",
    what: "any execute that is not undefined",
    edits: [
      [
        'if (typeof (prototype as { execute?: unknown }).execute !== "function") return false;',
        "if ((prototype as { execute?: unknown }).execute === undefined) return false;",
      ],
    ],
  },
  {
    rule: "R6",
    what: "only discoverable === true keeps a class",
    edits: [["return (value as { discoverable?: unknown }).discoverable !== false;", "return (value as { discoverable?: unknown }).discoverable === true;"]],
  },
  {
    rule: "R6",
    what: "discoverable compared loosely with false",
    edits: [
      [
        "return (value as { discoverable?: unknown }).discoverable !== false;",
        "// eslint-disable-next-line eqeqeq\n  return (value as { discoverable?: unknown }).discoverable != false;",
      ],
    ],
  },
  {
    rule: "R6",
    what: "only an own plain discoverable field counts",
    edits: [["return (value as { discoverable?: unknown }).discoverable !== false;", 'return Object.getOwnPropertyDescriptor(value, "discoverable")?.value !== false;']],
  },
  {
    rule: "R2",
    what: "the flag read before the type is checked",
    edits: [
      [
        'if (typeof value !== "function") return false;',
        'if ((value as { discoverable?: unknown }).discoverable === false) return false;\n  if (typeof value !== "function") return false;',
      ],
    ],
  },
  {
    rule: "R7",
    what: "a new name from a plugin is skipped",
    edits: [['if (earlier === null) return "register";', 'if (earlier === null) return incoming === "plugin" ? "skip" : "register";']],
  },
  { rule: "R8", what: "a plugin replaces a built-in", edits: [['if (incoming === "plugin" && earlier === "builtin") return "skip";', ""]] },
  {
    rule: "R8",
    what: "the pair the wrong way round: a built-in after a plugin is skipped",
    edits: [['if (incoming === "plugin" && earlier === "builtin") return "skip";', 'if (incoming === "builtin" && earlier === "plugin") return "skip";']],
  },
  {
    rule: "R9",
    what: "any plugin collision is skipped",
    edits: [['if (incoming === "plugin" && earlier === "builtin") return "skip";', 'if (incoming === "plugin") return "skip";']],
  },
  { rule: "R9", what: "the first one wins", edits: [['  return "replace";\n}', '  return "skip";\n}']] },
]);

/** Exercise 3: definition order and the cache. */
const exercise3 = answers("03-tool-registry", "definition-cache.ts", [
  {
    rule: "R1",
    what: "one list sorted by name, MCP tools among the others",
    edits: [["this.#cached = builtins.sort(byName).concat(mcp.sort(byName));", "this.#cached = builtins.concat(mcp).sort(byName);"]],
  },
  {
    rule: "R1",
    what: "MCP tools first",
    edits: [["this.#cached = builtins.sort(byName).concat(mcp.sort(byName));", "this.#cached = mcp.sort(byName).concat(builtins.sort(byName));"]],
  },
  { rule: "R1", what: "registration order kept", edits: [["this.#cached = builtins.sort(byName).concat(mcp.sort(byName));", "this.#cached = builtins.concat(mcp);"]] },
  { rule: "R2", what: "localeCompare", edits: [["return x < y ? -1 : x > y ? 1 : 0;", "return x.localeCompare(y);"]] },
  {
    rule: "R2",
    what: "case-insensitive order",
    edits: [["const x = a.function.name;\n  const y = b.function.name;", "const x = a.function.name.toLowerCase();\n  const y = b.function.name.toLowerCase();"]],
  },
  { rule: "R3", what: "the prefix without its underscore", edits: [['def.function.name.startsWith("mcp_")', 'def.function.name.startsWith("mcp")']] },
  { rule: "R3", what: "the prefix in any case", edits: [['def.function.name.startsWith("mcp_")', 'def.function.name.toLowerCase().startsWith("mcp_")']] },
  { rule: "R3", what: "mcp_ anywhere in the name", edits: [['def.function.name.startsWith("mcp_")', 'def.function.name.includes("mcp_")']] },
  {
    rule: "R4",
    what: "a definition built by hand without parameters",
    edits: [["const def = tool.toSchema();", 'const def = { type: "function" as const, function: { name: tool.name, description: tool.description, parameters: {} } };']],
  },
  { rule: "R5", what: "a fresh copy every time", edits: [["    return this.#cached;\n  }\n}", "    return [...this.#cached];\n  }\n}"]] },
  { rule: "R5", what: "no cache at all", edits: [["if (this.#cached === null) {", "{"]] },
  {
    rule: "R6",
    what: "register invalidates only for a new name",
    edits: [["this.#tools.set(tool.name, tool);\n    this.#cached = null;", "if (!this.#tools.has(tool.name)) this.#cached = null;\n    this.#tools.set(tool.name, tool);"]],
  },
  { rule: "R6", what: "register forgets to invalidate", edits: [["this.#tools.set(tool.name, tool);\n    this.#cached = null;", "this.#tools.set(tool.name, tool);"]] },
  {
    rule: "R7",
    what: "unregister invalidates only when something was removed",
    edits: [
      [
        "this.#tools.delete(name);\n    // Invalidate unconditionally: cheaper to rebuild once than to reason about what changed.\n    this.#cached = null;",
        "if (this.#tools.delete(name)) this.#cached = null;",
      ],
    ],
  },
  {
    rule: "R7",
    what: "unregister forgets to invalidate",
    edits: [["    // Invalidate unconditionally: cheaper to rebuild once than to reason about what changed.\n    this.#cached = null;\n", ""]],
  },
  {
    rule: "R2",
    what: "sorted by code points, not UTF-16 code units",
    edits: [
      [
        "return x < y ? -1 : x > y ? 1 : 0;",
        "const cx = [...x].map((c) => c.codePointAt(0) ?? 0);\n  const cy = [...y].map((c) => c.codePointAt(0) ?? 0);\n  for (let i = 0; i < Math.min(cx.length, cy.length); i++) if (cx[i] !== cy[i]) return (cx[i] ?? 0) - (cy[i] ?? 0);\n  return cx.length - cy.length;",
      ],
    ],
  },
  {
    rule: "R2",
    what: "a collator with upper case first",
    edits: [["return x < y ? -1 : x > y ? 1 : 0;", 'return new Intl.Collator("en", { caseFirst: "upper" }).compare(x, y);']],
  },
  { rule: "R2", what: "localeCompare with numeric order", edits: [["return x < y ? -1 : x > y ? 1 : 0;", "return x.localeCompare(y, undefined, { numeric: true });"]] },
  { rule: "R2", what: "shorter names first", edits: [["return x < y ? -1 : x > y ? 1 : 0;", "return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);"]] },
  { rule: "R3", what: "the prefix after trimming", edits: [['def.function.name.startsWith("mcp_")', 'def.function.name.trim().startsWith("mcp_")']] },
  { rule: "R3", what: "the first part before an underscore is mcp", edits: [['def.function.name.startsWith("mcp_")', 'def.function.name.split("_")[0] === "mcp"']] },
  { rule: "R3", what: "the prefix by a case-insensitive pattern", edits: [['def.function.name.startsWith("mcp_")', "/^mcp_/i.test(def.function.name)"]] },
  {
    rule: "R1",
    what: "built-ins kept in registration order",
    edits: [["this.#cached = builtins.sort(byName).concat(mcp.sort(byName));", "this.#cached = builtins.concat(mcp.sort(byName));"]],
  },
  {
    rule: "R6",
    what: "register invalidates only for a different tool object",
    edits: [
      ["this.#tools.set(tool.name, tool);\n    this.#cached = null;", "if (this.#tools.get(tool.name) !== tool) this.#cached = null;\n    this.#tools.set(tool.name, tool);"],
    ],
  },
  {
    rule: "R6",
    what: "register keeps the first tool of a name",
    edits: [["this.#tools.set(tool.name, tool);\n    this.#cached = null;", "if (!this.#tools.has(tool.name)) this.#tools.set(tool.name, tool);\n    this.#cached = null;"]],
  },
  {
    rule: "R5",
    what: "a frozen copy on every read",
    edits: [["    return this.#cached;\n  }\n}", "    return Object.freeze([...this.#cached]) as ToolDefinition[];\n  }\n}"]],
  },
]);

/** Exercise 4: suggestions and the not-found message. */
const exercise4 = answers("04-exact-names", "names.ts", [
  {
    rule: "R1",
    what: "the first name that contains the input",
    edits: [
      [
        "const matches = registered.filter((candidate) => looseKey(candidate) === key);",
        "const matches = registered.filter((candidate) => looseKey(candidate).includes(key));",
      ],
    ],
  },
  {
    rule: "R1",
    what: "a prefix counts as a match",
    edits: [
      [
        "const matches = registered.filter((candidate) => looseKey(candidate) === key);",
        "const matches = registered.filter((candidate) => looseKey(candidate).startsWith(key));",
      ],
    ],
  },
  {
    rule: "R2",
    what: "the registered names compared as they are",
    edits: [
      [
        "const matches = registered.filter((candidate) => looseKey(candidate) === key);",
        'const matches = registered.filter((candidate) => candidate.replaceAll("_", "") === key);',
      ],
    ],
  },
  {
    rule: "R2",
    what: "only the input is lower-cased",
    edits: [
      [
        "const matches = registered.filter((candidate) => looseKey(candidate) === key);",
        'const matches = registered.filter((candidate) => candidate.replace(/[^\\p{L}\\p{N}]/gu, "") === key);',
      ],
    ],
  },
  { rule: "R3", what: "ASCII letters and digits only", edits: [["if (/[\\p{L}\\p{N}]/u.test(ch))", "if (/[a-zA-Z0-9]/.test(ch))"]] },
  { rule: "R3", what: "\\w keeps the underscore", edits: [["if (/[\\p{L}\\p{N}]/u.test(ch))", "if (/\\w/u.test(ch))"]] },
  { rule: "R3", what: "letters only, digits dropped", edits: [["if (/[\\p{L}\\p{N}]/u.test(ch))", "if (/\\p{L}/u.test(ch))"]] },
  { rule: "R4", what: "upper-cased keys", edits: [["key += ch.toLowerCase();", "key += ch.toUpperCase();"]] },
  { rule: "R4", what: "the case is kept", edits: [["key += ch.toLowerCase();", "key += ch;"]] },
  { rule: "R5", what: "no empty-key check", edits: [['  if (key === "") return null;\n', ""]] },
  {
    rule: "R5",
    what: "the empty key checked after the comparison",
    edits: [
      ['  if (key === "") return null;\n', ""],
      [
        "return matches.length === 1 ? (matches[0] as string) : null;",
        'return matches.length === 1 && key !== "" ? (matches[0] as string) : matches.length === 0 && key === "" ? (registered[0] ?? null) : null;',
      ],
    ],
  },
  { rule: "R6", what: "the first of several matches", edits: [["return matches.length === 1 ? (matches[0] as string) : null;", "return matches[0] ?? null;"]] },
  { rule: "R6", what: "the last of several matches", edits: [["return matches.length === 1 ? (matches[0] as string) : null;", "return matches.at(-1) ?? null;"]] },
  { rule: "R7", what: "the names joined without a space", edits: [['registered.join(", ")', 'registered.join(",")']] },
  { rule: "R7", what: "the names sorted", edits: [['registered.join(", ")', '[...registered].sort().join(", ")']] },
  {
    rule: "R8",
    what: "the suggestion without the exact-name sentence",
    edits: [["Did you mean '${suggestion}'? Tool names must match exactly.", "Did you mean '${suggestion}'?"]],
  },
  { rule: "R8", what: "a suggestion sentence even with none", edits: [['const hint = suggestion === null ? "" :', "const hint ="]] },
  {
    rule: "R9",
    what: "Available left out when nothing is registered",
    edits: [
      [
        "return `Error: Tool '${name}' not found.${hint} Available: ${registered.join(\", \")}`;",
        'return `Error: Tool \'${name}\' not found.${hint}${registered.length > 0 ? ` Available: ${registered.join(", ")}` : ""}`;',
      ],
    ],
  },
  {
    rule: "R10",
    what: "the whole key lower-cased at once (final sigma)",
    edits: [["key += ch.toLowerCase();\n  return key;", "key += ch;\n  return key.toLowerCase();"]],
  },
  {
    rule: "R10",
    what: "the name lower-cased before its letters are picked",
    edits: [
      ["for (const ch of name) if (/[\\p{L}\\p{N}]/u.test(ch)) key += ch.toLowerCase();", "for (const ch of name.toLowerCase()) if (/[\\p{L}\\p{N}]/u.test(ch)) key += ch;"],
    ],
  },
  { rule: "R10", what: "the name normalised (NFC) first", edits: [["for (const ch of name) if", 'for (const ch of name.normalize("NFC")) if']] },
  { rule: "R10", what: "the name normalised (NFKC) first", edits: [["for (const ch of name) if", 'for (const ch of name.normalize("NFKC")) if']] },
  {
    rule: "R3",
    what: "alphabetic characters (marks among them) instead of letters",
    edits: [["if (/[\\p{L}\\p{N}]/u.test(ch))", "if (/[\\p{Alphabetic}\\p{N}]/u.test(ch))"]],
  },
  { rule: "R10", what: "case folded through upper case (ß becomes ss)", edits: [["key += ch.toLowerCase();", "key += ch.toUpperCase().toLowerCase();"]] },
  { rule: "R3", what: "decimal digits only (\\p{Nd})", edits: [["if (/[\\p{L}\\p{N}]/u.test(ch))", "if (/[\\p{L}\\p{Nd}]/u.test(ch))"]] },
  { rule: "R3", what: "UTF-16 units instead of characters (split)", edits: [["for (const ch of name) if", 'for (const ch of name.split("")) if']] },
  {
    rule: "R6",
    what: "a name listed twice counted once",
    edits: [["const matches = registered.filter((candidate) =>", "const matches = [...new Set(registered)].filter((candidate) =>"]],
  },
  {
    rule: "R1",
    what: "an exactly registered name returned at once",
    edits: [["  const key = looseKey(name);\n", "  if (registered.includes(name)) return name;\n  const key = looseKey(name);\n"]],
  },
  {
    rule: "R5",
    what: "names grouped by key in a plain object",
    edits: [
      [
        "const matches = registered.filter((candidate) => looseKey(candidate) === key);",
        "const byKey: Record<string, string[]> = {};\n  for (const candidate of registered) (byKey[looseKey(candidate)] ??= []).push(candidate);\n  const matches = byKey[key] ?? [];",
      ],
    ],
  },
  {
    rule: "R2",
    what: "only _ and - dropped from the registered names",
    edits: [["registered.filter((candidate) => looseKey(candidate) === key)", 'registered.filter((candidate) => candidate.toLowerCase().replace(/[_-]/g, "") === key)']],
  },
  { rule: "R7", what: "the name trimmed in the message", edits: [["`Error: Tool '${name}' not found.", "`Error: Tool '${name.trim()}' not found."]] },
  { rule: "R7", what: "empty names left out of Available", edits: [['Available: ${registered.join(", ")}`', 'Available: ${registered.filter(Boolean).join(", ")}`']] },
  {
    rule: "R8",
    what: "the message's suggestion found by comparing lower-cased names",
    edits: [
      ["const suggestion = suggestName(name, registered);", "const suggestion = registered.find((candidate) => candidate.toLowerCase() === name.toLowerCase()) ?? null;"],
    ],
  },
]);

/** Exercise 5: coerce, unwrap and prepare. */
const exercise5 = answers("05-argument-processing", "prepare.ts", [
  { rule: "R1", what: "only null is no arguments", edits: [["if (value === null || value === undefined) return {};", "if (value === null) return {};"]] },
  { rule: "R1", what: "blank text is not trimmed", edits: [['if (text === "") return {};', 'if (value === "") return {};']] },
  { rule: "R2", what: "if (!value) return {}: false and 0 become {}", edits: [["if (value === null || value === undefined) return {};", "if (!value) return {};"]] },
  {
    rule: "R2",
    what: "objects are copied",
    edits: [['if (typeof value !== "string") return value;', 'if (typeof value !== "string") return typeof value === "object" ? structuredClone(value) : value;']],
  },
  {
    rule: "R3",
    what: "the text is not trimmed before its first character is read",
    edits: [['if (!text.startsWith("{") && !text.startsWith("[")) return value;', 'if (!value.startsWith("{") && !value.startsWith("[")) return value;']],
  },
  { rule: "R3", what: "arrays are not parsed", edits: [['if (!text.startsWith("{") && !text.startsWith("[")) return value;', 'if (!text.startsWith("{")) return value;']] },
  { rule: "R4", what: 'every text is parsed when it is JSON ("42", "true")', edits: [['  if (!text.startsWith("{") && !text.startsWith("[")) return value;\n', ""]] },
  {
    rule: "R4",
    what: "malformed text comes back trimmed",
    edits: [["    // Malformed JSON is kept as it is: repairing it could execute something the model never sent.\n    return value;", "    return text;"]],
  },
  {
    rule: "R4",
    what: "malformed JSON becomes {}",
    edits: [["    // Malformed JSON is kept as it is: repairing it could execute something the model never sent.\n    return value;", "    return {};"]],
  },
  {
    rule: "R4",
    what: "malformed JSON repaired with jsonrepair",
    edits: [
      [
        'import { describeJsonType, isPlainObject } from "../../src/util/json.js";',
        'import { jsonrepair } from "jsonrepair";\nimport { describeJsonType, isPlainObject } from "../../src/util/json.js";',
      ],
      [
        "    // Malformed JSON is kept as it is: repairing it could execute something the model never sent.\n    return value;",
        "    return JSON.parse(jsonrepair(text)) as unknown;",
      ],
    ],
  },
  { rule: "R5", what: "the inside is not coerced", edits: [['return coerce(value["arguments"]);', 'return value["arguments"];']] },
  { rule: "R5", what: "unwrapped again and again", edits: [['return coerce(value["arguments"]);', 'return unwrap(schema, coerce(value["arguments"]));']] },
  {
    rule: "R6",
    what: "unwrapped even when the tool declares arguments",
    edits: [['  if (isPlainObject(properties) && Object.hasOwn(properties, "arguments")) return value;\n', ""]],
  },
  {
    rule: "R6",
    what: "unwrapped when other keys sit beside arguments",
    edits: [['if (keys.length !== 1 || keys[0] !== "arguments") return value;', 'if (!keys.includes("arguments")) return value;']],
  },
  {
    rule: "R7",
    what: "a schema without properties crashes",
    edits: [['if (isPlainObject(properties) && Object.hasOwn(properties, "arguments")) return value;', 'if (Object.hasOwn(properties as object, "arguments")) return value;']],
  },
  {
    rule: "R7",
    what: "a string wrapper is unwrapped from its JSON",
    edits: [
      ["if (!isPlainObject(value)) return value;", 'if (typeof value === "string") return value;\n  if (!isPlainObject(value)) return value;'],
      ["const keys = Object.keys(value);", "const keys = Object.keys(value);\n  if (keys.length === 0) return null;"],
    ],
  },
  {
    rule: "R8",
    what: "the wrapper is unwrapped in place",
    edits: [
      [
        'return coerce(value["arguments"]);',
        'const inner = coerce(value["arguments"]);\n  delete value["arguments"];\n  return isPlainObject(inner) ? Object.assign(value, inner) : inner;',
      ],
    ],
  },
  { rule: "R9", what: "the uncast params are returned", edits: [["  return { tool, params: cast, error: null };\n}", "  return { tool, params: value, error: null };\n}"]] },
  {
    rule: "R10",
    what: "the suggestion is run",
    edits: [["const tool = tools.get(name);", 'const tool = tools.get(name) ?? tools.get(suggestToolName(name, tools.keys()) ?? "");']],
  },
  {
    rule: "R10",
    what: "no suggestion in the message",
    edits: [["toolNotFoundMessage(name, suggestToolName(name, tools.keys()), [...tools.keys()])", "toolNotFoundMessage(name, null, [...tools.keys()])"]],
  },
  {
    rule: "R10",
    what: "the arguments coerced before the lookup",
    edits: [
      [
        "  const tool = tools.get(name);\n  if (tool === undefined) {",
        "  const early = coerce(params);\n  if (!isPlainObject(early)) return { tool: null, params, error: ToolResult.error(notAnObjectMessage(name, describeJsonType(early))) };\n  const tool = tools.get(name);\n  if (tool === undefined) {",
      ],
    ],
  },
  {
    rule: "R11",
    what: "no shape check: the cast gets a string",
    edits: [
      [
        "  if (!isPlainObject(value)) {\n    return { tool, params: value, error: ToolResult.error(notAnObjectMessage(tool.name, describeJsonType(value))) };\n  }\n",
        "  if (value === null) {\n    return { tool, params: value, error: ToolResult.error(notAnObjectMessage(tool.name, describeJsonType(value))) };\n  }\n",
      ],
    ],
  },
  {
    rule: "R11",
    what: "typeof object lets arrays through",
    edits: [["  if (!isPlainObject(value)) {\n    return { tool, params: value", '  if (typeof value !== "object" || value === null) {\n    return { tool, params: value']],
  },
  {
    rule: "R11",
    what: "shape checked before unwrapping, not after",
    edits: [
      [
        "  const value = unwrap(tool.parameters, coerce(params));\n  // 4. Only an object can hold named parameters.\n  if (!isPlainObject(value)) {\n    return { tool, params: value, error: ToolResult.error(notAnObjectMessage(tool.name, describeJsonType(value))) };\n  }",
        "  const coerced = coerce(params);\n  if (!isPlainObject(coerced)) {\n    return { tool, params: coerced, error: ToolResult.error(notAnObjectMessage(tool.name, describeJsonType(coerced))) };\n  }\n  const value = unwrap(tool.parameters, coerced) as Record<string, unknown>;",
      ],
    ],
  },
  {
    rule: "R11",
    what: "not-an-object without the tool",
    edits: [["return { tool, params: value, error: ToolResult.error(notAnObjectMessage(", "return { tool: null, params: value, error: ToolResult.error(notAnObjectMessage("]],
  },
  { rule: "R12", what: "the raw value is validated, then cast", edits: [["const problems = tool.validateParams(cast);", "const problems = tool.validateParams(value);"]] },
  {
    rule: "R12",
    what: "only the first problem is reported",
    edits: [["invalidParametersMessage(tool.name, problems)", "invalidParametersMessage(tool.name, problems.slice(0, 1))"]],
  },
  { rule: "R12", what: "no cast at all", edits: [["const cast = tool.castParams(value);", "const cast = value;"]] },
  {
    rule: "R13",
    what: "no arguments is an error of its own",
    edits: [
      [
        "const value = unwrap(tool.parameters, coerce(params));",
        'if (params === null) return { tool, params, error: ToolResult.error(notAnObjectMessage(tool.name, "null")) };\n  const value = unwrap(tool.parameters, coerce(params));',
      ],
    ],
  },
  {
    rule: "R14",
    what: "the cast values written back into the caller's object",
    edits: [["const cast = tool.castParams(value);", "const cast = Object.assign(value, tool.castParams(value));"]],
  },
  {
    rule: "R15",
    what: "only the listed properties' own types are checked (anyOf skipped)",
    edits: [["const problems = tool.validateParams(cast);", 'const problems = tool.validateParams(cast).filter((p) => !p.includes(" or "));']],
  },
  { rule: "R1", what: "blank text found with trim()", edits: [["const text = pyStrip(value);", "const text = value.trim();"]] },
  { rule: "R3", what: "only the start stripped (trimStart)", edits: [["const text = pyStrip(value);", "const text = value.trimStart();"]] },
  { rule: "R3", what: "the unstripped text given to JSON.parse", edits: [["return JSON.parse(text) as unknown;", "return JSON.parse(value) as unknown;"]] },
  {
    rule: "R5",
    what: "a wrapper holding undefined is not unwrapped",
    edits: [['if (keys.length !== 1 || keys[0] !== "arguments") return value;', 'if (keys.length !== 1 || value["arguments"] === undefined) return value;']],
  },
  { rule: "R6", what: "the wrapper's key matched in any case", edits: [['keys[0] !== "arguments") return value;', 'keys[0]?.toLowerCase() !== "arguments") return value;']] },
  {
    rule: "R7",
    what: "a copy returned when there is nothing to unwrap",
    edits: [['if (keys.length !== 1 || keys[0] !== "arguments") return value;', 'if (keys.length !== 1 || keys[0] !== "arguments") return { ...value };']],
  },
  {
    rule: "R11",
    what: "an object without Object's prototype refused",
    edits: [
      [
        "  if (!isPlainObject(value)) {\n    return { tool, params: value",
        "  if (!isPlainObject(value) || (value as object).constructor !== Object) {\n    return { tool, params: value",
      ],
    ],
  },
  {
    rule: "R12",
    what: "a validation error carries the uncast params",
    edits: [
      ["return { tool, params: cast, error: ToolResult.error(invalidParametersMessage(", "return { tool, params: value, error: ToolResult.error(invalidParametersMessage("],
    ],
  },
  {
    rule: "R12",
    what: "a validation error without the tool",
    edits: [
      [
        "return { tool, params: cast, error: ToolResult.error(invalidParametersMessage(",
        "return { tool: null, params: cast, error: ToolResult.error(invalidParametersMessage(",
      ],
    ],
  },
  {
    rule: "R10",
    what: "the tool looked up in a plain object",
    edits: [["const tool = tools.get(name);", "const tool = Object.fromEntries(tools)[name] as Tool | undefined;"]],
  },
  { rule: "R10", what: "the name trimmed before the lookup", edits: [["const tool = tools.get(name);", "const tool = tools.get(name.trim());"]] },
  {
    rule: "R6",
    what: "arguments looked for anywhere in the schema's properties",
    edits: [
      [
        'if (isPlainObject(properties) && Object.hasOwn(properties, "arguments")) return value;',
        "if (JSON.stringify(properties ?? {}).includes('\"arguments\"')) return value;",
      ],
    ],
  },
  {
    rule: "R1",
    what: "blank text found with \\s",
    edits: [['  const text = pyStrip(value);\n  if (text === "") return {};', "  if (/^\\s*$/.test(value)) return {};\n  const text = pyStrip(value);"]],
  },
]);

/** Exercise 6: batches. */
const exercise6 = answers("06-batch-execution", "batches.ts", [
  {
    rule: "R1",
    what: "every safe call runs together, wherever it stands",
    edits: [["    if (group.length > 0) batches.push(group);\n    group = [];\n    batches.push([call]);", "    batches.push([call]);"]],
  },
  {
    rule: "R1",
    what: "all calls in one batch",
    edits: [
      ["  if (!concurrent) return calls.map((call) => [call]);", "  if (!concurrent) return calls.map((call) => [call]);\n  if (calls.length > 0) return [[...calls]];"],
    ],
  },
  {
    rule: "R2",
    what: "readOnly decides instead of concurrencySafe (via the registry)",
    edits: [["    if (isSafe(call)) {", '    if (isSafe(call) || call.name === "search") {']],
  },
  {
    rule: "R3",
    what: "an empty group is pushed before an unsafe call",
    edits: [["    if (group.length > 0) batches.push(group);\n    group = [];", "    batches.push(group);\n    group = [];"]],
  },
  { rule: "R3", what: "the last group is forgotten", edits: [["  if (group.length > 0) batches.push(group);\n  return batches;", "  return batches;"]] },
  { rule: "R4", what: "concurrent false is ignored", edits: [["  if (!concurrent) return calls.map((call) => [call]);\n", ""]] },
  {
    rule: "R5",
    what: "the input is consumed with shift()",
    edits: [["  for (const call of calls) {", "  const queue = calls as ToolCallRequest[];\n  for (let call = queue.shift(); call !== undefined; call = queue.shift()) {"]],
  },
  {
    rule: "R5",
    what: "the calls are copied into the batches",
    edits: [["      group.push(call);\n      continue;", "      group.push(new (call.constructor as new (c: ToolCallRequest) => ToolCallRequest)(call));\n      continue;"]],
  },
  {
    rule: "R6",
    what: "results in the order they finished",
    edits: [["results.push(...(await Promise.all(batch.map(runOne))));", "await Promise.all(batch.map(async (call) => results.push(await runOne(call))));"]],
  },
  {
    rule: "R6",
    what: "every call one after another",
    edits: [["results.push(...(await Promise.all(batch.map(runOne))));", "for (const call of batch) results.push(await runOne(call));"]],
  },
  {
    rule: "R7",
    what: "every call at once",
    edits: [["for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {", "for (const batch of [[...calls]]) {"]],
  },
  {
    rule: "R8",
    what: "batches started without waiting for the one before",
    edits: [
      [
        "  const results: R[] = [];\n  for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {\n    // Promise.all keeps input order, so every result lines up with its call id.\n    results.push(...(await Promise.all(batch.map(runOne))));\n  }\n  return results;",
        "  const batches = partitionToolBatches(calls, isSafe, options.concurrent ?? true);\n  return (await Promise.all(batches.map((batch) => Promise.all(batch.map(runOne))))).flat();",
      ],
    ],
  },
  { rule: "R9", what: "concurrent read as truthy (undefined is false)", edits: [["options.concurrent ?? true", "Boolean(options.concurrent)"]] },
  { rule: "R9", what: "concurrent false is ignored (|| true)", edits: [["options.concurrent ?? true", "options.concurrent || true"]] },
  {
    rule: "R10",
    what: "each call run twice to find its result",
    edits: [
      ["results.push(...(await Promise.all(batch.map(runOne))));", "await Promise.all(batch.map(runOne));\n    results.push(...(await Promise.all(batch.map(runOne))));"],
    ],
  },
  {
    rule: "R11",
    what: "at most four calls of a batch at once",
    edits: [
      [
        "results.push(...(await Promise.all(batch.map(runOne))));",
        "for (let i = 0; i < batch.length; i += 4) results.push(...(await Promise.all(batch.slice(i, i + 4).map(runOne))));",
      ],
    ],
  },
  {
    rule: "R6",
    what: "results matched to calls by id",
    edits: [
      [
        "  const results: R[] = [];\n  for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {\n    // Promise.all keeps input order, so every result lines up with its call id.\n    results.push(...(await Promise.all(batch.map(runOne))));\n  }\n  return results;",
        "  const byId = new Map<string, R>();\n  for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {\n    await Promise.all(batch.map(async (call) => byId.set(call.id, await runOne(call))));\n  }\n  return calls.map((call) => byId.get(call.id) as R);",
      ],
    ],
  },
  {
    rule: "R10",
    what: "each result stored at calls.indexOf(call)",
    edits: [
      ["results.push(...(await Promise.all(batch.map(runOne))));", "await Promise.all(batch.map(async (call) => (results[calls.indexOf(call)] = await runOne(call))));"],
    ],
  },
  {
    rule: "R10",
    what: "a call object listed twice runs once",
    edits: [
      [
        "  const results: R[] = [];\n",
        "  const results: R[] = [];\n  const started = new Map<ToolCallRequest, Promise<R>>();\n  const once = (call: ToolCallRequest): Promise<R> => {\n    const running = started.get(call) ?? runOne(call);\n    started.set(call, running);\n    return running;\n  };\n",
      ],
      ["await Promise.all(batch.map(runOne))", "await Promise.all(batch.map(once))"],
    ],
  },
  {
    rule: "R12",
    what: "a rejection kept as a result (allSettled)",
    edits: [
      [
        "results.push(...(await Promise.all(batch.map(runOne))));",
        'results.push(...(await Promise.allSettled(batch.map(runOne))).map((r) => (r.status === "fulfilled" ? r.value : (r.reason as R))));',
      ],
    ],
  },
  {
    rule: "R12",
    what: "each rejection caught and returned",
    edits: [
      [
        "results.push(...(await Promise.all(batch.map(runOne))));",
        "results.push(...(await Promise.all(batch.map((call) => runOne(call).catch((error: unknown) => error as R)))));",
      ],
    ],
  },
  {
    rule: "R8",
    what: "the next batch starts when the first call of this one ends",
    edits: [
      [
        "  const results: R[] = [];\n  for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {\n    // Promise.all keeps input order, so every result lines up with its call id.\n    results.push(...(await Promise.all(batch.map(runOne))));\n  }\n  return results;",
        "  const pending: Promise<R>[] = [];\n  for (const batch of partitionToolBatches(calls, isSafe, options.concurrent ?? true)) {\n    const started = batch.map(runOne);\n    pending.push(...started);\n    await Promise.race(started);\n  }\n  return Promise.all(pending);",
      ],
    ],
  },
  {
    rule: "R9",
    what: "concurrent given as undefined read as false",
    edits: [["options.concurrent ?? true", '"concurrent" in options ? Boolean(options.concurrent) : true']],
  },
  {
    rule: "R1",
    what: "two calls of the same tool never share a batch",
    edits: [
      [
        "    if (isSafe(call)) {\n",
        "    if (isSafe(call) && group.some((c) => c.name === call.name)) {\n      batches.push(group);\n      group = [call];\n      continue;\n    }\n    if (isSafe(call)) {\n",
      ],
    ],
  },
  {
    rule: "R1",
    what: "an unsafe call starts the next group",
    edits: [["    group = [];\n    batches.push([call]);", "    group = [call];"]],
  },
  {
    rule: "R7",
    what: "an unsafe call closes the group it ends",
    edits: [
      ["    if (group.length > 0) batches.push(group);\n    group = [];\n    batches.push([call]);", "    group.push(call);\n    batches.push(group);\n    group = [];"],
    ],
  },
]);

/** Exercise 8: the tool message. */
const exercise8 = answers("08-tool-results", "tool-message.ts", [
  { rule: "R1", what: "the marker without its line break", edits: [['export const TRUNCATED = "\\n... (truncated)";', 'export const TRUNCATED = "... (truncated)";']] },
  { rule: "R1", what: "cut one character short", edits: [["return text.slice(0, max) + TRUNCATED;", "return text.slice(0, max - 1) + TRUNCATED;"]] },
  { rule: "R2", what: "cut at exactly max characters", edits: [["if (!(max > 0) || text.length <= max) return text;", "if (!(max > 0) || text.length < max) return text;"]] },
  { rule: "R2", what: "only 0 disables the limit", edits: [["if (!(max > 0) || text.length <= max) return text;", "if (max === 0 || text.length <= max) return text;"]] },
  {
    rule: "R3",
    what: "a fifth key",
    edits: [['({ role: "tool", tool_call_id: call.id, name: call.name, content })', '({ role: "tool", tool_call_id: call.id, name: call.name, content, isError: false })']],
  },
  {
    rule: "R3",
    what: "the id under a different key",
    edits: [['({ role: "tool", tool_call_id: call.id, name: call.name, content })', '({ role: "tool", id: call.id, name: call.name, content }) as unknown as ChatMessage']],
  },
  {
    rule: "R4",
    what: "empty means an empty string only",
    edits: [["if (isEmptyToolResult(result)) return message(emptyResultMessage(call.name));", 'if (result === "") return message(emptyResultMessage(call.name));']],
  },
  {
    rule: "R4",
    what: "the text is checked instead of the result",
    edits: [
      [
        "if (isEmptyToolResult(result)) return message(emptyResultMessage(call.name));\n  // Providers expect a string: objects become JSON here, in one place.\n  const text = toolResultToText(result);",
        '  const text = toolResultToText(result);\n  if (text === "") return message(emptyResultMessage(call.name));',
      ],
    ],
  },
  { rule: "R4", what: "a generic marker", edits: [["message(emptyResultMessage(call.name))", 'message("(no output)")']] },
  { rule: "R5", what: "String(result) instead of toolResultToText", edits: [["const text = toolResultToText(result);", "const text = String(result);"]] },
  { rule: "R5", what: "falsy results are empty", edits: [["if (isEmptyToolResult(result)) return", "if (!result || isEmptyToolResult(result)) return"]] },
  { rule: "R6", what: "no truncation without a workspace", edits: [["  return message(truncate(text, max));\n}", "  return message(text);\n}"]] },
  {
    rule: "R6",
    what: "the length is measured before the conversion",
    edits: [
      [
        "if (!(max > 0) || text.length <= max || PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);",
        "if (!(max > 0) || String(result).length <= max || PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);",
      ],
    ],
  },
  {
    rule: "R7",
    what: "the path alone instead of persistedReference",
    edits: [["return message(persistedReference(path, text));", "return message(`Full output saved to: ${path}`);"]],
  },
  { rule: "R7", what: "the session key is dropped", edits: [["        ...(opts.sessionKey !== undefined ? { sessionKey: opts.sessionKey } : {}),\n", ""]] },
  {
    rule: "R8",
    what: "saved whenever there is a workspace",
    edits: [
      [
        'if (!(max > 0) || text.length <= max || PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);\n  // An empty workspace is no workspace, as in src/: nothing is saved, the text is cut.\n  if (opts.workspace !== undefined && opts.workspace !== "") {',
        'if (PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);\n  // An empty workspace is no workspace, as in src/: nothing is saved, the text is cut.\n  if (opts.workspace !== undefined && opts.workspace !== "") {',
      ],
    ],
  },
  {
    rule: "R9",
    what: "a failed save rejects",
    edits: [["    } catch {\n      // Saving failed: fall through, the model still gets the start of the text.\n    }", "    } finally {\n      // nothing\n    }"]],
  },
  {
    rule: "R9",
    what: "a failed save sends the whole text",
    edits: [["      // Saving failed: fall through, the model still gets the start of the text.\n", "      return message(text);\n"]],
  },
  { rule: "R10", what: "read_file is cut like any tool", edits: [[" || PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);", ") return message(text);"]] },
  {
    rule: "R10",
    what: "read_file is exempt from saving only, and still cut",
    edits: [
      [
        ' || PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);\n  // An empty workspace is no workspace, as in src/: nothing is saved, the text is cut.\n  if (opts.workspace !== undefined && opts.workspace !== "") {',
        ') return message(text);\n  if (opts.workspace !== undefined && opts.workspace !== "" && !PERSISTENCE_EXEMPT_TOOLS.has(call.name)) {',
      ],
    ],
  },
  // Found by the properties on generated inputs: each passes every example test.
  { rule: "R1", what: "truncate counts code points", edits: [["return text.slice(0, max) + TRUNCATED;", 'return [...text].slice(0, max).join("") + TRUNCATED;']] },
  {
    rule: "R2",
    what: "truncate measures code points",
    edits: [["if (!(max > 0) || text.length <= max) return text;", "if (!(max > 0) || [...text].length <= max) return text;"]],
  },
  {
    rule: "R4",
    what: "empty means null, undefined or a string that trim() empties",
    edits: [["if (isEmptyToolResult(result)) return", 'if (result === null || result === undefined || (typeof result === "string" && result.trim() === "")) return']],
  },
  {
    rule: "R5",
    what: "non-strings become JSON.stringify(result)",
    edits: [["const text = toolResultToText(result);", 'const text = typeof result === "string" ? result : String(JSON.stringify(result));']],
  },
  {
    rule: "R8",
    what: "a text of exactly the limit is saved or cut",
    edits: [
      ["if (!(max > 0) || text.length <= max || PERSISTENCE_EXEMPT_TOOLS.has(call.name))", "if (!(max > 0) || text.length < max || PERSISTENCE_EXEMPT_TOOLS.has(call.name))"],
    ],
  },
  {
    rule: "R10",
    what: "read_file is recognised whatever its case",
    edits: [["PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);", "PERSISTENCE_EXEMPT_TOOLS.has(call.name.toLowerCase())) return message(text);"]],
  },
  {
    rule: "R10",
    what: "any tool whose name ends in read_file is exempt",
    edits: [["PERSISTENCE_EXEMPT_TOOLS.has(call.name)) return message(text);", 'call.name.endsWith("read_file")) return message(text);']],
  },
  {
    rule: "R7",
    what: "the reference is made from the result's String()",
    edits: [["return message(persistedReference(path, text));", "return message(persistedReference(path, String(result)));"]],
  },
  {
    rule: "R7",
    what: "the file holds the text cut to the limit",
    edits: [["        text,\n        ...(opts.sessionKey", "        text: truncate(text, max),\n        ...(opts.sessionKey"]],
  },
  {
    rule: "R9",
    what: "when saving fails the text is cut one character short",
    edits: [["  return message(truncate(text, max));\n}", "  return message(truncate(text, max - 1));\n}"]],
  },
]);

/** Exercise 7: settleOutcome's branches, and captureOutcome's try. */
const exercise7 = answers("07-errors-as-results", "settle.ts", [
  {
    rule: "R1",
    what: "a ToolResult is classified by instanceof ToolResult, ok ones keep only their content",
    edits: [
      ['import { isToolErrorResult } from "../../src/tools/base.js";', 'import { isToolErrorResult, ToolResult } from "../../src/tools/base.js";'],
      ['return { kind: "ok", value };', 'return { kind: "ok", value: value instanceof ToolResult ? value.content : value };'],
    ],
  },
  {
    rule: "R1",
    what: "anything with isError: true is an error result (duck typing)",
    edits: [
      ["if (isToolErrorResult(value))", "if ((value as { isError?: unknown })?.isError === true)"],
      ["text: value.content", "text: String((value as { content?: unknown }).content)"],
    ],
  },
  {
    rule: "R2",
    what: "an error result keeps the ToolResult's String() with a prefix",
    edits: [['return { kind: "error-result", text: value.content };', 'return { kind: "error-result", text: `Error: ${value.content}` };']],
  },
  {
    rule: "R3",
    what: "a thrown non-Error is wrapped in an Error before it is kept",
    edits: [['return { kind: "thrown", value };', 'return { kind: "thrown", value: value instanceof Error ? value : new Error(String(value)) };']],
  },
  {
    rule: "R4",
    what: "start() is called before the try",
    edits: [
      [
        "  try {\n    // start() is inside the try, so a synchronous throw is caught as well as a rejection.\n    const value = await start();",
        "  const pending = start();\n  try {\n    const value = await pending;",
      ],
    ],
  },
  {
    rule: "R4",
    what: "only rejections are caught (.catch on the promise)",
    edits: [
      [
        "  try {\n    // start() is inside the try, so a synchronous throw is caught as well as a rejection.\n    const value = await start();",
        '  const settled = await start().then((value) => ({ value }), (error: unknown) => ({ error }));\n  if ("error" in settled) return { kind: "thrown", value: settled.error };\n  try {\n    const value = settled.value;',
      ],
    ],
  },
  {
    rule: "R5",
    what: "the ok detail is String(value)",
    edits: [["detail: toolResultToText(outcome.value).slice(0, 120)", "detail: String(outcome.value).slice(0, 120)"]],
  },
  {
    rule: "R5",
    what: "the ok payload is the value's text",
    edits: [["return { payload: outcome.value, event:", "return { payload: toolResultToText(outcome.value), event:"]],
  },
  {
    rule: "R5",
    what: "the ok detail is the whole text",
    edits: [["toolResultToText(outcome.value).slice(0, 120)", "toolResultToText(outcome.value)"]],
  },
  {
    rule: "R6",
    what: "the retry hint is left out",
    edits: [["payload: outcome.text + RETRY_HINT,", "payload: outcome.text,"]],
  },
  {
    rule: "R6",
    what: "the error detail is cut to 120 characters like a success",
    edits: [['event: { name, status: "error", detail: outcome.text },', 'event: { name, status: "error", detail: outcome.text.slice(0, 120) },']],
  },
  {
    rule: "R7",
    what: "a thrown error gets the retry hint as well",
    edits: [["payload: `Error: ${formatThrown(outcome.value)}`,", "payload: `Error: ${formatThrown(outcome.value)}${RETRY_HINT}`,"]],
  },
  {
    rule: "R7",
    what: "a thrown value is shown with String(value)",
    edits: [["payload: `Error: ${formatThrown(outcome.value)}`,", "payload: `Error: ${String(outcome.value)}`,"]],
  },
  {
    rule: "R7",
    what: "the thrown detail is the formatted name and message",
    edits: [['event: { name, status: "error", detail: message },', 'event: { name, status: "error", detail: formatThrown(outcome.value) },']],
  },
  {
    rule: "R8",
    what: "an exception is always serious: a thrown error is fatal even without failOnToolError",
    edits: [["fatal: failOnToolError ? fatal : null,", "fatal,"]],
  },
  {
    rule: "R8",
    what: "a thrown Error is fatal, other thrown values are not, whatever failOnToolError says",
    edits: [["fatal: failOnToolError ? fatal : null,", "fatal: outcome.value instanceof Error ? outcome.value : failOnToolError ? fatal : null,"]],
  },
  {
    rule: "R8",
    what: "text failures are fatal by default",
    edits: [["fatal: failOnToolError ? runtimeError(outcome.text) : null,", "fatal: runtimeError(outcome.text),"]],
  },
  {
    rule: "R9",
    what: "a thrown Error is copied into a new RuntimeError",
    edits: [["const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);", "const fatal = runtimeError(message);"]],
  },
  {
    rule: "R10",
    what: "a thrown non-Error becomes new Error(String(value))",
    edits: [
      [
        "const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);",
        "const fatal = outcome.value instanceof Error ? outcome.value : new Error(String(outcome.value));",
      ],
    ],
  },
  {
    rule: "R10",
    what: "a thrown non-Error becomes a RuntimeError of String(value)",
    edits: [
      [
        "const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);",
        "const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(String(outcome.value));",
      ],
    ],
  },
  {
    rule: "R10",
    what: "a thrown non-Error is never fatal",
    edits: [["const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);", "const fatal = outcome.value instanceof Error ? outcome.value : null;"]],
  },
  {
    rule: "R11",
    what: "a preparation error is never fatal (the tool never ran)",
    edits: [
      [
        '    case "prep-error":\n    case "error-result":',
        '    case "prep-error":\n      return { payload: outcome.text + RETRY_HINT, event: { name, status: "error", detail: outcome.text }, fatal: null };\n    case "error-result":',
      ],
    ],
  },
  {
    rule: "R11",
    what: "the fatal error of a text failure carries the hint",
    edits: [["fatal: failOnToolError ? runtimeError(outcome.text) : null,", "fatal: failOnToolError ? runtimeError(outcome.text + RETRY_HINT) : null,"]],
  },
  {
    rule: "R11",
    what: "a text failure's fatal error is a plain Error",
    edits: [["fatal: failOnToolError ? runtimeError(outcome.text) : null,", "fatal: failOnToolError ? new Error(outcome.text) : null,"]],
  },
  {
    rule: "R12",
    what: "with failOnToolError a success that reads like an error is fatal",
    edits: [
      [
        'return { payload: outcome.value, event: { name, status: "ok", detail: toolResultToText(outcome.value).slice(0, 120) }, fatal: null };',
        'return { payload: outcome.value, event: { name, status: "ok", detail: toolResultToText(outcome.value).slice(0, 120) }, fatal: failOnToolError && toolResultToText(outcome.value).startsWith("Error") ? runtimeError(toolResultToText(outcome.value)) : null };',
      ],
    ],
  },
  // Found by the properties on generated inputs: each passes every example test.
  {
    rule: "R2",
    what: "only this copy's ToolResult is an error (instanceof ToolResult && isError)",
    edits: [
      ['import { isToolErrorResult } from "../../src/tools/base.js";', 'import { ToolResult } from "../../src/tools/base.js";'],
      ["if (isToolErrorResult(value)) return", "if (value instanceof ToolResult && value.isError) return"],
    ],
  },
  {
    rule: "R3",
    what: "a thrown undefined or null is replaced by an Error",
    edits: [['return { kind: "thrown", value };', 'return { kind: "thrown", value: value ?? new Error(String(value)) };']],
  },
  {
    rule: "R3",
    what: "a thrown object that is no Error is kept as its text",
    edits: [
      [
        'return { kind: "thrown", value };',
        'return { kind: "thrown", value: typeof value === "object" && value !== null && !(value instanceof Error) ? JSON.stringify(value) : value };',
      ],
    ],
  },
  {
    rule: "R5",
    what: "the ok detail counts code points, not UTF-16 units",
    edits: [["detail: toolResultToText(outcome.value).slice(0, 120) }", 'detail: [...toolResultToText(outcome.value)].slice(0, 120).join("") }']],
  },
  {
    rule: "R5",
    what: "the ok detail is cut to 120 only when longer, with an ellipsis",
    edits: [
      [
        "detail: toolResultToText(outcome.value).slice(0, 120) }",
        'detail: toolResultToText(outcome.value).length > 120 ? toolResultToText(outcome.value).slice(0, 117) + "..." : toolResultToText(outcome.value) }',
      ],
    ],
  },
  {
    rule: "R5",
    what: "an undefined success is sent as an empty payload",
    edits: [["return { payload: outcome.value, event:", 'return { payload: outcome.value ?? "", event:']],
  },
  {
    rule: "R6",
    what: "the failure text is trimmed before the hint",
    edits: [["payload: outcome.text + RETRY_HINT,", "payload: outcome.text.trim() + RETRY_HINT,"]],
  },
  {
    rule: "R7",
    what: "a thrown value is written as name: message by hand",
    edits: [
      [
        "payload: `Error: ${formatThrown(outcome.value)}`,",
        "payload: `Error: ${outcome.value instanceof Error ? `${outcome.value.name}: ${outcome.value.message}` : formatThrown(outcome.value)}`,",
      ],
    ],
  },
  {
    rule: "R7",
    what: "the thrown detail falls back to the name when the message is empty",
    edits: [['event: { name, status: "error", detail: message },', 'event: { name, status: "error", detail: message || describeThrown(outcome.value).name },']],
  },
  {
    rule: "R10",
    what: "a thrown non-Error's fatal message is String(value)",
    edits: [
      [
        "const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);",
        "const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(String(outcome.value));",
      ],
    ],
  },
  {
    rule: "R9",
    what: "a thrown Error with no name is replaced by a RuntimeError",
    edits: [
      [
        "const fatal = outcome.value instanceof Error ? outcome.value : runtimeError(message);",
        'const fatal = outcome.value instanceof Error && outcome.value.name !== "" ? outcome.value : runtimeError(message);',
      ],
    ],
  },
]);

/** Exercise 9: the MCP tool's definition, policy and answer. */
const exercise9 = answers("09-tool-skill-mcp", "mcp-tool.ts", [
  { rule: "R1", what: "the server's name is left out of the tool name", edits: [["this.name = `mcp_${server}_${info.name}`;", "this.name = `mcp_${info.name}`;"]] },
  { rule: "R2", what: "?? keeps an empty description", edits: [["info.description || info.name", "info.description ?? info.name"]] },
  { rule: "R2", what: "the old default sentence", edits: [["info.description || info.name", "info.description || `MCP tool ${info.name} from ${server}`"]] },
  {
    rule: "R3",
    what: "a missing schema stays an object without properties",
    edits: [['info.inputSchema ?? { type: "object", properties: {} }', 'info.inputSchema ?? { type: "object" }']],
  },
  {
    rule: "R4",
    what: "the server's hint is believed without the option",
    edits: [["options.trustReadOnlyHint === true && info.annotations?.readOnlyHint === true", "info.annotations?.readOnlyHint === true"]],
  },
  {
    rule: "R4",
    what: "a trusted server makes every tool read-only",
    edits: [["options.trustReadOnlyHint === true && info.annotations?.readOnlyHint === true", "options.trustReadOnlyHint === true"]],
  },
  {
    rule: "R5",
    what: 'Boolean(readOnlyHint): "false" and 1 count as read-only',
    edits: [["info.annotations?.readOnlyHint === true", "Boolean(info.annotations?.readOnlyHint)"]],
  },
  {
    rule: "R5",
    what: "the option is read as truthy",
    edits: [["options.trustReadOnlyHint === true &&", "Boolean(options.trustReadOnlyHint) &&"]],
  },
  { rule: "R5", what: "the hint is ignored even for a trusted server", edits: [["options.trustReadOnlyHint === true && info.annotations?.readOnlyHint === true", "false"]] },
  {
    rule: "R6",
    what: "the call goes to the prefixed name",
    edits: [["callTool({ name: this.#info.name, arguments: params })", "callTool({ name: this.name, arguments: params })"]],
  },
  { rule: "R7", what: "text blocks joined with a space", edits: [['.map(blockText).join("\\n")', '.map(blockText).join(" ")']] },
  {
    rule: "R8",
    what: "non-text blocks dropped",
    edits: [["(result.content ?? []).map(blockText)", '(result.content ?? []).filter((b) => b.type === "text").map(blockText)']],
  },
  {
    rule: "R8",
    what: "an image block shows its data",
    edits: [["return `[${block.type} content: ${mime}${size}]`;", 'return `[${block.type} content: ${mime}, ${String(block["data"])}]`;']],
  },
  {
    rule: "R8",
    what: "a missing mimeType prints undefined",
    edits: [['typeof block["mimeType"] === "string" ? block["mimeType"] : "unknown type"', 'String(block["mimeType"])']],
  },
  {
    rule: "R8",
    what: "the size is counted even without data",
    edits: [['typeof block["data"] === "string" ? `, ${block["data"].length} base64 chars` : ""', '`, ${String(block["data"] ?? "").length} base64 chars`']],
  },
  {
    rule: "R9",
    what: "an embedded resource is always named by its uri",
    edits: [
      [
        'return typeof resource.text === "string" ? resource.text : `[embedded resource: ${String(resource.uri ?? "no uri")}]`;',
        'return `[embedded resource: ${String(resource.uri ?? "no uri")}]`;',
      ],
    ],
  },
  {
    rule: "R9",
    what: "a link without uri prints undefined",
    edits: [['return `[resource link: ${String(block["uri"] ?? "no uri")}]`;', 'return `[resource link: ${String(block["uri"])}]`;']],
  },
  { rule: "R10", what: "an unknown block becomes empty text", edits: [["return `[${block.type} content]`;", 'return "";']] },
  { rule: "R11", what: "an unknown block is named without brackets", edits: [["return `[${block.type} content]`;", "return `(${block.type})`;"]] },
  { rule: "R12", what: "no content is an empty string", edits: [['.join("\\n") || NO_OUTPUT;', '.join("\\n");']] },
  {
    rule: "R12",
    what: "only a missing content list reads (no output)",
    edits: [
      [
        'const text = (result.content ?? []).map(blockText).join("\\n") || NO_OUTPUT;',
        'const text = result.content === undefined ? NO_OUTPUT : result.content.map(blockText).join("\\n");',
      ],
    ],
  },
  { rule: "R13", what: "isError is ignored", edits: [["return result.isError === true ? ToolResult.error(text) : text;", "return text;"]] },
  {
    rule: "R13",
    what: 'isError: false is an error too ("in" check)',
    edits: [["return result.isError === true ? ToolResult.error(text) : text;", 'return "isError" in result ? ToolResult.error(text) : text;']],
  },
  {
    rule: "R14",
    what: "adaptServerTools forgets the options",
    edits: [["tools.map((info) => new McpTool(client, server, info, options))", "tools.map((info) => new McpTool(client, server, info))"]],
  },
  {
    rule: "R14",
    what: "adaptServerTools keeps only tools with a schema",
    edits: [["tools.map((info) =>", "tools.filter((info) => info.inputSchema !== undefined).map((info) =>"]],
  },
  { rule: "R15", what: "the adapter is discoverable", edits: [["static override discoverable = false;", "static override discoverable = true;"]] },
  // Found by the properties on generated inputs: each passes every example test.
  {
    rule: "R1",
    what: "the name is cleaned to letters, digits, _ and -",
    edits: [["this.name = `mcp_${server}_${info.name}`;", 'this.name = `mcp_${server}_${info.name}`.replace(/[^A-Za-z0-9_-]/g, "_");']],
  },
  { rule: "R1", what: "the name is cut to 64 characters", edits: [["this.name = `mcp_${server}_${info.name}`;", "this.name = `mcp_${server}_${info.name}`.slice(0, 64);"]] },
  { rule: "R2", what: "a blank description counts as missing", edits: [["info.description || info.name", "info.description?.trim() || info.name"]] },
  {
    rule: "R8",
    what: "an empty mimeType becomes unknown type",
    edits: [
      [
        'const mime = typeof block["mimeType"] === "string" ? block["mimeType"] : "unknown type";',
        'const mime = (block["mimeType"] as string | undefined) || "unknown type";',
      ],
    ],
  },
  {
    rule: "R8",
    what: "empty data has no size",
    edits: [
      [
        'const size = typeof block["data"] === "string" ? `, ${block["data"].length} base64 chars` : "";',
        'const size = block["data"] ? `, ${String(block["data"]).length} base64 chars` : "";',
      ],
    ],
  },
  {
    rule: "R9",
    what: "an embedded resource's text is taken whatever its type",
    edits: [
      [
        'return typeof resource.text === "string" ? resource.text : `[embedded resource: ${String(resource.uri ?? "no uri")}]`;',
        'return resource.text !== undefined ? String(resource.text) : `[embedded resource: ${String(resource.uri ?? "no uri")}]`;',
      ],
    ],
  },
  {
    rule: "R9",
    what: "an empty uri reads no uri",
    edits: [['return `[resource link: ${String(block["uri"] ?? "no uri")}]`;', 'return `[resource link: ${String(block["uri"] || "no uri")}]`;']],
  },
  {
    rule: "R7",
    what: "empty text blocks are dropped",
    edits: [['(result.content ?? []).map(blockText).join("\\n")', '(result.content ?? []).map(blockText).filter((t) => t !== "").join("\\n")']],
  },
  {
    rule: "R12",
    what: "blank text reads (no output)",
    edits: [
      [
        'const text = (result.content ?? []).map(blockText).join("\\n") || NO_OUTPUT;',
        'const joined = (result.content ?? []).map(blockText).join("\\n");\n    const text = joined.trim() === "" ? NO_OUTPUT : joined;',
      ],
    ],
  },
  {
    rule: "R13",
    what: "isError is read as truthy",
    edits: [["return result.isError === true ? ToolResult.error(text) : text;", "return result.isError ? ToolResult.error(text) : text;"]],
  },
  {
    rule: "R14",
    what: "repeated names are listed once",
    edits: [
      [
        "return tools.map((info) => new McpTool(client, server, info, options));",
        "return [...new Map(tools.map((info) => [info.name, info])).values()].map((info) => new McpTool(client, server, info, options));",
      ],
    ],
  },
  {
    rule: "R14",
    what: "the tools are sorted by name",
    edits: [
      [
        "return tools.map((info) => new McpTool(client, server, info, options));",
        "return [...tools].sort((a, b) => a.name.localeCompare(b.name)).map((info) => new McpTool(client, server, info, options));",
      ],
    ],
  },
  { rule: "R10", what: "block types are matched in any case", edits: [["switch (block.type) {", "switch (block.type.toLowerCase()) {"]] },
]);

/** A wrong value for one field of a self-check answer: the learner predicted something else. */
function predicted(file: string, rule: string, field: string, right: string, wrong: string): WrongAnswer {
  return { folder: "self-check", file, rule, what: `${field}: ${wrong}`, edits: [[`  ${field}: ${right},`, `  ${field}: ${wrong},`]] };
}

/** The self-check questions: every wrong value of every part. */
const questions: WrongAnswer[] = [
  predicted("q1-loader-and-registry.ts", "R1", "handRegisteredToolIsPrepared", "true", "false"),
  predicted("q1-loader-and-registry.ts", "R2", "definitionOrder", '["alpha", "zeta"]', '["zeta", "alpha"]'),
  predicted("q1-loader-and-registry.ts", "R3", "sameNameAgain", '"replaces it"', '"keeps the first"'),
  predicted("q1-loader-and-registry.ts", "R3", "sameNameAgain", '"replaces it"', '"throws"'),
  predicted("q1-loader-and-registry.ts", "R4", "reason", '"c"', '"a"'),
  predicted("q1-loader-and-registry.ts", "R4", "reason", '"c"', '"b"'),
  predicted("q2-suggestions-only-in-errors.ts", "R1", "nearMissIsReadyToRun", "false", "true"),
  predicted("q2-suggestions-only-in-errors.ts", "R2", "suggestedName", '"read_file"', '"none"'),
  predicted("q2-suggestions-only-in-errors.ts", "R2", "suggestedName", '"read_file"', '"ReadFile"'),
  predicted("q2-suggestions-only-in-errors.ts", "R3", "suggestionWhenTwoMatch", '"none"', '"read_file"'),
  predicted("q2-suggestions-only-in-errors.ts", "R3", "suggestionWhenTwoMatch", '"none"', '"readFile"'),
  predicted("q2-suggestions-only-in-errors.ts", "R4", "reason", '"a"', '"b"'),
  predicted("q2-suggestions-only-in-errors.ts", "R4", "reason", '"a"', '"c"'),
  predicted("q3-replay-repair.ts", "R1", "replayOfBrokenText", '{ path: "secrets.txt" }', "{}"),
  predicted("q3-replay-repair.ts", "R2", "replayOfArray", "{}", '{ "0": 1, "1": 2 }'),
  predicted("q3-replay-repair.ts", "R1", "replayOfBrokenText", '{ path: "secrets.txt" }', '{ path: "secrets.txt", extra: undefined }'),
  predicted("q3-replay-repair.ts", "R2", "replayOfArray", "{}", "{ arguments: undefined }"),
  predicted("q3-replay-repair.ts", "R3", "brokenNewCallIsReadyToRun", "false", "true"),
  predicted("q3-replay-repair.ts", "R4", "reason", '"b"', '"a"'),
  predicted("q3-replay-repair.ts", "R4", "reason", '"b"', '"c"'),
  predicted("q4-concurrency-safe.ts", "R1", "readOnlyToolIsSafe", "true", "false"),
  predicted("q4-concurrency-safe.ts", "R2", "exclusiveReadOnlyToolIsSafe", "false", "true"),
  predicted("q4-concurrency-safe.ts", "R3", "batchSizes", "[2, 1, 1]", "[3, 1]"),
  predicted("q4-concurrency-safe.ts", "R3", "batchSizes", "[2, 1, 1]", "[1, 1, 1, 1]"),
  predicted("q4-concurrency-safe.ts", "R4", "enforcedBy", '"the runner"', '"the tool"'),
  predicted("q4-concurrency-safe.ts", "R4", "enforcedBy", '"the runner"', '"the registry"'),
  predicted("q5-errors-return-to-model.ts", "R1", "executeRejects", "false", "true"),
  predicted("q5-errors-return-to-model.ts", "R2", "registryTextEndsWithRetryHint", "true", "false"),
  predicted("q5-errors-return-to-model.ts", "R3", "runnerTextEndsWithRetryHint", "false", "true"),
  predicted("q5-errors-return-to-model.ts", "R4", "reason", '"a"', '"b"'),
  predicted("q5-errors-return-to-model.ts", "R4", "reason", '"a"', '"c"'),
];

/** Every wrong answer the suite knows. */
export const WRONG_ANSWERS: readonly WrongAnswer[] = [
  ...exercise1,
  ...exercise2,
  ...exercise3,
  ...exercise4,
  ...exercise5,
  ...exercise6,
  ...exercise7,
  ...exercise8,
  ...exercise9,
  ...questions,
];
