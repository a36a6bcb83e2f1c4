/**
 * Vite settings of the playground. `npm run playground` serves `playground/` on a loopback port;
 * `npm run docs` builds it (through `build.ts`) as one self-contained page, so it also works from
 * `file://`. The page imports only the browser-safe core of `src/`; the few Node built-ins that core
 * still names are replaced by stubs that throw if they are ever called, and patterns run on the
 * same linear-time engine as on Node, RE2's WebAssembly, whose bytes the page carries.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = fileURLToPath(new URL("..", import.meta.url));
const STUB_PREFIX = "\0node-stub:";

/**
 * Resolves every Node built-in (`node:fs/promises`, `os`, …) to a module with the same export
 * names, each a function that throws "not available in the browser". Persistence of large
 * results and `~` expansion in workspace paths, the only users, never run in the playground.
 */
export function nodeBuiltinStubs(): Plugin {
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  return {
    name: "workbook-node-builtin-stubs",
    enforce: "pre",
    resolveId(id) {
      return builtins.has(id) ? `${STUB_PREFIX}${id.replace(/^node:/, "")}` : null;
    },
    async load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const name = id.slice(STUB_PREFIX.length);
      const real = (await import(/* @vite-ignore */ `node:${name}`)) as Record<string, unknown>;
      const names = Object.keys(real).filter((key) => key !== "default" && /^[a-z_$][\w$]*$/i.test(key));
      const lines = [
        `const unavailable = (what) => function () { throw new Error(what + " is not available in the browser"); };`,
        ...names.map((key) => `export const ${key} = unavailable(${JSON.stringify(`${name}.${key}`)});`),
        `export default {};`,
      ];
      return lines.join("\n");
    },
  };
}

/** The id the page's copy of `re2-wasm` is loaded under. */
const RE2_IN_PAGE = "\0re2-wasm-in-page";

/**
 * The page's `re2-wasm`: the package's own two scripts, unchanged, wrapped so that they run in a
 * page. On Node the package reads its `.wasm` file with `fs`; here the bytes are carried in the
 * page (as base64) and handed to the package's loader as `wasmBinary`, which it instantiates at
 * once, as it does on Node. The package's `require` of its loader is answered with that loader.
 */
export function re2WasmModule(): string {
  const entry = createRequire(import.meta.url).resolve("re2-wasm");
  const build = dirname(dirname(entry));
  const loader = readFileSync(join(build, "wasm", "re2.js"), "utf8");
  const api = readFileSync(entry, "utf8");
  const bytes = readFileSync(join(build, "wasm", "re2.wasm")).toString("base64");
  return [
    `const text = atob(${JSON.stringify(bytes)});`,
    // The loader declares its own `wasmBinary`, so the bytes go by another name until handed over.
    "const re2WasmBytes = new Uint8Array(text.length);",
    "for (let i = 0; i < text.length; i++) re2WasmBytes[i] = text.charCodeAt(i);",
    "function loadWasm() {",
    "  var module = { exports: {} };",
    "  var Module = { wasmBinary: re2WasmBytes };",
    loader,
    "  return Module;",
    "}",
    "function loadApi(wasm) {",
    "  var module = { exports: {} };",
    "  var exports = module.exports;",
    '  var require = (id) => { if (id === "../wasm/re2") return wasm; throw new Error("re2-wasm asked for " + id); };',
    api,
    "  return module.exports;",
    "}",
    "export const RE2 = loadApi(loadWasm()).RE2;",
  ].join("\n");
}

/**
 * Lets the page run patterns on RE2, as the registry does on Node: `re2-wasm`, imported by
 * `src/schema/re2-engine.ts`, becomes {@link re2WasmModule}, which carries its WebAssembly instead
 * of reading it from disk. A pattern that backtracks (`^(a+)+$`) in a shared link then cannot
 * freeze the page.
 */
export function browserPatternEngine(): Plugin {
  return {
    name: "workbook-browser-pattern-engine",
    enforce: "pre",
    resolveId(source) {
      return source === "re2-wasm" ? RE2_IN_PAGE : null;
    },
    load(id) {
      return id === RE2_IN_PAGE ? re2WasmModule() : null;
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [browserPatternEngine(), nodeBuiltinStubs()],
  logLevel: "info",
  clearScreen: false,
  server: { host: "127.0.0.1", port: 5178, strictPort: false, fs: { allow: [root] } },
  // The plugin above answers `re2-wasm`; Vite must not bundle the Node package in its place.
  optimizeDeps: { exclude: ["re2-wasm"] },
  preview: { host: "127.0.0.1" },
});
