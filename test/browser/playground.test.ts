/**
 * The playground in a real browser (headless Chrome, Chromium or Edge; skipped with one line when
 * none is installed): the built, self-contained page (built once per run, `shared-site.ts`) opened from
 * disk with every network request refused, driven as a learner would — type a malformed call, pick
 * a preset, share a link, run the mixed turn — and `npm run playground`'s dev server, fetched.
 */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { stripVTControlCharacters } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notAnObjectMessage, RETRY_HINT } from "../../src/tools/messages.js";
import { longestCheckedInput } from "../../src/schema/pattern.js";
import { sharedPlayground } from "../docs/shared-site.js";
import { browserPlan, launchChromium, type HeadlessBrowser } from "./chromium.js";

const root = resolve(import.meta.dirname, "../..");
const shots = join(root, "test-results", "screenshots");
const plan = browserPlan();
/** A browser on a busy machine is slow: each test gets a minute, and a poll waits as long as its test may (not vitest's default second). */
const TEST_TIMEOUT = 60_000;
const UNTIL_TIMEOUT = { timeout: TEST_TIMEOUT };
let pageUrl = "";
let browser: HeadlessBrowser;
let modules: string[] = [];

/** The one tab the tests open the page in, and what it logged and asked of the network since the page was last opened. */
let tab: Page;
let seen = { errors: [] as string[], network: [] as string[] };

/** Refuses every request but file:// (noted, the test then fails), and notes console and page errors. */
async function watchTab(page: Page): Promise<void> {
  page.on("console", (m) => {
    if (m.type() === "error") seen.errors.push(m.text());
  });
  page.on("pageerror", (e) => seen.errors.push(e.message));
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    seen.network.push(url);
    return route.abort();
  });
}

/** Opens the page afresh (a new document, even when only the link's hash differs) in the tab, offline: only file:// loads. */
async function open(hash = ""): Promise<{ page: Page; errors: string[]; network: string[] }> {
  seen = { errors: [], network: [] };
  await tab.goto("about:blank");
  await tab.goto(pageUrl + hash);
  await tab.waitForSelector("body[data-ready=true]");
  return { page: tab, ...seen };
}

describe("the playground page", () => {
  beforeAll(async () => {
    const build = await sharedPlayground();
    modules = build.modules;
  }, 120_000);

  it("bundles the browser-safe core of src/, RE2 carried in the page, and none of the Node-only parts", () => {
    const fromSrc = modules.filter((m) => m.includes(`${join(root, "src")}/`)).map((m) => m.slice(root.length + 1));
    expect(fromSrc).toEqual(
      expect.arrayContaining([
        "src/tools/registry.ts",
        "src/schema/validate.ts",
        "src/schema/cast.ts",
        "src/schema/re2-engine.ts",
        "src/agent/runner.ts",
        "src/agent/batches.ts",
      ]),
    );
    // The page's re2-wasm is the package's scripts with their WebAssembly carried inline, never the Node package itself.
    expect(modules).toContain("\0re2-wasm-in-page");
    // Of security/, only the refusal codes and brands the tool contract shares (`refusal.ts`, plain
    // data) belong in the page; the SSRF guard resolves names through Node's DNS.
    expect(fromSrc).toContain("src/security/refusal.ts");
    const nodeOnly = modules.filter((m) =>
      /src\/tools\/loader\.ts|src\/tools\/builtin\/|src\/mcp\/|src\/security\/(?!refusal\.ts$)|src\/providers\/openai-compatible|@modelcontextprotocol|node_modules\/re2-wasm/.test(
        m,
      ),
    );
    expect(nodeOnly).toEqual([]);
  });
});

