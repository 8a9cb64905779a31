/**
 * The VBD step on WebGPU (kernels/vbd) against the CPU reference (app/solvers/vbd step) on box tet lattices of about
 * 1k, 10k, 50k and 200k vertices (6 tets per cell, the bottom face pinned, a sagging state), on whatever adapter
 * this machine has, which it prints (SwiftShader here: WGSL on the same CPU cores, so the ratios say nothing about
 * a real GPU; the same bench runs unchanged on one).
 *
 * Milliseconds per iteration are marginal costs: the median time of a step call with ITERATIONS_HIGH iterations
 * minus one with ITERATIONS_LOW, divided by the difference, so the per-call work (uploads, forwardStep, the velocity
 * update, and for the GPU the submit and the readback of the state) cancels. GPU calls are timed to the end of
 * readState, i.e. until the GPU has finished. Both block layouts of solveColor are measured (threadsPerVertex 1 and
 * 16), and the whole time of a call with one iteration (readback included), the cost of a step call.
 *
 * Goal on a real GPU (issue 11): at most 0.25 ms per iteration at 230k vertices / 700k tets without contact.
 * The live-preview frames per second of the issue come with the simulation session (not built yet).
 */
import { boxTetrahedra, createVbdModel, createVbdState, createVbdWorkspace, step, type VbdControls, type VbdModel } from '../app/solvers/vbd/index.ts';
import { describeComputeBackend } from '../kernels/gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../kernels/gpu/gpuContext.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../kernels/node/nodeGpu.ts';
import { GpuVbdStepper } from '../kernels/vbd/createGpuVbdStepper.ts';
import { VbdKernels } from '../kernels/vbd/vbdKernels.ts';
import { medianMilliseconds } from './timing.ts';

/** Cells per side: (n+1)³ ≈ 1k, 10k, 50k, 200k vertices. */
const CELLS = [9, 21, 36, 57];
const ITERATIONS_LOW = 1;
const ITERATIONS_HIGH = 3;
const BLOCK_WIDTHS = [1, 16];
const rubber = { youngsModulus: 1e6, poissonRatio: 0.4, density: 1000, damping: 0.001 };

function lattice(cellsPerSide: number): { model: VbdModel; weights: Float64Array } {
  const { positions, tetrahedra } = boxTetrahedra([cellsPerSide, cellsPerSide, cellsPerSide], [1, 1, 1]);
  const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: rubber } });
  const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (positions[3 * v + 1] === 0 ? 0 : 1));
  return { model, weights };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export async function run(): Promise<object> {
  const compute = await requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD }));
  const device = compute.kind === 'webgpu' ? compute.device : undefined;
  const rows: object[] = [];
  for (const cells of CELLS) {
    const { model, weights } = lattice(cells);
    // medians of 5 runs, fewer where one run takes seconds (SwiftShader at 200k vertices: ~10 s per iteration)
    const repeats = model.vertexCount > 100_000 ? 1 : model.vertexCount > 20_000 ? 3 : 5;
    const controls = (iterations: number): VbdControls => ({ blendWeights: weights, iterations, substeps: 1 });
    const workspace = createVbdWorkspace(model);
    const state = createVbdState(model);
    for (let f = 0; f < 2; f++) step(model, state, state, controls(5), 1 / 60, workspace);
    const cpuLow = await medianMilliseconds(() => step(model, state, state, controls(ITERATIONS_LOW), 1 / 60, workspace), repeats);
    const cpuHigh = await medianMilliseconds(() => step(model, state, state, controls(ITERATIONS_HIGH), 1 / 60, workspace), repeats);
    const cpuPerIteration = (cpuHigh - cpuLow) / (ITERATIONS_HIGH - ITERATIONS_LOW);
    const row: Record<string, unknown> = {
      vertexCount: model.vertexCount,
      tetCount: model.tetCount,
      colorCount: model.colorCount,
      cpuMillisecondsPerIteration: round(cpuPerIteration),
      cpuOneIterationCallMilliseconds: round(cpuLow),
    };
    if (device && compute.kind === 'webgpu') {
      for (const width of BLOCK_WIDTHS) {
        // On a software adapter the 16-lane block costs minutes per iteration above 10k vertices (its workgroup
        // barriers are emulated); it is measured there only at the small sizes.
        if (compute.isFallbackAdapter && width > 1 && model.vertexCount > 20_000) {
          row[`gpuMillisecondsPerIteration_threadsPerVertex${width}`] = 'skipped on a software adapter above 20k vertices';
          continue;
        }
        const kernels = await VbdKernels.create(device, width);
        const stepper = new GpuVbdStepper(kernels, model);
        await stepper.ready();
        const gpuState = createVbdState(model, { precision: 'float32', positions: state.positions });
        stepper.setState(gpuState);
        const call = async (iterations: number) => {
          stepper.step(controls(iterations), 1 / 60);
          await stepper.readState(gpuState);
        };
        const gpuLow = await medianMilliseconds(() => call(ITERATIONS_LOW), repeats);
        const gpuHigh = await medianMilliseconds(() => call(ITERATIONS_HIGH), repeats);
        const perIteration = (gpuHigh - gpuLow) / (ITERATIONS_HIGH - ITERATIONS_LOW);
        row[`gpuMillisecondsPerIteration_threadsPerVertex${width}`] = round(perIteration);
        row[`gpuOneIterationCallMilliseconds_threadsPerVertex${width}`] = round(gpuLow);
        row[`cpuOverGpu_threadsPerVertex${width}`] = round(cpuPerIteration / perIteration);
        stepper.destroy();
      }
    }
    rows.push(row);
    process.stderr.write(`bench gpu: ${JSON.stringify(row)}\n`);
  }
  device?.destroy();
  return {
    backend: describeComputeBackend(compute),
    adapter: compute.kind === 'webgpu' ? compute.adapter : null,
    setup: `box lattice, 6 tets per cell, E = 1e6 Pa, 60 fps, 1 substep; ms per iteration = (t(${ITERATIONS_HIGH} it) − t(${ITERATIONS_LOW} it)) / ${ITERATIONS_HIGH - ITERATIONS_LOW}`,
    goal: 'real GPU: ≤ 0.25 ms per iteration at 230k vertices / 700k tets (issue 11)',
    livePreview: 'not measured yet: the simulation session (issue 11 item 1) does not exist',
    rows,
  };
}
