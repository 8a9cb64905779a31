import type { ArapContactPoints } from './types.ts';

/**
 * Contact points for surface ARAP: every solver vertex is a point (seed 004 §3.5.1, "the set of mesh vertices").
 *
 * @param vertexCount  #V
 * @returns points p = vertex p with weight 1
 */
export function vertexContactPoints(vertexCount: number): ArapContactPoints {
  return {
    count: vertexCount,
    offsets: Int32Array.from({ length: vertexCount + 1 }, (_, i) => i),
    vertices: Int32Array.from({ length: vertexCount }, (_, i) => i),
    weights: new Float64Array(vertexCount).fill(1),
  };
}
