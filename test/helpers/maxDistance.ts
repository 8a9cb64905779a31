/**
 * The largest distance between corresponding points of two #V×3 position lists (row-major xyz), for "moved at most" and
 * "the same shape" checks; lists of different lengths are a test bug and throw.
 */
export function maxDistance(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error(`maxDistance: ${a.length} vs ${b.length} numbers`);
  let worst = 0;
  for (let i = 0; i < a.length; i += 3) worst = Math.max(worst, Math.hypot(a[i] - b[i], a[i + 1] - b[i + 1], a[i + 2] - b[i + 2]));
  return worst;
}
