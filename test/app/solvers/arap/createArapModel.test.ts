// createArapModel: the energy is zero on the rest shape and on its rigid motions, positive on a stretch, for all
// three variants (surface spokes, tet spokes, per-tet corotated λ = 0); L has constants in its null space.
import { describe, expect, it } from 'vitest';
import { arapEnergy } from '../../../../app/solvers/arap/arapEnergy.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { sparseMatrixVectorProduct } from '../../../../app/math/sparse/index.ts';
import { applyMatrix, bar, rigidMatrix } from './meshes.ts';

describe('createArapModel', () => {
  const b = bar([2, 2, 6]);
  const surface = bar([1, 1, 6]);
  const variants = [
    ['surface spokes', () => createArapModel({ restPositions: surface.positions, triangles: surface.triangles })],
    ['tet spokes', () => createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra, rotations: 'vertex' })],
    ['tet elements', () => createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra })],
  ] as const;
  for (const [name, make] of variants) {
    it(`${name}: E = 0 at rest and after a rigid motion, E > 0 after a stretch; L·1 = 0`, () => {
      const model = make();
      const scale = model.size;
      expect(Math.abs(arapEnergy(model, model.restPositions)), 'rest energy').toBeLessThan(1e-12 * scale);
      const moved = applyMatrix(rigidMatrix([0.2, -0.5, 0.4, Math.sqrt(1 - 0.45)], [3, -1, 2]), model.restPositions);
      const restScale = arapEnergy(model, applyMatrix([1.1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], model.restPositions));
      expect(restScale, 'a 10% stretch costs energy').toBeGreaterThan(0);
      expect(Math.abs(arapEnergy(model, moved)), 'rigidly moved energy').toBeLessThan(1e-9 * restScale);
      const ones = new Float64Array(model.vertexCount).fill(1);
      const out = sparseMatrixVectorProduct(model.laplacian, ones, new Float64Array(model.vertexCount));
      for (let v = 0; v < model.vertexCount; v++) expect(Math.abs(out[v]), `(L·1)[${v}]`).toBeLessThan(1e-9);
    });
  }

  it('refuses element rotations without tets, out-of-range indices and degenerate tets, naming the problem', () => {
    expect(() => createArapModel({ restPositions: surface.positions, triangles: surface.triangles, rotations: 'element' }), 'element on triangles').toThrow(
      /need tetrahedra/,
    );
    expect(() => createArapModel({ restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: [0, 1, 5] }), 'bad index').toThrow(/index 5/);
    expect(() => createArapModel({ restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0, 0], tetrahedra: [0, 1, 2, 3] }), 'flat tet').toThrow(/degenerate/);
  });
});
