import fc from 'fast-check';
import { Rng, drawAt } from './rng.js';

describe('seeded RNG (docs/rules.md "Setup and deal")', () => {
  it('is a pure function of (seed, counter): a sequence can be continued from its counter', () => {
    const a = new Rng('abc');
    const first = [a.nextUint32(), a.nextUint32(), a.nextUint32()];
    const b = new Rng('abc', 2);
    expect(b.nextUint32()).toBe(first[2]);
    expect(drawAt('abc', 1)).toBe(first[1]);
    expect(new Rng('abd').nextUint32()).not.toBe(first[0]);
  });

  it('int(n) stays in range and shuffle is a permutation', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 1000 }), fc.array(fc.integer(), { maxLength: 30 }), (seed, n, arr) => {
        const r = new Rng(seed);
        const v = r.int(n);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThan(n);
        expect(r.shuffle(arr).sort()).toEqual(arr.slice().sort());
      }),
      { numRuns: 200 },
    );
  });

  it('is roughly uniform', () => {
    const r = new Rng('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[r.int(6)] += 1;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
});
