/**
 * WCAG's contrast ratio as the browser tests compute it (`contrast.ts`), on colours written as the
 * browser computes them: its two ends (the same colour, black on white), WCAG's own worked value,
 * and that it never depends on the order of the two colours or on their alpha.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { propertyConfig } from "../soak/runs.js";
import { contrast } from "./contrast.js";

const channel = fc.integer({ min: 0, max: 255 });
const rgb = fc.tuple(channel, channel, channel).map(([r, g, b]) => `rgb(${r}, ${g}, ${b})`);

describe("contrast", () => {
  it("is 1 for a colour on itself and 21 for black on white", () => {
    expect(contrast("rgb(12, 34, 56)", "rgb(12, 34, 56)")).toBe(1);
    expect(contrast("rgb(0, 0, 0)", "rgb(255, 255, 255)")).toBeCloseTo(21, 10);
  });

  it("gives #767676 on white the 4.54:1 that makes it the lightest grey for body text", () => {
    expect(contrast("rgb(118, 118, 118)", "rgb(255, 255, 255)")).toBeCloseTo(4.54, 2);
  });

  it("is always between 1 and 21, whichever colour comes first", () => {
    fc.assert(
      fc.property(rgb, rgb, (a, b) => {
        const ratio = contrast(a, b);
        expect(ratio).toBeGreaterThanOrEqual(1);
        expect(ratio).toBeLessThanOrEqual(21 + 1e-9);
        expect(contrast(b, a)).toBe(ratio);
      }),
      propertyConfig("contrast: between 1 and 21, either order", 100),
    );
  });

  it("never reads the alpha of an rgba(…) colour", () => {
    fc.assert(
      fc.property(channel, channel, channel, fc.double({ min: 0, max: 1, noNaN: true }), rgb, (r, g, b, alpha, other) => {
        expect(contrast(`rgba(${r}, ${g}, ${b}, ${alpha})`, other)).toBe(contrast(`rgb(${r}, ${g}, ${b})`, other));
      }),
      propertyConfig("contrast: alpha left out", 100),
    );
  });
});
