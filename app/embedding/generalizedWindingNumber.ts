import { triangleSolidAngleAt } from '../geometry/index.ts';
import type { WindingNumberTree } from './windingNumberTree.ts';

const FOUR_PI = 4 * Math.PI;

/**
 * Generalized winding number w(q) = (1/4π) Σ_t Ω_t(q) of a triangle mesh at a point (Jacobson, Kavan,
 * Sorkine-Hornung 2013, "Robust Inside-Outside Segmentation using Generalized Winding Numbers", Eq. 2 with
 * the solid angle of Van Oosterom & Strackee 1983), evaluated hierarchically (Barill et al. 2018, §4, Eqs.
 * 9–12): a node farther than β·r from q contributes its Taylor expansion to second order,
 * [r·N / ‖r‖³ + tr(M) / ‖r‖³ − 3 rᵀMr / ‖r‖⁵] / 4π with r = p̃ − q; nearer nodes are opened, leaves are
 * summed exactly. w is 1 inside and 0 outside a closed outward-oriented mesh, and degrades
 * gracefully (a smooth harmonic field jumping by 1 across the surface) for holes, soups and
 * self-intersections, which is why the embedding thresholds |w| at ½ instead of casting rays.
 *
 * @param tree  windingNumberTree of the mesh
 * @param x     query point [m]
 * @param y     query point [m]
 * @param z     query point [m]
 * @param beta  accuracy: opening distance in node radii (default 2; Barill et al. use 2)
 * @param stack optional scratch of ≥ 64 ints, to avoid allocating in loops
 * @returns w(q); exact (to rounding) when every node is opened (beta = Infinity)
 */
export function generalizedWindingNumber(tree: WindingNumberTree, x: number, y: number, z: number, beta = 2, stack: Int32Array = new Int32Array(128)): number {
  if (tree.nodeCount === 0) return 0;
  const { positions, triangles, first, count, right, center, normal, moment, secondMoment, radius, order } = tree;
  let total = 0;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const node = stack[--top];
    const dx = center[3 * node] - x;
    const dy = center[3 * node + 1] - y;
    const dz = center[3 * node + 2] - z;
    const distanceSquared = dx * dx + dy * dy + dz * dz;
    const reach = beta * radius[node];
    if (distanceSquared > reach * reach) {
      const distance = Math.sqrt(distanceSquared);
      const inverseCube = 1 / (distanceSquared * distance);
      const inverseFifth = inverseCube / distanceSquared;
      const m = 9 * node;
      // Order 0 and 1: K·N + J:M with J = I/‖r‖³ − 3 r rᵀ/‖r‖⁵.
      const traceM = moment[m] + moment[m + 4] + moment[m + 8];
      const rMr =
        dx * (moment[m] * dx + moment[m + 1] * dy + moment[m + 2] * dz) +
        dy * (moment[m + 3] * dx + moment[m + 4] * dy + moment[m + 5] * dz) +
        dz * (moment[m + 6] * dx + moment[m + 7] * dy + moment[m + 8] * dz);
      let value = (dx * normal[3 * node] + dy * normal[3 * node + 1] + dz * normal[3 * node + 2] + traceM) * inverseCube - 3 * rMr * inverseFifth;
      // Order 2: ½ Σ H_abc T_abc with H_abc = −3(δ_ab r_c + δ_ac r_b + δ_bc r_a)/‖r‖⁵ + 15 r_a r_b r_c/‖r‖⁷.
      const o = 18 * node;
      let linear = 0; // Σ_a [2 Σ_c r_c T_aac + r_a tr(T_a)]
      let cubic = 0; // Σ_abc r_a r_b r_c T_abc
      for (let a = 0; a < 3; a++) {
        const ra = a === 0 ? dx : a === 1 ? dy : dz;
        const t = o + 6 * a;
        const txx = secondMoment[t];
        const tyy = secondMoment[t + 1];
        const tzz = secondMoment[t + 2];
        const txy = secondMoment[t + 3];
        const txz = secondMoment[t + 4];
        const tyz = secondMoment[t + 5];
        // Row a of T_a (the b = a row), dotted with r.
        const rowDot = a === 0 ? txx * dx + txy * dy + txz * dz : a === 1 ? txy * dx + tyy * dy + tyz * dz : txz * dx + tyz * dy + tzz * dz;
        linear += 2 * rowDot + ra * (txx + tyy + tzz);
        const quadratic = dx * dx * txx + dy * dy * tyy + dz * dz * tzz + 2 * (dx * dy * txy + dx * dz * txz + dy * dz * tyz);
        cubic += ra * quadratic;
      }
      value += 0.5 * (-3 * linear * inverseFifth + (15 * cubic * inverseFifth) / distanceSquared);
      total += value;
      continue;
    }
    if (right[node] >= 0) {
      stack[top++] = right[node];
      stack[top++] = node + 1;
      continue;
    }
    for (let k = first[node], end = first[node] + count[node]; k < end; k++) {
      const t = order[k];
      // Ω (Van Oosterom & Strackee); summed as 4π·w below.
      total += triangleSolidAngleAt(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], x, y, z);
    }
  }
  return total / FOUR_PI;
}
