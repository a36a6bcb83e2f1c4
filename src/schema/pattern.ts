/**
 * Patterns in tool schemas (`pattern`, `patternProperties`). A schema from a server we do not
 * control may carry a pattern that backtracks for seconds on a short string (`^(a+)+$`), so every
 * pattern runs on an engine whose time grows linearly with the input. This module holds the rules
 * that do not depend on the engine: which pattern texts are accepted, how Python-style escapes are
 * made portable, how much a pattern may cost, and what happens when a check cannot finish within
 * that cost. It imports nothing from Node, so it runs in a browser too; the engine itself is
 * plugged in through {@link PatternEngine}.
 *
 * @module
 */
import { repeatProblem } from "./repeat-limit.js";
import { validationWork } from "./validation-work.js";

/** A compiled pattern: answers whether a string contains a match, like `RegExp.prototype.test`. */
export interface CompiledPattern {
  /** True when `input` contains a match. */
  test(input: string): boolean;
}

/** A regular-expression engine that patterns are compiled with. */
export interface PatternEngine {
  /** A short name for messages and reports, such as `"re2"`. */
  readonly name: string;
  /** True when matching time grows linearly with the input (no backtracking). */
  readonly linearTime: boolean;
  /**
   * Compiles a portable pattern (see {@link portablePattern}) with Unicode semantics.
   * Throws an `Error` whose message says why the pattern cannot compile.
   */
  compile(source: string): CompiledPattern;
}

/** Most cost units one pattern may have (see {@link patternCost}). */
export const MAX_PATTERN_COST = 4_000;

/**
 * The most matching work one string check may take, in cost units times characters. A string
 * longer than `MAX_PATTERN_WORK / patternCost(pattern)` characters is not matched: the check
 * cannot finish, so the whole call is refused ({@link PatternCheckError}), and a pattern-checked
 * field cannot make one call slow. It never counts as "not matching": under `not`, `if`, `anyOf`,
 * `oneOf` or `patternProperties` that would let the string through.
 */
const MAX_PATTERN_WORK = 2_000_000;

/** Longest string any pattern is run on, whatever its cost. */
export const MAX_PATTERN_INPUT = 200_000;

/** A counted repetition such as `{3}`, `{2,}` or `{2,5}`. */
const COUNTED = /^\{(\d+)(?:,(\d*))?\}/;

/** Characters that may follow a backslash anywhere under the `u` flag. */
const SYNTAX_CHARACTERS = new Set("^$\\.*+?()[]{}|/");

function isAsciiAlphanumeric(c: string): boolean {
  return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9");
}

/**
 * Rewrites the escapes that Python (and JavaScript without the `u` flag) read as a plain
 * character, such as `\-`, `\_`, `\ ` and `\@`, so the pattern means the same under the `u` flag:
 * outside a character class the backslash is dropped; inside one, only `\-` and the syntax
 * characters keep it. Python's `(?P<name>` becomes `(?<name>`, `\A` becomes `^` and `\Z` becomes
 * `$`. Everything else is kept as written, so an unsupported construct still fails where it should.
 *
 * @example
 * {@includeCode ../../docs/examples/schemas.ts#portable-pattern}
 */
export function portablePattern(source: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\" && i + 1 < source.length) {
      const next = source[i + 1] as string;
      i++;
      if (isAsciiAlphanumeric(next)) {
        if (!inClass && next === "A") out += "^";
        else if (!inClass && next === "Z") out += "$";
        else out += c + next;
      } else if (SYNTAX_CHARACTERS.has(next) || (inClass && next === "-")) {
        out += c + next;
      } else {
        out += next;
      }
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
    } else if (c === "[") {
      inClass = true;
    } else if (c === "(" && source.startsWith("(?P<", i)) {
      out += "(?<";
      i += 3;
      continue;
    }
    out += c;
  }
  return out;
}

/**
 * Names the first construct in a pattern that a linear-time engine cannot run: a back-reference
 * (`\1`, `\k<name>`, `(?P=name)`) or a lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`). `null` when there
 * is none. The same patterns are refused on every engine, so a schema means the same everywhere.
 */
export function unsupportedPatternFeature(source: string): string | null {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") {
      const next = source[i + 1] ?? "";
      if (!inClass && next >= "1" && next <= "9") return `a back-reference (\\${next})`;
      if (!inClass && next === "k" && source[i + 2] === "<") return "a named back-reference (\\k<…>)";
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(" && source[i + 1] === "?") {
      const rest = source.slice(i + 2, i + 4);
      if (rest.startsWith("=")) return "a lookahead (?=…)";
      if (rest.startsWith("!")) return "a negative lookahead (?!…)";
      if (rest === "<=") return "a lookbehind (?<=…)";
      if (rest === "<!") return "a negative lookbehind (?<!…)";
      if (rest.startsWith("P=")) return "a named back-reference (?P=…)";
    }
  }
  return null;
}

