// latticeCore: where the driver of a lattice piece is. A bone through a thick sphere holds the deep vertices along
// it (and only deep ones, near the bone); a small shell sunk into it is held where it overlaps its host; a shell on
// its own is held at its centroid; a thin part whose bone lies less than a cell under the skin gets no bone core.
import { describe, expect, it } from 'vitest';
import { latticeCore } from '../../../app/bake/index.ts';
import { latticeEmbedding } from '../../../app/embedding/index.ts';
import { mergeMeshes, openCylinder, uvSphere } from '../embedding/meshes.ts';

function segmentDistance(p: number[], a: number[], b: number[]): number {
  const d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const length2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  const s = Math.min(1, Math.max(0, ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1] + (p[2] - a[2]) * d[2]) / length2));
  return Math.hypot(p[0] - a[0] - s * d[0], p[1] - a[1] - s * d[1], p[2] - a[2] - s * d[2]);
}

describe('latticeCore', () => {
  const host = uvSphere([0, 0, 0], 0.5);
  const eye = uvSphere([0.42, 0, 0], 0.1);
  const prop = uvSphere([2, 0, 0], 0.1);
  const surface = mergeMeshes(host, eye, prop);
  const embedding = latticeEmbedding(surface.positions, surface.triangles, { resolution: 26 });
  const bone = [0, -0.3, 0, 0, 0.3, 0];
  const core = latticeCore(embedding, bone, surface.positions, surface.triangles);
  const pieceOf = (point: number[]) => {
    let best = -1;
    let distance = Infinity;
    for (let v = 0; v < embedding.vertexCount; v++) {
      const d = Math.hypot(embedding.positions[3 * v] - point[0], embedding.positions[3 * v + 1] - point[1], embedding.positions[3 * v + 2] - point[2]);
      if (core.piece[v] >= 0 && d < distance) {
        distance = d;
        best = core.piece[v];
      }
    }
    return best;
  };

  it('finds the three pieces and how each is held: bones, overlap, centroid', () => {
    expect(core.pieceCount, 'pieces').toBe(3);
    expect(core.coreKind[pieceOf([0, 0, 0])], 'host').toBe('bones');
    expect(core.coreKind[pieceOf([2, 0, 0])], 'prop on its own').toBe('centroid');
    const eyePiece = core.piece.findIndex((p, v) => p >= 0 && p !== pieceOf([0, 0, 0]) && p !== pieceOf([2, 0, 0]) && v >= 0);
    expect(core.coreKind[core.piece[eyePiece]], 'the sunk-in shell').toBe('overlap');
  });

  it('the host core lies along the bone, within ¾ of a cell, deep inside', () => {
    const hostPiece = pieceOf([0, 0, 0]);
    let count = 0;
    for (let v = 0; v < embedding.vertexCount; v++) {
      if (core.piece[v] !== hostPiece || !core.core[v]) continue;
      count++;
      const p = [embedding.positions[3 * v], embedding.positions[3 * v + 1], embedding.positions[3 * v + 2]];
      expect(segmentDistance(p, bone.slice(0, 3), bone.slice(3)), `vertex ${v}: distance to the bone [m]`).toBeLessThanOrEqual(
        0.75 * embedding.cellSize + 1e-12,
      );
      expect(Math.hypot(p[0], p[1], p[2]), `vertex ${v}: deep inside the sphere`).toBeLessThan(0.5 - embedding.cellSize);
    }
    expect(count, 'core vertices along a 0.6 m bone').toBeGreaterThan(5);
  });

  it('the sunk-in shell is held only where the host fills its cells; the lone prop at the vertex nearest its centre', () => {
    const eyePiece = core.coreKind.indexOf('overlap');
    const propPiece = core.coreKind.indexOf('centroid');
    const hostCells = new Set<number>();
    for (let t = 0; t < embedding.tetCount; t++) if (core.piece[embedding.tetrahedra[4 * t]] === pieceOf([0, 0, 0])) hostCells.add(embedding.tetCell[t]);
    let held = 0;
    for (let t = 0; t < embedding.tetCount; t++) {
      if (core.piece[embedding.tetrahedra[4 * t]] !== eyePiece) continue;
      for (let i = 0; i < 4; i++) {
        if (core.core[embedding.tetrahedra[4 * t + i]] && hostCells.has(embedding.tetCell[t])) held++;
      }
    }
    expect(held, 'eye core vertices in host cells').toBeGreaterThan(0);
    let nearest = Infinity;
    for (let v = 0; v < embedding.vertexCount; v++) {
      if (core.piece[v] !== propPiece || !core.core[v]) continue;
      nearest = Math.min(nearest, Math.hypot(embedding.positions[3 * v] - 2, embedding.positions[3 * v + 1], embedding.positions[3 * v + 2]));
    }
    expect(nearest, 'prop core: distance to its centre [m]').toBeLessThan(embedding.cellSize);
  });

  it('a thin tube whose bone is never a cell deep gets no bone core (it swings from where it is held instead)', () => {
    const tube = openCylinder(0.03, 1, 4, 12);
    const thin = latticeEmbedding(tube.positions, tube.triangles, { resolution: 12 });
    const tubeCore = latticeCore(thin, [0, 0, 0, 0, 1, 0], tube.positions, tube.triangles);
    expect(
      tubeCore.coreKind.every((kind) => kind === 'centroid'),
      `kinds: ${tubeCore.coreKind.join(', ')}`,
    ).toBe(true);
  });
});
