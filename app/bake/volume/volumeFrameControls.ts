import type { VbdControls } from '../../solvers/vbd/index.ts';
import { CORRECTION_TOLERANCE, MAX_ITERATION_FACTOR } from '../meshSimulation.ts';
import type { SimulationControls } from '../surfaceSimulation.ts';
import { MAX_REST_STRETCH, MIN_REST_STRETCH, type VolumeState } from './volumeState.ts';

const ANIMATED_REST = { minStretch: MIN_REST_STRETCH, maxStretch: MAX_REST_STRETCH } as const;

/**
 * The VBD controls of one frame of the lattice from targetsStart to targetsEnd (seed 000 Algorithm 1's inputs): the
 * mesh's substeps, iterations and gravity, the stated accuracy (CORRECTION_TOLERANCE of a cell, up to
 * MAX_ITERATION_FACTOR × iterations), the blend toward the targets (the lattice weights, κ, damping relative to the
 * targets), the animated elastic reference (stretches clamped to [0.5, 2]) and the max distances. Read at call time:
 * a new material, weights or limits reach the next frame.
 *
 * @param state         the simulation
 * @param targetsStart  #L×3 the targets at the frame's start
 * @param targetsEnd    #L×3 the targets at its end
 * @param contact       the mesh's contact, when the frame has one
 * @returns the controls (the arrays are the state's own, not copies)
 */
export function volumeFrameControls(
  state: VolumeState,
  targetsStart: Float64Array,
  targetsEnd: Float64Array,
  contact?: SimulationControls['contact'],
): VbdControls {
  const { controls, embedding, material } = state;
  return {
    gravity: controls.gravity,
    substeps: controls.substeps,
    iterations: controls.iterations,
    correctionTolerance: CORRECTION_TOLERANCE * embedding.cellSize,
    maxIterations: MAX_ITERATION_FACTOR * controls.iterations,
    targetsStart,
    targets: targetsEnd,
    blendWeights: state.latticeWeights,
    attachmentStiffness: state.attachment,
    attachmentDamping: material.damping,
    targetDamping: material.massDamping ?? 0,
    dampRelativeToTargets: true,
    initialization: 'targetOffset',
    equilibriumAtTargets: true,
    maxDistances: state.latticeLimits,
    // A residual costs about one sweep: measured once per frame, after its last substep.
    residuals: 'lastSubstep',
    animatedRest: state.animatedRest ? ANIMATED_REST : undefined,
    contact: contact?.vbd,
  };
}
