import type { VbdModel, VbdStepDiagnostics } from '../solvers/vbd/index.ts';
import type { MeshSimulation, MeshSimulationSnapshot, MeshSimulationTimings } from './meshSimulation.ts';

/**
 * The simulation of a mesh whose weights are all 0: it follows its animation exactly, so there is nothing to embed,
 * fit, step or transfer; the output is the input. Before this, RobotExpressive at its default weights (19 rigid
 * meshes, all 0) built 19 lattice embeddings with their factorizations and stepped them every frame to write the
 * input back: 5.1 s of embedding and 3.3 s of fitting, stepping and transfer on a 10-frame Walking bake, for nothing.
 *
 * It has no VBD model and no embedding: the session builds a real simulation in its place when a weight leaves 0
 * (setWeights, a weight layer) or when the mesh needs contact (session/sessionJob.ts). Its stats say `kind: 'none'`.
 *
 * @param vertexCount  #V welded vertices of the mesh
 * @returns the simulation
 */
export function createFollowingSimulation(vertexCount: number): MeshSimulation {
  const stats = { kind: 'none' as const, vertexCount: 0, tetCount: 0, triangleCount: 0, colorCount: 0 };
  const none = (): never => {
    throw new Error('a mesh that follows its animation (all weights 0) has no VBD model');
  };
  const empty = new Float64Array(0);
  const diagnostics = (): VbdStepDiagnostics => ({
    substeps: 0,
    iterations: 0,
    colorCount: 0,
    skippedSolves: 0,
    clampedRestTets: 0,
    residuals: [],
    initialForceNorms: [],
    corrections: [],
  });
  return {
    stats,
    get model(): VbdModel {
      return none();
    },
    async start(input, _previousInput, _dt, _timings: MeshSimulationTimings) {
      check(input);
    },
    async advance(input, _dt, out) {
      check(input);
      out.set(input);
      return diagnostics();
    },
    setBlendWeights(weights) {
      for (let v = 0; v < weights.length; v++)
        if (weights[v] !== 0) throw new Error('a following simulation takes only weights of 0: build a simulation for this mesh');
    },
    setMaterial() {
      return false;
    },
    setMaxDistances() {
      // Nothing moves: a limit changes nothing.
    },
    positions() {
      return empty;
    },
    surface(input, out) {
      check(input);
      out.set(input);
    },
    snapshot(): MeshSimulationSnapshot {
      return { positions: new Float64Array(0), velocities: new Float64Array(0), previousVelocities: new Float64Array(0) };
    },
    restore() {
      // Stateless.
    },
    dispose() {
      // Holds nothing.
    },
  };

  function check(input: ArrayLike<number>): void {
    if (input.length !== 3 * vertexCount) throw new Error(`following simulation: ${input.length / 3} vertices given, the mesh has ${vertexCount}`);
  }
}
