// correctiveMorphTargets: the written file is valid glTF, the baked clip comes first, and three.js (an
// independent glTF client) plays it back onto exactly the positions we asked for, while every input clip
// still plays as before. Skin matrices and input poses come from three.js itself, not from our evaluator.
import { NodeIO, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { correctiveDeltas, correctiveMorphTargets, type BakedKeys } from '../../../app/export/index.ts';
import { diagonal, maxDistance } from '../bake/bakeTestKit.ts';
import { loadThree, poseThree, threeMorphInfluences, threePositions, threeSkinMatrices } from './threeReference.ts';
import { validatorIssues } from '../../helpers/validatorIssues.ts';

const data = new URL('../../../../shared/data/', import.meta.url).pathname;
const io = () => new NodeIO().registerExtensions(ALL_EXTENSIONS);

const validate = (bytes: Uint8Array): Promise<string[]> => validatorIssues(bytes, 0, 50);

/** Bind-space data of a node's triangle primitives, concatenated: base positions, joints, weights, morph deltas. */
function bindData(document: Document, nodeIndex: number) {
  const mesh = document.getRoot().listNodes()[nodeIndex].getMesh()!;
  const primitives = mesh.listPrimitives().filter((p) => p.getMode() === 4);
  const arrays = (get: (p: (typeof primitives)[number]) => Float32Array | Uint16Array | Uint8Array | null, size: number) => {
    const count = primitives.reduce((n, p) => n + p.getAttribute('POSITION')!.getCount(), 0);
    const out = new Float64Array(count * size);
    let offset = 0;
    for (const p of primitives) {
      const values = get(p);
      const n = p.getAttribute('POSITION')!.getCount();
      if (values) for (let i = 0; i < n * size; i++) out[offset * size + i] = values[i];
      offset += n;
    }
    return out;
  };
  const targetCount = primitives[0].listTargets().length;
  const floats = (a: ReturnType<NonNullable<ReturnType<(typeof primitives)[number]['getAttribute']>>['getArray']>) => a as Float32Array | null;
  return {
    positions: arrays((p) => floats(p.getAttribute('POSITION')!.getArray()), 3),
    joints: primitives[0].getAttribute('JOINTS_0') ? arrays((p) => p.getAttribute('JOINTS_0')!.getArray() as Uint16Array, 4) : null,
    weights: primitives[0].getAttribute('WEIGHTS_0') ? arrays((p) => floats(p.getAttribute('WEIGHTS_0')!.getArray()), 4) : null,
    morphs: Array.from({ length: targetCount }, (_, t) => arrays((p) => floats(p.listTargets()[t].getAttribute('POSITION')?.getArray() ?? null), 3)),
  };
}

/** A smooth, frame-dependent secondary offset on the vertices above the mesh's mid height. */
function wobble(positions: ArrayLike<number>, frame: number, amplitude: number, midY: number): Float64Array {
  const out = Float64Array.from(positions);
  for (let i = 0; i < out.length; i += 3) {
    if (positions[i + 1] < midY) continue;
    out[i] += amplitude * Math.sin(0.9 * frame + positions[i + 2] / amplitude);
    out[i + 1] += 0.5 * amplitude * Math.cos(0.7 * frame);
  }
  return out;
}

interface BakeCase {
  file: string;
  clip: string;
  fps: number;
  frameCount: number;
}

/** Writes corrective targets that move the upper half of a node by `wobble`, as the bake would. */
async function bakeCase({ file, clip, fps, frameCount }: BakeCase) {
  const inputBytes = new Uint8Array(readFileSync(data + file));
  const document = await io()
    .readBinary(inputBytes)
    .catch(async () => io().read(data + file));
  const inputThree = await loadThree(await io().writeBinary(document));
  const nodeIndex = [...inputThree.meshesByNode.keys()][0];
  const clipIndex = document
    .getRoot()
    .listAnimations()
    .findIndex((a) => a.getName() === clip);
  const bind = bindData(document, nodeIndex);
  poseThree(inputThree, null, 0);
  const rest = threePositions(inputThree, nodeIndex);
  const diag = diagonal(rest);
  let midY = 0;
  for (let i = 1; i < rest.length; i += 3) midY += rest[i] / (rest.length / 3);
  const renderCount = rest.length / 3;
  const deltas = new Float32Array(frameCount * renderCount * 3);
  const wanted: Float64Array[] = [];
  const existing = bind.morphs.length;
  const existingWeights = existing ? new Float32Array(frameCount * existing) : null;
  for (let f = 0; f < frameCount; f++) {
    poseThree(inputThree, clip, f / fps);
    const input = threePositions(inputThree, nodeIndex);
    const target = wobble(input, f, 0.02 * diag, midY);
    wanted.push(target);
    const influences = threeMorphInfluences(inputThree, nodeIndex);
    const morphed = Float64Array.from(bind.positions);
    influences.forEach((w, t) => {
      existingWeights![f * existing + t] = w;
      for (let i = 0; i < morphed.length; i++) morphed[i] += w * bind.morphs[t][i];
    });
    const singular = correctiveDeltas(
      morphed,
      bind.joints,
      bind.weights,
      4,
      threeSkinMatrices(inputThree, nodeIndex),
      target,
      input,
      deltas.subarray(f * renderCount * 3, (f + 1) * renderCount * 3),
    );
    expect(singular, 'no vertex has a singular blended skin matrix').toBe(0);
  }
  const keys: BakedKeys = { times: Float32Array.from({ length: frameCount }, (_, f) => f / fps), frame: Int32Array.from({ length: frameCount }, (_, f) => f) };
  await document.transform(
    correctiveMorphTargets({
      animationName: `${clip} (baked)`,
      sourceAnimation: clipIndex,
      keys,
      meshes: [{ node: nodeIndex, parts: [{ triangles: null, targets: deltas, normalTargets: null, frameWeights: null }], existingWeights }],
    }),
  );
  const bytes = await io().writeBinary(document);
  return { bytes, nodeIndex, wanted, diag, inputThree, document, existing, renderCount };
}

describe('correctiveMorphTargets', () => {
  it('Fox Walk: valid glTF, baked clip first, three.js plays back every frame to 1e-5 of the diagonal', async () => {
    const fps = 24;
    const { bytes, nodeIndex, wanted, diag, document } = await bakeCase({ file: 'Fox.glb', clip: 'Walk', fps, frameCount: 8 });
    expect(await validate(bytes), 'gltf-validator errors').toEqual([]);
    const names = document
      .getRoot()
      .listAnimations()
      .map((a) => a.getName());
    expect(names, 'the baked clip is first and the input clips follow in order').toEqual(['Walk (baked)', 'Survey', 'Walk', 'Run']);
    const output = await loadThree(bytes);
    expect((output.meshesByNode.get(nodeIndex)![0] as { isSkinnedMesh?: boolean }).isSkinnedMesh, 'the mesh stays skinned').toBe(true);
    for (let f = 0; f < wanted.length; f++) {
      poseThree(output, 0, f / fps);
      const error = maxDistance(threePositions(output, nodeIndex), wanted[f]) / diag;
      expect(error, `frame ${f}: deviation / diagonal`).toBeLessThan(1e-5);
    }
  });

  it('keeps existing morph targets: the baked clip reproduces them, other clips play exactly as in the input', async () => {
    const fps = 30;
    const { bytes, nodeIndex, wanted, diag, inputThree, existing, renderCount } = await bakeCase({
      file: 'MorphStressTest.gltf',
      clip: 'TheWave',
      fps,
      frameCount: 6,
    });
    expect(existing, 'MorphStressTest has morph targets of its own').toBeGreaterThan(0);
    expect(await validate(bytes), 'gltf-validator errors').toEqual([]);
    const output = await loadThree(bytes);
    expect(output.meshesByNode.get(nodeIndex)![0].morphTargetInfluences!.length, 'existing + one target per frame').toBe(existing + 6);
    for (let f = 0; f < wanted.length; f++) {
      poseThree(output, 0, f / fps);
      expect(maxDistance(threePositions(output, nodeIndex), wanted[f]) / diag, `frame ${f}`).toBeLessThan(1e-5);
    }
    for (const clip of ['Individuals', 'Pulse']) {
      for (const time of [0.1, 0.77, 1.3]) {
        poseThree(inputThree, clip, time);
        poseThree(output, clip, time);
        const error = maxDistance(threePositions(output, nodeIndex), threePositions(inputThree, nodeIndex)) / diag;
        expect(error, `input clip ${clip} at ${time} s plays as before`).toBeLessThan(1e-6);
      }
    }
    expect(renderCount).toBeGreaterThan(0);
  });

  it('stores a target sparsely when few vertices move, densely when most do', async () => {
    // A target with a handful of moving vertices: re-bake with a single moved vertex.
    const document = await io().readBinary(new Uint8Array(readFileSync(data + 'Fox.glb')));
    const node = document
      .getRoot()
      .listNodes()
      .findIndex((n) => n.getMesh());
    const renderCount = document.getRoot().listNodes()[node].getMesh()!.listPrimitives()[0].getAttribute('POSITION')!.getCount();
    const deltas = new Float32Array(3 * renderCount * 3);
    deltas[3 * 5 + 1] = 0.5;
    deltas.fill(0.25, 2 * renderCount * 3);
    const keys: BakedKeys = { times: Float32Array.of(0, 1 / 24, 2 / 24), frame: Int32Array.of(0, 1, 2) };
    await document.transform(
      correctiveMorphTargets({
        keys,
        meshes: [{ node, parts: [{ triangles: null, targets: deltas, normalTargets: null, frameWeights: null }], existingWeights: null }],
      }),
    );
    const written = await io().writeBinary(document);
    expect(await validate(written), 'gltf-validator errors').toEqual([]);
    const out = (await io().writeJSON(await io().readBinary(written))).json;
    const accessors = out.meshes![0].primitives[0].targets!.map((t) => out.accessors![t.POSITION]);
    expect(accessors[0].sparse?.count, 'one moving vertex: sparse with one entry').toBe(1);
    expect(accessors[1].bufferView, 'an all-zero target stores no data').toBeUndefined();
    expect(accessors[1].sparse, 'an all-zero target stores no data').toBeUndefined();
    expect(accessors[2].sparse, 'every vertex moves: dense').toBeUndefined();
    expect(accessors[2].bufferView, 'every vertex moves: dense').toBeGreaterThanOrEqual(0);
  });

  it('copies a mesh shared with another node, which then stays unchanged', async () => {
    const document = await io().readBinary(new Uint8Array(readFileSync(data + 'Fox.glb')));
    const root = document.getRoot();
    const foxNode = root.listNodes().find((n) => n.getMesh())!;
    // A second instance of the same skinned mesh on the same skeleton.
    const twin = document.createNode('twin').setMesh(foxNode.getMesh()).setSkin(foxNode.getSkin());
    root.listScenes()[0].addChild(twin);
    const before = await loadThree(await io().writeBinary(document));
    const twinIndex = root.listNodes().indexOf(twin);
    poseThree(before, null, 0);
    const twinBefore = threePositions(before, twinIndex);
    const renderCount = twinBefore.length / 3;
    const deltas = new Float32Array(renderCount * 3).fill(1);
    await document.transform(
      correctiveMorphTargets({
        keys: { times: Float32Array.of(0), frame: Int32Array.of(0) },
        meshes: [
          {
            node: root.listNodes().indexOf(foxNode),
            parts: [{ triangles: null, targets: deltas, normalTargets: null, frameWeights: null }],
            existingWeights: null,
          },
        ],
      }),
    );
    expect(twin.getMesh(), 'the twin keeps the original mesh').not.toBe(foxNode.getMesh());
    expect(twin.getMesh()!.listPrimitives()[0].listTargets().length, 'the original mesh gained no targets').toBe(0);
    const after = await loadThree(await io().writeBinary(document));
    poseThree(after, 0, 0);
    expect(maxDistance(threePositions(after, twinIndex), twinBefore), 'the twin does not move').toBe(0);
  });
});
