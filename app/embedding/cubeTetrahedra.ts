/**
 * The five-tetrahedron split of a lattice cube, alternating with the parity of (i + j + k) so that faces
 * shared by neighbouring cubes get the same diagonal (a conforming mesh), as in the virtual-node algorithm
 * of Molino, Bao & Fedkiw 2004 and most lattice embeddings. Each cube gives one regular central tetrahedron
 * (volume h³/3) and four trirectangular corner ones (h³/6): 17% fewer elements than the six-tet Kuhn split
 * and a better-shaped central element.
 *
 * Corner q of a cube is at unit offset (q & 1, (q >> 1) & 1, (q >> 2) & 1).
 *
 * @param parity  (i + j + k) & 1 of the cube
 * @returns 20 corner indices: five tetrahedra of four corners, each with positive orientation
 *          (det[b − a, c − a, d − a] > 0)
 */
export function cubeTetrahedra(parity: number): Uint8Array {
  return parity === 0 ? EVEN : ODD;
}

function oriented(tets: number[][]): Uint8Array {
  const out = new Uint8Array(20);
  tets.forEach((tet, t) => {
    const [a, b, c, d] = tet.map((q) => [q & 1, (q >> 1) & 1, (q >> 2) & 1]);
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const w = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
    const det = u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0]);
    const ordered = det > 0 ? tet : [tet[0], tet[2], tet[1], tet[3]];
    out.set(ordered, 4 * t);
  });
  return out;
}

// Even cubes: central tetrahedron on corners {1, 2, 4, 7}; odd cubes: on {0, 3, 5, 6}.
const EVEN = oriented([
  [1, 2, 4, 7],
  [0, 1, 2, 4],
  [3, 1, 2, 7],
  [5, 1, 4, 7],
  [6, 2, 4, 7],
]);
const ODD = oriented([
  [0, 3, 5, 6],
  [1, 0, 3, 5],
  [2, 0, 3, 6],
  [4, 0, 5, 6],
  [7, 3, 5, 6],
]);
