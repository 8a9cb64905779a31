import { newIntersectionRegions, type InputRegions, type IntersectionChecker, type RegionTopology } from '../../intersection/index.ts';

/**
 * The new intersection regions of a surface at `points` against the input regions of the edit's start (issue 33's
 * measure: newIntersectionRegions), and the points of the pairs with a new side: the edge's two corners and the
 * triangle's three, what the editor reverts.
 *
 * @param checker    the exact checker of the surface (one mesh)
 * @param topology   the surface's region topology (regionTopology)
 * @param regions    the input regions at the edit's start
 * @param triangles  #F×3 triangles over the points
 * @param points     #P×3 positions [m]
 * @returns the count of new regions and the points involved (empty when none)
 */
export function newRegionPoints(
  checker: IntersectionChecker,
  topology: RegionTopology,
  regions: InputRegions,
  triangles: ArrayLike<number>,
  points: Float64Array,
): { count: number; points: Int32Array } {
  const result = checker.check([points], { listPairs: true });
  const added = newIntersectionRegions(topology, regions, result);
  if (added.regions === 0) return { count: 0, points: new Int32Array(0) };
  // The corners of the pairs with a new side (the edge's two, the triangle's three).
  const involved = new Set<number>();
  const edges = checker.edges[0];
  for (const i of added.pairs) {
    involved.add(edges[2 * result.pairList[i + 1]]);
    involved.add(edges[2 * result.pairList[i + 1] + 1]);
    for (let k = 0; k < 3; k++) involved.add(triangles[3 * result.pairList[i + 3] + k]);
  }
  return { count: added.regions, points: Int32Array.from(involved) };
}