/** Cost of one escape such as `\d` or `\p{L}` starting at `source[i] === "\\"`, and its length. */
function escapeCost(source: string, i: number): [cost: number, length: number] {
  const next = source[i + 1] ?? "";
  if (next === "p" || next === "P") {
    const close = source[i + 2] === "{" ? source.indexOf("}", i + 3) : -1;
    return [1024, close === -1 ? 3 : close - i + 1];
  }
  if (next === "D" || next === "W" || next === "S") return [16, 2];
  if (next === "d" || next === "w" || next === "s") return [4, 2];
  return [1, 2];
}

/**
 * An upper estimate of how large a compiled pattern is, in cost units: a literal costs 1, `\d`,
 * `\w` and `\s` cost 4, `.` and the negated escapes 16, a Unicode property `\p{…}` 1024 (its compiled form is large), a
 * character class 2 plus its members (16 more when negated), and a counted repetition `{n,m}`
 * multiplies what it repeats by its larger bound. Matching time grows with cost times input
 * length, so both are limited ({@link MAX_PATTERN_COST}, {@link MAX_PATTERN_WORK}). The
 * estimate stops growing past `limit`.
 */
export function patternCost(source: string, limit = Number.MAX_SAFE_INTEGER): number {
  // One entry per open group: the cost of its finished alternatives and of the current one.
  const stack: { best: number; current: number }[] = [{ best: 0, current: 0 }];
  let last = 0; // cost of the last atom (or group), which a quantifier multiplies
  const top = (): { best: number; current: number } => stack[stack.length - 1] as { best: number; current: number };
  const add = (cost: number): void => {
    const frame = top();
    frame.current = Math.min(limit, frame.current + cost);
    last = cost;
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === "\\") {
      const [cost, length] = escapeCost(source, i);
      add(cost);
      i += length - 1;
    } else if (c === "[") {
      let cost = 2;
      let j = i + 1;
      if (source[j] === "^") {
        cost += 16;
        j++;
      }
      for (; j < source.length && source[j] !== "]"; j++) {
        if (source[j] === "\\") {
          const [escape, length] = escapeCost(source, j);
          cost += escape;
          j += length - 1;
        } else {
          cost += 1;
        }
      }
      add(cost);
      i = j;
    } else if (c === "(") {
      stack.push({ best: 0, current: 0 });
      last = 0;
    } else if (c === ")") {
      if (stack.length > 1) {
        const frame = stack.pop() as { best: number; current: number };
        add(frame.best + frame.current);
      }
    } else if (c === "|") {
      const frame = top();
      frame.best = Math.min(limit, frame.best + frame.current);
      frame.current = 0;
      last = 0;
    } else if (c === "{") {
      const match = COUNTED.exec(source.slice(i, i + 24));
      if (match === null) {
        add(1);
        continue;
      }
      const low = Number(match[1]);
      const high = match[2] === undefined || match[2] === "" ? low : Number(match[2]);
      const times = Math.max(1, low, high);
      const frame = top();
      frame.current = Math.min(limit, frame.current - last + last * times);
      last = Math.min(limit, last * times);
      i += match[0].length - 1;
    } else if (c === "*" || c === "+" || c === "?") {
      // Repeats the last atom without making it larger; a lazy `?` after it is free.
    } else if (c === ".") {
      add(16);
    } else {
      add(1);
    }
  }
  let total = 0;
  for (const frame of stack) total += frame.best + frame.current;
  return Math.min(limit, total);
}

/**
 * Why a pattern is refused before any engine sees it, or `null` when it is accepted: it uses a
 * construct a linear-time engine cannot run, it costs more than {@link MAX_PATTERN_COST}, or it
 * repeats more than RE2 compiles (`./repeat-limit.js`).
 */
export function patternProblem(source: string): string | null {
  const feature = unsupportedPatternFeature(source);
  if (feature !== null) return `pattern ${JSON.stringify(source)} uses ${feature}, which a linear-time engine cannot run`;
  const repeat = repeatProblem(source);
  if (repeat !== null) return repeat;
  const cost = patternCost(source, MAX_PATTERN_COST + 1);
  if (cost > MAX_PATTERN_COST) {
    return `pattern ${JSON.stringify(source)} is too large (over ${MAX_PATTERN_COST} cost units, MAX_PATTERN_COST)`;
  }
  return null;
}

/** The error a pattern that cannot be used is refused with; its message says why. */
class PatternError extends Error {
  /** Always `"PatternError"`, so the error reads as what it is when printed. */
  override readonly name = "PatternError";
}

