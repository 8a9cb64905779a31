// reducedLaplacian: L̃ assembled from the basis' precomputed blocks (seed 004 Eq. 3.19) equals UᵀLU computed directly
// from the model's Laplacian and the explicit columns of U = [W_g | active local bases]; with no group active, that is
// the basis' global block W_gᵀLW_g (projectedGlobalLaplacian).
import { describe, expect, it } from 'vitest';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { reducedArapBasis } from '../../../../app/solvers/arap/reducedArapBasis.ts';
import { reducedLaplacian } from '../../../../app/solvers/arap/reducedLaplacian.ts';
import { bar } from './meshes.ts';

describe('reducedLaplacian', () => {
  const b = bar([3, 3, 24]);
  const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra, rotations: 'vertex' });
  const basis = reducedArapBasis(model, { globalCount: 8, childCount: 4, minCellSize: 8, maxLevel: 3 });
  const { hierarchy, globalCount: r0 } = basis;
  const n = model.vertexCount;

  for (const maxLevel of [0, 1, 3]) {
    const claim =
      maxLevel === 0
        ? 'equals W_gᵀLW_g with no local group active (the global block, projectedGlobalLaplacian)'
        : `equals UᵀLU with every local group of levels 1..${maxLevel} active (overlapping regions included)`;
    it(claim, () => {
      const groups = [];
      for (let node = 0; node < hierarchy.nodeCount; node++) {
        if (basis.hasGroup(node) && hierarchy.nodeLevel[node] + 1 <= maxLevel) groups.push(basis.group(node));
      }
      const columnOffset: number[] = [];
      let r = r0;
      for (const g of groups) {
        columnOffset.push(r);
        r += g.children.length;
      }
      // U, #V×r dense.
      const U = new Float64Array(n * r);
      for (let m = 0; m < n; m++) for (let g = 0; g < r0; g++) U[m * r + g] = basis.globalBasis[m * r0 + g];
      groups.forEach((group, i) => {
        const B = group.children.length;
        group.region.forEach((m, k) => {
          for (let a = 0; a < B; a++) U[m * r + columnOffset[i] + a] = group.values[k * B + a];
        });
      });
      // LU column by column from the CSC Laplacian, then Uᵀ(LU).
      const { columnPointers, rowIndices, values } = model.laplacian;
      const LU = new Float64Array(n * r);
      for (let j = 0; j < n; j++) {
        for (let e = columnPointers[j]; e < columnPointers[j + 1]; e++) {
          const i = rowIndices[e];
          for (let c = 0; c < r; c++) LU[i * r + c] += values[e] * U[j * r + c];
        }
      }
      const expected = new Float64Array(r * r);
      for (let m = 0; m < n; m++) for (let a = 0; a < r; a++) for (let c = 0; c < r; c++) expected[a * r + c] += U[m * r + a] * LU[m * r + c];
      const L = reducedLaplacian(basis, groups, columnOffset, r);
      let scale = 0;
      let error = 0;
      for (let i = 0; i < r * r; i++) {
        scale = Math.max(scale, Math.abs(expected[i]));
        error = Math.max(error, Math.abs(L[i] - expected[i]));
      }
      expect(groups.length > 0 || maxLevel === 0, `levels 1..${maxLevel}: some groups active`).toBe(true);
      expect(error / scale, `r = ${r}: max |L̃ − UᵀLU| / max |UᵀLU|`).toBeLessThan(1e-10);
    });
  }
});
