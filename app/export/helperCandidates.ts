import type { HelperClusters } from './helperClusters.ts';
import type { PrunedSkin } from './prunedSkin.ts';

/** The helpers each vertex may take weight from. */
export interface HelperCandidates {
  /** #R helper indices per vertex, nearest first (its own cluster's first); empty for still vertices */
  candidates: number[][];
  /** #R 1 where the vertex already has 4 influences and its one candidate may only replace a joint (all or none) */
  replacement: Uint8Array;
  /** moving vertices that already had 4 influences */
  saturatedVertices: number;
}

/**
 * Candidate helpers per moving vertex: the helpers of its own joints (a helper only takes weight from its parent),
 * ordered by distance from the helper's cluster center to the vertex's bind position with the vertex's own
 * cluster first (ties: lower helper index), as many as it has room for under 4 influences in total. A vertex that
 * already has 4 influences may instead hand all of one joint's weight to one of its helpers (a replacement: the
 * count stays 4, and at rest nothing changes); it gets its nearest helper as its one candidate, and the fit decides.
 *
 * @param bindPositions  #F×#R×3 bind positions (only frame 0 is read) [m]
 * @param moving         #R 1 for vertices the skin does not explain (skinResidual)
 * @param skin           the ≤ 4 influences per vertex (prunedSkin)
 * @param parents        N helper parents (helperParents)
 * @param clusters       the helpers' centers and each vertex's cluster (helperClusters)
 * @returns each vertex's candidates, which vertices replace, and how many were saturated
 */
export function helperCandidates(
  bindPositions: ArrayLike<number>,
  moving: Uint8Array,
  skin: PrunedSkin,
  parents: number[],
  clusters: HelperClusters,
): HelperCandidates {
  const { joints: baseJoints, counts: influenceCount } = skin;
  const { centers, cluster } = clusters;
  const R = moving.length;
  const N = parents.length;
  const candidates: number[][] = Array.from({ length: R }, () => []);
  const replacement = new Uint8Array(R);
  let saturatedVertices = 0;
  for (let i = 0; i < R; i++) {
    if (!moving[i]) continue;
    const own = new Set(Array.from(baseJoints.subarray(4 * i, 4 * i + influenceCount[i])));
    const options: Array<[number, number]> = [];
    for (let h = 0; h < N; h++) {
      if (!own.has(parents[h])) continue;
      const d = Math.hypot(bindPositions[3 * i] - centers[3 * h], bindPositions[3 * i + 1] - centers[3 * h + 1], bindPositions[3 * i + 2] - centers[3 * h + 2]);
      options.push([h, h === cluster[i] ? -1 : d]);
    }
    options.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const room = 4 - influenceCount[i];
    if (room <= 0) {
      saturatedVertices++;
      replacement[i] = options.length > 0 ? 1 : 0;
      candidates[i] = options.slice(0, 1).map(([h]) => h);
    } else {
      candidates[i] = options.slice(0, room).map(([h]) => h);
    }
  }
  return { candidates, replacement, saturatedVertices };
}
