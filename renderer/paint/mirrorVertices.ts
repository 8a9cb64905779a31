/**
 * The X-mirror map of a mesh, as Blender's weight paint offers it: for every vertex, its image across
 * the mesh's symmetry plane (coordinate `axis` = 0 in the mesh's own bind space), or -1.
 *
 * - positional: the nearest vertex to the reflected position, accepted within `tolerance` (a
 *   fraction of the mesh's size). Exact for meshes modelled symmetric.
 * - topological: for meshes whose shape is not quite symmetric (a sculpted asymmetry, a posed bind
 *   shape) but whose topology is. Starting from vertices the positional test matches tightly (and
 *   vertices on the plane, their own images), the match grows along edges: an unmatched vertex v
 *   whose matched neighbours' images share exactly one unmatched common neighbour with v's degree
 *   takes it as its image. Each round uses only matches made before it, so the result does not
 *   depend on vertex order; vertices it cannot decide stay -1 (never a wrong guess).
 *
 * Runs once per mesh and mode (a grid hash makes the positional search O(V)).
 *
 * @param positions   #V×3 bind-space positions
 * @param neighbours  CSR adjacency (vertexNeighbours)
 * @param axis        0, 1 or 2
 * @param mode        'positional' or 'topological'
 * @param tolerance   fraction of the bounding-box diagonal within which a reflected position matches (default 1e-3)
 * @returns #V image of each vertex, or -1
 */
export function mirrorVertices(
  positions: ArrayLike<number>,
  neighbours: { start: Uint32Array; neighbours: Uint32Array },
  axis: 0 | 1 | 2,
  mode: 'positional' | 'topological',
  tolerance = 1e-3,
): Int32Array {
  const vertexCount = positions.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  const cell = Math.max(diagonal * 0.01, 1e-12);
  const key = (x: number, y: number, z: number): string => `${Math.floor(x / cell)},${Math.floor(y / cell)},${Math.floor(z / cell)}`;
  const grid = new Map<string, number[]>();
  for (let v = 0; v < vertexCount; v++) {
    const k = key(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
    const bucket = grid.get(k);
    if (bucket) bucket.push(v);
    else grid.set(k, [v]);
  }
  /** The nearest vertex to p within `limit`, or -1. */
  const nearest = (p: number[], limit: number): number => {
    const [cx, cy, cz] = [Math.floor(p[0] / cell), Math.floor(p[1] / cell), Math.floor(p[2] / cell)];
    let best = -1;
    let bestDistance = limit * limit;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          for (const u of grid.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
            const d = (positions[3 * u] - p[0]) ** 2 + (positions[3 * u + 1] - p[1]) ** 2 + (positions[3 * u + 2] - p[2]) ** 2;
            if (d <= bestDistance) {
              bestDistance = d;
              best = u;
            }
          }
        }
    return best;
  };
  const image = new Int32Array(vertexCount).fill(-1);
  const seedTolerance = mode === 'topological' ? Math.min(tolerance, 1e-5) : tolerance;
  for (let v = 0; v < vertexCount; v++) {
    const p = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
    p[axis] = -p[axis];
    image[v] = nearest(p, seedTolerance * diagonal);
  }
  if (mode === 'positional') return image;

  const { start, neighbours: adjacent } = neighbours;
  const degree = (v: number): number => start[v + 1] - start[v];
  const taken = new Uint8Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) if (image[v] >= 0) taken[image[v]] = 1;
  for (let changed = true; changed; ) {
    changed = false;
    const proposals: Array<[number, number]> = [];
    for (let v = 0; v < vertexCount; v++) {
      if (image[v] >= 0) continue;
      let candidates: Set<number> | null = null;
      for (let n = start[v]; n < start[v + 1]; n++) {
        const m = image[adjacent[n]];
        if (m < 0) continue;
        const around = new Set<number>();
        for (let k = start[m]; k < start[m + 1]; k++) {
          const u = adjacent[k];
          if (!taken[u] && image[u] < 0 && degree(u) === degree(v)) around.add(u);
        }
        if (candidates === null) candidates = around;
        else for (const u of candidates) if (!around.has(u)) candidates.delete(u);
      }
      if (candidates !== null && candidates.size === 1) proposals.push([v, candidates.values().next().value as number]);
    }
    // A vertex proposed by two different vertices is ambiguous this round: neither gets it.
    const claims = new Map<number, number>();
    for (const [, u] of proposals) claims.set(u, (claims.get(u) ?? 0) + 1);
    for (const [v, u] of proposals) {
      if (claims.get(u) !== 1 || image[v] >= 0 || taken[u]) continue;
      image[v] = u;
      taken[u] = 1;
      if (image[u] < 0 && u !== v) {
        image[u] = v;
        taken[v] = 1;
      }
      changed = true;
    }
  }
  return image;
}
