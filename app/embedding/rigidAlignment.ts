import { closestRotation } from './closestRotation.ts';

/** The best rigid motion x ↦ targetCentroid + R·(x − sourceCentroid) found by rigidAlignment. */
export interface RigidAlignment {
  /** 9 numbers, R row-major */
  rotation: Float64Array;
  /** 4 numbers, R as a unit quaternion x, y, z, w */
  quaternion: Float64Array;
  /** 3 numbers, the weighted centroid of the source points [m] */
  sourceCentroid: Float64Array;
  /** 3 numbers, the weighted centroid of the target points [m] */
  targetCentroid: Float64Array;
}

/**
 * Weighted Kabsch alignment: the rotation R and centroids c_s, c_t minimizing Σ w_s ‖c_t + R(p_s − c_s) − q_s‖²,
 * R = closestRotation(Σ w (q − c_t)(p − c_s)ᵀ). The rigid pre-alignment of the fitting (tetTargetFitter: a rigidly
 * moving input is fitted before the first iteration) and of ARAP's initial guess (app/solvers/arap: the rigid part
 * of the handles' motion costs no iterations). The weights must already sum to 1 (the centroids are Σ w p, not
 * divided), which keeps the result bit-identical to the fitter's inline version this was taken from.
 *
 * @param source   #S×3 points p [m]
 * @param target   #S×3 points q [m]
 * @param weights  #S weights w ≥ 0 summing to 1
 * @param count    S
 * @param out      receives rotation, quaternion and centroids (preallocated; reused between calls)
 * @returns out
 */
export function rigidAlignment(
  source: ArrayLike<number>,
  target: ArrayLike<number>,
  weights: ArrayLike<number>,
  count: number,
  out: RigidAlignment,
): RigidAlignment {
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let qx = 0;
  let qy = 0;
  let qz = 0;
  for (let s = 0; s < count; s++) {
    const w = weights[s];
    cx += w * source[3 * s];
    cy += w * source[3 * s + 1];
    cz += w * source[3 * s + 2];
    qx += w * target[3 * s];
    qy += w * target[3 * s + 1];
    qz += w * target[3 * s + 2];
  }
  const covariance = out.rotation;
  covariance.fill(0);
  for (let s = 0; s < count; s++) {
    const dx = source[3 * s] - cx;
    const dy = source[3 * s + 1] - cy;
    const dz = source[3 * s + 2] - cz;
    for (let r = 0; r < 3; r++) {
      const w = weights[s] * (target[3 * s + r] - (r === 0 ? qx : r === 1 ? qy : qz));
      covariance[3 * r] += w * dx;
      covariance[3 * r + 1] += w * dy;
      covariance[3 * r + 2] += w * dz;
    }
  }
  // closestRotation reads F fully before it writes R, so the covariance may share R's array.
  closestRotation(covariance, out.quaternion, out.rotation, true, 64);
  out.sourceCentroid[0] = cx;
  out.sourceCentroid[1] = cy;
  out.sourceCentroid[2] = cz;
  out.targetCentroid[0] = qx;
  out.targetCentroid[1] = qy;
  out.targetCentroid[2] = qz;
  return out;
}
