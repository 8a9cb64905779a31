import type { LatticeEmbedding } from './latticeEmbedding.ts';
import type { LatticeSplineWeights } from './latticeSplineWeights.ts';

/**
 * Per lattice vertex, its distance [cells] from the nearest weight-0 surface vertex, measured through the lattice:
 * each weight-0 surface vertex seeds the lattice vertices its spline reads (latticeSplineWeights: the ≤ 27 within
 * 1.5 cells, of its own part) with their straight distance to it, and the distances spread along the tets' edges
 * (shortest paths, so a part's duplicated cells never see a weight-0 vertex of another part across a gap). Used to
 * grade the pins near a weight-0 rim (createVolumeSimulation): vertices further than `maxDistance` get Infinity.
 *
 * Cost: relaxation sweeps over the edges until nothing changes, about one per edge hop within `maxDistance`.
 *
 * @param embedding       the lattice (latticeEmbedding)
 * @param spline          its spline weights (latticeSplineWeights)
 * @param edges           #E×2 lattice edges (latticeEdges(embedding))
 * @param surfaceWeights  #S physics-blend weights of the surface vertices (0 marks a source)
 * @param maxDistance     distances at or beyond this [cells] are left Infinity
 * @param out             #N receives the distances [cells]
 * @returns out
 */
export function weightZeroDistances(
  embedding: LatticeEmbedding,
  spline: LatticeSplineWeights,
  edges: ArrayLike<number>,
  surfaceWeights: ArrayLike<number>,
  maxDistance: number,
  out: Float64Array,
): Float64Array {
  const { vertexCount, positions, tetrahedra, surfaceVertexCount: S, surfaceTet, surfaceBarycentric, cellSize } = embedding;
  if (surfaceWeights.length < S) throw new RangeError(`weightZeroDistances: surfaceWeights needs ${S} values`);
  if (out.length < vertexCount) throw new RangeError(`weightZeroDistances: out needs ${vertexCount} values`);
  out.fill(Infinity, 0, vertexCount);
  const point = [0, 0, 0];
  for (let s = 0; s < S; s++) {
    if (surfaceWeights[s] !== 0) continue;
    point[0] = point[1] = point[2] = 0;
    for (let i = 0; i < 4; i++) {
      const v = tetrahedra[4 * surfaceTet[s] + i];
      for (let a = 0; a < 3; a++) point[a] += surfaceBarycentric[4 * s + i] * positions[3 * v + a];
    }
    for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) {
      const v = spline.vertices[e];
      const d = Math.hypot(positions[3 * v] - point[0], positions[3 * v + 1] - point[1], positions[3 * v + 2] - point[2]) / cellSize;
      if (d < out[v] && d < maxDistance) out[v] = d;
    }
  }
  const edgeCount = edges.length / 2;
  const lengths = new Float64Array(edgeCount);
  for (let e = 0; e < edgeCount; e++) {
    const a = 3 * edges[2 * e];
    const b = 3 * edges[2 * e + 1];
    lengths[e] = Math.hypot(positions[a] - positions[b], positions[a + 1] - positions[b + 1], positions[a + 2] - positions[b + 2]) / cellSize;
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (let e = 0; e < edgeCount; e++) {
      const a = edges[2 * e];
      const b = edges[2 * e + 1];
      const viaA = out[a] + lengths[e];
      const viaB = out[b] + lengths[e];
      if (viaA < out[b] && viaA < maxDistance) {
        out[b] = viaA;
        changed = true;
      } else if (viaB < out[a] && viaB < maxDistance) {
        out[a] = viaB;
        changed = true;
      }
    }
  }
  return out;
}
