/**
 * Bending hinges of a triangle mesh: one per interior manifold edge (exactly two incident triangles), as the
 * dihedral bending energy of evaluateDihedralBendingForceHessian needs them. Boundary edges have no hinge;
 * non-manifold edges (three or more triangles) get none either, since no single dihedral angle is defined there.
 *
 * @param triangleVertices  #F×3 vertex indices
 * @returns vertices (#H×4: edge e0, e1 in the first triangle's winding, then its opposite vertex o0 and the other
 *          triangle's opposite vertex o1) and triangles (#H×2: the two triangles)
 */
export function dihedralHinges(triangleVertices: Uint32Array): { vertices: Uint32Array; triangles: Uint32Array } {
  const triangleCount = triangleVertices.length / 3;
  // edge key → first (triangle·3 + edge slot), or −1 once the edge is known to be non-manifold
  const first = new Map<number, number>();
  const second = new Map<number, number>();
  let maxVertex = 0;
  for (let k = 0; k < triangleVertices.length; k++) maxVertex = Math.max(maxVertex, triangleVertices[k]);
  const stride = maxVertex + 1;
  for (let t = 0; t < triangleCount; t++) {
    for (let s = 0; s < 3; s++) {
      const a = triangleVertices[3 * t + s];
      const b = triangleVertices[3 * t + ((s + 1) % 3)];
      const key = Math.min(a, b) * stride + Math.max(a, b);
      const slot = 3 * t + s;
      if (!first.has(key)) first.set(key, slot);
      else if (!second.has(key)) second.set(key, slot);
      else second.set(key, -1);
    }
  }
  const vertices: number[] = [];
  const triangles: number[] = [];
  for (const [key, slotB] of second) {
    if (slotB < 0) continue;
    const slotA = first.get(key) as number;
    const ta = Math.floor(slotA / 3);
    const sa = slotA % 3;
    const tb = Math.floor(slotB / 3);
    const sb = slotB % 3;
    const e0 = triangleVertices[3 * ta + sa];
    const e1 = triangleVertices[3 * ta + ((sa + 1) % 3)];
    const o0 = triangleVertices[3 * ta + ((sa + 2) % 3)];
    const o1 = triangleVertices[3 * tb + ((sb + 2) % 3)];
    vertices.push(e0, e1, o0, o1);
    triangles.push(ta, tb);
  }
  return { vertices: Uint32Array.from(vertices), triangles: Uint32Array.from(triangles) };
}
