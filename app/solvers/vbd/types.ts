/**
 * Types of the Vertex Block Descent solver (seed 000, ch. 3): the immutable model, the plain state, the per-frame
 * controls, the contact data the vertex solve gathers from (OGC), and the diagnostics a step returns.
 *
 * Units are SI throughout: metres, seconds, kilograms, pascals. Positions are row-major xyz (#V×3).
 * Packed adjacency entries are `element * 4 + localVertex` (local 0..3), one CSR list per element kind.
 */
import type { Material } from '../../document/index.ts';

/** Positions and velocities may be kept in double or single precision (the GPU twin works in f32). */
export type FloatArray = Float64Array | Float32Array;

/** Elastic material of a set of elements: Young's modulus and Poisson ratio (Lamé parameters are derived inside). */
export interface VbdMaterial extends Omit<Material, 'model'> {
  /** cloth (triangles) only: sheet thickness [m]; default 0.001 */
  thickness?: number;
  /** springs only: cross-section area [m²]; spring stiffness k = E·A/L₀, mass ρ·A·L₀; default 1e-4 */
  crossSectionArea?: number;
  /** cloth only: plate bending stiffness D [N·m]; default E·t³/(12(1−ν²)); 0 disables dihedral bending */
  bendingStiffness?: number;
}

/** One kind of element in the model description: flat vertex indices, materials and a per-element material index. */
export interface VbdElementSet {
  /** #E×k vertex indices (k = 4 tets, 3 triangles, 2 springs) */
  vertices: ArrayLike<number>;
  /** one or more materials; `materialIndices` picks one per element (default: all use materials[0]) */
  materials: VbdMaterial | VbdMaterial[];
  /** #E indices into materials (per element or per region) */
  materialIndices?: ArrayLike<number>;
}

/**
 * Energy of the tetrahedra: stable Neo-Hookean (the default, Smith et al. 2018) or fixed corotated
 * Ψ = μ‖F − R‖² + λ/2 (det F − 1)² (seed 002 Eq. 4.3), which with Poisson ratio 0 (λ = 0) is volumetric ARAP: the
 * quasistatic cross-check of app/solvers/arap (seed 002 notes §1.4, the PBNG view). Corotated tets have no damping term.
 */
export type VbdTetEnergy = 'stableNeoHookean' | 'corotated';

/** What `createVbdModel` builds a model from. */
export interface VbdModelDescription {
  /** #V×3 rest positions [m]; also the default animation targets */
  restPositions: ArrayLike<number>;
  /** stable Neo-Hookean tetrahedra (#T×4, positively oriented: (x1−x0)·((x2−x0)×(x3−x0)) > 0) */
  tetrahedra?: VbdElementSet;
  /** energy of every tetrahedron (default 'stableNeoHookean') */
  tetEnergy?: VbdTetEnergy;
  /** StVK membrane triangles (#F×3); dihedral bending hinges are built on their interior edges */
  triangles?: VbdElementSet;
  /** linear springs (#S×2) */
  springs?: VbdElementSet;
  /** vertex-graph coloring: 'mcs' (maximum cardinality search, default) or 'greedy' (largest degree first) */
  coloring?: 'mcs' | 'greedy';
  /** stop balancing the color sizes once max/min ≤ this ratio (default 1.1, as Warp/Newton) */
  colorBalanceRatio?: number;
}

/**
 * The immutable simulation model: rest shape, per-element precomputations, per-vertex adjacency (CSR) and the
 * vertex coloring. Every array maps one-to-one onto a WGSL storage binding of the GPU twin.
 */
export interface VbdModel {
  readonly vertexCount: number;
  /** #V×3 rest positions [m] */
  readonly restPositions: Float64Array;
  /** #V lumped masses [kg] (ρV/4 per tet, ρtA/3 per triangle, ρAL/2 per spring end) */
  readonly masses: Float64Array;

  readonly tetCount: number;
  /** #T×4 vertex indices */
  readonly tetVertices: Uint32Array;
  /** #T×9 row-major inverse rest edge matrix D_m⁻¹, D_m = [x1−x0, x2−x0, x3−x0] */
  readonly tetRestShapeInverse: Float64Array;
  /** #T rest volumes [m³] */
  readonly tetRestVolumes: Float64Array;
  /** #T Lamé μ [Pa] */
  readonly tetMu: Float64Array;
  /** #T Lamé λ [Pa] (the stable Neo-Hookean λ' = λ + μ is formed inside the energy) */
  readonly tetLambda: Float64Array;
  /** #T stiffness-proportional damping k_d [s] */
  readonly tetDamping: Float64Array;
  /** the tets' energy (VbdTetEnergy) */
  readonly tetEnergy: VbdTetEnergy;

