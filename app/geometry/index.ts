export { weldedTopology } from './weldedTopology.ts';
export type { WeldedTopology, WeldedTopologyOptions } from './weldedTopology.ts';
export { triangleNormal } from './triangleNormal.ts';
export { vertexNormals } from './vertexNormals.ts';
export { flippedTriangleCount } from './flippedTriangleCount.ts';
export { vertexAreas } from './vertexAreas.ts';
export { boundingBoxDiagonal } from './boundingBoxDiagonal.ts';
