import type { Material } from '../../document/index.ts';
import type { LatticeEmbedding } from '../../embedding/index.ts';
import { createVbdModel, type VbdModel } from '../../solvers/vbd/index.ts';

/**
 * The VBD model of a lattice (VBD, seed 000 ch. 3, on stable Neo-Hookean tets, Smith et al. 2018): its rest positions
 * and tetrahedra with one material.
 *
 * @param embedding  the lattice (#L×3 rest positions, #T×4 tetrahedra)
 * @param material   Young's modulus [Pa], Poisson ratio, density [kg/m³], damping β [s]
 * @returns the model
 */
export function volumeModel(embedding: LatticeEmbedding, material: Material): VbdModel {
  return createVbdModel({
    restPositions: embedding.positions,
    tetrahedra: {
      vertices: embedding.tetrahedra,
      materials: { youngsModulus: material.youngsModulus, poissonRatio: material.poissonRatio, density: material.density, damping: material.damping },
    },
  });
}
