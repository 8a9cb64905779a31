// The step tests' jelly cube (step*.test.ts): a 1 m cube of 2×2×2 cells, large enough that inertia m/h² is not
// dwarfed by the stiffness, so Gauss–Seidel converges in tens of iterations and the tests can ask for 1e-6 agreement
// at all.
import { boxTetrahedra, createVbdModel, type VbdMaterial } from '../../../../app/solvers/vbd/index.ts';
import { rubber } from './helpers.ts';

/** The cube's tetrahedra (1 m, 2×2×2 cells). */
export const box = boxTetrahedra([2, 2, 2], [1, 1, 1]);
/** A VBD model of the cube in `material` (rubber by default). */
export const boxModel = (material: VbdMaterial = rubber) =>
  createVbdModel({ restPositions: box.positions, tetrahedra: { vertices: box.tetrahedra, materials: material } });
