// The generated test character with `gear` (test/helpers/testCharacter.ts), the layered character: the same
// character byte for byte, plus gear shells that are each closed, manifold and outward, cut into the body and each
// other in the bind pose like a bought asset's (first describe), are skinned to the joints they belong to, play in
// three.js and scale with subdivisions and rings (second describe).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../app/animation/index.ts';
import { weldedTopology } from '../../app/geometry/index.ts';
import { intersectionChecker, sceneIntersections } from '../../app/intersection/index.ts';
import { readGltf, type ImportedMesh, type ImportedPrimitiveRange, type ImportedScene, type ImportedSkin } from '../../app/io/index.ts';
import { loadedTestCharacter } from './loadedTestCharacter.ts';
import { TEST_CHARACTER, TEST_CHARACTER_GEAR, testCharacterGlb, type GearPartSpec } from './testCharacter.ts';
import type { ThreeReference } from './threeGltf.ts';
import { validatorIssues } from './validatorIssues.ts';
import { maxDistance } from './maxDistance.ts';

let bytes: Uint8Array;
let scene: ImportedScene;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'overlap-critter-'));
  ({ bytes, scene } = await loadedTestCharacter(dir, {}, 'critter.glb'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meshNamed = (name: string): ImportedMesh => scene.meshes.find((m) => m.name === name)!;

let gearBytes: Uint8Array;
let gearScene: ImportedScene;
let gearThree: ThreeReference;

beforeAll(async () => {
  ({ bytes: gearBytes, scene: gearScene, three: gearThree } = await loadedTestCharacter(dir, { gear: true }, 'critter-gear.glb'));
}, 60_000);

/** The joints each part must be skinned to (the brief's bindings, written out here independently of the generator's table). */
const BINDINGS: Record<string, string[]> = {
  belt: ['pelvis', 'spine'],
  buckle: ['pelvis'],
  'pouch.front.L': ['pelvis'],
  'pouch.front.R': ['pelvis'],
  'pouch.hip.L': ['pelvis'],
  'pouch.back.R': ['pelvis'],
  'plate.chest': ['chest'],
  'plate.back': ['chest'],
  'pad.L': ['upper_arm.L'],
  'pad.R': ['upper_arm.R'],
  'strap.chest': ['pelvis', 'spine', 'chest'],
  'strap.thigh.R': ['thigh.R'],
  'holster.R': ['thigh.R'],
  Pack: ['chest'],
};
const critterParts = (): GearPartSpec[] => TEST_CHARACTER_GEAR.filter((spec) => spec.mesh === TEST_CHARACTER.meshes.body);
const gearMesh = (name: string): ImportedMesh => gearScene.meshes.find((m) => m.name === name)!;
/** The mesh and primitive range of a gear part: "Critter" primitives 2, 3, … in TEST_CHARACTER_GEAR order; a mesh of its own otherwise. */
/** Rest point q carried rigidly by the skin's joint `jointName`: world · inverse bind · q (column-major 4×4). */
const carriedBy = (skin: ImportedSkin, world: Float64Array, jointName: string): ((q: number[]) => number[]) => {
  const j = Array.from(skin.jointNodeIndices).findIndex((n) => gearScene.hierarchy.nodes[n].getName() === jointName);
  const m = world.subarray(16 * skin.jointNodeIndices[j], 16 * skin.jointNodeIndices[j] + 16);
  const ibm = skin.inverseBindMatrices.subarray(16 * j, 16 * j + 16);
  const apply = (a: ArrayLike<number>, q: number[]): number[] => [0, 1, 2].map((k) => a[k] * q[0] + a[4 + k] * q[1] + a[8 + k] * q[2] + a[12 + k]);
  return (q) => apply(m, apply(ibm, q));
};
const part = (spec: GearPartSpec): { mesh: ImportedMesh; range: ImportedPrimitiveRange } => {
  const mesh = gearMesh(spec.mesh);
  return { mesh, range: mesh.primitives[spec.mesh === TEST_CHARACTER.meshes.body ? 2 + critterParts().indexOf(spec) : 0] };
};
const gearNodeIndex = (name: string): number => gearThree.gltf.parser.json.nodes.findIndex((n: { name?: string }) => n.name === name);

describe('testCharacter with gear (the layered character of issues 33 and 37)', () => {
  it('leaves the character without gear untouched: gear: false is the default byte for byte, and the layered character carries it unchanged', async () => {
    expect(Buffer.compare(Buffer.from(await testCharacterGlb({ gear: false })), Buffer.from(bytes)), 'gear: false gives the default bytes').toBe(0);
    expect(Buffer.compare(Buffer.from(await testCharacterGlb({ gear: true })), Buffer.from(gearBytes)), 'two gear builds give the same bytes').toBe(0);
    const plain = meshNamed(TEST_CHARACTER.meshes.body);
    const layered = gearMesh(TEST_CHARACTER.meshes.body);
    const differences = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
      let count = Math.abs(a.length - b.length);
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) count++;
      return count;
    };
    const K = plain.skin!.influencesPerVertex;
    expect(layered.skin!.influencesPerVertex, 'influences per vertex').toBe(K);
    for (const [p, what] of [
      [0, 'body'],
      [TEST_CHARACTER.eyesPrimitive, 'eyes'],
    ] as const) {
      const a = plain.primitives[p];
      const b = layered.primitives[p];
      expect([b.firstVertex, b.vertexCount, b.firstTriangle, b.triangleCount], `${what}: same place among the primitives`).toEqual([
        a.firstVertex,
        a.vertexCount,
        a.firstTriangle,
        a.triangleCount,
      ]);
      const vertices = (array: ArrayLike<number> & { subarray(s: number, e: number): ArrayLike<number> }, r: ImportedPrimitiveRange, n: number) =>
        array.subarray(n * r.firstVertex, n * (r.firstVertex + r.vertexCount));
      expect(differences(vertices(layered.restPositions, b, 3), vertices(plain.restPositions, a, 3)), `${what}: positions bit for bit`).toBe(0);
      expect(differences(vertices(layered.restNormals!, b, 3), vertices(plain.restNormals!, a, 3)), `${what}: normals bit for bit`).toBe(0);
      expect(differences(vertices(layered.skin!.joints, b, K), vertices(plain.skin!.joints, a, K)), `${what}: joints`).toBe(0);
      expect(differences(vertices(layered.skin!.weights, b, K), vertices(plain.skin!.weights, a, K)), `${what}: weights bit for bit`).toBe(0);
      expect(
        differences(
          layered.triangles.subarray(3 * b.firstTriangle, 3 * (b.firstTriangle + b.triangleCount)),
          plain.triangles.subarray(3 * a.firstTriangle, 3 * (a.firstTriangle + a.triangleCount)),
        ),
        `${what}: triangles`,
      ).toBe(0);
    }
    const visor = meshNamed(TEST_CHARACTER.meshes.visor);
    expect(differences(gearMesh(TEST_CHARACTER.meshes.visor).restPositions, visor.restPositions), 'the visor, bit for bit').toBe(0);
    expect(differences(layered.skin!.inverseBindMatrices, plain.skin!.inverseBindMatrices), 'the same skeleton (inverse bind matrices)').toBe(0);
    expect(
      gearScene.clips.map((c) => c.name),
      'the same clips',
    ).toEqual(scene.clips.map((c) => c.name));
    gearScene.clips.forEach((clip, c) => {
      expect(clip.channels.length, `${clip.name}: channels`).toBe(scene.clips[c].channels.length);
      clip.channels.forEach((channel, k) =>
        expect(differences(channel.values, scene.clips[c].channels[k].values), `${clip.name} channel ${k}: keys bit for bit`).toBe(0),
      );
    });
  });

  it('passes gltf-validator with 0 errors and 0 warnings', async () => {
    expect(await validatorIssues(gearBytes, 1), 'validator errors and warnings').toEqual([]);
  });

  it('has every part as one closed, manifold, outward shell of its own, named, at real size', () => {
    expect(TEST_CHARACTER_GEAR.map((spec) => spec.name).sort(), 'the parts the tests expect').toEqual(Object.keys(BINDINGS).sort());
    const critter = gearMesh(TEST_CHARACTER.meshes.body);
    expect(critter.primitives.length, 'body, eyes and one primitive per part').toBe(2 + critterParts().length);
    expect(critter.topology.componentCount, 'body + two eyes + one component per part').toBe(3 + critterParts().length);
    for (const spec of TEST_CHARACTER_GEAR) {
      const { mesh, range } = part(spec);
      const name = spec.mesh === TEST_CHARACTER.meshes.body ? (range.primitive.getExtras() as { name?: string }).name : mesh.name;
      expect(name, `primitive ${critter.primitives.indexOf(range)} is named`).toBe(spec.name);
      // The part alone, welded: one closed manifold component.
      const positions = mesh.restPositions.slice(3 * range.firstVertex, 3 * (range.firstVertex + range.vertexCount));
      const triangles = mesh.triangles.slice(3 * range.firstTriangle, 3 * (range.firstTriangle + range.triangleCount)).map((v) => v - range.firstVertex);
      const alone = weldedTopology(positions, triangles);
      expect(alone.componentCount, `${spec.name}: one connected shell`).toBe(1);
      expect(alone.boundaryEdgeCount, `${spec.name}: closed`).toBe(0);
      expect(alone.nonManifoldEdgeCount, `${spec.name}: manifold`).toBe(0);
      expect(alone.degenerateTriangleCount, `${spec.name}: no degenerate triangle`).toBe(0);
      // Consistently oriented: every directed edge once, and its reverse once.
      const directed = new Map<number, number>();
      const V = alone.vertexCount;
      const t = alone.triangles;
      for (let i = 0; i < t.length; i += 3)
        for (let k = 0; k < 3; k++) directed.set(t[i + k] * V + t[i + ((k + 1) % 3)], (directed.get(t[i + k] * V + t[i + ((k + 1) % 3)]) ?? 0) + 1);
      let inconsistent = 0;
      for (const [key, count] of directed) if (count !== 1 || directed.get((key % V) * V + Math.floor(key / V)) !== 1) inconsistent++;
      expect(inconsistent, `${spec.name}: every edge walked once each way (consistent winding)`).toBe(0);
      // Outward: positive signed volume; and at real size (meters): a few centimeters to well under a meter.
      const p = alone.positions;
      let volume = 0;
      for (let i = 0; i < t.length; i += 3) {
        const [a, b, c] = [t[i], t[i + 1], t[i + 2]].map((v) => [p[3 * v], p[3 * v + 1], p[3 * v + 2]]);
        volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) + a[1] * (b[2] * c[0] - b[0] * c[2]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
      }
      expect(volume, `${spec.name}: outward (signed volume > 0)`).toBeGreaterThan(0);
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < p.length; i++) {
        min[i % 3] = Math.min(min[i % 3], p[i]);
        max[i % 3] = Math.max(max[i % 3], p[i]);
      }
      const diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
      expect(diagonal, `${spec.name}: bounding-box diagonal [m]`).toBeGreaterThan(0.03);
      expect(diagonal, `${spec.name}: bounding-box diagonal [m]`).toBeLessThan(0.8);
      // Its own component in its mesh: no vertex of another part, or of the body, is connected to it.
      const components = new Set<number>();
      for (let r = range.firstVertex; r < range.firstVertex + range.vertexCount; r++)
        components.add(mesh.topology.componentOfVertex[mesh.topology.renderToSimulation[r]]);
      expect(components.size, `${spec.name}: one component of its mesh`).toBe(1);
      const [component] = components;
      const members = mesh.topology.componentOfVertex.reduce((n, c) => n + (c === component ? 1 : 0), 0);
      expect(members, `${spec.name}: the component holds only its vertices`).toBe(alone.vertexCount);
    }
  });

  it('cuts into the body and into itself in the bind pose, as a bought asset does, every part somewhere', () => {
    const meshes = gearScene.meshes;
    const checker = intersectionChecker(meshes.map((m) => ({ name: m.name, triangles: m.topology.triangles, vertexCount: m.topology.vertexCount })));
    // The rest pose as `overlap check FILE` sees it: skinned (float32 rounding moves a few grazing pairs: 16 more on
    // the raw bind positions).
    const evaluator = createAnimationEvaluator(gearScene);
    const restPose = meshes.map((m, i) => {
      const out = new Float32Array(3 * m.topology.vertexCount);
      evaluator.evaluateSimulationPositions(i, null, 0, out);
      return out;
    });
    const result = checker.check(restPose, { listPairs: true });
    expect(result.total, 'the count of sceneIntersections (overlap check) at the rest pose').toBe(sceneIntersections(gearScene, null, [0], 30)[0].total);
    // Part names per triangle (welded triangles keep the render order) and per welded vertex.
    const partOfTriangle = meshes.map((mesh) => {
      const names: string[] = new Array(mesh.topology.triangles.length / 3);
      mesh.primitives.forEach((range, p) => {
        const name =
          mesh.name !== TEST_CHARACTER.meshes.body ? mesh.name : p === 0 ? 'body' : p === TEST_CHARACTER.eyesPrimitive ? 'eyes' : critterParts()[p - 2].name;
        names.fill(name, range.firstTriangle, range.firstTriangle + range.triangleCount);
      });
      return names;
    });
    const partOfVertex = meshes.map((mesh, m) => {
      const names: string[] = new Array(mesh.topology.vertexCount);
      mesh.topology.triangles.forEach((v, i) => (names[v] = partOfTriangle[m][Math.floor(i / 3)]));
      return names;
    });
    const gearNames = new Set(TEST_CHARACTER_GEAR.map((spec) => spec.name));
    const pairs = new Map<string, number>();
    const perPart = new Map<string, number>();
    let withGear = 0;
    for (let i = 0; i < result.pairList.length; i += 4) {
      const [edgeMesh, edge, triangleMesh, triangle] = result.pairList.slice(i, i + 4);
      const a = partOfVertex[edgeMesh][checker.edges[edgeMesh][2 * edge]];
      const b = partOfTriangle[triangleMesh][triangle];
      pairs.set([a, b].sort().join(' × '), (pairs.get([a, b].sort().join(' × ')) ?? 0) + 1);
      perPart.set(a, (perPart.get(a) ?? 0) + 1);
      if (b !== a) perPart.set(b, (perPart.get(b) ?? 0) + 1);
      if (gearNames.has(a) || gearNames.has(b)) withGear++;
    }
    // Measured at the default level: 2,845 edge–triangle pairs with gear (3,065 in all; without gear the character
    // has 220: eyes in their sockets, the visor, the body's own), 19% of the "Critter" triangles taking part. Issue
    // 33's bought 6k-vertex soldier has about 3,000 and a fifth of its triangles: hundreds at least, so a contact
    // method that does not leave the input's intersections alone fails on it, and not the whole body one region.
    expect(withGear, 'edge–triangle pairs with gear: hundreds to a few thousand').toBeGreaterThan(1500);
    expect(withGear, 'edge–triangle pairs with gear: hundreds to a few thousand').toBeLessThan(6000);
    const critter = meshes.findIndex((m) => m.name === TEST_CHARACTER.meshes.body);
    const involved = result.triangles[critter].length / (meshes[critter].topology.triangles.length / 3);
    expect(involved, 'share of the Critter triangles taking part (a fifth on the bought soldier)').toBeGreaterThan(0.1);
    expect(involved, 'share of the Critter triangles taking part (a fifth on the bought soldier)').toBeLessThan(0.35);
    for (const spec of TEST_CHARACTER_GEAR) expect(perPart.get(spec.name) ?? 0, `${spec.name} intersects something`).toBeGreaterThanOrEqual(20);
    // The layering the issues describe (the smallest measured count among these: belt × pouch.back.R, 38).
    const cuts: [string, string][] = [
      ['belt', 'body'],
      ['belt', 'buckle'],
      ...['pouch.front.L', 'pouch.front.R', 'pouch.hip.L', 'pouch.back.R'].flatMap((pouch): [string, string][] => [
        [pouch, 'body'],
        [pouch, 'belt'],
      ]),
      ['plate.chest', 'body'],
      ['plate.back', 'body'],
      ['pad.L', 'body'],
      ['pad.R', 'body'],
      ['strap.chest', 'body'],
      ['strap.chest', 'plate.chest'],
      ['strap.chest', 'belt'],
      ['strap.thigh.R', 'body'],
      ['holster.R', 'body'],
      ['holster.R', 'strap.thigh.R'],
      ['Pack', 'plate.back'],
      ['Pack', 'body'],
    ];
    for (const [a, b] of cuts) expect(pairs.get([a, b].sort().join(' × ')) ?? 0, `${a} cuts into ${b}`).toBeGreaterThanOrEqual(10);
  }, 20_000);
});

