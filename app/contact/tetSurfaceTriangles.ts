/**
 * Boundary triangles of a tetrahedral mesh: the faces used by exactly one tetrahedron, wound so their normal points
 * out of it (for a positively oriented tet (a, b, c, d) the outward faces are (a, c, b), (a, b, d), (a, d, c),
 * (b, c, d)). The contact surface of a volume simulated directly on its tets (a jelly cube in a scene file).
 *
 * @param tetrahedra  #T×4 vertex indices, positively oriented
 * @returns #F×3 boundary triangles in vertex indices
 */
export function tetSurfaceTriangles(tetrahedra: ArrayLike<number>): Uint32Array {
  const faces = new Map<string, number[]>();
  for (let t = 0; t + 3 < tetrahedra.length; t += 4) {
    const [a, b, c, d] = [tetrahedra[t], tetrahedra[t + 1], tetrahedra[t + 2], tetrahedra[t + 3]];
    for (const face of [
      [a, c, b],
      [a, b, d],
      [a, d, c],
      [b, c, d],
    ]) {
      const key = [...face].sort((x, y) => x - y).join(',');
      if (faces.has(key)) faces.set(key, []);
      else faces.set(key, face);
    }
  }
  const out: number[] = [];
  for (const face of faces.values()) out.push(...face);
  return Uint32Array.from(out);
}
