// untangledTets (the local untangling after a fit with stretch limits, seed 004 Eq. 4.1 with the strain limit of
// Bouaziz et al. 2014): on a lattice with vertices pushed 1.5 cells through their neighbours, every inverted tet is
// turned back to a volume ratio above UNTANGLE_VOLUME (ratios measured here with three.js), the counts it reports
// are those, vertices farther than one tet ring from an inverted tet do not move, and a lattice without an inverted
// tet is left untouched.
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { tetFitData } from '../../../../app/embedding/tetFit/tetFitData.ts';
import { UNTANGLE_VOLUME, untangledTets } from '../../../../app/embedding/tetFit/untangledTets.ts';
import type { LatticeEmbedding } from '../../../../app/embedding/index.ts';
import { hand, handEmbedding } from './fixtures.ts';

/** Signed volume of tet t at positions p (three.js). */
function volume(embedding: LatticeEmbedding, p: ArrayLike<number>, t: number): number {
  const corner = (k: number): Vector3 => {
    const v = 3 * embedding.tetrahedra[4 * t + k];
    return new Vector3(p[v], p[v + 1], p[v + 2]);
  };
  const a = corner(0);
  return (
    corner(1)
      .sub(a)
      .dot(corner(2).sub(a).cross(corner(3).sub(a))) / 6
  );
}

describe('untangledTets', () => {
  const embedding = handEmbedding;
  const n = embedding.vertexCount;

  it('turns every inverted tet back above UNTANGLE_VOLUME, moving only the one-ring of the inverted tets', () => {
    const data = tetFitData(embedding, { surfaceTriangles: hand.triangles, stretchLimits: { min: 0.5, max: 2 } });
    const tetsOf = new Int32Array(n);
    for (const v of embedding.tetrahedra) tetsOf[v]++;
    const x = Float64Array.from(embedding.positions);
    let pushed = 0;
    for (let v = 0; v < n && pushed < 5; v++) {
      if (tetsOf[v] < 20 || v % 7 !== 0) continue; // interior lattice vertices, spread out
      x[3 * v] += 1.5 * embedding.cellSize;
      x[3 * v + 1] -= 0.8 * embedding.cellSize;
      pushed++;
    }
    const ratio = (p: ArrayLike<number>, t: number): number => volume(embedding, p, t) / volume(embedding, embedding.positions, t);
    const flat = new Uint8Array(embedding.tetCount);
    let before = 0;
    for (let t = 0; t < embedding.tetCount; t++) {
      flat[t] = ratio(x, t) <= UNTANGLE_VOLUME ? 1 : 0;
      before += flat[t];
    }
    expect(pushed, 'vertices pushed').toBe(5);
    expect(before, 'tets inverted or flat before').toBeGreaterThan(10);
    // Vertices that may move: those of every tet that shares a vertex with a flat tet.
    const nearFlat = new Uint8Array(n);
    for (let t = 0; t < embedding.tetCount; t++) {
      if (!flat[t]) continue;
      for (let i = 0; i < 4; i++) nearFlat[embedding.tetrahedra[4 * t + i]] = 1;
    }
    const mayMove = new Uint8Array(n);
    for (let t = 0; t < embedding.tetCount; t++) {
      let touches = false;
      for (let i = 0; i < 4; i++) touches ||= nearFlat[embedding.tetrahedra[4 * t + i]] === 1;
      if (touches) for (let i = 0; i < 4; i++) mayMove[embedding.tetrahedra[4 * t + i]] = 1;
    }
    const start = Float64Array.from(x);
    const [untangled, remaining] = untangledTets(data, x, hand.positions);
    let smallest = Infinity;
    for (let t = 0; t < embedding.tetCount; t++) smallest = Math.min(smallest, ratio(x, t));
    expect(smallest, 'smallest volume ratio after untangling').toBeGreaterThan(UNTANGLE_VOLUME);
    expect([untangled, remaining], '[untangled, still inverted]').toEqual([before, 0]);
    let movedOutside = 0;
    for (let v = 0; v < n; v++) {
      if (mayMove[v]) continue;
      if (x[3 * v] !== start[3 * v] || x[3 * v + 1] !== start[3 * v + 1] || x[3 * v + 2] !== start[3 * v + 2]) movedOutside++;
    }
    expect(movedOutside, 'vertices moved outside the inverted tets’ one-ring').toBe(0);
  });

  it('leaves a lattice without an inverted tet as it is', () => {
    const data = tetFitData(embedding, { surfaceTriangles: hand.triangles, stretchLimits: { min: 0.5, max: 2 } });
    const x = Float64Array.from(embedding.positions);
    expect(untangledTets(data, x, hand.positions), '[untangled, still inverted] at rest').toEqual([0, 0]);
    expect(x, 'rest lattice unchanged').toEqual(embedding.positions);
  });
});
