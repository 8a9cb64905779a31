// ogcDetection.wgsl (kernels/contact/gpuOgcDetection.ts) against ogcContact's detection with searchMargin 0 (a full
// search at every detection), in Node on Dawn. The scene has every contact kind and every filter: two bumpy sheets a
// few radii apart whose bumps come within r of each other (point–face, point–edge, point–vertex and edge–edge
// contacts, the edge endpoints' point contacts), a folded strip (what the topological rings drop), a collider sphere
// touching the upper sheet (points of each against the other's triangles, free edges against the collider's), a
// ground plane under the lower sheet, pinned vertices (kinematic points, whose pairs with each other are left out), an
// embedded surface (each point reads four simulation vertices with a detail offset, so every contact lands in four
// gather lists), flaws (a zero-area sliver, a point on top of another, a non-manifold fin, a triangle with a repeated
// point), and in one case the input (a patch of the upper sheet pressed onto the lower one, so its pairs are left out)
// with points inside input regions (three, and all of them) and untangled points. Both sides see the same points (ogcContact's, rounded to f32): the contact sets
// must be equal (kind and points, with the CPU's orientation), every number within f32 rounding and finite, every
// vertex's gather list the same entries in a content order, every point's limit γ_p·d_s the same. And real meshes
// (the sample's Blob, Fox.glb) at an animated frame: the same contacts, lists and limits.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { contactDefaults, ogcContact, vertexContactPoints, type OgcContactOptions } from '../../../app/contact/index.ts';
import { ANY_REGION } from '../../../app/intersection/index.ts';
import { CONTACT_KIND, contactSlotCount } from '../../../app/solvers/vbd/index.ts';
import { GpuOgcDetection, type GpuOgcDetectionContacts } from '../../../kernels/contact/gpuOgcDetection.ts';
import { clothGrid, uvSphere } from '../../app/contact/scenes.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { random } from '../vbd/vbdTestKit.ts';

const repoFolder = new URL('../../../', import.meta.url).pathname;
const dataFolder = new URL('../../../../shared/data/', import.meta.url).pathname;

const node = await nodeComputeBackend();

const r = 0.01;
const n = 14;

/**
 * The scene: surface points (two sheets; the upper one finer, its cells about r, so that its own pairs a ring or two
 * apart come within r_q and the ring filters have pairs to drop), the simulation vertices they read, a collider.
 */
