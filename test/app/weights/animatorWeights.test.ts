// animatorWeights, the default weights: what an animator paints first, from geometry and the skin alone (joint-name
// hints off throughout), on the built-in sample, Fox.glb and the generated character: the head, hands, feet and
// separate shells at 0; a soft belly; a tail whose weight rises along its chain to a high tip; no stripes at joint
// boundaries and no craters; the same map in meters and in centimeters. Each claim names the defect of the former
// default (skeleton distance × dominant skin weight) it guards against.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { weldedTopology, type WeldedTopology } from '../../../app/geometry/index.ts';
import { readGltf, type ImportedMesh, type ImportedScene } from '../../../app/io/index.ts';
import { animatorWeights, skinSkeleton, type SkinSkeleton } from '../../../app/weights/index.ts';
import { testCharacterGlb } from '../../helpers/testCharacter.ts';
import { cratersAndSpikes, deepestDip, dominatedBy, largestEdgeJump, surfaceLine } from './weightMapChecks.ts';

/** What each asset's regions are called and where its belly line runs (for the test only; the code sees no names). */
interface Spec {
  file: string;
  head: string;
  hands: string[];
  feet: string[];
  tail: string[];
  /** joints whose surface is soft body; the belly line runs from the first joint to the second along `along` */
  belly: { from: string; to: string; along: number; outward: number[] };
}

const specs: Record<string, Spec> = {
  sample: { file: 'assets/sample.glb', head: 'head', hands: [], feet: [], tail: [], belly: { from: 'root', to: 'head', along: 1, outward: [0, 0, 1] } },
  fox: {
    file: '../shared/data/Fox.glb',
    head: 'b_Head_05',
    hands: ['b_RightHand_08', 'b_LeftHand_011'],
    feet: ['b_LeftFoot01_017', 'b_LeftFoot02_018', 'b_RightFoot01_021', 'b_RightFoot02_022'],
    tail: ['b_Tail01_012', 'b_Tail02_013', 'b_Tail03_014'],
    // The underside from the hips to the chest.
    belly: { from: 'b_Hip_01', to: 'b_Neck_04', along: 2, outward: [0, -1, 0] },
  },
  critter: {
    file: '(generated)',
    head: 'head',
    hands: ['hand.L', 'hand.R'],
    feet: ['foot.L', 'foot.R', 'toe.L', 'toe.R'],
    tail: ['tail.1', 'tail.2', 'tail.3', 'tail.4', 'tail.5'],
    belly: { from: 'pelvis', to: 'neck', along: 1, outward: [0, 0, 1] },
  },
};

interface Loaded {
  scene: ImportedScene;
  mesh: ImportedMesh;
  skeleton: SkinSkeleton;
  values: Float32Array;
  shells: Uint8Array;
}
const loaded = new Map<string, Loaded>();

beforeAll(async () => {
  for (const [name, spec] of Object.entries(specs)) {
    const bytes = name === 'critter' ? await testCharacterGlb() : new Uint8Array(readFileSync(spec.file));
    const scene = await readGltf(bytes, { fileName: spec.file });
    const mesh = scene.meshes[0];
    const skeleton = skinSkeleton(mesh, scene.hierarchy)!;
    const { values, shells } = animatorWeights(mesh.topology, skeleton, { nameHints: false });
    loaded.set(name, { scene, mesh, skeleton, values, shells });
  }
});

const maxOf = (values: ArrayLike<number>, vertices: number[]): number => vertices.reduce((m, v) => Math.max(m, values[v]), 0);
const meanOf = (values: ArrayLike<number>, vertices: number[]): number => vertices.reduce((s, v) => s + values[v], 0) / vertices.length;