describe.skipIf(plan.skip)("the playground in a browser", { timeout: TEST_TIMEOUT }, () => {
  beforeAll(async () => {
    pageUrl = pathToFileURL((await sharedPlayground()).file).href;
    browser = await launchChromium(plan);
    tab = await browser.context.newPage();
    await watchTab(tab);
  }, 120_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
  });

  it("a shared link with a catastrophic pattern opens at once: the page checks patterns with RE2, as register does", async () => {
    const schema = JSON.stringify({
      type: "object",
      properties: { s: { type: "string", pattern: "^(a+)+$" }, q: { type: "string", not: { pattern: "[^\\p{L}\\p{N}_.-]" } } },
    });
    const link = (args: unknown): string => `#${new URLSearchParams({ tool: "redos", schema, name: "redos", args: JSON.stringify(args) }).toString()}`;
    // 35 characters: a backtracking engine takes minutes and freezes the tab before it is ready.
    const { page, errors } = await open(link({ s: `${"a".repeat(35)}!` }));
    expect(await page.textContent("#model-reads")).toBe(`Error: Invalid parameters for tool 'redos': s must match pattern ^(a+)+$${RETRY_HINT}`);
    await page.fill("#call-args", JSON.stringify({ s: "a".repeat(5_000) }));
    await expect.poll(() => page.getAttribute("#fc-outcome-execute", "class")).toContain("reached");
    // A string too long for its pattern refuses the call in the page too.
    await page.fill("#call-args", JSON.stringify({ q: `bob;rm -rf /${" ".repeat(1_000)}` }));
    await expect
      .poll(() => page.textContent("#model-reads"))
      .toBe(
        `Error: Invalid parameters for tool 'redos': q is too long to check against its pattern (limit ${longestCheckedInput("[^\\p{L}\\p{N}_.-]")} characters)${RETRY_HINT}`,
      );
    expect(errors).toEqual([]);
  });

  it("loads from disk without the network, with no console error, and reports its load time", async () => {
    const { page, errors, network } = await open();
    const loadMs = await page.evaluate(() => performance.getEntriesByName("playground-ready")[0]?.startTime ?? -1);
    expect(loadMs).toBeGreaterThan(0);
    console.log(`playground ready ${loadMs.toFixed(0)} ms after navigation started`);
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, "playground.png"), fullPage: true });
    expect(errors).toEqual([]);
    expect(network).toEqual([]);
  });

  it("stops a malformed call at the shape step, with the exact text the model reads, as you type", async () => {
    const { page, errors } = await open();
    await page.fill("#call-name", "read_file");
    await page.fill("#call-args", '{"path": "a.txt"');
    await expect.poll(() => page.textContent("#model-reads"), UNTIL_TIMEOUT).toBe(notAnObjectMessage("read_file", "string") + RETRY_HINT);
    expect(await page.getAttribute("#steps li[data-step=shape]", "class")).toBe("failed");
    expect(await page.getAttribute("#fc-step-shape", "class")).toContain("failed");
    expect(await page.getAttribute("#fc-outcome-shape", "class")).toContain("reached");
    expect(await page.getAttribute("#fc-step-cast", "class")).not.toMatch(/ok|failed/);
    // A fix, typed: the call now passes every step.
    await page.fill("#call-args", '{"path": "a.txt"}');
    await expect.poll(() => page.getAttribute("#fc-outcome-execute", "class"), UNTIL_TIMEOUT).toContain("reached");
    expect(errors).toEqual([]);
  });

  it("loads a preset, keeps it in the URL, and a shared link restores it", async () => {
    const { page, errors } = await open();
    await page.click("button[data-preset=near-miss]");
    await expect.poll(() => page.textContent("#model-reads"), UNTIL_TIMEOUT).toContain("Did you mean 'read_file'? Tool names must match exactly.");
    const hash = new URL(page.url()).hash;
    expect(hash).toContain("name=ReadFile");
    const shared = await open(hash);
    expect(await shared.page.inputValue("#call-name")).toBe("ReadFile");
    expect(await shared.page.textContent("#model-reads")).toContain("Did you mean 'read_file'?");
    expect([...errors, ...shared.errors]).toEqual([]);
  });

  it("runs the mixed turn: the write never overlaps a read, and the tool messages come in call order", async () => {
    const { page, errors } = await open();
    await page.selectOption("#turn-preset", "mixed");
    await page.click("#run");
    await page.waitForSelector("body[data-turns='1']");
    // Evaluated in the page as text: the tests are compiled without the DOM types.
    const bars = await page.evaluate<{ id: string; start: number; end: number }[]>(`[...document.querySelectorAll(".lane")].map((lane) => {
      const bar = lane.querySelector(".bar");
      return { id: lane.getAttribute("data-call") ?? "", start: Number(bar?.getAttribute("data-start")), end: Number(bar?.getAttribute("data-end")) };
    })`);
    const write = bars.find((b) => b.id === "w1");
    expect(write).toBeDefined();
    for (const read of bars.filter((b) => b.id !== "w1")) {
      expect(read.end <= (write?.start ?? 0) || read.start >= (write?.end ?? Infinity), `${read.id} overlaps the write`).toBe(true);
    }
    const texts = await page.evaluate<string[]>(`[...document.querySelectorAll("#tool-messages code")].map((code) => code.textContent ?? "")`);
    const ids = texts.map((text) => /tool_call_id: "([^"]+)"/.exec(text)?.[1]);
    expect(ids).toEqual(["r1", "r2", "w1", "r3", "r4"]);
    expect(await page.textContent("#timeline .summary")).toContain("No unsafe call overlapped another.");
    await page.screenshot({ path: join(shots, "playground-turn.png"), fullPage: true });
    expect(errors).toEqual([]);
  });

  it("can be used from the keyboard alone", async () => {
    const { page } = await open();
    const reached = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      const id = await page.evaluate<string>('document.activeElement?.id || document.activeElement?.getAttribute("data-preset") || ""');
      if (id !== "") reached.add(id);
    }
    for (const id of ["tool", "schema", "call-name", "call-args", "valid", "turn-preset", "opt-concurrent", "opt-timeout", "run"]) expect(reached, id).toContain(id);
  });
});

describe("npm run playground", () => {
  it("serves the page on a loopback port that it prints", async () => {
    const child = spawn(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "--config", "playground/vite.config.ts", "--port", "0"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      let out = "";
      // No timer of its own: the server prints its URL or exits (the test's timeout is the backstop).
      const url = await new Promise<string>((resolveUrl, reject) => {
        const onData = (chunk: Buffer): void => {
          out += chunk.toString();
          const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(stripVTControlCharacters(out));
          if (found !== null) resolveUrl(found[0]);
        };
        child.stdout.on("data", onData);
        child.stderr.on("data", onData);
        child.on("close", (code) => reject(new Error(`the server exited (${String(code)}) without printing a URL:\n${out}`)));
      });
      const html = await (await fetch(url)).text();
      expect(html).toContain("<h1>Tool-call playground</h1>");
      expect(html).toContain('src="./main.ts"');
    } finally {
      child.kill();
    }
  }, 90_000);
});