function scene(seed: number) {
  const next = random(seed);
  const lower = clothGrid(n, 0.3, 0, 0, 0);
  // shifted by no round fraction of r (a shift of exactly r made input distances of exactly r, f32's coin toss)
  const upper = clothGrid(2 * n, 0.3, 0, 0.0073, 0.0041);
  const sides = [n + 1, 2 * n + 1];
  const half = sides[0] * sides[0];
  const sheets = half + sides[1] * sides[1];
  // A strip folded like a hairpin, 2 cells wide and 12 long, its arms 0.6 r apart: pairs across the fold within a few
  // rings of each other (what topologicalRings drops), the rest of the arms in contact. Its points are vertices
  // (weight 1), as cloth's.
  const strip = 13 * 3;
  // Flaws a real mesh has (the issue's bad input): a zero-area sliver (three collinear points) half a radius over the
  // upper sheet, a point on top of one of the upper sheet's (distance 0), a fin on an inner edge of the strip (three
  // triangles on one edge) reaching between its arms, and a triangle with a repeated point (dropped).
  const flaws = 5;
  const S = sheets + strip + flaws;
  const points = new Float64Array(3 * S);
  // The lower sheet: bumps, and a sharp ridge along one column of vertices (edge and vertex features); the upper one
  // follows it at a gap from 0.4 r to 1.6 r (contacts where it is below r, only bounds where it is within r_q).
  const bumpAt = (x: number, z: number): number => 0.012 * Math.sin(20 * x) * Math.cos(17 * z);
  const gapAt = (x: number, z: number): number => 0.016 - 0.012 * Math.max(0, Math.cos(25 * x) * Math.cos(21 * z));
  for (let v = 0; v < half; v++) {
    const x = lower.positions[3 * v],
      z = lower.positions[3 * v + 2];
    const ridge = v % sides[0] === 9 ? 0.006 : 0;
    points.set([x, bumpAt(x, z) + ridge + 0.0004 * next(), z], 3 * v);
  }
  for (let v = 0; v < S - half; v++) {
    const ux = upper.positions[3 * v],
      uz = upper.positions[3 * v + 2];
    points.set([ux, bumpAt(ux, uz) + gapAt(ux, uz) + 0.0004 * next(), uz], 3 * (half + v));
  }
  // A spike: the interior lower vertex where the gap is nearest 1.3 r raised by 0.7 r, and the upper sheet's point
  // nearest it moved 0.6 r straight above it (nearest that vertex, in its block: a point–vertex contact).
  let spike = -1;
  for (let v = 0; v < half; v++) {
    const i = v % sides[0],
      j = Math.floor(v / sides[0]);
    if (i < 2 || i > n - 2 || i === 9 || j < 5 || j > n - 2) continue;
    const x = points[3 * v],
      z = points[3 * v + 2];
    if (spike < 0 || Math.abs(gapAt(x, z) - 0.013) < Math.abs(gapAt(points[3 * spike], points[3 * spike + 2]) - 0.013)) spike = v;
  }
  points[3 * spike + 1] += 0.007;
  let above = half;
  for (let q = half; q < S; q++)
    if (
      Math.hypot(points[3 * q] - points[3 * spike], points[3 * q + 2] - points[3 * spike + 2]) <
      Math.hypot(points[3 * above] - points[3 * spike], points[3 * above + 2] - points[3 * spike + 2])
    )
      above = q;
  points.set([points[3 * spike], points[3 * spike + 1] + 0.6 * r, points[3 * spike + 2]], 3 * above);
  const stripTriangles: number[] = [];
  for (let k = 0; k <= 12; k++) {
    for (let w = 0; w < 3; w++) {
      const x = -0.1 + 0.008 * (k <= 6 ? k : 12 - k) + 0.0003 * next();
      const y = 0.2 + (k <= 6 ? 0 : 0.6 * r) + 0.0001 * next();
      points.set([x, y, 0.1 + 0.008 * w + 0.0003 * next()], 3 * (sheets + 3 * k + w));
      if (k < 12 && w < 2) {
        const a = sheets + 3 * k + w;
        stripTriangles.push(a, a + 3, a + 1, a + 1, a + 3, a + 4);
      }
    }
  }
  const f = sheets + strip;
  const middle = half + Math.floor((sheets - half) / 2);
  for (let k = 0; k < 3; k++) points.set([points[3 * middle] + 0.004 * (k - 1), points[3 * middle + 1] + 0.5 * r, points[3 * middle + 2]], 3 * (f + k));
  points.set(points.subarray(3 * (middle + 5), 3 * (middle + 6)), 3 * (f + 3));
  points.set([-0.1 + 0.004, 0.2 + 0.3 * r, 0.1 + 0.004], 3 * (f + 4));
  const flawTriangles = [f, f + 1, f + 2, sheets + 1, sheets + 3, f + 4, f, f, f + 1];
  const triangles = Uint32Array.from([...lower.triangles, ...Array.from(upper.triangles, (t) => t + half), ...stripTriangles, ...flawTriangles]);
  // Simulation vertices: one near each point; point p reads its own (0.55) and three of its sheet's neighbours.
  const V = S;
  const positions = new Float64Array(3 * V);
  for (let k = 0; k < 3 * V; k++) positions[k] = points[k] + 0.002 * (2 * next() - 1);
  const pointVertices = new Uint32Array(4 * S);
  const pointWeights = new Float64Array(4 * S);
  const pointOffsets = new Float64Array(3 * S);
  for (let p = sheets; p < S; p++) {
    pointVertices.fill(p, 4 * p, 4 * p + 4);
    pointWeights[4 * p] = 1;
  }
  for (let p = 0; p < sheets; p++) {
    const sheet = p < half ? 0 : half;
    const side = sides[p < half ? 0 : 1];
    const local = p - sheet;
    const i = local % side,
      j = Math.floor(local / side);
    const around = [local, i + 1 < side ? local + 1 : local - 1, j + 1 < side ? local + side : local - side, i > 0 ? local - 1 : local + 1].map(
      (q) => q + sheet,
    );
    const weights = [0.55, 0.15, 0.15, 0.15];
    for (let k = 0; k < 4; k++) {
      pointVertices[4 * p + k] = around[k];
      pointWeights[4 * p + k] = weights[k];
    }
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += weights[k] * positions[3 * around[k] + c];
      pointOffsets[3 * p + c] = points[3 * p + c] - sum;
    }
  }
  const pinned = new Uint8Array(V);
  for (let v = 0; v < 4 * (n + 1); v++) pinned[v] = 1; // the lower sheet's first four rows
  // A collider sphere resting on the upper sheet.
  const sphere = uvSphere(0.05, 8, 12, [0.05, bumpAt(0.05, 0.02) + gapAt(0.05, 0.02) + 0.05 + 0.006, 0.02]);
  return { S, V, half, positions, pointVertices, pointWeights, pointOffsets, triangles, pinned, sphere, points, next };
}

