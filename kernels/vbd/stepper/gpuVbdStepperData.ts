import type { VbdModel } from '../../../app/solvers/vbd/index.ts';
import { VbdBackendError } from '../../../app/solvers/vbd/index.ts';
import { GpuOgcDetection } from '../../contact/gpuOgcDetection.ts';
import { packVbdContact } from '../packVbdContact.ts';
import { MODEL_LAYOUT_FIELDS, packVbdModel, type PackedVbdModel } from '../packVbdModel.ts';
import { ALL_ELEMENT_KINDS, elementKindMask, UNIFORM_SLOT_BYTES, type VbdKernels } from '../vbdKernels.ts';
import { callBindGroup, stateBindGroup } from './stepperBindGroups.ts';
import { stepperLayout, type StepperLayout } from './stepperLayout.ts';
import type { GpuVbdStepperData, GpuVbdStepperOptions } from './types.ts';
import { CALL_PARAMS_BYTES, RESIDUAL_CAPACITY, SCALAR_SECTIONS, UPLOAD_END, UPLOAD_START, VERTEX_DATA_FLOATS } from './vertexDataLayout.ts';

/** SubstepPass slots of a new stepper (reservePassSlots grows them). */
const INITIAL_PASS_SLOTS = 64;

/**
 * A stepper's data on the device: the block pipelines for the model's element kinds, the layout, every buffer
 * (checked against the device's binding limits first), the model uploaded with the rest state (x = rest shape,
 * v = 0, free vertices, no attachment, no max distance, no contact), and the three bind groups. The buffers' creation
 * runs inside out-of-memory and validation error scopes whose results wait in `checks` (collectErrors).
 *
 * @param kernels  the compiled kernels (their device)
 * @param model    the VBD model (createVbdModel)
 * @param options  block width, debug outputs, contact kernels, folding, specialization
 * @returns the struct
 * @throws VbdBackendError 'device-lost' when the device is lost, 'limits' when a buffer or a dispatch does not fit
 */
export function gpuVbdStepperData(kernels: VbdKernels, model: VbdModel, options: GpuVbdStepperOptions): GpuVbdStepperData {
  const device = kernels.device;
  const V = model.vertexCount;
  if (kernels.lostMessage) throw new VbdBackendError('device-lost', kernels.lostMessage);
  const threadsPerVertex = options.threadsPerVertex ?? kernels.threadsPerVertex;
  const contactKernels = options.contact ?? false;
  const blockPipelines = kernels.blockPipelines(
    options.specializeElements === false ? ALL_ELEMENT_KINDS : elementKindMask(model),
    threadsPerVertex,
    options.debugOutputs,
    contactKernels || options.specializeElements === false,
  );
  const packed = packVbdModel(model);
  const sizes = stepperLayout(device, model, packed, threadsPerVertex, options);
  checkBindingLimits(device, model, packed, sizes.reductionsLength);

  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  const buffers: GPUBuffer[] = [];
  const track = (buffer: GPUBuffer): GPUBuffer => {
    buffers.push(buffer);
    return buffer;
  };
  const storage = (label: string, bytes: number, usage = 0): GPUBuffer =>
    track(
      device.createBuffer({
        label: `vbd ${label}`,
        size: roundUp(Math.max(bytes, 4), 4),
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC | usage,
      }),
    );
  const uniform = (label: string, bytes: number): GPUBuffer =>
    track(device.createBuffer({ label: `vbd ${label}`, size: roundUp(bytes, 16), usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST }));
  const indices = storage('indices', packed.indices.byteLength);
  const modelData = storage('data', packed.data.byteLength);
  const layoutBuffer = uniform('modelLayout', 4 * MODEL_LAYOUT_FIELDS.length);
  const positions = storage('positions', 12 * V);
  const vertexData = storage('vertexData', 4 * VERTEX_DATA_FLOATS * V);
  const restShape = storage('tetRestShapeInverse', 36 * model.tetCount);
  const reductions = storage('reductions', 4 * sizes.reductionsLength);
  const counters = storage('counters', 16);
  const callParams = uniform('callParams', CALL_PARAMS_BYTES);
  const colorPass = uniform('colorPass', UNIFORM_SLOT_BYTES * Math.max(1, model.colorCount));
  const passData = new ArrayBuffer(UNIFORM_SLOT_BYTES * INITIAL_PASS_SLOTS);
  const substepPass = uniform('substepPass', passData.byteLength);
  const staging = track(
    device.createBuffer({
      label: 'vbd readback',
      size: 36 * V + 4 * RESIDUAL_CAPACITY + 16 + GpuOgcDetection.statsBytes,
      usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
    }),
  );
  uploadModel(device.queue, model, packed, sizes, { indices, modelData, layoutBuffer, restShape, vertexData, colorPass, positions });

  const entry = (binding: number, buffer: GPUBuffer): GPUBindGroupEntry => ({ binding, resource: { buffer } });
  const modelGroup = device.createBindGroup({
    label: 'vbd model',
    layout: kernels.bindGroupLayouts.model,
    entries: [entry(0, indices), entry(1, modelData), entry(2, layoutBuffer)],
  });
  const noContact = packVbdContact(null, model.vertexColors);
  const contact = storage('contact', noContact.byteLength);
  device.queue.writeBuffer(contact, 0, noContact);
  const bound = { device, kernels, positions, vertexData, restShape, reductions, counters, boundContact: contact, callParams, colorPass, substepPass };
  const stateGroup = stateBindGroup(bound);
  const callGroup = callBindGroup(bound);
  const checks = [device.popErrorScope(), device.popErrorScope()];
  return {
    ...bound,
    model,
    vertexCount: V,
    threadsPerVertex,
    blockPipelines,
    contactKernels,
    gatedDispatch: options.gatedDispatch ?? 'indirect',
    layout: sizes.layout,
    vertexGroups: sizes.vertexGroups,
    blockGroups: sizes.blockGroups,
    tetGroups: sizes.tetGroups,
    colorGroups: sizes.colorGroups,
    buffers,
    modelData,
    staging,
    contact,
    backup: null,
    modelGroup,
    stateGroup,
    callGroup,
    passBindings: new WeakMap(),
    ogc: null,
    callsSinceRead: [],
    restShapeIsModel: true,
    callUpload: new Float32Array((UPLOAD_END - UPLOAD_START) * V),
    restUpload: new Float32Array(9 * model.tetCount),
    stateUpload: new Float32Array(6 * V),
    callParamsData: new ArrayBuffer(CALL_PARAMS_BYTES),
    passData,
    passFloats: new Float32Array(passData),
    passWords: new Uint32Array(passData),
    passCapacity: INITIAL_PASS_SLOTS,
    records: [],
    substepsPending: 0,
    iterationsPending: 0,
    checks,
    reading: false,
    destroyed: false,
  };
}

