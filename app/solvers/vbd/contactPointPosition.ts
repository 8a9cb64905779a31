import type { FloatArray, VbdContactData } from './types.ts';

/**
 * Position of contact point p (see VbdContactData): Σ_k w_k x[vertex_k] + offset for a simulated point, the
 * kinematic position otherwise.
 *
 * @param data       contact data
 * @param point      point index
 * @param positions  #V×3 simulation positions [m]
 * @param start      true: the point at the start of the substep (positions are then x^t, obstacles at their start)
 * @param out        receives the position at out[offset..offset+3]
 * @param offset     where to write in out
 */
export function contactPointPosition(data: VbdContactData, point: number, positions: FloatArray, start: boolean, out: Float64Array, offset: number): void {
  const S = data.simulatedPointCount;
  if (point >= S) {
    const source = start ? data.obstacleStartPositions : data.obstaclePositions;
    const o = 3 * (point - S);
    out[offset] = source[o];
    out[offset + 1] = source[o + 1];
    out[offset + 2] = source[o + 2];
    return;
  }
  let x = data.pointOffsets[3 * point];
  let y = data.pointOffsets[3 * point + 1];
  let z = data.pointOffsets[3 * point + 2];
  for (let k = 0; k < 4; k++) {
    const w = data.pointWeights[4 * point + k];
    if (w === 0) continue;
    const v = 3 * data.pointVertices[4 * point + k];
    x += w * positions[v];
    y += w * positions[v + 1];
    z += w * positions[v + 2];
  }
  out[offset] = x;
  out[offset + 1] = y;
  out[offset + 2] = z;
}