/** A contact's identity: its kind and points (the slots its kind uses). */
function key(kind: number, points: ArrayLike<number>, c: number): string {
  const used = Array.from({ length: contactSlotCount(kind) }, (_, s) => points[4 * c + s]);
  if (kind === CONTACT_KIND.vertexPlane) used.push(points[4 * c + 1]);
  return `${kind}:${used.join(',')}`;
}

interface Record {
  key: string;
  weights: number[];
  normal: number[];
  force: number;
}

function records(
  data: Pick<
    GpuOgcDetectionContacts['data'],
    'contactCount' | 'contactKinds' | 'contactPoints' | 'contactFrictionWeights' | 'contactNormals' | 'contactNormalForces'
  >,
): Record[] {
  const out: Record[] = [];
  for (let c = 0; c < data.contactCount; c++) {
    out.push({
      key: key(data.contactKinds[c], data.contactPoints, c),
      weights: Array.from(data.contactFrictionWeights.subarray(4 * c, 4 * c + 4)),
      normal: Array.from(data.contactNormals.subarray(3 * c, 3 * c + 3)),
      force: data.contactNormalForces[c],
    });
  }
  return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.force - b.force));
}

/** Each vertex's gather list in its order, each entry described by `describe(contact, entry)`. */
function vertexLists(data: GpuOgcDetectionContacts['data'], V: number, describe: (c: number, entry: number) => string): string[][] {
  const lists: string[][] = [];
  for (let v = 0; v < V; v++) {
    const list: string[] = [];
    for (let k = data.vertexContactOffsets[v]; k < data.vertexContactOffsets[v + 1]; k++)
      list.push(describe(data.vertexContacts[k] >>> 4, data.vertexContacts[k]));
    lists.push(list);
  }
  return lists;
}

/** Each vertex's gather list as sorted "contact key/slot/corner" strings. */
function gatherLists(data: GpuOgcDetectionContacts['data'], V: number): string[][] {
  return vertexLists(data, V, (c, entry) => `${key(data.contactKinds[c], data.contactPoints, c)}/${(entry >> 2) & 3}/${entry & 3}`).map((list) => list.sort());
}

/**
 * Each vertex's list in the order the solve sums it, as contact content (kind, points, normal force and normal as f32
 * bits, slot, corner): what must be the same every run.
 */
function orderedLists(data: GpuOgcDetectionContacts['data'], V: number): string[][] {
  const bits = (x: number): number => new Uint32Array(Float32Array.of(x).buffer)[0];
  return vertexLists(data, V, (c, entry) =>
    [
      data.contactKinds[c],
      ...data.contactPoints.subarray(4 * c, 4 * c + 4),
      bits(data.contactNormalForces[c]),
      ...[0, 1, 2].map((i) => bits(data.contactNormals[3 * c + i])),
      entry & 15,
    ].join(','),
  );
}

const cases: { name: string; extra: Partial<OgcContactOptions>; input: boolean; fromPositions?: boolean }[] = [
  { name: 'self-contact, a collider and a plane', extra: {}, input: false },
  {
    name: 'the points made on the GPU from the positions, offsets and collider positions (contactPointPosition)',
    extra: {},
    input: false,
    fromPositions: true,
  },
  { name: 'topological rings 3 (the fold of the strip makes no contact)', extra: { topologicalRings: 3 }, input: false },
  { name: 'local rings 2 (left out before the distance: no contact, no bound)', extra: { localRings: 2 }, input: false },
  {
    name: 'the input (a pressed patch, input regions and untangled points) with topological rings 1 and local rings 2',
    extra: { topologicalRings: 1, localRings: 2 },
    input: true,
  },
  { name: 'without self-contact (collider and plane only; free against pinned surface edges make no contact)', extra: { selfContact: false }, input: false },
];

