/**
 * The compiled VBD kernels of one device: the WGSL module (vbdBindings.wgsl, the per-element functions and the
 * kernels, concatenated), the one pipeline layout every kernel shares, and a compute pipeline per entry point.
 * Created once per device and block width (`VbdKernels.create`), shared by every stepper on that device.
 *
 * DESIGN NOTES
 * - One module and one explicit pipeline layout for all kernels: the bind groups of a stepper are made once and
 *   set once per pass, and a WGSL edit that changes a binding fails at pipeline creation (validation error) rather
 *   than silently rebinding (as the skinning kernel does).
 * - Block width: `threadsPerVertex` lanes gather one vertex's elements in solveColor and meanForceResidual (the
 *   Gaia/Newton layout: Gaia 32, Newton 16 threads per vertex). It is a WGSL override, so one source serves both the
 *   block-per-vertex layout (GPUs: many lanes, few vertices, the element loop spread) and one thread per vertex
 *   (1: SwiftShader, where a lane is a CPU SIMD slot and workgroup barriers are expensive). On hardware the backend
 *   picks it per model (vbdThreadsPerVertex: about three elements per lane), since the best width follows how many
 *   elements a vertex gathers: measured on an H100, a box lattice runs fastest with 8 lanes and a scene of small
 *   blocks with 4, both 15–25% faster than Newton's 16 (docs/kernels.md, bench/gpu.bench.ts).
 * - Element kinds: the gather loop branches over tets, triangles, hinges, springs and contact; a model has one or two
 *   of them. The block kernels are compiled per model's kinds, contact and width (blockPipelines, WGSL overrides
 *   has*), which frees the registers of the absent kinds' code: 5–9% per iteration on the H100 at 8 and 16 lanes, about 2× on
 *   SwiftShader.
 * - Limits needed (vbdDeviceProblem): 8 storage buffers per stage (WebGPU's default; the eighth is contact's), 4 uniform buffers,
 *   2 dynamic uniform buffers, 3 bind groups, 64 invocations per workgroup, 3 KiB of workgroup memory; per model,
 *   each storage section must fit maxStorageBufferBindingSize (checked by the stepper).
 */
import { accumulateAttachmentForceHessianWgsl } from './accumulateAttachmentForceHessian.wgsl.ts';
import { accumulateInertiaForceHessianWgsl } from './accumulateInertiaForceHessian.wgsl.ts';
import { bufferLayoutEntries } from '../gpu/bufferLayoutEntries.ts';
import { pointTriangleClosestPointWgsl } from '../geometry/pointTriangleClosestPoint.wgsl.ts';
import { segmentSegmentClosestPointsWgsl } from '../geometry/segmentSegmentClosestPoints.wgsl.ts';
import { chebyshevAccelerateWgsl } from './chebyshevAccelerate.wgsl.ts';
import { contactActivationWgsl } from './contactActivation.wgsl.ts';
import { contactDataWgsl } from './contactData.wgsl.ts';
import { contactGeometryWgsl } from './contactGeometry.wgsl.ts';
import { contactPointPositionWgsl } from './contactPointPosition.wgsl.ts';
import { contactSlipWgsl } from './contactSlip.wgsl.ts';
import { evaluateContactForceHessianWgsl } from './evaluateContactForceHessian.wgsl.ts';
import { elasticForcesWgsl } from './elasticForces.wgsl.ts';
import { evaluateDihedralBendingForceHessianWgsl } from './evaluateDihedralBendingForceHessian.wgsl.ts';
import { evaluateNeoHookeanForceHessianWgsl } from './evaluateNeoHookeanForceHessian.wgsl.ts';
import { evaluateSpringForceHessianWgsl } from './evaluateSpringForceHessian.wgsl.ts';
import { evaluateStvkTriangleForceHessianWgsl } from './evaluateStvkTriangleForceHessian.wgsl.ts';
import { forwardStepWgsl } from './forwardStep.wgsl.ts';
import { meanForceResidualWgsl } from './meanForceResidual.wgsl.ts';
import { restShapeInversesWgsl } from './restShapeInverses.wgsl.ts';
import { solveColorWgsl } from './solveColor.wgsl.ts';
import { solveSymmetric3x3Wgsl } from './solveSymmetric3x3.wgsl.ts';
import { solveVertexBlockWgsl } from './solveVertexBlock.wgsl.ts';
import { symmetricEigen3Wgsl } from './symmetricEigen3.wgsl.ts';
import { truncateToBoundsWgsl } from './truncateToBounds.wgsl.ts';
import { updateVelocitiesWgsl } from './updateVelocities.wgsl.ts';
import { vbdBindingsWgsl } from './vbdBindings.wgsl.ts';
import { vertexForceHessianWgsl } from './vertexForceHessian.wgsl.ts';
import { waterLevelWgsl } from './waterLevel.wgsl.ts';
import type { VbdModel } from '../../app/solvers/vbd/index.ts';

