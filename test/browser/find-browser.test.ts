/**
 * The browser finder on faked machines: each platform's standard paths for Chrome, Chromium and
 * Edge, Playwright's cache, `CHROMIUM_PATH`, and the one-line reason when nothing is found.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { posix, win32 } from "node:path";
import { describe, expect, it } from "vitest";
import {
  cacheCandidates,
  CHROMIUM_ARGS,
  findBrowser,
  INSTALL_HINT,
  installedCandidates,
  OMNIBOX_POPUP_FEATURES,
  PLAYWRIGHT_DISABLED_FEATURES,
  playwrightCache,
  type BrowserSearchHost,
} from "./find-browser.js";

/** A machine with exactly these files (and the folders that hold them). */
function machine(
  platform: string,
  files: string[],
  env: Record<string, string> = {},
  home = platform === "win32" ? "C:\\Users\\ada" : platform === "darwin" ? "/Users/ada" : "/home/ada",
): BrowserSearchHost & { looked: string[] } {
  const paths = platform === "win32" ? win32 : posix;
  const looked: string[] = [];
  return {
    env,
    platform,
    home,
    looked,
    exists(path) {
      looked.push(path);
      return files.includes(path);
    },
    list(dir) {
      const names = files.filter((f) => paths.dirname(f) !== f && f.startsWith(dir + paths.sep)).map((f) => f.slice(dir.length + 1).split(paths.sep)[0] ?? "");
      return [...new Set(names)];
    },
  };
}

describe("findBrowser on Linux", () => {
  it.each([
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/usr/bin/microsoft-edge",
    "/usr/bin/microsoft-edge-stable",
    "/opt/google/chrome/chrome",
    "/opt/microsoft/msedge/msedge",
    "/snap/bin/chromium",
  ])("finds %s", (path) => {
    expect(findBrowser(machine("linux", [path]))).toEqual({ found: { path, source: "installed" } });
  });

  it("prefers Chromium over Chrome over Edge when several are installed", () => {
    const host = machine("linux", ["/usr/bin/microsoft-edge", "/usr/bin/google-chrome", "/usr/bin/chromium"]);
    expect(findBrowser(host).found?.path).toBe("/usr/bin/chromium");
  });

  it("finds the newest Chromium in Playwright's cache, before its headless shell", () => {
    const cache = "/home/ada/.cache/ms-playwright";
    const host = machine("linux", [
      `${cache}/chromium-1140/chrome-linux/chrome`,
      `${cache}/chromium-1200/chrome-linux64/chrome`,
      `${cache}/chromium_headless_shell-1300/chrome-headless-shell-linux64/chrome-headless-shell`,
      `${cache}/firefox-1400/firefox/firefox`,
    ]);
    expect(findBrowser(host)).toEqual({ found: { path: `${cache}/chromium-1200/chrome-linux64/chrome`, source: "Playwright's cache" } });
  });

  it("finds Playwright's headless shell when it is the only browser", () => {
    const path = "/home/ada/.cache/ms-playwright/chromium_headless_shell-1300/chrome-headless-shell-linux64/chrome-headless-shell";
    expect(findBrowser(machine("linux", [path])).found?.path).toBe(path);
  });

  it("follows PLAYWRIGHT_BROWSERS_PATH and XDG_CACHE_HOME to the cache, and PLAYWRIGHT_BROWSERS_PATH=0 to none", () => {
    expect(playwrightCache({ env: { PLAYWRIGHT_BROWSERS_PATH: "/srv/pw" }, platform: "linux", home: "/home/ada" })).toBe("/srv/pw");
    expect(playwrightCache({ env: { XDG_CACHE_HOME: "/var/cache/ada" }, platform: "linux", home: "/home/ada" })).toBe("/var/cache/ada/ms-playwright");
    expect(playwrightCache({ env: { PLAYWRIGHT_BROWSERS_PATH: "0" }, platform: "linux", home: "/home/ada" })).toBeNull();
    const path = "/srv/pw/chromium-1200/chrome-linux64/chrome";
    expect(findBrowser(machine("linux", [path], { PLAYWRIGHT_BROWSERS_PATH: "/srv/pw" })).found?.path).toBe(path);
  });

  it("says in one line why nothing was found and how to get a browser, after looking everywhere", () => {
    const host = machine("linux", []);
    const search = findBrowser(host);
    expect(search.found).toBeNull();
    const reason = search.found === null ? search.reason : "";
    expect(reason).toContain("no Chrome, Chromium or Edge found");
    expect(reason).toContain(INSTALL_HINT);
    expect(reason).not.toContain("\n");
    expect(host.looked).toEqual(installedCandidates(host));
  });
});

