import type { LdltSymbolic } from '../ldltSymbolic.ts';

/**
 * The assembly tree of the supernodes (Liu 1992): a supernode's parent is the supernode of its last column's etree
 * parent; children are listed in increasing order as first-child / next-sibling links.
 *
 * @param supernodeStart  #S+1 first column of each supernode (relaxedSupernodes)
 * @param parent          #n elimination tree
 * @returns #S supernodeParent (−1 for roots), #S supernodeFirstChild, #S supernodeNextSibling (−1: none)
 */
export function assemblyTree(
  supernodeStart: Int32Array,
  parent: Int32Array,
): Pick<LdltSymbolic, 'supernodeParent' | 'supernodeFirstChild' | 'supernodeNextSibling'> {
  const n = parent.length;
  const supernodeCount = supernodeStart.length - 1;
  const supernodeOf = new Int32Array(n);
  for (let sn = 0; sn < supernodeCount; sn++) for (let j = supernodeStart[sn]; j < supernodeStart[sn + 1]; j++) supernodeOf[j] = sn;
  const supernodeParent = new Int32Array(supernodeCount);
  for (let sn = 0; sn < supernodeCount; sn++) {
    const last = supernodeStart[sn + 1] - 1;
    supernodeParent[sn] = parent[last] >= 0 ? supernodeOf[parent[last]] : -1;
  }
  const childHead = new Int32Array(supernodeCount).fill(-1);
  const childNext = new Int32Array(supernodeCount).fill(-1);
  for (let sn = supernodeCount - 1; sn >= 0; sn--) {
    const up = supernodeParent[sn];
    if (up >= 0) {
      childNext[sn] = childHead[up];
      childHead[up] = sn;
    }
  }
  return { supernodeParent, supernodeFirstChild: childHead, supernodeNextSibling: childNext };
}
