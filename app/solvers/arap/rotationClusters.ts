import { manipulatorHierarchy } from './manipulatorHierarchy.ts';
import type { SemiGeodesicGraph } from './semiGeodesicGraph.ts';
import type { ArapModel } from './types.ts';

/** Rotation groups merged into clusters that share one rotation. */
export interface RotationClusters {
  count: number;
  /** #K cluster of each rotation group of the model */
  clusterOf: Int32Array;
}

/**
 * Rotation clusters for the fast right-hand side of seed 004 App. A (Eqs. A.2–A.3, after Jacobson et al. 2012):
 * Voronoi cells of `count` farthest-point samples in the semi-geodesic metric, rather than k-means in space, so two
 * fingers that touch at rest never share a rotation (the thesis warns that clustering suits limbs and branches badly;
 * cells that follow the mesh's own distances are the cure). A rotation group (a vertex, or a tet by its first vertex)
 * takes its vertex's cell. Clustering keeps linear precision: all rotations at I reproduce the rest shape exactly.
 *
 * @param model  the ARAP model
 * @param graph  its semi-geodesic graph
 * @param count  clusters wanted (clamped to the vertex count; every component gets at least one)
 * @returns cluster ids 0..count−1 per rotation group
 */
export function rotationClusters(model: ArapModel, graph: SemiGeodesicGraph, count: number): RotationClusters {
  const cells = manipulatorHierarchy(graph, model.componentOf, model.componentCount, {
    globalCount: Math.max(1, Math.min(count, model.vertexCount)),
    maxLevel: 0,
  });
  const owner = cells.cells[0];
  const clusterOf = new Int32Array(model.rotationCount);
  for (let k = 0; k < model.rotationCount; k++) clusterOf[k] = owner[model.groupVertices[model.groupOffsets[k]]];
  return { count: cells.rootCount, clusterOf };
}
