import type { ManipulatorHierarchy } from './manipulatorHierarchy.ts';
import type { ArapModel } from './types.ts';

/** Rotation groups merged into clusters that share one rotation. */
export interface RotationClusters {
  count: number;
  /** #K cluster of each rotation group of the model */
  clusterOf: Int32Array;
}

/**
 * Rotation clusters for the fast right-hand side of seed 004 App. A (Eqs. A.2–A.3, after Jacobson et al. 2012):
 * the Voronoi cells of one level of the manipulator hierarchy, in the semi-geodesic metric, rather than k-means in
 * space, so two fingers that touch at rest never share a rotation (the thesis warns that clustering suits limbs and
 * branches badly; cells that follow the mesh's own distances are the cure). A group (a vertex, or a tet by its
 * first vertex) takes the cell of the deepest level ≤ `level` that reaches it. Clustering keeps linear precision:
 * all rotations at I reproduce the rest shape exactly.
 *
 * @param model      the ARAP model
 * @param hierarchy  the manipulator hierarchy
 * @param level      which level's cells (0 = the global Voronoi regions; clamped to the levels that exist)
 * @returns cluster ids 0..count−1 per rotation group
 */
export function rotationClusters(model: ArapModel, hierarchy: ManipulatorHierarchy, level: number): RotationClusters {
  const top = Math.max(0, Math.min(level, hierarchy.levelCount - 1));
  const id = new Map<number, number>();
  const clusterOf = new Int32Array(model.rotationCount);
  for (let k = 0; k < model.rotationCount; k++) {
    const v = model.groupVertices[model.groupOffsets[k]];
    let node = -1;
    for (let l = top; l >= 0 && node < 0; l--) node = hierarchy.cells[l][v];
    if (node < 0) node = -1 - model.componentOf[v];
    if (!id.has(node)) id.set(node, id.size);
    clusterOf[k] = id.get(node) as number;
  }
  return { count: id.size, clusterOf };
}
