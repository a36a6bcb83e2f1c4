/** The small helpers behind the lesson runner: README parsing, flags, and plain output off a terminal. */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDemoFlags } from "../../lessons/_shared/args.js";
import { readLessonMeta } from "../../lessons/_shared/meta.js";
import { compact, mark, useColour } from "../../lessons/_shared/print.js";
import { parseLessonNumber } from "../../lessons/run.js";

describe("readLessonMeta", () => {
  it("reads the number, the title and the key points, joining wrapped bullets", () => {
    const dir = mkdtempSync(join(tmpdir(), "lesson-meta-"));
    writeFileSync(join(dir, "README.md"), "# 7. Errors as results\n\nIntro.\n\n## Key points\n- first\n- second,\n  wrapped\n* third\n\n## Next\n- not a key point\n");
    expect(readLessonMeta(dir)).toMatchObject({ number: 7, title: "Errors as results", keyPoints: ["first", "second, wrapped", "third"] });
  });

  it("rejects a README without the heading", () => {
    const dir = mkdtempSync(join(tmpdir(), "lesson-meta-"));
    writeFileSync(join(dir, "README.md"), "Lesson seven\n");
    expect(() => readLessonMeta(dir)).toThrow(/# <N>\. <Title>/);
  });
});

describe("flags and numbers", () => {
  it("parses --name, --args, --step and passes unknown flags through", () => {
    const flags = parseDemoFlags(["--name", "read_file", "--args", '{"path": 3}', "--step", "--run=3", "extra"]);
    expect(flags).toMatchObject({ name: "read_file", args: '{"path": 3}', step: true, positional: ["extra"] });
    expect(flags.all["run"]).toBe("3");
  });

  it("accepts 5 and 05 as lesson numbers, nothing else", () => {
    expect(parseLessonNumber("5")).toBe(5);
    expect(parseLessonNumber("05")).toBe(5);
    expect(parseLessonNumber("five")).toBeNull();
    expect(parseLessonNumber("5a")).toBeNull();
    expect(parseLessonNumber(undefined)).toBeNull();
  });
});

describe("output off a terminal", () => {
  it("uses no colour and ASCII marks", () => {
    expect(process.stdout.isTTY).not.toBe(true);
    expect(useColour()).toBe(false);
    expect(mark(true).trim()).toBe("ok");
    expect(mark(false)).toBe("FAIL");
  });

  it("compact() keeps JSON short and survives cycles and BigInt", () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic["self"] = cyclic;
    expect(compact(cyclic)).toBe('{"a":1,"self":"[Circular]"}');
    expect(compact({ n: 10n })).toBe('{"n":"10n"}');
    expect(compact({ text: "x".repeat(100) }, 30).length).toBeLessThanOrEqual(30);
  });
});
