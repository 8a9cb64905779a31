// importedMesh: skin sets beyond the first, weight normalization and weld disagreements, checked by
// equivalence: a file and a rewritten file that glTF defines to mean the same pose must evaluate alike.
import { Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/animationEvaluator.ts';
import { readGltf } from '../../../app/io/readGltf.ts';

interface SkinSet {
  joints: number[];
  weights: number[];
}

/** Three vertices (two sharing a position when `seam`), two joints, the child joint rotating. */
async function skinnedTriangle(sets: SkinSet[], positions = [0, 0, 0, 1, 1, 0, 0, 2, 0]): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const accessor = (type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint16Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document.createPrimitive().setAttribute('POSITION', accessor('VEC3', new Float32Array(positions)));
  sets.forEach((set, s) => {
    primitive.setAttribute(`JOINTS_${s}`, accessor('VEC4', new Uint16Array(set.joints)));
    primitive.setAttribute(`WEIGHTS_${s}`, accessor('VEC4', new Float32Array(set.weights)));
  });
  const root = document.createNode('Root');
  const child = document.createNode('Child').setTranslation([0, 1, 0]);
  root.addChild(child);
  const skin = document
    .createSkin()
    .addJoint(root)
    .addJoint(child)
    .setInverseBindMatrices(
      accessor('MAT4', new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1])),
    );
  const sampler = document
    .createAnimationSampler()
    .setInput(accessor('SCALAR', new Float32Array([0, 1])))
    .setOutput(accessor('VEC4', new Float32Array([0, 0, 0, 1, 0, 0, Math.sin(0.6), Math.cos(0.6)])));
  document
    .createAnimation('Turn')
    .addSampler(sampler)
    .addChannel(document.createAnimationChannel().setTargetNode(child).setTargetPath('rotation').setSampler(sampler));
  document
    .createScene()
    .addChild(root)
    .addChild(document.createNode('Mesh').setMesh(document.createMesh().addPrimitive(primitive)).setSkin(skin));
  return new NodeIO().writeBinary(document);
}

async function positionsAt(bytes: Uint8Array, time: number): Promise<Float32Array> {
  const scene = await readGltf(bytes, { fileName: 'triangle.glb' });
  const out = new Float32Array(3 * scene.meshes[0].renderVertexCount);
  createAnimationEvaluator(scene).evaluateMesh(0, 0, time, out);
  return out;
}

const single: SkinSet = { joints: [0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0], weights: [1, 0, 0, 0, 0.4, 0.6, 0, 0, 0, 1, 0, 0] };

describe('importedMesh', () => {
  it('blends JOINTS_1/WEIGHTS_1 with the first set: splitting each weight across two sets changes nothing', async () => {
    const split: SkinSet[] = [
      { joints: single.joints, weights: single.weights.map((w) => 0.25 * w) },
      { joints: single.joints, weights: single.weights.map((w) => 0.75 * w) },
    ];
    const scene = await readGltf(await skinnedTriangle(split), { fileName: 'split.glb' });
    expect(scene.meshes[0].skin!.influencesPerVertex, 'eight influences per vertex').toBe(8);
    const expected = await positionsAt(await skinnedTriangle([single]), 0.7);
    const actual = await positionsAt(await skinnedTriangle(split), 0.7);
    actual.forEach((x, i) => expect(x, `coordinate ${i}`).toBeCloseTo(expected[i], 6));
  });

  it('normalizes weights that do not sum to 1, and says so', async () => {
    const doubled: SkinSet = { joints: single.joints, weights: single.weights.map((w) => 2 * w) };
    const bytes = await skinnedTriangle([doubled]);
    const scene = await readGltf(bytes, { fileName: 'doubled.glb' });
    expect(scene.warnings.join('\n'), 'warning').toMatch(/3 vertices had skin weights not summing to 1; normalized/);
    const expected = await positionsAt(await skinnedTriangle([single]), 1);
    const actual = await positionsAt(bytes, 1);
    actual.forEach((x, i) => expect(x, `coordinate ${i}`).toBeCloseTo(expected[i], 6));
  });

  it('warns when render vertices welded into one simulation vertex are skinned differently', async () => {
    // Vertices 1 and 2 share a position but not their weights.
    const bytes = await skinnedTriangle([single], [0, 0, 0, 1, 1, 0, 1, 1, 0]);
    const scene = await readGltf(bytes, { fileName: 'seam.glb' });
    expect(scene.meshes[0].topology.vertexCount, 'welded').toBe(2);
    expect(scene.warnings.join('\n'), 'warning').toMatch(/1 render vertices share a position with another but differ in skin weights/);
    const same = await readGltf(
      await skinnedTriangle([{ joints: single.joints, weights: [1, 0, 0, 0, 0.4, 0.6, 0, 0, 0.4, 0.6, 0, 0] }], [0, 0, 0, 1, 1, 0, 1, 1, 0]),
      { fileName: 'seam.glb' },
    );
    expect(same.warnings, 'no warning when the weights agree').toEqual([]);
  });

  it('treats a skinned node whose mesh has no JOINTS_0 as rigid, with a warning', async () => {
    const scene = await readGltf(await skinnedTriangle([]), { fileName: 'noskin.glb' });
    expect(scene.meshes[0].skinned, 'rigid').toBe(false);
    expect(scene.warnings.join('\n'), 'warning').toMatch(/has a skin but the mesh has no JOINTS_0/);
  });
});
