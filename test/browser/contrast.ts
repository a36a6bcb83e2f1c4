/**
 * WCAG's contrast ratio of two colours as the browser computes them (`rgb(…)` or `rgba(…)`, the
 * alpha left out): from 1 (the same luminance) to 21 (black on white). The browser tests hold
 * outlines and a diagram's arrows to 3:1 on what they sit on.
 */

/** The relative luminance of a computed `rgb(…)` colour, as WCAG 2.1 defines it. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(?:\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two computed `rgb(…)` colours, the lighter over the darker. */
export function contrast(a: string, b: string): number {
  const [hi = 0, lo = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
