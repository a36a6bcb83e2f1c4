/**
 * Property (c) of what happens to a tool's result after it runs: over generated
 * workspace layouts with symlinks (a `.tool-results`, session folder or result file that links
 * out of the workspace, to a file, to a missing target, to the workspace or its parent; old
 * session folders outside that a followed link would prune), persistence creates and deletes
 * nothing outside the workspace, and a reference always names a regular file inside it that
 * holds that very result. Layouts live on a memory file system when the machine has one, so a
 * soak of 100,000 runs is not held up by the disk.
 *
 * `FC_RUNS` changes the number of runs (the soak uses 100,000), `FC_SEED` replays a failure. Each
 * run touches the file system, so the time limit grows with the run count (100 ms a run).
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildToolMessage } from "../../../src/agent/results/tool-message.js";
import { TOOL_RESULT_BUCKET_MARKER } from "../../../src/agent/results/result-persistence.js";
import { TRUNCATION_SUFFIX } from "../../../src/util/text-cut.js";
import { ToolCallRequest } from "../../../src/providers/base.js";
import { isPathInside } from "../../../src/tools/workspace.js";
import { propertyConfig, runs } from "../../soak/runs.js";

// ---------------------------------------------------------------------------------------------
// (c) persistence stays inside the workspace
// ---------------------------------------------------------------------------------------------

const LINK_TARGETS = ["outside", "outside/sub", "outside/old_bucket", "outside/missing-dir", "outside/keep.txt", "outside/new-file.txt", ".", ".."] as const;
type LinkTarget = (typeof LINK_TARGETS)[number];

/** What sits at one path of the layout. */
type Slot = { kind: "absent" } | { kind: "dir" } | { kind: "file" } | { kind: "link"; to: LinkTarget };

const slot = fc.oneof(
  fc.constant<Slot>({ kind: "absent" }),
  fc.constant<Slot>({ kind: "dir" }),
  fc.constant<Slot>({ kind: "file" }),
  fc.constantFrom(...LINK_TARGETS).map((to): Slot => ({ kind: "link", to })),
);

interface Layout {
  workspaceIsLink: boolean;
  root: Slot;
  bucket: Slot;
  target: Slot;
  oldBucketLink: boolean;
  oldBucketHoldsLink: boolean;
  calls: { session: string; id: string; size: number; sameText: boolean }[];
}

