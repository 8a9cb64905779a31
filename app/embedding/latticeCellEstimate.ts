/**
 * How many cells latticeEmbedding will keep at a resolution, estimated from the surface alone before embedding it:
 * the interior, |V|/c³, plus one layer of surface cells, A/c², for cell size c = L/resolution (L the longest side of
 * the surface's box, V its enclosed volume by the divergence theorem, approximate for open meshes, A its area).
 * Measured against latticeEmbedding from resolution 16 up (Fox.glb to 128, the sample, SimpleSkin and MorphStressTest to
 * 64): 0.84–1.24× the real count. Coarser lattices, which cost nothing, it underestimates up to 2.5× (the surface layer
 * is thicker than one cell there).
 * The costs of an embedding, and of everything built on it, are estimated from it before any of it is allocated.
 *
 * @param positions   #V×3 surface positions [m]
 * @param triangles   #F×3 vertex indices
 * @param resolution  cells along the longest side of the box
 * @returns the estimated cell count (at least 1)
 */
export function latticeCellEstimate(positions: ArrayLike<number>, triangles: ArrayLike<number>, resolution: number): number {
  const { area, volume, longest } = surfaceMeasures(positions, triangles);
  if (!(longest > 0)) return 1;
  const cell = longest / resolution;
  return Math.max(1, volume / cell ** 3 + area / cell ** 2);
}

/** Area, |enclosed volume| (divergence theorem; approximate for open meshes) and longest box side of a surface. */
function surfaceMeasures(positions: ArrayLike<number>, triangles: ArrayLike<number>): { area: number; volume: number; longest: number } {
  let area = 0;
  let volume = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t];
    const b = 3 * triangles[t + 1];
    const c = 3 * triangles[t + 2];
    const ux = positions[b] - positions[a];
    const uy = positions[b + 1] - positions[a + 1];
    const uz = positions[b + 2] - positions[a + 2];
    const vx = positions[c] - positions[a];
    const vy = positions[c + 1] - positions[a + 1];
    const vz = positions[c + 2] - positions[a + 2];
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    area += Math.hypot(nx, ny, nz) / 2;
    volume += (positions[a] * nx + positions[a + 1] * ny + positions[a + 2] * nz) / 6;
  }
  return { area, volume: Math.abs(volume), longest: Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 0) };
}

