/**
 * The ranges of a vertex attribute to upload after a partial write: the written vertices (sorted local indices) cut
 * into runs, two runs closer than `gap` vertices joined into one (an upload call costs more than a few bytes more), and
 * everything from the first to the last as one range when that would still leave more than `maxRanges`.
 *
 * @param sorted     written vertex indices, ascending (duplicates allowed), `count` valid
 * @param count      how many of `sorted` are valid
 * @param gap        runs whose unwritten stretch between them is shorter than this many vertices are joined
 * @param maxRanges  most ranges emitted
 * @param emit       called once per range with its first vertex and its number of vertices, in ascending order
 * @returns the number of ranges emitted
 */
export function heatUpdateRanges(
  sorted: ArrayLike<number>,
  count: number,
  gap: number,
  maxRanges: number,
  emit: (first: number, vertices: number) => void,
): number {
  if (count <= 0) return 0;
  let ranges = 1;
  for (let k = 1; k < count; k++) if (sorted[k] - sorted[k - 1] - 1 >= gap) ranges++;
  if (ranges > maxRanges) {
    emit(sorted[0], sorted[count - 1] - sorted[0] + 1);
    return 1;
  }
  let first = sorted[0];
  for (let k = 1; k < count; k++) {
    if (sorted[k] - sorted[k - 1] - 1 >= gap) {
      emit(first, sorted[k - 1] - first + 1);
      first = sorted[k];
    }
  }
  emit(first, sorted[count - 1] - first + 1);
  return ranges;
}
