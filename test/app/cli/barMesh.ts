/**
 * The closed bar the CLI's arap cases edit, as a mesh JSON ({ vertices, triangles }, docs of `overlap arap`): a
 * 0.1 m square section, 0.4 m long along z, 5 rings of 4 vertices, its sides two triangles a quad, both ends capped.
 */
export function barMesh(): { vertices: number[][]; triangles: number[][] } {
  const vertices: number[][] = [];
  for (let z = 0; z <= 4; z++)
    for (const [x, y] of [
      [0, 0],
      [0.1, 0],
      [0.1, 0.1],
      [0, 0.1],
    ])
      vertices.push([x, y, 0.1 * z]);
  const triangles: number[][] = [];
  for (let z = 0; z < 4; z++) {
    for (let k = 0; k < 4; k++) {
      const a = 4 * z + k;
      const b = 4 * z + ((k + 1) % 4);
      triangles.push([a, b, b + 4], [a, b + 4, a + 4]);
    }
  }
  triangles.push([0, 2, 1], [0, 3, 2], [16, 17, 18], [16, 18, 19]);
  return { vertices, triangles };
}
