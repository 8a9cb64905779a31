import type { LdltSymbolic } from '../ldltSymbolic.ts';
import { factorTooLarge } from './factorTooLarge.ts';

/**
 * The row structure of each supernode: its columns, the rows of A below them, and its children's rows past their own
 * columns (all of which lie in this supernode or above: they are etree ancestors), sorted (Liu 1992).
 *
 * @param symbolic    the supernodes (supernodeStart), their assembly tree (supernodeFirstChild, supernodeNextSibling)
 *                    and the lower triangle of C (lowerPointers, lowerRows)
 * @param columnCount #n entries per column of L (eliminationTree)
 * @param maxEntries  the most entries the factor may have
 * @returns #S+1 supernodeRowPointers, supernodeRows, and the largest supernode row count (maxFrontSize)
 * @throws RangeError (factorTooLarge) when the row lists would pass maxEntries; Error when a gathered structure does
 *         not have the counted size (an internal error)
 */
export function supernodeRowStructure(
  symbolic: Pick<LdltSymbolic, 'supernodeStart' | 'supernodeFirstChild' | 'supernodeNextSibling' | 'lowerPointers' | 'lowerRows'>,
  columnCount: Int32Array,
  maxEntries: number,
): Pick<LdltSymbolic, 'supernodeRowPointers' | 'supernodeRows' | 'maxFrontSize'> {
  const { supernodeStart, supernodeFirstChild: childHead, supernodeNextSibling: childNext, lowerPointers, lowerRows } = symbolic;
  const n = columnCount.length;
  const supernodeCount = supernodeStart.length - 1;
  const supernodeRowPointers = new Int32Array(supernodeCount + 1);
  let rowEntries = 0;
  for (let sn = 0; sn < supernodeCount; sn++) {
    const width = supernodeStart[sn + 1] - supernodeStart[sn];
    rowEntries += width + columnCount[supernodeStart[sn + 1] - 1];
    if (rowEntries > maxEntries) throw factorTooLarge(rowEntries, maxEntries, n);
    supernodeRowPointers[sn + 1] = rowEntries;
  }
  const supernodeRows = new Int32Array(supernodeRowPointers[supernodeCount]);
  const mark = new Int32Array(n).fill(-1);
  let maxFrontSize = 0;
  const gathered: number[] = [];
  for (let sn = 0; sn < supernodeCount; sn++) {
    const firstColumn = supernodeStart[sn];
    const last = supernodeStart[sn + 1] - 1;
    gathered.length = 0;
    for (let j = firstColumn; j <= last; j++) {
      mark[j] = sn;
      gathered.push(j);
    }
    for (let j = firstColumn; j <= last; j++) {
      for (let p = lowerPointers[j]; p < lowerPointers[j + 1]; p++) {
        const i = lowerRows[p];
        if (i > last && mark[i] !== sn) {
          mark[i] = sn;
          gathered.push(i);
        }
      }
    }
    for (let child = childHead[sn]; child >= 0; child = childNext[child]) {
      const childColumns = supernodeStart[child + 1] - supernodeStart[child];
      for (let p = supernodeRowPointers[child] + childColumns; p < supernodeRowPointers[child + 1]; p++) {
        const i = supernodeRows[p];
        if (mark[i] !== sn) {
          mark[i] = sn;
          gathered.push(i);
        }
      }
    }
    gathered.sort((a, b) => a - b);
    const expected = supernodeRowPointers[sn + 1] - supernodeRowPointers[sn];
    if (gathered.length !== expected) throw new Error(`ldltSymbolic: internal error, supernode ${sn} has ${gathered.length} rows, expected ${expected}`);
    supernodeRows.set(gathered, supernodeRowPointers[sn]);
    if (expected > maxFrontSize) maxFrontSize = expected;
  }
  return { supernodeRowPointers, supernodeRows, maxFrontSize };
}
