export { weldedTopology } from './weldedTopology.ts';
export type { WeldedTopology, WeldedTopologyOptions } from './weldedTopology.ts';
