/**
 * The playground driven with the keyboard alone (Tab, Shift+Tab, Enter, Space and the arrow keys),
 * in a real browser (skipped with one line when none is installed), from the built self-contained
 * page (built once per run, `shared-site.ts`) opened from disk: after every action the focus is on
 * a control that makes sense, never on the page itself; the scripted turns are reached with the
 * arrow keys; a call is traced and a turn is run; and what they end with is put in a status region
 * that a screen reader announces. A timed-out tool reads the runner's own text.
 */
import { pathToFileURL } from "node:url";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runTurn } from "../../playground/model.js";
import { CALL_PRESETS, TURN_PRESETS } from "../../playground/presets.js";
import { toolTimeoutMessage } from "../../src/agent/runner-texts.js";
import { RETRY_HINT } from "../../src/tools/messages.js";
import { sharedPlayground } from "../docs/shared-site.js";
import { focused } from "./a11y-audit.js";
import { browserPlan, launchChromium, type HeadlessBrowser } from "./chromium.js";

const plan = browserPlan();
/** A browser on a busy machine is slow: each test gets two minutes, and a poll waits as long as its test may (not vitest's default second). */
const TEST_TIMEOUT = 120_000;
const UNTIL_TIMEOUT = { timeout: TEST_TIMEOUT };
let pageUrl = "";
let browser: HeadlessBrowser;

/** The one tab the tests open the page in; only file:// loads in it. */
let tab: Page;

/** Opens the page from disk afresh (a new document) in the tab. */
async function open(): Promise<Page> {
  await tab.goto("about:blank");
  await tab.goto(pageUrl);
  await tab.waitForSelector("body[data-ready=true]");
  return tab;
}

/** The ids of the calls in the table, in order. */
function callIds(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll("#calls tbody tr")].map((row) => row.querySelector("td")?.textContent ?? "")`);
}

/** Presses `key` and checks that the focus is still on a control, never on the page. */
async function press(page: Page, key: string, log: string[]): Promise<{ tag: string; id: string; label: string }> {
  await page.keyboard.press(key);
  const now = await focused(page);
  log.push(`${key} -> ${now.tag}#${now.id} ${now.label}`);
  expect(now.tag, `focus left the controls after ${key}:\n${log.join("\n")}`).not.toBe("body");
  return now;
}

/** Presses Tab until the focus is on an element matching `is`, at most `limit` times; each step keeps focus on a control. */
async function tabTo(page: Page, is: (f: { tag: string; id: string; label: string }) => boolean, log: string[], key = "Tab", limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (is(await press(page, key, log))) return;
  }
  throw new Error(`never reached the control:\n${log.join("\n")}`);
}

