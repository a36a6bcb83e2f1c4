/**
 * Where the MCP adapter reports what it did about a listed tool: skipped, renamed or patched, a
 * tool it could not register, a call that failed. Everything a server sends goes into these lines
 * through `logText` (`../util/log-text.js`), and one listing or registration logs at most
 * {@link MAX_LOGGED_WARNINGS} lines and {@link MAX_LOGGED_CHARS} characters: a server listing
 * thousands of bad tools cannot flood the log.
 *
 * @module
 */

/** Where the adapter's warnings go: a listed tool it skipped, renamed or patched, a tool it could not register. */
export interface McpLogger {
  /** Reports one problem; the message names the server and the tool. */
  warn(message: string): void;
}

/** The default {@link McpLogger}: `console.warn`, prefixed with `[mcp]`. */
export const consoleMcpLogger: McpLogger = {
  warn: (message) => console.warn(`[mcp] ${message}`),
};

/** Most warning lines one listing or one registration passes to its logger before the closing count. */
export const MAX_LOGGED_WARNINGS = 50;

/** Most characters those lines may hold together. */
export const MAX_LOGGED_CHARS = 20_000;

/**
 * A logger for one listing or one registration: it passes lines on until either cap is reached,
 * then only counts them; {@link CappedMcpLog.finish} logs one closing line saying how many were
 * left out. The log stays bounded however many tools a server lists.
 */
export class CappedMcpLog {
  readonly #logger: McpLogger;
  #lines = 0;
  #chars = 0;
  #left = 0;

  /** Wraps `logger` for one listing or registration. */
  constructor(logger: McpLogger) {
    this.#logger = logger;
  }

  /** Passes `message` on, or counts it once a cap is reached (and every message after it). */
  warn(message: string): void {
    if (this.#left === 0 && this.#lines < MAX_LOGGED_WARNINGS && this.#chars + message.length <= MAX_LOGGED_CHARS) {
      this.#lines++;
      this.#chars += message.length;
      this.#logger.warn(message);
    } else {
      this.#left++;
    }
  }

  /** How many messages were counted instead of logged. */
  get left(): number {
    return this.#left;
  }

  /**
   * Logs `<prefix>…and <N> more <what>` when any message was left out, and nothing otherwise.
   * `prefix` and `what` are the caller's own words (untrusted parts already through `logText`).
   */
  finish(prefix: string, what: string): void {
    if (this.#left > 0) this.#logger.warn(`${prefix}…and ${this.#left} more ${what}`);
  }
}
