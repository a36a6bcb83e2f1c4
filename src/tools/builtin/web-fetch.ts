/**
 * The built-in `web_fetch` tool (lesson 7): fetches a public `http(s)` URL and returns its text.
 *
 * Every hop is checked by {@link assertPublicUrl} before it is requested, redirects included, so a
 * public page cannot bounce the request to `http://127.0.0.1/` or a cloud metadata address. A
 * refusal comes back as a `ToolResult` error in upstream's words (`Error: URL validation failed:
 * Blocked: 127.0.0.1 resolves to private/internal address 127.0.0.1`, or `Redirect blocked: …` for
 * a redirect target); a private target's refusal has the `code` `"ssrf"`, which the runner treats
 * as a security boundary, not as a fault to retry. Upstream answers the same refusal with a
 * successful result whose text is JSON; here it is an error. Addresses the user trusts can be
 * allowed with `ssrfAllowlist` (upstream's `tools.ssrfWhitelist`). The body is read as a stream
 * and cut at a size limit, and an HTML page is reduced to text by parse5's tokenizer in slices
 * (`_html-text.ts`), so neither a huge nor a hostile page can flood the model's context or hold
 * up the event loop.
 *
 * @module
 */
import { Tool, ToolResult, type ExecuteOptions, type ToolContext } from "../base.js";
import type { ParametersSchema } from "../../schema/parameters-schema.js";
import { assertPublicUrl, SsrfAllowlist, SsrfError, type HostLookup } from "../../security/ssrf.js";
import { wholeNumberOption } from "../../util/options.js";
import { pythonUrlParts } from "../../security/python-url.js";
import { htmlToTextAsync } from "./_html-text.js";

export { htmlToText } from "./_html-text.js";

/** Options of {@link WebFetchTool}; every one is optional. */
export interface WebFetchToolOptions {
  /** The `fetch` to use; by default the global one, looked up at every call. */
  fetch?: typeof fetch;
  /** Resolves host names for the address check; by default the system resolver. */
  lookup?: HostLookup;
  /** The most bytes of body read; the rest is cut with a note. Default 200,000. */
  maxBytes?: number;
  /** The most redirects followed. Default 5. */
  maxRedirects?: number;
  /**
   * Private IPs or CIDRs the user trusts (`["10.0.0.5", "100.64.0.0/10"]`), like upstream's
   * `tools.ssrfWhitelist`: an address in them may be fetched, also when a redirect leads there.
   * Every other private address is still refused. An entry that is not an IP or CIDR makes the
   * constructor throw a `TypeError`.
   */
  ssrfAllowlist?: readonly string[];
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The note appended to a body cut at the size limit. */
function cutNote(maxBytes: number): string {
  return `\n\n[content cut at ${maxBytes} bytes]`;
}

/** Reads at most `maxBytes` of a body; `cut` says whether more was there. */
async function readLimited(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  if (body === null) return { text: "", cut: false };
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  let received = 0;
  let text = "";
  let cut = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - received;
      if (value.byteLength > room) {
        text += decoder.decode(value.subarray(0, room), { stream: true });
        cut = true;
        break;
      }
      received += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    // Not awaited: some stream sources settle a cancel only when the peer closes.
    if (cut) reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  // A character split by the cut is dropped rather than shown as a replacement mark.
  const tail = decoder.decode();
  if (!cut) text += tail;
  return { text, cut };
}

/**
 * Discards a response body we will not read, so the connection is released. Not awaited: some
 * stream sources settle a cancel only when the peer closes.
 */
function discard(response: Response): void {
  response.body?.cancel().catch(() => undefined);
}

/** The arguments of `web_fetch`: the URL to fetch. */
export type WebFetchParams = {
  /** The http or https URL to fetch. */
  url: string;
};

/**
 * Fetches a public web page and returns its text. Read-only, so it may run in a concurrent batch.
 *
 * @example
 * {@includeCode ../../../docs/examples/security.ts#web-fetch}
 */
export class WebFetchTool extends Tool<WebFetchParams> {
  /** The tool name the model calls. */
  readonly name = "web_fetch";
  /**
   * What the model reads about the tool: upstream's description, without its sentence on the
   * `maxChars` option, which is not ported.
   */
  readonly description =
    "Fetch a URL and extract readable content (HTML → markdown/text). " + "Works for most web pages and docs; may fail on login-walled or JS-heavy sites.";
  /** One required argument, the URL, as upstream declares it (its `extractMode` and `maxChars` are not ported). */
  readonly parameters: ParametersSchema<WebFetchParams> = {
    type: "object",
    properties: { url: { type: "string", description: "URL to fetch" } },
    required: ["url"],
    additionalProperties: false,
  };

  readonly #fetch: typeof fetch | undefined;
  readonly #lookup: HostLookup | undefined;
  /** The body size limit in bytes. */
  readonly maxBytes: number;
  /** The redirect limit. */
  readonly maxRedirects: number;
  /** The private addresses the user trusts; empty by default. */
  readonly ssrfAllowlist: SsrfAllowlist;

