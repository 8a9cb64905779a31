/**
 * Positions kept out of each limited vertex's backstop sphere (Unity Cloth's backstop): a sphere of
 * radius r whose surface touches the point `distance` behind the animated position along the inward
 * normal, centre c = t − n·(r + distance). A vertex inside it is pushed out along (x − c) onto its
 * surface, so skin-tight cloth or flesh can swing outward but not sink into the body under it. The
 * sphere's tangent plane at the touching point approximates the body there; a large r makes it a
 * half-space, a small r lets the vertex slide around the body more.
 *
 * Applied after maxDistanceClampedPositions each substep (the two commute where the backstop lies
 * within the max distance, which holds for distance ≤ d). Hot path: allocates nothing; `out` may be
 * `positions`.
 *
 * @param positions  #V×3 simulated positions
 * @param targets    #V×3 animated positions
 * @param normals    #V×3 unit outward normals of the animated surface
 * @param limited    #V which vertices have a backstop (nonzero), e.g. those with a finite max distance
 * @param radius     sphere radius r > 0 (position units)
 * @param distance   how far behind the animated position the sphere starts, ≥ 0 (position units)
 * @param out        #V×3 output positions
 * @returns out
 */
export function backstopClampedPositions<T extends Float32Array | Float64Array>(
  positions: ArrayLike<number>,
  targets: ArrayLike<number>,
  normals: ArrayLike<number>,
  limited: ArrayLike<number>,
  radius: number,
  distance: number,
  out: T,
): T {
  const vertexCount = limited.length;
  const offset = radius + distance;
  for (let v = 0; v < vertexCount; v++) {
    const i = 3 * v;
    if (out !== positions) {
      out[i] = positions[i];
      out[i + 1] = positions[i + 1];
      out[i + 2] = positions[i + 2];
    }
    if (!limited[v] || !(radius > 0)) continue;
    const cx = targets[i] - normals[i] * offset;
    const cy = targets[i + 1] - normals[i + 1] * offset;
    const cz = targets[i + 2] - normals[i + 2] * offset;
    const dx = positions[i] - cx;
    const dy = positions[i + 1] - cy;
    const dz = positions[i + 2] - cz;
    const lengthSquared = dx * dx + dy * dy + dz * dz;
    if (lengthSquared >= radius * radius) continue;
    const length = Math.sqrt(lengthSquared);
    // At the centre itself any direction is "out"; the normal is the one the animation would take.
    const [ux, uy, uz] = length > 0 ? [dx / length, dy / length, dz / length] : [normals[i], normals[i + 1], normals[i + 2]];
    out[i] = cx + radius * ux;
    out[i + 1] = cy + radius * uy;
    out[i + 2] = cz + radius * uz;
  }
  return out;
}
