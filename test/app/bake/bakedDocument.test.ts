// bakedDocument's compact corrective shapes on a real bake (issue 14's done-when): a 300-frame bake of the sample
// writes at most 64 shapes, replays within the stated bound at every frame in three.js (an independent glTF
// client), validates, turns the normals with the motion; a bound that needs more shapes than the cap says so and
// splits the mesh; per-frame targets past 256 are refused. The sample is simulated once; the exports are re-run
// on that one result.
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bakedBytes, bakedDocument, bakeAnimation, BakeError, bakeReport, resolveBakeSettings, type BakeResult } from '../../../app/bake/index.ts';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { NonFiniteValueError } from '../../../app/export/index.ts';
import { smoothingGroups, vertexNormals } from '../../../app/geometry/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { threeReference } from '../../helpers/threeGltf.ts';
import { dataFolder, diagonal, samplePath, validatorErrors } from './bakeTestKit.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const { folder } = scratchFolder('overlap-bake-');

let scene: ImportedScene;
let result: BakeResult;
const FRAMES = 300;

beforeAll(async () => {
  scene = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
  // Frames 0–299 at 30 fps: the 2 s clip, then 8 s of the jiggle settling on the held last pose. Lattice 8 keeps it
  // to a few seconds a frame-hundred; the export does not depend on the lattice.
  const settings = resolveBakeSettings(scene, { clip: 'Bounce', frames: [0, FRAMES - 1], meshes: [{ mesh: 'Blob', latticeResolution: 8 }] });
  result = await bakeAnimation(scene, settings);
}, 300_000);

/** Exports the one simulated result with other export settings. */
async function exportWith(overrides: Partial<BakeResult['settings']>, name: string) {
  const variant = { ...result, settings: { ...result.settings, ...overrides } };
  const { document, meshes, warnings } = await bakedDocument(scene, variant, null);
  const bytes = await bakedBytes(document, 'none');
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return { bytes, path, meshes, warnings, report: bakeReport(variant, 'sample.glb', bytes.byteLength, meshes) };
}

/** Largest distance, over frames and the vertices three.js draws for the mesh's node(s), from the baked positions. */
async function threeReplayError(path: string, frames: number[]): Promise<number> {
  const three = await threeReference(path);
  const baked = result.meshes[0];
  const R = scene.meshes[0].renderVertexCount;
  let worst = 0;
  for (const f of frames) {
    const poses = three.evaluate(0, f / result.settings.fps);
    const target = baked.positions.subarray(f * R * 3, (f + 1) * R * 3);
    for (const [node, entry] of poses) {
      // Split parts share the mesh's vertex data: their positions cover every vertex; check the ones they draw.
      const geometry = three.meshesByNode.get(node)![0].geometry;
      expect(entry.positions.length, `node ${node} holds the sample's vertices`).toBe(3 * R);
      const drawn = geometry.index ? Array.from({ length: geometry.index.count }, (_, i) => geometry.index!.getX(i)) : Array.from({ length: R }, (_, v) => v);
      for (const v of drawn)
        worst = Math.max(
          worst,
          Math.hypot(entry.positions[3 * v] - target[3 * v], entry.positions[3 * v + 1] - target[3 * v + 1], entry.positions[3 * v + 2] - target[3 * v + 2]),
        );
    }
  }
  return worst;
}

