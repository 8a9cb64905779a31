// wangBasisColumns + wangSmoothnessMatrix: the smoothness form annihilates constants and linear functions (so the
// basis has constant and linear precision, seed 004 Eqs. 3.6–3.8), columns are the identity at the manipulators, and a
// local basis is exactly zero outside its region and at its fixed vertices (Eq. 3.14, no thresholding).
import { describe, expect, it } from 'vitest';
import { sparseMatrixVectorProduct } from '../../../../app/math/sparse/index.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { wangBasisColumns } from '../../../../app/solvers/arap/wangBasisColumns.ts';
import { wangSmoothnessMatrix } from '../../../../app/solvers/arap/wangSmoothnessMatrix.ts';
import { random } from '../../math/sparse/helpers.ts';
import { bar } from './meshes.ts';

describe('wangSmoothnessMatrix and wangBasisColumns', () => {
  const b = bar([2, 2, 8]);
  for (const [name, model] of [
    ['tets', createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra })],
    ['surface', createArapModel({ restPositions: bar([1, 1, 8]).positions, triangles: bar([1, 1, 8]).triangles })],
  ] as const) {
    it(`${name}: A·1 = 0, A·x = 0, A symmetric and positive semidefinite`, () => {
      const A = wangSmoothnessMatrix(model);
      const n = model.vertexCount;
      let scale = 0;
      for (const v of A.values) scale = Math.max(scale, Math.abs(v));
      const out = new Float64Array(3 * n);
      sparseMatrixVectorProduct(A, model.restPositions, out, 3);
      for (let i = 0; i < out.length; i++) expect(Math.abs(out[i]), `(A·p̄)[${i}]`).toBeLessThan(1e-10 * scale);
      const ones = sparseMatrixVectorProduct(A, new Float64Array(n).fill(1), new Float64Array(n));
      for (let i = 0; i < n; i++) expect(Math.abs(ones[i]), `(A·1)[${i}]`).toBeLessThan(1e-10 * scale);
      const dense = new Float64Array(n * n);
      for (let j = 0; j < n; j++) for (let q = A.columnPointers[j]; q < A.columnPointers[j + 1]; q++) dense[A.rowIndices[q] * n + j] = A.values[q];
      for (let i = 0; i < n; i++)
        for (let j = 0; j < i; j++) expect(Math.abs(dense[i * n + j] - dense[j * n + i]), `A[${i}][${j}] symmetric`).toBeLessThan(1e-12 * scale);
      const next = random(3);
      for (let trial = 0; trial < 5; trial++) {
        const x = Float64Array.from({ length: n }, () => next() - 0.5);
        const Ax = sparseMatrixVectorProduct(A, x, new Float64Array(n));
        let quadratic = 0;
        for (let i = 0; i < n; i++) quadratic += x[i] * Ax[i];
        expect(quadratic, `xᵀAx, trial ${trial}`).toBeGreaterThanOrEqual(-1e-10 * scale);
      }
    });
  }

  it('global columns: identity at the manipulators, partition of unity, linear precision', () => {
    const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra });
    const n = model.vertexCount;
    const manipulators = [0, 7, 20, 33, 52, 61, 75, 80, 44];
    const columns = wangBasisColumns(
      wangSmoothnessMatrix(model),
      Int32Array.from({ length: n }, (_, i) => i),
      manipulators,
      null,
      new Int32Array(n).fill(-1),
    );
    const r = manipulators.length;
    manipulators.forEach((m, a) => {
      for (let c = 0; c < r; c++) expect(columns.values[m * r + c], `W[${m}][${c}]`).toBe(a === c ? 1 : 0);
    });
    for (let v = 0; v < n; v++) {
      let sum = 0;
      const reproduced = [0, 0, 0];
      for (let a = 0; a < r; a++) {
        const w = columns.values[v * r + a];
        sum += w;
        for (let c = 0; c < 3; c++) reproduced[c] += w * model.restPositions[3 * manipulators[a] + c];
      }
      expect(sum, `Σ_a W[${v}][a]`).toBeCloseTo(1, 9);
      for (let c = 0; c < 3; c++) expect(reproduced[c], `W·v̄ at ${v}`).toBeCloseTo(model.restPositions[3 * v + c], 9);
    }
  });

  it('local columns vanish outside their region and at fixed vertices', () => {
    const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra });
    const n = model.vertexCount;
    const region = Int32Array.from({ length: 45 }, (_, i) => i + 10).sort();
    const fixed = new Uint8Array(n);
    fixed[30] = 1;
    const columns = wangBasisColumns(wangSmoothnessMatrix(model), region, [20, 40], fixed, new Int32Array(n).fill(-1));
    expect(columns.region, 'values are stored on the region only').toBe(region);
    const k = Array.from(region).indexOf(30);
    expect(columns.values[2 * k], 'fixed vertex, column 0').toBe(0);
    expect(columns.values[2 * k + 1], 'fixed vertex, column 1').toBe(0);
    let nonzero = 0;
    for (const x of columns.values) if (x !== 0) nonzero++;
    expect(nonzero, 'the columns are smooth inside the region').toBeGreaterThan(region.length);
  });
});