  readonly triangleCount: number;
  /** #F×3 vertex indices */
  readonly triangleVertices: Uint32Array;
  /** #F×4 row-major inverse of the 2×2 rest edge matrix in the triangle's own plane */
  readonly triangleRestShapeInverse: Float64Array;
  /** #F rest areas [m²] */
  readonly triangleRestAreas: Float64Array;
  /** #F membrane μ·t [N/m] */
  readonly triangleMu: Float64Array;
  /** #F membrane plane-stress λ·t [N/m], λ_ps = Eν/(1−ν²) */
  readonly triangleLambda: Float64Array;
  /** #F damping k_d [s] */
  readonly triangleDamping: Float64Array;

  readonly hingeCount: number;
  /** #H×4 vertex indices: edge endpoints e0, e1, then the opposite vertices o0 (of triangle e0 e1 o0) and o1 */
  readonly hingeVertices: Uint32Array;
  /** #H rest dihedral angles [rad] */
  readonly hingeRestAngles: Float64Array;
  /** #H hinge stiffness k_e [N·m/rad²] of E = ½k_e(θ−θ̄)² */
  readonly hingeStiffness: Float64Array;
  /** #H damping k_d [s] */
  readonly hingeDamping: Float64Array;

  readonly springCount: number;
  /** #S×2 vertex indices */
  readonly springVertices: Uint32Array;
  /** #S rest lengths [m] */
  readonly springRestLengths: Float64Array;
  /** #S stiffness k [N/m] */
  readonly springStiffness: Float64Array;
  /** #S damping k_d [s] */
  readonly springDamping: Float64Array;

  /** #V+1 offsets into vertexTets; entries are tet*4 + local vertex */
  readonly vertexTetOffsets: Uint32Array;
  readonly vertexTets: Uint32Array;
  readonly vertexTriangleOffsets: Uint32Array;
  readonly vertexTriangles: Uint32Array;
  readonly vertexHingeOffsets: Uint32Array;
  readonly vertexHinges: Uint32Array;
  readonly vertexSpringOffsets: Uint32Array;
  readonly vertexSprings: Uint32Array;

  /** number of colors; vertices of one color share no element and are solved in parallel */
  readonly colorCount: number;
  /** #C+1 offsets into colorVertices */
  readonly colorOffsets: Uint32Array;
  /** #V vertex indices grouped by color, ascending inside a color */
  readonly colorVertices: Uint32Array;
  /** #V color of each vertex */
  readonly vertexColors: Uint32Array;
}

/** The plain, copyable simulation state. */
export interface VbdState {
  /** #V×3 positions x^t [m] */
  positions: FloatArray;
  /** #V×3 velocities v^t [m/s] */
  velocities: FloatArray;
  /** #V×3 velocities v^{t−1} of the previous (sub)step [m/s], needed by the adaptive initialization (Eq. 3.14) */
  previousVelocities: FloatArray;
}

/** Initial guess of each (sub)step, seed 000 §3.1.7: (a) previous, (b) inertia, (c) inertia + acceleration, (d) adaptive. */
export type VbdInitialization = 'previous' | 'inertia' | 'inertiaAcceleration' | 'adaptive' | 'targetOffset';

/**
 * How much residual bookkeeping a step does (each residual evaluation costs about one sweep without solves): none, after
 * the last iteration of every substep ('final'), of the call's last substep only ('lastSubstep': one measure per
 * frame, what a bake reports), or after every iteration.
 */
export type VbdResidualMode = 'none' | 'final' | 'lastSubstep' | 'everyIteration';