/** Invocations per workgroup of every VBD kernel (WORKGROUP_SIZE in vbdBindings.wgsl). */
export const VBD_WORKGROUP_SIZE = 64;

/**
 * Lanes per vertex of the generic kernels a backend compiles first: on hardware adapters 16 (Newton's tile size;
 * each stepper then runs the width vbdThreadsPerVertex picks for its model), on software fallback adapters one
 * thread per vertex (measured fastest on SwiftShader, docs/kernels.md), which every stepper there uses.
 */
export const VBD_THREADS_PER_VERTEX = { hardware: 16, fallback: 1 } as const;

/** The kernels of a step; vertexForceHessian (tests, debugging) is compiled on demand (debugPipeline). */
export const VBD_ENTRY_POINTS = [
  'forwardStep',
  'restShapeInverses',
  'elasticForces',
  'solveColor',
  'commitColor',
  'chebyshevChange',
  'chebyshevSchedule',
  'chebyshevAccelerate',
  'markInContact',
  'meanForceResidual',
  'sumResidual',
  'updateVelocities',
  'truncationMoved',
  'truncateToBounds',
  'detectionStateAtStart',
  'detectionStateNow',
] as const;

export type VbdEntryPoint = (typeof VBD_ENTRY_POINTS)[number] | 'vertexForceHessian';

/** The entry points whose work depends on the block width. */
const BLOCK_ENTRY_POINTS: readonly VbdEntryPoint[] = ['elasticForces', 'solveColor', 'commitColor', 'meanForceResidual', 'vertexForceHessian'];

/** The element kinds of a model, in the order of their bits in an element mask (WGSL overrides has*). */
const ELEMENT_KINDS = [
  ['hasTets', (model: VbdModel) => model.tetCount],
  ['hasTriangles', (model: VbdModel) => model.triangleCount],
  ['hasHinges', (model: VbdModel) => model.hingeCount],
  ['hasSprings', (model: VbdModel) => model.springCount],
] as const;

/**
 * Lanes per vertex for a model on a hardware adapter: about three element entries per lane, the power of two nearest
 * to (Σ elements' vertex counts / #V) / 3, in [1, 32]. Box lattices (22.6 tet entries per vertex) get 8, a scene of
 * small 4³-cell blocks (12.3) gets 4, cloth (6 triangle and 12 hinge entries per vertex inside) 8, small sheets 4. Measured on an H100
 * (docs/kernels.md): at 125k vertices / 706k tets 8 lanes 0.195 ms per iteration against 0.226 for 16 and 0.286 for
 * 32; on the blocks 4 lanes 0.231 against 0.245 for 8 and 0.296 for 16.
 */
export function vbdThreadsPerVertex(model: VbdModel): number {
  const entries = 4 * model.tetCount + 3 * model.triangleCount + 4 * model.hingeCount + 2 * model.springCount;
  const perLane = entries / Math.max(1, model.vertexCount) / 3;
  if (!(perLane > 1)) return 1;
  return Math.min(32, 2 ** Math.round(Math.log2(perLane)));
}

/** Every element kind: the mask the generic block kernels are compiled for. */
export const ALL_ELEMENT_KINDS = (1 << ELEMENT_KINDS.length) - 1;

/** Bit k set when the model has elements of kind k (ELEMENT_KINDS). */
export function elementKindMask(model: VbdModel): number {
  return ELEMENT_KINDS.reduce((mask, [, count], k) => (count(model) > 0 ? mask | (1 << k) : mask), 0);
}

/** The WGSL module: prelude, per-element functions, then the kernels. */
export const VBD_WGSL = [
  vbdBindingsWgsl,
  solveSymmetric3x3Wgsl,
  accumulateInertiaForceHessianWgsl,
  accumulateAttachmentForceHessianWgsl,
  evaluateNeoHookeanForceHessianWgsl,
  evaluateStvkTriangleForceHessianWgsl,
  evaluateDihedralBendingForceHessianWgsl,
  evaluateSpringForceHessianWgsl,
  contactDataWgsl,
  pointTriangleClosestPointWgsl,
  segmentSegmentClosestPointsWgsl,
  contactPointPositionWgsl,
  contactActivationWgsl,
  contactGeometryWgsl,
  contactSlipWgsl,
  evaluateContactForceHessianWgsl,
  vertexForceHessianWgsl,
  elasticForcesWgsl,
  solveVertexBlockWgsl,
  solveColorWgsl,
  forwardStepWgsl,
  symmetricEigen3Wgsl,
  restShapeInversesWgsl,
  chebyshevAccelerateWgsl,
  meanForceResidualWgsl,
  updateVelocitiesWgsl,
  waterLevelWgsl,
  truncateToBoundsWgsl,
].join('\n');

