// The evaluator against three.js (GLTFLoader + AnimationMixer + SkinnedMesh.getVertexPosition, running
// in Node): every file of ../shared/data, the built-in sample, and generated files with STEP and
// CUBICSPLINE on every path, matrix nodes, strips and fans, sparse and quantized accessors, and a
// skinned tube with non-uniform joint scale; every clip at 21 evenly spaced times plus times before
// the first key and past the end. Bar: max vertex deviation <= 1e-5 of the bounding-box diagonal.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/animationEvaluator.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import type { ImportedScene } from '../../../app/io/importedScene.ts';
import { writeRigidScene, writeSkinnedScene } from '../../helpers/featureScenes.ts';
import { type ThreeReference, threeReference } from '../../helpers/threeGltf.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const samplePath = fileURLToPath(new URL('../../../assets/sample.glb', import.meta.url));
const sharedFiles = readdirSync(dataFolder)
  .filter((f) => /\.(glb|gltf)$/.test(f))
  .map((f) => join(dataFolder, f));
const sampleFiles = existsSync(samplePath) ? [samplePath] : [];
const SAMPLES_PER_CLIP = 21;

let folder: string;
const generated: Record<string, string> = {};

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-evaluator-'));
  generated.rigid = await writeRigidScene(folder);
  generated.skinned = await writeSkinnedScene(folder);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const gltfNodeIndex = (scene: ImportedScene, meshIndex: number): number => scene.document.getRoot().listNodes().indexOf(scene.meshes[meshIndex].node);

function bboxDiagonal(positions: Iterable<Float32Array>): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const array of positions) {
    for (let i = 0; i < array.length; i++) {
      min[i % 3] = Math.min(min[i % 3], array[i]);
      max[i % 3] = Math.max(max[i % 3], array[i]);
    }
  }
  return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}

/** Times to test a clip at: evenly spaced over [0, duration], off-key offsets, and past the end. */
function sampleTimes(duration: number): number[] {
  const times = Array.from({ length: SAMPLES_PER_CLIP }, (_, i) => (duration * i) / (SAMPLES_PER_CLIP - 1));
  return [...times, duration * 0.5137, duration * 0.0731, duration + 0.5];
}

async function compareWithThree(path: string): Promise<void> {
  const scene = await readGltfFile(path);
  const reference: ThreeReference = await threeReference(path);
  const evaluator = createAnimationEvaluator(scene);
  expect(scene.meshes.length, `${path}: one imported mesh per three.js triangle-mesh node`).toBe(reference.meshesByNode.size);
  expect(scene.clips.length, `${path}: clips`).toBe(reference.gltf.animations.length);
  const rest = reference.evaluate(null, 0);
  const tolerance = 1e-5 * bboxDiagonal([...rest.values()].map((entry) => entry.positions));
  const positions = scene.meshes.map((mesh) => new Float32Array(3 * mesh.renderVertexCount));
  const normals = scene.meshes.map((mesh) => new Float32Array(3 * mesh.renderVertexCount));

  for (const clipIndex of [null, ...scene.clips.map((_, c) => c)]) {
    const clipName = clipIndex === null ? 'rest pose' : scene.clips[clipIndex].name;
    if (clipIndex !== null) {
      expect(scene.clips[clipIndex].duration, `${path}: duration of ${clipName}`).toBeCloseTo(reference.gltf.animations[clipIndex].duration, 6);
    }
    const times = clipIndex === null ? [0] : sampleTimes(scene.clips[clipIndex].duration);
    for (const time of times) {
      const expected = reference.evaluate(clipIndex, time, true);
      scene.meshes.forEach((mesh, m) => {
        const where = `${path}: mesh "${mesh.name}", ${clipName} at t=${time.toFixed(4)}`;
        const entry = expected.get(gltfNodeIndex(scene, m));
        expect(entry, `${where}: three.js has the mesh`).toBeDefined();
        expect(entry!.positions.length, `${where}: render vertex count`).toBe(3 * mesh.renderVertexCount);
        evaluator.evaluateMesh(m, clipIndex, time, positions[m], normals[m]);
        let worst = 0;
        for (let i = 0; i < positions[m].length; i++) worst = Math.max(worst, Math.abs(positions[m][i] - entry!.positions[i]));
        expect(worst, `${where}: max position deviation`).toBeLessThanOrEqual(tolerance);
        if (entry!.normals && mesh.restNormals) {
          let worstNormal = 0;
          for (let i = 0; i < normals[m].length; i++) worstNormal = Math.max(worstNormal, Math.abs(normals[m][i] - entry!.normals[i]));
          expect(worstNormal, `${where}: max normal deviation`).toBeLessThanOrEqual(1e-4);
        }
      });
    }
  }
}

