import { contrast, LIGHTEST_SURFACE, readableOn } from './contrast';

describe('readable text colours (WCAG 2.1)', () => {
  it('computes contrast ratios as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrast('#ef4444', '#101c3d')).toBeCloseTo(4.44, 1);
  });

  it("lightens a theme's team colour just enough to reach 4.5:1 on the lightest surface, and keeps readable ones", () => {
    for (const c of ['#ef4444', '#ff0000', '#3b82f6', '#8b5cf6', '#1668dc', '#000000']) {
      const r = readableOn(c);
      expect(contrast(r, LIGHTEST_SURFACE)).toBeGreaterThanOrEqual(4.5);
      expect(r).not.toBe(c);
    }
    expect(readableOn('#ffffff')).toBe('#ffffff');
    expect(readableOn('#22c55e')).toBe('#22c55e');
    expect(readableOn('tomato')).toBe('tomato');
  });
});
