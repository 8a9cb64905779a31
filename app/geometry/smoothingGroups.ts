/**
 * Smoothing groups of render vertices: vertices that share a position and a normal (to 3 decimals) get one
 * group, so normals recomputed per frame with vertexNormals(…, groups) agree across UV seams (which split
 * vertices but not normals) while split normals (hard edges, which split both) stay split. Without normals,
 * vertices that share a position form a group.
 *
 * @param positions    #V×3 render-vertex positions, row-major
 * @param normals      #V×3 render-vertex normals, or null
 * @param vertexCount  #V
 * @returns #V group ids in [0, #V), numbered in order of first appearance
 */
export function smoothingGroups(positions: ArrayLike<number>, normals: ArrayLike<number> | null, vertexCount: number): Uint32Array {
  const groups = new Uint32Array(vertexCount);
  const seen = new Map<string, number>();
  for (let v = 0; v < vertexCount; v++) {
    let key = `${positions[3 * v]},${positions[3 * v + 1]},${positions[3 * v + 2]}`;
    if (normals) key += `|${normals[3 * v].toFixed(3)},${normals[3 * v + 1].toFixed(3)},${normals[3 * v + 2].toFixed(3)}`;
    let group = seen.get(key);
    if (group === undefined) seen.set(key, (group = seen.size));
    groups[v] = group;
  }
  return groups;
}
