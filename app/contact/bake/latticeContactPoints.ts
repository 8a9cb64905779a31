import type { LatticeEmbedding } from '../../embedding/index.ts';

/**
 * Contact points embedded in a tet lattice (seed 000 Eq. 4.10, q = Σ_k w_k u_k + offset): each embedded surface vertex
 * reads its lattice tet's four vertices with its barycentric weights; a surface vertex the lattice does not embed
 * reads vertex 0 with weight 0 (a kinematic point: its offset is the point itself, no force moves it). The layout is
 * VbdContactData's: #S×4 vertices, #S×4 weights.
 *
 * @param embedding           the lattice embedding of the K embedded vertices
 * @param embedded            #K the surface vertex of each embedded vertex
 * @param surfaceVertexCount  S
 * @returns pointVertices and pointWeights for ogcContact
 */
export function latticeContactPoints(
  embedding: LatticeEmbedding,
  embedded: Uint32Array,
  surfaceVertexCount: number,
): { pointVertices: Uint32Array; pointWeights: Float64Array } {
  const pointVertices = new Uint32Array(4 * surfaceVertexCount);
  const pointWeights = new Float64Array(4 * surfaceVertexCount);
  for (let i = 0; i < embedded.length; i++) {
    const tet = embedding.surfaceTet[i];
    const s = embedded[i];
    for (let k = 0; k < 4; k++) {
      pointVertices[4 * s + k] = embedding.tetrahedra[4 * tet + k];
      pointWeights[4 * s + k] = embedding.surfaceBarycentric[4 * i + k];
    }
  }
  return { pointVertices, pointWeights };
}
