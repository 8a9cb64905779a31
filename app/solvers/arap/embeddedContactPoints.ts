import type { LatticeEmbedding } from '../../embedding/index.ts';
import type { ArapContactPoints } from './types.ts';

/**
 * Contact points for ARAP on a lattice embedding: each surface vertex, as the barycentric combination of its tet's
 * four lattice vertices (q = C′u, seed 004 Algorithm 1), so contacts are resolved for the surface the artist sees,
 * not for the lattice cells around it. A plane constraint on a point is then one row over four lattice vertices.
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @returns one point per surface vertex, in the surface's vertex order
 */
export function embeddedContactPoints(embedding: LatticeEmbedding): ArapContactPoints {
  const S = embedding.surfaceVertexCount;
  const vertices = new Int32Array(4 * S);
  const weights = new Float64Array(4 * S);
  for (let s = 0; s < S; s++) {
    const t = embedding.surfaceTet[s];
    for (let i = 0; i < 4; i++) {
      vertices[4 * s + i] = embedding.tetrahedra[4 * t + i];
      weights[4 * s + i] = embedding.surfaceBarycentric[4 * s + i];
    }
  }
  return { count: S, offsets: Int32Array.from({ length: S + 1 }, (_, i) => 4 * i), vertices, weights };
}
