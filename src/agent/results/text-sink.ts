/**
 * The text a conversion of a result to JSON writes (`./bounded-json.js`), and the budgets that
 * bound its work: the characters kept, the values visited, and every character produced, those
 * written and then taken back included. Small writes are joined into chunks, so a long text is a
 * few thousand strings, not millions, and taking text back copies at most two chunks.
 *
 * @module
 */

/** Thrown (never escaping `./bounded-json.js`) to stop writing when a budget runs out: one object, made once. */
export const STOP = new Error("result text budget spent");

/** JSON texts of recently seen object keys: keys repeat across a list of records. */
const KEY_CACHE_LIMIT = 1_000;

/** Small writes are joined into chunks of about this many characters; a larger write is a chunk of its own. */
const CHUNK_CHARS = 1_024;

/**
 * The most characters one conversion may produce, those taken back included, as a multiple of
 * its text budget: room for parts that are written and then found unreadable, with a bound.
 */
const SPENDING_FACTOR = 4;

/** Characters produced in this process, those taken back included. */
let produced = 0;

/**
 * How many characters `boundedJson` (`./bounded-json.js`) has produced in this process so far, counting those it
 * wrote and then took back (the start of a part that turned out unreadable, the key of a value
 * JSON leaves out). Only grows; tests subtract two readings to count the work of one conversion.
 */
export function charactersProduced(): number {
  return produced;
}

/** Where the text stood at one moment: what {@link TextSink.rollback} returns to. */
interface Mark {
  length: number;
  pending: string;
}

/**
 * The text written so far, with the budgets that bound the work: the characters kept, the values
 * visited, and every character produced, those taken back included, so a value that keeps
 * writing and taking back cannot make the work grow past {@link SPENDING_FACTOR} times the text
 * budget.
 */
export class TextSink {
  /** Finished chunks, and their total length. */
  readonly #chunks: string[] = [];
  #chunked = 0;
  /** The chunk being filled. */
  #current = "";
  /** A separator or key, written just before the next text and dropped if no text follows. */
  #pending = "";
  /** Characters kept. */
  length = 0;
  /** Characters produced, taken back or not. */
  #spent = 0;
  nodes = 0;
  readonly #keys = new Map<string, string>();
  constructor(
    readonly maxChars: number,
    readonly maxNodes: number,
  ) {}

  /** Counts `count` characters produced. */
  #spend(count: number): void {
    this.#spent += count;
    produced += count;
  }

  /**
   * Adds `text` (after the pending prefix), then stops writing when the text has passed its
   * budget or the characters produced have passed {@link SPENDING_FACTOR} times it.
   */
  write(text: string): void {
    this.#spend(text.length);
    if (this.#pending !== "") {
      text = this.#pending + text;
      this.#pending = "";
    }
    this.length += text.length;
    if (text.length >= CHUNK_CHARS) {
      if (this.#current !== "") this.#push(this.#current);
      this.#current = "";
      this.#push(text);
    } else {
      this.#current += text;
      if (this.#current.length >= CHUNK_CHARS) {
        this.#push(this.#current);
        this.#current = "";
      }
    }
    if (this.length > this.maxChars || this.#spent > SPENDING_FACTOR * this.maxChars) throw STOP;
  }

  #push(chunk: string): void {
    this.#chunks.push(chunk);
    this.#chunked += chunk.length;
  }

  /** Sets what the next write starts with: a separator, a key and its colon. */
  prefix(text: string): void {
    this.#spend(text.length);
    this.#pending += text;
    // Past the budget, the prefix is written as it is, and writing stops.
    if (this.#spent > SPENDING_FACTOR * this.maxChars) this.write("");
  }

  /** Forgets a prefix that no text followed. */
  dropPrefix(): void {
    this.#pending = "";
  }

  /** Counts one visited value; every loop below visits at least one per step, so all loops end. */
  visit(): void {
    this.nodes += 1;
    if (this.nodes > this.maxNodes) throw STOP;
  }

  /** `text`, cut first to what the budget can still take (plus one, to trip it). */
  #fitted(text: string): string {
    const room = Math.min(this.maxChars - this.length, SPENDING_FACTOR * this.maxChars - this.#spent);
    return text.length > room + 1 ? text.slice(0, Math.max(0, room) + 1) : text;
  }

  /** A JSON string literal, cut first to what the budget can still take. */
  quote(text: string): void {
    this.write(JSON.stringify(this.#fitted(text)));
  }

  /**
   * An object key and its colon (`"key":`, or `,"key":` when `comma`), set as the prefix of the
   * value's text and remembered for the next record with the same keys.
   */
  key(key: string, comma: boolean): void {
    let known = this.#keys.get(key);
    if (known === undefined) {
      const fitted = this.#fitted(key);
      known = `${JSON.stringify(fitted)}:`;
      if (fitted === key && key.length <= 64 && this.#keys.size < KEY_CACHE_LIMIT) this.#keys.set(key, known);
    }
    this.prefix(comma ? `,${known}` : known);
  }

  mark(): Mark {
    return { length: this.length, pending: this.#pending };
  }

  /** Forgets everything written since `mark`. Costs at most two chunks' worth of copying. */
  rollback(mark: Mark): void {
    while (this.#chunked > mark.length) {
      const chunk = this.#chunks.pop() as string;
      this.#chunked -= chunk.length;
      this.#current = chunk;
    }
    this.#current = this.#current.slice(0, mark.length - this.#chunked);
    this.length = mark.length;
    this.#pending = mark.pending;
  }

  text(): string {
    return this.#chunks.join("") + this.#current;
  }
}
