/**
 * TypeScript host of kernels/skinning/linearBlendSkinning.wgsl, the GPU twin of app/animation/linearBlendSkinning.ts:
 * p'_i = Σ_k w_ik · S_{j_ik} · p_i with S_j = world(j) · inverseBind(j) (glTF 2.0 §3.7.3). The CPU function is the
 * reference; test/kernels/skinning/linearBlendSkinning.test.ts checks that both agree.
 *
 * Usage (per frame: rewrite skinMatrices with queue.writeBuffer, encode, submit; nothing is allocated):
 *   const kernel = await LinearBlendSkinningKernel.create(device);         // pipeline, once per device
 *   const binding = kernel.bind(                                            // once per set of buffers
 *     { positions, joints, weights, influencesPerVertex: 4, skinMatrices, vertexCount },   // inputs
 *     { out });                                                             // outputs (caller-owned)
 *   kernel.encode(encoder, binding);                                        // records one compute pass
 * or, for tests and one-off work, `await linearBlendSkinningGpu(device, positions, joints, …)` with typed arrays.
 *
 * DESIGN NOTES
 * - The bind group layout is declared here (layoutEntries) instead of `layout: 'auto'`, so a WGSL edit that changes a
 *   binding fails at pipeline creation with a validation error instead of silently rebinding.
 * - joints are u32 on the GPU (WGSL has no 16-bit integers in core); `linearBlendSkinningGpu` widens Uint16Array.
 * - Dispatches larger than 65535 workgroups fold into a second dimension (WGSL header explains the indexing).
 */
import { foldWorkgroups } from '../gpu/foldWorkgroups.ts';
import { readBuffer } from '../gpu/readBuffer.ts';
import { storageBuffer } from '../gpu/storageBuffer.ts';
import { linearBlendSkinningWgsl } from './linearBlendSkinning.wgsl.ts';

export const WORKGROUP_SIZE = 64;

/** GPU inputs, in the CPU twin's argument order. */
export interface LinearBlendSkinningInputs {
  /** #V×3 f32 bind-space positions [m] (STORAGE) */
  positions: GPUBuffer;
  /** #V×K u32 joint indices into skinMatrices (STORAGE) */
  joints: GPUBuffer;
  /** #V×K f32 normalized skin weights (STORAGE) */
  weights: GPUBuffer;
  /** K, influences per vertex (4 per JOINTS_n/WEIGHTS_n set) */
  influencesPerVertex: number;
  /** #J×16 f32 column-major skin matrices S_j (STORAGE); rewrite per frame with queue.writeBuffer */
  skinMatrices: GPUBuffer;
  /** V; the buffers may be larger than V needs */
  vertexCount: number;
}

/** GPU outputs (caller-owned). */
export interface LinearBlendSkinningOutputs {
  /** #V×3 f32 skinned positions [m] (STORAGE); may not be the positions buffer */
  out: GPUBuffer;
}

/** The buffers bound for one mesh: build with `kernel.bind`, reuse every frame, `destroy()` when done. */
export interface LinearBlendSkinningBinding {
  readonly vertexCount: number;
  readonly bindGroup: GPUBindGroup | null;
  readonly workgroups: readonly [number, number];
  destroy(): void;
}

/** The bind group layout, in the WGSL header's order (built lazily: GPUShaderStage exists only once WebGPU does). */
const layoutEntries = (): GPUBindGroupLayoutEntry[] => [
  { binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } }, // positions
  { binding: 1, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } }, // joints
  { binding: 2, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } }, // weights
  { binding: 3, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' } }, // params
  { binding: 4, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'read-only-storage' } }, // skinMatrices
  { binding: 5, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' } }, // out
];

const kernels = new WeakMap<GPUDevice, Promise<LinearBlendSkinningKernel>>();

export class LinearBlendSkinningKernel {
  readonly device: GPUDevice;
  readonly pipeline: GPUComputePipeline;
  readonly bindGroupLayout: GPUBindGroupLayout;

  /** Prefer `create`, which reports WGSL compilation errors; this constructor is synchronous and reports none. */
  constructor(device: GPUDevice) {
    this.device = device;
    const module = device.createShaderModule({ label: 'linearBlendSkinning.wgsl', code: linearBlendSkinningWgsl });
    this.bindGroupLayout = device.createBindGroupLayout({ label: 'linearBlendSkinning', entries: layoutEntries() });
    this.pipeline = device.createComputePipeline({
      label: 'linearBlendSkinning',
      layout: device.createPipelineLayout({ bindGroupLayouts: [this.bindGroupLayout] }),
      compute: { module, entryPoint: 'linearBlendSkinning' },
    });
  }

  /** The device's kernel, created once; rejects with the WGSL compiler's messages if the shader does not build. */
  static create(device: GPUDevice): Promise<LinearBlendSkinningKernel> {
    let kernel = kernels.get(device);
    if (!kernel) {
      kernel = (async () => {
        device.pushErrorScope('validation');
        const created = new LinearBlendSkinningKernel(device);
        const error = await device.popErrorScope();
        if (error) throw new Error(`linearBlendSkinning.wgsl: ${error.message}`);
        return created;
      })();
      kernels.set(device, kernel);
      kernel.catch(() => kernels.delete(device));
    }
    return kernel;
  }

