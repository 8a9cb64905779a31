import type { LdltFactorization } from '../../math/sparse/index.ts';
import { contactActiveSet, type ContactActiveSet } from './contactActiveSet.ts';
import { kktRows } from './contactKktRows.ts';
import { createContactList } from './contactList.ts';
import { rotationFitScratch, type RotationFitScratch } from './fitRotationGroups.ts';
import type { ArapIterationReport, ArapSolverOptions } from './fullArapSolver.ts';
import { handleDetailNodes } from './handleDetailNodes.ts';
import { handleMoments, type HandleMoments } from './handleMoments.ts';
import type { IncrementalKktSolver, KktRows } from './incrementalKktSolver.ts';
import type { LocalGroup, ReducedArapBasis } from './reducedArapBasis.ts';
import type { ArapCollider, ArapContactList, ArapContactPoints } from './types.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** Options of the reduced solver. */
export interface ReducedArapOptions extends ArapSolverOptions {
  /** deepest level whose local bases contacts may activate (the speed/contact-detail slider of seed 004 §3.4.4; default: all) */
  maxActiveLevel?: number;
  /** iterations a local group stays active after its region's last contact (default 20; the thesis' "given number of frames") */
  retireAfter?: number;
  /** 'clustered' (App. A's fast right-hand side, default) or 'exact' (p = Uv, local step on every rotation group, b̃ = Uᵀb) */
  rightHandSide?: 'clustered' | 'exact';
  /**
   * keep the local bases around the handles active for the whole edit, as a contact would activate them (default
   * true): a handle of many vertices asks for detail where it grabs, and the thesis' single-vertex handles do not.
   * A list names the handles (indices into handleGroups) that get it: the Pose tool's fixed handle is most of the
   * mesh, and detail all over it made r ≈ 1,900 and a drag event 100 ms at 12.8k vertices
   */
  handleDetail?: boolean | readonly number[];
}

/** What one reduced iteration did, beyond the full solver's report. */
export interface ReducedArapIterationReport extends ArapIterationReport {
  /** r, the working basis size */
  basisSize: number;
  /** local groups active */
  activeGroups: number;
  /** whether the basis changed in this iteration (L̃ re-projected and refactored) */
  basisChanged: boolean;
}

/**
 * Everything reduced ARAP (seed 004 ch. 3) keeps between iterations, as plain data in the manner of libigl's
 * `ARAPData`: the constants of the edit (handles, contact points, options), the working basis U = [W_g | active local
 * bases] with its factored system, the reduced coordinates v, and the scratch each step writes into. r is the working
 * basis size (r₀ global columns, then each active group's B columns); reduced vectors are r×3 row-major (x, y, z per
 * column). The steps (reducedSystem, workingBasis, clusteredLocalStep, …) read and write it; nothing else does.
 */
export interface ReducedArapState {
  // --- constants of the edit ---
  /** the precomputed basis: model, hierarchy, W_g (#V×r₀), W_gᵀLW_g, rotation clusters and local groups */
  readonly basis: ReducedArapBasis;
  /** #H distinct handle vertices, increasing: the order of targets */
  readonly handleVertices: Int32Array;
  /** vertex → its slot in handleVertices */
  readonly handleSlot: Map<number, number>;
  /** per handle: its vertices and the orthonormal moment functions ψ_l over them (handleMoments, Eq. 3.3) */
  readonly moments: HandleMoments[];
  /** the virtual points P + q of the handle rows: handle index and moment index l, one per (handle, ψ_l) */
  readonly virtualPoints: { handle: number; moment: number }[];
  /** #H×3 handle targets in handleVertices order [m] */
  readonly targets: Float64Array;
  /** the points that touch colliders (#P of them, each a weighted set of vertices) */
  readonly contactPoints: ArapContactPoints;
  /** the colliders */
  readonly colliders: readonly ArapCollider[];
  /** distance kept from colliders [m] (the option's fraction × the model's size) */
  readonly skin: number;
  /** local step on every rotation group with b̃ = Uᵀb (true) or by rotation clusters (App. A, false) */
  readonly exact: boolean;
  /** iterations a contact-activated group stays active after its last contact */
  readonly retireAfter: number;
  /** deepest hierarchy level whose cells contacts refine to (≤ levelCount − 1) */
  readonly maxActiveLevel: number;
  /** nodes whose groups stay active for the whole edit (around the detailed handles), level then index order */
  readonly handleNodes: readonly number[];
  /** global columns g < r₀ whose component has no handle: pinned where the edit starts */
  readonly pinnedRoots: readonly number[];
  /** #pinnedRoots×3 the pinned columns' values [m] (set by reducedArapReset) */
  readonly pinnedValues: Float64Array;
  /** most entries a point vector can have before any local group is active: r₀ + 64 */
  readonly maxPointEntries: number;

