import { cscSubmatrix, ldltFactorization, ldltSolve, ldltSymbolic } from '../../math/sparse/index.ts';
import { arapRightHandSide } from './arapRightHandSide.ts';
import { contactActiveSet } from './contactActiveSet.ts';
import { contactKktRows, kktRows } from './contactKktRows.ts';
import { createContactList } from './contactList.ts';
import { contactPointPositions } from './contactPointPositions.ts';
import type { ArapState } from './createArapState.ts';
import { fitRotationGroups, rotationFitScratch } from './fitRotationGroups.ts';
import { incrementalKktSolver } from './incrementalKktSolver.ts';
import { laplacianQuadraticForm } from './laplacianQuadraticForm.ts';
import type { ArapCollider, ArapContactList, ArapContactPoints, ArapModel } from './types.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** Options shared by the full-space and the reduced ARAP solvers. */
export interface ArapSolverOptions {
  /** colliders (planes now; meshes and self-contact through app/contact) */
  colliders?: readonly ArapCollider[];
  /** the points that touch colliders (default: every vertex) */
  contactPoints?: ArapContactPoints;
  /** distance kept from colliders, as a fraction of the model's size (default 1e-4) */
  contactSkin?: number;
}

/** Options of the full-space solver only. */
export interface FullArapSolverOptions extends ArapSolverOptions {
  /**
   * Fit only the rotations the global step reads (the groups with a free vertex) and leave the energy out of the
   * report (NaN): the Pose tool, whose drag holds most of the mesh beyond the handle's reach and never reads the
   * energy. The positions are the same to the bit (the free rows sum the same groups in the same order).
   */
  freeGroupsOnly?: boolean;
}

/** What one local/global iteration did. */
export interface ArapIterationReport {
  /** E(p, R(p)) at the start of the iteration, before the global step (types.ts); NaN with freeGroupsOnly */
  energy: number;
  /** contact rows in the global step */
  contacts: number;
  /** contact points whose F_q was computed in this iteration (seed 004 §3.6) */
  newContactPoints: number;
  /** deepest contact point inside a collider at the start of the iteration [m] (0: none) */
  maxPenetration: number;
  /** Schur regularization, relative (0 when the contact rows were independent) */
  regularization: number;
}

/** Full-space ARAP bound to one handle set: factored once, one local/global iteration per call. */
export interface FullArapSolver {
  readonly model: ArapModel;
  /** #H distinct handle vertices, increasing */
  readonly handleVertices: Int32Array;
  /** vertices the global step solves for (not handles, in a component with a handle) */
  readonly freeVertexCount: number;
  readonly factorSeconds: number;
  readonly factorNonzeros: number;
  readonly contactPoints: ArapContactPoints;
  /** the distance kept from colliders [m] */
  readonly contactSkin: number;
  /**
   * New handle targets s (same vertex set): only the right-hand side changes (dragging a gizmo).
   * @param targets  #H×3 [m], in handleVertices order
   */
  setHandleTargets(targets: ArrayLike<number>): void;
  /**
   * One local/global iteration on the state, in place: handles are set to their targets, rotations fitted,
   * contacts detected and merged with the persistent set, the constrained global step solved, static damping applied.
   * @param state    the edit's state
   * @param damping  static damping α ∈ [0, 1] of seed 004 §3.5.4: p ← (1 − α)p_solved + α·p (default 0)
   */
  iterate(state: ArapState, damping?: number): ArapIterationReport;
  /** forgets the persistent contact set (a new edit) */
  resetContacts(): void;
  /**
   * The contacts of the last iteration's global step (detected and kept from earlier iterations), owned by the
   * solver: read them before the next iterate (the editor draws them)
   */
  contacts(): ArapContactList;
}

/**
 * Full-space ARAP (Sorkine & Alexa 2007; seed 004 §3.2, Eq. 3.1), the reference for the reduced solver: handles
 * are Dirichlet conditions eliminated from L, so the free block L_ff is factored once per handle set (supernodal
 * LDLᵀ with nested dissection) and every iteration costs one local step and one 3-column back-substitution; x, y
 * and z decouple (§3.2). Contacts are sliding, one-sided rows (Eqs. 3.20–3.23) solved incrementally on top of that
 * factor (incrementalKktSolver, §3.6) with the λ-sign active set of §3.5.3; the cached per-point solves F_q survive
 * handle drags and are dropped only with a new handle set.
 *
 * DESIGN NOTES
 * - Dirichlet elimination instead of the thesis' handle multipliers: the thesis keeps handles as rows so that
 *   adding one does not refactor; in full space a new handle set is a new factor anyway (the reduced solver keeps
 *   rows), and elimination keeps the KKT block small and definite.
 * - A connected component without a handle would make L_ff singular (its translations cost nothing); such parts
 *   are held where they are, which is what an artist expects of a part nobody grabbed.
 * - A contact whose points are all handle vertices cannot be met by the solve; the caller moves the handle out of
 *   the collider first (arapEdit does, seed 004 §3.5.2: "the system moves it out of contact").
 *
 * @param model          the ARAP model
 * @param handleVertices distinct handle vertices (handleTargets().vertices)
 * @param options        colliders, contact points, skin
 * @returns the solver; call setHandleTargets before the first iterate
 * @throws RangeError when there is no handle or a vertex is out of range
 */
