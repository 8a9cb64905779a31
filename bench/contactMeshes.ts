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
        const a = v, b = v + 1, c = v + n + 2, d = v + n + 1;
        if ((i + j) % 2 === 0) triangles.set([a, c, b, a, d, c], t);
        else triangles.set([a, d, b, b, d, c], t);
        t += 6;
      }
    }
  }
  return { positions, triangles };
}

/** A closed UV sphere of `rings` × `segments` (outward winding). */
export function uvSphere(radius: number, rings: number, segments: number, center: readonly [number, number, number]): { positions: Float64Array; triangles: Uint32Array } {
  const positions: number[] = [center[0], center[1] + radius, center[2]];
  for (let i = 1; i < rings; i++) {
    const theta = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const phi = (2 * Math.PI * j) / segments;
      positions.push(center[0] + radius * Math.sin(theta) * Math.cos(phi), center[1] + radius * Math.cos(theta), center[2] + radius * Math.sin(theta) * Math.sin(phi));
    }
  }
  positions.push(center[0], center[1] - radius, center[2]);
  const bottom = positions.length / 3 - 1;
  const at = (i: number, j: number) => 1 + (i - 1) * segments + (j % segments);
  const triangles: number[] = [];
  for (let j = 0; j < segments; j++) triangles.push(0, at(1, j + 1), at(1, j));
  for (let i = 1; i < rings - 1; i++) {
    for (let j = 0; j < segments; j++) triangles.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
  }
  for (let j = 0; j < segments; j++) triangles.push(bottom, at(rings - 1, j), at(rings - 1, j + 1));
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}
