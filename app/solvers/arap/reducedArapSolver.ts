import { warmStartedRotation } from '../../embedding/warmStartedRotation.ts';
import { ldltFactorization, ldltSolve, ldltSymbolic, type CscMatrix, type LdltFactorization } from '../../math/sparse/index.ts';
import { arapRightHandSide } from './arapRightHandSide.ts';
import { contactActiveSet } from './contactActiveSet.ts';
import { contactKktRows, kktRows } from './contactKktRows.ts';
import { copyContact, createContactList } from './contactList.ts';
import { contactPointPositions } from './contactPointPositions.ts';
import { fitRotationGroups, rotationFitScratch } from './fitRotationGroups.ts';
import type { ArapIterationReport, ArapSolverOptions } from './fullArapSolver.ts';
import { incrementalKktSolver, type IncrementalKktSolver } from './incrementalKktSolver.ts';
import type { LocalGroup, ReducedArapBasis } from './reducedArapBasis.ts';
import type { ArapContactList, ArapContactPoints } from './types.ts';
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
export function createReducedArapSolver(basis: ReducedArapBasis, handleGroups: readonly ArrayLike<number>[], options: ReducedArapOptions = {}): ReducedArapSolver {
  const { model, hierarchy, globalCount: r0, globalBasis: Wg, clusters } = basis;
  const n = model.vertexCount;
  if (handleGroups.length === 0 || handleGroups.every((g) => g.length === 0)) throw new RangeError('createReducedArapSolver: at least one handle vertex is needed');
  const handleSet = new Set<number>();
  for (const g of handleGroups) for (let i = 0; i < g.length; i++) handleSet.add(g[i]);
  const handleVertices = Int32Array.from(handleSet).sort();
  const handleSlot = new Map<number, number>();
  handleVertices.forEach((v, i) => handleSlot.set(v, i));
  const points = options.contactPoints ?? vertexContactPoints(n);
  const P = points.count;
  const colliders = options.colliders ?? [];
  const skin = (options.contactSkin ?? 1e-4) * model.size;
  const exact = options.rightHandSide === 'exact';
  const retireAfter = options.retireAfter ?? 20;
  const maxActiveLevel = Math.min(options.maxActiveLevel ?? hierarchy.levelCount - 1, hierarchy.levelCount - 1);

  // Moment functions ψ_l of each handle (orthonormal over its vertices, from 1, x, y, z at rest).
  const moments: { vertices: Int32Array; psi: Float64Array[] }[] = handleGroups.map((g) => {
    const vertices = Int32Array.from(g);
    const m = vertices.length;
    const c = [0, 0, 0];
    for (const v of vertices) for (let k = 0; k < 3; k++) c[k] += model.restPositions[3 * v + k] / m;
    const candidates = [0, 1, 2, 3].map((l) => Float64Array.from(vertices, (v) => (l === 0 ? 1 : (model.restPositions[3 * v + l - 1] - c[l - 1]) / model.size)));
    const psi: Float64Array[] = [];
    for (const f of candidates) {
      for (const q of psi) {
        let dot = 0;
        for (let i = 0; i < m; i++) dot += f[i] * q[i];
        for (let i = 0; i < m; i++) f[i] -= dot * q[i];
      }
      let norm = 0;
      for (let i = 0; i < m; i++) norm += f[i] * f[i];
      norm = Math.sqrt(norm);
      if (norm > 1e-6 * Math.sqrt(m)) {
        for (let i = 0; i < m; i++) f[i] /= norm;
        psi.push(f);
      }
    }
    return { vertices, psi };
  });
  const virtualPoints: { handle: number; moment: number }[] = [];
  moments.forEach((h, index) => h.psi.forEach((_, l) => virtualPoints.push({ handle: index, moment: l })));
  const targets = new Float64Array(3 * handleVertices.length);

  // Roots in components without a handle: held where the edit starts (their coordinates pinned in the factored
  // block), as the full solver holds such parts; otherwise L̃ would be singular there.
  const handledComponent = new Uint8Array(model.componentCount);
  for (const m of handleVertices) handledComponent[model.componentOf[m]] = 1;
  const pinnedRoots: number[] = [];
  for (let g = 0; g < r0; g++) if (!handledComponent[model.componentOf[hierarchy.nodeVertex[g]]]) pinnedRoots.push(g);
  const pinnedValues = new Float64Array(3 * pinnedRoots.length);
  let pinWeight = 0;

  // Working basis.
  const active: number[] = [];
  const activeGroupData: LocalGroup[] = [];
  const columnOffset: number[] = [];
  let r = r0;
  let v = new Float64Array(3 * r0);
  let vNew = new Float64Array(3 * r0);
  let bReduced = new Float64Array(3 * r0);
  let factor: LdltFactorization | null = null;
  let kkt: IncrementalKktSolver | null = null;
  let rho = 0;
  const lastNeeded = new Map<number, number>();
  let iteration = 0;

  // Local-step buffers.
  const rotations = new Float64Array(9 * (exact ? model.rotationCount : clusters.count));
  const quaternions = new Float64Array(4 * (exact ? model.rotationCount : clusters.count));
  for (let k = 0; k < quaternions.length / 4; k++) quaternions[4 * k + 3] = 1;
  let coldStart = true;
  const fitScratch = rotationFitScratch();
  const clusterCovariance = new Float64Array(9 * clusters.count);
  const p = new Float64Array(3 * n);
  const b = new Float64Array(3 * n);
  const pointPositions = new Float64Array(3 * P);
  const detected = createContactList();
  const merged = createContactList();
  const filtered = createContactList();
  const activeSet = contactActiveSet();
  const rows = kktRows();
  let rowOf = new Int32Array(64);
  let multipliers = new Float64Array(64);
  let contactMultipliers = new Float64Array(64);
  const deepest = new Map<number, number>();
  const maxPointEntries = Math.max(r0 + 64, 1);

  /** u_row: U[m, :] scaled by w, added into dense out (length r). */
  const addBasisRow = (m: number, w: number, out: Float64Array): void => {
    const row = m * r0;
    for (let g = 0; g < r0; g++) out[g] += w * Wg[row + g];
    for (let i = 0; i < activeGroupData.length; i++) {
      const group = activeGroupData[i];
      const k = search(group.region, m);
      if (k < 0) continue;
      const B = group.children.length;
      const o = columnOffset[i];
      for (let a = 0; a < B; a++) out[o + a] += w * group.values[k * B + a];
    }
  };
  let denseRow = new Float64Array(r0);
  const pointVector = (point: number, indices: Int32Array, values: Float64Array): number => {
    denseRow.fill(0);
    if (point < P) {
      for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) addBasisRow(points.vertices[e], points.weights[e], denseRow);
    } else {
      const { handle, moment } = virtualPoints[point - P];
      const h = moments[handle];
      const psi = h.psi[moment];
      for (let i = 0; i < h.vertices.length; i++) addBasisRow(h.vertices[i], psi[i], denseRow);
    }
    let count = 0;
    for (let a = 0; a < r; a++) {
      if (denseRow[a] === 0) continue;
      indices[count] = a;
      values[count++] = denseRow[a];
    }
    return count;
  };

  const rebuild = (): void => {
    r = r0;
    columnOffset.length = 0;
    activeGroupData.length = 0;
    for (const node of active) {
      const group = basis.group(node);
      columnOffset.push(r);
      activeGroupData.push(group);
      r += group.children.length;
    }
    denseRow = new Float64Array(r);
    // L̃ blocks (Eq. 3.19): global, global–local, local–local where regions overlap.
    const L = new Float64Array(r * r);
    for (let a = 0; a < r0; a++) for (let c = 0; c < r0; c++) L[a * r + c] = basis.globalLaplacian[a * r0 + c];
    activeGroupData.forEach((group, i) => {
      const B = group.children.length;
      const o = columnOffset[i];
      for (let g = 0; g < r0; g++) {
        for (let a = 0; a < B; a++) {
          L[g * r + o + a] = group.globalCoupling[g * B + a];
          L[(o + a) * r + g] = group.globalCoupling[g * B + a];
        }
      }
      activeGroupData.forEach((other, j) => {
        if (j < i) return;
        const Bo = other.children.length;
        const oo = columnOffset[j];
        // Σ_m (L u_a)[m] u_b[m] over the merge of L·u's support and the other region.
        const support = group.laplacianSupport;
        const region = other.region;
        if (support[support.length - 1] < region[0] || region[region.length - 1] < support[0]) return;
        let s = 0;
        let t = 0;
        while (s < support.length && t < region.length) {
          if (support[s] < region[t]) s++;
          else if (support[s] > region[t]) t++;
          else {
            for (let a = 0; a < B; a++) {
              const la = group.laplacianValues[s * B + a];
              if (la === 0) continue;
              for (let c = 0; c < Bo; c++) L[(o + a) * r + oo + c] += la * other.values[t * Bo + c];
            }
            s++;
            t++;
          }
        }
        if (j !== i) for (let a = 0; a < B; a++) for (let c = 0; c < Bo; c++) L[(oo + c) * r + o + a] = L[(o + a) * r + oo + c];
      });
    });
    reducedLaplacian = L.slice();
    // ρ·Σ a aᵀ over the handle rows, ρ matched to L̃'s scale.
    const handleVectors = virtualPoints.map((_, q) => {
      const indices = new Int32Array(r);
      const values = new Float64Array(r);
      const count = pointVector(P + q, indices, values);
      return { indices: indices.subarray(0, count), values: values.subarray(0, count) };
    });
    let traceL = 0;
    let traceH = 0;
    for (let a = 0; a < r; a++) traceL += L[a * r + a];
    for (const h of handleVectors) for (const x of h.values) traceH += x * x;
    rho = traceH > 0 ? traceL / traceH : 0;
    for (const h of handleVectors) {
      for (let s = 0; s < h.indices.length; s++) {
        for (let t = 0; t < h.indices.length; t++) L[h.indices[s] * r + h.indices[t]] += rho * h.values[s] * h.values[t];
      }
    }
    augmentation = handleVectors;
    let meanDiagonal = 0;
    for (let a = 0; a < r; a++) meanDiagonal += Math.abs(L[a * r + a]) / r;
    pinWeight = meanDiagonal > 0 ? meanDiagonal : 1;
    for (const g of pinnedRoots) L[g * r + g] += pinWeight;
    factor = factorDense(L, r);
    const f = factor;
    kkt = incrementalKktSolver({
      size: r,
      maxPointEntries: Math.max(r, maxPointEntries),
      pointVector,
      solve(rhs, out, columns) {
        ldltSolve(f, rhs, out, columns);
      },
    });
    if (bReduced.length < 3 * r) bReduced = new Float64Array(3 * r);
    if (vNew.length < 3 * r) vNew = new Float64Array(3 * r);
  };
  let augmentation: { indices: Int32Array; values: Float64Array }[] = [];
  let reducedLaplacian = new Float64Array(0);

  const setActive = (nodes: number[]): void => {
    // v keeps its values per column: global first, then each group's block.
    const old = new Map<number, Float64Array>();
    active.forEach((node, i) => old.set(node, v.slice(3 * columnOffset[i], 3 * (columnOffset[i] + activeGroupData[i].children.length))));
    const global = v.slice(0, 3 * r0);
    active.length = 0;
    active.push(...nodes);
    rebuild();
    const next = new Float64Array(3 * r);
    next.set(global);
    active.forEach((node, i) => {
      const values = old.get(node);
      if (values) next.set(values, 3 * columnOffset[i]);
    });
    v = next;
  };

  const positions = (out: Float64Array): Float64Array => {
    for (let m = 0; m < n; m++) {
      let x = 0;
      let y = 0;
      let z = 0;
      const row = m * r0;
      for (let g = 0; g < r0; g++) {
        const w = Wg[row + g];
        x += w * v[3 * g];
        y += w * v[3 * g + 1];
        z += w * v[3 * g + 2];
      }
      out[3 * m] = x;
      out[3 * m + 1] = y;
      out[3 * m + 2] = z;
    }
    activeGroupData.forEach((group, i) => {
      const B = group.children.length;
      const o = columnOffset[i];
      group.region.forEach((m, k) => {
        for (let a = 0; a < B; a++) {
          const w = group.values[k * B + a];
          out[3 * m] += w * v[3 * (o + a)];
          out[3 * m + 1] += w * v[3 * (o + a) + 1];
          out[3 * m + 2] += w * v[3 * (o + a) + 2];
        }
      });
    });
    return out;
  };

  const finestCellNode = (vertex: number, activeOnly: boolean): number => {
    for (let level = maxActiveLevel; level >= 1; level--) {
      const node = hierarchy.cells[level][vertex];
      if (node < 0) continue;
      if (!activeOnly || active.includes(hierarchy.nodeParent[node])) return node;
    }
    return hierarchy.cells[0][vertex];
  };
  const representative = (point: number): number => {
    let best = points.vertices[points.offsets[point]];
    let weight = -Infinity;
    for (let e = points.offsets[point]; e < points.offsets[point + 1]; e++) {
      if (points.weights[e] > weight) {
        weight = points.weights[e];
        best = points.vertices[e];
      }
    }
    return best;
  };

  // Groups on the paths from the handle vertices' finest cells to the root, active for the whole edit.
  const handleNodes: number[] = [];
  const detail = options.handleDetail ?? true;
  if (detail !== false) {
    const set = new Set<number>();
    const detailed = detail === true ? handleVertices : Int32Array.from(detail.flatMap((index) => Array.from(handleGroups[index] ?? [])));
    for (const m of detailed) {
      const node = finestCellNode(m, false);
      for (let g = hierarchy.nodeParent[node]; g >= 0; g = hierarchy.nodeParent[g]) if (basis.hasGroup(g)) set.add(g);
    }
    handleNodes.push(...Array.from(set).sort((x, y) => hierarchy.nodeLevel[x] - hierarchy.nodeLevel[y] || x - y));
  }

  const reset = (start?: ArrayLike<number>): void => {
    const source = start ?? model.restPositions;
    lastNeeded.clear();
    for (const g of handleNodes) lastNeeded.set(g, Infinity);
    setActive(handleNodes.slice());
    v = new Float64Array(3 * r);
    for (let g = 0; g < r0; g++) {
      const m = hierarchy.nodeVertex[g];
      v[3 * g] = source[3 * m];
      v[3 * g + 1] = source[3 * m + 1];
      v[3 * g + 2] = source[3 * m + 2];
    }
    pinnedRoots.forEach((g, i) => pinnedValues.set(v.subarray(3 * g, 3 * g + 3), 3 * i));
    activeSet.clear();
    coldStart = true;
    for (let k = 0; k < quaternions.length / 4; k++) {
      quaternions[4 * k] = 0;
      quaternions[4 * k + 1] = 0;
      quaternions[4 * k + 2] = 0;
      quaternions[4 * k + 3] = 1;
    }
  };

  const iterate = (damping = 0): ReducedArapIterationReport => {
    if (!(damping >= 0 && damping <= 1)) throw new RangeError(`iterate: damping must be in [0, 1], got ${damping}`);
    iteration++;
    let basisChanged = false;
    let maxPenetration = 0;
    merged.count = 0;
    if (colliders.length > 0 || exact) positions(p);
    if (colliders.length > 0) {
      contactPointPositions(points, p, pointPositions);
      detected.count = 0;
      colliders.forEach((collider, index) => {
        const first = detected.count;
        collider.detect(pointPositions, skin, detected);
        for (let c = first; c < detected.count; c++) detected.collider[c] = index;
      });
      // Oracle (§3.4.5): groups on the path from each contact's finest cell to the root.
      const wanted = new Set(active);
      for (let c = 0; c < detected.count; c++) {
        maxPenetration = Math.max(maxPenetration, -detected.distance[c]);
        const node = finestCellNode(representative(detected.point[c]), false);
        for (let g = hierarchy.nodeParent[node]; g >= 0; g = hierarchy.nodeParent[g]) {
          if (!basis.hasGroup(g)) continue;
          wanted.add(g);
          lastNeeded.set(g, iteration);
        }
      }
      for (const g of active) if (iteration - (lastNeeded.get(g) ?? iteration) > retireAfter) wanted.delete(g);
      if (wanted.size !== active.length || active.some((g) => !wanted.has(g))) {
        setActive(Array.from(wanted).sort((x, y) => hierarchy.nodeLevel[x] - hierarchy.nodeLevel[y] || x - y));
        basisChanged = true;
      }
      activeSet.merge(detected, merged);
      // At most one row per (collider, finest active node): the deepest contact there (§3.5.2).
      deepest.clear();
      for (let c = 0; c < merged.count; c++) {
        const key = merged.collider[c] * hierarchy.nodeCount + finestCellNode(representative(merged.point[c]), true);
        const kept = deepest.get(key);
        if (kept === undefined || merged.distance[c] < merged.distance[kept]) deepest.set(key, c);
      }
      filtered.count = 0;
      for (const c of deepest.values()) copyContact(merged, c, filtered);
    }
    if (!factor) rebuild();
    // Local step and b̃.
    let rotationTerm = 0;
    const br = bReduced;
    br.fill(0, 0, 3 * r);
    if (exact) {
      rotationTerm = fitRotationGroups(model, p, quaternions, rotations, fitScratch, coldStart);
      arapRightHandSide(model, rotations, b);
      for (let m = 0; m < n; m++) {
        const row = m * r0;
        const bx = b[3 * m];
        const by = b[3 * m + 1];
        const bz = b[3 * m + 2];
        for (let g = 0; g < r0; g++) {
          const w = Wg[row + g];
          br[3 * g] += w * bx;
          br[3 * g + 1] += w * by;
          br[3 * g + 2] += w * bz;
        }
      }
      activeGroupData.forEach((group, i) => {
        const B = group.children.length;
        const o = columnOffset[i];
        group.region.forEach((m, k) => {
          for (let a = 0; a < B; a++) {
            const w = group.values[k * B + a];
            br[3 * (o + a)] += w * b[3 * m];
            br[3 * (o + a) + 1] += w * b[3 * m + 1];
            br[3 * (o + a) + 2] += w * b[3 * m + 2];
          }
        });
      });
    } else {
      rotationTerm = clusteredLocalStep(br);
    }
    coldStart = false;
    // Energy ½tr(vᵀL̃v) − Σ tr(RᵀS) + c, with L̃ without the handle augmentation (recomputed from p would cost a pass).
    const energy = 0.5 * reducedQuadratic() - rotationTerm + model.restEnergy;
    // Handle rows and the augmentation's right-hand side ρ·a·d.
    rows.count = 0;
    virtualPoints.forEach(({ handle, moment }, q) => {
      const h = moments[handle];
      const psi = h.psi[moment];
      const d = [0, 0, 0];
      for (let i = 0; i < h.vertices.length; i++) {
        const slot = handleSlot.get(h.vertices[i]) as number;
        for (let c = 0; c < 3; c++) d[c] += psi[i] * targets[3 * slot + c];
      }
      const aug = augmentation[q];
      for (let s = 0; s < aug.indices.length; s++) for (let c = 0; c < 3; c++) br[3 * aug.indices[s] + c] += rho * aug.values[s] * d[c];
      for (let c = 0; c < 3; c++) {
        if (rows.count === rows.rhs.length) growRows();
        const j = rows.count++;
        rows.normal.fill(0, 3 * j, 3 * j + 3);
        rows.normal[3 * j + c] = 1;
        rows.rhs[j] = d[c];
        rows.points.fill(-1, 4 * j, 4 * j + 4);
        rows.points[4 * j] = P + q;
        rows.weights.fill(0, 4 * j, 4 * j + 4);
        rows.weights[4 * j] = 1;
      }
    });
    const handleRows = rows.count;
    pinnedRoots.forEach((g, i) => {
      for (let c = 0; c < 3; c++) br[3 * g + c] += pinWeight * pinnedValues[3 * i + c];
    });
    if (colliders.length > 0) {
      if (rowOf.length < filtered.count) rowOf = new Int32Array(2 * filtered.count);
      contactKktRows(filtered, skin, rows, rowOf, () => true, null, new Float64Array(3));
    }
    if (multipliers.length < rows.count) multipliers = new Float64Array(2 * rows.count);
    const report = (kkt as IncrementalKktSolver).solve(br.subarray(0, 3 * r), rows, vNew.subarray(0, 3 * r), multipliers);
    if (colliders.length > 0) {
      if (contactMultipliers.length < filtered.count) contactMultipliers = new Float64Array(2 * filtered.count);
      for (let c = 0; c < filtered.count; c++) contactMultipliers[c] = rowOf[c] >= 0 ? multipliers[rowOf[c]] : NaN;
      activeSet.update(filtered, contactMultipliers);
    }
    for (let i = 0; i < 3 * r; i++) v[i] = (1 - damping) * vNew[i] + damping * v[i];
    return {
      energy,
      contacts: rows.count - handleRows,
      newContactPoints: report.newPoints,
      maxPenetration,
      regularization: report.regularization,
      basisSize: r,
      activeGroups: active.length,
      basisChanged,
    };
  };

  const growRows = (): void => {
    const grown = kktRows(2 * rows.rhs.length);
    grown.normal.set(rows.normal);
    grown.rhs.set(rows.rhs);
    grown.points.set(rows.points);
    grown.weights.set(rows.weights);
    Object.assign(rows, { normal: grown.normal, rhs: grown.rhs, points: grown.points, weights: grown.weights });
  };

  /** tr(vᵀ L̃ v), L̃ without the handle augmentation: twice the energy's quadratic part, O(r²). */
  const reducedQuadratic = (): number => {
    let sum = 0;
    for (let a = 0; a < r; a++) {
      const row = a * r;
      let x = 0;
      let y = 0;
      let z = 0;
      for (let c = 0; c < r; c++) {
        const l = reducedLaplacian[row + c];
        if (l === 0) continue;
        x += l * v[3 * c];
        y += l * v[3 * c + 1];
        z += l * v[3 * c + 2];
      }
      sum += v[3 * a] * x + v[3 * a + 1] * y + v[3 * a + 2] * z;
    }
    return sum;
  };

  /** App. A: S_k = Σ_a v_a ⊗ B̃_k[a], R_k = closestRotation(S_k), b̃_a = Σ_k B̃_k[a] R_kᵀ. Returns Σ tr(R_kᵀS_k). */
  const clusteredLocalStep = (br: Float64Array): number => {
    const K = clusters.count;
    const S = clusterCovariance;
    S.fill(0);
    const G = basis.clusterGlobal;
    for (let k = 0; k < K; k++) {
      const base = k * r0 * 3;
      const s = 9 * k;
      for (let g = 0; g < r0; g++) {
        const bx = G[base + 3 * g];
        const by = G[base + 3 * g + 1];
        const bz = G[base + 3 * g + 2];
        if (bx === 0 && by === 0 && bz === 0) continue;
        const vx = v[3 * g];
        const vy = v[3 * g + 1];
        const vz = v[3 * g + 2];
        S[s] += vx * bx;
        S[s + 1] += vx * by;
        S[s + 2] += vx * bz;
        S[s + 3] += vy * bx;
        S[s + 4] += vy * by;
        S[s + 5] += vy * bz;
        S[s + 6] += vz * bx;
        S[s + 7] += vz * by;
        S[s + 8] += vz * bz;
      }
    }
    activeGroupData.forEach((group, i) => {
      const B = group.children.length;
      const o = columnOffset[i];
      group.clusters.forEach((k, slot) => {
        const s = 9 * k;
        for (let a = 0; a < B; a++) {
          const e = (slot * B + a) * 3;
          const bx = group.clusterCoefficients[e];
          const by = group.clusterCoefficients[e + 1];
          const bz = group.clusterCoefficients[e + 2];
          const vx = v[3 * (o + a)];
          const vy = v[3 * (o + a) + 1];
          const vz = v[3 * (o + a) + 2];
          S[s] += vx * bx;
          S[s + 1] += vx * by;
          S[s + 2] += vx * bz;
          S[s + 3] += vy * bx;
          S[s + 4] += vy * by;
          S[s + 5] += vy * bz;
          S[s + 6] += vz * bx;
          S[s + 7] += vz * by;
          S[s + 8] += vz * bz;
        }
      });
    });
    let total = 0;
    const { covariance, quaternion, rotation } = fitScratch;
    for (let k = 0; k < K; k++) {
      for (let e = 0; e < 9; e++) covariance[e] = S[9 * k + e];
      warmStartedRotation(covariance, quaternions, k, quaternion, rotation, coldStart, coldStart ? 24 : 8);
      for (let e = 0; e < 9; e++) {
        rotations[9 * k + e] = rotation[e];
        total += rotation[e] * covariance[e];
      }
    }
    for (let k = 0; k < K; k++) {
      const base = k * r0 * 3;
      const R = 9 * k;
      for (let g = 0; g < r0; g++) {
        const bx = G[base + 3 * g];
        const by = G[base + 3 * g + 1];
        const bz = G[base + 3 * g + 2];
        if (bx === 0 && by === 0 && bz === 0) continue;
        br[3 * g] += rotations[R] * bx + rotations[R + 1] * by + rotations[R + 2] * bz;
        br[3 * g + 1] += rotations[R + 3] * bx + rotations[R + 4] * by + rotations[R + 5] * bz;
        br[3 * g + 2] += rotations[R + 6] * bx + rotations[R + 7] * by + rotations[R + 8] * bz;
      }
    }
    activeGroupData.forEach((group, i) => {
      const B = group.children.length;
      const o = columnOffset[i];
      group.clusters.forEach((k, slot) => {
        const R = 9 * k;
        for (let a = 0; a < B; a++) {
          const e = (slot * B + a) * 3;
          const bx = group.clusterCoefficients[e];
          const by = group.clusterCoefficients[e + 1];
          const bz = group.clusterCoefficients[e + 2];
          br[3 * (o + a)] += rotations[R] * bx + rotations[R + 1] * by + rotations[R + 2] * bz;
          br[3 * (o + a) + 1] += rotations[R + 3] * bx + rotations[R + 4] * by + rotations[R + 5] * bz;
          br[3 * (o + a) + 2] += rotations[R + 6] * bx + rotations[R + 7] * by + rotations[R + 8] * bz;
        }
      });
    });
    return total;
  };

  const setHandleTargets = (values: ArrayLike<number>): void => {
    if (values.length !== targets.length) throw new RangeError(`setHandleTargets: expected ${targets.length} numbers (#H×3), got ${values.length}`);
    for (let i = 0; i < values.length; i++) {
      if (!Number.isFinite(values[i])) throw new RangeError(`setHandleTargets: target ${Math.floor(i / 3)} is not finite`);
      targets[i] = values[i];
    }
  };

  reset();
  return {
    basis,
    handleVertices,
    contactPoints: points,
    contactSkin: skin,
    get basisSize() {
      return r;
    },
    get activeGroups() {
      return active;
    },
    setHandleTargets,
    reset,
    iterate,
    positions,
    contacts: () => filtered,
    activateLevels(level: number) {
      const nodes: number[] = [];
      for (let node = 0; node < hierarchy.nodeCount; node++) {
        if (basis.hasGroup(node) && hierarchy.nodeLevel[node] + 1 <= level) nodes.push(node);
      }
      for (const node of nodes) lastNeeded.set(node, Infinity);
      for (const node of handleNodes) if (!nodes.includes(node)) nodes.push(node);
      setActive(nodes);
    },
  };
}

/** Sparse LDLᵀ of a dense symmetric r×r matrix (exact zeros dropped: distant local groups do not couple). */
function factorDense(L: Float64Array, r: number): LdltFactorization {
  const pointers = new Int32Array(r + 1);
  let count = 0;
  for (let j = 0; j < r; j++) {
    for (let i = 0; i < r; i++) if (L[i * r + j] !== 0) count++;
    pointers[j + 1] = count;
  }
  const rows = new Int32Array(count);
  const values = new Float64Array(count);
  count = 0;
  for (let j = 0; j < r; j++) {
    for (let i = 0; i < r; i++) {
      const x = L[i * r + j];
      if (x === 0) continue;
      rows[count] = i;
      values[count++] = x;
    }
  }
  const matrix: CscMatrix = { rowCount: r, columnCount: r, columnPointers: pointers, rowIndices: rows, values };
  return ldltFactorization(ldltSymbolic(matrix), matrix);
}

function search(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = sorted[mid];
    if (x === value) return mid;
    if (x < value) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
