/**
 * The boundary surface of a tet mesh for tests: the faces used by exactly one tet, oriented outward for positively
 * oriented tets, in the tets' vertex numbering (#F×3). Written independently of the engine's surface code.
 */
export function tetBoundaryTriangles(tetrahedra: ArrayLike<number>): Uint32Array {
  const faces = new Map<string, number[]>();
  for (let t = 0; t < tetrahedra.length / 4; t++) {
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => tetrahedra[4 * t + i]);
    for (const face of [
      [b, c, d],
      [a, d, c],
      [a, b, d],
      [a, c, b],
    ]) {
      const key = [...face].sort((x, y) => x - y).join(',');
      if (faces.has(key)) faces.delete(key);
      else faces.set(key, face);
    }
  }
  return Uint32Array.from([...faces.values()].flat());
}
