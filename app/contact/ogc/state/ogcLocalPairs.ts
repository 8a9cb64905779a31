import { localNodePairs } from '../../localNodePairs.ts';
import type { LocalWalk, OgcBroadPhase, OgcContactSettings, OgcContactTopology, OgcLocalPairs } from '../types.ts';

/**
 * The local pairs' buffers (localRings): ring and local stamps (#S), the broad phase's grouping by first item (it
 * grows), and, with localRings and self-contact, the local node pairs of the four walks (free points × triangles,
 * kinematic points × free triangles, free edges × themselves, free × kinematic edges), which the walks skip
 * (localNodePairs).
 *
 * @param settings  S, P, selfContact, localRings
 * @param topology  E and the local ring sets
 * @param broad     the broad phase (a walk starts on its all-triangles tree)
 */
export function ogcLocalPairs(
  { S, P, selfContact, localRings }: OgcContactSettings,
  { E, localOffsets, localPoints }: OgcContactTopology,
  broad: OgcBroadPhase,
): OgcLocalPairs {
  const localNodes = localRings > 0 && selfContact ? localNodePairs(S, localOffsets, localPoints) : null;
  const newWalk = (): LocalWalk => ({
    firstVersion: -1,
    secondVersion: -1,
    epoch: -1,
    first: { tree: broad.triangleBroadPhase.tree, corners: new Uint32Array(0), stride: 1 },
    second: { tree: broad.triangleBroadPhase.tree, corners: new Uint32Array(0), stride: 1 },
    nodes: { offsets: new Uint32Array(0), nodes: new Uint32Array(0) },
  });
  return {
    ringStamp: new Int32Array(S).fill(-1),
    groupOrder: new Uint32Array(1024),
    groupOffsets: new Uint32Array(Math.max(P, E) + 2),
    localStamp: new Int32Array(S).fill(-1),
    localStampId: 0,
    localNodes,
    localWalks: localNodes === null ? null : [newWalk(), newWalk(), newWalk(), newWalk()],
  };
}
