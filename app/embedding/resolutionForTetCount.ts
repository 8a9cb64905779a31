import type { EmbeddingSurface } from './embeddingSurface.ts';
import { interiorCells } from './interiorCells.ts';
import { latticeGrid } from './latticeGrid.ts';
import { surfaceCells } from './surfaceCells.ts';

/**
 * The lattice resolution whose tetrahedron count comes nearest a target (latticeEmbedding's targetTetCount),
 * from cheap estimates: 5 tets per surface cell and per inside cell, without pieces, duplication or gluing.
 * Secant-like steps on log(count): surface cells grow like r², interior cells like r³, so a step with exponent
 * 1/2.5 overshoots little; at most six resolutions are tried and the nearest (in |log(tets/target)|) wins.
 *
 * @param surface    the prepared surface (embeddingSurface)
 * @param target     wanted number of tetrahedra (≥ 5)
 * @param threshold  |w| ≥ threshold counts as inside
 * @returns a resolution in 1..1000
 * @throws RangeError when target < 5
 */
export function resolutionForTetCount(surface: EmbeddingSurface, target: number, threshold: number): number {
  if (!(target >= 5)) throw new RangeError(`latticeEmbedding: targetTetCount must be ≥ 5, got ${target}`);
  const stack = new Int32Array(128);
  const estimate = (resolution: number): number => {
    const grid = latticeGrid(surface.min, surface.max, resolution);
    const cells = surfaceCells(surface, grid);
    let kept = cells.linear.length;
    const interior = interiorCells(grid, cells.indexOfCell, surface.tree, threshold, stack);
    for (let c = 0; c < grid.cellCount; c++) kept += interior[c];
    return 5 * kept;
  };
  let resolution = 16;
  let best = resolution;
  let bestError = Infinity;
  const tried = new Set<number>();
  for (let attempt = 0; attempt < 6 && !tried.has(resolution); attempt++) {
    tried.add(resolution);
    const tets = estimate(resolution);
    const error = Math.abs(Math.log(tets / target));
    if (error < bestError) {
      bestError = error;
      best = resolution;
    }
    // Surface cells grow like r², interior like r³: a cube-root step overshoots little and converges fast.
    const next = Math.round(resolution * Math.pow(target / tets, 1 / 2.5));
    resolution = Math.min(1000, Math.max(1, next));
  }
  return best;
}