describe.each(Object.keys(specs))('animatorWeights on %s', (name) => {
  const spec = specs[name];
  const get = (): Loaded => loaded.get(name)!;

  it('keeps the head, the hands, the feet and the separate shells at 0', () => {
    const { skeleton, values, shells } = get();
    const head = dominatedBy(skeleton, [spec.head]);
    expect(head.length, 'the head has vertices').toBeGreaterThan(0);
    expect(maxOf(values, head), 'head (the former default: Fox 0.45, the sample 0.44)').toBeLessThanOrEqual(0.02);
    for (const part of [...spec.hands, ...spec.feet]) {
      const vertices = dominatedBy(skeleton, [part]);
      if (vertices.length > 0) expect(maxOf(values, vertices), `${part}`).toBeLessThanOrEqual(0.02);
    }
    let shellMax = 0;
    for (let v = 0; v < values.length; v++) if (shells[v]) shellMax = Math.max(shellMax, values[v]);
    expect(shellMax, 'separate shells (eyes, ears of the sample, visor) follow rigidly').toBe(0);
  });

  it('is soft in the belly, with no stripe of low weight across it at the joints', () => {
    const { skeleton, values, mesh } = get();
    const P = skeleton.positions;
    const { from, to, along, outward } = spec.belly;
    const [a, b] = [from, to].map((joint) => skeleton.names.indexOf(joint));
    const [start, end] = [P[3 * a + along], P[3 * b + along]].sort((x, y) => x - y);
    // The bones' outward coordinate: the line keeps to the belly's side of them.
    const beyond = Math.max(...[a, b].map((j) => outward[0] * P[3 * j] + outward[1] * P[3 * j + 1] + outward[2] * P[3 * j + 2]));
    const min = [0, 1, 2].map((c) => Math.min(...Array.from({ length: skeleton.jointCount }, (_, j) => P[3 * j + c])));
    const max = [0, 1, 2].map((c) => Math.max(...Array.from({ length: skeleton.jointCount }, (_, j) => P[3 * j + c])));
    const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    // The mirror plane is x = 0 for all three; a band of 1.5% of the skeleton's size around it.
    const line = surfaceLine(mesh.topology.positions, 0, 0.015 * size, along, start, end, outward, beyond, 16);
    const profile = line.map((v) => values[v]);
    expect(profile.length, 'the belly line has vertices').toBeGreaterThanOrEqual(4);
    expect(Math.max(...profile), 'the belly is soft').toBeGreaterThanOrEqual(0.35);
    // The former default multiplied by the dominant skin weight, which halves at every joint: a dip at each.
    expect(deepestDip(profile), `dips along the belly line (profile ${profile.map((w) => w.toFixed(2)).join(' ')})`).toBeLessThanOrEqual(
      0.1 * Math.max(...values),
    );
  });

  it('changes little across any edge: no stripe, no step between bones', () => {
    const { mesh, values } = get();
    const range = Math.max(...values) - Math.min(...values);
    // Fox is coarse (290 vertices: one edge spans 15% of its tail), so the bound leaves room for a ramp over few edges.
    expect(largestEdgeJump(mesh, values) / range, 'largest jump across an edge / range of the map (the former default: 0.74 on Fox)').toBeLessThanOrEqual(0.5);
  });

  it('has no crater (a small deep low island in a high region) and no spike', () => {
    const { mesh, values } = get();
    const found = cratersAndSpikes(mesh, values);
    expect(
      found.map(
        (i) =>
          `${i.high ? 'spike' : 'crater'} at vertex ${i.vertex}: ${i.vertexCount} vertices, ${(100 * i.areaShare).toFixed(1)}% of its shell, reaching ${i.extreme.toFixed(2)}`,
      ),
      'the former default had a crater where the spine bone, extended past the head joint, comes out of the sample’s head',
    ).toEqual([]);
  });

  // The sample has no tail (its skeleton is root, hips, chest, head and two arms).
  it.skipIf(spec.tail.length === 0)('has follow-through on the tail: rising along its chain to a high tip', () => {
    const { skeleton, values } = get();
    const means = spec.tail
      .map((joint) => dominatedBy(skeleton, [joint]))
      .filter((vs) => vs.length > 0)
      .map((vs) => meanOf(values, vs));
    for (let k = 1; k < means.length; k++)
      expect(means[k], `tail segment ${k + 1} weighs more than segment ${k} (${means.map((m) => m.toFixed(2)).join(' < ')})`).toBeGreaterThan(means[k - 1]);
    const tip = dominatedBy(skeleton, [spec.tail[spec.tail.length - 1]]);
    expect(maxOf(values, tip), 'the tail tip is high (the former default: Fox 0.20)').toBeGreaterThanOrEqual(0.6);
  });
});