describe('createAnimationEvaluator matches three.js', () => {
  it.each(sharedFiles)('on ../shared/data file %s', async (path) => {
    await compareWithThree(path);
  });

  it.each(sampleFiles)('on the built-in sample %s', async (path) => {
    await compareWithThree(path);
  });

  it('on generated rigid hierarchies with STEP/LINEAR/CUBICSPLINE, matrix nodes, strips, fans, sparse and quantized data', async () => {
    await compareWithThree(generated.rigid);
  });

  it('on a generated skinned tube with STEP translation, CUBICSPLINE rotation, non-uniform scale and a transformed mesh node', async () => {
    await compareWithThree(generated.skinned);
  });
});

describe('AnimationEvaluator parts', () => {
  it('skin matrices equal three.js bone.matrixWorld · boneInverse, and rebuild the evaluated positions', async () => {
    const path = join(dataFolder, 'Fox.glb');
    const scene = await readGltfFile(path);
    const reference = await threeReference(path);
    const evaluator = createAnimationEvaluator(scene);
    const time = 0.37;
    reference.evaluate(1, time);
    const skinnedMesh = reference.meshesByNode.get(gltfNodeIndex(scene, 0))![0] as unknown as import('three').SkinnedMesh;
    const parts = evaluator.evaluateMeshParts(0, 1, time);
    const bones = skinnedMesh.skeleton.bones;
    expect(parts.skinMatrices!.length, 'one matrix per joint').toBe(16 * bones.length);
    for (let j = 0; j < bones.length; j++) {
      const expected = bones[j].matrixWorld.clone().multiply(skinnedMesh.skeleton.boneInverses[j]).elements;
      for (let i = 0; i < 16; i++) expect(parts.skinMatrices![16 * j + i], `joint ${j} element ${i}`).toBeCloseTo(expected[i], 4);
    }
    // Σ w S p from the parts reproduces evaluateMesh.
    const mesh = scene.meshes[0];
    const skin = mesh.skin!;
    const out = new Float32Array(3 * mesh.renderVertexCount);
    evaluator.evaluateMesh(0, 1, time, out);
    for (let v = 0; v < mesh.renderVertexCount; v += 37) {
      const p = [0, 0, 0];
      for (let k = 0; k < skin.influencesPerVertex; k++) {
        const w = skin.weights[v * skin.influencesPerVertex + k];
        const s = parts.skinMatrices!.subarray(16 * skin.joints[v * skin.influencesPerVertex + k]);
        const [x, y, z] = parts.morphedBindPositions.subarray(3 * v, 3 * v + 3);
        for (let r = 0; r < 3; r++) p[r] += w * (s[r] * x + s[4 + r] * y + s[8 + r] * z + s[12 + r]);
      }
      for (let r = 0; r < 3; r++) expect(out[3 * v + r], `vertex ${v} axis ${r}`).toBeCloseTo(p[r], 3);
    }
  });

  it('morphed bind positions are rest + Σ weight · delta, and the world matrix maps them to the output', async () => {
    const scene = await readGltfFile(join(dataFolder, 'MorphStressTest.gltf'));
    const evaluator = createAnimationEvaluator(scene);
    const parts = evaluator.evaluateMeshParts(0, 0, 1.3);
    const mesh = scene.meshes[0];
    expect(parts.skinMatrices, 'unskinned mesh has no skin matrices').toBeUndefined();
    expect(
      Array.from(parts.morphWeights).some((w) => w !== 0),
      'some morph weight is active at t=1.3',
    ).toBe(true);
    const out = new Float32Array(3 * mesh.renderVertexCount);
    evaluator.evaluateMesh(0, 0, 1.3, out);
    const m = parts.worldMatrix;
    for (let v = 0; v < mesh.renderVertexCount; v += 11) {
      for (let r = 0; r < 3; r++) {
        let expected = mesh.restPositions[3 * v + r];
        parts.morphWeights.forEach((w, t) => (expected += w * mesh.morphPositionDeltas[t][3 * v + r]));
        expect(parts.morphedBindPositions[3 * v + r], `morphed vertex ${v} axis ${r}`).toBeCloseTo(expected, 6);
      }
      const [x, y, z] = parts.morphedBindPositions.subarray(3 * v, 3 * v + 3);
      for (let r = 0; r < 3; r++) expect(out[3 * v + r], `world vertex ${v} axis ${r}`).toBeCloseTo(m[r] * x + m[4 + r] * y + m[8 + r] * z + m[12 + r], 5);
    }
  });

  it('simulation positions are the evaluated positions of each welded vertex, shared by all its render vertices', async () => {
    const scene = await readGltfFile(join(dataFolder, 'Fox.glb'));
    const evaluator = createAnimationEvaluator(scene);
    const mesh = scene.meshes[0];
    const render = new Float32Array(3 * mesh.renderVertexCount);
    const simulation = new Float32Array(3 * mesh.topology.vertexCount);
    evaluator.evaluateMesh(0, 2, 0.5, render);
    evaluator.evaluateSimulationPositions(0, 2, 0.5, simulation);
    let worst = 0;
    for (let r = 0; r < mesh.renderVertexCount; r++) {
      const v = mesh.topology.renderToSimulation[r];
      for (let i = 0; i < 3; i++) worst = Math.max(worst, Math.abs(render[3 * r + i] - simulation[3 * v + i]));
    }
    // Render vertices that share a bind position share joints and weights in Fox.glb, so they move together.
    expect(worst, 'seam render vertices stay on their welded vertex').toBeLessThan(1e-4);
  });

  it('evaluated normals stay perpendicular to the deformed surface under non-uniform joint scale', async () => {
    const scene = await readGltfFile(generated.skinned);
    const evaluator = createAnimationEvaluator(scene);
    const mesh = scene.meshes[0];
    const positions = new Float32Array(3 * mesh.renderVertexCount);
    const normals = new Float32Array(3 * mesh.renderVertexCount);
    // At t = 1 the tip joint has scale (1.8, 0.6, 1): the top rings are elliptical.
    evaluator.evaluateMesh(0, 0, 1, positions, normals);
    const sides = 8;
    const ring = 15; // the top ring, bound only to the tip joint, so the map is affine there
    for (let side = 0; side < sides; side++) {
      const v = ring * sides + side;
      const previous = ring * sides + ((side + sides - 1) % sides);
      const next = ring * sides + ((side + 1) % sides);
      // The chord between the neighbours is parallel to the tangent of an ellipse at v (affine image of a circle, symmetric neighbours).
      const tangent = [0, 1, 2].map((i) => positions[3 * next + i] - positions[3 * previous + i]);
      const length = Math.hypot(...tangent);
      const dot = (normals[3 * v] * tangent[0] + normals[3 * v + 1] * tangent[1] + normals[3 * v + 2] * tangent[2]) / length;
      expect(Math.abs(dot), `normal of vertex ${v} is perpendicular to the ring`).toBeLessThan(1e-5);
    }
  });
});
