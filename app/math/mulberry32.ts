/**
 * Mulberry32 (Tommy Ettinger, 2017): a seeded 32-bit pseudo-random stream, tiny and the same on every platform, for
 * everything that must be random yet reproducible (the randomized SVD's sketch, self-tests, test inputs).
 *
 * @param seed  any number; its low 32 bits seed the stream
 * @returns the next unsigned 32-bit word of the stream at each call
 */
export function mulberry32Words(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * Uniform numbers in [0, 1) from a seed: Mulberry32's words / 2³².
 *
 * @param seed  any number; its low 32 bits seed the stream
 * @returns the next number at each call
 */
export function mulberry32(seed: number): () => number {
  const next = mulberry32Words(seed);
  return () => next() / 4294967296;
}