describe('animatorWeights', () => {
  it('the ears of the generated character (bone chains) follow through; the sample’s bone-less ears are rigid shells', () => {
    const critter = loaded.get('critter')!;
    for (const side of ['L', 'R']) {
      const base = meanOf(critter.values, dominatedBy(critter.skeleton, [`ear.${side}.1`]));
      const tip = meanOf(critter.values, dominatedBy(critter.skeleton, [`ear.${side}.2`]));
      expect(tip, `ear.${side}: the tip weighs more than the base`).toBeGreaterThan(base + 0.2);
    }
    const sample = loaded.get('sample')!;
    const p = sample.mesh.topology.positions;
    // The sample's ears are the shells above the head (y > 0.95 m) away from the midline.
    const ears = Array.from({ length: sample.values.length }, (_, v) => v).filter((v) => p[3 * v + 1] > 1.0 && Math.abs(p[3 * v]) > 0.1);
    expect(ears.length, 'ear vertices').toBeGreaterThan(0);
    expect(maxOf(sample.values, ears), 'the sample’s ears').toBe(0);
  });

  it('is scale-free: the same map in meters and in centimeters', async () => {
    const centimeters = await readGltf(await testCharacterGlb({ height: 160 }), { fileName: 'critter-cm.glb' });
    const mesh = centimeters.meshes[0];
    const inCentimeters = animatorWeights(mesh.topology, skinSkeleton(mesh, centimeters.hierarchy), { nameHints: false }).values;
    const inMeters = loaded.get('critter')!.values;
    let worst = 0;
    for (let v = 0; v < inMeters.length; v++) worst = Math.max(worst, Math.abs(inMeters[v] - inCentimeters[v]));
    expect(worst, 'generated character at 1.6 vs 160 units').toBeLessThan(1e-4);
    // Fox is modelled in centimeters: the same skeleton and surface scaled to meters.
    const fox = loaded.get('fox')!;
    const scaledTopology: WeldedTopology = { ...fox.mesh.topology, positions: fox.mesh.topology.positions.map((x) => 0.01 * x) };
    const scaledSkeleton: SkinSkeleton = {
      ...fox.skeleton,
      positions: fox.skeleton.positions.map((x) => 0.01 * x),
      tips: fox.skeleton.tips.map((x) => 0.01 * x),
    };
    const inFoxMeters = animatorWeights(scaledTopology, scaledSkeleton, { nameHints: false }).values;
    worst = 0;
    for (let v = 0; v < inFoxMeters.length; v++) worst = Math.max(worst, Math.abs(inFoxMeters[v] - fox.values[v]));
    expect(worst, 'Fox at 0.01 m per unit').toBeLessThan(1e-4);
  });

  it('an unskinned mesh: a core at its pivot that follows, softer further out; a small separate piece is rigid', () => {
    // A sphere of radius 1 around the origin (the pivot) and a small sphere beside it.
    const positions: number[] = [];
    const triangles: number[] = [];
    const sphere = (cx: number, radius: number): void => {
      const base = positions.length / 3;
      const rings = 16;
      const segments = 24;
      positions.push(cx, -radius, 0);
      for (let r = 1; r < rings; r++) {
        const theta = (Math.PI * r) / rings;
        for (let s = 0; s < segments; s++)
          positions.push(
            cx + radius * Math.sin(theta) * Math.cos((2 * Math.PI * s) / segments),
            -radius * Math.cos(theta),
            radius * Math.sin(theta) * Math.sin((2 * Math.PI * s) / segments),
          );
      }
      positions.push(cx, radius, 0);
      const ring = (r: number, s: number): number => base + 1 + (r - 1) * segments + (s % segments);
      const top = base + 1 + (rings - 1) * segments;
      for (let s = 0; s < segments; s++) {
        triangles.push(base, ring(1, s), ring(1, s + 1));
        for (let r = 1; r < rings - 1; r++) triangles.push(ring(r, s), ring(r + 1, s), ring(r + 1, s + 1), ring(r, s), ring(r + 1, s + 1), ring(r, s + 1));
        triangles.push(ring(rings - 1, s), top, ring(rings - 1, s + 1));
      }
    };
    sphere(0, 1);
    const big = positions.length / 3;
    sphere(1.5, 0.05);
    // Flatten the big sphere's bottom toward the pivot so distances to it vary over the surface.
    for (let v = 0; v < big; v++) if (positions[3 * v + 1] < 0) positions[3 * v + 1] *= 0.3;
    const topology = weldedTopology(Float32Array.from(positions), Uint32Array.from(triangles));
    const { values, shells } = animatorWeights(topology, null);
    let small = 0;
    for (let v = big; v < values.length; v++) small = Math.max(small, values[v]);
    expect(small, 'the small separate sphere').toBe(0);
    expect(shells[big], 'is marked as a shell').toBe(1);
    const height = (v: number): number => positions[3 * v + 1];
    const bottom = Array.from({ length: big }, (_, v) => v).filter((v) => height(v) < -0.25);
    const top = Array.from({ length: big }, (_, v) => v).filter((v) => height(v) > 0.9);
    expect(meanOf(values, top), 'far from the pivot is softer than near it').toBeGreaterThan(meanOf(values, bottom) + 0.2);
    for (const w of values) expect(w >= 0 && w <= 1, 'in [0, 1]').toBe(true);
  });
});
