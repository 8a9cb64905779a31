import type { Material } from '../../document/index.ts';
import type { RigidAlignment } from '../../embedding/index.ts';
import type { SceneShell } from '../../weights/index.ts';
import type { GearSwingModel } from '../gearSwingModel.ts';

/*
 * The carried shells of a session as plain data plus named steps (libigl's `ARAPData` style, as
 * app/bake/session/sessionState.ts): CarriedState is what carriedSetup builds and the steps of app/bake/carried/ read
 * and write; createCarriedShells (app/bake/carriedShells.ts) is the driver.
 *
 * Shapes: #V welded vertices of a simulated mesh; positions are world, row-major xyz, in file units (the swing's
 * frequencies are physical: carriedGear converts gravity with metersPerUnit). Rotations are row-major 3×3, quaternions
 * (x, y, z, w).
 */

/** One simulated mesh as the carried shells see it. */
export interface CarrierMesh {
  /** index into ImportedScene.meshes */
  meshIndex: number;
  /** #V×3 welded world rest positions [file units] */
  rest: Float32Array;
  /** the mesh's material, read at every frame (the swing's damping: ζ = α/(2ω) + βω/2, as every mode of the body) */
  readonly material: Material;
}

/** The input of one simulated mesh around its first frame, for a start in motion (as MeshSimulation.start takes it). */
export interface CarrierStart {
  previous: Float32Array | null;
  next: Float32Array;
  afterNext: Float32Array;
  later: Float32Array;
  /** the samples' spacing [s] */
  spacing: number;
}

/**
 * The damping ratio of every mode of gear's swing: a strap and a buckle, not flesh (the flesh preset's α damps a 1.5 Hz
 * mode at ζ = 0.54, which barely rings): it bounces back once or twice and is within 1% of its lag in ln(100)/(ζω),
 * 1.6 s at 1.5 Hz.
 */
export const GEAR_DAMPING_RATIO = 0.3;
/** The largest swing of gear from its animated orientation [rad] (about 29°: a strap going taut). */
export const GEAR_MAX_ANGLE = 0.5;
/** Nearest host vertices a carried point reads the host's displacement from. */
export const HOST_SAMPLES = 4;

/**
 * Per gear: q (6) and q̇ (6) in its rest frame (q̇ before the impulse of the last frame), the pivot's velocity over the
 * last interval (3), the animation's angular velocity over it (3), the animated orientation (4) and the pivot (3) at
 * the last frame.
 */
export const GEAR_STATE = 25;
/** the pivot's velocity (3) then the animation's angular velocity (3) over the last interval */
export const PIVOT_VELOCITY = 12;
export const SPIN = 15;
export const ORIENTATION = 18;
export const PIVOT = 22;

/** A rigid piece hinged where it meets its host (carriedGear). */
export interface Gear {
  /** index of the simulated mesh (into the session's meshes) */
  mesh: number;
  /** the shell's vertices in its mesh */
  vertices: Uint32Array;
  /** shell vertices that form the hinge (the uppermost of those touching the host) */
  hinge: Uint32Array;
  /** host sampling at the hinge (simulated mesh index or −1: the host does not move) */
  host: number;
  /** 2·HOST_SAMPLES host vertices nearest the hinge, and their inverse-distance weights (sum 1) */
  hostVertices: Uint32Array;
  hostWeights: Float64Array;
  /** the swing's modes and limits in the gear's rest frame */
  model: GearSwingModel;
  /** outward normal of the surface it rests on, rest frame (zeros: none) */
  normal: ArrayLike<number>;
  /** rest positions of the shell's vertices relative to their centroid, and uniform weights, for the animated rotation */
  restPoints: Float64Array;
  pointWeights: Float64Array;
  /** ω at weight 1 [rad/s] */
  naturalOmega: number;
  /** its place in the state array (GEAR_STATE numbers from index·GEAR_STATE) */
  index: number;
}

/** A shell glued to its host: every vertex takes the host's displacement at its nearest host vertices. */
export interface Glued {
  /** index of the simulated mesh */
  mesh: number;
  /** the shell's vertices in its mesh */
  vertices: Uint32Array;
  /** simulated mesh index of the host, or −1 (it does not move) */
  host: number;
  /** per vertex HOST_SAMPLES host vertices and weights */
  hostVertices: Uint32Array;
  hostWeights: Float64Array;
}

/** Scratch of the per-frame steps (allocated once; nothing allocates per frame in moveGear). */
export interface CarriedScratch {
  /** Kabsch's result (gearOrientation) */
  alignment: RigidAlignment;
  /** 3·(largest gear's vertex count) the gear's vertices gathered for gearOrientation */
  points: Float64Array;
  /** 3×3 the animated orientation's rotation, and the swing's turn about the hinge */
  rotation: Float64Array;
  turn: Float64Array;
  /** the swing's q and q̇ handed to stepGearSwing */
  swing: { displacement: Float64Array; rate: Float64Array };
  /** 3-vectors of moveGear: the carried pivot, the host's displacement, the hinge, the spin and the pivot's velocity */
  pivot: Float64Array;
  displacement: Float64Array;
  hinge: Float64Array;
  spin: Float64Array;
  pivotVelocity: Float64Array;
  /** quaternions: the orientation now, and now relative to the last frame's */
  qNow: Float64Array;
  qRelative: Float64Array;
  /** the impulse (Δv, Δω) in the gear's rest frame */
  impulse: Float64Array;
  /** the swing's shift and rotation vector, and the resting surface's normal, turned into the world */
  shift: Float64Array;
  angle: Float64Array;
  normal: Float64Array;
}

/** Every carried shell of a session, its state and scratch. */
export interface CarriedState {
  /** per simulated mesh, #V 1 on the vertices a shell carries (the lattice pins them) */
  readonly carried: Uint8Array[];
  /** the gear, in the order of `index` */
  readonly gears: Gear[];
  readonly glued: Glued[];
  /** per simulated mesh, its gear as CarriedShells.gear reports it */
  readonly gearOfMesh: Array<Array<{ shell: SceneShell; naturalOmega: number; model: GearSwingModel }>>;
  /** both kinds in host order (largest first: a host before the pieces it carries) */
  readonly items: ReadonlyArray<{ kind: 'glued' | 'gear'; index: number }>;
  /** GEAR_STATE numbers per gear (the layout above) */
  readonly gearStates: Float64Array;
  /** whether the first frame was applied (the swings started) */
  started: boolean;
  /** the longest interval between two applications of the swing's limits [s] (stepGearSwing) */
  readonly maxStep: number;
  readonly scratch: CarriedScratch;
}
