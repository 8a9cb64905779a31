import type { GpuOgcDetectionData } from './types.ts';

/** The points (P×3 [m]) made from positions on the host: Σ w x + offset for the surface's, the colliders' positions after. */
export function hostPoints(
  d: GpuOgcDetectionData,
  positions: ArrayLike<number>,
  pointOffsets: ArrayLike<number> | undefined,
  obstaclePositions: ArrayLike<number> | undefined,
): Float64Array {
  const o = d.options;
  const S = d.surfacePointCount;
  const out = new Float64Array(3 * d.pointCount);
  for (let p = 0; p < S; p++) {
    for (let c = 0; c < 3; c++) {
      let x = pointOffsets ? pointOffsets[3 * p + c] : 0;
      for (let k = 0; k < 4; k++) x += o.pointWeights[4 * p + k] * positions[3 * o.pointVertices[4 * p + k] + c];
      out[3 * p + c] = x;
    }
  }
  if (obstaclePositions) out.set(Array.from(obstaclePositions).slice(0, 3 * (d.pointCount - S)), 3 * S);
  return out;
}
