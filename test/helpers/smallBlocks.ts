import { boxTetrahedra } from '../../app/solvers/vbd/index.ts';

/**
 * `count` separate soft blocks of 4³ cells (125 vertices, 384 tets each), 10 cm wide, on a 12 × 12 × n grid 15 cm
 * apart: the many-small-objects scene of the VBD paper, 3 tets per vertex where one box lattice has 6 (1,840 blocks =
 * 230,000 vertices / 706,560 tets, issue 11's goal shape).
 * @returns positions (#V×3), tetrahedra (#T×4) and `base` (#V: 1 on each block's bottom face)
 */
export function smallBlocks(count: number): { positions: Float64Array; tetrahedra: Uint32Array; base: Uint8Array } {
  const one = boxTetrahedra([4, 4, 4], [0.1, 0.1, 0.1]);
  const vertexCount = one.positions.length / 3;
  const positions = new Float64Array(count * one.positions.length);
  const tetrahedra = new Uint32Array(count * one.tetrahedra.length);
  const base = new Uint8Array(count * vertexCount);
  for (let b = 0; b < count; b++) {
    const origin = [0.15 * (b % 12), 0.15 * Math.floor(b / 144), 0.15 * (Math.floor(b / 12) % 12)];
    for (let v = 0; v < vertexCount; v++) {
      for (let k = 0; k < 3; k++) positions[3 * (b * vertexCount + v) + k] = one.positions[3 * v + k] + origin[k];
      base[b * vertexCount + v] = one.positions[3 * v + 1] === 0 ? 1 : 0;
    }
    for (let k = 0; k < one.tetrahedra.length; k++) tetrahedra[b * one.tetrahedra.length + k] = one.tetrahedra[k] + b * vertexCount;
  }
  return { positions, tetrahedra, base };
}
