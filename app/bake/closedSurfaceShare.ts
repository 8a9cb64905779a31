/**
 * How much of a surface encloses space: the share of its area in connected pieces without a boundary edge (every edge
 * shared by two or more triangles: a blob, a body, a closed tube). The bake warns when cloth — a membrane with bending,
 * no volume term (docs/bake.md, materials) — is put on such a surface: nothing keeps the volume it encloses, so under
 * motion it folds into itself and does not come back (issue 37: the sample's blob with the cloth preset crumpled 17 cm
 * and stayed so). Garments, flags and capes are open (a hem, a neckline, an edge): their share is 0.
 *
 * Pieces are connected through shared vertices of the welded topology (a separate, closed button on an open shirt
 * counts for its own area only). Degenerate triangles (a repeated vertex) add no area and no edges.
 *
 * @param triangles  #T·3 vertex indices (welded)
 * @param positions  #V·3 rest positions (for areas)
 * @returns the closed pieces' area over the whole area, in [0, 1] (0 for an empty surface)
 */
export function closedSurfaceShare(triangles: Uint32Array, positions: Float32Array): number {
  const vertexCount = positions.length / 3;
  // Pieces by union-find over the triangles' vertices.
  const parent = Int32Array.from({ length: vertexCount }, (_, v) => v);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]];
      v = parent[v];
    }
    return v;
  };
  for (let t = 0; t < triangles.length; t += 3) {
    const a = find(triangles[t]);
    const b = find(triangles[t + 1]);
    const c = find(triangles[t + 2]);
    parent[b] = a;
    parent[find(c)] = a;
  }
  // Edge use counts: an edge used once is a boundary and opens its piece.
  const uses = new Map<number, number>();
  const key = (i: number, j: number): number => (i < j ? i * vertexCount + j : j * vertexCount + i);
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t];
    const b = triangles[t + 1];
    const c = triangles[t + 2];
    if (a === b || b === c || a === c) continue;
    for (const [i, j] of [
      [a, b],
      [b, c],
      [c, a],
    ])
      uses.set(key(i, j), (uses.get(key(i, j)) ?? 0) + 1);
  }
  const open = new Uint8Array(vertexCount);
  for (const [edge, count] of uses) if (count === 1) open[find(Math.floor(edge / vertexCount))] = 1;
  let total = 0;
  let closed = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * triangles[t];
    const b = 3 * triangles[t + 1];
    const c = 3 * triangles[t + 2];
    const u = [positions[b] - positions[a], positions[b + 1] - positions[a + 1], positions[b + 2] - positions[a + 2]];
    const w = [positions[c] - positions[a], positions[c + 1] - positions[a + 1], positions[c + 2] - positions[a + 2]];
    const area = 0.5 * Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]);
    total += area;
    if (!open[find(triangles[t])]) closed += area;
  }
  return total > 0 ? closed / total : 0;
}
