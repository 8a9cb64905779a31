/**
 * A box of nx×ny×nz cubic cells split into 6 positively oriented tetrahedra each (the Kuhn/Freudenthal split along
 * the main diagonal, conforming across cells): the test and benchmark lattice, and a stand-in for the embedding
 * lattice the bake builds.
 *
 * @param cells   [nx, ny, nz] cell counts (≥ 1)
 * @param size    [sx, sy, sz] box size [m]
 * @param origin  minimum corner [m] (default 0)
 * @returns positions (#V×3, V = (nx+1)(ny+1)(nz+1), x fastest) and tetrahedra (#T×4, T = 6·nx·ny·nz)
 */
export function boxTetrahedra(
  cells: readonly [number, number, number],
  size: readonly [number, number, number],
  origin: readonly [number, number, number] = [0, 0, 0],
): { positions: Float64Array; tetrahedra: Uint32Array } {
  const [nx, ny, nz] = cells;
  const index = (i: number, j: number, k: number) => i + (nx + 1) * (j + (ny + 1) * k);
  const positions = new Float64Array(3 * (nx + 1) * (ny + 1) * (nz + 1));
  for (let k = 0; k <= nz; k++) {
    for (let j = 0; j <= ny; j++) {
      for (let i = 0; i <= nx; i++) {
        const v = 3 * index(i, j, k);
        positions[v] = origin[0] + (size[0] * i) / nx;
        positions[v + 1] = origin[1] + (size[1] * j) / ny;
        positions[v + 2] = origin[2] + (size[2] * k) / nz;
      }
    }
  }
  // the six monotone paths from corner 000 to 111; odd permutations are flipped to keep det > 0
  const paths: Array<[number, number, number, boolean]> = [
    [0, 1, 2, false],
    [1, 2, 0, false],
    [2, 0, 1, false],
    [1, 0, 2, true],
    [0, 2, 1, true],
    [2, 1, 0, true],
  ];
  const tetrahedra = new Uint32Array(24 * nx * ny * nz);
  let w = 0;
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        for (const [p, q, r, odd] of paths) {
          const corner = [i, j, k];
          const v0 = index(corner[0], corner[1], corner[2]);
          corner[p]++;
          const v1 = index(corner[0], corner[1], corner[2]);
          corner[q]++;
          const v2 = index(corner[0], corner[1], corner[2]);
          corner[r]++;
          const v3 = index(corner[0], corner[1], corner[2]);
          if (odd) tetrahedra.set([v0, v2, v1, v3], w);
          else tetrahedra.set([v0, v1, v2, v3], w);
          w += 4;
        }
      }
    }
  }
  return { positions, tetrahedra };
}
