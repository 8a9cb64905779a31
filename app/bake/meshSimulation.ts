import type { Material } from '../document/index.ts';
import type { LatticeEmbedding } from '../embedding/index.ts';
import type { VbdModel, VbdStepDiagnostics } from '../solvers/vbd/index.ts';
import type { StartMotion } from './initialMotion.ts';

/**
 * The solve's stated accuracy, the same for every preset: iterations continue past the mesh's `iterations` until the
 * mean remaining error per vertex (VbdStepDiagnostics.corrections, a bound in meters) is at most this fraction of a
 * lattice cell (cloth: of the mean edge), up to MAX_ITERATION_FACTOR times `iterations`; frames that end above twice
 * it are reported (not-converged).
 */
export const CORRECTION_TOLERANCE = 0.01;
export const MAX_ITERATION_FACTOR = 8;

/** What a simulated mesh reports about its discretization. */
export interface MeshSimulationStats {
  /**
   * 'volume': lattice tetrahedra embedding the surface; 'surface': the welded surface itself (cloth); 'none': nothing
   * simulated, the mesh follows its animation (all weights 0: createFollowingSimulation)
   */
  kind: 'volume' | 'surface' | 'none';
  /** simulation (lattice or surface) vertices */
  vertexCount: number;
  tetCount: number;
  triangleCount: number;
  colorCount: number;
  /** the mean rest edge of the simulated triangles [m], the unit of a cloth's remaining error (surface) */
  meanEdge?: number;
  /** tet-substeps whose animated elastic reference had its stretch clamped to [0.5, 2] (volume, animated rest) */
  clampedRestTets?: number;
  /** lattice vertices pinned as the driver core of pieces that no weight-0 vertex pins (volume) */
  driverVertices?: number;
  /** connected lattice pieces (volume) */
  pieces?: number;
  /** lattice pieces that no weight-0 vertex pinned: held at their core instead, or free bodies with freeBody (volume) */
  unpinnedPieces?: number;
  /** lattice embedding (volume only): resolution, cells, duplicated cells, seconds */
  embedding?: { resolution: number; cellSize: number; cells: number; duplicatedCells: number; seconds: number; factorSeconds: number };
}

/** A mesh simulation's state between two frames (MeshSimulation.snapshot). */
export interface MeshSimulationSnapshot {
  positions: Float64Array;
  velocities: Float64Array;
  previousVelocities: Float64Array;
  /** volume: the lattice targets of the last frame and the one before */
  targets?: Float64Array;
  previousTargets?: Float64Array;
  /** volume: detail-transfer rotations per surface vertex, the fitter's warm start, the clamped-rest count */
  quaternions?: Float64Array;
  fitterRotations?: Float64Array;
  fitterColdStart?: boolean;
  clampedRestTets?: number;
  /** the swing of the mesh's gear (carriedShells), set by the session */
  carried?: Float64Array;
}

/**
 * The input inside a frame, for a simulation whose substeps follow the animation at their own times: a clip keyed at
 * 30 fps and baked at 24 fps has corners between the frames that the frames' linear interpolation cuts off (the sample's
 * Bounce moved 32% less at 24 fps than at 30 and 60 with every step at 1/120 s).
 */
export interface SubframeInput {
  /** #V×3 the input at the frame's start (the previous frame's input) */
  previous: Float32Array;
  /** writes the input at the frame's start + fraction·dt (0 < fraction < 1), #V×3 */
  at(fraction: number, out: Float32Array): void;
}

/** Seconds spent per stage inside a mesh simulation, accumulated by the caller's clock. */
export interface MeshSimulationTimings {
  fitting: number;
  simulation: number;
  transfer: number;
}

/**
 * One mesh's simulation, driven frame by frame by bakeAnimation: the animated welded surface goes in,
 * the simulated welded surface comes out. Implementations: createVolumeSimulation (lattice, fitting,
 * VBD on tets, detail transfer) and createSurfaceSimulation (VBD on the surface's own triangles).
 */
export interface MeshSimulation {
  readonly stats: MeshSimulationStats;
  /** the VBD model it steps (contact reads its masses); replaced by setMaterial */
  readonly model: VbdModel;
  /** volume: the lattice embedding of the surface (contact acts on the embedded surface) */
  readonly embedding?: LatticeEmbedding;
  /**
   * Sets the state to the animated surface at the first simulated frame. Without `motion`, moving with the animation's
   * velocity (input − previousInput)/dt (a loop's pre-roll, which settles by itself). With it (a bake that starts in
   * motion), moving with the animation's velocity by second-order differences over the input samples `motion` holds,
   * `spacing` [s] apart (initialMotion), and, for a volume, settled into the lag its first acceleration asks for, so the
   * first frames continue the input's motion instead of being kicked into it.
   */
  start(input: Float32Array, previousInput: Float32Array, dt: number, timings: MeshSimulationTimings, motion?: StartMotion, spacing?: number): Promise<void>;
  /**
   * Advances one frame of length dt toward the animated surface `input` (#V×3 world [m]); writes the simulated surface
   * (#V×3). Asynchronous because the step may run on the GPU (one readback per frame). With `within`, every substep is
   * driven by the input at its own time (SubframeInput) instead of the frames' linear interpolation.
   */
  advance(input: Float32Array, dt: number, out: Float32Array, timings: MeshSimulationTimings, within?: SubframeInput): Promise<VbdStepDiagnostics>;
  /**
   * New physics-blend weights (#V, welded surface) for the next frames, e.g. a weight layer keyed in time: the blend
   * and the pins change; the embedding, the factorizations and the attachment's κ (the body's compliance) do not.
   */
  setBlendWeights(weights: ArrayLike<number>): void;
  /**
   * A new material (Young's modulus, Poisson ratio, density, damping) for the next frames, the state carried over: the
   * VBD model is rebuilt (cheap), the embedding and the fitter's factorization are kept, and the attachment's κ (the
   * body's compliance, K u = M a) is scaled by (E'/E)·(ρ/ρ') when ν is unchanged (K ∝ E, M ∝ ρ: exact), else solved
   * again (one factorization of the elasticity matrix).
   * @returns whether κ had to be solved again
   */
  setMaterial(material: Material): boolean;
  /**
   * Per-vertex max distances (#V, welded surface, simulation units; Infinity: none; null: no limits): every substep
   * clamps the simulated vertices to within them of their animated targets (VbdControls.maxDistances; a volume maps
   * them to its lattice with latticeMaxDistances).
   */
  setMaxDistances(limits: ArrayLike<number> | null): void;
  /**
   * The simulation vertices at the current frame (#N×3: the lattice for a volume, the welded surface for cloth; file
   * units), read back after every frame: what the lattice view draws. A view, valid until the next advance or restore.
   */
  positions(): ArrayLike<number>;
  /** Writes the simulated surface of the current state (#V×3) for the animated surface `input` */
  surface(input: Float32Array, out: Float32Array, timings: MeshSimulationTimings): void;
  /**
   * Everything that decides the next frames, as plain typed arrays (a bake checkpoint): the VBD state and, for
   * volumes, the fitted targets, the fitter's warm start and the detail rotations. Taken between frames.
   */
  snapshot(): MeshSimulationSnapshot;
  /** Continues from a snapshot of a simulation built the same way (same mesh, settings and backend kind). */
  restore(snapshot: MeshSimulationSnapshot): void;
  /** Frees what the step backend holds for this mesh (GPU buffers). */
  dispose(): void;
}