describe.skipIf(!node.device)(`ogcDetection.wgsl finds ogcContact's contacts${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  for (const { name, extra, input, fromPositions } of cases) {
    it(name, async () => {
      const s = scene(11);
      const O = s.sphere.positions.length / 3;
      const options: OgcContactOptions = {
        simulationVertexCount: s.V,
        pointVertices: s.pointVertices,
        pointWeights: s.pointWeights,
        triangles: s.triangles,
        obstacleVertexCount: O,
        obstacleTriangles: s.sphere.triangles,
        planes: [0, 1, 0, 0.016],
        radius: r,
        stiffness: 1e4,
        searchMargin: 0,
        ...extra,
      };
      const cpu = ogcContact(options);
      let reference: Float64Array | undefined;
      let regions: Uint32Array | undefined;
      let untangle: Uint8Array | undefined;
      if (input) {
        // the input: the upper sheet's patch around its centre pressed down onto the lower sheet
        // the input: the upper sheet 1.5 r higher, but for a patch pressed down onto the lower sheet
        reference = new Float64Array(3 * s.S);
        reference.set(s.points);
        for (let p = s.half; p < s.S; p++) {
          const x = s.points[3 * p],
            z = s.points[3 * p + 2];
          reference[3 * p + 1] += Math.hypot(x - 0.01, z + 0.03) < 0.05 ? -0.02 : 1.5 * r;
        }
        // input regions: three labels at random and a few points inside all of them (ANY_REGION, as untangled ones)
        regions = new Uint32Array(s.S);
        untangle = new Uint8Array(s.S);
        for (let p = 0; p < s.S; p++) {
          const u = s.next();
          if (u < 0.06) regions[p] = 1 + Math.floor(u / 0.02);
          else if (u < 0.07) regions[p] = ANY_REGION;
          if (s.next() < 0.03) untangle[p] = 1;
        }
      }
      cpu.setFrame({ obstacleStart: s.sphere.positions, pointOffsets: s.pointOffsets, referenceStart: reference, referenceEnd: reference, regions, untangle });
      const targets = new Float64Array(3 * s.V);
      cpu.beginSubstep(s.positions, Float64Array.from(s.positions), 1 / 240, 1, s.pinned, targets, targets);
      // Both sides see the same f32 points (ogcContact's computed ones).
      const points = Float64Array.from(Float32Array.from(cpu.pointPositions));
      const referencePoints = reference ? Float64Array.from(Float32Array.from([...reference, ...s.sphere.positions])) : undefined;
      // Detect again on the CPU from exactly those points: the offsets moved so that Σ w x + offset is the f32 point.
      const offsets = Float64Array.from(s.pointOffsets);
      for (let p = 0; p < s.S; p++) for (let c = 0; c < 3; c++) offsets[3 * p + c] += points[3 * p + c] - cpu.pointPositions[3 * p + c];
      const sphere32 = Float64Array.from(Float32Array.from(s.sphere.positions));
      cpu.setFrame({
        obstacleStart: sphere32,
        pointOffsets: offsets,
        referenceStart: referencePoints?.subarray(0, 3 * s.S),
        referenceEnd: referencePoints?.subarray(0, 3 * s.S),
      });
      cpu.resetStats();
      cpu.beginSubstep(s.positions, Float64Array.from(s.positions), 1 / 240, 1, s.pinned, targets, targets);
      for (let k = 0; k < 3 * s.S; k++) expect(Math.abs(cpu.pointPositions[k] - points[k])).toBeLessThan(1e-12);

      // The first case starts from the small default capacities (the detection grows them and runs again); the others
      // from room enough for one run.
      const roomy = { contacts: 4096, entries: 1 << 16, pointEntries: 1 << 15, edgeEntries: 1 << 15, pointAnswers: 1 << 17, edgeAnswers: 1 << 19 };
      const detection = await GpuOgcDetection.create(node.device!, {
        ...options,
        vertexColors: new Uint32Array(s.V),
        capacity: name === cases[0].name ? undefined : roomy,
      });
      try {
        const given = fromPositions ? { positions: s.positions, pointOffsets: offsets, obstaclePositions: sphere32 } : { points: cpu.pointPositions };
        // (the positions case also runs its stages one submit each, timed: the same detection)
        const result = await detection.detect({ ...given, pinned: s.pinned, reference: referencePoints, regions, untangle }, { phaseTimes: fromPositions });
        if (fromPositions) expect(Object.values(result.phaseTimes!).every((ms) => ms > 0)).toBe(true);
        const gpu = await result.read();
        // the small capacities: the detection ran again with larger buffers, and the checks below hold for it
        expect(result.runs).toBe(name === cases[0].name ? 3 : 1);
        let worstPoint = 0;
        for (let k = 0; k < 3 * s.S; k++) worstPoint = Math.max(worstPoint, Math.abs(gpu.points[k] - cpu.pointPositions[k]));
        expect(worstPoint, 'the points tested').toBeLessThan(fromPositions ? 1e-6 : 1e-9);
        const want = records(cpu.data);
        const got = records(gpu.data);
        const kinds = new Set(want.map((w) => Number(w.key.split(':')[0])));
        // the scene makes what the case is for
        if (extra.selfContact === false) {
          expect(kinds.has(CONTACT_KIND.edgeEdge) || kinds.has(CONTACT_KIND.vertexFace), 'collider contacts').toBe(true);
        } else {
          for (const kind of [CONTACT_KIND.vertexFace, CONTACT_KIND.vertexEdge, CONTACT_KIND.vertexVertex, CONTACT_KIND.edgeEdge, CONTACT_KIND.vertexPlane])
            expect(kinds.has(kind), `kind ${kind} present`).toBe(true);
        }
        if (input) {
          expect(cpu.stats.inputExcluded).toBeGreaterThan(20);
          expect(kinds.has(CONTACT_KIND.pointTarget)).toBe(true);
        }
        if (!input && (extra.topologicalRings || extra.localRings)) {
          // the filter has pairs to drop here: without it the CPU finds more contacts
          const unfiltered = ogcContact({ ...options, topologicalRings: 0, localRings: 0 });
          unfiltered.setFrame({
            obstacleStart: sphere32,
            pointOffsets: offsets,
            referenceStart: referencePoints?.subarray(0, 3 * s.S),
            referenceEnd: referencePoints?.subarray(0, 3 * s.S),
            regions,
            untangle,
          });
          unfiltered.beginSubstep(s.positions, Float64Array.from(s.positions), 1 / 240, 1, s.pinned, targets, targets);
          expect(unfiltered.data.contactCount).toBeGreaterThan(cpu.data.contactCount);
        }
        expect(result.inputExcluded).toBe(cpu.stats.inputExcluded);
        if (name === cases[0].name) {
          // every flaw point is in a contact (the sliver's three, the one on top of another, the fin's tip)
          for (let k = s.S - 5; k < s.S; k++)
            expect(Array.from(cpu.data.contactPoints.subarray(0, 4 * cpu.data.contactCount)).includes(k), `flaw point ${k}`).toBe(true);
        }
        // nothing non-finite from the flaws (distance 0, a zero-area triangle, a non-manifold edge)
        for (const array of [gpu.data.contactNormals, gpu.data.contactNormalForces, gpu.data.contactFrictionWeights, gpu.pointLimits])
          expect(array.every(Number.isFinite)).toBe(true);
        expect(got.map((g) => g.key)).toEqual(want.map((w) => w.key));
        let worstNormal = 0,
          worstWeight = 0,
          worstForce = 0,
          largestForce = 0;
        for (let c = 0; c < want.length; c++) {
          for (let k = 0; k < 3; k++) worstNormal = Math.max(worstNormal, Math.abs(got[c].normal[k] - want[c].normal[k]));
          for (let k = 0; k < 4; k++) worstWeight = Math.max(worstWeight, Math.abs(got[c].weights[k] - want[c].weights[k]));
          worstForce = Math.max(worstForce, Math.abs(got[c].force - want[c].force));
          largestForce = Math.max(largestForce, Math.abs(want[c].force));
        }
        expect(worstNormal).toBeLessThan(1e-3);
        expect(worstWeight).toBeLessThan(1e-4);
        expect(worstForce).toBeLessThan(1e-3 * largestForce);
        expect(gatherLists(gpu.data, s.V)).toEqual(gatherLists(cpu.data as GpuOgcDetectionContacts['data'], s.V));
        // every list in the content order (kind, points, force and normal bits, slot, corner: numbers compared in turn)
        const ordered = orderedLists(gpu.data, s.V);
        for (const list of ordered) {
          for (let k = 1; k < list.length; k++) {
            const a = list[k - 1].split(',').map(Number),
              b = list[k].split(',').map(Number);
            const m = a.findIndex((x, i) => x !== b[i]);
            expect(m === -1 || a[m] < b[m], `list order: ${list[k - 1]} before ${list[k]}`).toBe(true);
          }
        }
        if (name === cases[0].name) {
          // a second detection of the same frame sums every vertex's contacts in the same order
          const again = await (await detection.detect({ ...given, pinned: s.pinned, reference: referencePoints, regions, untangle })).read();
          expect(orderedLists(again.data, s.V)).toEqual(ordered);
        }
        let worstLimit = 0;
        for (let p = 0; p < s.S; p++) worstLimit = Math.max(worstLimit, Math.abs(gpu.pointLimits[p] - 0.45 * cpu.pointBounds[p]));
        expect(worstLimit).toBeLessThan(1e-6 * r + 1e-7);
        console.log(name, {
          contacts: want.length,
          candidates: result.candidates,
          runs: result.runs,
          worstPoint,
          inputExcluded: result.inputExcluded,
          worstNormal,
          worstWeight,
          worstForce,
          largestForce,
          worstLimit,
        });
      } finally {
        detection.destroy();
      }
    });
  }
});

describe.skipIf(!node.device)(`ogcDetection.wgsl finds ogcContact's contacts${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  it("real meshes at animated frames (the sample's Blob with local rings 3, Fox.glb): the same contacts and limits", async () => {
    for (const [file, clipName, scale, frame, localRings] of [
      [join(repoFolder, 'assets/sample.glb'), 'Bounce', 1, 10, 3],
      [join(dataFolder, 'Fox.glb'), 'Walk', 0.01, 5, 0],
    ] as const) {
      const scene = await readGltf(new Uint8Array(readFileSync(file)), { fileName: file });
      const evaluator = createAnimationEvaluator(scene);
      const mesh = scene.meshes[0];
      const V = mesh.topology.vertexCount;
      const triangles = mesh.topology.triangles;
      const buffer = new Float32Array(3 * V);
      evaluator.evaluateSimulationPositions(
        0,
        scene.clips.findIndex((c) => c.name === clipName),
        frame / 24,
        buffer,
      );
      const positions = Float64Array.from(buffer, (x) => Math.fround(x * scale));
      const { radius } = contactDefaults(positions, triangles, new Float64Array(V).fill(1), 1 / 96);
      // every vertex a point (as a cloth), nothing pinned, no input: every close pair of the animated surface
      const options = { simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius, stiffness: 1e4, localRings };
      const cpu = ogcContact({ ...options, searchMargin: 0 });
      const pinned = new Uint8Array(V);
      cpu.beginSubstep(positions, Float64Array.from(positions), 1 / 96, 1, pinned, positions, positions);
      const detection = await GpuOgcDetection.create(node.device!, { ...options, vertexColors: new Uint32Array(V) });
      try {
        const gpu = await (await detection.detect({ positions, pinned })).read();
        expect(cpu.data.contactCount, file).toBeGreaterThan(100);
        expect(
          records(gpu.data).map((g) => g.key),
          file,
        ).toEqual(records(cpu.data).map((w) => w.key));
        expect(gatherLists(gpu.data, V)).toEqual(gatherLists(cpu.data as GpuOgcDetectionContacts['data'], V));
        let worstLimit = 0;
        for (let p = 0; p < V; p++) worstLimit = Math.max(worstLimit, Math.abs(gpu.pointLimits[p] - 0.45 * cpu.pointBounds[p]));
        expect(worstLimit, file).toBeLessThan(1e-6 * radius + 1e-7);
      } finally {
        detection.destroy();
      }
    }
  });
});
