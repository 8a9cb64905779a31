/**
 * One vertex's skin influences merged: its positive weights summed per joint (in slot order), sorted by decreasing
 * weight with ties to the lower joint index; a vertex without any positive weight goes wholly to its first joint
 * ([joint of slot 0, 1]), as the importer (and three.js) bind it. The common start of prunedSkin and
 * writeSkinAttributes.
 *
 * @param joints               #R×K joint indices
 * @param weights              #R×K weights (non-positive and NaN entries are ignored)
 * @param influencesPerVertex  K
 * @param vertex               the vertex r
 * @returns [joint, weight] pairs, strongest first, at least one
 */
export function mergedInfluences(joints: ArrayLike<number>, weights: ArrayLike<number>, influencesPerVertex: number, vertex: number): Array<[number, number]> {
  const K = influencesPerVertex;
  const list: Array<[number, number]> = [];
  for (let k = 0; k < K; k++) {
    const w = weights[vertex * K + k];
    if (!(w > 0)) continue;
    const joint = joints[vertex * K + k];
    const same = list.find((entry) => entry[0] === joint);
    if (same) same[1] += w;
    else list.push([joint, w]);
  }
  list.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (list.length === 0) list.push([joints[vertex * K], 1]);
  return list;
}