/** Bytes of one dynamic uniform slot (colorPass, substepPass): the WebGPU maximum of minUniformBufferOffsetAlignment. */
export const UNIFORM_SLOT_BYTES = 256;

/**
 * What keeps a device from running the VBD kernels, or null when it can.
 *
 * @param limits  the device's (or adapter's) limits
 * @returns a sentence naming the first limit that is too small, or null
 */
export function vbdDeviceProblem(limits: GPUSupportedLimits): string | null {
  const needs: [keyof GPUSupportedLimits, number][] = [
    ['maxStorageBuffersPerShaderStage', 8],
    ['maxUniformBuffersPerShaderStage', 4],
    ['maxDynamicUniformBuffersPerPipelineLayout', 2],
    ['maxBindGroups', 3],
    ['maxComputeInvocationsPerWorkgroup', VBD_WORKGROUP_SIZE],
    ['maxComputeWorkgroupSizeX', VBD_WORKGROUP_SIZE],
    ['maxComputeWorkgroupStorageSize', 3328],
  ];
  for (const [name, need] of needs) {
    const has = limits[name] as number;
    if (!(has >= need)) return `the adapter allows ${name} = ${has}; the VBD kernels need ${need}`;
  }
  if (limits.minUniformBufferOffsetAlignment > UNIFORM_SLOT_BYTES)
    return `the adapter's minUniformBufferOffsetAlignment is ${limits.minUniformBufferOffsetAlignment}, more than ${UNIFORM_SLOT_BYTES}`;
  return null;
}

const compiled = new WeakMap<GPUDevice, Map<number, Promise<VbdKernels>>>();

export class VbdKernels {
  readonly device: GPUDevice;
  readonly threadsPerVertex: number;
  readonly bindGroupLayouts: { model: GPUBindGroupLayout; state: GPUBindGroupLayout; call: GPUBindGroupLayout };
  readonly pipelines: Record<VbdEntryPoint, GPUComputePipeline | undefined>;
  private readonly module: GPUShaderModule;
  private readonly layout: GPUPipelineLayout;
  /** set (to what happened) once the device is lost, for any reason */
  lostMessage: string | null = null;
  /** block kernels compiled for a set of element kinds (blockPipelines), by element mask */
  private readonly specialized = new Map<string, Partial<Record<VbdEntryPoint, GPUComputePipeline>>>();

  private constructor(
    device: GPUDevice,
    threadsPerVertex: number,
    module: GPUShaderModule,
    layout: GPUPipelineLayout,
    bindGroupLayouts: VbdKernels['bindGroupLayouts'],
    pipelines: VbdKernels['pipelines'],
  ) {
    this.device = device;
    this.module = module;
    this.layout = layout;
    this.threadsPerVertex = threadsPerVertex;
    this.bindGroupLayouts = bindGroupLayouts;
    this.pipelines = pipelines;
    device.lost.then((loss) => {
      this.lostMessage = `the WebGPU device was lost (${loss.reason}${loss.message ? `: ${loss.message}` : ''})`;
    });
  }

  /**
   * The device's kernels for a block width, compiled once.
   *
   * @param device            the WebGPU device
   * @param threadsPerVertex  lanes per vertex, a power of two in [1, 64]
   * @returns the kernels; rejects with the WGSL compiler's message when the module does not build, or with the
   *          limit the device lacks
   */
  static create(device: GPUDevice, threadsPerVertex: number): Promise<VbdKernels> {
    checkThreadsPerVertex(threadsPerVertex);
    let byWidth = compiled.get(device);
    if (!byWidth) compiled.set(device, (byWidth = new Map()));
    let kernels = byWidth.get(threadsPerVertex);
    if (!kernels) {
      kernels = VbdKernels.compile(device, threadsPerVertex);
      byWidth.set(threadsPerVertex, kernels);
      kernels.catch(() => byWidth.delete(threadsPerVertex));
    }
    return kernels;
  }

