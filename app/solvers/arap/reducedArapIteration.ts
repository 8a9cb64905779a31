import { clusteredLocalStep } from './clusteredLocalStep.ts';
import { contactKktRows } from './contactKktRows.ts';
import { contactOracleGroups } from './contactOracleGroups.ts';
import { deepestContactPerNode } from './deepestContactPerNode.ts';
import { detectedContacts } from './detectedContacts.ts';
import { exactLocalStep } from './exactLocalStep.ts';
import { handleKktRows } from './handleKktRows.ts';
import type { IncrementalKktSolver } from './incrementalKktSolver.ts';
import type { ReducedArapIterationReport, ReducedArapState } from './reducedArapState.ts';
import { reducedPositions } from './reducedPositions.ts';
import { reducedQuadraticForm } from './reducedQuadraticForm.ts';
import { reducedSystem } from './reducedSystem.ts';
import { workingBasis } from './workingBasis.ts';

/**
 * One local/global iteration of hierarchical reduced ARAP in the subspace (seed 004 ch. 3), in the thesis' order:
 * 1. contacts on p = Uv: detection, the oracle's basis change (§3.4.5; the system refactored), the persistent active
 *    set merged in (§3.5.3) and one row per collider and finest active cell (§3.5.2);
 * 2. local step and b̃: by rotation clusters (App. A) or exactly (per rotation group, b̃ = Uᵀb);
 * 3. the energy ½tr(vᵀL̃v) − Σtr(RᵀS) + c (before the global step);
 * 4. global step: handle moment rows (Eq. 3.3) with their augmentation, the pinned roots, the contact rows
 *    (Eqs. 3.21, 3.23), solved by the incremental KKT solver (§3.6, Eqs. 3.24–3.25); the active set updated from λ;
 * 5. static damping v ← (1 − α)v_new + αv (§3.5.4).
 *
 * @param state    the reduced state (after reducedArapReset)
 * @param damping  α ∈ [0, 1]
 * @returns what the iteration did
 */
export function reducedArapIteration(state: ReducedArapState, damping = 0): ReducedArapIterationReport {
  if (!(damping >= 0 && damping <= 1)) throw new RangeError(`iterate: damping must be in [0, 1], got ${damping}`);
  const { colliders, exact, merged, filtered, rows } = state;
  state.iteration++;
  let basisChanged = false;
  let maxPenetration = 0;
  merged.count = 0;
  // 1. Contacts.
  if (colliders.length > 0 || exact) reducedPositions(state, state.p);
  if (colliders.length > 0) {
    maxPenetration = detectedContacts(state);
    const wanted = contactOracleGroups(state);
    if (wanted) {
      workingBasis(state, wanted);
      basisChanged = true;
    }
    state.activeSet.merge(state.detected, merged);
    deepestContactPerNode(state);
  }
  if (!state.factor) reducedSystem(state);
  // 2. Local step and b̃.
  const r = state.r;
  const br = state.bReduced;
  br.fill(0, 0, 3 * r);
  const rotationTerm = exact ? exactLocalStep(state, br) : clusteredLocalStep(state, br);
  state.coldStart = false;
  // 3. Energy ½tr(vᵀL̃v) − Σ tr(RᵀS) + c, with L̃ without the handle augmentation (recomputed from p would cost a pass).
  const energy = 0.5 * reducedQuadraticForm(state) - rotationTerm + state.basis.model.restEnergy;
  // 4. Global step: handle rows and the augmentation's right-hand side ρ·a·d, the pins, the contact rows.
  handleKktRows(state, br);
  const handleRows = rows.count;
  const { pinnedRoots, pinnedValues, pinWeight } = state;
  pinnedRoots.forEach((g, i) => {
    for (let c = 0; c < 3; c++) br[3 * g + c] += pinWeight * pinnedValues[3 * i + c];
  });
  if (colliders.length > 0) {
    if (state.rowOf.length < filtered.count) state.rowOf = new Int32Array(2 * filtered.count);
    contactKktRows(filtered, state.skin, rows, state.rowOf, () => true, null, new Float64Array(3));
  }
  if (state.multipliers.length < rows.count) state.multipliers = new Float64Array(2 * rows.count);
  const { vNew, multipliers } = state;
  const report = (state.kkt as IncrementalKktSolver).solve(br.subarray(0, 3 * r), rows, vNew.subarray(0, 3 * r), multipliers);
  if (colliders.length > 0) {
    if (state.contactMultipliers.length < filtered.count) state.contactMultipliers = new Float64Array(2 * filtered.count);
    const { rowOf, contactMultipliers } = state;
    for (let c = 0; c < filtered.count; c++) contactMultipliers[c] = rowOf[c] >= 0 ? multipliers[rowOf[c]] : NaN;
    state.activeSet.update(filtered, contactMultipliers);
  }
  // 5. Static damping.
  const v = state.v;
  for (let i = 0; i < 3 * r; i++) v[i] = (1 - damping) * vNew[i] + damping * v[i];
  return {
    energy,
    contacts: rows.count - handleRows,
    newContactPoints: report.newPoints,
    maxPenetration,
    regularization: report.regularization,
    basisSize: r,
    activeGroups: state.active.length,
    basisChanged,
  };
}
