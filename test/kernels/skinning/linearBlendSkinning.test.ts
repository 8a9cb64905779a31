// The WGSL skinning kernel against its CPU twin (app/animation/linearBlendSkinning.ts), in Node on Dawn: random
// meshes of awkward sizes, every skinned asset in ../shared/data and the built-in sample at animated poses, the
// zero-weight rule, dispatches too large for one grid dimension, and the host's buffer checks.
// Tolerance: f32 evaluation of Σ w·(S·p) errs by at most a few ulp of Σ |w|·(|S|·|p| + |t|), so each coordinate
// must match within 1e-5 of that magnitude (the CPU sums in f64).
import { NodeIO, type Document } from '@gltf-transform/core';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Matrix4 } from 'three';
import { describe, expect, it } from 'vitest';
import { linearBlendSkinning as linearBlendSkinningCpu } from '../../../app/animation/linearBlendSkinning.ts';
import { readBuffer } from '../../../kernels/gpu/readBuffer.ts';
import { storageBuffer } from '../../../kernels/gpu/storageBuffer.ts';
import { LinearBlendSkinningKernel, linearBlendSkinningGpu } from '../../../kernels/skinning/linearBlendSkinning.ts';
import { skinningSelfTest } from '../../../kernels/skinning/skinningSelfTest.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { random } from '../../helpers/random.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const samplePath = fileURLToPath(new URL('../../../assets/sample.glb', import.meta.url));
const RELATIVE_TOLERANCE = 1e-5;

interface SkinningCase {
  positions: Float32Array;
  joints: Uint16Array | Uint32Array;
  weights: Float32Array;
  influencesPerVertex: number;
  skinMatrices: Float32Array;
}

/** Random mesh: positions in ±scale, K influences with ~30 % zero weights, general (non-rigid) affine matrices. */
function randomCase(vertexCount: number, influencesPerVertex: number, jointCount: number, seed: number, scale = 2): SkinningCase {
  const next = random(seed);
  const positions = new Float32Array(3 * vertexCount).map(() => scale * (2 * next() - 1));
  const joints = new Uint32Array(influencesPerVertex * vertexCount).map(() => Math.floor(next() * jointCount));
  const weights = new Float32Array(influencesPerVertex * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    let sum = 0;
    for (let k = 0; k < influencesPerVertex; k++) sum += weights[v * influencesPerVertex + k] = next() < 0.3 ? 0 : next();
    if (sum === 0) sum = weights[v * influencesPerVertex] = 1;
    for (let k = 0; k < influencesPerVertex; k++) weights[v * influencesPerVertex + k] /= sum;
  }
  const skinMatrices = new Float32Array(16 * jointCount).map((_, i) => (i % 16 === 15 ? 1 : i % 4 === 3 ? 0 : 2 * next() - 1));
  return { positions, joints, weights, influencesPerVertex, skinMatrices };
}

/** Per-coordinate error bound magnitude Σ_k |w_k| (Σ_c |S_rc||p_c| + |S_r3|) of the CPU formula. */
function magnitudes(c: SkinningCase): Float64Array {
  const { positions, joints, weights, influencesPerVertex: K, skinMatrices: S } = c;
  const out = new Float64Array(positions.length);
  for (let v = 0; v < positions.length / 3; v++) {
    for (let k = 0; k < K; k++) {
      const w = Math.abs(weights[v * K + k]);
      if (w === 0) continue;
      const m = joints[v * K + k] * 16;
      for (let r = 0; r < 3; r++) {
        let term = Math.abs(S[m + 12 + r]);
        for (let col = 0; col < 3; col++) term += Math.abs(S[m + 4 * col + r]) * Math.abs(positions[3 * v + col]);
        out[3 * v + r] += w * term;
      }
    }
  }
  return out;
}

