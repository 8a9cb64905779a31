import type { ReducedArapBasis } from './reducedArapBasis.ts';
import { reducedArapIteration } from './reducedArapIteration.ts';
import { reducedArapReset } from './reducedArapReset.ts';
import { createReducedArapState, type ReducedArapIterationReport, type ReducedArapOptions } from './reducedArapState.ts';
import { reducedPositions } from './reducedPositions.ts';
import type { ArapContactList, ArapContactPoints } from './types.ts';
import { workingBasis } from './workingBasis.ts';

export type { ReducedArapIterationReport, ReducedArapOptions } from './reducedArapState.ts';

/** Hierarchical reduced ARAP bound to one handle set (createReducedArapSolver). */
export interface ReducedArapSolver {
  readonly basis: ReducedArapBasis;
  readonly handleVertices: Int32Array;
  readonly contactPoints: ArapContactPoints;
  readonly contactSkin: number;
  /** r */
  readonly basisSize: number;
  /** node of each active local group (its children's bases are in the working basis) */
  readonly activeGroups: readonly number[];
  /** #H×3 targets in handleVertices order */
  setHandleTargets(targets: ArrayLike<number>): void;
  /** starts an edit from the given positions (default the rest shape): global coordinates from the manipulators, locals 0 */
  reset(positions?: ArrayLike<number>): void;
  /** one local/global iteration in the subspace */
  iterate(damping?: number): ReducedArapIterationReport;
  /** p = U·v, #V×3 */
  positions(out: Float64Array): Float64Array;
  /**
   * The contacts given a row in the last iteration's global step (at most one per collider and finest active node),
   * owned by the solver: read them before the next iterate (the editor draws them)
   */
  contacts(): ArapContactList;
  /** activates every local group whose bases are on levels 1..level (tests, or a user who wants detail everywhere) */
  activateLevels(level: number): void;
}

/**
 * Hierarchical reduced ARAP, seed 004 ch. 3: p = U·v with U = [W_g | active local bases] (Eq. 3.15; local
 * coordinates are displacements on top of W_g v_g, Eq. 3.16), one local/global iteration per call in the subspace:
 * - local step and right-hand side either exactly (p = Uv, per-group rotations, b̃ = Uᵀb) or by App. A's rotation
 *   clusters (S_k = vᵀB̃_k and b̃ = Σ_k B̃_k R_kᵀ, O(r·m_c), no pass over the mesh);
 * - handles as KKT rows (Eq. 3.3): per handle, its affine moments Σ_m ψ_l(m)(Uv)_m = Σ_m ψ_l(m) s_m, ψ an orthonormal
 *   basis of {1, x, y, z} over the handle's rest vertices: exact pinning for handles of up to four vertices (the
 *   thesis' vertex handles), and for larger ones exact whenever the handle moves affinely, without ever asking more
 *   of the subspace than it can give (one row per handle vertex would over-constrain r columns);
 * - L̃ = UᵀLU assembled from precomputed blocks on every basis change (Eq. 3.19), plus ρ·ΣaaᵀTo of the handle rows
 *   (an augmented-Lagrangian term, exact at the solution) so that the factored block is definite although L̃ has the
 *   constants in its null space; factored by sparse LDLᵀ (the local–local blocks of distant groups are zero);
 * - contacts: detection on p, the oracle of §3.4.5 (a contact activates the local groups on the path from its
 *   finest cell to the root; groups are retired after retireAfter contact-free iterations), at most one contact row
 *   per active node and collider (§3.5.2's anti-over-constraint rule), incremental KKT with cached F (§3.6), the
 *   λ-sign active set (§3.5.3);
 * - static damping v ← (1 − α)v_new + αv (§3.5.4).
 *
 * @param basis         the precomputed basis (reducedArapBasis)
 * @param handleGroups  vertex lists of the handles (each a group of moment rows)
 * @param options       colliders, contact points, skin, max active level, retirement, right-hand side
 * @returns the solver; call setHandleTargets and reset before the first iterate
 */
export function createReducedArapSolver(
  basis: ReducedArapBasis,
  handleGroups: readonly ArrayLike<number>[],
  options: ReducedArapOptions = {},
): ReducedArapSolver {
  const state = createReducedArapState(basis, handleGroups, options);
  const { hierarchy } = basis;
  const { targets } = state;
  reducedArapReset(state);
  return {
    basis,
    handleVertices: state.handleVertices,
    contactPoints: state.contactPoints,
    contactSkin: state.skin,
    get basisSize() {
      return state.r;
    },
    get activeGroups() {
      return state.active;
    },
    setHandleTargets(values: ArrayLike<number>) {
      if (values.length !== targets.length) throw new RangeError(`setHandleTargets: expected ${targets.length} numbers (#H×3), got ${values.length}`);
      for (let i = 0; i < values.length; i++) {
        if (!Number.isFinite(values[i])) throw new RangeError(`setHandleTargets: target ${Math.floor(i / 3)} is not finite`);
        targets[i] = values[i];
      }
    },
    reset: (positions?: ArrayLike<number>) => reducedArapReset(state, positions),
    iterate: (damping?: number) => reducedArapIteration(state, damping),
    positions: (out: Float64Array) => reducedPositions(state, out),
    contacts: () => state.filtered,
    activateLevels(level: number) {
      const nodes: number[] = [];
      for (let node = 0; node < hierarchy.nodeCount; node++) {
        if (basis.hasGroup(node) && hierarchy.nodeLevel[node] + 1 <= level) nodes.push(node);
      }
      for (const node of nodes) state.lastNeeded.set(node, Infinity);
      for (const node of state.handleNodes) if (!nodes.includes(node)) nodes.push(node);
      workingBasis(state, nodes);
    },
  };
}
