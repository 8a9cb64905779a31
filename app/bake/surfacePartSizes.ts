import type { ImportedMesh } from '../io/index.ts';

/**
 * The welded vertex count and rest size (bounding-box diagonal) of each separate part of a mesh's surface (welded
 * connected component: a body, an eye, a visor), the scale its quality measures compare a part's motion with, and
 * whether the part is carried (every vertex's weight NaN: a glued accessory or gear riding its host, carriedShells).
 *
 * @param topology       the mesh's welded topology
 * @param restPositions  #V×3 welded rest positions [m]
 * @param weights        #V welded weights, NaN on carried vertices (the quality measures' convention)
 * @returns per part, its vertex count, size [m] and 1 where it is carried
 */
export function surfacePartSizes(
  topology: ImportedMesh['topology'],
  restPositions: ArrayLike<number>,
  weights: ArrayLike<number>,
): { vertexCounts: Int32Array; sizes: Float64Array; carried: Uint8Array } {
  const partCount = topology.componentCount;
  const lo = new Float64Array(3 * partCount).fill(Infinity);
  const hi = new Float64Array(3 * partCount).fill(-Infinity);
  const vertexCounts = new Int32Array(partCount);
  const carried = new Uint8Array(partCount).fill(1);
  for (let v = 0; v < topology.vertexCount; v++) {
    const p = topology.componentOfVertex[v];
    if (p >= partCount) continue;
    vertexCounts[p]++;
    if (!Number.isNaN(weights[v])) carried[p] = 0;
    for (let c = 0; c < 3; c++) {
      lo[3 * p + c] = Math.min(lo[3 * p + c], restPositions[3 * v + c]);
      hi[3 * p + c] = Math.max(hi[3 * p + c], restPositions[3 * v + c]);
    }
  }
  const sizes = Float64Array.from({ length: partCount }, (_, p) =>
    Math.hypot(hi[3 * p] - lo[3 * p], hi[3 * p + 1] - lo[3 * p + 1], hi[3 * p + 2] - lo[3 * p + 2]),
  );
  return { vertexCounts, sizes, carried };
}
