/**
 * Checks the WebGPU skinning kernel against its CPU twin on a deterministic generated mesh, on whatever device the
 * app got (the renderer shows the result in its status bar; the e2e test asserts it in Chromium).
 *
 * Input: `vertexCount` vertices in the cube [-1, 1]³ [m], 4 influences each (normalized, some zero), 32 joints
 * whose skin matrices are rotation · uniform scale (0.8-1.2) + translation (|t| ≤ 1 m), all from a fixed seed.
 * Both sides read the same f32 inputs; the CPU sums in f64, the GPU in f32, so they differ by f32 rounding only
 * (about 1e-7 relative); `tolerance` allows 1e-5 m on these ≤ 4 m magnitudes.
 *
 * @param device       the WebGPU device to test
 * @param vertexCount  generated vertices (default 16 384)
 * @returns vertexCount; maxError, the largest |gpu − cpu| over all coordinates [m]; milliseconds, the median wall
 *          time of one GPU dispatch including readback (3 runs after a warm-up that compiles the pipeline);
 *          tolerance [m]; passed (maxError ≤ tolerance and every value finite)
 */
import { linearBlendSkinning } from '../../app/animation/index.ts';
import { mulberry32 } from '../../app/math/index.ts';
import { LinearBlendSkinningKernel } from './linearBlendSkinning.ts';
import { readBuffer } from '../gpu/readBuffer.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';

export interface SkinningSelfTestResult {
  vertexCount: number;
  maxError: number;
  milliseconds: number;
  tolerance: number;
  passed: boolean;
}

const JOINT_COUNT = 32;
const INFLUENCES = 4;
const TOLERANCE = 1e-5;

export async function skinningSelfTest(device: GPUDevice, vertexCount = 16_384): Promise<SkinningSelfTestResult> {
  const next = mulberry32(0x5eed);
  const positions = new Float32Array(3 * vertexCount).map(() => 2 * next() - 1);
  const joints = new Uint32Array(INFLUENCES * vertexCount);
  const weights = new Float32Array(INFLUENCES * vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    let sum = 0;
    for (let k = 0; k < INFLUENCES; k++) {
      joints[INFLUENCES * v + k] = Math.floor(next() * JOINT_COUNT);
      const w = next() < 0.25 ? 0 : next();
      weights[INFLUENCES * v + k] = w;
      sum += w;
    }
    if (sum === 0) weights[INFLUENCES * v] = sum = 1;
    for (let k = 0; k < INFLUENCES; k++) weights[INFLUENCES * v + k] /= sum;
  }
  const skinMatrices = new Float32Array(16 * JOINT_COUNT);
  for (let j = 0; j < JOINT_COUNT; j++) {
    // Unit quaternion from four normals (normalized), to a column-major rotation · scale, plus a translation.
    let [x, y, z, w] = [next() - 0.5, next() - 0.5, next() - 0.5, next() - 0.5];
    const n = Math.hypot(x, y, z, w) || 1;
    [x, y, z, w] = [x / n, y / n, z / n, w / n];
    const s = 0.8 + 0.4 * next();
    skinMatrices.set(
      [
        s * (1 - 2 * (y * y + z * z)),
        s * 2 * (x * y + z * w),
        s * 2 * (x * z - y * w),
        0,
        s * 2 * (x * y - z * w),
        s * (1 - 2 * (x * x + z * z)),
        s * 2 * (y * z + x * w),
        0,
        s * 2 * (x * z + y * w),
        s * 2 * (y * z - x * w),
        s * (1 - 2 * (x * x + y * y)),
        0,
        2 * next() - 1,
        2 * next() - 1,
        2 * next() - 1,
        1,
      ],
      16 * j,
    );
  }
  const expected = linearBlendSkinning(positions, joints, weights, INFLUENCES, skinMatrices, new Float64Array(3 * vertexCount));

  const kernel = await LinearBlendSkinningKernel.create(device);
  const buffers = [
    storageBuffer(device, positions, 0, 'selfTest positions'),
    storageBuffer(device, joints, 0, 'selfTest joints'),
    storageBuffer(device, weights, 0, 'selfTest weights'),
    storageBuffer(device, skinMatrices, 0, 'selfTest skinMatrices'),
    storageBuffer(device, 12 * vertexCount, 0, 'selfTest out'),
  ];
  const [positionBuffer, jointBuffer, weightBuffer, matrixBuffer, outBuffer] = buffers;
  const binding = kernel.bind(
    { positions: positionBuffer, joints: jointBuffer, weights: weightBuffer, influencesPerVertex: INFLUENCES, skinMatrices: matrixBuffer, vertexCount },
    { out: outBuffer },
  );
  try {
    let actual = new Float32Array(0);
    const times: number[] = [];
    for (let run = 0; run < 4; run++) {
      const start = performance.now();
      kernel.run(binding);
      actual = new Float32Array(await readBuffer(device, outBuffer, 12 * vertexCount));
      if (run > 0) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    let maxError = 0;
    let finite = true;
    for (let i = 0; i < expected.length; i++) {
      if (!Number.isFinite(actual[i])) finite = false;
      maxError = Math.max(maxError, Math.abs(actual[i] - expected[i]));
    }
    return { vertexCount, maxError, milliseconds: times[1], tolerance: TOLERANCE, passed: finite && maxError <= TOLERANCE };
  } finally {
    binding.destroy();
    for (const buffer of buffers) buffer.destroy();
  }
}