describe('bakedDocument: compact corrective shapes on a 300-frame bake of the sample', () => {
  let compact: Awaited<ReturnType<typeof exportWith>>;
  beforeAll(async () => {
    compact = await exportWith({}, 'compact.glb');
  });

  it('writes at most 64 shapes, within the default bound of 1e-4 of the diagonal, and reports it', () => {
    const [mesh] = compact.report.export.meshes;
    expect(compact.report.export.shapes, 'compact is the default').toBe('compact');
    expect(mesh.chunks, 'one mesh, not split').toBe(1);
    expect(mesh.targets, 'at most 64 shapes').toBeLessThanOrEqual(64);
    expect(mesh.targets, 'far fewer than 300 frames').toBeGreaterThan(0);
    expect(mesh.bound / mesh.diagonal, 'the bound is 1e-4 of the diagonal').toBeCloseTo(1e-4, 12);
    expect(mesh.maxErrorRelative, 'the reported error meets the bound').toBeLessThanOrEqual(1e-4);
  });

  it('replays in three.js within the stated bound of the baked positions at every one of the 300 frames', async () => {
    const [mesh] = compact.report.export.meshes;
    const worst = await threeReplayError(
      compact.path,
      Array.from({ length: FRAMES }, (_, f) => f),
    );
    expect(worst / mesh.diagonal, `three.js vs the baked positions, / diagonal (bound ${mesh.bound / mesh.diagonal})`).toBeLessThanOrEqual(
      mesh.bound / mesh.diagonal + 1e-6,
    );
    expect(result.meshes[0].stats.maxDisplacement / mesh.diagonal, 'the bake moved (the bound is not trivially met)').toBeGreaterThan(1e-2);
  });

  it('passes gltf-validator with 0 errors, with non-negative weights and the targets carrying normals', async () => {
    expect(await validatorErrors(compact.bytes), 'validator errors').toEqual([]);
    const document = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(compact.bytes);
    const primitive = document.getRoot().listMeshes()[0].listPrimitives()[0];
    expect(
      primitive.listTargets().every((t) => t.getAttribute('NORMAL')),
      'every target has NORMAL deltas',
    ).toBe(true);
    const weights = document
      .getRoot()
      .listAnimations()[0]
      .listChannels()
      .find((c) => c.getTargetPath() === 'weights')!
      .getSampler()!
      .getOutput()!
      .getArray()!;
    expect(Math.min(...weights), 'weights ≥ 0 (Blender and Unity clamp negative ones)').toBeGreaterThanOrEqual(0);
    expect(Math.max(...weights), 'weights ≤ 1').toBeLessThanOrEqual(1);
  });

  it('lighting follows the motion: three.js normals turn with the baked surface', async () => {
    const three = await threeReference(compact.path);
    const input = await threeReference(samplePath);
    const mesh = scene.meshes[0];
    const R = mesh.renderVertexCount;
    const groups = smoothingGroups(mesh.restPositions, mesh.restNormals!, R);
    const bakedSurface = new Float32Array(3 * R);
    const inputSurface = new Float32Array(3 * R);
    const inputPositions = new Float32Array(3 * R);
    const evaluator = createAnimationEvaluator(scene);
    let before = 0;
    let after = 0;
    let counted = 0;
    for (const f of [4, 26, 30, 56]) {
      const time = Math.min(f / 30, scene.clips[0].duration);
      vertexNormals(result.meshes[0].positions.subarray(f * R * 3, (f + 1) * R * 3), mesh.triangles, R, bakedSurface, groups);
      evaluator.evaluateMesh(0, 0, time, inputPositions);
      vertexNormals(inputPositions, mesh.triangles, R, inputSurface, groups);
      const node = [...three.meshesByNode.keys()][0];
      const out = three.evaluate(0, f / 30, true).get(node)!.normals!;
      const original = input.evaluate(0, time, true).get(node)!.normals!;
      const angle = (a: Float32Array, b: Float32Array, v: number) =>
        Math.acos(Math.min(1, a[3 * v] * b[3 * v] + a[3 * v + 1] * b[3 * v + 1] + a[3 * v + 2] * b[3 * v + 2]));
      for (let v = 0; v < R; v++) {
        // (Frames at the take-off and the landings, where the flesh moves; it is back on the pose between them.)
        // Where the authored normal is the surface's own (not a hard edge or a hand-tweaked normal), and the motion
        // turned the surface by more than ~3°, the output's normal should be the baked surface's.
        if (angle(original, inputSurface, v) > 0.02 || angle(inputSurface, bakedSurface, v) < 0.05) continue;
        before += angle(original, bakedSurface, v);
        after += angle(out, bakedSurface, v);
        counted++;
      }
    }
    expect(counted, 'the motion turns part of the surface (enough vertices to compare)').toBeGreaterThan(30);
    // The compact normal shapes share the position fit's frame weights and have no error bound of their own: at the
    // fast take-off and landing frames of the new blending model they recover about half of the turn (measured 0.45–0.76
    // of the uncorrected angle per frame; a quarter on the slower frames). The claim here is that they turn with it.
    expect(after / counted, `mean angle to the baked surface's normal: output vs input (${(before / counted).toFixed(3)} rad)`).toBeLessThan(
      0.7 * (before / counted),
    );
  });

  it('a simulation that blew up is refused before anything is written (NonFiniteValueError, exit 5 in the CLI)', async () => {
    const positions = Float32Array.from(result.meshes[0].positions);
    positions[3 * 1000 + 1] = Number.NaN;
    const broken = { ...result, meshes: [{ ...result.meshes[0], positions }] };
    await expect(bakedDocument(scene, broken, null), 'refused').rejects.toThrow(NonFiniteValueError);
    await expect(bakedDocument(scene, broken, null), 'the message').rejects.toThrow(/baked positions of mesh "Blob" has a non-finite value \(NaN\)/);
  });

  it('per-frame targets: the 300 frames are more than players accept, so the settings refuse them, naming the cap', () => {
    expect(() => resolveBakeSettings(scene, { clip: 'Bounce', frames: [0, FRAMES - 1], shapes: 'per-frame' }), 'refused').toThrow(BakeError);
    expect(() => resolveBakeSettings(scene, { clip: 'Bounce', frames: [0, FRAMES - 1], shapes: 'per-frame' }), 'the message').toThrow(
      /300 per-frame targets .* more than the 256 morph targets players accept/,
    );
    expect(diagonal(scene.meshes[0].restPositions), 'the sample has a size').toBeGreaterThan(0);
  });
});

