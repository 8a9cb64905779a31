import { generalizedWindingNumber } from './generalizedWindingNumber.ts';
import type { LatticeGrid } from './latticeGrid.ts';
import type { WindingNumberTree } from './windingNumberTree.ts';

/**
 * The generalized winding number w (Jacobson et al. 2013; fast evaluation, Barill et al. 2018) at the
 * half-cell sample points of a lattice grid, point (i₂, j₂, k₂) at origin + (h/2)·(i₂, j₂, k₂), as a cached
 * lookup: latticeEmbedding's steps 4 and 6 read the 3×3×3 samples of every surface cell, and neighbouring
 * cells share their face samples.
 *
 * DESIGN NOTES
 * - The cache is an open-addressing table (Fibonacci hashing, linear probing) of Int32 keys and Float64
 *   values: a Map of boxed doubles cost more in garbage collection than the lookups.
 * - The table doubles (rehashing) once half full. It started at 16 slots per surface cell and never grew,
 *   which was enough for connected surfaces (about 8 distinct samples per cell) but not for scattered
 *   isolated vertices, each alone in its cell with 27 samples: with ~100 of them the table filled up and the
 *   probe loop never ended. Growing changes only memory, never a value.
 *
 * @param grid              the lattice grid
 * @param tree              winding-number tree of the whole surface
 * @param surfaceCellCount  number of surface cells (sizes the initial table)
 * @param stack             generalizedWindingNumber traversal stack, reused
 * @returns windingAt(i₂, j₂, k₂): w at that sample (signed; |w| ≥ ½ is inside), computed once per sample
 */
export function halfCellWindingNumbers(
  grid: LatticeGrid,
  tree: WindingNumberTree,
  surfaceCellCount: number,
  stack: Int32Array,
): (i2: number, j2: number, k2: number) => number {
  const { cellSize: h, origin, dims } = grid;
  const sampleDims = [2 * dims[0] + 1, 2 * dims[1] + 1];
  let tableSize = 1024;
  while (tableSize < 16 * surfaceCellCount) tableSize *= 2;
  let tableKeys = new Int32Array(tableSize).fill(-1);
  let tableValues = new Float64Array(tableSize);
  let stored = 0;
  const slotOf = (key: number): number => {
    let slot = Math.imul(key, 0x9e3779b1) >>> 0;
    for (;;) {
      slot &= tableSize - 1;
      const k = tableKeys[slot];
      if (k === key || k === -1) return slot;
      slot++;
    }
  };
  const grow = (): void => {
    const keys = tableKeys;
    const values = tableValues;
    tableSize *= 2;
    tableKeys = new Int32Array(tableSize).fill(-1);
    tableValues = new Float64Array(tableSize);
    for (let s = 0; s < keys.length; s++) {
      if (keys[s] === -1) continue;
      const slot = slotOf(keys[s]);
      tableKeys[slot] = keys[s];
      tableValues[slot] = values[s];
    }
  };
  return (i2: number, j2: number, k2: number): number => {
    const key = i2 + sampleDims[0] * (j2 + sampleDims[1] * k2);
    let slot = slotOf(key);
    if (tableKeys[slot] === key) return tableValues[slot];
    const w = generalizedWindingNumber(tree, origin[0] + 0.5 * h * i2, origin[1] + 0.5 * h * j2, origin[2] + 0.5 * h * k2, 2, stack);
    if (2 * (stored + 1) > tableSize) {
      grow();
      slot = slotOf(key);
    }
    tableKeys[slot] = key;
    tableValues[slot] = w;
    stored++;
    return w;
  };
}