  // --- working basis and its system (reducedSystem, workingBasis) ---
  /** active local groups: the node of each, in column order */
  active: number[];
  /** the LocalGroup of each active node (basis.group(node)) */
  activeGroupData: LocalGroup[];
  /** first column of each active group in U */
  columnOffset: number[];
  /** r, the working basis size */
  r: number;
  /** r×r row-major L̃ = UᵀLU without the handle augmentation and the pins (Eq. 3.19) */
  reducedLaplacian: Float64Array;
  /** per virtual point q: the sparse row a_q = Σ ψ_l(m) U[m, :] of its handle row */
  augmentation: { indices: Int32Array; values: Float64Array }[];
  /** ρ, the augmented-Lagrangian weight of the handle rows: tr(L̃) / Σ|a_q|² */
  rho: number;
  /** weight of the pinned roots' diagonal terms: the mean |diagonal| of the augmented L̃ (1 if that is 0) */
  pinWeight: number;
  /** sparse LDLᵀ of L̃ + ρΣa_q a_qᵀ + pins (null before the first reducedSystem) */
  factor: LdltFactorization | null;
  /** the incremental KKT solver on that factor (§3.6) */
  kkt: IncrementalKktSolver | null;
  /** ≥ r scratch: one dense row of U (reducedPointVector) */
  denseRow: Float64Array;

  // --- reduced coordinates ---
  /** ≥ r×3 v, the reduced coordinates (global manipulator positions, then local displacements) [m] */
  v: Float64Array;
  /** ≥ r×3 the global step's solution before damping [m] */
  vNew: Float64Array;
  /** ≥ r×3 b̃, the reduced right-hand side */
  bReduced: Float64Array;

  // --- local step ---
  /** #K×9 (K rotation groups if exact, else clusters) fitted rotations, row-major */
  readonly rotations: Float64Array;
  /** #K×4 rotation warm starts (x, y, z, w) */
  readonly quaternions: Float64Array;
  /** the next local step starts cold (ignores quaternions) */
  coldStart: boolean;
  /** 3×3 and quaternion scratch of the rotation fits */
  readonly fitScratch: RotationFitScratch;
  /** #clusters×9 covariances S_k = Σ_a v_a ⊗ B̃_k[a] (App. A) */
  readonly clusterCovariance: Float64Array;
  /** #V×3 full positions p = Uv, refreshed when contacts or the exact local step need them [m] */
  readonly p: Float64Array;
  /** #V×3 the full right-hand side b (exact local step only) */
  readonly b: Float64Array;

  // --- contacts ---
  /** #P×3 contact point positions [m] */
  readonly pointPositions: Float64Array;
  /** contacts found in this iteration's detection */
  readonly detected: ArapContactList;
  /** detected plus the persistent active set */
  readonly merged: ArapContactList;
  /** the contacts given a row: at most one per (collider, finest active node) (§3.5.2) */
  readonly filtered: ArapContactList;
  /** the λ-sign active set (§3.5.3) */
  readonly activeSet: ContactActiveSet;
  /** (collider, node) key → the deepest merged contact there (deepestContactPerNode scratch) */
  readonly deepest: Map<number, number>;
  /** local group node → the last iteration a contact asked for it (Infinity: for the whole edit) */
  readonly lastNeeded: Map<number, number>;
  /** iterations run since construction */
  iteration: number;
  /** KKT rows of this iteration: handle moment rows, then contact rows */
  readonly rows: KktRows;
  /** ≥ #filtered: each filtered contact's row, −1 if none */
  rowOf: Int32Array;
  /** ≥ rows.count: λ of each row */
  multipliers: Float64Array;
  /** ≥ #filtered: λ of each filtered contact, NaN if it had no row */
  contactMultipliers: Float64Array;
}