/** Kinds of contact element (VbdContactData.contactKinds); each names its four point slots. */
export const CONTACT_KIND = {
  /** point v against the interior of triangle (a, b, c): slots v, a, b, c (seed 000 Eq. 5.9 facet block) */
  vertexFace: 0,
  /** point v against the interior of edge (a, b): slots v, a, b, − (Eq. 5.8 edge block) */
  vertexEdge: 1,
  /** point v against point a: slots v, a, −, − (Eq. 5.7 vertex block) */
  vertexVertex: 2,
  /** interior of edge (p0, p1) against interior of edge (q0, q1): slots p0, p1, q0, q1 (Eqs. 5.13–5.16) */
  edgeEdge: 3,
  /** point v against analytic plane #a (VbdContactData.planes): slots v, −, −, − with slot 1 holding the plane index */
  vertexPlane: 4,
  /**
   * point v pulled toward its target VbdContactData.pointTargets[3v..] by k_c/2‖x_v − t_v‖²: slots v, −, −, −. Set
   * where the simulated surface holds an intersection its input does not (untangling; app/contact bakeContact)
   */
  pointTarget: 5,
} as const;

/**
 * Contact data the VBD step reads (seed 000 ch. 5, OGC; layout shared with the WGSL port). Built and refreshed by a
 * contact module (app/contact) at each collision detection; the vertex solve only gathers from it: every simulation
 * vertex reads its own list, nothing scatters (Gaia's pattern, anchors.md §1.1, §1.7).
 *
 * Contact points. Contact acts on points of the surface the user sees, not necessarily on simulation vertices:
 * point p < simulatedPointCount is x_p = Σ_k pointWeights[4p+k]·x[pointVertices[4p+k]] + pointOffsets[3p..] (a
 * cloth vertex: weights 1,0,0,0; an embedded surface vertex: its lattice tet's barycentrics plus the detail offset
 * held for the substep); point p ≥ simulatedPointCount is kinematic (a collider vertex) at
 * obstaclePositions[3(p − S)..] during the substep and obstacleStartPositions at its start.
 *
 * Gather lists. vertexContacts[vertexContactOffsets[i] .. vertexContactOffsets[i+1]) lists entries
 * `contact·16 + slot·4 + corner`: simulation vertex i is corner `corner` of the point in slot `slot` of contact
 * `contact`, with weight pointWeights[4·point + corner]. The point's force f and Hessian H map to the vertex as w·f and
 * w²·H (the Gauss–Newton diagonal block through the embedding).
 */
export interface VbdContactData {
  /** S: points driven by the simulation; points S.. are kinematic */
  simulatedPointCount: number;
  /** #S×4 simulation vertex indices of each simulated point */
  pointVertices: Uint32Array;
  /** #S×4 weights (embedding barycentrics; cloth 1, 0, 0, 0) */
  pointWeights: Float64Array;
  /** #S×3 constant offsets [m] added to the weighted sum (embedded detail, held for a substep; 0 for cloth) */
  pointOffsets: Float64Array;
  /** #O×3 kinematic point positions during the substep (its end) and at its start [m] */
  obstaclePositions: Float64Array;
  obstacleStartPositions: Float64Array;
  /** #P×4 analytic planes n·x + o ≥ 0 is outside (unit n, o [m]) */
  planes: Float64Array;
  /** #S×3 targets of pointTarget contacts during the substep [m] (the input surface) */
  pointTargets: Float64Array;
  /** number of live contacts */
  contactCount: number;
  /** #C kind (CONTACT_KIND) */
  contactKinds: Uint8Array;
  /** #C×4 point indices per slot (unused slots 0; a plane contact keeps its plane index in slot 1) */
  contactPoints: Uint32Array;
  /**
   * #C×4 lagged friction data from detection (IPC lagged friction, seed 000 §3.1.6): the signed weights b_k of each
   * slot in the relative displacement Δx = Σ_k b_k (x_k − x_k^t) (vertex side +1, face side −barycentric)
   */
  contactFrictionWeights: Float64Array;
  /** #C×3 lagged unit contact normal (from the face side toward the vertex side) */
  contactNormals: Float64Array;
  /** #C lagged normal force magnitude λ = −g′(d) [N] at detection (0: no friction) */
  contactNormalForces: Float64Array;
  /** #V+1 offsets and the gather entries (contact·16 + slot·4 + corner) */
  vertexContactOffsets: Uint32Array;
  vertexContacts: Uint32Array;
  /** contact radius r [m] (the offset of OGC's blocks), stiffness k_c [N/m], friction μ, ε_v [m/s] (seed 000 Eq. 3.12) */
  radius: number;
  stiffness: number;
  friction: number;
  frictionVelocity: number;
}