  private static async compile(device: GPUDevice, threadsPerVertex: number): Promise<VbdKernels> {
    const problem = vbdDeviceProblem(device.limits);
    if (problem) throw new Error(problem);
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ label: 'vbd.wgsl', code: VBD_WGSL });
    const dynamicUniform: GPUBufferBindingLayout = { type: 'uniform', hasDynamicOffset: true };
    const bindGroupLayouts = {
      model: device.createBindGroupLayout({ label: 'vbd model', entries: bufferLayoutEntries(['read-only-storage', 'read-only-storage', 'uniform']) }),
      state: device.createBindGroupLayout({
        label: 'vbd state',
        entries: bufferLayoutEntries(['storage', 'storage', 'storage', 'storage', 'storage', 'read-only-storage']),
      }),
      call: device.createBindGroupLayout({ label: 'vbd call', entries: bufferLayoutEntries(['uniform', dynamicUniform, dynamicUniform]) }),
    };
    const layout = device.createPipelineLayout({ label: 'vbd', bindGroupLayouts: [bindGroupLayouts.model, bindGroupLayouts.state, bindGroupLayouts.call] });
    const messages = await module.getCompilationInfo();
    const errors = messages.messages.filter((m) => m.type === 'error');
    if (errors.length > 0) {
      await device.popErrorScope();
      throw new Error(`vbd.wgsl: ${errors.map((m) => `line ${m.lineNum}: ${m.message}`).join('; ')}`);
    }
    const entries = await Promise.all(
      VBD_ENTRY_POINTS.map((entryPoint) => pipeline(device, module, layout, entryPoint, threadsPerVertex).then((p) => [entryPoint, p] as const)),
    );
    const error = await device.popErrorScope();
    if (error) throw new Error(`vbd.wgsl: ${error.message}`);
    const pipelines = { ...Object.fromEntries(entries), vertexForceHessian: undefined } as VbdKernels['pipelines'];
    return new VbdKernels(device, threadsPerVertex, module, layout, bindGroupLayouts, pipelines);
  }

  /**
   * The step's block kernels (solveColor, commitColor, elasticForces, meanForceResidual, and vertexForceHessian with
   * `debug`) compiled for `width` lanes per vertex, the element kinds of a mask (elementKindMask) and whether they
   * gather contact, the rest compiled out: the gather loop of a tet lattice without contact then holds no triangle,
   * hinge, spring or contact branch, nor their registers. Compiled synchronously on first use per (mask, width,
   * contact) and kept; for every kind at the kernels' own width with contact the generic pipelines (an empty record).
   * Same arithmetic for what is present, so the results do not depend on it.
   */
  blockPipelines(mask: number, width: number, debug = false, contact = false): Partial<Record<VbdEntryPoint, GPUComputePipeline>> {
    checkThreadsPerVertex(width);
    if (mask === ALL_ELEMENT_KINDS && width === this.threadsPerVertex && contact) return {};
    const key = `${mask}/${width}/${debug}/${contact}`;
    let pipelines = this.specialized.get(key);
    if (!pipelines) {
      const kinds = { ...Object.fromEntries(ELEMENT_KINDS.map(([name], k) => [name, (mask >> k) & 1])), hasContact: contact ? 1 : 0 };
      pipelines = {};
      for (const entryPoint of BLOCK_ENTRY_POINTS) {
        if (entryPoint === 'vertexForceHessian' && !debug) continue;
        pipelines[entryPoint] = this.device.createComputePipeline({
          label: `vbd ${entryPoint} (${width} lanes, elements ${mask.toString(2).padStart(ELEMENT_KINDS.length, '0')}${contact ? ', contact' : ''})`,
          layout: this.layout,
          compute: { module: this.module, entryPoint, constants: { threadsPerVertex: width, ...kinds } },
        });
      }
      this.specialized.set(key, pipelines);
    }
    return pipelines;
  }

  /** Compiles the vertexForceHessian entry point (per-vertex f_i, H_i for tests) if it is not yet. */
  async debugPipeline(): Promise<GPUComputePipeline> {
    this.pipelines.vertexForceHessian ??= await pipeline(this.device, this.module, this.layout, 'vertexForceHessian', this.threadsPerVertex);
    return this.pipelines.vertexForceHessian;
  }
}

function checkThreadsPerVertex(threadsPerVertex: number): void {
  if (
    !(
      Number.isInteger(threadsPerVertex) &&
      threadsPerVertex >= 1 &&
      threadsPerVertex <= VBD_WORKGROUP_SIZE &&
      (threadsPerVertex & (threadsPerVertex - 1)) === 0
    )
  ) {
    throw new Error(`VbdKernels: threadsPerVertex must be a power of two in [1, ${VBD_WORKGROUP_SIZE}], got ${threadsPerVertex}`);
  }
}

function pipeline(
  device: GPUDevice,
  module: GPUShaderModule,
  layout: GPUPipelineLayout,
  entryPoint: VbdEntryPoint,
  threadsPerVertex: number,
): Promise<GPUComputePipeline> {
  return device.createComputePipelineAsync({
    label: `vbd ${entryPoint}`,
    layout,
    compute: { module, entryPoint, constants: BLOCK_ENTRY_POINTS.includes(entryPoint) ? { threadsPerVertex } : undefined },
  });
}
