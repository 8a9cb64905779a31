/**
 * The length of the diagonal of the axis-aligned bounding box of a point set, the size a mesh's deviations are
 * compared with (bake report, warnings, benchmarks). 0 for no points.
 *
 * @param positions  #V×3 positions [m], row-major
 * @returns the diagonal [m]
 */
export function boundingBoxDiagonal(positions: ArrayLike<number>): number {
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    minX = Math.min(minX, positions[i]);
    maxX = Math.max(maxX, positions[i]);
    minY = Math.min(minY, positions[i + 1]);
    maxY = Math.max(maxY, positions[i + 1]);
    minZ = Math.min(minZ, positions[i + 2]);
    maxZ = Math.max(maxZ, positions[i + 2]);
  }
  return positions.length >= 3 ? Math.hypot(maxX - minX, maxY - minY, maxZ - minZ) : 0;
}
