// A seeded pseudo-random generator, so the same size always gives the same people, posts and
// pictures. mulberry32: tiny, fast, and good enough for picking words and colours.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` different items, in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
  shuffle<T>(items: readonly T[]): T[];
  /** A float in [min, max). */
  between(min: number, max: number): number;
  /** A generator of its own, derived from this one and `label` (stable however much this one is used). */
  fork(label: string | number): Random;
}

/** A 32-bit hash of a string (FNV-1a), to derive independent streams from labels. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRandom(seed: number | string): Random {
  const origin = typeof seed === 'string' ? hash32(seed) : seed >>> 0;
  let state = origin;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    shuffle: (items) => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy;
    },
    sample: (items, count) => random.shuffle(items).slice(0, Math.max(0, count)),
    between: (min, max) => min + next() * (max - min),
    // Derived from the origin, not the current state: forks do not depend on the order of use.
    fork: (label) => createRandom(hash32(`${origin}:${label}`)),
  };
  return random;
}
