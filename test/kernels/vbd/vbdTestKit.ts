/**
 * Shared set-up of the VBD kernel tests: small models of every element kind, inputs rounded to f32 so that the CPU
 * twin and the GPU read the same numbers, the same inputs written into a CPU workspace and into a GPU stepper, and
 * per-vertex magnitudes Σ|term| that bound the f32 rounding error of a sum (the tolerance scale).
 */
import { random } from '../../app/solvers/vbd/helpers.ts';

export { random };
export { animatedRestShape, clothSheet, f32, mixedModel, perturbed, roundedModel, tetLattice } from './vbdTestModels.ts';
export { cpuCallParameters, cpuTwin, cpuWorkspace, restShapeOf, type SubstepInputs, substepInputs, uploadInputs } from './vbdSubstepInputs.ts';
export { compareVertexForceHessians, elementCount, maxDifference, vertexMagnitudes, worstRelative } from './vbdMagnitudes.ts';
export { contactMagnitudes, contactScene } from './vbdContactScene.ts';
