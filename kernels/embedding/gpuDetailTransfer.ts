/**
 * TypeScript host of kernels/embedding/detailTransfer.wgsl, the GPU twin of app/embedding/detailTransfer.ts with its
 * spline (seed 004 Eq. 4.10: q′ = Su + R(q̄ − Sū)), bound to one embedding: the spline's entries, the surface vertices'
 * tets and the rest lattice are uploaded once; per frame the fitted and simulated lattices (#N×3, small), the input
 * surface and the rotation warm starts go up, one dispatch runs, and q′ and the warm starts come back in one readback.
 * test/kernels/embedding/gpuDetailTransfer.test.ts checks it against the CPU twin.
 *
 * Usage (what a WebGPU VbdStepBackend's createDetailTransfer returns; app/bake/volumeSimulation.ts calls it per frame):
 *   const transfer = await GpuDetailTransfer.create(device, embedding, spline);
 *   await transfer.run(fitted, simulated, input, out, quaternions);   // = detailTransfer(…, out, quaternions, spline)
 *   transfer.destroy();
 *
 * DESIGN NOTES
 * - Why on the GPU: the transfer reads 27 lattice vertices and makes a polar rotation per surface vertex, half of what
 *   the CPU does per frame of a live preview at 20k surface vertices (docs/bake.md); on the GPU it is one dispatch.
 * - The follows test (a lattice vertex whose simulated position equals its fitted one, bit for bit) is made on the CPU
 *   in the caller's precision, N comparisons, so the exact-copy rule (q′ = q̄ where the lattice follows) is the CPU's.
 * - f32: positions relative to the lattice are resolved to ~1e-7 of their magnitude (the bake's criterion is 1e-3 of
 *   the diagonal); the rotation loop stops below 1e-7 rad (closestRotation.wgsl).
 * - The warm starts stay on the CPU (uploaded and read back each call, 16 bytes a vertex each way), so snapshots,
 *   restores and a switch to the CPU transfer keep working unchanged.
 */
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import type { LatticeEmbedding, LatticeSplineWeights } from '../../app/embedding/index.ts';
import { WARM_NEWTON_STOP } from '../../app/embedding/index.ts';
import { VbdBackendError, type DetailTransferRunner } from '../../app/solvers/vbd/index.ts';
import { bufferLayoutEntries } from '../gpu/bufferLayoutEntries.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';
import { closestRotationWgsl } from './closestRotation.wgsl.ts';
import { detailTransferWgsl } from './detailTransfer.wgsl.ts';

const WORKGROUP_SIZE = 64;

const pipelines = new WeakMap<GPUDevice, Promise<{ pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }>>();

function compile(device: GPUDevice): Promise<{ pipeline: GPUComputePipeline; layout: GPUBindGroupLayout }> {
  let compiled = pipelines.get(device);
  if (!compiled) {
    compiled = (async () => {
      device.pushErrorScope('validation');
      const module = device.createShaderModule({ label: 'detailTransfer.wgsl', code: `${closestRotationWgsl}\n${detailTransferWgsl}` });
      const layout = device.createBindGroupLayout({
        label: 'detailTransfer',
        entries: bufferLayoutEntries([
          'read-only-storage',
          'read-only-storage',
          'read-only-storage',
          'read-only-storage',
          'read-only-storage',
          'storage',
          'storage',
          'uniform',
        ]),
      });
      const pipeline = await device.createComputePipelineAsync({
        label: 'detailTransfer',
        layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }),
        compute: { module, entryPoint: 'detailTransfer' },
      });
      const error = await device.popErrorScope();
      if (error) throw new Error(`detailTransfer.wgsl: ${error.message}`);
      return { pipeline, layout };
    })();
    pipelines.set(device, compiled);
    compiled.catch(() => pipelines.delete(device));
  }
  return compiled;
}

