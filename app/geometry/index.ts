export { weldedTopology } from './weldedTopology.ts';
export type { WeldedTopology, WeldedTopologyOptions } from './weldedTopology.ts';
export { triangleNormal } from './triangleNormal.ts';
export { vertexNormals } from './vertexNormals.ts';
export { pointTriangleClosestPoint, TRIANGLE_FEATURE } from './pointTriangleClosestPoint.ts';
export { segmentSegmentClosestPoints } from './segmentSegmentClosestPoints.ts';
export { vertexAreas } from './vertexAreas.ts';
export { smoothingGroups } from './smoothingGroups.ts';
export { triangleListIndices } from './triangleListIndices.ts';