  /**
   * Binds one mesh's buffers. Checks sizes and aliasing, writes the small uniform block, builds the bind group.
   * @throws Error naming the buffer that is too small or misused
   */
  bind(inputs: LinearBlendSkinningInputs, outputs: LinearBlendSkinningOutputs): LinearBlendSkinningBinding {
    const { positions, joints, weights, influencesPerVertex, skinMatrices, vertexCount } = inputs;
    const { out } = outputs;
    if (!Number.isInteger(vertexCount) || vertexCount < 0) throw new Error(`linearBlendSkinning: vertexCount ${vertexCount} is not a count`);
    if (!Number.isInteger(influencesPerVertex) || influencesPerVertex < 1) {
      throw new Error(`linearBlendSkinning: influencesPerVertex ${influencesPerVertex} must be a positive integer`);
    }
    if (out === positions) throw new Error('linearBlendSkinning: out may not alias positions');
    const need = (name: string, buffer: GPUBuffer, bytes: number): void => {
      if (buffer.size < bytes) throw new Error(`linearBlendSkinning: ${name} buffer holds ${buffer.size} bytes, ${vertexCount} vertices need ${bytes}`);
    };
    need('positions', positions, 12 * vertexCount);
    need('joints', joints, 4 * influencesPerVertex * vertexCount);
    need('weights', weights, 4 * influencesPerVertex * vertexCount);
    need('out', out, 12 * vertexCount);
    if (skinMatrices.size < 64) throw new Error(`linearBlendSkinning: skinMatrices buffer holds ${skinMatrices.size} bytes, less than one 4×4 matrix`);
    if (vertexCount === 0) return { vertexCount, bindGroup: null, workgroups: [0, 0], destroy: () => {} };

    const [x, y] = foldWorkgroups(Math.ceil(vertexCount / WORKGROUP_SIZE), this.device.limits.maxComputeWorkgroupsPerDimension);
    const params = this.device.createBuffer({
      label: 'linearBlendSkinning params',
      size: 16,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    this.device.queue.writeBuffer(params, 0, new Uint32Array([vertexCount, influencesPerVertex, x * WORKGROUP_SIZE, 0]));
    const bindGroup = this.device.createBindGroup({
      label: 'linearBlendSkinning',
      layout: this.bindGroupLayout,
      entries: [
        { binding: 0, resource: { buffer: positions } },
        { binding: 1, resource: { buffer: joints } },
        { binding: 2, resource: { buffer: weights } },
        { binding: 3, resource: { buffer: params } },
        { binding: 4, resource: { buffer: skinMatrices } },
        { binding: 5, resource: { buffer: out } },
      ],
    });
    return { vertexCount, bindGroup, workgroups: [x, y], destroy: () => params.destroy() };
  }

  /** Records the skinning of one bound mesh as a compute pass on `encoder`. */
  encode(encoder: GPUCommandEncoder, binding: LinearBlendSkinningBinding): void {
    if (binding.bindGroup === null) return;
    const pass = encoder.beginComputePass({ label: 'linearBlendSkinning' });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, binding.bindGroup);
    pass.dispatchWorkgroups(binding.workgroups[0], binding.workgroups[1]);
    pass.end();
  }

  /** Encodes and submits one skinning pass (convenience; `encode` into your own encoder batches better). */
  run(binding: LinearBlendSkinningBinding): void {
    const encoder = this.device.createCommandEncoder({ label: 'linearBlendSkinning' });
    this.encode(encoder, binding);
    this.device.queue.submit([encoder.finish()]);
  }
}

/**
 * Skins on the GPU from CPU arrays and reads the result back: the CPU twin's arguments, with the device first.
 * Uploads into temporary buffers and waits for the GPU: for tests, self-tests and one-off bakes, not per frame.
 *
 * @param device               the WebGPU device
 * @param positions            #V×3 bind-space positions [m]
 * @param joints               #V×K joint indices (Uint16Array is widened to u32)
 * @param weights              #V×K normalized skin weights
 * @param influencesPerVertex  K
 * @param skinMatrices         #J×16 column-major skin matrices
 * @param out                  #V×3 skinned positions [m], written in place (f32 precision)
 * @returns out
 */
export async function linearBlendSkinningGpu<Out extends Float32Array | Float64Array>(
  device: GPUDevice,
  positions: Float32Array | Float64Array,
  joints: Uint16Array | Uint32Array,
  weights: Float32Array | Float64Array,
  influencesPerVertex: number,
  skinMatrices: Float32Array | Float64Array,
  out: Out,
): Promise<Out> {
  const vertexCount = positions.length / 3;
  if (out.length < positions.length) throw new Error(`linearBlendSkinning: out holds ${out.length} numbers, needs ${positions.length}`);
  if (joints.length < vertexCount * influencesPerVertex || weights.length < vertexCount * influencesPerVertex) {
    throw new Error(`linearBlendSkinning: joints/weights hold ${joints.length}/${weights.length} entries, need ${vertexCount * influencesPerVertex}`);
  }
  const kernel = await LinearBlendSkinningKernel.create(device);
  const f32 = (a: Float32Array | Float64Array): Float32Array => (a instanceof Float32Array ? a : new Float32Array(a));
  const buffers = [
    storageBuffer(device, f32(positions), 0, 'positions'),
    storageBuffer(device, joints instanceof Uint32Array ? joints : Uint32Array.from(joints), 0, 'joints'),
    storageBuffer(device, f32(weights), 0, 'weights'),
    storageBuffer(device, f32(skinMatrices), 0, 'skinMatrices'),
    storageBuffer(device, 12 * vertexCount, 0, 'out'),
  ];
  const [positionBuffer, jointBuffer, weightBuffer, matrixBuffer, outBuffer] = buffers;
  const binding = kernel.bind(
    { positions: positionBuffer, joints: jointBuffer, weights: weightBuffer, influencesPerVertex, skinMatrices: matrixBuffer, vertexCount },
    { out: outBuffer },
  );
  try {
    kernel.run(binding);
    out.set(new Float32Array(await readBuffer(device, outBuffer, 12 * vertexCount)));
    return out;
  } finally {
    binding.destroy();
    for (const buffer of buffers) buffer.destroy();
  }
}
