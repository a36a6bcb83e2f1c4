/**
 * Finds a Chromium-based browser (Chrome, Chromium or Edge) for the browser tests, on Linux, macOS
 * and Windows, without touching the network: `$CHROMIUM_PATH` first, then each browser's standard
 * install paths, then any browser Playwright has downloaded into its cache. Pure apart from the file
 * system, the environment, the platform and the home folder, which are passed in (`systemHost()` is
 * this machine), so the search is tested on a faked machine (`find-browser.test.ts`).
 */
import { existsSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { posix, win32 } from "node:path";

/** What the finder may look at: the real machine by default, a faked one in tests. */
export interface BrowserSearchHost {
  /** The environment (`CHROMIUM_PATH`, `PLAYWRIGHT_BROWSERS_PATH`, Windows' program folders). */
  env: Readonly<Record<string, string | undefined>>;
  /** `process.platform`: `linux`, `darwin`, `win32`; anything else is searched like Linux. */
  platform: string;
  /** The user's home folder. */
  home: string;
  /** Whether a file exists at this path. */
  exists(path: string): boolean;
  /** The names in a folder, or an empty list when it cannot be read. */
  list(dir: string): string[];
}

/** Where a browser was found. */
export type BrowserSource = "CHROMIUM_PATH" | "installed" | "Playwright's cache";

/** A browser to launch. */
export interface FoundBrowser {
  path: string;
  source: BrowserSource;
}

/** The outcome of a search: a browser, or why none (one sentence, with what to do). */
export type BrowserSearch = { found: FoundBrowser } | { found: null; reason: string };

/** How to get a browser, said once wherever none is found. */
export const INSTALL_HINT =
  "install Chrome, Chromium or Edge (Debian/Ubuntu: sudo apt-get install chromium; any system: npx playwright-core install chromium) or set CHROMIUM_PATH to one";

function pathsFor(platform: string): typeof posix {
  return platform === "win32" ? win32 : posix;
}

/** The standard install paths of Chrome, Chromium and Edge on `host.platform`, in the order they are tried. */
export function installedCandidates(host: Pick<BrowserSearchHost, "env" | "platform" | "home">): string[] {
  const { env, platform, home } = host;
  if (platform === "darwin") {
    const apps = [
      "Google Chrome.app/Contents/MacOS/Google Chrome",
      "Chromium.app/Contents/MacOS/Chromium",
      "Microsoft Edge.app/Contents/MacOS/Microsoft Edge",
      "Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary",
    ];
    return [...apps.map((app) => `/Applications/${app}`), ...apps.map((app) => posix.join(home, "Applications", app))];
  }
  if (platform === "win32") {
    const programFiles = env["PROGRAMFILES"] ?? "C:\\Program Files";
    const programFilesX86 = env["PROGRAMFILES(X86)"] ?? "C:\\Program Files (x86)";
    const localAppData = env["LOCALAPPDATA"] ?? win32.join(home, "AppData", "Local");
    const roots = [programFiles, programFilesX86, localAppData];
    return [
      ...roots.map((root) => win32.join(root, "Google", "Chrome", "Application", "chrome.exe")),
      ...roots.map((root) => win32.join(root, "Chromium", "Application", "chrome.exe")),
      ...roots.map((root) => win32.join(root, "Microsoft", "Edge", "Application", "msedge.exe")),
    ];
  }
  return [
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome",
    "/usr/bin/google-chrome-stable",
    "/usr/bin/microsoft-edge",
    "/usr/bin/microsoft-edge-stable",
    "/opt/google/chrome/chrome",
    "/opt/microsoft/msedge/msedge",
    "/snap/bin/chromium",
    "/usr/local/bin/chromium",
    "/usr/local/bin/google-chrome",
  ];
}

/** Playwright's browser cache on `host.platform`, or `null` when `PLAYWRIGHT_BROWSERS_PATH=0` keeps browsers inside node_modules. */
export function playwrightCache(host: Pick<BrowserSearchHost, "env" | "platform" | "home">): string | null {
  const { env, platform, home } = host;
  const given = env["PLAYWRIGHT_BROWSERS_PATH"];
  if (given === "0") return null;
  if (given !== undefined && given !== "") return given;
  if (platform === "darwin") return posix.join(home, "Library", "Caches", "ms-playwright");
  if (platform === "win32") return win32.join(env["LOCALAPPDATA"] ?? win32.join(home, "AppData", "Local"), "ms-playwright");
  return posix.join(env["XDG_CACHE_HOME"] || posix.join(home, ".cache"), "ms-playwright");
}

/** The executable inside one of Playwright's `chromium-NNNN` or `chromium_headless_shell-NNNN` folders, per platform (newer layouts first). */
const CACHE_LAYOUTS: Record<"linux" | "darwin" | "win32", { full: string[][]; shell: string[][] }> = {
  linux: {
    full: [
      ["chrome-linux64", "chrome"],
      ["chrome-linux-arm64", "chrome"],
      ["chrome-linux", "chrome"],
    ],
    shell: [
      ["chrome-headless-shell-linux64", "chrome-headless-shell"],
      ["chrome-headless-shell-linux-arm64", "chrome-headless-shell"],
      ["chrome-linux", "headless_shell"],
    ],
  },
  darwin: {
    full: [
      ["chrome-mac-arm64", "Google Chrome for Testing.app", "Contents", "MacOS", "Google Chrome for Testing"],
      ["chrome-mac-x64", "Google Chrome for Testing.app", "Contents", "MacOS", "Google Chrome for Testing"],
      ["chrome-mac", "Chromium.app", "Contents", "MacOS", "Chromium"],
    ],
    shell: [
      ["chrome-headless-shell-mac-arm64", "chrome-headless-shell"],
      ["chrome-headless-shell-mac-x64", "chrome-headless-shell"],
      ["chrome-mac", "headless_shell"],
    ],
  },
  win32: {
    full: [
      ["chrome-win64", "chrome.exe"],
      ["chrome-win", "chrome.exe"],
    ],
    shell: [
      ["chrome-headless-shell-win64", "chrome-headless-shell.exe"],
      ["chrome-win", "headless_shell.exe"],
    ],
  },
};

/** Every browser executable Playwright's cache may hold, newest revision first, full Chromium before the headless shell. */
export function cacheCandidates(host: Omit<BrowserSearchHost, "exists">): string[] {
  const cache = playwrightCache(host);
  if (cache === null) return [];
  const paths = pathsFor(host.platform);
  const layouts = CACHE_LAYOUTS[host.platform === "darwin" || host.platform === "win32" ? host.platform : "linux"];
  const folders = host.list(cache).flatMap((name) => {
    const match = /^chromium(_headless_shell)?-(\d+)$/.exec(name);
    return match === null ? [] : [{ name, shell: match[1] !== undefined, revision: Number(match[2]) }];
  });
  folders.sort((a, b) => Number(a.shell) - Number(b.shell) || b.revision - a.revision);
  return folders.flatMap((folder) => (folder.shell ? layouts.shell : layouts.full).map((parts) => paths.join(cache, folder.name, ...parts)));
}

/**
 * Finds the browser to launch: `$CHROMIUM_PATH` when set (and then only it: a wrong path is
 * reported, not silently replaced), else the first installed Chrome, Chromium or Edge, else the
 * newest Chromium in Playwright's cache.
 */
export function findBrowser(host: BrowserSearchHost): BrowserSearch {
  const given = host.env["CHROMIUM_PATH"];
  if (given !== undefined && given !== "") {
    return host.exists(given) ? { found: { path: given, source: "CHROMIUM_PATH" } } : { found: null, reason: `CHROMIUM_PATH=${given} does not exist; ${INSTALL_HINT}` };
  }
  const installed = installedCandidates(host).find((path) => host.exists(path));
  if (installed !== undefined) return { found: { path: installed, source: "installed" } };
  const cached = cacheCandidates(host).find((path) => host.exists(path));
  if (cached !== undefined) return { found: { path: cached, source: "Playwright's cache" } };
  return { found: null, reason: `no Chrome, Chromium or Edge found at their usual places or in Playwright's cache; ${INSTALL_HINT}` };
}

/**
 * The features Playwright itself turns off (`playwright-core` 1.65's launch flags). Chromium keeps
 * the last `--disable-features` it is given, so the one in {@link CHROMIUM_ARGS} repeats these
 * (`find-browser.test.ts` checks the installed `playwright-core` still turns off no other).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The address bar's drop-down, which a headless Chrome still builds as a web page of its own for
 * every window it opens (about half a CPU-second each, and two seconds at start). No test reads it.
 */
export const OMNIBOX_POPUP_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

/** Flags for a quiet, offline, sandbox-free headless run (the sandbox needs privileges CI lacks). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(",")}`,
];

/** The environment variable that turns a missing browser from a skip into a failure (`.ci/run` sets it). */
export const REQUIRE_BROWSER = "WORKBOOK_REQUIRE_BROWSER";

/** This machine, as the finder sees it. */
export function systemHost(): BrowserSearchHost {
  return {
    env: process.env,
    platform: process.platform,
    home: homedir(),
    exists: (path) => existsSync(path),
    list: (dir) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
  };
}
