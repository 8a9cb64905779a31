import type { SurfaceCopiesJob } from './types.ts';

/**
 * The current cell's 27 half-cell samples (a, b, d) ∈ {0,1,2}³, index a + 3b + 9d: |w| (windingAt), whether it is
 * inside (|w| ≥ threshold), and its position.
 *
 * @param job  the copies in progress (reads ijk, grid, windingAt, threshold; writes windingDepth, inside, sampleX/Y/Z)
 */
export function cellSamples(job: SurfaceCopiesJob): void {
  const { ijk, windingAt, windingDepth, inside, threshold, sampleX, sampleY, sampleZ } = job;
  const { cellSize: h, origin } = job.grid;
  for (let s = 0; s < 27; s++) {
    const a = s % 3;
    const b = Math.floor(s / 3) % 3;
    const d = Math.floor(s / 9);
    const w = windingAt(2 * ijk[0] + a, 2 * ijk[1] + b, 2 * ijk[2] + d);
    windingDepth[s] = Math.abs(w);
    inside[s] = windingDepth[s] >= threshold ? 1 : 0;
    sampleX[s] = origin[0] + (ijk[0] + 0.5 * a) * h;
    sampleY[s] = origin[1] + (ijk[1] + 0.5 * b) * h;
    sampleZ[s] = origin[2] + (ijk[2] + 0.5 * d) * h;
  }
}
