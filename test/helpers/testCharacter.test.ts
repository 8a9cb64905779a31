// The generated test character (test/helpers/testCharacter.ts): valid glTF, deterministic, at real size, with the
// parts the weights and motion tests rely on (one closed body with a belly far from the spine, a thin long tail
// chain, small separate shells bound rigidly to the head), smooth 1–4-influence skin weights, and clips that play
// in three.js as documented (a walk that loops with a foot on the ground, a jump whose landing decelerates hard,
// a move that then holds still). The layered character (`gear`) is tested in testCharacterGear.test.ts.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGltf, type ImportedMesh, type ImportedScene } from '../../app/io/index.ts';
import { loadedTestCharacter } from './loadedTestCharacter.ts';
import { TEST_CHARACTER, testCharacterGlb } from './testCharacter.ts';
import type { ThreeReference } from './threeGltf.ts';
import { validatorIssues } from './validatorIssues.ts';
import { maxDistance } from './maxDistance.ts';

let bytes: Uint8Array;
let scene: ImportedScene;
let three: ThreeReference;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'overlap-critter-'));
  ({ bytes, scene, three } = await loadedTestCharacter(dir, {}, 'critter.glb'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meshNamed = (name: string): ImportedMesh => scene.meshes.find((m) => m.name === name)!;
const jointIndex = (mesh: ImportedMesh, name: string): number =>
  Array.from(mesh.skin!.jointNodeIndices).findIndex((n) => scene.hierarchy.nodes[n].getName() === name);
const clipIndex = (name: string): number => three.gltf.animations.findIndex((a) => a.name === name);
const nodeIndex = (name: string): number => three.gltf.parser.json.nodes.findIndex((n: { name?: string }) => n.name === name);

/** World positions of every render vertex of the "Critter" body mesh at time t of a clip (three.js). */
function bodyAt(clip: string, t: number): Float32Array {
  return three.evaluate(clipIndex(clip), t).get(nodeIndex(TEST_CHARACTER.meshes.body))!.positions;
}

describe('testCharacter', () => {
  it('passes gltf-validator with 0 errors and 0 warnings', async () => {
    expect(await validatorIssues(bytes, 1), 'validator errors and warnings').toEqual([]);
  });

  it('is deterministic, and scales: 160 units tall is the same character in centimeters', async () => {
    const again = await testCharacterGlb();
    expect(Buffer.compare(Buffer.from(again), Buffer.from(bytes)), 'two builds give the same bytes').toBe(0);
    const centimeters = await readGltf(await testCharacterGlb({ height: 160 }), { fileName: 'critter-cm.glb' });
    const meters = meshNamed(TEST_CHARACTER.meshes.body).topology.positions;
    const scaled = centimeters.meshes[0].topology.positions;
    expect(scaled.length, 'same vertex count').toBe(meters.length);
    let worst = 0;
    for (let i = 0; i < meters.length; i++) worst = Math.max(worst, Math.abs(scaled[i] / 100 - meters[i]));
    expect(worst, 'centimeter positions / 100 = meter positions').toBeLessThan(1e-5);
  });

  it('is a real-size creature with a few thousand vertices: one closed body, two eyes and a visor as separate shells', async () => {
    const body = meshNamed(TEST_CHARACTER.meshes.body);
    const visor = meshNamed(TEST_CHARACTER.meshes.visor);
    const p = body.topology.positions;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 1; i < p.length; i += 3) {
      minY = Math.min(minY, p[i]);
      maxY = Math.max(maxY, p[i]);
    }
    expect(Math.abs(minY), 'feet on y = 0').toBeLessThan(1e-4);
    expect(maxY, 'height [m]').toBeGreaterThan(1.55);
    expect(maxY, 'height [m]').toBeLessThanOrEqual(1.6 + 1e-4);
    const vertexCount = body.topology.vertexCount + visor.topology.vertexCount;
    expect(vertexCount, 'a few thousand vertices').toBeGreaterThan(2000);
    expect(vertexCount, 'a few thousand vertices').toBeLessThan(5000);
    expect(body.topology.componentCount, 'body + two eyes').toBe(3);
    expect(body.topology.boundaryEdgeCount + body.topology.nonManifoldEdgeCount, 'closed manifold shells').toBe(0);
    expect(visor.topology.componentCount, 'the visor is one shell').toBe(1);
    expect(visor.topology.boundaryEdgeCount, 'the visor is closed').toBe(0);
    // The eyes are much smaller than the body.
    const count = new Uint32Array(body.topology.componentCount);
    for (const c of body.topology.componentOfVertex) count[c]++;
    const sorted = Array.from(count).sort((a, b) => b - a);
    expect(sorted[1], 'each eye is a small shell').toBeLessThan(sorted[0] / 20);
    const bigger = await readGltf(await testCharacterGlb({ subdivisions: 3 }), { fileName: 'critter-3.glb' });
    expect(bigger.meshes[0].topology.vertexCount, 'one more subdivision: about 4× the body').toBeGreaterThan(3.5 * body.topology.vertexCount);
  });

  it('has a belly far from the spine and a thin, long tail chain of 5 bones', () => {
    const body = meshNamed(TEST_CHARACTER.meshes.body);
    const skin = body.skin!;
    const p = body.topology.positions;
    const spine = jointIndex(body, TEST_CHARACTER.joints.belly);
    const jointPosition = (j: number): number[] => [
      -skin.inverseBindMatrices[16 * j + 12],
      -skin.inverseBindMatrices[16 * j + 13],
      -skin.inverseBindMatrices[16 * j + 14],
    ];
    const s = jointPosition(spine);
    // Along the horizontal ray through the spine joint: the belly (front, +Z) and the back (−Z).
    let front = 0;
    let back = 0;
    for (let i = 0; i < p.length; i += 3) {
      if (Math.abs(p[i]) < 0.02 && Math.abs(p[i + 1] - s[1]) < 0.03) {
        front = Math.max(front, p[i + 2] - s[2]);
        back = Math.max(back, s[2] - p[i + 2]);
      }
    }
    expect(front, 'the belly is at least 1.5× farther from the spine than the back').toBeGreaterThan(1.5 * back);
    const tail = TEST_CHARACTER.joints.tail.map((name) => jointIndex(body, name));
    expect(
      tail.every((j) => j >= 0),
      'five tail joints',
    ).toBe(true);
    for (let k = 1; k < tail.length; k++) {
      const parent = scene.hierarchy.parentIndices[skin.jointNodeIndices[tail[k]]];
      expect(parent, `tail joint ${k + 1} is a child of joint ${k}`).toBe(skin.jointNodeIndices[tail[k - 1]]);
    }
    const chain = tail.map(jointPosition);
    const length = chain.slice(1).reduce((sum, q, k) => sum + Math.hypot(q[0] - chain[k][0], q[1] - chain[k][1], q[2] - chain[k][2]), 0);
    // Thickness: the tail's widest vertical extent near its base.
    let base = 0;
    for (let i = 0; i < p.length; i += 3) if (Math.abs(p[i + 2] - chain[1][2]) < 0.02) base = Math.max(base, Math.abs(p[i + 1] - chain[1][1]));
    expect(length, 'the tail chain is long (> 0.4 m between its first and last joint)').toBeGreaterThan(0.4);
    expect(base / length, 'and thin').toBeLessThan(0.15);
  });

  it('skins smoothly like a painted rig: ≤ 4 influences summing to 1, blends across joints, eyes rigid on the head', () => {
    const body = meshNamed(TEST_CHARACTER.meshes.body);
    const { weights, joints, influencesPerVertex: k } = body.skin!;
    const head = jointIndex(body, TEST_CHARACTER.joints.head);
    let blended = 0;
    const eyes = body.primitives[TEST_CHARACTER.eyesPrimitive];
    for (let r = 0; r < body.renderVertexCount; r++) {
      let sum = 0;
      let used = 0;
      for (let i = 0; i < k; i++) {
        sum += weights[r * k + i];
        if (weights[r * k + i] > 0) used++;
      }
      expect(Math.abs(sum - 1), `vertex ${r} weights sum to 1`).toBeLessThan(1e-6);
      expect(used, `vertex ${r} has 1 to 4 influences`).toBeLessThanOrEqual(4);
      if (used >= 2) blended++;
      if (r >= eyes.firstVertex && r < eyes.firstVertex + eyes.vertexCount)
        expect(joints[r * k] === head && weights[r * k] === 1, `eye vertex ${r} is bound to the head alone`).toBe(true);
    }
    expect(blended / body.renderVertexCount, 'most vertices blend 2+ joints, as a smoothed rig does').toBeGreaterThan(0.5);
    // Neighbouring vertices have similar weights (no hard seams between bones).
    const dense = (r: number): Map<number, number> => {
      const m = new Map<number, number>();
      for (let i = 0; i < k; i++) if (weights[r * k + i] > 0) m.set(joints[r * k + i], weights[r * k + i]);
      return m;
    };
    const { edges, simulationToRender } = body.topology;
    let worst = 0;
    for (let e = 0; e < edges.length; e += 2) {
      const a = dense(simulationToRender[edges[e]]);
      const b = dense(simulationToRender[edges[e + 1]]);
      for (const j of new Set([...a.keys(), ...b.keys()])) worst = Math.max(worst, Math.abs((a.get(j) ?? 0) - (b.get(j) ?? 0)));
    }
    expect(worst, 'largest weight change across one edge').toBeLessThan(0.5);
  });

  it('walks in a loop with a foot on the ground', () => {
    const clip = TEST_CHARACTER.clips.walk;
    expect(maxDistance(bodyAt(clip, 0), bodyAt(clip, 1)), 'the last frame is the first').toBeLessThan(1e-5);
    for (let t = 0; t < 1; t += 1 / 15) {
      const p = bodyAt(clip, t);
      let lowest = Infinity;
      for (let i = 1; i < p.length; i += 3) lowest = Math.min(lowest, p[i]);
      expect(Math.abs(lowest), `a foot on the ground at t = ${t.toFixed(2)} s`).toBeLessThan(0.015);
    }
    expect(maxDistance(bodyAt(clip, 0), bodyAt(clip, 0.5)), 'the walk moves').toBeGreaterThan(0.2);
  });

  it('jumps: flies ballistically and lands with a strong vertical deceleration', () => {
    const clip = TEST_CHARACTER.clips.jump;
    const centroidY = (t: number): number => {
      const p = bodyAt(clip, t);
      let sum = 0;
      for (let i = 1; i < p.length; i += 3) sum += p[i];
      return sum / (p.length / 3);
    };
    const rest = centroidY(0);
    const apex = centroidY(0.5 * (TEST_CHARACTER.jumpTakeOff + TEST_CHARACTER.jumpTouchDown));
    expect(apex - rest, 'the body rises more than 0.25 m').toBeGreaterThan(0.25);
    // Vertical velocity just before touch-down and its change over the next 0.15 s.
    const h = 1 / 30;
    const land = TEST_CHARACTER.jumpTouchDown;
    const before = (centroidY(land - h) - centroidY(land - 2 * h)) / h;
    const after = (centroidY(land + 0.15) - centroidY(land + 0.15 - h)) / h;
    expect(before, 'falling faster than 1.5 m/s just before landing').toBeLessThan(-1.5);
    expect((after - before) / 0.15, 'upward acceleration on landing > 1.5 g').toBeGreaterThan(1.5 * 9.81);
    // Eyes and visor ride with the head: their distances to each other do not change.
    const all = three.evaluate(clipIndex(clip), 0);
    const later = three.evaluate(clipIndex(clip), land + 0.1);
    const eyes = meshNamed(TEST_CHARACTER.meshes.body).primitives[TEST_CHARACTER.eyesPrimitive];
    const visor = (m: Map<number, { positions: Float32Array }>): Float32Array => m.get(nodeIndex(TEST_CHARACTER.meshes.visor))!.positions;
    const eye = (m: Map<number, { positions: Float32Array }>, r: number): number[] =>
      Array.from(m.get(nodeIndex(TEST_CHARACTER.meshes.body))!.positions.subarray(3 * (eyes.firstVertex + r), 3 * (eyes.firstVertex + r) + 3));
    const distance = (m: Map<number, { positions: Float32Array }>): number => {
      const e = eye(m, 0);
      const v = visor(m);
      return Math.hypot(e[0] - v[0], e[1] - v[1], e[2] - v[2]);
    };
    expect(Math.abs(distance(all) - distance(later)), 'eye-to-visor distance is rigid').toBeLessThan(1e-5);
  });

  it('moves, then holds perfectly still for more than 1.5 s', () => {
    const clip = TEST_CHARACTER.clips.hold;
    const from = TEST_CHARACTER.holdFrom;
    expect(maxDistance(bodyAt(clip, 0), bodyAt(clip, from)), 'it moves before').toBeGreaterThan(0.1);
    // It stops at full speed (an abrupt stop, something to settle from).
    expect(maxDistance(bodyAt(clip, from - 1 / 30), bodyAt(clip, from)), 'still moving in the last frame before the hold').toBeGreaterThan(0.01);
    const held = bodyAt(clip, from);
    for (const t of [from + 0.5, from + 1, 2.5]) expect(maxDistance(held, bodyAt(clip, t)), `still at t = ${t} s`).toBe(0);
    expect(2.5 - from, 'the hold lasts at least 1.5 s').toBeGreaterThanOrEqual(1.5);
  });
});
