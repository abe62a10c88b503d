/**
 * Readable text colours (WCAG 2.1 contrast, docs/architecture.md "Accessibility"). A theme's team colour
 * (e.g. the generic theme's #ef4444, or any colour a theme pack brings) stays the theme's for borders and
 * swatches; text drawn in it is lightened just enough to reach 4.5:1 on the app's lightest dark surface.
 */

/** The lightest background text sits on (a tinted card on the dark theme, with a role tag's own tint), with a margin. */
export const LIGHTEST_SURFACE = '#36324f';
/** WCAG AA for normal text. */
const AA = 4.5;

/** #rgb / #rrggbb to [r, g, b] (0-255), or null. */
function rgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** Relative luminance (WCAG 2.1) of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Contrast ratio of two colours (1 to 21).
 * @throws never: an unreadable colour string counts as contrast 21 (left as it is)
 */
export function contrast(a: string, b: string): number {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return 21;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `color` mixed with white in 5 % steps until it reaches 4.5:1 on `background` (as it is when it already does);
 * a colour string that is not #rgb / #rrggbb is returned unchanged.
 */
export function readableOn(color: string, background: string = LIGHTEST_SURFACE): string {
  const c = rgb(color);
  if (!c) return color;
  for (let step = 0; step <= 20; step++) {
    const mix = c.map((v) => Math.round(v + ((255 - v) * step) / 20)) as [number, number, number];
    const hex = `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    if (contrast(hex, background) >= AA) return hex;
  }
  return '#ffffff';
}