const layoutArb: fc.Arbitrary<Layout> = fc.record({
  workspaceIsLink: fc.boolean(),
  root: slot,
  bucket: slot,
  target: slot,
  oldBucketLink: fc.boolean(),
  oldBucketHoldsLink: fc.boolean(),
  calls: fc.array(
    fc.record({
      session: fc.constantFrom("s", "", "..", ".tool-results", "a/b", "../outside"),
      id: fc.constantFrom("c", "call_0", "..", "../outside/x", "c.2", ""),
      size: fc.integer({ min: 2_001, max: 4_000 }),
      sameText: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

/** Every entry under `dir`: name, kind, content or link target. */
function snapshotTree(dir: string): string[] {
  const out: string[] = [];
  for (const rel of readdirSync(dir, { recursive: true }).map(String).sort()) {
    const path = join(dir, rel);
    const info = lstatSync(path);
    if (info.isSymbolicLink()) out.push(`${rel} -> ${readlinkSync(path)}`);
    else if (info.isDirectory()) out.push(`${rel}/ ${info.mtimeMs}`);
    else out.push(`${rel} = ${readFileSync(path, "utf8")}`);
  }
  return out;
}

function place(path: string, what: Slot, base: string): void {
  if (what.kind === "dir") mkdirSync(path, { recursive: true });
  else if (what.kind === "file") writeFileSync(path, "a plain file");
  else if (what.kind === "link") symlinkSync(what.to === "." || what.to === ".." ? what.to : join(base, what.to), path);
}

let scratch = "";
beforeAll(() => {
  const memory = "/dev/shm";
  scratch = mkdtempSync(join(existsSync(memory) ? memory : tmpdir(), "results-property-"));
});
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe("property: (c) persistence creates and deletes nothing outside the workspace", () => {
  it("over generated layouts with symlinks, the outside is untouched and references name files inside", { timeout: Math.max(120_000, runs(500) * 100) }, async () => {
    let run = 0;
    let persisted = 0;
    let refused = 0;
    const linkKinds = new Set<string>();
    await fc.assert(
      fc.asyncProperty(layoutArb, async (layout) => {
        const base = join(scratch, String(run++));
        const outside = join(base, "outside");
        const real = join(base, "real-ws");
        mkdirSync(join(outside, "sub"), { recursive: true });
        writeFileSync(join(outside, "keep.txt"), "the user's file");
        mkdirSync(join(outside, "old_bucket"));
        writeFileSync(join(outside, "old_bucket", TOOL_RESULT_BUCKET_MARKER), "");
        writeFileSync(join(outside, "old_bucket", "data.txt"), "precious");
        const old = new Date(Date.now() - 60 * 24 * 3600 * 1000);
        utimesSync(join(outside, "old_bucket"), old, old);
        mkdirSync(real);
        const ws = layout.workspaceIsLink ? join(base, "ws-link") : real;
        if (layout.workspaceIsLink) symlinkSync(real, ws);

        const root = join(real, ".tool-results");
        place(root, layout.root, base);
        for (const s of [layout.root, layout.bucket, layout.target]) if (s.kind === "link") linkKinds.add(s.to);
        if (layout.root.kind === "dir") {
          const bucket = join(root, "s");
          place(bucket, layout.bucket, base);
          if (layout.bucket.kind === "dir") place(join(bucket, "c.txt"), layout.target, base);
          if (layout.oldBucketLink) symlinkSync(join(outside, "old_bucket"), join(root, "linked_old"));
          const stale = join(root, "stale");
          mkdirSync(stale);
          writeFileSync(join(stale, TOOL_RESULT_BUCKET_MARKER), "");
          if (layout.oldBucketHoldsLink) symlinkSync(join(outside, "keep.txt"), join(stale, "link.txt"));
          utimesSync(stale, old, old);
        }

        const outsideBefore = snapshotTree(outside);
        const baseBefore = readdirSync(base).sort();
        for (const [i, c] of layout.calls.entries()) {
          const text = (c.sameText ? "same " : `call ${i} `).padEnd(c.size, c.sameText ? "s" : String(i));
          const message = await buildToolMessage(new ToolCallRequest({ id: c.id, name: "exec", arguments: {} }), text, {
            maxToolResultChars: 2_000,
            workspace: ws,
            sessionKey: c.session,
          });
          const content = message.content ?? "";
          const saved = /^\[tool output persisted\]\nFull output saved to: (.*)\n/.exec(content);
          if (saved === null) {
            refused++;
            expect(content).toBe(text.slice(0, 2_000) + TRUNCATION_SUFFIX);
            continue;
          }
          persisted++;
          const path = saved[1] as string;
          expect(lstatSync(path).isFile(), `${path} is a regular file`).toBe(true);
          expect(isPathInside(realpathSync(real), realpathSync(path)), `${path} is inside ${real}`).toBe(true);
          expect(readFileSync(path, "utf8")).toBe(text);
        }
        expect(snapshotTree(outside)).toEqual(outsideBefore);
        expect(readdirSync(base).sort()).toEqual(baseBefore);
        rmSync(base, { recursive: true, force: true });
      }),
      propertyConfig("persistence stays inside the workspace", 500),
    );
    expect(persisted, "some results were saved").toBeGreaterThan(0);
    expect(refused, "some layouts were refused").toBeGreaterThan(0);
    for (const to of LINK_TARGETS) expect(linkKinds.has(to), `the generator reached a link to ${to}`).toBe(true);
  });
});