  /**
   * Builds the tool; with no options it uses the global `fetch` and the system resolver.
   * @throws TypeError or RangeError when `maxBytes` is not a whole number of at least 1 or
   * `maxRedirects` not a whole number of at least 0.
   */
  constructor(options: WebFetchToolOptions = {}) {
    super();
    this.#fetch = options.fetch;
    this.#lookup = options.lookup;
    // A bad limit throws here (TypeError or RangeError, naming it), not at the first fetch.
    this.maxBytes = wholeNumberOption("maxBytes", options.maxBytes, 200_000, { min: 1 });
    this.maxRedirects = wholeNumberOption("maxRedirects", options.maxRedirects, 5, { min: 0 });
    this.ssrfAllowlist = new SsrfAllowlist(options.ssrfAllowlist ?? []);
  }

  /** Fetching changes nothing, so `web_fetch` is read-only (and therefore concurrency-safe). */
  override get readOnly(): boolean {
    return true;
  }

  /**
   * Builds the tool for the loader; `ctx.fetch` and `ctx.lookup` are used when they are
   * functions, and the allowlist is read from `ctx.config.tools.ssrfAllowlist` (or, under
   * upstream's name, `ctx.config.tools.ssrfWhitelist`) when it is an array.
   */
  static override create(ctx: ToolContext): Tool {
    const options: WebFetchToolOptions = {};
    if (typeof ctx["fetch"] === "function") options.fetch = ctx["fetch"] as typeof fetch;
    if (typeof ctx["lookup"] === "function") options.lookup = ctx["lookup"] as HostLookup;
    const tools = ctx.config?.["tools"];
    if (tools !== null && typeof tools === "object") {
      const section = tools as Record<string, unknown>;
      const list = section["ssrfAllowlist"] ?? section["ssrfWhitelist"];
      if (Array.isArray(list)) options.ssrfAllowlist = list.map(String);
    }
    return new WebFetchTool(options);
  }

  /**
   * Fetches `params.url`, following redirects by hand and checking every hop. As upstream, blank
   * space, backticks and quotes around the URL are dropped first.
   */
  async execute(params: WebFetchParams, options: ExecuteOptions): Promise<unknown> {
    const { signal } = options;
    const start = stripUrl(String(params.url));
    const doFetch = this.#fetch ?? globalThis.fetch;
    let current = start;

    for (let hop = 0; ; hop++) {
      signal.throwIfAborted();
      let target: URL;
      try {
        target = await assertPublicUrl(current, this.#lookup, this.ssrfAllowlist);
      } catch (error) {
        if (SsrfError.isInstance(error)) {
          const stage = hop === 0 ? "URL validation failed" : "Redirect blocked";
          // A private target is a security boundary; the guard's other refusals (a bad scheme,
          // no host, credentials) are mistakes the model can fix.
          return ToolResult.error(`Error: ${stage}: ${error.message}`, error.code);
        }
        throw error;
      }
      signal.throwIfAborted();

      let response: Response;
      try {
        response = await doFetch(target.href, {
          redirect: "manual",
          signal,
          headers: { accept: "text/html, text/plain, application/json, */*;q=0.5" },
        });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const reason = error instanceof Error ? error.message : String(error);
        return ToolResult.error(`Error: could not fetch ${target.href}: ${reason}`);
      }

      if (REDIRECT_STATUSES.has(response.status)) {
        const location = response.headers.get("location");
        discard(response);
        if (location === null) {
          return ToolResult.error(`Error: HTTP ${response.status} from ${target.href} without a Location header`);
        }
        if (hop >= this.maxRedirects) {
          return ToolResult.error(`Error: Too many redirects: exceeded limit of ${this.maxRedirects}`);
        }
        current = redirectTarget(location, target);
        continue;
      }

      if (!response.ok) {
        discard(response);
        const statusText = response.statusText === "" ? "" : ` ${response.statusText}`;
        return ToolResult.error(`Error: HTTP ${response.status}${statusText} from ${target.href}`);
      }

      const { text, cut } = await readLimited(response.body, this.maxBytes);
      const type = response.headers.get("content-type") ?? "";
      const readable = /html/i.test(type) ? await htmlToTextAsync(text, { signal }) : text;
      return cut ? readable + cutNote(this.maxBytes) : readable;
    }
  }
}

/** The characters upstream strips from both ends of a URL before it checks it. */
const URL_WRAPPERS = " \t\r\n`\"'";

/** `url` without {@link URL_WRAPPERS} at either end (upstream's `url.strip(" \t\r\n`\"'")`). */
function stripUrl(url: string): string {
  let from = 0;
  let to = url.length;
  while (from < to && URL_WRAPPERS.includes(url.charAt(from))) from++;
  while (to > from && URL_WRAPPERS.includes(url.charAt(to - 1))) to--;
  return url.slice(from, to);
}

/**
 * The URL a `Location` header leads to, as the text the guard checks next. As Python's `urljoin`,
 * a Location with its own scheme and host (or another scheme) stands as written, so a refusal
 * names its host as the server wrote it; any other is resolved against the page that answered.
 */
function redirectTarget(location: string, from: URL): string {
  const parts = pythonUrlParts(location);
  if (typeof parts === "string") return location;
  if (parts.scheme === "" && parts.netloc !== "") return from.protocol + location;
  if (parts.scheme !== "" && (parts.scheme !== from.protocol.slice(0, -1) || parts.netloc !== "")) return location;
  try {
    return new URL(location, from).href;
  } catch {
    return location;
  }
}