/**
 * The state of a reduced ARAP edit before its first reset: handle moments, pinned roots, handle-detail nodes and
 * every buffer sized for the global basis (seed 004 ch. 3; createReducedArapSolver then calls reducedArapReset).
 *
 * @param basis         the precomputed basis (reducedArapBasis)
 * @param handleGroups  vertex lists of the handles (each a group of moment rows)
 * @param options       colliders, contact points, skin, max active level, retirement, right-hand side, handle detail
 * @returns the state, with no working basis built yet (factor null)
 */
export function createReducedArapState(
  basis: ReducedArapBasis,
  handleGroups: readonly ArrayLike<number>[],
  options: ReducedArapOptions = {},
): ReducedArapState {
  const { model, hierarchy, globalCount: r0, clusters } = basis;
  const n = model.vertexCount;
  if (handleGroups.length === 0 || handleGroups.every((g) => g.length === 0)) {
    throw new RangeError('createReducedArapSolver: at least one handle vertex is needed');
  }
  const handleSet = new Set<number>();
  for (const g of handleGroups) for (let i = 0; i < g.length; i++) handleSet.add(g[i]);
  const handleVertices = Int32Array.from(handleSet).sort();
  const handleSlot = new Map<number, number>();
  handleVertices.forEach((v, i) => handleSlot.set(v, i));
  const points = options.contactPoints ?? vertexContactPoints(n);
  const exact = options.rightHandSide === 'exact';
  const maxActiveLevel = Math.min(options.maxActiveLevel ?? hierarchy.levelCount - 1, hierarchy.levelCount - 1);

  const moments = handleMoments(model.restPositions, model.size, handleGroups);
  const virtualPoints: { handle: number; moment: number }[] = [];
  moments.forEach((h, index) => h.psi.forEach((_, l) => virtualPoints.push({ handle: index, moment: l })));

  // Roots in components without a handle: held where the edit starts (their coordinates pinned in the factored
  // block), as the full solver holds such parts; otherwise L̃ would be singular there.
  const handledComponent = new Uint8Array(model.componentCount);
  for (const m of handleVertices) handledComponent[model.componentOf[m]] = 1;
  const pinnedRoots: number[] = [];
  for (let g = 0; g < r0; g++) if (!handledComponent[model.componentOf[hierarchy.nodeVertex[g]]]) pinnedRoots.push(g);

  const rotationCount = exact ? model.rotationCount : clusters.count;
  const quaternions = new Float64Array(4 * rotationCount);
  for (let k = 0; k < quaternions.length / 4; k++) quaternions[4 * k + 3] = 1;
  return {
    basis,
    handleVertices,
    handleSlot,
    moments,
    virtualPoints,
    targets: new Float64Array(3 * handleVertices.length),
    contactPoints: points,
    colliders: options.colliders ?? [],
    skin: (options.contactSkin ?? 1e-4) * model.size,
    exact,
    retireAfter: options.retireAfter ?? 20,
    maxActiveLevel,
    handleNodes: handleDetailNodes(basis, handleVertices, handleGroups, options.handleDetail ?? true, maxActiveLevel),
    pinnedRoots,
    pinnedValues: new Float64Array(3 * pinnedRoots.length),
    maxPointEntries: Math.max(r0 + 64, 1),
    active: [],
    activeGroupData: [],
    columnOffset: [],
    r: r0,
    reducedLaplacian: new Float64Array(0),
    augmentation: [],
    rho: 0,
    pinWeight: 0,
    factor: null,
    kkt: null,
    denseRow: new Float64Array(r0),
    v: new Float64Array(3 * r0),
    vNew: new Float64Array(3 * r0),
    bReduced: new Float64Array(3 * r0),
    rotations: new Float64Array(9 * rotationCount),
    quaternions,
    coldStart: true,
    fitScratch: rotationFitScratch(),
    clusterCovariance: new Float64Array(9 * clusters.count),
    p: new Float64Array(3 * n),
    b: new Float64Array(3 * n),
    pointPositions: new Float64Array(3 * points.count),
    detected: createContactList(),
    merged: createContactList(),
    filtered: createContactList(),
    activeSet: contactActiveSet(),
    deepest: new Map<number, number>(),
    lastNeeded: new Map<number, number>(),
    iteration: 0,
    rows: kktRows(),
    rowOf: new Int32Array(64),
    multipliers: new Float64Array(64),
    contactMultipliers: new Float64Array(64),
  };
}