export function createFullArapSolver(model: ArapModel, handleVertices: Int32Array, options: FullArapSolverOptions = {}): FullArapSolver {
  const start = performance.now();
  const n = model.vertexCount;
  if (handleVertices.length === 0) throw new RangeError('createFullArapSolver: at least one handle vertex is needed');
  const isHandle = new Uint8Array(n);
  const handledComponent = new Uint8Array(model.componentCount);
  for (const v of handleVertices) {
    if (!(v >= 0 && v < n)) throw new RangeError(`createFullArapSolver: handle vertex ${v} is not in 0..${n - 1}`);
    isHandle[v] = 1;
    handledComponent[model.componentOf[v]] = 1;
  }
  const freeIndex = new Int32Array(n).fill(-1);
  const freeVertices: number[] = [];
  for (let v = 0; v < n; v++) {
    if (!isHandle[v] && handledComponent[model.componentOf[v]]) {
      freeIndex[v] = freeVertices.length;
      freeVertices.push(v);
    }
  }
  const F = freeVertices.length;
  let freeGroups: Uint32Array | undefined;
  if (options.freeGroupsOnly) {
    const listed: number[] = [];
    for (let k = 0; k < model.rotationCount; k++) {
      for (let e = model.groupOffsets[k]; e < model.groupOffsets[k + 1]; e++) {
        if (freeIndex[model.groupVertices[e]] >= 0) {
          listed.push(k);
          break;
        }
      }
    }
    freeGroups = Uint32Array.from(listed);
  }
  const Lff = cscSubmatrix(model.laplacian, freeIndex, F);
  const symbolic = ldltSymbolic(Lff);
  const factor = ldltFactorization(symbolic, Lff);
  const factorSeconds = (performance.now() - start) / 1000;

  const points = options.contactPoints ?? vertexContactPoints(n);
  const colliders = options.colliders ?? [];
  const skin = (options.contactSkin ?? 1e-4) * model.size;
  const targets = new Float64Array(3 * handleVertices.length);
  const fixedRhs = new Float64Array(3 * F); // L_fc·s
  const b = new Float64Array(3 * n);
  const bFree = new Float64Array(3 * F);
  const x = new Float64Array(3 * F);
  const rotations = new Float64Array(9 * model.rotationCount);
  const scratch = rotationFitScratch();
  const pointPositions = new Float64Array(3 * points.count);
  const detected = createContactList();
  const merged = createContactList();
  const active = contactActiveSet();
  const rows = kktRows();
  let rowOf = new Int32Array(64);
  let multipliers = new Float64Array(64);
  let contactMultipliers = new Float64Array(64);
  const fixedScratch = new Float64Array(3);
  let currentPositions: Float64Array = model.restPositions;

  const kkt = incrementalKktSolver({
    size: F,
    steps: {
      size: model.size,
      largest(x, x0) {
        let largest = 0;
        for (let f = 0; f < F; f++) largest = Math.max(largest, Math.hypot(x[3 * f] - x0[3 * f], x[3 * f + 1] - x0[3 * f + 1], x[3 * f + 2] - x0[3 * f + 2]));
        return largest;
      },
    },
    maxPointEntries: maxEntries(points),
    pointVector(point, indices, values) {
      let count = 0;
      for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) {
        const f = freeIndex[points.vertices[e]];
        if (f < 0) continue;
        indices[count] = f;
        values[count++] = points.weights[e];
      }
      return count;
    },
    solve(rhs, out, columns) {
      ldltSolve(factor, rhs, out, columns);
    },
  });
  const freePart = (point: number): boolean => {
    for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) if (freeIndex[points.vertices[e]] >= 0 && points.weights[e] !== 0) return true;
    return false;
  };
  const fixedPart = (point: number, out: Float64Array): void => {
    for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) {
      const v = points.vertices[e];
      if (freeIndex[v] >= 0) continue;
      const w = points.weights[e];
      out[0] += w * currentPositions[3 * v];
      out[1] += w * currentPositions[3 * v + 1];
      out[2] += w * currentPositions[3 * v + 2];
    }
  };

  const setHandleTargets = (values: ArrayLike<number>): void => {
    if (values.length !== targets.length) throw new RangeError(`setHandleTargets: expected ${targets.length} numbers (#H×3), got ${values.length}`);
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) throw new RangeError(`setHandleTargets: target ${Math.floor(i / 3)} is not finite`);
      targets[i] = values[i];
    }
    // L_fc·s over the handle columns (L is symmetric: column c holds row c).
    fixedRhs.fill(0);
    const { columnPointers, rowIndices, values: Lx } = model.laplacian;
    handleVertices.forEach((c, h) => {
      for (let p = columnPointers[c]; p < columnPointers[c + 1]; p++) {
        const f = freeIndex[rowIndices[p]];
        if (f < 0) continue;
        fixedRhs[3 * f] += Lx[p] * targets[3 * h];
        fixedRhs[3 * f + 1] += Lx[p] * targets[3 * h + 1];
        fixedRhs[3 * f + 2] += Lx[p] * targets[3 * h + 2];
      }
    });
  };

  const iterate = (state: ArapState, damping = 0): ArapIterationReport => {
    if (!(damping >= 0 && damping <= 1)) throw new RangeError(`iterate: damping must be in [0, 1], got ${damping}`);
    const p = state.positions;
    currentPositions = p;
    handleVertices.forEach((v, h) => {
      p[3 * v] = targets[3 * h];
      p[3 * v + 1] = targets[3 * h + 1];
      p[3 * v + 2] = targets[3 * h + 2];
    });
    const rotationTerm = fitRotationGroups(model, p, state.quaternions, rotations, scratch, state.coldStart, freeGroups);
    state.coldStart = false;
    const energy = freeGroups ? Number.NaN : 0.5 * laplacianQuadraticForm(model.laplacian, p) - rotationTerm + model.restEnergy;
    arapRightHandSide(model, rotations, b, freeGroups);
    for (let f = 0; f < F; f++) {
      const v = 3 * freeVertices[f];
      bFree[3 * f] = b[v] - fixedRhs[3 * f];
      bFree[3 * f + 1] = b[v + 1] - fixedRhs[3 * f + 1];
      bFree[3 * f + 2] = b[v + 2] - fixedRhs[3 * f + 2];
    }
    let maxPenetration = 0;
    rows.count = 0;
    merged.count = 0;
    if (colliders.length > 0) {
      contactPointPositions(points, p, pointPositions);
      detected.count = 0;
      colliders.forEach((collider, index) => {
        const first = detected.count;
        collider.detect(pointPositions, skin, detected);
        for (let c = first; c < detected.count; c++) detected.collider[c] = index;
      });
      for (let c = 0; c < detected.count; c++) maxPenetration = Math.max(maxPenetration, -detected.distance[c]);
      active.merge(detected, merged);
      if (rowOf.length < merged.count) rowOf = new Int32Array(2 * merged.count);
      contactKktRows(merged, skin, rows, rowOf, freePart, fixedPart, fixedScratch);
    }
    if (multipliers.length < rows.count) multipliers = new Float64Array(2 * rows.count);
    const report = kkt.solve(bFree, rows, x, multipliers);
    if (colliders.length > 0) {
      if (contactMultipliers.length < merged.count) contactMultipliers = new Float64Array(2 * merged.count);
      for (let c = 0; c < merged.count; c++) contactMultipliers[c] = rowOf[c] >= 0 ? multipliers[rowOf[c]] : NaN;
      active.update(merged, contactMultipliers);
    }
    const keep = damping;
    const move = 1 - damping;
    for (let f = 0; f < F; f++) {
      const v = 3 * freeVertices[f];
      p[v] = move * x[3 * f] + keep * p[v];
      p[v + 1] = move * x[3 * f + 1] + keep * p[v + 1];
      p[v + 2] = move * x[3 * f + 2] + keep * p[v + 2];
    }
    return { energy, contacts: rows.count, newContactPoints: report.newPoints, maxPenetration, regularization: report.regularization };
  };

  return {
    model,
    handleVertices,
    freeVertexCount: F,
    factorSeconds,
    factorNonzeros: symbolic.factorNonzeros,
    contactPoints: points,
    contactSkin: skin,
    setHandleTargets,
    iterate,
    resetContacts: () => active.clear(),
    contacts: () => merged,
  };
}

function maxEntries(points: ArapContactPoints): number {
  let most = 1;
  for (let p = 0; p < points.count; p++) most = Math.max(most, points.offsets[p + 1] - points.offsets[p]);
  return most;
}
