import { detailTransfer } from '../../embedding/index.ts';
import { lerpArrays } from '../../math/index.ts';
import type { BakeContactState } from './types.ts';

/**
 * The surfaces of one step call covering [from, to] of the frame: the colliders and the input lerped to the call's
 * ends, and the contact surface at its start. For an embedded surface the contact points are the exported surface
 * (seed 000 Eq. 4.10, q′ = C′u + R(q̄ − C′ū)) with the rotation R held at the lattice's state at the start of the call:
 * the detail offsets R(q̄ − C′ū) come from the fitted lattice ū at the end of the frame and the simulated lattice u
 * now (detailTransfer, warm-started from the rotations of the call before). Points the lattice does not embed sit at
 * the input (weight 0: the offset is the point). Cloth's contact surface is its simulated positions.
 *
 * @param state                the bake contact (subStart/subEnd, subReference*, offsets, current, exported,
 *                             quaternions written)
 * @param latticeTargets       #N×3 fitted lattice ū at the end of the frame [m] (null: cloth)
 * @param from                 start of the call as a fraction of the frame
 * @param to                   its end
 * @param simulationPositions  #N×3 simulated (lattice or cloth) positions at the start of the call [m]
 */
export function stepSurfaces(
  state: BakeContactState,
  latticeTargets: ArrayLike<number> | null,
  from: number,
  to: number,
  simulationPositions: ArrayLike<number> | null,
): void {
  const { embedding, embedded, offsets, current, exported, subReferenceEnd, embeddedReference } = state;
  const S = state.surfaceVertexCount;
  const K = embedded.length;
  lerpArrays(state.obstacleStart, state.obstacleEnd, from, state.subStart);
  lerpArrays(state.obstacleStart, state.obstacleEnd, to, state.subEnd);
  lerpArrays(state.referenceStart, state.referenceEnd, from, state.subReferenceStart);
  lerpArrays(state.referenceStart, state.referenceEnd, to, subReferenceEnd);
  if (embedding && latticeTargets && simulationPositions) {
    const latticePositions = simulationPositions;
    // Detail offset R(q̄ − C′ū): the exported surface now (detailTransfer) minus its embedding C′u. Without R the
    // contact surface and the exported one parted where the lattice turned (Fox Walk: frames corrected).
    let reference: Float64Array = subReferenceEnd;
    if (embeddedReference) {
      // Points the lattice does not embed sit at the input (weights 0: the offset is the point).
      offsets.set(subReferenceEnd);
      current.set(subReferenceEnd);
      for (let i = 0; i < K; i++) for (let c = 0; c < 3; c++) embeddedReference[3 * i + c] = subReferenceEnd[3 * embedded[i] + c];
      reference = embeddedReference;
    }
    detailTransfer(embedding, latticeTargets, latticePositions, reference, exported, state.quaternions);
    for (let i = 0; i < K; i++) {
      const tet = embedding.surfaceTet[i];
      const s = embedded[i];
      for (let c = 0; c < 3; c++) {
        let x = 0;
        for (let k = 0; k < 4; k++) x += embedding.surfaceBarycentric[4 * i + k] * latticePositions[3 * embedding.tetrahedra[4 * tet + k] + c];
        offsets[3 * s + c] = exported[3 * i + c] - x;
        current[3 * s + c] = exported[3 * i + c];
      }
    }
  } else if (simulationPositions) {
    for (let k = 0; k < 3 * S; k++) current[k] = simulationPositions[k];
  }
}
