/**
 * Linear blend skinning throughput: the CPU reference (app/animation/linearBlendSkinning.ts) against the WebGPU
 * kernel (kernels/skinning/linearBlendSkinning.wgsl) on this machine's adapter (SwiftShader here: a CPU Vulkan, so
 * the ratios say little about a real GPU), at growing vertex counts, 4 influences, 64 joints.
 *
 * Reported per size: median milliseconds of the CPU pass, of a GPU dispatch (submit until the queue is idle, data
 * already resident), and of a GPU dispatch plus readback of the skinned positions; millions of vertices per second;
 * and the ratios cpu/gpu (> 1: the GPU is faster).
 */
import { linearBlendSkinning } from '../app/animation/linearBlendSkinning.ts';
import { describeComputeBackend } from '../kernels/gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../kernels/gpu/gpuContext.ts';
import { readBuffer } from '../kernels/gpu/readBuffer.ts';
import { storageBuffer } from '../kernels/gpu/storageBuffer.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../kernels/node/nodeGpu.ts';
import { LinearBlendSkinningKernel } from '../kernels/skinning/linearBlendSkinning.ts';
import { medianMilliseconds } from './timing.ts';

const SIZES = [1_000, 10_000, 100_000, 1_000_000];
const INFLUENCES = 4;
const JOINTS = 64;

function input(vertexCount: number) {
  let state = 12345;
  const next = (): number => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 4294967296;
  const positions = new Float32Array(3 * vertexCount).map(() => 2 * next() - 1);
  const joints = new Uint32Array(INFLUENCES * vertexCount).map(() => Math.floor(next() * JOINTS));
  const weights = new Float32Array(INFLUENCES * vertexCount).fill(1 / INFLUENCES);
  const skinMatrices = new Float32Array(16 * JOINTS).map((_, i) => (i % 5 === 0 ? 1 : 0.1 * next()));
  return { positions, joints, weights, skinMatrices };
}

export async function run(): Promise<object> {
  const backend = await requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD }));
  const device = backend.kind === 'webgpu' ? backend.device : undefined;
  const kernel = device ? await LinearBlendSkinningKernel.create(device) : undefined;
  const rows: object[] = [];
  for (const vertexCount of SIZES) {
    const data = input(vertexCount);
    const out = new Float32Array(3 * vertexCount);
    const repeats = vertexCount >= 1_000_000 ? 5 : 9;
    const cpuMs = await medianMilliseconds(() => linearBlendSkinning(data.positions, data.joints, data.weights, INFLUENCES, data.skinMatrices, out), repeats);
    const row: Record<string, number | null> = { vertexCount, cpuMs, cpuMegaVerticesPerSecond: vertexCount / cpuMs / 1e3 };
    if (device && kernel) {
      const buffers = [data.positions, data.joints, data.weights, data.skinMatrices].map((a) => storageBuffer(device, a));
      const outBuffer = storageBuffer(device, 12 * vertexCount);
      const [positions, joints, weights, skinMatrices] = buffers;
      const binding = kernel.bind({ positions, joints, weights, influencesPerVertex: INFLUENCES, skinMatrices, vertexCount }, { out: outBuffer });
      const gpuMs = await medianMilliseconds(async () => {
        kernel.run(binding);
        await device.queue.onSubmittedWorkDone();
      }, repeats);
      const gpuReadbackMs = await medianMilliseconds(async () => {
        kernel.run(binding);
        await readBuffer(device, outBuffer, 12 * vertexCount);
      }, repeats);
      Object.assign(row, {
        gpuMs,
        gpuReadbackMs,
        gpuMegaVerticesPerSecond: vertexCount / gpuMs / 1e3,
        cpuOverGpu: cpuMs / gpuMs,
        cpuOverGpuWithReadback: cpuMs / gpuReadbackMs,
      });
      binding.destroy();
      for (const buffer of [...buffers, outBuffer]) buffer.destroy();
    }
    rows.push(row);
  }
  device?.destroy();
  return { backend: describeComputeBackend(backend), influencesPerVertex: INFLUENCES, jointCount: JOINTS, rows };
}
