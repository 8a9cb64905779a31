import type { Material } from '../document/index.ts';
import type { BakeContact } from '../contact/index.ts';
import { boundingBoxDiagonal, meanEdgeLength, type WeldedTopology } from '../geometry/index.ts';
import { cpuVbdStepBackend, createVbdModel, createVbdState, type VbdModel, type VbdState, type VbdStepBackend } from '../solvers/vbd/index.ts';
import { CORRECTION_TOLERANCE, MAX_ITERATION_FACTOR, type MeshSimulation, type MeshSimulationTimings } from './meshSimulation.ts';
import { initialMotion } from './initialMotion.ts';

/** Solver settings shared by both simulation kinds. */
export interface SimulationControls {
  substeps: number;
  iterations: number;
  /** [m/s²] */
  gravity: [number, number, number];
  /** κ [1/s²] of the blending springs; undefined: from the material and the mesh (attachmentStiffnesses) */
  attachmentStiffness?: number;
  /** volumes: pieces without a weight-0 vertex move freely instead of being held at their core */
  freeBody?: boolean;
  /** OGC contact of the mesh (app/contact bakeContact), when it has self-contact or colliders */
  contact?: BakeContact;
  /** where the VBD step runs (default: the CPU) */
  backend?: VbdStepBackend;
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
 * @param controls       substeps, iterations, gravity, κ, and the backend the VBD step runs on
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
  const modelOf = (next: Material): VbdModel =>
    createVbdModel({
      restPositions,
      triangles: {
        vertices: triangles,
        materials: { youngsModulus: next.youngsModulus, poissonRatio: next.poissonRatio, density: next.density, damping: next.damping },
      },
    });
  let model = modelOf(material);
  const weights = Float32Array.from(blendWeights, (w, v) => (model.masses[v] > 0 ? w : 0));
  // κ from the material and the size, as for volumes (attachmentStiffnesses), but from the membrane's first in-plane
  // shear mode of a sheet of size L (the mesh's diagonal) held along one edge, ω₀ = (π/2)·√(μ/ρ)/L: a larger or
  // softer sheet gets weaker springs. Bending, much softer, is not counted, so a weight is followed more closely by
  // cloth than by flesh of the same weight.
  const size = boundingBoxDiagonal(restPositions);
  const kappaOf = (next: Material) => {
    const mu = next.youngsModulus / (2 * (1 + next.poissonRatio));
    return controls.attachmentStiffness ?? (size > 0 ? (Math.PI * Math.PI * mu) / (4 * next.density * size * size) : 0);
  };
  let kappa = kappaOf(material);
  const meanEdge = meanEdgeLength(restPositions, triangles, 1);
  let state: VbdState = createVbdState(model);
  const backend = controls.backend ?? cpuVbdStepBackend();
  let stepper = backend.createStepper(model);
  /** whether the stepper was made for contact (made again for it at the first frame with contact) */
  let stepperContact = false;
  let previousTargets = new Float64Array(3 * model.vertexCount);
  let limits: Float64Array | undefined;
  const stats = {
    kind: 'surface' as const,
    vertexCount: model.vertexCount,
    tetCount: 0,
    triangleCount: model.triangleCount,
    colorCount: model.colorCount,
    meanEdge,
  };
  return {
    stats,
    get model() {
      return model;
    },
    async start(input, previousInput, dt, _timings, motion, spacing = dt) {
      const velocities = new Float64Array(input.length);
      if (motion)
        initialMotion(
          motion.previous,
          input,
          motion.next,
          motion.afterNext,
          motion.later,
          spacing,
          velocities,
          new Float64Array(input.length),
          new Float64Array(input.length),
        );
      else for (let k = 0; k < input.length; k++) velocities[k] = (input[k] - previousInput[k]) / dt;
      state = createVbdState(model, { positions: input, velocities });
      stepper.setState(state);
      previousTargets = Float64Array.from(input);
    },
    async advance(input, dt, out, timings: MeshSimulationTimings) {
      const begin = performance.now();
      if (controls.contact && !stepperContact) {
        stepper.destroy();
        stepper = backend.createStepper(model, { contact: true });
        stepper.setState(state);
        stepperContact = true;
      }
      // the positions at the frame's start: the CPU stepper's own, or the state a device's stepper last read
      controls.contact?.beginSteps(null, 0, 1, stepper.livePositions?.() ?? state.positions);
      stepper.step(
        {
          gravity: controls.gravity,
          substeps: controls.substeps,
          iterations: controls.iterations,
          correctionTolerance: CORRECTION_TOLERANCE * meanEdge,
          maxIterations: MAX_ITERATION_FACTOR * controls.iterations,
          targetsStart: previousTargets,
          targets: input,
          blendWeights: weights,
          attachmentStiffness: kappa,
          attachmentDamping: material.damping,
          targetDamping: material.massDamping ?? 0,
          dampRelativeToTargets: true,
          equilibriumAtTargets: true,
          maxDistances: limits,
          initialization: 'targetOffset',
          residuals: 'final',
          contact: controls.contact?.vbd,
        },
        dt,
      );
      const diagnostics = await stepper.readState(state);
      previousTargets.set(input);
      diagnostics.corrections = diagnostics.corrections.map((c) => c / meanEdge);
      timings.simulation += (performance.now() - begin) / 1000;
      this.surface(input, out, timings);
      return diagnostics;
    },
    snapshot() {
      return {
        positions: Float64Array.from(state.positions),
        velocities: Float64Array.from(state.velocities),
        previousVelocities: Float64Array.from(state.previousVelocities),
        previousTargets: Float64Array.from(previousTargets),
      };
    },
    positions() {
      return state.positions;
    },
    restore(snapshot) {
      state = createVbdState(model, { positions: snapshot.positions, velocities: snapshot.velocities });
      state.previousVelocities.set(snapshot.previousVelocities);
      stepper.setState(state);
      if (snapshot.previousTargets) previousTargets = Float64Array.from(snapshot.previousTargets);
    },
    setMaxDistances(next) {
      limits = next ? Float64Array.from(next) : undefined;
    },
    setBlendWeights(blend) {
      for (let v = 0; v < weights.length; v++) weights[v] = model.masses[v] > 0 ? blend[v] : 0;
    },
    setMaterial(next) {
      // Cloth's κ is a formula of the material (no factorization): a new model and κ, the state carried over.
      model = modelOf(next);
      material = next;
      kappa = kappaOf(next);
      stepper.destroy();
      stepper = backend.createStepper(model, { contact: stepperContact });
      stepper.setState(state);
      return false;
    },
    surface(_input, out) {
      for (let k = 0; k < out.length; k++) out[k] = state.positions[k];
    },
    dispose() {
      stepper.destroy();
    },
  };
}