/**
 * What the step needs from a contact module (OGC, seed 000 Algorithm 4): the data the vertex solve gathers from, and
 * the three host-side moments: detection and initial-guess truncation at the start of a substep, truncation to the
 * conservative bounds after each iteration (with re-detection when too many vertices were truncated). All three are
 * whole-array passes (one dispatch each on the GPU); none runs per color.
 */
export interface VbdContact {
  readonly data: VbdContactData;
  /**
   * Start of a substep, after the initial guess: detect contacts at x^t, compute the bounds, truncate the guess.
   *
   * @param positionsStart  #V×3 x^t [m]
   * @param positions       #V×3 initial guess [m], truncated in place
   * @param timeStep        substep length h [s]
   * @param fraction        end of this substep as a fraction of the step call (kinematic points are interpolated)
   * @param pinned          #V 1 = pinned (moves with its target, never truncated)
   * @param targetsStart    #V×3 animated targets at the start of the step call [m] (VbdControls.targetsStart)
   * @param targetsEnd      #V×3 animated targets at its end [m]: the bounds limit each vertex's motion relative to
   *                        its target's, so a body the animation carries fast is not held back where it is near itself
   */
  beginSubstep(
    positionsStart: Float64Array,
    positions: FloatArray,
    timeStep: number,
    fraction: number,
    pinned: Uint8Array,
    targetsStart: ArrayLike<number>,
    targetsEnd: ArrayLike<number>,
  ): void;
  /** After each full iteration: truncate to the bounds; re-detects when more than γ_e of the vertices were truncated. */
  endIteration(positions: FloatArray, pinned: Uint8Array): void;
}

/**
 * The per-call scalars every vertex solve reads, built once per `step` call (createVbdCallParameters) and passed down
 * as an argument (forwardStep, solveColor, solveVertexBlock, vertexForceHessian, vertexLocalEnergy, vertexUnaryEnergy,
 * variationalEnergy, meanForceResidual), never kept in the workspace. The CPU twin of the GPU's CallParams uniform.
 */
export interface VbdCallParameters {
  /** substep length h [s] */
  readonly timeStep: number;
  /** 1/h [1/s] and 1/h² [1/s²]; both 0 in quasistatic mode (no inertia, no damping) */
  readonly inverseTimeStep: number;
  readonly inverseTimeStepSquared: number;
  /** quasistatic mode: inertia replaced by the external force m_i a_ext (VbdControls.quasistatic) */
  readonly quasistatic: boolean;
  /** the elastic forces at the targets (VbdWorkspace.equilibriumForce) are subtracted (VbdControls.equilibriumAtTargets) */
  readonly equilibrium: boolean;
  /** local backtracking line search on G_i in solveVertexBlock (seed 000 §3.1.2; VbdControls.lineSearch) */
  readonly lineSearch: boolean;
  /** the contact data every vertex solve gathers from (null: no contact) */
  readonly contact: VbdContactData | null;
}

/**
 * How `step` solves: the method's settings. A caller keeps them for a session (a bake's substeps, iterations,
 * damping, material response) and varies few of them between calls. Every field is optional; defaults in parentheses.
 */
