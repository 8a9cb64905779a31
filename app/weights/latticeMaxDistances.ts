import type { LatticeEmbedding } from '../embedding/index.ts';

/**
 * Max distances of lattice vertices from those of the surface vertices embedded in their tets: each
 * lattice vertex takes the smallest limit of any surface vertex with a nonzero barycentric weight on
 * it (Infinity where none). A lattice vertex within d of its fitted target moves the embedded surface
 * by at most d (barycentric combinations of displacements bounded by d are bounded by d), so clamping
 * the lattice with these limits keeps every limited surface vertex within its own limit, up to the
 * detail transfer's rotation of the surface offset; the bake clamps the transferred surface once more
 * with the surface limits to make it exact.
 *
 * @param embedding             the mesh's lattice embedding
 * @param surfaceMaxDistances   #S max distance per welded surface vertex (Infinity: none)
 * @param out                   #N max distance per lattice vertex
 * @returns out
 */
export function latticeMaxDistances(
  embedding: Pick<LatticeEmbedding, 'surfaceVertexCount' | 'surfaceTet' | 'surfaceBarycentric' | 'tetrahedra' | 'vertexCount'>,
  surfaceMaxDistances: ArrayLike<number>,
  out: Float64Array | Float32Array,
): Float64Array | Float32Array {
  const { surfaceVertexCount, surfaceTet, surfaceBarycentric, tetrahedra, vertexCount } = embedding;
  if (surfaceMaxDistances.length < surfaceVertexCount)
    throw new RangeError(`latticeMaxDistances: ${surfaceMaxDistances.length} limits for ${surfaceVertexCount} surface vertices`);
  out.fill(Infinity, 0, vertexCount);
  for (let s = 0; s < surfaceVertexCount; s++) {
    const d = surfaceMaxDistances[s];
    if (!(d < Infinity)) continue;
    const tet = surfaceTet[s];
    for (let i = 0; i < 4; i++) {
      if (surfaceBarycentric[4 * s + i] === 0) continue;
      const vertex = tetrahedra[4 * tet + i];
      if (d < out[vertex]) out[vertex] = d;
    }
  }
  return out;
}
