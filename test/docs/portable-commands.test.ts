/**
 * Every command the documents tell a learner or an instructor to run works in Windows PowerShell
 * 5.1 as in bash and zsh: no `$(…)`, `export`, `VAR=… cmd`, `node -e '…'`, single-quoted JSON
 * arguments, `&&`, redirection to a file (`portable-commands.ts` has the list and why). A block that
 * only a POSIX shell runs is labelled `posix-only` and followed by the PowerShell commands.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ROOT } from "./root.js";
import { commandsOfDocument, findingsOf, POSIX_RULES, posixConstructs, withoutComment } from "./portable-commands.js";

/** The README files under a folder of the workbook, relative to the root. */
function readmesUnder(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /(?:^|[\\/])README\.md$/.test(name) && !/node_modules/.test(name))
    .map((name) => `${folder}/${name.split("\\").join("/")}`);
}

/** The documents a learner or an instructor follows. */
const DOCUMENTS = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  ...readmesUnder("exercises"),
  ...readmesUnder("lessons"),
];

describe("the documented commands run in any shell", () => {
  it("reads the README, the guide and every lesson's and exercise's README", () => {
    expect(DOCUMENTS).toContain("docs/instructor-guide.md");
    expect(DOCUMENTS).toContain("exercises/README.md");
    expect(DOCUMENTS).toContain("lessons/05-argument-processing/README.md");
    expect(DOCUMENTS.filter((file) => file.startsWith("lessons/")).length).toBeGreaterThanOrEqual(10);
  });

  it.each(DOCUMENTS)("%s gives no command in a form only a POSIX shell runs", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    const found = findingsOf(text).map((f) => `${file}:${f.line}: ${f.text}\n    ${f.problem}`);
    expect(found).toEqual([]);
  });

  it("finds the commands of the README, posix-only blocks among them", () => {
    const { commands } = commandsOfDocument(readFileSync(join(ROOT, "README.md"), "utf8"));
    expect(commands.map((c) => c.text)).toContain("npm ci --omit=dev");
    expect(commands.some((c) => c.posixOnly && c.text.startsWith("export "))).toBe(true);
  });
});

describe("the same files on every system", () => {
  it(".gitattributes checks every text file out with LF line endings, Windows included, and the images as binary", () => {
    const rules = readFileSync(join(ROOT, ".gitattributes"), "utf8")
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    expect(rules).toContain("* text=auto eol=lf");
    for (const ext of ["png", "ico", "woff2"]) expect(rules).toContain(`*.${ext} binary`);
  });

  it("has no carriage return in the files the tests and the exercise checks compare", () => {
    const folders = ["src", "lessons", "exercises", "solutions", "test/exercises", "test/self-check"];
    const files = [
      ...DOCUMENTS,
      ...folders.flatMap((folder) =>
        readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
          .filter((name) => /\.(?:ts|mjs|md|json)$/.test(name))
          .map((name) => `${folder}/${name.split("\\").join("/")}`),
      ),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => readFileSync(join(ROOT, file), "utf8").includes("\r"))).toEqual([]);
  });
});

describe("the POSIX-only constructs", () => {
  it("are each found in the commands the documents used to give", () => {
    const found = (command: string): string[] => posixConstructs(command).map((rule) => rule.name);
    expect(found("npm run progress -- --out progress-$(whoami).json")).toContain("command substitution");
    expect(found("export MODEL=llama3.1")).toContain("export");
    expect(found("WORKBOOK_TARGET=exercises npx vitest run")).toContain("a variable set for one command");
    expect(found(`node -e 'console.log(1)'`)).toContain("node -e / -p");
    expect(found(`npm run lesson 5 -- --name read_file --args '{"path": 3}'`)).toContain("a single-quoted argument with double quotes");
    expect(found("npm ci && npm test")).toContain("&& or ||");
    expect(found("npm run -s grade -- --json > grade.json")).toContain("output redirected to a file");
    expect(found("rm -rf node_modules")).toContain("rm -rf / cp -r");
    expect(found("sudo apt-get install chromium")).toContain("sudo, apt-get, chmod");
  });

  it("never flag a command made of plain words, flags and paths, whatever they are", () => {
    const word = fc.stringMatching(/^[a-z0-9][a-z0-9._/:-]{0,12}$/);
    const flag = word.map((w) => `--${w}`);
    const command = fc.tuple(fc.constantFrom("npm run", "npm ci", "npx", "node", "git"), fc.array(fc.oneof(word, flag), { maxLength: 8 }));
    fc.assert(
      fc.property(command, ([start, words]) => {
        expect(posixConstructs([start, ...words].join(" "))).toEqual([]);
      }),
    );
  });

  it("always flag a construct of the list added to such a command", () => {
    const samples = ["$(whoami)", "&& npm test", "> out.json", `'{"a": 1}'`, "\\"];
    fc.assert(
      fc.property(fc.constantFrom(...samples), fc.stringMatching(/^[a-z0-9-]{1,10}$/), (construct, word) => {
        expect(posixConstructs(`npm run lesson ${word} ${construct}`).length).toBeGreaterThan(0);
      }),
    );
    expect(POSIX_RULES.length).toBeGreaterThanOrEqual(samples.length);
  });

  it("reads a comment after a command as a comment, and a # inside quotes or a word as text", () => {
    expect(withoutComment("npm run lesson 10   # a real model")).toBe("npm run lesson 10");
    expect(withoutComment(`npm run x -- "a # b"`)).toBe(`npm run x -- "a # b"`);
    expect(withoutComment("npm run x -- a#b")).toBe("npm run x -- a#b");
  });

  it("allows a posix-only block only with a powershell block after it, in the same section", () => {
    const paired = '## A\n\n```sh posix-only\nexport A=1\n```\n\n```powershell\n$env:A = "1"\n```\n';
    expect(findingsOf(paired)).toEqual([]);
    const alone = '## A\n\n```sh posix-only\nexport A=1\n```\n\n## B\n\n```powershell\n$env:A = "1"\n```\n';
    expect(findingsOf(alone).map((f) => f.problem)).toEqual(["a posix-only block needs a powershell block after it, in the same section"]);
    const unlabelled = "```sh\nexport A=1\n```\n";
    expect(findingsOf(unlabelled)).toHaveLength(1);
    const inline = "Run `OPENAI_BASE_URL=http://x npm run lesson 10` now.";
    expect(findingsOf(inline)).toHaveLength(1);
  });
});
