export { weldedTopology } from './weldedTopology.ts';
export type { WeldedTopology, WeldedTopologyOptions } from './weldedTopology.ts';
export { triangleNormal } from './triangleNormal.ts';
export { vertexNormals } from './vertexNormals.ts';
export { tetShapeGradients } from './tetShapeGradients.ts';
export { tetDeformationGradient } from './tetDeformationGradient.ts';
export { tetLaplacianTriplets } from './tetLaplacianTriplets.ts';
export { pointTriangleClosestPoint, TRIANGLE_FEATURE } from './pointTriangleClosestPoint.ts';
export { segmentSegmentClosestPoints } from './segmentSegmentClosestPoints.ts';
