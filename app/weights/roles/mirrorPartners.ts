import { MIRROR_TOLERANCE } from './types.ts';

/**
 * The mirror partner of every joint under the best mirror plane, or null when no plane maps the joints onto
 * themselves within MIRROR_TOLERANCE × size. Planes pass through the joints' mean; normals tried: the three axes
 * and the three principal directions of the joints. (jointRoles step 3)
 *
 * @param P     #J×3 joint positions [m]
 * @param J     #J
 * @param size  the skeleton's size [m] (the tolerance is MIRROR_TOLERANCE × size)
 * @returns #J partner per joint (itself when central), or null
 */
export function mirrorPartners(P: Float64Array, J: number, size: number): Int32Array | null {
  if (J < 2 || !(size > 0)) return null;
  const mean = [0, 0, 0];
  for (let j = 0; j < J; j++) for (let c = 0; c < 3; c++) mean[c] += P[3 * j + c] / J;
  const candidates: number[][] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], ...principalDirections(P, J, mean)];
  let best: Int32Array | null = null;
  let bestError = MIRROR_TOLERANCE * size;
  let bestLateral = -1;
  for (const n of candidates) {
    const partner = new Int32Array(J);
    let worst = 0;
    let lateralCount = 0;
    for (let j = 0; j < J; j++) {
      const d = (P[3 * j] - mean[0]) * n[0] + (P[3 * j + 1] - mean[1]) * n[1] + (P[3 * j + 2] - mean[2]) * n[2];
      const r = [P[3 * j] - 2 * d * n[0], P[3 * j + 1] - 2 * d * n[1], P[3 * j + 2] - 2 * d * n[2]];
      let nearest = j;
      let distance = Infinity;
      for (let k = 0; k < J; k++) {
        const e = Math.hypot(P[3 * k] - r[0], P[3 * k + 1] - r[1], P[3 * k + 2] - r[2]);
        if (e < distance) {
          distance = e;
          nearest = k;
        }
      }
      // Central joints (on the plane) are their own partners.
      partner[j] = Math.abs(d) <= 0.5 * MIRROR_TOLERANCE * size ? j : nearest;
      if (partner[j] !== j) lateralCount++;
      worst = Math.max(worst, partner[j] === j ? 2 * Math.abs(d) : distance);
    }
    // A plane with no lateral joint explains nothing (a flat chain lies in many planes); prefer more pairs.
    if (lateralCount === 0 || worst > MIRROR_TOLERANCE * size) continue;
    if (lateralCount > bestLateral || (lateralCount === bestLateral && worst < bestError)) {
      best = partner;
      bestError = worst;
      bestLateral = lateralCount;
    }
  }
  return best;
}

/** Principal directions (unit eigenvectors of the covariance) of the joint positions, by power iteration with deflation. */
function principalDirections(P: Float64Array, J: number, mean: number[]): number[][] {
  const C = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let j = 0; j < J; j++) {
    const d = [P[3 * j] - mean[0], P[3 * j + 1] - mean[1], P[3 * j + 2] - mean[2]];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) C[3 * a + b] += d[a] * d[b];
  }
  const directions: number[][] = [];
  for (let k = 0; k < 3; k++) {
    let v = [1, 0.7, 0.3];
    for (let it = 0; it < 100; it++) {
      let w = [0, 1, 2].map((a) => C[3 * a] * v[0] + C[3 * a + 1] * v[1] + C[3 * a + 2] * v[2]);
      for (const u of directions) {
        const dot = w[0] * u[0] + w[1] * u[1] + w[2] * u[2];
        w = w.map((x, a) => x - dot * u[a]);
      }
      const length = Math.hypot(w[0], w[1], w[2]);
      if (!(length > 1e-300)) break;
      v = w.map((x) => x / length);
    }
    directions.push(v);
  }
  return directions;
}
