import type { LatticeEmbedding } from './latticeEmbedding.ts';

/**
 * Surface positions interpolated from lattice positions, q = C′u (seed 004 Algorithm 1, "{q_i} ← C{u_i}"):
 * each surface vertex is the barycentric combination of its tet's four lattice vertices. With the rest
 * lattice it reproduces the rest surface (to rounding); the app uses it to draw the embedded surface on a
 * deformed lattice.
 *
 * @param embedding        the lattice (latticeEmbedding)
 * @param latticePositions #N×3 lattice positions u [m]
 * @param out              #S×3 receives C′u [m] (Float32Array for drawing, Float64Array for math)
 * @returns out
 */
export function embeddedSurfacePositions(
  embedding: LatticeEmbedding,
  latticePositions: ArrayLike<number>,
  out: Float32Array | Float64Array,
): Float32Array | Float64Array {
  const { surfaceVertexCount: S, surfaceTet, surfaceBarycentric, tetrahedra } = embedding;
  if (out.length < 3 * S) throw new RangeError(`embeddedSurfacePositions: out needs ${S}×3 numbers`);
  if (latticePositions.length < 3 * embedding.vertexCount) {
    throw new RangeError(`embeddedSurfacePositions: latticePositions needs ${embedding.vertexCount}×3 numbers`);
  }
  for (let s = 0; s < S; s++) {
    const t = 4 * surfaceTet[s];
    let x = 0;
    let y = 0;
    let z = 0;
    for (let i = 0; i < 4; i++) {
      const b = surfaceBarycentric[4 * s + i];
      const v = 3 * tetrahedra[t + i];
      x += b * latticePositions[v];
      y += b * latticePositions[v + 1];
      z += b * latticePositions[v + 2];
    }
    out[3 * s] = x;
    out[3 * s + 1] = y;
    out[3 * s + 2] = z;
  }
  return out;
}
