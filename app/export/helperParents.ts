/** Where helperBoneFit puts its helpers: how many per skeleton joint, and the vertices each joint dominates. */
export interface HelperParents {
  /** N ≤ helperCount helper parents (skin joint indices), increasing: helper h hangs off joint parents[h] */
  parents: number[];
  /** #J helpers given to each joint */
  helpersOf: Int32Array;
  /** #J the moving vertices whose strongest influence is each joint, increasing */
  members: number[][];
}

/**
 * Helper placement by votes: each moving vertex votes for its strongest joint with its squared motion, and the
 * helpers are handed out one at a time by the D'Hondt rule (highest averages: the joint with the largest
 * energy / (helpers + 1) gets the next; ties go to the lower joint), so joints get helpers in proportion to the
 * motion they carry. A joint gets a helper only while it has at least 3 member vertices per helper (a rigid fit
 * needs 3 points), and no helper goes to a joint with no motion, so fewer than `helperCount` may come back.
 *
 * @param moving       #R 1 for a vertex the skin does not explain (skinResidual)
 * @param motion       #R RMS residual per vertex [m]
 * @param joints       #R×4 influences, strongest first (prunedSkin)
 * @param jointCount   #J
 * @param helperCount  N asked for
 * @returns the helpers' parents (sorted), the count per joint and each joint's moving vertices
 */
export function helperParents(moving: Uint8Array, motion: Float64Array, joints: Uint16Array, jointCount: number, helperCount: number): HelperParents {
  const J = jointCount;
  const R = moving.length;
  const energy = new Float64Array(J);
  const members: number[][] = Array.from({ length: J }, () => []);
  for (let i = 0; i < R; i++) {
    if (!moving[i]) continue;
    energy[joints[4 * i]] += motion[i] ** 2;
    members[joints[4 * i]].push(i);
  }
  const helpersOf = new Int32Array(J);
  const parents: number[] = [];
  for (let n = 0; n < helperCount; n++) {
    let best = -1;
    for (let j = 0; j < J; j++) {
      if (members[j].length < 3 * (helpersOf[j] + 1)) continue;
      if (best < 0 || energy[j] / (helpersOf[j] + 1) > energy[best] / (helpersOf[best] + 1)) best = j;
    }
    if (best < 0 || energy[best] === 0) break;
    helpersOf[best]++;
    parents.push(best);
  }
  parents.sort((a, b) => a - b);
  return { parents, helpersOf, members };
}
