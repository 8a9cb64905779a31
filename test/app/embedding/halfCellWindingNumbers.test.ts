// halfCellWindingNumbers: the cached lookup returns exactly what generalizedWindingNumber computes at each
// half-cell sample, in any order and for far more distinct samples than its initial table holds.
import { describe, expect, it } from 'vitest';
import { generalizedWindingNumber } from '../../../app/embedding/generalizedWindingNumber.ts';
import { halfCellWindingNumbers } from '../../../app/embedding/halfCellWindingNumbers.ts';
import { latticeGrid } from '../../../app/embedding/latticeGrid.ts';
import { windingNumberTree } from '../../../app/embedding/windingNumberTree.ts';
import { uvSphere } from './meshes.ts';

describe('halfCellWindingNumbers', () => {
  it('equals the uncached winding number at every sample, repeated lookups included, past 16 samples per surface cell', () => {
    const sphere = uvSphere([0, 0, 0], 1, 8, 12);
    const tree = windingNumberTree(sphere.positions, sphere.triangles);
    const grid = latticeGrid([-1, -1, -1], [1, 1, 1], 10);
    // Sized for one surface cell (a 1,024-slot table); ask for every sample of the grid, about 9,000.
    const windingAt = halfCellWindingNumbers(grid, tree, 1, new Int32Array(128));
    const stack = new Int32Array(128);
    const samples = (2 * grid.dims[0] + 1) * (2 * grid.dims[1] + 1) * (2 * grid.dims[2] + 1);
    expect(samples, 'more samples than the initial table').toBeGreaterThan(4096);
    let mismatches = 0;
    for (let pass = 0; pass < 2; pass++) {
      for (let k2 = 0; k2 <= 2 * grid.dims[2]; k2++) {
        for (let j2 = 0; j2 <= 2 * grid.dims[1]; j2++) {
          for (let i2 = 0; i2 <= 2 * grid.dims[0]; i2++) {
            const h = 0.5 * grid.cellSize;
            const expected = generalizedWindingNumber(tree, grid.origin[0] + h * i2, grid.origin[1] + h * j2, grid.origin[2] + h * k2, 2, stack);
            if (windingAt(i2, j2, k2) !== expected) mismatches++;
          }
        }
      }
    }
    expect(mismatches, 'samples whose cached w differs from a fresh evaluation').toBe(0);
  });
});
