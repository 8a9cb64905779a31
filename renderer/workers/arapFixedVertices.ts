/**
 * The fixed handle of a Pose-tool drag: the vertices an ARAP edit must leave where they are. The artist
 * selects only the part to move (the moving handle); ARAP needs a second handle or the whole mesh would
 * simply translate with it (a rigid motion costs no energy). The mesh beyond a reach from the selection
 * is held: the part within it bends, the rest stays on its animation.
 *
 * Distances are straight-line (Euclidean) in the edited pose, from each vertex to its nearest selected
 * vertex: cheap and predictable, but a part that passes close to the selection without being connected
 * to it near there (a tail curled against a leg) is held too. A semi-geodesic reach (app/solvers/arap's
 * edge graph) would not do that; not needed for the first version of the tool.
 */

/** Default reach as a fraction of the mesh's bounding-box diagonal. */
export const DEFAULT_REACH_FRACTION = 0.25;

/**
 * @param positions  #V×3 positions of the edited pose [scene units]
 * @param selected   the moving handle's vertices (each in 0..V−1)
 * @param reach      vertices farther than this from every selected vertex are fixed [scene units]
 * @returns the fixed vertices, increasing, never a selected one; when none is beyond the reach (a small
 *          mesh, a selection spread over all of it), the farthest tenth of the unselected vertices, so the
 *          edit always has something to bend against (empty only when everything is selected)
 */
export function arapFixedVertices(positions: ArrayLike<number>, selected: ArrayLike<number>, reach: number): Int32Array {
  const n = Math.floor(positions.length / 3);
  const isSelected = new Uint8Array(n);
  for (let k = 0; k < selected.length; k++) isSelected[selected[k]] = 1;
  const distance = new Float64Array(n).fill(Infinity);
  for (let v = 0; v < n; v++) {
    if (isSelected[v]) continue;
    const x = positions[3 * v];
    const y = positions[3 * v + 1];
    const z = positions[3 * v + 2];
    let best = Infinity;
    for (let k = 0; k < selected.length; k++) {
      const s = 3 * selected[k];
      const dx = x - positions[s];
      const dy = y - positions[s + 1];
      const dz = z - positions[s + 2];
      const d = dx * dx + dy * dy + dz * dz;
      if (d < best) best = d;
    }
    distance[v] = Math.sqrt(best);
  }
  const fixed: number[] = [];
  for (let v = 0; v < n; v++) if (!isSelected[v] && distance[v] > reach) fixed.push(v);
  if (fixed.length > 0) return Int32Array.from(fixed);
  const unselected: number[] = [];
  for (let v = 0; v < n; v++) if (!isSelected[v]) unselected.push(v);
  unselected.sort((a, b) => distance[b] - distance[a]);
  const farthest = unselected.slice(0, Math.max(1, Math.ceil(unselected.length / 10)));
  return Int32Array.from(unselected.length > 0 ? farthest.sort((a, b) => a - b) : []);
}
