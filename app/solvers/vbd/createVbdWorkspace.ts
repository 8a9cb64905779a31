import type { VbdModel } from './types.ts';

/**
 * Scratch buffers of one substep, owned by the caller and reused across steps so the solver allocates nothing per
 * iteration. Each array is one storage buffer of the GPU twin (positionsNew is the auxiliary buffer of seed 000
 * Algorithm 1, lines 20 and 23). Contact is not buffered here: the vertex solve gathers it from VbdContactData).
 * Per-call scalars (h, 1/h, 1/h², quasistatic, equilibrium, line search, contact) are not workspace state either: step
 * builds them once per call as VbdCallParameters (createVbdCallParameters) and passes them down as an argument.
 */
export interface VbdWorkspace {
  /** #V×3 x^t, positions at the start of the substep [m] */
  readonly positionsStart: Float64Array;
  /** #V×3 inertia target y = x^t + h v^t + h² a_ext [m] (Eq. 2.3) */
  readonly inertiaTarget: Float64Array;
  /** #V×3 auxiliary positions written by a color pass, copied back after it [m] */
  readonly positionsNew: Float64Array;
  /** #V×3 Chebyshev iterates x^(n−1) and x^(n−2) [m] (Eq. 3.15) */
  readonly chebyshevPrevious: Float64Array;
  readonly chebyshevPrevious2: Float64Array;
  /** Chebyshev schedule [n, ω_n, last Gauss–Seidel change] (see chebyshevAccelerate) */
  readonly chebyshevSchedule: Float64Array;
  /** #V×3 animated targets a(t) at the end of the current substep [m] */
  readonly targets: Float64Array;
  /** #V×3 targets at the start of the current substep [m], for contact framed per substep (VbdControls.beforeSubstep) */
  readonly substepTargetsStart: Float64Array;
  /** #V×3 external acceleration a_ext per vertex [m/s²] */
  readonly accelerations: Float64Array;
  /** #V attachment stiffness k_i [N/m] of the implicit blending spring */
  readonly attachmentStiffness: Float64Array;
  /** #V damping c_i [N·s/m] of the dashpot toward the animation's motion (attachment and mass-proportional) */
  readonly attachmentDamping: Float64Array;
  /**
   * #V×3 reference r of every damper [m]: x^t, or with VbdControls.dampRelativeToTargets x^t + (a(t+h) − a(t)), so
   * that damping resists only the motion relative to the animation
   */
  readonly dampingReference: Float64Array;
  /** #V×3 elastic forces at the targets [N], subtracted from every vertex force when VbdCallParameters.equilibrium */
  readonly equilibriumForce: Float64Array;
  /** #V 1 = pinned to its target (blend weight 0): never solved */
  readonly pinned: Uint8Array;
  /** #V 1 = touched a contact this substep: Chebyshev skips it (seed 000 §3.1.8) */
  readonly inContact: Uint8Array;
  /** the current vertex's f_i (3), H_i (9, row-major) and Δx_i (3) */
  readonly force: Float64Array;
  readonly hessian: Float64Array;
  readonly delta: Float64Array;
  /** vertex solves refused because |det H_i| was (nearly) zero, since the workspace was last reset */
  skippedSolves: number;
  /**
   * #T×9 scratch for the animated rest shape D_m⁻¹ step builds each substep (VbdControls.animatedRest, restShapeInverses);
   * allocated by the first such call (null until then). Which D_m⁻¹ a call uses is an argument of the kernels, not
   * workspace state
   */
  animatedRestShapeInverse: Float64Array | null;
}

/**
 * Allocates the substep buffers for a model (about 40 doubles per vertex): seed 000 Algorithm 1's x^t, y and the
 * auxiliary buffer x_new, plus the per-vertex terms of Eqs. 3.5–3.8.
 *
 * @param model  the VBD model
 * @returns a workspace for step (one per model and thread of work)
 */
export function createVbdWorkspace(model: VbdModel): VbdWorkspace {
  const n = 3 * model.vertexCount;
  return {
    positionsStart: new Float64Array(n),
    inertiaTarget: new Float64Array(n),
    positionsNew: new Float64Array(n),
    chebyshevPrevious: new Float64Array(n),
    chebyshevPrevious2: new Float64Array(n),
    chebyshevSchedule: Float64Array.of(0, 1, Number.POSITIVE_INFINITY),
    targets: Float64Array.from(model.restPositions),
    substepTargetsStart: new Float64Array(n),
    accelerations: new Float64Array(n),
    attachmentStiffness: new Float64Array(model.vertexCount),
    attachmentDamping: new Float64Array(model.vertexCount),
    dampingReference: new Float64Array(n),
    equilibriumForce: new Float64Array(n),
    pinned: new Uint8Array(model.vertexCount),
    inContact: new Uint8Array(model.vertexCount),
    force: new Float64Array(3),
    hessian: new Float64Array(9),
    delta: new Float64Array(3),
    skippedSolves: 0,
    animatedRestShapeInverse: null,
  };
}
