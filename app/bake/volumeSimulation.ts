import type { Material } from '../document/index.ts';
import { detailTransfer, latticeEmbedding, tetTargetFitter, tetVertexWeightMap, tetVertexWeights } from '../embedding/index.ts';
import type { WeldedTopology } from '../geometry/index.ts';
import { createVbdModel, createVbdState, createVbdWorkspace, step, type VbdState, type VbdStepDiagnostics } from '../solvers/vbd/index.ts';
import type { MeshSimulation, MeshSimulationTimings } from './meshSimulation.ts';
import { restShapeInverses } from './restShapeInverses.ts';
import type { SimulationControls } from './surfaceSimulation.ts';

/** Principal stretches an animated elastic reference may take (restShapeInverses). */
const MIN_REST_STRETCH = 0.5;
const MAX_REST_STRETCH = 2;

/**
 * Flesh, jelly, rubber: the surface embedded in a lattice of tetrahedra (seed 004 Algorithm 1 through
 * app/embedding), simulated with stable Neo-Hookean VBD (app/solvers/vbd) attached to the fitted lattice:
 *
 * 1. latticeEmbedding: a duplicated-cell lattice around the welded rest surface (world space, so its
 *    scale is the asset's real scale), every surface vertex with its tet and barycentrics (C′);
 * 2. per frame, tetTargetFitter: lattice targets ū(t) whose embedded surface matches the animated
 *    surface (Eq. 4.1), factored once, warm-started from the previous frame;
 * 3. tetVertexWeights: the painted surface weights carried into the lattice (a lattice vertex whose tets
 *    hold only weight-0 surface vertices gets exactly 0, i.e. is pinned to ū);
 * 4. VBD substeps from ū(t−dt) to ū(t), targets interpolated linearly; with `animatedRest` (the default)
 *    each substep's elastic reference is the interpolated ū itself (restShapeInverses), so elasticity
 *    resists only the departure from the animated shape and never the animator's own deformation;
 * 5. detailTransfer: q′ = C′u + R(q̄ − C′ū) (Eq. 4.10), exact q̄ where the lattice follows ū.
 *
 * @param topology            the mesh's welded topology
 * @param restPositions       #V×3 welded rest positions, world space [m]
 * @param blendWeights        #V physics-blend weights in [0, 1]
 * @param material            Neo-Hookean material
 * @param latticeResolution   cells along the longest side of the bounding box
 * @param controls            substeps, iterations, gravity, κ
 * @param animatedRest        elastic reference = the fitted animation (true) or the rest pose (false)
 * @returns the simulation
 */
