/**
 * Vite settings of the playground. `npm run playground` serves `playground/` on a loopback port;
 * `npm run docs` builds it (through `build.ts`) as one self-contained page, so it also works from
 * `file://`. The page imports only the browser-safe core of `src/`; the few Node built-ins that core
 * still names are replaced by stubs that throw if they are ever called, and patterns run on the
 * browser's `RegExp` instead of RE2's WebAssembly.
 *
 * @module
 */
import { builtinModules } from "node:module";
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
      const names = Object.keys(real).filter((key) => key !== "default" && /^[A-Za-z_$][\w$]*$/.test(key));
      const lines = [
        `const unavailable = (what) => function () { throw new Error(what + " is not available in the browser"); };`,
        ...names.map((key) => `export const ${key} = unavailable(${JSON.stringify(`${name}.${key}`)});`),
        `export default {};`,
      ];
      return lines.join("\n");
    },
  };
}

/**
 * Puts `playground/re2-engine.browser.ts` in place of `src/tools/re2-engine.ts`, whose WebAssembly
 * is read from disk: in the page, patterns run on the browser's own `RegExp`.
 */
export function browserPatternEngine(): Plugin {
  const browserEngine = fileURLToPath(new URL("./re2-engine.browser.ts", import.meta.url));
  return {
    name: "workbook-browser-pattern-engine",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer === undefined || !/[\\/]src[\\/]tools[\\/]/.test(importer)) return null;
      return /^\.\/re2-engine(\.js|\.ts)?$/.test(source) ? browserEngine : null;
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [browserPatternEngine(), nodeBuiltinStubs()],
  logLevel: "info",
  clearScreen: false,
  server: { host: "127.0.0.1", port: 5178, strictPort: false, fs: { allow: [root] } },
  preview: { host: "127.0.0.1" },
});
