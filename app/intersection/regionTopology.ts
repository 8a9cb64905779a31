import { vertexNeighbours } from '../geometry/index.ts';

/** One mesh of a RegionTopology: its triangles, edges (the checker's, which pair lists name) and vertex 1-rings. */
export interface RegionMesh {
  /** #T×3 welded vertex indices */
  triangles: ArrayLike<number>;
  vertexCount: number;
  /** #E×2 the unique edges the intersection checker numbers (IntersectionChecker.edges of this mesh) */
  edges: ArrayLike<number>;
  /** CSR 1-rings: the neighbours of v are neighbours[neighbourOffsets[v] .. neighbourOffsets[v + 1]) */
  neighbourOffsets: Uint32Array;
  neighbours: Uint32Array;
}

/** The fixed part of the input-region rule for a set of meshes (inputRegions, newIntersectionRegions). */
export interface RegionTopology {
  meshes: RegionMesh[];
  /** per mesh, its first vertex in the regions' global numbering (the meshes' vertices one after another) */
  vertexBase: number[];
  /** Σ vertex counts */
  vertexCount: number;
}

/**
 * The topology the input-region rule walks (inputRegions, app/intersection/inputRegions.ts): each mesh's triangles, the
 * checker's edges (an intersecting pair names its edge by the checker's index) and its vertex 1-rings, with the meshes'
 * vertices numbered one after another. Built once per set of meshes.
 *
 * @param meshes  per mesh: #T×3 welded triangles, the vertex count, and #E×2 the checker's edges of that mesh
 *                (IntersectionChecker.edges[m])
 * @returns the topology
 */
export function regionTopology(meshes: ReadonlyArray<{ triangles: ArrayLike<number>; vertexCount: number; edges: ArrayLike<number> }>): RegionTopology {
  const vertexBase: number[] = [];
  let vertexCount = 0;
  const out: RegionMesh[] = meshes.map((mesh) => {
    vertexBase.push(vertexCount);
    vertexCount += mesh.vertexCount;
    const { offsets, neighbours } = vertexNeighbours(mesh.triangles, mesh.vertexCount);
    return { triangles: mesh.triangles, vertexCount: mesh.vertexCount, edges: mesh.edges, neighbourOffsets: offsets, neighbours };
  });
  return { meshes: out, vertexBase, vertexCount };
}
