// rigidShells: separate small pieces (eyes, a visor, the sample's ears and arms) ride their joints rigidly; the body
// does not, nor does a piece of a tail; an unskinned mesh's largest piece is never one. Sizes are relative, so the
// same pieces are found in meters and in centimeters.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { weldedTopology } from '../../../app/geometry/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { rigidShells, skinSkeleton, type JointRole, type SkinSkeleton } from '../../../app/weights/index.ts';
import { testCharacterGlb, TEST_CHARACTER } from '../../helpers/testCharacter.ts';

/** Two closed octahedra: a big one of radius 1 at the origin and a small one of radius r at (3, 0, 0). */
function twoPieces(r: number) {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (const [cx, radius] of [
    [0, 1],
    [3, r],
  ]) {
    const base = positions.length / 3;
    positions.push(cx + radius, 0, 0, cx - radius, 0, 0, cx, radius, 0, cx, -radius, 0, cx, 0, radius, cx, 0, -radius);
    for (const [a, b, c] of [
      [0, 2, 4],
      [2, 1, 4],
      [1, 3, 4],
      [3, 0, 4],
      [2, 0, 5],
      [1, 2, 5],
      [3, 1, 5],
      [0, 3, 5],
    ])
      triangles.push(base + a, base + b, base + c);
  }
  return weldedTopology(Float32Array.from(positions), Uint32Array.from(triangles));
}

/** A 3-joint skeleton binding the big piece to joint 0 and the small piece to joints 1 and 2 (half each). */
function skeletonFor(vertexCount: number): SkinSkeleton {
  const vertexJoints = new Uint32Array(4 * vertexCount);
  const vertexJointWeights = new Float32Array(4 * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    if (v < 6) vertexJointWeights[4 * v] = 1;
    else {
      vertexJoints.set([1, 2], 4 * v);
      vertexJointWeights.set([0.5, 0.5], 4 * v);
    }
  }
  const positions = Float64Array.from([0, 0, 0, 2, 0, 0, 3, 0, 0]);
  return {
    jointCount: 3,
    names: ['', '', ''],
    positions,
    parents: Int32Array.from([-1, 0, 1]),
    tips: Float64Array.from(positions),
    influencesPerVertex: 4,
    vertexJoints,
    vertexJointWeights,
  };
}

describe('rigidShells', () => {
  it('finds the generated character’s eyes and visor, the sample’s eyes, ears and arms; never the body', async () => {
    const critter = await readGltf(await testCharacterGlb(), { fileName: 'critter.glb' });
    for (const mesh of critter.meshes) {
      const skeleton = skinSkeleton(mesh, critter.hierarchy)!;
      const shells = rigidShells(mesh.topology, skeleton, null, 2);
      const { componentOfVertex, componentCount } = mesh.topology;
      const counts = new Uint32Array(componentCount);
      for (const c of componentOfVertex) counts[c]++;
      const body = mesh.name === TEST_CHARACTER.meshes.body ? counts.indexOf(Math.max(...counts)) : -1;
      for (let v = 0; v < shells.length; v++)
        expect(shells[v], `${mesh.name} vertex ${v}: ${componentOfVertex[v] === body ? 'body' : 'eye or visor'}`).toBe(componentOfVertex[v] === body ? 0 : 1);
    }
    const sample = await readGltf(new Uint8Array(readFileSync('assets/sample.glb')), { fileName: 'sample.glb' });
    const mesh = sample.meshes[0];
    const shells = rigidShells(mesh.topology, skinSkeleton(mesh, sample.hierarchy), null, 1.1);
    const pieces = new Set<number>();
    for (let v = 0; v < shells.length; v++) if (shells[v]) pieces.add(mesh.topology.componentOfVertex[v]);
    expect(pieces.size, 'two eyes, two ears, two arms').toBe(6);
  });

  it('a small piece bound to a tail joint is part of the tail; a tiny one is rigid whatever it is bound to', () => {
    const topology = twoPieces(0.2);
    const skeleton = skeletonFor(topology.vertexCount);
    const roles: JointRole[] = ['body', 'appendage', 'appendage'];
    const small = topology.vertexCount - 1;
    expect(rigidShells(topology, skeleton, ['body', 'body', 'body'], 0)[small], 'bound to two body joints: rigid').toBe(1);
    // Bound to four joints (no "one or two joints" rule), a fifth of the body: rigid unless it is on an appendage.
    const spread = skeletonFor(topology.vertexCount);
    for (let v = 6; v < topology.vertexCount; v++) {
      spread.vertexJoints.set([1, 2, 3, 4], 4 * v);
      spread.vertexJointWeights.set([0.25, 0.25, 0.25, 0.25], 4 * v);
    }
    const spreadRoles: JointRole[] = ['body', 'appendage', 'appendage', 'appendage', 'appendage'];
    const wide: SkinSkeleton = {
      ...spread,
      jointCount: 5,
      names: ['', '', '', '', ''],
      parents: Int32Array.from([-1, 0, 1, 2, 3]),
      positions: new Float64Array(15),
      tips: new Float64Array(15),
    };
    expect(rigidShells(topology, wide, spreadRoles, 0)[small], 'a piece of a tail').toBe(0);
    expect(rigidShells(topology, wide, ['body', 'body', 'body', 'body', 'body'], 0)[small], 'a piece of the body, much smaller than it').toBe(1);
    const tiny = twoPieces(0.05);
    expect(rigidShells(tiny, skeletonFor(tiny.vertexCount), roles, 0)[small], 'tiny: rigid even on a tail').toBe(1);
    expect(rigidShells(topology, skeleton, roles, 0)[0], 'the body itself').toBe(0);
  });

  it('unskinned: the largest piece never, tiny pieces by size alone; the same in centimeters', () => {
    const meters = twoPieces(0.05);
    const centimeters = weldedTopology(
      meters.positions.map((x) => 100 * x),
      meters.triangles,
    );
    for (const [label, topology] of [
      ['m', meters],
      ['cm', centimeters],
    ] as const) {
      const shells = rigidShells(topology, null, null, 0);
      expect(shells[0], `${label}: the big piece`).toBe(0);
      expect(shells[topology.vertexCount - 1], `${label}: the small piece`).toBe(1);
    }
    const alone = weldedTopology(meters.positions.slice(0, 18), meters.triangles.slice(0, 24));
    expect(rigidShells(alone, null, null, 0)[0], 'a mesh of one piece').toBe(0);
    // A fifth of the largest, as MorphStressTest's bars next to its base: animated pieces, not accessories.
    const bars = twoPieces(0.2);
    expect(rigidShells(bars, null, null, 0)[bars.vertexCount - 1], 'a fifth of the largest piece').toBe(0);
  });
});