describe.skipIf(plan.skip)("the playground from the keyboard alone", { timeout: TEST_TIMEOUT }, () => {
  beforeAll(async () => {
    pageUrl = pathToFileURL((await sharedPlayground()).file).href;
    browser = await launchChromium(plan);
    tab = await browser.context.newPage();
    await tab.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  }, 180_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
  });

  it("traces a call, loads presets, removes a call and runs a turn without the focus ever leaving the controls, and announces the outcome", async () => {
    const page = await open();
    const log: string[] = [];

    // Panel 1: to the presets, and load one with Space and one with Enter; the focus stays on the pressed button.
    await tabTo(page, (f) => f.id === "tool", log);
    await tabTo(page, (f) => f.label === "a JSON array", log);
    await press(page, "Space", log);
    expect(await page.inputValue("#call-args")).toBe(CALL_PRESETS.find((p) => p.label === "a JSON array")?.args);
    expect((await focused(page)).label).toBe("a JSON array");
    await expect.poll(() => page.textContent("#prepare-status"), UNTIL_TIMEOUT).toBe("The call stopped at shape.");
    const next = await press(page, "Tab", log);
    expect(next.tag).toBe("button");
    await press(page, "Enter", log);
    expect((await focused(page)).label).toBe(next.label);
    const back = await press(page, "Shift+Tab", log);
    expect(back.label).toBe("a JSON array");

    // Panel 2: the scripted turns, with the arrow keys; the menu keeps the focus and shows the turn on the screen.
    await tabTo(page, (f) => f.id === "turn-preset", log);
    expect(await page.inputValue("#turn-preset")).toBe(TURN_PRESETS[0]?.id);
    for (const preset of [TURN_PRESETS[1], TURN_PRESETS[2]]) {
      await press(page, "ArrowDown", log);
      expect(await page.inputValue("#turn-preset")).toBe(preset?.id);
      expect(await callIds(page)).toEqual(preset?.calls.map((c) => c.id));
    }
    await press(page, "ArrowUp", log);
    await press(page, "ArrowUp", log);
    expect(await callIds(page)).toEqual(TURN_PRESETS[0]?.calls.map((c) => c.id));
    await press(page, "ArrowDown", log);
    expect(await callIds(page)).toEqual(TURN_PRESETS[1]?.calls.map((c) => c.id));
    expect((await focused(page)).id).toBe("turn-preset");

    // Remove the first call: the focus moves to the "remove" of the call now first, and Tab goes on from there.
    await tabTo(page, (f) => f.label.startsWith("remove call"), log);
    expect((await focused(page)).label).toBe("remove call r1");
    await press(page, "Enter", log);
    expect(await callIds(page)).toEqual(["r2", "r3", "w1", "s1"]);
    expect((await focused(page)).label).toBe("remove call r2");
    expect(await page.inputValue("#turn-preset")).toBe("");
    const after = await press(page, "Tab", log);
    expect(after.tag).toBe("select");
    expect(after.label).toBe("tool of call r3");

    // A time limit of 300 ms, with the arrow keys (the field steps by 100), and run the turn with Enter.
    await tabTo(page, (f) => f.id === "opt-timeout", log);
    for (let i = 0; i < 7; i++) await press(page, "ArrowDown", log);
    expect(await page.inputValue("#opt-timeout")).toBe("300");
    await tabTo(page, (f) => f.id === "run", log);
    await press(page, "Enter", log);
    await page.waitForSelector("body[data-turns='1']");
    expect((await focused(page)).id).toBe("run");
    const status = (await page.textContent("#turn-status")) ?? "";
    expect(status).toMatch(/^Turn finished: \d+ batch(es)?, \d+ ms\. 4 tool messages: r2: .*; r3: .*; w1: .*; s1: .*\. Final answer: All calls answered\.$/);
    expect(status).toContain(`r3: ${toolTimeoutMessage("read_file", 300)}`);
    // Space runs it again; the focus stays on the button through the run.
    await press(page, "Space", log);
    await page.waitForSelector("body[data-turns='2']");
    expect((await focused(page)).id).toBe("run");
    // Shift+Tab walks back into the options.
    expect((await press(page, "Shift+Tab", log)).id).toBe("opt-timeout");
  });

  it("announces a call's verdict once typing pauses, not the list of steps on every keystroke", async () => {
    const page = await open();
    const live = await page.evaluate<string[]>(`[...document.querySelectorAll("[aria-live], [role=status], [role=alert], [role=log]")].map((e) => e.id)`);
    expect(live.sort()).toEqual(["prepare-status", "turn-status"]);
    await expect.poll(() => page.textContent("#prepare-status"), UNTIL_TIMEOUT).toBe("The call stopped at shape.");
    // Count what the status region says while a fix is typed, one key at a time.
    await page.evaluate(`(() => {
      window.statusChanges = [];
      new MutationObserver(() => window.statusChanges.push(document.getElementById("prepare-status").textContent))
        .observe(document.getElementById("prepare-status"), { childList: true, characterData: true, subtree: true });
    })()`);
    await page.focus("#call-args");
    await page.keyboard.press("End");
    await page.keyboard.type(', "limit": 0}');
    await expect.poll(() => page.textContent("#prepare-status"), UNTIL_TIMEOUT).toBe("The call stopped at validate.");
    const changes = await page.evaluate<string[]>("window.statusChanges");
    expect(changes).toEqual(["The call stopped at validate."]);
  });

  it("shows each call's start and end as text beside its bar", async () => {
    const page = await open();
    await page.click("#run");
    await page.waitForSelector("body[data-turns='1']");
    const times = await page.evaluate<string[]>(`[...document.querySelectorAll(".lane")].map((lane) => lane.querySelector(".lane-time")?.textContent ?? "")`);
    expect(times).toHaveLength(TURN_PRESETS[0]?.calls.length ?? 0);
    for (const time of times) expect(time).toMatch(/^\d+–\d+ ms$/);
  });

  it("gives a timed-out tool the runner's own time-out text, and every tool message the text the same turn gives in Node", async () => {
    const page = await open();
    await page.selectOption("#turn-preset", "failures");
    await page.fill("#opt-timeout", "300");
    await page.dispatchEvent("#opt-timeout", "change");
    await page.click("#run");
    await page.waitForSelector("body[data-turns='1']");
    const messages = await page.evaluate<{ id: string; content: string }[]>(`[...document.querySelectorAll("#tool-messages li")].map((li) => ({
      id: /tool_call_id: "([^"]+)"/.exec(li.querySelector("code")?.textContent ?? "")?.[1] ?? "",
      content: li.querySelector("pre")?.textContent ?? "",
    }))`);
    expect(messages.find((m) => m.id === "r3")?.content).toBe(toolTimeoutMessage("read_file", 300) + RETRY_HINT);
    // The same turn run by the page's model in Node: every tool message reads the same.
    const calls = TURN_PRESETS.find((p) => p.id === "failures")?.calls ?? [];
    const inNode = await runTurn(calls, { concurrentTools: true, maxConcurrency: 0, failOnToolError: false, toolTimeoutMs: 300 });
    expect(messages).toEqual(inNode.toolMessages.map((m) => ({ id: m.tool_call_id, content: m.content })));
  });
});