/** Why a pattern check could not finish: the string is too long for the pattern's cost, the engine ran out of memory, or the string holds a lone surrogate (`./re2-engine.js`). */
export type PatternCheckFailure = "too-long" | "out-of-memory" | "lone-surrogate";

/** Why a string with a lone surrogate is not checked, for every message that reports it. */
export const LONE_SURROGATE_REASON = "holds a lone surrogate (half of a UTF-16 pair, such as \\ud800, on its own), which the pattern engine cannot read as JavaScript does";

/**
 * Thrown from inside a validation when one pattern check cannot finish within its budget. Nothing
 * inside the schema catches it, so it ends the whole validation, wherever the pattern sits (under
 * `not`, `if`, `anyOf`, `propertyNames`, …): the validator turns it into the call's one problem,
 * which says why (see `./unfinished-check.js`). A check that could not finish never counts as a
 * match or as a miss.
 */
export class PatternCheckError extends Error {
  /** Always `"PatternCheckError"`. */
  override readonly name = "PatternCheckError";
  /** The string that could not be checked. */
  readonly input: string;
  /** Why not. */
  readonly failure: PatternCheckFailure;
  /** For `"too-long"`: the longest string this pattern is run on. */
  readonly limit: number | null;

  /** A check of `input` that could not finish; `limit` is the longest string the pattern takes (for `"too-long"`). */
  constructor(input: string, failure: PatternCheckFailure, limit: number | null = null) {
    super(
      failure === "too-long"
        ? `a string of ${input.length} characters is too long to check against its pattern (limit ${limit ?? 0} characters)`
        : failure === "lone-surrogate"
          ? `a string that ${LONE_SURROGATE_REASON} cannot be checked against its pattern`
          : "a string could not be checked against its pattern: the pattern engine ran out of memory",
    );
    this.input = input;
    this.failure = failure;
    this.limit = limit;
  }
}

/** The longest string `pattern` is run on: {@link MAX_PATTERN_WORK} divided by its cost, at most {@link MAX_PATTERN_INPUT}. */
export function longestCheckedInput(pattern: string): number {
  return Math.min(MAX_PATTERN_INPUT, Math.floor(MAX_PATTERN_WORK / Math.max(1, patternCost(pattern))));
}

/** What Ajv's `code.regExp` option takes: a function from pattern text to a tester. */
export interface AjvRegExpEngine {
  /** Compiles `pattern`; Ajv passes `"u"` as `flags`. */
  (pattern: string, flags: string): CompiledPattern;
  /** How generated standalone code would name the engine; unused when compiling in memory. */
  code: string;
}

/**
 * Wraps an engine for Ajv's `code.regExp` option: a refused pattern (see {@link patternProblem})
 * or one the engine cannot compile throws a {@link PatternError} that names the pattern and the
 * reason; an accepted one is compiled from its {@link portablePattern} form, once, and the
 * compiled program stays with the tester (so with the compiled schema that holds it). Testing a
 * string too long for the pattern's cost (see {@link longestCheckedInput}) throws a
 * {@link PatternCheckError}: the check cannot finish, and the call is refused.
 */
export function ajvRegExpEngine(engine: PatternEngine): AjvRegExpEngine {
  const compile = (pattern: string, flags: string): CompiledPattern => {
    void flags; // always Unicode: the engine compiles with Unicode semantics
    const problem = patternProblem(pattern);
    if (problem !== null) throw new PatternError(problem);
    let compiled: CompiledPattern;
    try {
      compiled = engine.compile(portablePattern(pattern));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PatternError(`pattern ${JSON.stringify(pattern)} does not compile: ${reason}`);
    }
    validationWork.patternCompiles++;
    const longest = longestCheckedInput(pattern);
    const checked: CompiledPattern & { toString(): string } = {
      test: (input: string): boolean => {
        if (input.length > longest) throw new PatternCheckError(input, "too-long", longest);
        validationWork.patternCharacters += input.length;
        return compiled.test(input);
      },
      // Ajv shares one compiled pattern between schemas by this text, so it must name the pattern.
      toString: (): string => `/${pattern}/u`,
    };
    return checked;
  };
  return Object.assign(compile, { code: engine.name });
}

/**
 * The platform's own `RegExp` with the `u` flag. It backtracks, so it is not linear-time, and no
 * build of the workbook validates with it (the playground's page runs RE2 too). It is here to
 * compare against: tests use it as the reference on patterns short and tame enough to be safe.
 */
export const nativePatternEngine: PatternEngine = {
  name: "native",
  linearTime: false,
  compile(source: string): CompiledPattern {
    const regExp = new RegExp(source, "u");
    return { test: (input: string): boolean => regExp.test(input) };
  },
};