describe("findBrowser on macOS", () => {
  it.each([
    "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
    "/Applications/Chromium.app/Contents/MacOS/Chromium",
    "/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
    "/Users/ada/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  ])("finds %s", (path) => {
    expect(findBrowser(machine("darwin", [path]))).toEqual({ found: { path, source: "installed" } });
  });

  it("finds Chrome for Testing in Playwright's cache under ~/Library/Caches", () => {
    const path = "/Users/ada/Library/Caches/ms-playwright/chromium-1200/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing";
    expect(findBrowser(machine("darwin", [path]))).toEqual({ found: { path, source: "Playwright's cache" } });
  });

  it("never looks at the Linux or Windows paths", () => {
    const host = machine("darwin", []);
    findBrowser(host);
    expect(host.looked.filter((p) => p.startsWith("/usr/") || p.includes("\\"))).toEqual([]);
  });
});

describe("findBrowser on Windows", () => {
  it.each([
    "C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe",
    "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
    "C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe",
    "C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe",
    "C:\\Program Files\\Microsoft\\Edge\\Application\\msedge.exe",
    "C:\\Users\\ada\\AppData\\Local\\Chromium\\Application\\chrome.exe",
  ])("finds %s", (path) => {
    expect(findBrowser(machine("win32", [path]))).toEqual({ found: { path, source: "installed" } });
  });

  it("reads the program folders from the environment", () => {
    const path = "D:\\Apps\\Microsoft\\Edge\\Application\\msedge.exe";
    expect(findBrowser(machine("win32", [path], { "PROGRAMFILES(X86)": "D:\\Apps" })).found?.path).toBe(path);
  });

  it("finds Chromium in Playwright's cache under %LOCALAPPDATA%", () => {
    const path = "E:\\Local\\ms-playwright\\chromium-1200\\chrome-win64\\chrome.exe";
    const host = machine("win32", [path], { LOCALAPPDATA: "E:\\Local" });
    expect(cacheCandidates(host)[0]).toBe(path);
    expect(findBrowser(host)).toEqual({ found: { path, source: "Playwright's cache" } });
  });
});

describe("CHROMIUM_PATH", () => {
  it("wins over every installed browser", () => {
    const host = machine("linux", ["/usr/bin/chromium", "/opt/chrome-dev/chrome"], { CHROMIUM_PATH: "/opt/chrome-dev/chrome" });
    expect(findBrowser(host)).toEqual({ found: { path: "/opt/chrome-dev/chrome", source: "CHROMIUM_PATH" } });
  });

  it("when it names no file, is reported as such, and no other browser is used in its place", () => {
    const host = machine("linux", ["/usr/bin/chromium"], { CHROMIUM_PATH: "/nonexistent" });
    const search = findBrowser(host);
    expect(search.found).toBeNull();
    expect(search.found === null ? search.reason : "").toBe(`CHROMIUM_PATH=/nonexistent does not exist; ${INSTALL_HINT}`);
    expect(host.looked).toEqual(["/nonexistent"]);
  });
});

describe("CHROMIUM_ARGS", () => {
  it("turns off every feature Playwright turns off, and the address bar's drop-down, in its one --disable-features", () => {
    // Playwright's list, as the installed playwright-core writes it: `disabledFeatures = [ "…", … ]`.
    const bundle = readFileSync(createRequire(import.meta.url).resolve("playwright-core/lib/coreBundle"), "utf8");
    const start = bundle.indexOf("disabledFeatures = [");
    expect(start, "playwright-core no longer names its disabled features `disabledFeatures`: see CHROMIUM_ARGS").toBeGreaterThan(-1);
    const block = bundle
      .slice(start, bundle.indexOf("]", start))
      .split("\n")
      .map((line) => line.split("//")[0] ?? "")
      .join("\n");
    const playwrights = [...block.matchAll(/"(\w+)"/g)].map((m) => m[1]);
    expect(playwrights.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));
    const flags = CHROMIUM_ARGS.filter((a) => a.startsWith("--disable-features="));
    expect(flags).toHaveLength(1);
    expect(flags[0]?.slice("--disable-features=".length).split(",")).toEqual([...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES]);
  });
});
