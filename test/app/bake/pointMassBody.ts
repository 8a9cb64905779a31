/**
 * Lever and inertia per unit mass about a hinge at the origin of equal point masses (gearSwingModel's inputs):
 * lever = the mean r, inertia = the mean of |r|²I − r rᵀ (row-major 3×3). Written from the definitions, independently
 * of the engine's carried-shell code.
 */
export function pointMassBody(points: number[][]): { lever: number[]; inertia: number[] } {
  const lever = [0, 0, 0];
  const inertia = new Array(9).fill(0);
  for (const r of points) {
    const r2 = r[0] ** 2 + r[1] ** 2 + r[2] ** 2;
    for (let a = 0; a < 3; a++) {
      lever[a] += r[a] / points.length;
      for (let b = 0; b < 3; b++) inertia[3 * a + b] += ((a === b ? r2 : 0) - r[a] * r[b]) / points.length;
    }
  }
  return { lever, inertia };
}
