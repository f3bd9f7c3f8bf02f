/**
 * A small deterministic generator (mulberry32) for randomised tests, so a failure names its seed.
 * Its low bits are as random as its high ones (an LCG's `% n` cycled through multiples of 8).
 */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    /** an integer in [0, n) */
    below: (n: number) => Math.floor(next() * n),
    /** an integer in [lo, hi] */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
