/**
 * `uniqueItems` in time linear in the array's size. Ajv's own check compares every pair of items
 * when they may be objects or arrays (15,000 rows: seconds). Here each item gets a token that
 * equal values share: values are written bottom-up, an object by its sorted keys and its values'
 * tokens, an array by its items' tokens, so each part of the array is read once and two items are
 * equal exactly when their tokens are. Equality is JSON's, as Ajv's: an object's key order does
 * not matter, `1` and `1.0` are one number, `0` and `-0` too.
 *
 * @module
 */
import { _, str, type CodeKeywordDefinition, type KeywordErrorDefinition } from "ajv/dist/2020.js";
import { validationWork } from "./validation-work.js";

/** An object or array on the way down: its token is known once its children's are. */
interface Pending {
  value: object;
  /** The object's keys, sorted (`null` for an array). */
  keys: string[] | null;
  /** How many children are done. */
  done: number;
  /** The token so far: the children's tokens, in order. */
  text: string;
}

/**
 * Gives values tokens, strings that two values share exactly when they are equal as JSON. A value
 * that holds no other is its own short text (`s3:abc`, `n1.5;`, `t`); an object or array is
 * numbered (`#12;`), its number standing for its children's tokens (an object's under its sorted
 * keys). Each part of a value is written once, into its parent's token, so the work is linear
 * in the value's size at any depth. One instance serves all the items of one array; an object met
 * twice (the same object in two places) is read once.
 */
class ValueTokens {
  readonly #numbers = new Map<string, number>();
  readonly #byObject = new Map<unknown, string>();
  readonly #open = new Set<object>();

  /** The token of a value that holds no other, or `null` for an object or array. */
  #leaf(value: unknown): string | null {
    switch (typeof value) {
      case "string":
        return `s${value.length}:${value}`;
      case "number":
        return `n${Object.is(value, -0) ? 0 : value};`;
      case "boolean":
        return value ? "t" : "f";
      case "undefined":
        return "u";
      case "bigint":
        // Hexadecimal: linear in the BigInt's size, where decimal text is not.
        return `b${value.toString(16)};`;
      case "object":
        return value === null ? "z" : null;
      default: {
        // A function or a symbol is equal only to itself.
        let token = this.#byObject.get(value);
        if (token === undefined) {
          token = `x${this.#byObject.size};`;
          this.#byObject.set(value, token);
        }
        return token;
      }
    }
  }

  /** The token of `root`, reading each part of it once, without recursion (any depth). */
  of(root: unknown): string {
    validationWork.uniqueItemsValues++;
    const leaf = this.#leaf(root) ?? this.#byObject.get(root);
    if (leaf !== undefined) return leaf;
    const stack: Pending[] = [this.#pending(root as object)];
    let last = "";
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as Pending;
      const { keys } = top;
      const size = keys === null ? (top.value as unknown[]).length : keys.length;
      if (top.done < size) {
        const name = keys === null ? null : (keys[top.done] as string);
        // An own `__proto__` key (JSON.parse makes one) shadows the accessor, so indexing reads own values only.
        const child: unknown = name === null ? (top.value as unknown[])[top.done] : (top.value as Record<string, unknown>)[name];
        validationWork.uniqueItemsValues++;
        const token = this.#leaf(child) ?? this.#byObject.get(child);
        if (token === undefined) {
          if (this.#open.has(child as object)) throw new TypeError("uniqueItems cannot compare a value that contains itself");
          stack.push(this.#pending(child as object));
          continue;
        }
        // Each key is written with its length first, so no key can run into the next.
        top.text += name === null ? token : `${name.length}:${name}${token}`;
        top.done++;
        continue;
      }
      stack.pop();
      this.#open.delete(top.value);
      let number = this.#numbers.get(top.text);
      if (number === undefined) {
        number = this.#numbers.size;
        this.#numbers.set(top.text, number);
      }
      last = `#${number};`;
      this.#byObject.set(top.value, last);
      const parent = stack[stack.length - 1];
      if (parent !== undefined) {
        const name = parent.keys === null ? null : (parent.keys[parent.done] as string);
        parent.text += name === null ? last : `${name.length}:${name}${last}`;
        parent.done++;
      }
    }
    return last;
  }

  #pending(value: object): Pending {
    this.#open.add(value);
    const array = Array.isArray(value);
    return { value, keys: array ? null : Object.keys(value).sort(), done: 0, text: array ? "a" : "o" };
  }
}

/**
 * The first repeat in `items`: `[earlier, later]`, the indexes of two equal items, the later one as
 * small as possible; `null` when every item is different (or `items` is not an array). Linear in
 * the size of the array, whatever its items hold.
 * @throws TypeError when an item contains itself (never from JSON).
 */
export function repeatedItems(items: unknown): [earlier: number, later: number] | null {
  if (!Array.isArray(items) || items.length < 2) return null;
  const tokens = new ValueTokens();
  const firstAt = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const token = tokens.of(items[i]);
    const earlier = firstAt.get(token);
    if (earlier !== undefined) return [earlier, i];
    firstAt.set(token, i);
  }
  return null;
}

const error: KeywordErrorDefinition = {
  message: ({ params }) => str`must NOT have duplicate items (items ## ${params["j"]} and ${params["i"]} are identical)`,
  params: ({ params }) => _`{i: ${params["i"]}, j: ${params["j"]}}`,
};

/**
 * Ajv's `uniqueItems` keyword, checked by {@link repeatedItems}. Its error is Ajv's own: keyword
 * `uniqueItems`, with `j` the earlier and `i` the later of two equal items.
 */
export const uniqueItemsKeyword: CodeKeywordDefinition = {
  keyword: "uniqueItems",
  type: "array",
  schemaType: "boolean",
  error,
  code(cxt) {
    const { gen, data } = cxt;
    const schema: unknown = cxt.schema;
    if (schema !== true) return;
    const find = gen.scopeValue("func", { ref: repeatedItems });
    const pair = gen.const("repeated", _`${find}(${data})`);
    cxt.setParams({ i: _`${pair}[1]`, j: _`${pair}[0]` });
    cxt.fail(_`${pair} !== null`);
  },
};