/** Every storage binding must fit the device; say which one does not (auto then stays on the CPU). */
function checkBindingLimits(device: GPUDevice, model: VbdModel, packed: PackedVbdModel, reductionsLength: number): void {
  const sizes: [string, number][] = [
    ['indices', 4 * packed.indices.length],
    ['data', 4 * packed.data.length],
    ['vertexData', 4 * VERTEX_DATA_FLOATS * model.vertexCount],
    ['tetRestShapeInverse', 36 * model.tetCount],
    ['reductions', 4 * reductionsLength],
  ];
  for (const [name, bytes] of sizes) {
    const limit = Math.min(device.limits.maxStorageBufferBindingSize, device.limits.maxBufferSize);
    if (bytes > limit) throw new VbdBackendError('limits', `the ${name} buffer of this model needs ${mib(bytes)}, the adapter binds at most ${mib(limit)}`);
  }
}

/** The model's words, its layout, its D_rest⁻¹, the colors' slots and the rest state, into the new buffers. */
function uploadModel(
  queue: GPUQueue,
  model: VbdModel,
  packed: PackedVbdModel,
  sizes: StepperLayout,
  buffers: Record<'indices' | 'modelData' | 'layoutBuffer' | 'restShape' | 'vertexData' | 'colorPass' | 'positions', GPUBuffer>,
): void {
  const V = model.vertexCount;
  const { layout, colorGroups } = sizes;
  queue.writeBuffer(buffers.indices, 0, packed.indices);
  queue.writeBuffer(buffers.modelData, 0, packed.data);
  queue.writeBuffer(
    buffers.layoutBuffer,
    0,
    Uint32Array.from(MODEL_LAYOUT_FIELDS, (field) => layout[field]),
  );
  if (model.tetCount > 0) queue.writeBuffer(buffers.restShape, 0, packed.data, layout.tetRestShapeInverse, 9 * model.tetCount);
  // Until a step uploads its own, no vertex has a max distance (negative: no limit).
  if (V > 0) queue.writeBuffer(buffers.vertexData, 4 * SCALAR_SECTIONS.maxDistance * V, new Float32Array(V).fill(-1));
  const colorData = new Uint32Array((UNIFORM_SLOT_BYTES / 4) * Math.max(1, model.colorCount));
  for (let c = 0; c < model.colorCount; c++) {
    const o = (UNIFORM_SLOT_BYTES / 4) * c;
    colorData[o] = model.colorOffsets[c];
    colorData[o + 1] = model.colorOffsets[c + 1] - model.colorOffsets[c];
    colorData[o + 2] = colorGroups[c][0];
  }
  queue.writeBuffer(buffers.colorPass, 0, colorData);
  // rest state: x = rest shape, v = 0, free vertices, no attachment
  queue.writeBuffer(buffers.positions, 0, Float32Array.from(model.restPositions));
}

/** `value` rounded up to a multiple of `multiple`. */
export function roundUp(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 2 : 0)} MiB`;
}
