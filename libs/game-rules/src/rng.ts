/**
 * Seeded, counter-based random numbers (docs/rules.md "Setup and deal": the deal and every later random choice
 * come from the game seed).
 *
 * The i-th draw of a seed is a pure function of `(seed, i)`, so a game's `seed` plus its `rngCounter`
 * are enough to continue the sequence exactly where it stopped, across processes and replicas. No
 * Node built-ins: the same numbers come out in the browser.
 */
import type { GameState } from './types.js';

type Words = readonly [number, number, number, number];

const wordCache = new Map<string, Words>();

/** cyrb128: hashes a string into four 32-bit words. */
function hashSeed(seed: string): Words {
  const cached = wordCache.get(seed);
  if (cached) return cached;
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < seed.length; i++) {
    const k = seed.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  const words: Words = [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
  if (wordCache.size > 1024) wordCache.clear();
  wordCache.set(seed, words);
  return words;
}

/** murmur3 finaliser: full avalanche of a 32-bit word. */
function fmix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The `counter`-th 32-bit draw of `seed`: an unsigned integer in [0, 2^32).
 * @param seed any string (the game seed, hex from a CSPRNG)
 * @param counter non-negative integer index of the draw
 */
export function drawAt(seed: string, counter: number): number {
  const w = hashSeed(seed);
  const lo = counter >>> 0;
  const hi = Math.floor(counter / 4294967296) >>> 0;
  let h = fmix32((w[0] ^ Math.imul(lo, 0x9e3779b9)) + w[1]);
  h = fmix32((h ^ w[2]) + Math.imul(hi ^ lo, 0x85ebca77));
  h = fmix32(h ^ w[3] ^ Math.imul(lo, 0xc2b2ae3d));
  return h;
}

/**
 * A random source over a seed and a mutable counter. Every helper draws through {@link Rng.nextUint32},
 * so `counter` always equals the number of 32-bit draws made so far.
 */
export class Rng {
  /**
   * @param seed the seed string
   * @param counter index of the next draw (0 for a fresh sequence)
   */
  constructor(
    readonly seed: string,
    public counter = 0,
  ) {}

  /** Next unsigned 32-bit integer; advances the counter by 1. */
  nextUint32(): number {
    const v = drawAt(this.seed, this.counter);
    this.counter += 1;
    return v;
  }

  /**
   * Uniform integer in [0, n) without modulo bias (rejection sampling).
   * @throws RangeError when n is not a positive safe integer below 2^32
   */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0 || n > 4294967296) throw new RangeError(`Rng.int: bad bound ${n}`);
    const limit = Math.floor(4294967296 / n) * n;
    for (;;) {
      const v = this.nextUint32();
      if (v < limit) return v % n;
    }
  }

  /** True with probability `p` (0..1). */
  chance(p: number): boolean {
    return this.nextUint32() / 4294967296 < p;
  }

  /**
   * Uniformly chosen element of a non-empty array.
   * @throws RangeError on an empty array
   */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty array');
    return items[this.int(items.length)] as T;
  }

  /** A shuffled copy of `items` (Fisher-Yates); the input is not modified. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = out[i] as T;
      out[i] = out[j] as T;
      out[j] = tmp;
    }
    return out;
  }

  /** `k` distinct elements chosen uniformly (in random order). */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, k);
  }
}

/**
 * Runs `fn` with an {@link Rng} that continues the game's sequence (`state.seed`, `state.rngCounter`)
 * and writes the advanced counter back into `state` (which must be a draft the caller owns).
 * @throws Error when the game has no seed (lobby) - an engine bug, not player input
 */
export function withGameRng<T>(state: GameState, fn: (rng: Rng) => T): T {
  if (state.seed === null) throw new Error('withGameRng: the game has no seed');
  const rng = new Rng(state.seed, state.rngCounter);
  try {
    return fn(rng);
  } finally {
    state.rngCounter = rng.counter;
  }
}
