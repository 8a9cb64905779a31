/**
 * The intersecting pairs one check has and another has not: the pairs a frame's output adds to its input (the final
 * contact check's correction, app/contact/bakeContact.ts). Both lists are FrameIntersections.pairList, four numbers a
 * pair (edge mesh, edge index, triangle mesh, triangle index) sorted by those numbers in that order, so one merge of
 * the two finds them in O(|list| + |reference|).
 *
 * @param list       pairList of the check whose extra pairs are wanted
 * @param reference  pairList of the check they are compared with
 * @returns the positions in `list` (multiples of 4) of the pairs that are not in `reference`, in list order
 */
export function addedPairs(list: readonly number[], reference: readonly number[]): number[] {
  if (list.length % 4 !== 0 || reference.length % 4 !== 0)
    throw new RangeError(`addedPairs: pair lists hold four numbers a pair, got ${list.length} and ${reference.length}`);
  const added: number[] = [];
  let j = 0;
  for (let i = 0; i < list.length; i += 4) {
    let order = 1;
    while (j < reference.length) {
      order = list[i] - reference[j] || list[i + 1] - reference[j + 1] || list[i + 2] - reference[j + 2] || list[i + 3] - reference[j + 3];
      if (order <= 0) break;
      j += 4;
    }
    if (j < reference.length && order === 0) continue;
    added.push(i);
  }
  return added;
}
