/**
 * The learner install (`npm ci --omit=dev`) made in a folder without npm and without the network,
 * as links (what it must hold is checked by `learner-install.test.ts`):
 * every top-level package `package-lock.json` does not mark `dev`, linked from the workbook's own
 * `node_modules/`, and the commands of `node_modules/.bin/` that belong to one of them. The
 * template's tests (`template.test.ts`) run the learners' scripts in it, and
 * `npm run check:template` (`check-template.ts`) type-checks the template there with TypeScript 5,
 * the compiler that install has.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";

/** What a learner install holds. */
export interface LearnerInstall {
  /** The packages linked, by name (`@scope/name` for a scoped one). */
  packages: Set<string>;
  /** The commands of `node_modules/.bin/` it has (none on Windows, where npm writes shims instead). */
  bins: Set<string>;
}

/**
 * Makes the learner install in `dir` (which must have no `node_modules/` yet) from the workbook at
 * `root`, whose full install is in place.
 */
export function learnerInstall(dir: string, root: string): LearnerInstall {
  const installed = join(root, "node_modules");
  const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
  const packages = new Set<string>();
  for (const [key, entry] of Object.entries(lock.packages)) {
    const name = key.slice("node_modules/".length);
    if (!key.startsWith("node_modules/") || name.includes("/node_modules/") || entry.dev === true || !existsSync(join(installed, name))) continue;
    packages.add(name);
    mkdirSync(dirname(join(dir, "node_modules", name)), { recursive: true });
    symlinkSync(join(installed, name), join(dir, "node_modules", name), "junction");
  }
  const bins = new Set<string>();
  mkdirSync(join(dir, "node_modules", ".bin"));
  for (const bin of readdirSync(join(installed, ".bin"))) {
    if (process.platform === "win32") break;
    const target = readlinkSync(join(installed, ".bin", bin));
    const parts = target.replace(/^\.\.\//, "").split("/");
    const owner = parts[0]?.startsWith("@") === true ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
    if (!packages.has(owner)) continue;
    symlinkSync(target, join(dir, "node_modules", ".bin", bin));
    bins.add(bin);
  }
  return { packages, bins };
}
