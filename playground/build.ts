/**
 * Builds the playground as ONE self-contained HTML file (its script and styles inline, the script
 * a classic one), so the page works when opened straight from disk, where browsers refuse module
 * scripts, and TypeDoc can carry it into the docs site as a single file. `npm run docs` runs it
 * before TypeDoc: `tsx playground/build.ts` writes `docs/playground.html`.
 *
 * @module
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { PLAYGROUND_PAGE } from "./paths.js";
import { browserPatternEngine, nodeBuiltinStubs } from "./vite.config.js";

const here = fileURLToPath(new URL(".", import.meta.url));

/** Text that may sit inside a `<script>` element: no `</script` or `<!--` can end it early. */
function scriptSafe(code: string): string {
  return code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}

/** What a build wrote: the page's size, and every module the page's script was bundled from. */
export interface PlaygroundBuild {
  /** The page's size in bytes. */
  bytes: number;
  /** The bundled modules, as absolute paths (or Vite's virtual ids). */
  modules: string[];
}

/** Builds the page into `file`. */
export async function buildPlayground(file: string = PLAYGROUND_PAGE): Promise<PlaygroundBuild> {
  const work = mkdtempSync(join(tmpdir(), "playground-build-"));
  const modules: string[] = [];
  try {
    await build({
      configFile: false,
      root: here,
      logLevel: "warn",
      plugins: [
        browserPatternEngine(),
        nodeBuiltinStubs(),
        {
          name: "workbook-list-modules",
          generateBundle: (_options, bundle) => {
            for (const chunk of Object.values(bundle)) if (chunk.type === "chunk") modules.push(...chunk.moduleIds);
          },
        },
      ],
      // The page is one classic script, which has no `import.meta`; the only code that reads it
      // (reloading RE2 through Node's `require`) never runs in a page.
      define: { "import.meta.url": "undefined" },
      build: {
        outDir: work,
        emptyOutDir: false,
        copyPublicDir: false,
        minify: true,
        sourcemap: false,
        lib: { entry: resolve(here, "main.ts"), formats: ["iife"], name: "ToolCallPlayground", fileName: () => "playground.js" },
      },
    });
    const script = readFileSync(join(work, "playground.js"), "utf8");
    const style = readFileSync(resolve(here, "style.css"), "utf8");
    let page = readFileSync(resolve(here, "index.html"), "utf8");
    const link = '<link rel="stylesheet" href="./style.css">';
    const entry = '<script type="module" src="./main.ts"></script>';
    if (!page.includes(link) || !page.includes(entry)) throw new Error("playground/index.html no longer has the expected style link and entry script");
    page = page.replace(link, () => `<style>\n${style}</style>`).replace(entry, () => `<script>\n${scriptSafe(script)}</script>`);
    mkdirSync(dirname(resolve(file)), { recursive: true });
    writeFileSync(resolve(file), page);
    return { bytes: Buffer.byteLength(page), modules };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = resolve(process.argv[2] ?? PLAYGROUND_PAGE);
  const { bytes } = await buildPlayground(file);
  console.log(`playground built: ${file} (${Math.round(bytes / 1024)} KB, self-contained)`);
}
