import { cornerCotangent } from '../../geometry/index.ts';

/**
 * Clamped cotangent edge weights of a triangle mesh, w_ij = ½(cot α_ij + cot β_ij) (α, β the angles opposite edge
 * ij in its two triangles; Pinkall & Polthier 1993, the weights of Sorkine & Alexa 2007 Eq. 2 and of seed 004 §3.2),
 * as triplets (i, j, w_ij) with i < j, duplicates summed by the caller's assembly. Obtuse triangles make weights
 * negative, which breaks ARAP's energy as a sum of squares (the local step then no longer decreases it), so
 * negative and near-zero sums are clamped to `floor`·(mean positive weight), as Vega's ARAPModel and seed 004
 * §4.8 (the surface ARAP with clamped negative cotangent weights it compares with, Fig. 4.13) do; the small positive floor keeps every edge in the
 * graph so the Laplacian stays connected where the mesh is.
 *
 * @param positions  #V×3 rest positions [m]
 * @param triangles  #F×3 vertex indices (degenerate triangles contribute nothing)
 * @param floor      clamp, relative to the mean positive weight (default 1e-4)
 * @returns pairs (#E×2, i < j, sorted) and their clamped weights (#E)
 */
export function cotangentEdgeWeights(positions: ArrayLike<number>, triangles: ArrayLike<number>, floor = 1e-4): { pairs: Int32Array; weights: Float64Array } {
  const map = new Map<number, number>();
  const vertexCount = positions.length / 3;
  const key = (i: number, j: number): number => (i < j ? i * vertexCount + j : j * vertexCount + i);
  for (let f = 0; f < triangles.length / 3; f++) {
    for (let corner = 0; corner < 3; corner++) {
      const a = triangles[3 * f + corner];
      const b = triangles[3 * f + ((corner + 1) % 3)];
      const c = triangles[3 * f + ((corner + 2) % 3)];
      const k = key(b, c);
      const cot = cornerCotangent(positions, a, b, c);
      map.set(k, (map.get(k) ?? 0) + 0.5 * cot);
    }
  }
  const keys = Array.from(map.keys()).sort((x, y) => x - y);
  const pairs = new Int32Array(2 * keys.length);
  const weights = new Float64Array(keys.length);
  let positiveSum = 0;
  let positiveCount = 0;
  keys.forEach((k, e) => {
    pairs[2 * e] = Math.floor(k / vertexCount);
    pairs[2 * e + 1] = k % vertexCount;
    const w = map.get(k) as number;
    weights[e] = w;
    if (w > 0) {
      positiveSum += w;
      positiveCount++;
    }
  });
  const minimum = floor * (positiveCount > 0 ? positiveSum / positiveCount : 1);
  for (let e = 0; e < weights.length; e++) if (!(weights[e] > minimum)) weights[e] = minimum;
  return { pairs, weights };
}
