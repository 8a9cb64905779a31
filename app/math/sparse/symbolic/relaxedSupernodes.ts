/**
 * The supernodes of L: runs of consecutive columns, each the etree parent of the previous, stored with the row
 * structure of the last column plus their own columns. Fundamental supernodes (counts differing by one) store no
 * zeros; relaxed ones (Ashcraft & Grimes 1989; CHOLMOD's defaults: any run of ≤ 4 columns, ≤ 80% zeros up to 16
 * columns, ≤ 10% up to 48, ≤ 5% beyond) store a few explicit zeros in exchange for wider dense panels: the 5-tet
 * lattices give mostly 1–2-column fundamental supernodes otherwise.
 *
 * @param parent       #n elimination tree (eliminationTree)
 * @param columnCount  #n entries per column of L
 * @returns #S+1 first column of each supernode, n last
 */
export function relaxedSupernodes(parent: Int32Array, columnCount: Int32Array): Int32Array {
  const n = parent.length;
  const starts: number[] = [];
  let first = 0;
  let realEntries = 0;
  for (let j = 0; j < n; j++) {
    if (j > first && parent[j - 1] === j) {
      const width = j - first + 1;
      const stored = (width * (width - 1)) / 2 + width * columnCount[j];
      const zeros = stored - (realEntries + columnCount[j]);
      const limit = width <= 4 ? 1 : width <= 16 ? 0.8 : width <= 48 ? 0.1 : 0.05;
      if (zeros <= limit * stored) {
        realEntries += columnCount[j];
        continue;
      }
    }
    starts.push(j);
    first = j;
    realEntries = columnCount[j];
  }
  starts.push(n);
  return Int32Array.from(starts);
}