describe('testCharacter with gear (the layered character of issues 33 and 37)', () => {
  it('skins each part to the joints it belongs to: belt and strap like the body under them, plates on the chest, pads on the upper arms, the visor on the head', () => {
    for (const spec of TEST_CHARACTER_GEAR) {
      const { mesh, range } = part(spec);
      const skin = mesh.skin!;
      const K = skin.influencesPerVertex;
      const names = Array.from(skin.jointNodeIndices, (n) => gearScene.hierarchy.nodes[n].getName());
      const expected = BINDINGS[spec.name];
      const share = new Map<string, number>();
      let outside = 0;
      let badSum = 0;
      for (let r = range.firstVertex; r < range.firstVertex + range.vertexCount; r++) {
        let sum = 0;
        for (let i = 0; i < K; i++) {
          const w = skin.weights[r * K + i];
          sum += w;
          if (w === 0) continue;
          const joint = names[skin.joints[r * K + i]];
          if (!expected.includes(joint)) outside++;
          share.set(joint, (share.get(joint) ?? 0) + w / range.vertexCount);
        }
        if (Math.abs(sum - 1) > 1e-6) badSum++;
      }
      expect(badSum, `${spec.name}: vertices whose weights do not sum to 1`).toBe(0);
      expect(outside, `${spec.name}: influences on joints other than ${expected.join(', ')}`).toBe(0);
      // Rigid parts: weight exactly 1 on their joint; blended ones use each of their joints (measured: belt pelvis
      // 0.51 / spine 0.49; strap pelvis 0.24 / spine 0.41 / chest 0.35).
      for (const joint of expected)
        expect(share.get(joint) ?? 0, `${spec.name}: share of its weight on ${joint}`).toBeGreaterThan(expected.length === 1 ? 1 - 1e-6 : 0.1);
    }
    const visor = gearMesh(TEST_CHARACTER.meshes.visor);
    const head = Array.from(visor.skin!.jointNodeIndices).findIndex((n) => gearScene.hierarchy.nodes[n].getName() === TEST_CHARACTER.joints.head);
    for (let r = 0; r < visor.renderVertexCount; r++) {
      expect(visor.skin!.joints[4 * r] === head && visor.skin!.weights[4 * r] === 1, `visor vertex ${r} rides the head alone`).toBe(true);
    }
  });

  it('plays in three.js: every part shown, rigid parts riding their joints exactly, the belt and strap following the body under them', () => {
    const critter = gearMesh(TEST_CHARACTER.meshes.body);
    expect(gearThree.meshesByNode.get(gearNodeIndex(TEST_CHARACTER.meshes.body))?.length, 'three draws body, eyes and every Critter part').toBe(
      critter.primitives.length,
    );
    expect(gearThree.meshesByNode.get(gearNodeIndex(TEST_CHARACTER.meshes.pack))?.length, 'three draws the Pack').toBe(1);
    const evaluator = createAnimationEvaluator(gearScene);
    const clipOf = (name: string): number => gearScene.clips.findIndex((c) => c.name === name);
    const rest = gearThree.evaluate(null, 0);
    for (const [clip, time] of [
      [TEST_CHARACTER.clips.walk, 0.25],
      [TEST_CHARACTER.clips.hold, TEST_CHARACTER.holdFrom],
    ] as const) {
      const played = gearThree.evaluate(
        gearThree.gltf.animations.findIndex((a) => a.name === clip),
        time,
      );
      const world = evaluator.evaluateWorldMatrices(clipOf(clip), time);
      for (const spec of TEST_CHARACTER_GEAR.filter((s) => BINDINGS[s.name].length === 1)) {
        const { mesh, range } = part(spec);
        const positions = played.get(gearNodeIndex(spec.mesh))!.positions;
        const restPositions = rest.get(gearNodeIndex(spec.mesh))!.positions;
        const carried = carriedBy(mesh.skin!, world, BINDINGS[spec.name][0]);
        let off = 0;
        for (let r = range.firstVertex; r < range.firstVertex + range.vertexCount; r++) {
          const q = carried([mesh.restPositions[3 * r], mesh.restPositions[3 * r + 1], mesh.restPositions[3 * r + 2]]);
          off = Math.max(off, Math.hypot(q[0] - positions[3 * r], q[1] - positions[3 * r + 1], q[2] - positions[3 * r + 2]));
        }
        const [from, to] = [3 * range.firstVertex, 3 * (range.firstVertex + range.vertexCount)];
        const moved = maxDistance(positions.subarray(from, to), restPositions.subarray(from, to));
        expect(off, `${spec.name} at ${clip} ${time} s: three.js puts it where its joint carries it [m]`).toBeLessThan(1e-5);
        expect(moved, `${spec.name} at ${clip} ${time} s: it moves with the animation [m]`).toBeGreaterThan(0.005);
      }
    }
    // Belt and strap follow the body under them: on MoveAndHold's twist (0.45 rad at the spine), each vertex drifts
    // from its nearest body vertex much less than it would bound rigidly to one joint (measured: belt 23.6 vs 60.7 mm
    // against the pelvis, strap 15.1 vs 38.0 mm against the chest).
    const body = critter.primitives[0];
    const clip = clipOf(TEST_CHARACTER.clips.hold);
    const time = TEST_CHARACTER.holdFrom;
    const played = gearThree
      .evaluate(
        gearThree.gltf.animations.findIndex((a) => a.name === TEST_CHARACTER.clips.hold),
        time,
      )
      .get(gearNodeIndex(TEST_CHARACTER.meshes.body))!.positions;
    const world = evaluator.evaluateWorldMatrices(clip, time);
    const p0 = critter.restPositions;
    for (const [name, rigidJoint] of [
      ['belt', 'pelvis'],
      ['strap.chest', 'chest'],
    ] as const) {
      const { range } = part(TEST_CHARACTER_GEAR.find((s) => s.name === name)!);
      const carried = carriedBy(critter.skin!, world, rigidJoint);
      let drift = 0;
      let rigidDrift = 0;
      for (let r = range.firstVertex; r < range.firstVertex + range.vertexCount; r++) {
        let nearest = body.firstVertex;
        let best = Infinity;
        for (let b = body.firstVertex; b < body.firstVertex + body.vertexCount; b++) {
          const d = Math.hypot(p0[3 * b] - p0[3 * r], p0[3 * b + 1] - p0[3 * r + 1], p0[3 * b + 2] - p0[3 * r + 2]);
          if (d < best) [best, nearest] = [d, b];
        }
        const rigid = carried([p0[3 * r], p0[3 * r + 1], p0[3 * r + 2]]);
        for (const [q, worst] of [
          [[played[3 * r], played[3 * r + 1], played[3 * r + 2]], 'drift'],
          [rigid, 'rigid'],
        ] as const) {
          const change = Math.hypot(...[0, 1, 2].map((k) => q[k] - played[3 * nearest + k] - (p0[3 * r + k] - p0[3 * nearest + k])));
          if (worst === 'drift') drift = Math.max(drift, change);
          else rigidDrift = Math.max(rigidDrift, change);
        }
      }
      expect(drift, `${name}: largest drift from the body under it [m], vs ${rigidDrift.toFixed(4)} m bound rigidly to ${rigidJoint}`).toBeLessThan(
        0.6 * rigidDrift,
      );
    }
  }, 20_000);

  it('scales with subdivisions and rings: gear about 4× per level, still closed shells, still valid', async () => {
    const gearVertices = (s: ImportedScene): number =>
      s.meshes.reduce((n, m) => n + m.topology.vertexCount, 0) -
      s.meshes[0].primitives.slice(0, 2).reduce((n, r) => n + r.vertexCount, 0) -
      s.meshes.find((m) => m.name === TEST_CHARACTER.meshes.visor)!.topology.vertexCount;
    const level3Bytes = await testCharacterGlb({ gear: true, subdivisions: 3 });
    const level3 = await readGltf(level3Bytes, { fileName: 'critter-gear-3.glb' });
    const ratio = gearVertices(level3) / gearVertices(gearScene);
    expect(ratio, 'one more level: about 4× the gear vertices').toBeGreaterThan(3.5);
    expect(ratio, 'one more level: about 4× the gear vertices').toBeLessThan(4.5);
    expect(await validatorIssues(level3Bytes, 1), 'level 3: validator errors and warnings').toEqual([]);
    const rings2 = await readGltf(await testCharacterGlb({ gear: true, rings: 2 }), { fileName: 'critter-gear-rings2.glb' });
    for (const [what, s] of [
      ['3 subdivisions', level3],
      ['rings 2', rings2],
    ] as const) {
      const critter = s.meshes.find((m) => m.name === TEST_CHARACTER.meshes.body)!;
      expect(critter.topology.componentCount, `${what}: body + two eyes + one component per part`).toBe(3 + critterParts().length);
      for (const mesh of s.meshes)
        expect(mesh.topology.boundaryEdgeCount + mesh.topology.nonManifoldEdgeCount, `${what}: ${mesh.name} closed and manifold`).toBe(0);
    }
  }, 60_000);
});