export interface VbdSolverSettings {
  /** uniform external acceleration [m/s²] ([0, −9.81, 0]) */
  gravity?: ArrayLike<number>;
  /** substeps per call (1) */
  substeps?: number;
  /** iterations per substep (10) */
  iterations?: number;
  /** stop a substep early once the relative force residual (Eq. 5.28) is below this (0: never); implies residual tracking */
  residualTolerance?: number;
  /**
   * adaptive iterations: after `iterations`, keep iterating (checking every ⌈iterations/2⌉) until the mean remaining
   * error per vertex, mean ‖f_v‖·h²/m_v (VbdStepDiagnostics.corrections), is at most this [m], or maxIterations is
   * reached (0: off, exactly `iterations`)
   */
  correctionTolerance?: number;
  /** iteration cap of the adaptive iterations (4 × iterations) */
  maxIterations?: number;
  /** residual bookkeeping ('none', or 'everyIteration' when residualTolerance > 0) */
  residuals?: VbdResidualMode;
  /** initial guess ('adaptive', Eq. 3.14) */
  initialization?: VbdInitialization;
  /**
   * Chebyshev spectral radius ρ of Eq. 3.16; 0 disables the acceleration (0). 0.9–0.95 cuts the iterations of a
   * converged solve 2–3× (see bench/vbd.bench.ts), but the extrapolation is fragile far from equilibrium, hence off
   */
  chebyshevRho?: number;
  /** iterations per substep before the acceleration starts (Wang 2015's S); with the restart rule of
   * chebyshevAccelerate this kept ρ = 0.95 stable from scrambled and flattened meshes in our tests (5) */
  chebyshevDelay?: number;
  /** drop inertia: each substep minimizes E(x) − Σ m_i a_ext·x_i (settling, ARAP-like relaxation); velocities become 0 (false) */
  quasistatic?: boolean;
  /**
   * κ [1/s²] of the implicit blending spring k_i = m_i·κ_i·(1 − w_i)/w_i toward a_i(t) (see blendStiffness.ts), one
   * number for every vertex or #V of them; 0 keeps only the hard pins of w = 0, which is the set-up for kinematic
   * blending afterwards (1000)
   */
  attachmentStiffness?: number | ArrayLike<number>;
  /** β_a [s]: stiffness-proportional damping of the blending spring, c_i += β_a·k_i (0) */
  attachmentDamping?: number;
  /**
   * α [1/s]: mass-proportional damping toward the targets' motion on every unpinned vertex, c_i += α·m_i; a free
   * vertex's motion relative to its target decays as e^{−αt/2} (0)
   */
  targetDamping?: number;
  /**
   * dampers measure velocity relative to the targets' motion, from x^t + (a(t+h) − a(t)) instead of x^t: element
   * damping and the attachment dashpot then never resist the animation itself, only the departure from it (false)
   */
  dampRelativeToTargets?: boolean;
  /**
   * the targets are an exact elastic equilibrium: the elastic forces at the targets are subtracted from every vertex
   * force (E′(x) = E(x) − ∇E(a)·x), so a body whose targets hold still comes to rest exactly on them even where the
   * elastic reference does not match them (a clamped animated rest shape) (false)
   */
  equilibriumAtTargets?: boolean;
  /** local backtracking line search on each vertex's G_i, seed 000 §3.1.2: slower, guarantees descent (false) */
  lineSearch?: boolean;
  /**
   * the animated rest shape (none): every substep, step builds the tets' elastic reference from that substep's
   * targets a(t+h) (its end, the interpolation of targetsStart → targets) with restShapeInverses: the targets'
   * principal stretches relative to the model's rest shape, clamped to [minStretch, maxStretch] (in (0, 1] and ≥ 1),
   * rotation dropped. Elasticity then resists only the departure from the animation. The tets whose stretches were
   * clamped are counted in VbdStepDiagnostics.clampedRestTets. Excludes tetRestShapeInverse
   */
  animatedRest?: { minStretch: number; maxStretch: number };
}

/**
 * What one `step` call is given: the animation's targets over the call, per-vertex data, and the contact. Every field
 * is optional; defaults in parentheses.
 */
export interface VbdCallInputs {
  /** #V×3 extra per-vertex acceleration [m/s²], added to gravity */
  externalAccelerations?: ArrayLike<number>;
  /** #V×3 animated targets a_i(t+dt) at the end of this call [m] (model rest positions) */
  targets?: ArrayLike<number>;
  /** #V×3 targets a_i(t) at the start of this call; substeps interpolate linearly (targets: held constant) */
  targetsStart?: ArrayLike<number>;
  /** #V physics-blend weights w_i ∈ [0, 1]: 0 pins the vertex to its target, 1 is pure physics (all 1) */
  blendWeights?: ArrayLike<number>;
  /**
   * #V largest distance of each vertex from its animated target a(t+h) at the end of every substep [m] (Unity Cloth's
   * maxDistance; Infinity: no limit): a hard clamp applied after the iterations and before the velocity update, so the
   * velocities see the clamped positions (the motion past the limit is removed, not stored as momentum).
   */
  maxDistances?: ArrayLike<number>;
  /**
   * #T×9 row-major inverse rest edge matrices D_m⁻¹ (the layout of model.tetRestShapeInverse) used instead of the
   * model's for this call: a moving elastic reference, F = D_s·D_m⁻¹ with D_m following the animation, so
   * elasticity resists only the departure from the animated shape (app/bake restShapeInverses builds one within
   * stretch limits). Rest volumes (the quadrature weights), masses and Lamé parameters stay the model's. Every
   * tetrahedron evaluation of the call reads it, damping included. Read in place, not copied
   * (model.tetRestShapeInverse). Excludes animatedRest
   */
  tetRestShapeInverse?: Float64Array;
  /** contact (none): OGC contact from app/contact, gathered by every vertex solve */
  contact?: VbdContact;
}

