/**
 * Plugin manifests: an installed package lists its tools in its `package.json` under
 * `"nanobot": { "tools": { "<entry name>": "./path/to/module.js#ExportName" } }`, the npm
 * counterpart of the Python entry-point group `nanobot.tools`. This module finds the packages,
 * reads their manifests and imports the named classes, and refuses any module that lies outside
 * its package (through `..`, an absolute path or a symlink).
 *
 * @module
 */
import { readdir, readFile, realpath } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolClass } from "./base.js";
import { isLoadableToolClass } from "./loadable-class.js";
import { describeThrown } from "../util/thrown.js";
import { isPathInside } from "./workspace.js";

/**
 * Reads the plugins installed under one plugin root into `into`. The root is either a project
 * folder (its `node_modules/` is searched) or, when that holds no package, a `node_modules`-style
 * folder itself.
 */
export async function readPluginRoot(root: string, into: Map<string, ToolClass>, warn: (msg: string) => void): Promise<void> {
  const nested = await pluginPackageDirs(resolve(root, "node_modules"));
  for (const pkgDir of nested.length > 0 ? nested : await pluginPackageDirs(resolve(root))) {
    await readPluginManifest(pkgDir, into, warn);
  }
}

/** The package folders in a `node_modules`-style folder, scoped packages (`@scope/name`) included, sorted. */
async function pluginPackageDirs(nodeModules: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(nodeModules)).sort();
  } catch {
    return [];
  }
  const dirs: string[] = [];
  for (const name of names) {
    if (name.startsWith(".")) continue;
    if (name.startsWith("@")) {
      try {
        for (const inner of (await readdir(join(nodeModules, name))).sort()) dirs.push(join(nodeModules, name, inner));
      } catch {
        // not a folder: ignore
      }
    } else {
      dirs.push(join(nodeModules, name));
    }
  }
  return dirs;
}

/**
 * The real path of a manifest entry's module, or why it is refused: an absolute path, or one
 * that resolves (through `..` or symlinks) outside the package folder, would run code the
 * package does not hold, so it is never imported.
 */
async function pluginEntryFile(pkgDir: string, modulePath: string): Promise<string | { refused: string }> {
  if (modulePath === "" || isAbsolute(modulePath) || /^[a-z][\d+.a-z-]*:/i.test(modulePath)) {
    return { refused: `its module path ${JSON.stringify(modulePath)} must be relative to the package, like "./module.js"` };
  }
  let root: string;
  let file: string;
  try {
    root = await realpath(pkgDir);
    file = await realpath(resolve(root, modulePath));
  } catch (error) {
    return { refused: `its module ${JSON.stringify(modulePath)} cannot be found (${describeThrown(error).message})` };
  }
  if (!isPathInside(root, file)) {
    return { refused: `its module ${JSON.stringify(modulePath)} resolves to ${file}, outside the package folder ${root}` };
  }
  return file;
}

/**
 * Reads the `"nanobot": {"tools": {...}}` manifest of the package in `pkgDir` and puts each loadable
 * class it names into `into`, by entry name. An entry is `"./path/module.js#ExportName"` (`default`
 * when no `#`); its module must lie inside the package. A package without a manifest is passed by
 * in silence; each entry that cannot be used is reported to `warn` and skipped.
 */
async function readPluginManifest(pkgDir: string, into: Map<string, ToolClass>, warn: (msg: string) => void): Promise<void> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(pkgDir, "package.json"), "utf8"));
  } catch {
    return;
  }
  const tools = (manifest as { nanobot?: { tools?: unknown } } | null)?.nanobot?.tools;
  if (tools === null || typeof tools !== "object" || Array.isArray(tools)) return;
  for (const [entry, spec] of Object.entries(tools as Record<string, unknown>)) {
    if (typeof spec !== "string" || spec === "") {
      warn(`skipped plugin '${entry}' in ${pkgDir}: its entry must be "./module.js#Export"`);
      continue;
    }
    const [modulePath = "", exportName = "default"] = spec.split("#");
    const file = await pluginEntryFile(pkgDir, modulePath);
    if (typeof file !== "string") {
      warn(`skipped plugin '${entry}' in ${pkgDir}: ${file.refused}`);
      continue;
    }
    try {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const value = mod[exportName];
      if (!isLoadableToolClass(value)) {
        warn(`skipped plugin '${entry}' in ${pkgDir}: ${exportName} is not a concrete, discoverable Tool class`);
        continue;
      }
      if (into.has(entry)) warn(`plugin entry '${entry}' in ${pkgDir} replaces an earlier entry of the same name`);
      into.set(entry, value);
    } catch (error) {
      warn(`skipped plugin '${entry}' in ${pkgDir}: it failed to import (${describeThrown(error).message})`);
    }
  }
}
