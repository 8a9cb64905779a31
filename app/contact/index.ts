/**
 * Offset Geometric Contact (seed 000 ch. 5) for the VBD solver: proximity (spatial hash, exact point–triangle and
 * edge–edge distances, OGC contact sets), the contact data the vertex solve gathers from, conservative bounds with
 * truncation and re-detection. docs/contact.md describes the method and its settings.
 *
 *   const contact = ogcContact({ simulationVertexCount, pointVertices, pointWeights, triangles, radius, stiffness });
 *   step(model, state, state, { ...controls, contact }, dt);
 */
export { ogcContact, ogcContactOf } from './ogcContact.ts';
export type { OgcContact, OgcContactFrame, OgcContactFrameInputs, OgcContactOptions, OgcContactStats } from './ogcContact.ts';
export { truncateToBounds } from './truncateToBounds.ts';
export type { BoundTruncation } from './truncateToBounds.ts';
export { vertexContactPoints } from './vertexContactPoints.ts';
export { tetSurfaceTriangles } from './tetSurfaceTriangles.ts';
export { contactDefaults } from './contactDefaults.ts';
export { bakeContact } from './bakeContact.ts';
export type { BakeContact, BakeContactOptions, BakeContactSnapshot, BakeContactStats, NeighbourFrame } from './bakeContact.ts';
export { surfaceRepair } from './surfaceRepair.ts';
export type { RepairedFrame, SurfaceRepair, SurfaceRepairOptions } from './surfaceRepair.ts';
export { bakeRepair } from './bakeRepair.ts';
export type { BakeRepair, BakeRepairSnapshot, BakeRepairStats } from './bakeRepair.ts';
export { sceneContact } from './sceneContact.ts';
export type { SceneContact } from './sceneContact.ts';
export { sceneNewIntersections } from './sceneNewIntersections.ts';
export type { SceneNewIntersectionsFrame } from './sceneNewIntersections.ts';
export { contactTopology, isKinematicPoint, ringSets } from './contactTopology.ts';
