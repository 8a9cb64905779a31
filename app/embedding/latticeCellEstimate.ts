import { triangleNormal } from '../geometry/index.ts';

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
  const normal = new Float64Array(3);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t];
    triangleNormal(positions, a, triangles[t + 1], triangles[t + 2], normal);
    area += Math.hypot(normal[0], normal[1], normal[2]) / 2;
    // Divergence theorem: the signed volume of the tetrahedron (origin, a, b, c) is a·n/6.
    volume += (positions[3 * a] * normal[0] + positions[3 * a + 1] * normal[1] + positions[3 * a + 2] * normal[2]) / 6;
  }
  return { area, volume: Math.abs(volume), longest: Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2], 0) };
}