export function createVolumeSimulation(
  topology: WeldedTopology,
  restPositions: Float32Array,
  blendWeights: Float32Array,
  material: Material,
  latticeResolution: number,
  controls: SimulationControls,
  animatedRest = true,
): MeshSimulation {
  const embedding = latticeEmbedding(restPositions, topology.triangles, { resolution: latticeResolution });
  const fitter = tetTargetFitter(embedding, {
    surfaceTriangles: topology.triangles,
    // Without strain limits the least-squares fit inverts tets where the rig stretches the skin more than a
    // coarse lattice can follow (Fox Walk, res 12: ~94 inverted tets a frame); with them none invert, at 3-5x
    // the fitting time (tetTargetFitter DESIGN NOTES).
    stretchLimits: { min: MIN_REST_STRETCH, max: MAX_REST_STRETCH },
  });
  const latticeWeights = tetVertexWeights(tetVertexWeightMap(embedding), blendWeights, new Float64Array(embedding.vertexCount));
  const model = createVbdModel({
    restPositions: embedding.positions,
    tetrahedra: {
      vertices: embedding.tetrahedra,
      materials: { youngsModulus: material.youngsModulus, poissonRatio: material.poissonRatio, density: material.density, damping: material.damping },
    },
  });
  const targets = Float64Array.from(embedding.positions);
  const previousTargets = Float64Array.from(embedding.positions);
  const substepStart = new Float64Array(targets.length);
  const substepEnd = new Float64Array(targets.length);
  // The elastic reference we move every substep, handed to the solver as controls.tetRestShapeInverse.
  const animatedRestInverse = Float64Array.from(model.tetRestShapeInverse);
  const workspace = createVbdWorkspace(model);
  let clampedRestTets = 0;
  const quaternions = new Float64Array(4 * embedding.surfaceVertexCount);
  for (let s = 0; s < embedding.surfaceVertexCount; s++) quaternions[4 * s + 3] = 1;
  let state: VbdState = createVbdState(model);
  const { stats: embeddingStats } = embedding;
  const stats = {
    kind: 'volume' as const,
    vertexCount: model.vertexCount,
    tetCount: model.tetCount,
    triangleCount: 0,
    colorCount: model.colorCount,
    clampedRestTets: 0,
    embedding: {
      resolution: embeddingStats.resolution,
      cellSize: embedding.cellSize,
      cells: embeddingStats.cells,
      duplicatedCells: embeddingStats.duplicatedCells,
      seconds: embeddingStats.seconds,
      factorSeconds: fitter.factorSeconds,
    },
  };

  return {
    stats,
    model,
    embedding,
    start(input, previousInput, dt, timings) {
      const begin = performance.now();
      fitter.fit(previousInput, previousTargets, embedding.positions);
      fitter.fit(input, targets, previousTargets);
      const velocities = new Float64Array(targets.length);
      for (let k = 0; k < targets.length; k++) velocities[k] = (targets[k] - previousTargets[k]) / dt;
      state = createVbdState(model, { positions: targets, velocities });
      timings.fitting += (performance.now() - begin) / 1000;
    },
    advance(input, dt, out, timings: MeshSimulationTimings) {
      let clock = performance.now();
      previousTargets.set(targets);
      fitter.fit(input, targets, previousTargets);
      timings.fitting += (performance.now() - clock) / 1000;
      clock = performance.now();
      const diagnostics: VbdStepDiagnostics = { substeps: 0, iterations: 0, colorCount: model.colorCount, skippedSolves: 0, residuals: [], initialForceNorms: [] };
      const substeps = controls.substeps;
      for (let s = 0; s < substeps; s++) {
        const a0 = s / substeps;
        const a1 = (s + 1) / substeps;
        for (let k = 0; k < targets.length; k++) {
          substepStart[k] = previousTargets[k] + a0 * (targets[k] - previousTargets[k]);
          substepEnd[k] = previousTargets[k] + a1 * (targets[k] - previousTargets[k]);
        }
        controls.contact?.beginSteps(substepEnd, a0, a1, state.positions);
        if (animatedRest) clampedRestTets += restShapeInverses(embedding.tetrahedra, substepEnd, model.tetRestShapeInverse, MIN_REST_STRETCH, MAX_REST_STRETCH, animatedRestInverse);
        const substep = step(model, state, state, {
          gravity: controls.gravity,
          substeps: 1,
          iterations: controls.iterations,
          targetsStart: substepStart,
          targets: substepEnd,
          blendWeights: latticeWeights,
          attachmentStiffness: controls.attachmentStiffness,
          // A residual costs about one sweep: measured once per frame, after its last substep.
          residuals: s === substeps - 1 ? 'final' : 'none',
          tetRestShapeInverse: animatedRestInverse,
          contact: controls.contact?.vbd,
        }, dt / substeps, workspace);
        diagnostics.substeps += substep.substeps;
        diagnostics.iterations += substep.iterations;
        diagnostics.skippedSolves += substep.skippedSolves;
        diagnostics.residuals.push(...substep.residuals);
        diagnostics.initialForceNorms.push(...substep.initialForceNorms);
      }
      stats.clampedRestTets = clampedRestTets;
      timings.simulation += (performance.now() - clock) / 1000;
      this.surface(input, out, timings);
      return diagnostics;
    },
    surface(input, out, timings) {
      const clock = performance.now();
      detailTransfer(embedding, targets, state.positions, input, out, quaternions);
      timings.transfer += (performance.now() - clock) / 1000;
    },
  };
}
