import type { VbdModel } from '../../../app/solvers/vbd/index.ts';
import { VbdBackendError } from '../../../app/solvers/vbd/index.ts';
import { foldWorkgroups } from '../../gpu/foldWorkgroups.ts';
import { MODEL_LAYOUT_FIELDS, type ModelLayoutField, type PackedVbdModel } from '../packVbdModel.ts';
import { VBD_WORKGROUP_SIZE } from '../vbdKernels.ts';
import { RESIDUAL_CAPACITY } from './vertexDataLayout.ts';

/** The sizes of a stepper's dispatches and buffers (see GpuVbdStepperData for each). */
export interface StepperLayout {
  /** the modelLayout uniform's words */
  layout: Record<ModelLayoutField, number>;
  vertexGroups: [number, number];
  blockGroups: [number, number];
  tetGroups: [number, number];
  colorGroups: [number, number][];
  /** f32 words of the reductions buffer */
  reductionsLength: number;
}

/**
 * The workgroups of every dispatch of a stepper, folded into two dimensions at the device's limit, and the words of
 * the modelLayout uniform: packVbdModel's offsets, then the folded group counts and where the reductions buffer's
 * sections start (per-workgroup partial sums, the Chebyshev schedule, the residual sums, the debug outputs).
 *
 * @param device           the device (maxComputeWorkgroupsPerDimension)
 * @param model            the VBD model (#V, #T, the colors' offsets)
 * @param packed           packVbdModel(model)
 * @param threadsPerVertex lanes per vertex of the block kernels
 * @param options          maxWorkgroupsPerDimension (tests of the folding), debugOutputs (13·#V more reductions)
 * @returns the layout, the groups [x, y] and the reductions' length in f32 words
 * @throws VbdBackendError 'limits' when a dispatch does not fit even folded
 */
export function stepperLayout(
  device: GPUDevice,
  model: VbdModel,
  packed: PackedVbdModel,
  threadsPerVertex: number,
  options: { maxWorkgroupsPerDimension?: number; debugOutputs?: boolean },
): StepperLayout {
  const V = model.vertexCount;
  const maxX = options.maxWorkgroupsPerDimension ?? device.limits.maxComputeWorkgroupsPerDimension;
  const fold = (groups: number): [number, number] => {
    const folded = foldWorkgroups(groups, maxX);
    if (folded[1] > device.limits.maxComputeWorkgroupsPerDimension) throw new VbdBackendError('limits', `${groups} workgroups do not fit one dispatch`);
    return folded;
  };
  const perBlock = VBD_WORKGROUP_SIZE / threadsPerVertex;
  const vertexGroupCount = Math.ceil(V / VBD_WORKGROUP_SIZE);
  const blockGroupCount = Math.ceil(V / perBlock);
  const vertexGroups = fold(vertexGroupCount);
  const blockGroups = fold(blockGroupCount);
  const tetGroups = fold(Math.ceil(model.tetCount / VBD_WORKGROUP_SIZE));
  const colorGroups: [number, number][] = [];
  for (let c = 0; c < model.colorCount; c++) colorGroups.push(fold(Math.ceil((model.colorOffsets[c + 1] - model.colorOffsets[c]) / perBlock)));
  const partialCount = Math.max(1, vertexGroupCount, blockGroupCount);

  const layout = {} as Record<ModelLayoutField, number>;
  MODEL_LAYOUT_FIELDS.forEach((field, k) => (layout[field] = packed.layout[k]));
  Object.assign(layout, {
    vertexGroupsX: vertexGroups[0],
    vertexGroupCount,
    blockGroupsX: blockGroups[0],
    blockGroupCount,
    scheduleStart: partialCount,
    resultsStart: partialCount + 4,
    debugStart: partialCount + 4 + RESIDUAL_CAPACITY,
    tetGroupsX: tetGroups[0],
  });
  const reductionsLength = layout.debugStart + (options.debugOutputs ? 13 * V : 0);
  return { layout, vertexGroups, blockGroups, tetGroups, colorGroups, reductionsLength };
}