export class GpuDetailTransfer implements DetailTransferRunner {
  readonly device: GPUDevice;
  readonly surfaceVertexCount: number;
  readonly latticeVertexCount: number;
  private readonly pipeline: GPUComputePipeline;
  private readonly bindGroup: GPUBindGroup;
  private readonly buffers: GPUBuffer[];
  private readonly lattice: GPUBuffer;
  private readonly follows: GPUBuffer;
  private readonly input: GPUBuffer;
  private readonly quaternions: GPUBuffer;
  private readonly out: GPUBuffer;
  private readonly staging: GPUBuffer;
  private readonly workgroups: [number, number];
  // per-call uploads, allocated once
  private readonly latticeUpload: Float32Array<ArrayBuffer>;
  private readonly followsUpload: Uint32Array<ArrayBuffer>;
  private readonly inputUpload: Float32Array<ArrayBuffer>;
  private readonly quaternionUpload: Float32Array<ArrayBuffer>;
  private lost: string | null = null;
  private destroyed = false;

  private constructor(
    device: GPUDevice,
    compiled: { pipeline: GPUComputePipeline; layout: GPUBindGroupLayout },
    embedding: LatticeEmbedding,
    spline: LatticeSplineWeights,
  ) {
    this.device = device;
    this.pipeline = compiled.pipeline;
    const S = (this.surfaceVertexCount = embedding.surfaceVertexCount);
    const N = (this.latticeVertexCount = embedding.vertexCount);
    const E = spline.offsets[S];
    const indices = new Uint32Array(S + 1 + E + 4 * S);
    indices.set(spline.offsets.subarray(0, S + 1), 0);
    indices.set(spline.vertices.subarray(0, E), S + 1);
    for (let s = 0; s < S; s++) for (let i = 0; i < 4; i++) indices[S + 1 + E + 4 * s + i] = embedding.tetrahedra[4 * embedding.surfaceTet[s] + i];
    const data = new Float32Array(4 * E);
    data.set(spline.weights.subarray(0, E), 0);
    data.set(spline.gradients.subarray(0, 3 * E), E);
    this.latticeUpload = new Float32Array(9 * N);
    this.latticeUpload.set(embedding.positions.subarray(0, 3 * N), 6 * N);
    this.followsUpload = new Uint32Array(N);
    this.inputUpload = new Float32Array(3 * S);
    this.quaternionUpload = new Float32Array(4 * S);
    device.pushErrorScope('out-of-memory');
    const splineIndices = storageBuffer(device, indices, 0, 'detailTransfer splineIndices');
    const splineData = storageBuffer(device, data, 0, 'detailTransfer splineData');
    this.lattice = storageBuffer(device, this.latticeUpload, 0, 'detailTransfer lattice');
    this.follows = storageBuffer(device, 4 * N, 0, 'detailTransfer follows');
    this.input = storageBuffer(device, 12 * S, 0, 'detailTransfer input');
    this.quaternions = storageBuffer(device, 16 * S, 0, 'detailTransfer quaternions');
    this.out = storageBuffer(device, 12 * S, 0, 'detailTransfer out');
    this.staging = device.createBuffer({
      label: 'detailTransfer staging',
      size: Math.max(4, 28 * S),
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    });
    const params = device.createBuffer({ label: 'detailTransfer params', size: 16, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.buffers = [splineIndices, splineData, this.lattice, this.follows, this.input, this.quaternions, this.out, this.staging, params];
    this.workgroups = foldWorkgroups(Math.ceil(S / WORKGROUP_SIZE), device.limits.maxComputeWorkgroupsPerDimension);
    const words = new ArrayBuffer(16);
    new Uint32Array(words, 0, 3).set([S, N, Math.max(1, this.workgroups[0])]);
    new Float32Array(words, 12, 1)[0] = WARM_NEWTON_STOP;
    device.queue.writeBuffer(params, 0, words);
    const entry = (binding: number, buffer: GPUBuffer): GPUBindGroupEntry => ({ binding, resource: { buffer } });
    this.bindGroup = device.createBindGroup({
      label: 'detailTransfer',
      layout: compiled.layout,
      entries: [
        entry(0, splineIndices),
        entry(1, splineData),
        entry(2, this.lattice),
        entry(3, this.follows),
        entry(4, this.input),
        entry(5, this.quaternions),
        entry(6, this.out),
        entry(7, params),
      ],
    });
    device.lost.then((loss) => {
      this.lost = `the WebGPU device was lost (${loss.reason}${loss.message ? `: ${loss.message}` : ''})`;
    });
  }

  /**
   * Compiles the kernel (once per device) and uploads the embedding's spline.
   * @throws VbdBackendError ('out-of-memory') when the device cannot hold it; Error when the WGSL does not build
   */
  static async create(device: GPUDevice, embedding: LatticeEmbedding, spline: LatticeSplineWeights): Promise<GpuDetailTransfer> {
    const compiled = await compile(device);
    const transfer = new GpuDetailTransfer(device, compiled, embedding, spline);
    const error = await device.popErrorScope();
    if (error) {
      transfer.destroy();
      throw new VbdBackendError(
        'out-of-memory',
        `the detail transfer of ${embedding.surfaceVertexCount} surface vertices does not fit the device (${error.message})`,
      );
    }
    return transfer;
  }

  /**
   * detailTransfer(embedding, fitted, simulated, input, out, quaternions, spline) on the GPU (see the CPU twin for the
   * arguments; quaternions are required here).
   * @throws VbdBackendError ('device-lost') when the device is gone; out and quaternions are then untouched
   */
  async run(
    fitted: ArrayLike<number>,
    simulated: ArrayLike<number>,
    input: ArrayLike<number>,
    out: Float32Array | Float64Array,
    quaternions: Float64Array,
  ): Promise<void> {
    const S = this.surfaceVertexCount;
    const N = this.latticeVertexCount;
    if (this.destroyed) throw new Error('detailTransfer: run after destroy');
    if (out.length < 3 * S || input.length < 3 * S || quaternions.length < 4 * S)
      throw new RangeError(`detailTransfer: input and out need ${S}×3 numbers, quaternions ${S}×4`);
    if (fitted.length < 3 * N || simulated.length < 3 * N) throw new RangeError(`detailTransfer: fitted and simulated positions need ${N}×3 numbers`);
    if (this.lost) throw new VbdBackendError('device-lost', this.lost);
    const lattice = this.latticeUpload;
    const follows = this.followsUpload;
    for (let v = 0; v < N; v++) {
      const o = 3 * v;
      follows[v] = simulated[o] === fitted[o] && simulated[o + 1] === fitted[o + 1] && simulated[o + 2] === fitted[o + 2] ? 1 : 0;
    }
    for (let k = 0; k < 3 * N; k++) {
      lattice[k] = fitted[k];
      lattice[3 * N + k] = simulated[k];
    }
    for (let k = 0; k < 3 * S; k++) this.inputUpload[k] = input[k];
    for (let k = 0; k < 4 * S; k++) this.quaternionUpload[k] = quaternions[k];
    if (S === 0) return;
    const device = this.device;
    const queue = device.queue;
    queue.writeBuffer(this.lattice, 0, lattice, 0, 6 * N);
    queue.writeBuffer(this.follows, 0, follows);
    queue.writeBuffer(this.input, 0, this.inputUpload);
    queue.writeBuffer(this.quaternions, 0, this.quaternionUpload);
    const encoder = device.createCommandEncoder({ label: 'detailTransfer' });
    const pass = encoder.beginComputePass({ label: 'detailTransfer' });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, this.bindGroup);
    pass.dispatchWorkgroups(this.workgroups[0], this.workgroups[1]);
    pass.end();
    encoder.copyBufferToBuffer(this.out, 0, this.staging, 0, 12 * S);
    encoder.copyBufferToBuffer(this.quaternions, 0, this.staging, 12 * S, 16 * S);
    queue.submit([encoder.finish()]);
    try {
      await this.staging.mapAsync(GPUMapMode.READ, 0, 28 * S);
    } catch (error) {
      throw new VbdBackendError(
        'device-lost',
        this.lost ?? `reading the transferred surface back failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const floats = new Float32Array(this.staging.getMappedRange(0, 28 * S));
    out.set(floats.subarray(0, 3 * S));
    quaternions.set(floats.subarray(3 * S, 7 * S));
    this.staging.unmap();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const buffer of this.buffers) buffer.destroy();
  }
}
