// pinnedLatticeWeights carries the surface weights into the lattice with the pins a volume simulation needs: a
// weight-0 surface vertex pins every lattice vertex its embedding reads (so the lattice cannot move it), and a piece
// that nothing pins is held at its core (a body of uniform weight 1 would otherwise hover or collapse) unless it is
// meant to be a free body.
import { describe, expect, it } from 'vitest';
import { MATERIAL_PRESETS } from '../../../../app/bake/materialPresets.ts';
import { pinnedLatticeWeights } from '../../../../app/bake/volume/pinnedLatticeWeights.ts';
import { volumeSetup } from '../../../../app/bake/volume/volumeSetup.ts';
import { weldedTopology } from '../../../../app/geometry/index.ts';
import { uvSphere } from '../../embedding/meshes.ts';

function sphereVolume(weights: Float32Array, freeBody = false) {
  const { positions, triangles } = uvSphere([0, 1, 0], 0.2, 8, 12);
  const rest = Float32Array.from(positions);
  const topology = weldedTopology(rest, triangles);
  return volumeSetup(topology, rest, weights, MATERIAL_PRESETS.jelly, 4, { substeps: 1, iterations: 4, gravity: [0, -9.81, 0], freeBody }, [], true, undefined);
}

const surfaceCount = uvSphere([0, 1, 0], 0.2, 8, 12).positions.length / 3;

describe('pinnedLatticeWeights', () => {
  it('holds a piece that nothing pins at its core', () => {
    const state = sphereVolume(new Float32Array(surfaceCount).fill(1));
    const { driverVertices, unpinnedPieces } = pinnedLatticeWeights(state, new Float32Array(surfaceCount).fill(1));
    expect(unpinnedPieces, 'one lattice piece, no weight-0 vertex').toBe(1);
    let cores = 0;
    for (let v = 0; v < state.embedding.vertexCount; v++) {
      if (!state.core.core[v]) continue;
      cores++;
      expect(state.latticeWeights[v], `core vertex ${v} is pinned`).toBe(0);
    }
    expect(driverVertices, 'every core vertex drives the piece').toBe(cores);
    expect(cores, 'the piece has a core').toBeGreaterThan(0);
  });

  it('leaves a free body unpinned', () => {
    const ones = new Float32Array(surfaceCount).fill(1);
    const state = sphereVolume(ones, true);
    const { driverVertices } = pinnedLatticeWeights(state, ones);
    expect(driverVertices, 'no driver for a free body').toBe(0);
    for (let v = 0; v < state.embedding.vertexCount; v++)
      if (state.core.piece[v] >= 0) expect(state.latticeWeights[v], `lattice vertex ${v} is free`).toBeGreaterThan(0);
  });

  it('pins every lattice vertex a weight-0 surface vertex reads, and then needs no driver', () => {
    const weights = new Float32Array(surfaceCount).fill(1);
    const pinned = 0; // the north pole
    weights[pinned] = 0;
    const state = sphereVolume(weights);
    const { driverVertices, unpinnedPieces } = pinnedLatticeWeights(state, weights);
    const { embedding } = state;
    const tet = embedding.surfaceTet[pinned];
    let reads = 0;
    for (let i = 0; i < 4; i++) {
      if (!(embedding.surfaceBarycentric[4 * pinned + i] > 0)) continue;
      reads++;
      expect(state.latticeWeights[embedding.tetrahedra[4 * tet + i]], `corner ${i} of the pinned vertex's tet`).toBe(0);
    }
    expect(reads, 'the vertex reads at least one lattice vertex').toBeGreaterThan(0);
    expect(unpinnedPieces, 'the weight-0 vertex pins the piece').toBe(0);
    expect(driverVertices, 'a pinned piece is not held at its core').toBe(0);
  });
});
