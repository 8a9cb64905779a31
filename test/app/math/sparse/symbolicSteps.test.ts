// The steps of ldltSymbolic (app/math/sparse/symbolic/) against a dense boolean elimination of the same pattern,
// computed independently here: the elimination tree is parent(j) = min{i > j : L_ij ≠ 0} and the column counts are
// L's (Davis 2006 §4.1, §4.4); every supernode is a chain of the tree whose stored rows hold each of its columns'
// rows in L; a dense matrix is one supernode.
import { describe, expect, it } from 'vitest';
import { cscMatrixFromTriplets } from '../../../../app/math/sparse/index.ts';
import { eliminationTree } from '../../../../app/math/sparse/symbolic/eliminationTree.ts';
import { lowerTriangle } from '../../../../app/math/sparse/symbolic/lowerTriangle.ts';
import { assemblyTree } from '../../../../app/math/sparse/symbolic/assemblyTree.ts';
import { permutedUpperTriangle } from '../../../../app/math/sparse/symbolic/permutedUpperTriangle.ts';
import { relaxedSupernodes } from '../../../../app/math/sparse/symbolic/relaxedSupernodes.ts';
import { supernodeRowStructure } from '../../../../app/math/sparse/symbolic/supernodeRowStructure.ts';
import { randomSpd } from './helpers.ts';

/** The pattern of L (strictly lower, natural order) by eliminating a dense boolean graph: l[i·n + j] = 1 for i > j in L. */
function denseFactorPattern(rows: number[], columns: number[], n: number): Uint8Array {
  const g = new Uint8Array(n * n);
  rows.forEach((r, t) => (g[r * n + columns[t]] = 1));
  for (let k = 0; k < n; k++) {
    const below: number[] = [];
    for (let i = k + 1; i < n; i++) if (g[i * n + k]) below.push(i);
    for (const a of below) for (const b of below) g[a * n + b] = 1;
  }
  const l = new Uint8Array(n * n);
  for (let j = 0; j < n; j++) for (let i = j + 1; i < n; i++) l[i * n + j] = g[i * n + j];
  return l;
}

function steps(rows: number[], columns: number[], values: number[], n: number) {
  const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
  const identity = Int32Array.from({ length: n }, (_, i) => i);
  const upper = permutedUpperTriangle(matrix, identity);
  const tree = eliminationTree(n, upper.upperPointers, upper.upperRows);
  const lower = lowerTriangle(n, upper.upperPointers, upper.upperRows, upper.upperSource);
  const supernodeStart = relaxedSupernodes(tree.parent, tree.columnCount);
  const assembly = assemblyTree(supernodeStart, tree.parent);
  const rowsOf = supernodeRowStructure({ supernodeStart, ...assembly, ...lower }, tree.columnCount, 2 ** 31 - 1);
  return { tree, supernodeStart, rowsOf };
}

describe('ldltSymbolic steps', () => {
  it('eliminationTree: parents and column counts are those of the dense elimination', () => {
    for (const seed of [4, 5, 6]) {
      const n = 70;
      const { rows, columns, values } = randomSpd(n, 2, seed);
      const l = denseFactorPattern(rows, columns, n);
      const { tree } = steps(rows, columns, values, n);
      for (let j = 0; j < n; j++) {
        let parent = -1;
        let count = 0;
        for (let i = n - 1; i > j; i--) {
          if (l[i * n + j]) {
            parent = i;
            count++;
          }
        }
        expect(tree.parent[j], `seed ${seed}, column ${j}: parent = first row below the diagonal in L`).toBe(parent);
        expect(tree.columnCount[j], `seed ${seed}, column ${j}: entries of L's column`).toBe(count);
      }
    }
  });

  it('supernodes are chains of the tree and store every row of their columns in L, sorted', () => {
    for (const seed of [7, 8]) {
      const n = 60;
      const { rows, columns, values } = randomSpd(n, 3, seed);
      const l = denseFactorPattern(rows, columns, n);
      const { tree, supernodeStart, rowsOf } = steps(rows, columns, values, n);
      expect(supernodeStart[0], 'the first supernode starts at column 0').toBe(0);
      expect(supernodeStart[supernodeStart.length - 1], 'the last ends at n').toBe(n);
      for (let sn = 0; sn + 1 < supernodeStart.length; sn++) {
        const stored = Array.from(rowsOf.supernodeRows.subarray(rowsOf.supernodeRowPointers[sn], rowsOf.supernodeRowPointers[sn + 1]));
        expect(stored, `seed ${seed}, supernode ${sn}: rows increasing`).toEqual([...stored].sort((a, b) => a - b));
        for (let j = supernodeStart[sn]; j < supernodeStart[sn + 1]; j++) {
          if (j > supernodeStart[sn]) expect(tree.parent[j - 1], `seed ${seed}: column ${j - 1}'s parent is the next column of its supernode`).toBe(j);
          for (let i = j + 1; i < n; i++) if (l[i * n + j]) expect(stored.includes(i), `seed ${seed}: L(${i}, ${j}) is stored in supernode ${sn}`).toBe(true);
        }
      }
    }
  });

  it('a dense matrix is one supernode holding every row', () => {
    const n = 12;
    const rows: number[] = [];
    const columns: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        rows.push(i);
        columns.push(j);
        values.push(i === j ? n : 0.1);
      }
    }
    const { supernodeStart, rowsOf } = steps(rows, columns, values, n);
    expect(Array.from(supernodeStart), 'one supernode [0, n)').toEqual([0, n]);
    expect(rowsOf.maxFrontSize, 'its front is the whole matrix').toBe(n);
  });
});
