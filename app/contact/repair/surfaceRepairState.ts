import { meanEdgeLength, vertexNeighbours } from '../../geometry/index.ts';
import { inputRegions, intersectionChecker, regionTopology, type RegionCheck } from '../../intersection/index.ts';
import type { SurfaceRepairOptions, SurfaceRepairState } from './types.ts';

/**
 * A fresh SurfaceRepairState for `options`: the gap (default 0.05 × the rest pose's mean edge length, degenerate
 * triangles left out), the exact checker of the surface and its colliders, the rest pose's structural regions (its
 * intersections, with the colliders' rest poses when given, grown by the input-region rule's rings: app/intersection
 * inputRegions) and the triangles inside them, the surface's 1-rings, and the safe state at the rest pose.
 *
 * @param options  the surface, its rest pose, colliders, gap, steps and rings (SI units)
 * @returns the state
 */
export function surfaceRepairState(options: SurfaceRepairOptions): SurfaceRepairState {
  const V = options.vertexCount;
  const triangles = options.triangles;
  const colliders = options.colliders ?? [];
  const T = triangles.length / 3;
  const kept: number[] = [];
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t],
      b = triangles[t + 1],
      c = triangles[t + 2];
    if (a !== b && b !== c && c !== a) kept.push(a, b, c);
  }
  const meanEdge = meanEdgeLength(options.restPositions, Uint32Array.from(kept));
  const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: V }, ...colliders]);
  const checkOptions = { self: [true, ...colliders.map(() => false)], pairs: (a: number, b: number) => a === 0 && b > 0, listPairs: true };
  const edges = checker.edges;
  const topology = regionTopology([
    { triangles, vertexCount: V, edges: edges[0] },
    ...colliders.map((c, i) => ({ triangles: c.triangles, vertexCount: c.vertexCount, edges: edges[i + 1] })),
  ]);
  const { offsets: neighbourOffsets, neighbours } = vertexNeighbours(triangles, V);

  // Structural regions: the rest pose's intersections grown by the rule's rings (the colliders' rest poses with it).
  const empty: RegionCheck = { total: 0, triangles: topology.meshes.map(() => new Uint32Array(0)), pairList: [] };
  const restCheck =
    colliders.length === 0 || options.colliderRestPositions
      ? checker.check([options.restPositions, ...(options.colliderRestPositions ?? [])], checkOptions)
      : empty;
  const structure = inputRegions(topology, [restCheck]);
  const structuralTriangles = new Uint8Array(T);
  for (let t = 0; t < T; t++) {
    for (let k = 0; k < 3; k++) if (structure.labels[0][triangles[3 * t + k]] !== 0) structuralTriangles[t] = 1;
  }

  const safeColliders = colliders.map((c, i) => Float64Array.from(options.colliderRestPositions?.[i] ?? new Float64Array(3 * c.vertexCount)));
  return {
    options,
    vertexCount: V,
    triangles,
    colliders,
    maxSteps: options.maxSteps ?? 16,
    rings: options.rings ?? 4,
    meanEdge,
    gap: options.gap ?? 0.05 * meanEdge,
    checker,
    checkOptions,
    topology,
    neighbourOffsets,
    neighbours,
    structure,
    structuralTriangles,
    initialColliders: safeColliders.map((c) => Float64Array.from(c)),
    safe: Float64Array.from(options.restPositions),
    safeColliders,
    hasPrevious: false,
  };
}
