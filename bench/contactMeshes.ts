/** Meshes of the contact benchmark: a square cloth of n×n cells and a UV sphere, both triangulated. */

/** A square cloth of n×n cells of side `size` [m] in the x–z plane at height y, diagonals alternating. */
export function clothSquare(n: number, size: number, y: number): { positions: Float64Array; triangles: Uint32Array } {
  const positions = new Float64Array(3 * (n + 1) * (n + 1));
  const triangles = new Uint32Array(6 * n * n);
  let t = 0;
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const v = i + (n + 1) * j;
      positions[3 * v] = -size / 2 + (size * i) / n;
      positions[3 * v + 1] = y;
      positions[3 * v + 2] = -size / 2 + (size * j) / n;
      if (i < n && j < n) {
        const a = v,
          b = v + 1,
          c = v + n + 2,
          d = v + n + 1;
        if ((i + j) % 2 === 0) triangles.set([a, c, b, a, d, c], t);
        else triangles.set([a, d, b, b, d, c], t);
        t += 6;
      }
    }
  }
  return { positions, triangles };
}

/** A closed UV sphere (outward winding): the contact tests' own fixture. */
export { uvSphere } from '../test/app/contact/scenes.ts';
