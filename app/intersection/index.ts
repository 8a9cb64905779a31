/**
 * Exact intersection checking of triangle meshes: the oracle `overlap check` runs and every contact test uses.
 * Independent of the solver's proximity code (app/contact), so one bug cannot hide itself in both.
 *
 *   const checker = intersectionChecker([{ name, triangles, vertexCount }]);
 *   const { total, self, between, triangles } = checker.check([positions]);   // per frame
 *   checker.check([next], { since: { positions: [positions], result } });      // only what moved (result: listPairs)
 */
export { segmentTriangleIntersection, SegmentTriangleContact } from './segmentTriangleIntersection.ts';
export { intersectionChecker } from './intersectionChecker.ts';
export type { CheckedMesh, FrameIntersections, IntersectionChecker, IntersectionCheckOptions } from './checker/types.ts';
export { sceneIntersections } from './sceneIntersections.ts';
export type { SceneFrameIntersections } from './sceneIntersections.ts';
export { addedPairs } from './addedPairs.ts';
export { checkOptionsOf } from './intersectionCheckPool.ts';
export type { IntersectionCheckPool, PooledChecker, PortableCheckOptions } from './intersectionCheckPool.ts';
// The input-region rule (issue 33: one treatment of the input's own intersections for every contact user): regions
// grown from an input's intersections, and the output's intersections outside them.
export { INPUT_REGION_RINGS, ANY_REGION, FAR, featureRegion, inputRegions, sameRegion } from './inputRegions.ts';
export type { InputRegions, RegionCheck } from './inputRegions.ts';
export { regionTopology } from './regionTopology.ts';
export type { RegionMesh, RegionTopology } from './regionTopology.ts';
export { newIntersectionRegions } from './newIntersectionRegions.ts';
export type { NewIntersections } from './newIntersectionRegions.ts';