/** Largest |gpu − cpu| / magnitude over all coordinates, and where it happened. */
function worstRelativeError(c: SkinningCase, gpu: Float32Array): { error: number; at: number } {
  const cpu = linearBlendSkinningCpu(c.positions, c.joints, c.weights, c.influencesPerVertex, c.skinMatrices, new Float64Array(c.positions.length));
  const scale = magnitudes(c);
  let worst = { error: 0, at: -1 };
  for (let i = 0; i < cpu.length; i++) {
    const error = Number.isNaN(gpu[i]) ? Infinity : Math.abs(gpu[i] - cpu[i]) / Math.max(scale[i], 1e-30);
    if (error > worst.error) worst = { error, at: i };
  }
  return worst;
}

/** Skin matrices S_j = world(j) · inverseBind(j) of a document's first skin, composed with three.js. */
function skinMatricesOf(document: Document, skinIndex: number): Float32Array {
  const skin = document.getRoot().listSkins()[skinIndex];
  const joints = skin.listJoints();
  const inverseBind = skin.getInverseBindMatrices()?.getArray();
  const out = new Float32Array(16 * joints.length);
  joints.forEach((joint, j) => {
    const world = new Matrix4().fromArray(joint.getWorldMatrix());
    const bind = inverseBind ? new Matrix4().fromArray(Array.from(inverseBind.subarray(16 * j, 16 * j + 16))) : new Matrix4();
    out.set(world.multiply(bind).elements, 16 * j);
  });
  return out;
}

/** Poses every animated node of the first animation at key `key` (clamped), to get a non-rest pose. */
function poseAtKey(document: Document, key: number): void {
  const animation = document.getRoot().listAnimations()[0];
  if (!animation) return;
  for (const channel of animation.listChannels()) {
    const sampler = channel.getSampler();
    const node = channel.getTargetNode();
    const path = channel.getTargetPath();
    if (!sampler || !node || (path !== 'translation' && path !== 'rotation' && path !== 'scale')) continue;
    const input = sampler.getInput()!;
    const output = sampler.getOutput()!;
    const i = Math.min(key, input.getCount() - 1);
    const element = sampler.getInterpolation() === 'CUBICSPLINE' ? 3 * i + 1 : i;
    const value = output.getElement(element, [] as number[]);
    if (path === 'rotation') node.setRotation(value as [number, number, number, number]);
    else if (path === 'translation') node.setTranslation(value as [number, number, number]);
    else node.setScale(value as [number, number, number]);
  }
}