describe('bakedDocument: a bound that needs more shapes than the cap', () => {
  it('says so and splits the mesh into parts; every part keeps the cap, validates and replays within the bound', async () => {
    const fox = await readGltf(new Uint8Array(readFileSync(join(dataFolder, 'Fox.glb'))), { fileName: 'Fox.glb' });
    // A uniform weight moves the whole fox (the default weights move only its tail): more motion than 16 shapes hold.
    const options = { clip: 'Survey', maxShapes: 16, uniformWeight: 0.5, meshes: [{ mesh: 'fox', latticeResolution: 8 }] };
    const settings = resolveBakeSettings(fox, options);
    const baked = await bakeAnimation(fox, settings, options);
    const { document, meshes, warnings } = await bakedDocument(fox, baked, null);
    const bytes = await bakedBytes(document, 'none');
    const path = join(folder, 'fox-split.glb');
    writeFileSync(path, bytes);
    const [mesh] = meshes;
    expect(warnings.map((w) => w.message).join('\n'), 'says so').toMatch(
      /mesh "fox": 16 compact shapes cannot replay its motion within 0\.0001 of its diagonal; it is split into \d+ parts/,
    );
    expect(mesh.chunks, 'split into parts').toBeGreaterThan(1);
    expect(mesh.maxError / mesh.diagonal, 'every part meets the bound').toBeLessThanOrEqual(1e-4);
    expect(await validatorErrors(bytes), 'validator errors').toEqual([]);
    const written = await new NodeIO().registerExtensions(ALL_EXTENSIONS).readBinary(bytes);
    for (const gltfMesh of written.getRoot().listMeshes()) {
      for (const primitive of gltfMesh.listPrimitives())
        expect(primitive.listTargets().length, `mesh "${gltfMesh.getName()}": at most 16 targets`).toBeLessThanOrEqual(16);
    }
    // three.js draws every part; each drawn vertex lands within the bound of the baked positions.
    const three = await threeReference(path);
    const R = fox.meshes[0].renderVertexCount;
    let worst = 0;
    let parts = 0;
    for (const f of [4, 26, 30, 56]) {
      const poses = three.evaluate(0, f / baked.settings.fps);
      const target = baked.meshes[0].positions.subarray(f * R * 3, (f + 1) * R * 3);
      parts = poses.size;
      for (const [node, entry] of poses) {
        const index = three.meshesByNode.get(node)![0].geometry.index;
        const drawn = index ? Array.from({ length: index.count }, (_, i) => index.getX(i)) : Array.from({ length: R }, (_, v) => v);
        for (const v of drawn)
          worst = Math.max(
            worst,
            Math.hypot(entry.positions[3 * v] - target[3 * v], entry.positions[3 * v + 1] - target[3 * v + 1], entry.positions[3 * v + 2] - target[3 * v + 2]),
          );
      }
    }
    expect(parts, 'three.js draws every part (and what is left of the mesh)').toBeGreaterThanOrEqual(mesh.chunks);
    expect(worst / mesh.diagonal, 'three.js replay of every part, / diagonal').toBeLessThanOrEqual(1e-4 + 1e-6);
  });
});
