// clusteredLocalStep (seed 004 App. A): the cluster rotations are proper rotations that maximise tr(RᵀS) for their
// covariance, a rigid pose gives every cluster that pose's rotation, and then the clustered b̃ is the exact Uᵀb.
import { describe, expect, it } from 'vitest';
import { clusteredLocalStep } from '../../../../app/solvers/arap/clusteredLocalStep.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { exactLocalStep } from '../../../../app/solvers/arap/exactLocalStep.ts';
import { reducedArapBasis } from '../../../../app/solvers/arap/reducedArapBasis.ts';
import { reducedArapReset } from '../../../../app/solvers/arap/reducedArapReset.ts';
import { createReducedArapState, type ReducedArapState } from '../../../../app/solvers/arap/reducedArapState.ts';
import { reducedPositions } from '../../../../app/solvers/arap/reducedPositions.ts';
import { workingBasis } from '../../../../app/solvers/arap/workingBasis.ts';
import { quaternionMatrix } from '../../../helpers/quaternionMatrix.ts';
import { random } from '../../../helpers/random.ts';
import { bar } from './meshes.ts';

function multiply(A: ArrayLike<number>, B: ArrayLike<number>): number[] {
  const C = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
  return C;
}

function determinant(R: ArrayLike<number>): number {
  return R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) + R[2] * (R[3] * R[7] - R[4] * R[6]);
}

describe('clusteredLocalStep', () => {
  const b = bar([3, 3, 24]);
  const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra, rotations: 'vertex' });
  const basis = reducedArapBasis(model, { globalCount: 8, childCount: 4, minCellSize: 8, maxLevel: 2, clusterCount: 12 });
  const { hierarchy, globalCount: r0 } = basis;
  const handles = [b.bottom, b.top];
  const levelOneGroups: number[] = [];
  for (let node = 0; node < hierarchy.nodeCount; node++) if (basis.hasGroup(node) && hierarchy.nodeLevel[node] === 0) levelOneGroups.push(node);
  const Q = quaternionMatrix([0.3, -0.5, 0.1, Math.sqrt(1 - 0.35)]);
  const t = [0.4, -1, 2];

  /** A state with the level-1 groups active and v the rigid image Q·p̄ + t of the manipulators (locals 0). */
  function rigidState(exact: boolean): ReducedArapState {
    const state = createReducedArapState(basis, handles, { rightHandSide: exact ? 'exact' : 'clustered', handleDetail: false });
    reducedArapReset(state);
    workingBasis(state, levelOneGroups.slice());
    state.v.fill(0);
    for (let g = 0; g < r0; g++) {
      const m = hierarchy.nodeVertex[g];
      for (let i = 0; i < 3; i++) {
        let x = t[i];
        for (let k = 0; k < 3; k++) x += Q[3 * i + k] * model.restPositions[3 * m + k];
        state.v[3 * g + i] = x;
      }
    }
    return state;
  }

  it('gives every cluster the rotation of a rigid pose (the global basis is linearly precise)', () => {
    const state = rigidState(false);
    clusteredLocalStep(state, new Float64Array(3 * state.r));
    for (let k = 0; k < basis.clusters.count; k++) {
      let error = 0;
      for (let e = 0; e < 9; e++) error = Math.max(error, Math.abs(state.rotations[9 * k + e] - Q[e]));
      expect(error, `cluster ${k}: max |R_k − Q|`).toBeLessThan(1e-8);
    }
  });

  it('makes the clustered b̃ equal the exact Uᵀb when every rotation is the same (App. A loses nothing then)', () => {
    const clustered = rigidState(false);
    const bClustered = new Float64Array(3 * clustered.r);
    clusteredLocalStep(clustered, bClustered);
    const exact = rigidState(true);
    reducedPositions(exact, exact.p);
    const bExact = new Float64Array(3 * exact.r);
    exactLocalStep(exact, bExact);
    let scale = 0;
    let error = 0;
    for (let i = 0; i < bExact.length; i++) {
      scale = Math.max(scale, Math.abs(bExact[i]));
      error = Math.max(error, Math.abs(bClustered[i] - bExact[i]));
    }
    expect(bClustered.length, 'same working basis size').toBe(bExact.length);
    expect(error / scale, 'max |b̃_clustered − Uᵀb| / max |Uᵀb|').toBeLessThan(1e-8);
  });

  it('fits proper rotations that maximise tr(RᵀS) against perturbed rotations, and returns Σ tr(R_kᵀS_k), for a non-rigid pose', () => {
    const state = rigidState(false);
    const next = random(11);
    for (let i = 0; i < 3 * state.r; i++) state.v[i] += 0.05 * (2 * next() - 1);
    const total = clusteredLocalStep(state, new Float64Array(3 * state.r));
    let sum = 0;
    for (let k = 0; k < basis.clusters.count; k++) {
      const R = state.rotations.subarray(9 * k, 9 * k + 9);
      const S = state.clusterCovariance.subarray(9 * k, 9 * k + 9);
      const RRt = multiply(R, [R[0], R[3], R[6], R[1], R[4], R[7], R[2], R[5], R[8]]);
      let orthonormal = 0;
      for (let e = 0; e < 9; e++) orthonormal = Math.max(orthonormal, Math.abs(RRt[e] - (e % 4 === 0 ? 1 : 0)));
      expect(orthonormal, `cluster ${k}: max |RRᵀ − I|`).toBeLessThan(1e-12);
      expect(determinant(R), `cluster ${k}: det R`).toBeCloseTo(1, 12);
      let fitted = 0;
      for (let e = 0; e < 9; e++) fitted += R[e] * S[e];
      sum += fitted;
      for (let trial = 0; trial < 8; trial++) {
        const axis = [2 * next() - 1, 2 * next() - 1, 2 * next() - 1];
        const half = 0.5 * 1e-3 * (1 + trial);
        const s = Math.sin(half) / Math.hypot(...axis);
        const perturbed = multiply(R, quaternionMatrix([s * axis[0], s * axis[1], s * axis[2], Math.cos(half)]));
        let value = 0;
        for (let e = 0; e < 9; e++) value += perturbed[e] * S[e];
        expect(value, `cluster ${k}, perturbation ${trial}: tr(R′ᵀS) ≤ tr(RᵀS)`).toBeLessThanOrEqual(fitted + 1e-12 * Math.abs(fitted));
      }
    }
    expect(Math.abs(total - sum), 'returned Σ tr(R_kᵀS_k)').toBeLessThan(1e-12 * Math.abs(sum) + 1e-15);
  });
});
