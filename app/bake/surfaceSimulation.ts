import type { Material } from '../document/index.ts';
import type { BakeContact } from '../contact/index.ts';
import type { WeldedTopology } from '../geometry/index.ts';
import { createVbdModel, createVbdState, step, type VbdModel, type VbdState } from '../solvers/vbd/index.ts';
import type { MeshSimulation, MeshSimulationTimings } from './meshSimulation.ts';

/** Solver settings shared by both simulation kinds. */
export interface SimulationControls {
  substeps: number;
  iterations: number;
  /** [m/s²] */
  gravity: [number, number, number];
  /** κ [1/s²] of the blending springs */
  attachmentStiffness: number;
  /** OGC contact of the mesh (app/contact bakeContact), when it has self-contact or colliders */
  contact?: BakeContact;
}

/**
 * Cloth: the welded surface itself is the simulation mesh (StVK membrane triangles with dihedral
 * bending, seed 000 §3.3 through app/solvers/vbd), each vertex attached to its animated position with
 * its painted weight. No lattice, no fitting, no transfer: the simulated vertices are the output.
 * Degenerate triangles are left out; vertices no triangle holds have no mass and follow the animation.
 *
 * @param topology       the mesh's welded topology
 * @param restPositions  #V×3 welded rest positions, world space [m]
 * @param blendWeights   #V weights in [0, 1]
 * @param material       membrane material (thickness from VbdMaterial's default, 1 mm)
 * @param controls       substeps, iterations, gravity, κ
 * @returns the simulation
 */
export function createSurfaceSimulation(
  topology: WeldedTopology,
  restPositions: Float32Array,
  blendWeights: Float32Array,
  material: Material,
  controls: SimulationControls,
): MeshSimulation {
  const degenerate = new Set(topology.degenerateTriangles);
  const triangles: number[] = [];
  for (let t = 0; t < topology.triangles.length / 3; t++) {
    if (!degenerate.has(t)) triangles.push(topology.triangles[3 * t], topology.triangles[3 * t + 1], topology.triangles[3 * t + 2]);
  }
  const model: VbdModel = createVbdModel({
    restPositions,
    triangles: { vertices: triangles, materials: { youngsModulus: material.youngsModulus, poissonRatio: material.poissonRatio, density: material.density, damping: material.damping } },
  });
  const weights = Float32Array.from(blendWeights, (w, v) => (model.masses[v] > 0 ? w : 0));
  let state: VbdState = createVbdState(model);
  let previousTargets = new Float64Array(3 * model.vertexCount);
  const stats = { kind: 'surface' as const, vertexCount: model.vertexCount, tetCount: 0, triangleCount: model.triangleCount, colorCount: model.colorCount };
  return {
    stats,
    model,
    start(input, previousInput, dt) {
      const velocities = new Float64Array(input.length);
      for (let k = 0; k < input.length; k++) velocities[k] = (input[k] - previousInput[k]) / dt;
      state = createVbdState(model, { positions: input, velocities });
      previousTargets = Float64Array.from(input);
    },
    advance(input, dt, out, timings: MeshSimulationTimings) {
      const begin = performance.now();
      controls.contact?.beginSteps(null, 0, 1, state.positions);
      const diagnostics = step(model, state, state, {
        gravity: controls.gravity,
        substeps: controls.substeps,
        iterations: controls.iterations,
        targetsStart: previousTargets,
        targets: input,
        blendWeights: weights,
        attachmentStiffness: controls.attachmentStiffness,
        residuals: 'final',
        contact: controls.contact?.vbd,
      }, dt);
      previousTargets.set(input);
      timings.simulation += (performance.now() - begin) / 1000;
      this.surface(input, out, timings);
      return diagnostics;
    },
    surface(_input, out) {
      for (let k = 0; k < out.length; k++) out[k] = state.positions[k];
    },
  };
}