/** Host code `step` calls back into inside the call (a CPU stepper only: a device cannot call back mid-step). */
export interface VbdHooks {
  /**
   * called at the start of every substep, before its initial guess (none): `targets` the substep's end targets
   * a(t+h) [m] (#V×3, a view valid during the call), `from`/`to` the substep's start and end as fractions of the
   * call, `positions` the state x^t at its start [m] (a live view; do not write). What a caller must refresh per
   * substep from the state goes here (the bake's contact surface, app/contact BakeContact.beginSteps). The hook frames
   * the contact for its substep: with both set, contact.beginSubstep is told the substep is its whole call (fraction
   * 1, targets from a(t) to a(t+h)), exactly as if the caller had made one call per substep. A host callback inside
   * the step: the WebGPU backend refuses it, as it refuses contact
   */
  beforeSubstep?: (targets: Float64Array, from: number, to: number, positions: FloatArray) => void;
}

/**
 * Everything one `step` call is handed: the three groups, flat (a call spreads a session's settings and adds its
 * inputs). The groups are named so a backend can take or refuse a whole group (VBD_CONTROL_GROUPS; the WebGPU step
 * takes the settings and the inputs and refuses the hooks).
 */
export type VbdControls = VbdSolverSettings & VbdCallInputs & VbdHooks;

/** The group of every control, checked complete by the compiler: a new field must be put in one group. */
export const VBD_CONTROL_GROUPS = {
  gravity: 'settings',
  substeps: 'settings',
  iterations: 'settings',
  residualTolerance: 'settings',
  correctionTolerance: 'settings',
  maxIterations: 'settings',
  residuals: 'settings',
  initialization: 'settings',
  chebyshevRho: 'settings',
  chebyshevDelay: 'settings',
  quasistatic: 'settings',
  attachmentStiffness: 'settings',
  attachmentDamping: 'settings',
  targetDamping: 'settings',
  dampRelativeToTargets: 'settings',
  equilibriumAtTargets: 'settings',
  lineSearch: 'settings',
  animatedRest: 'settings',
  externalAccelerations: 'inputs',
  targets: 'inputs',
  targetsStart: 'inputs',
  blendWeights: 'inputs',
  maxDistances: 'inputs',
  tetRestShapeInverse: 'inputs',
  contact: 'inputs',
  beforeSubstep: 'hooks',
} as const satisfies { [K in keyof VbdControls]-?: K extends keyof VbdSolverSettings ? 'settings' : K extends keyof VbdCallInputs ? 'inputs' : 'hooks' };

/** A group of VbdControls (VBD_CONTROL_GROUPS). */
export type VbdControlGroup = (typeof VBD_CONTROL_GROUPS)[keyof typeof VBD_CONTROL_GROUPS];

/** What one `step` call reports. */
export interface VbdStepDiagnostics {
  substeps: number;
  /** iterations run, summed over substeps (fewer than substeps×iterations when residualTolerance stops early) */
  iterations: number;
  /** number of colors swept per iteration */
  colorCount: number;
  /** vertex solves skipped because |det H_i| was (nearly) zero, summed */
  skippedSolves: number;
  /**
   * relative force residual e = mean‖f_v‖ / mean‖f_v⁰‖ (seed 000 Eq. 5.28) after each iteration, all substeps in
   * order ('everyIteration'), or after the last iteration of each substep ('final'); empty with 'none'
   */
  residuals: number[];
  /** mean‖f_v‖ [N] at the start of each substep (the denominator of Eq. 5.28); empty with 'none' */
  initialForceNorms: number[];
  /**
   * with 'final' or 'lastSubstep': mean_v ‖H_v⁻¹ f_v‖ [m] after the last iteration of each substep, how far the vertices would still
   * move: the residual as a distance, independent of the initial guess (meanForceResidual)
   */
  corrections: number[];
  /** with VbdControls.animatedRest: tets whose reference stretches were clamped, summed over substeps (else 0) */
  clampedRestTets: number;
}
