import type { LocalGroup, ReducedArapBasis } from './reducedArapBasis.ts';

/**
 * L̃ = UᵀLU of the working basis U = [W_g | active local groups], assembled from the blocks the basis precomputed
 * (seed 004 Eq. 3.19): W_gᵀLW_g, each group's global coupling W_gᵀLu, and for two groups whose regions meet,
 * Σ_m (Lu_a)[m]·u_b[m] over the merge of one's Laplacian support with the other's region (the local–local blocks of
 * distant groups are exactly zero, which the sparse factorization then skips). No handle augmentation, no pins.
 *
 * @param basis           the reduced basis (r₀ = globalCount)
 * @param activeGroups    the active groups, in column order
 * @param columnOffset    the first column of each active group
 * @param r               the working basis size
 * @returns r×r L̃, row-major, symmetric
 */
export function reducedLaplacian(basis: ReducedArapBasis, activeGroups: readonly LocalGroup[], columnOffset: readonly number[], r: number): Float64Array {
  const r0 = basis.globalCount;
  const L = new Float64Array(r * r);
  for (let a = 0; a < r0; a++) for (let c = 0; c < r0; c++) L[a * r + c] = basis.globalLaplacian[a * r0 + c];
  activeGroups.forEach((group, i) => {
    const B = group.children.length;
    const o = columnOffset[i];
    for (let g = 0; g < r0; g++) {
      for (let a = 0; a < B; a++) {
        L[g * r + o + a] = group.globalCoupling[g * B + a];
        L[(o + a) * r + g] = group.globalCoupling[g * B + a];
      }
    }
    activeGroups.forEach((other, j) => {
      if (j < i) return;
      const Bo = other.children.length;
      const oo = columnOffset[j];
      // Σ_m (L u_a)[m] u_b[m] over the merge of L·u's support and the other region.
      const support = group.laplacianSupport;
      const region = other.region;
      if (support[support.length - 1] < region[0] || region[region.length - 1] < support[0]) return;
      let s = 0;
      let t = 0;
      while (s < support.length && t < region.length) {
        if (support[s] < region[t]) s++;
        else if (support[s] > region[t]) t++;
        else {
          for (let a = 0; a < B; a++) {
            const la = group.laplacianValues[s * B + a];
            if (la === 0) continue;
            for (let c = 0; c < Bo; c++) L[(o + a) * r + oo + c] += la * other.values[t * Bo + c];
          }
          s++;
          t++;
        }
      }
      if (j !== i) for (let a = 0; a < B; a++) for (let c = 0; c < Bo; c++) L[(oo + c) * r + o + a] = L[(o + a) * r + oo + c];
    });
  });
  return L;
}
