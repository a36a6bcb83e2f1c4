/**
 * The commands the documents tell a learner or an instructor to run, and the shell syntax among them
 * that only a POSIX shell (bash, zsh, sh) understands: Windows PowerShell 5.1, the shell every
 * Windows lab machine has, rejects it or changes its meaning. `portable-commands.test.ts` checks
 * every document with this.
 *
 * A command is a line of a shell code block (`sh`, `bash`, `shell`, `console`, `zsh`), a line of
 * an unlabelled block that starts like a command, or an inline code span that does. A block
 * labelled `sh posix-only` (any of those languages, then `posix-only`) is allowed, when the next
 * code block of the same section is a `powershell` block: the same commands for Windows.
 *
 * @module
 */

/** One construct a POSIX shell runs and PowerShell 5.1 does not (or runs differently). */
export interface PosixRule {
  /** A short name. */
  name: string;
  /** Matches the construct in one command line (quoted text included: PowerShell sees it too). */
  pattern: RegExp;
  /** What to write instead. */
  instead: string;
}

/** The constructs looked for. */
export const POSIX_RULES: readonly PosixRule[] = [
  { name: "command substitution", pattern: /\$\(|`[^`]+`/, instead: "a value typed out, or a flag of an npm script" },
  { name: "export", pattern: /^\s*export\s+[A-Za-z_]\w*=/, instead: 'a posix-only block followed by a powershell block ($env:NAME = "value")' },
  { name: "a variable set for one command", pattern: /^\s*(?:[A-Za-z_]\w*=\S*\s+)+[a-z]/, instead: "a flag, or a posix-only block followed by a powershell block" },
  { name: "node -e / -p", pattern: /\bnode\s+(?:-e|-p|--eval|--print)\b/, instead: "an npm script or a file node runs" },
  {
    name: "a single-quoted argument with double quotes",
    pattern: /'[^'"\n]*"[^'\n]*'/,
    instead: "a file (as --args-file) or an npm script: PowerShell 5.1 drops the inner quotes",
  },
  { name: "&& or ||", pattern: /&&|\|\|/, instead: "one command per line (PowerShell 5.1 has neither)" },
  { name: "a line continued with \\", pattern: /\\\s*$/, instead: "one line" },
  { name: "/dev/null", pattern: /\/dev\/null/, instead: "a flag that keeps the command quiet" },
  { name: "rm -rf / cp -r", pattern: /\b(?:rm\s+-[a-z]*r|cp\s+-[a-z]*r)/i, instead: "git or npm commands, or words (PowerShell's rm and cp take other flags)" },
  { name: "sudo, apt-get, chmod", pattern: /\b(?:sudo|apt-get|apt|chmod)\s/, instead: "a posix-only block with the Windows way beside it" },
  {
    name: "output redirected to a file",
    pattern: /(?:^|\s)\d?>>?\s*[^\s&|]/,
    instead: "--out <file> (PowerShell 5.1 writes a redirected file in UTF-16, which JSON readers refuse)",
  },
];

/** The shell languages of a code block's info string. */
const SHELLS = new Set(["sh", "bash", "shell", "console", "zsh"]);

/** The first words of a line or code span that is a command to run. */
const COMMAND_START = /^(?:\$\s+)?(?:(?:npm|npx|node|git|export)\b|[A-Z_][A-Z0-9_]*=)/;

/** One command found in a document. */
export interface DocCommand {
  /** The 1-based line of the document. */
  line: number;
  /** The command, its trailing `# comment` taken off. */
  text: string;
  /** True when it is in a block labelled posix-only. */
  posixOnly: boolean;
}

/** A finding: a POSIX-only construct in a command, or a posix-only block without its PowerShell twin. */
export interface Finding {
  line: number;
  text: string;
  problem: string;
}

/** A command line without its `# comment` (a `#` after white space, outside quotes). */
export function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(line[i - 1] ?? ""))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** The POSIX-only constructs of one command line, by rule name. */
export function posixConstructs(command: string): PosixRule[] {
  const text = command.replace(/^\$\s+/, "");
  return POSIX_RULES.filter((rule) => rule.pattern.test(text));
}

interface Block {
  start: number;
  info: string[];
  lines: string[];
}

/** The commands of a markdown document, and the posix-only blocks that lack a PowerShell block after them. */
export function commandsOfDocument(markdown: string): { commands: DocCommand[]; unpaired: Finding[] } {
  const lines = markdown.split(/\r?\n/);
  const commands: DocCommand[] = [];
  const unpaired: Finding[] = [];
  const blocks: Array<Block & { section: number }> = [];
  let section = 0;
  let open: Block | null = null;
  let fence = "";
  for (const [index, line] of lines.entries()) {
    if (open !== null) {
      if (line.trimStart().startsWith(fence) && line.trim() === fence) {
        blocks.push({ ...open, section });
        open = null;
      } else open.lines.push(line);
      continue;
    }
    const trimmed = line.trimStart();
    const start = /^(?:`{3,}|~{3,})/.exec(trimmed);
    if (start !== null) {
      fence = start[0];
      open = { start: index + 1, info: trimmed.slice(fence.length).trim().toLowerCase().split(/\s+/).filter(Boolean), lines: [] };
      continue;
    }
    if (/^#{1,6}\s/.test(line)) section++;
    // Inline code spans that are commands (a table's or a sentence's).
    // Split at the backticks, the code spans are every second part (a line's last unclosed one is not a span).
    const parts = line.split("`");
    for (let at = 1; at < parts.length - 1; at += 2) {
      const text = (parts[at] ?? "").trim();
      if (COMMAND_START.test(text)) commands.push({ line: index + 1, text, posixOnly: false });
    }
  }
  for (const [i, block] of blocks.entries()) {
    const [language = ""] = block.info;
    const shell = SHELLS.has(language);
    const posixOnly = block.info.includes("posix-only");
    if (posixOnly) {
      const next = blocks[i + 1];
      if (next === undefined || next.section !== block.section || !["powershell", "ps1", "pwsh"].includes(next.info[0] ?? "")) {
        unpaired.push({ line: block.start, text: `\`\`\`${block.info.join(" ")}`, problem: "a posix-only block needs a powershell block after it, in the same section" });
      }
    }
    if (!shell && language !== "") continue;
    for (const [offset, raw] of block.lines.entries()) {
      const text = withoutComment(raw).trim();
      if (text === "" || text.startsWith("#")) continue;
      if (!shell && !COMMAND_START.test(text)) continue;
      commands.push({ line: block.start + 1 + offset, text, posixOnly });
    }
  }
  commands.sort((a, b) => a.line - b.line);
  return { commands, unpaired };
}

/** Everything in one document a PowerShell 5.1 user could not run as written. */
export function findingsOf(markdown: string): Finding[] {
  const { commands, unpaired } = commandsOfDocument(markdown);
  const found: Finding[] = [...unpaired];
  for (const command of commands) {
    if (command.posixOnly) continue;
    for (const rule of posixConstructs(command.text)) found.push({ line: command.line, text: command.text, problem: `${rule.name}: use ${rule.instead}` });
  }
  return found.sort((a, b) => a.line - b.line);
}