/** Every skinned primitive of a document as skinning cases (matrices from its node's skin at the current pose). */
function skinnedCases(document: Document): { name: string; c: SkinningCase }[] {
  const cases: { name: string; c: SkinningCase }[] = [];
  const skins = document.getRoot().listSkins();
  for (const node of document.getRoot().listNodes()) {
    const skin = node.getSkin();
    const mesh = node.getMesh();
    if (!skin || !mesh) continue;
    const skinMatrices = skinMatricesOf(document, skins.indexOf(skin));
    mesh.listPrimitives().forEach((primitive, p) => {
      const position = primitive.getAttribute('POSITION');
      const joints = primitive.getAttribute('JOINTS_0');
      const weights = primitive.getAttribute('WEIGHTS_0');
      if (!position || !joints || !weights) return;
      const count = position.getCount();
      const jointArray = new Uint16Array(4 * count);
      const weightArray = new Float32Array(4 * count);
      for (let v = 0, e: number[] = []; v < count; v++) {
        jointArray.set(joints.getElement(v, e), 4 * v);
        weightArray.set(weights.getElement(v, e), 4 * v); // getElement denormalizes UNSIGNED_BYTE/SHORT weights
      }
      const positions = new Float32Array(3 * count);
      for (let v = 0, e: number[] = []; v < count; v++) positions.set(position.getElement(v, e), 3 * v);
      cases.push({
        name: `${node.getName() || 'node'}/${p}`,
        c: { positions, joints: jointArray, weights: weightArray, influencesPerVertex: 4, skinMatrices },
      });
    });
  }
  return cases;
}

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`linearBlendSkinning.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const device = (): GPUDevice => node.device!;

  it.each([
    [1, 4],
    [63, 4],
    [64, 4],
    [65, 1],
    [1000, 8],
    [10_007, 4],
  ])('on random meshes: %i vertices, %i influences', async (vertexCount, influences) => {
    const c = randomCase(vertexCount, influences, 24, vertexCount * 31 + influences);
    const gpu = await linearBlendSkinningGpu(
      device(),
      c.positions,
      c.joints,
      c.weights,
      c.influencesPerVertex,
      c.skinMatrices,
      new Float32Array(3 * vertexCount),
    );
    const worst = worstRelativeError(c, gpu);
    expect(worst.error, `coordinate ${worst.at}: relative error`).toBeLessThan(RELATIVE_TOLERANCE);
  });

  it('with Uint16 joints and Float64 inputs (widened and narrowed by the host, as the CPU accepts them)', async () => {
    const c = randomCase(500, 4, 40, 7);
    const joints16 = Uint16Array.from(c.joints);
    const out = new Float64Array(1500);
    await linearBlendSkinningGpu(device(), Float64Array.from(c.positions), joints16, Float64Array.from(c.weights), 4, Float64Array.from(c.skinMatrices), out);
    const worst = worstRelativeError({ ...c, joints: joints16 }, Float32Array.from(out));
    expect(worst.error, `coordinate ${worst.at}: relative error`).toBeLessThan(RELATIVE_TOLERANCE);
  });

  it('skips zero weights as the CPU does (a NaN matrix under weight 0 must not leak into the result)', async () => {
    const c = randomCase(64, 4, 3, 11);
    for (let v = 0; v < 64; v++) {
      c.weights.set([0.5, 0.5, 0, 0], 4 * v);
      c.joints.set([0, 1, 2, 2], 4 * v);
    }
    c.skinMatrices.fill(NaN, 32, 48); // joint 2
    const gpu = await linearBlendSkinningGpu(device(), c.positions, c.joints, c.weights, 4, c.skinMatrices, new Float32Array(192));
    expect(gpu.every(Number.isFinite), 'all GPU outputs finite').toBe(true);
    expect(worstRelativeError(c, gpu).error, 'relative error').toBeLessThan(RELATIVE_TOLERANCE);
  });

  it('on the built-in sample at rest and at 4 poses of its clip', async () => {
    for (const key of [-1, 8, 15, 26, 45]) {
      const document = await new NodeIO().read(samplePath);
      if (key >= 0) poseAtKey(document, key);
      const cases = skinnedCases(document);
      expect(cases.length, 'sample has 2 skinned primitives').toBe(2);
      for (const { name, c } of cases) {
        const gpu = await linearBlendSkinningGpu(device(), c.positions, c.joints, c.weights, 4, c.skinMatrices, new Float32Array(c.positions.length));
        const worst = worstRelativeError(c, gpu);
        expect(worst.error, `sample ${name} key ${key}, coordinate ${worst.at}`).toBeLessThan(RELATIVE_TOLERANCE);
      }
    }
  });

  const files = readdirSync(dataFolder).filter((f) => /\.(glb|gltf)$/i.test(f));
  it.each(files)('on every skinned primitive of ../shared/data/%s (rest and a mid-clip pose)', async (file) => {
    for (const key of [-1, 10]) {
      const document = await new NodeIO().read(dataFolder + file);
      if (key >= 0) poseAtKey(document, key);
      const cases = skinnedCases(document);
      const skinned = document.getRoot().listSkins().length > 0;
      expect(cases.length > 0, `${file}: ${skinned ? 'has a skin but no skinned primitive was read' : 'no skin, nothing to compare'}`).toBe(skinned);
      for (const { name, c } of cases) {
        const gpu = await linearBlendSkinningGpu(device(), c.positions, c.joints, c.weights, 4, c.skinMatrices, new Float32Array(c.positions.length));
        const worst = worstRelativeError(c, gpu);
        expect(worst.error, `${file} ${name} key ${key}, coordinate ${worst.at}`).toBeLessThan(RELATIVE_TOLERANCE);
      }
    }
  });

  it('folds dispatches beyond 65 535 workgroups into a second dimension (4.2 M vertices, 1 influence)', async () => {
    const vertexCount = 65_535 * 64 + 130;
    const c = randomCase(vertexCount, 1, 4, 5, 1);
    const gpu = await linearBlendSkinningGpu(device(), c.positions, c.joints, c.weights, 1, c.skinMatrices, new Float32Array(3 * vertexCount));
    const worst = worstRelativeError(c, gpu);
    expect(worst.error, `coordinate ${worst.at} of ${3 * vertexCount}`).toBeLessThan(RELATIVE_TOLERANCE);
  });

  it('writes only the first V×3 floats of a caller-owned out buffer, inside the caller encoder', async () => {
    const c = randomCase(100, 4, 8, 3);
    const kernel = await LinearBlendSkinningKernel.create(device());
    const sentinel = new Float32Array(3 * 100 + 8).fill(-7);
    const buffers = {
      positions: storageBuffer(device(), c.positions),
      joints: storageBuffer(device(), c.joints),
      weights: storageBuffer(device(), c.weights),
      skinMatrices: storageBuffer(device(), c.skinMatrices),
      out: storageBuffer(device(), sentinel),
    };
    const binding = kernel.bind({ ...buffers, influencesPerVertex: 4, vertexCount: 100 }, { out: buffers.out });
    const encoder = device().createCommandEncoder();
    kernel.encode(encoder, binding);
    device().queue.submit([encoder.finish()]);
    const result = new Float32Array(await readBuffer(device(), buffers.out));
    expect(Array.from(result.subarray(300)), 'floats after V×3 untouched').toEqual(Array(8).fill(-7));
    expect(worstRelativeError(c, result.subarray(0, 300)).error, 'relative error').toBeLessThan(RELATIVE_TOLERANCE);
    binding.destroy();
    Object.values(buffers).forEach((b) => b.destroy());
  });

  it('rejects buffers too small for the vertex count, and out aliasing positions, naming the buffer', async () => {
    const kernel = await LinearBlendSkinningKernel.create(device());
    const small = storageBuffer(device(), 12 * 10);
    const big = storageBuffer(device(), 16 * 4 * 100);
    const inputs = { positions: big, joints: big, weights: big, influencesPerVertex: 4, skinMatrices: big, vertexCount: 100 };
    expect(() => kernel.bind({ ...inputs, positions: small }, { out: big }), 'small positions').toThrow(/positions buffer holds 120 bytes/);
    expect(() => kernel.bind(inputs, { out: small }), 'small out').toThrow(/out buffer holds 120 bytes, 100 vertices need 1200/);
    expect(() => kernel.bind(inputs, { out: big }), 'aliasing').toThrow(/out may not alias positions/);
    expect(() => kernel.bind({ ...inputs, influencesPerVertex: 0 }, { out: small }), 'bad K').toThrow(/influencesPerVertex/);
    small.destroy();
    big.destroy();
  });

  it('skinningSelfTest passes on this adapter and reports what it measured', async () => {
    const result = await skinningSelfTest(device(), 4096);
    expect(result.vertexCount, 'vertex count').toBe(4096);
    expect(result.passed, `maxError ${result.maxError} vs tolerance ${result.tolerance}`).toBe(true);
    expect(result.maxError, 'GPU and CPU differ by f32 rounding, not by zero (the GPU really ran)').toBeGreaterThan(0);
    expect(result.milliseconds, 'timing measured').toBeGreaterThan(0);
  });
});
