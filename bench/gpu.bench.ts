/**
 * The VBD step on WebGPU (kernels/vbd) against the CPU reference (app/solvers/vbd step) on box tet lattices of about
 * 1k, 10k, 50k, 125k and 227k vertices (6 tets per cell, the bottom face pinned) and on 1,840 separate blocks of 4³
 * cells (230k vertices / 707k tets: the goal shape, a scene of many small soft objects like the VBD paper's),
 * on whatever adapter this machine has, which it prints (SwiftShader here: WGSL on the same CPU cores, so the ratios
 * say nothing about a real GPU; the same bench runs unchanged on one).
 *
 * Milliseconds per iteration are marginal costs: the time of a step call with many iterations minus one with
 * ITERATIONS_LOW, divided by the difference, so the per-call work (uploads, forwardStep, the velocity update, and for
 * the GPU the submit and the readback of the state) cancels. GPU calls are timed to the end of readState, i.e. until
 * the GPU has finished. The block layouts of solveColor are measured side by side: one thread per vertex (what
 * software adapters run), the widths 4, 8, 16 and 32, the generic 16-lane kernels with every element kind compiled in
 * (the layout before per-model kernels), and `auto`, what the backend runs for the model (vbdThreadsPerVertex, the
 * model's element kinds only). On a hardware adapter the layouts are measured in rounds, each round timing every
 * layout once in a rotating order, so that clock changes of the GPU fall on all of them alike; the median over rounds.
 *
 * Goal on a real GPU (issue 11): at most 0.25 ms per iteration at 230k vertices / 700k tets without contact.
 *
 * Live preview: frames per second of the simulation session the app's preview runs (app/bake SimulationSession:
 * advance one frame and write every simulated mesh's render positions), on the CPU and, when an adapter exists, on
 * WebGPU, for the sample, Fox at real size and the generated character at 3 subdivisions (12.8k surface vertices) and
 * with two edge loops per extrusion (23.6k: the goal is ≥ 30 fps at 20k on a laptop GPU). Median of the
 * per-frame times after two warm-up frames.
 */
import { readFileSync } from 'node:fs';
import { createSimulationSession, resolveBakeSettings, type BakeOptions } from '../app/bake/index.ts';
import { readGltf, type ImportedScene } from '../app/io/index.ts';
import type { VbdStepBackend } from '../app/solvers/vbd/index.ts';
import { requestNodeVbdStepBackend } from '../kernels/node/requestNodeVbdStepBackend.ts';
import { smallBlocks } from '../test/helpers/smallBlocks.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { boxTetrahedra, createVbdModel, createVbdState, createVbdWorkspace, step, type VbdControls, type VbdModel } from '../app/solvers/vbd/index.ts';
import { describeComputeBackend } from '../kernels/gpu/describeComputeBackend.ts';
import { requestComputeBackend } from '../kernels/gpu/gpuContext.ts';
import { nodeGpu, SWIFTSHADER_VULKAN_ICD } from '../kernels/node/nodeGpu.ts';
import { GpuVbdStepper, type GpuVbdStepperOptions } from '../kernels/vbd/createGpuVbdStepper.ts';
import { vbdThreadsPerVertex, VbdKernels } from '../kernels/vbd/vbdKernels.ts';
import { medianMilliseconds } from './timing.ts';

/**
 * Cells per side: (n+1)³ ≈ 1k, 10k, 50k vertices; then the goal shape (230k vertices, 700k tets) bracketed,
 * since a box lattice has 6 tets per cell: 49 cells = 125k vertices with the goal's 706k tets, 60 cells = the goal's
 * 227k vertices with 1.3M tets. The goal's shape itself (3 tets per vertex) is a scene of many small objects: BLOCKS.
 */
const CELLS = process.env.OVERLAP_BENCH_GPU_CELLS?.split(',').map(Number) ?? [9, 21, 36, 49, 60];
/**
 * 1,840 blocks of 4³ cells (125 vertices, 384 tets each): 230,000 vertices / 706,560 tets, each pinned at its base.
 * OVERLAP_BENCH_GPU_CELLS and OVERLAP_BENCH_GPU_BLOCKS (0: none) choose other sizes, OVERLAP_BENCH_GPU_PREVIEW=0 skips
 * the live preview.
 */
const BLOCKS = Number(process.env.OVERLAP_BENCH_GPU_BLOCKS ?? 1840);
const ITERATIONS_LOW = 1;
const ITERATIONS_HIGH = 3;
/**
 * On a hardware adapter an iteration costs tenths of a millisecond against a call's fixed cost of about a millisecond
 * (uploads, submit, readback) that moves by as much between calls: there the long call has 401 iterations (0.1 s at
 * the goal's size), the short one is the faster of two, and ROUNDS_HARDWARE rounds are taken.
 */
const ITERATIONS_HIGH_HARDWARE = 401;
const ROUNDS_HARDWARE = 7;
/** Block layouts measured: lanes per vertex (with the model's element kinds only), 'generic16', 'auto'. */
const LAYOUTS_HARDWARE = ['1', '4', '8', '16', '32', 'generic16', 'auto'] as const;
const LAYOUTS_SOFTWARE = ['1', 'generic16'] as const;
const rubber = { youngsModulus: 1e6, poissonRatio: 0.4, density: 1000, damping: 0.001 };

function lattice(cellsPerSide: number): { name: string; model: VbdModel; weights: Float64Array } {
  const { positions, tetrahedra } = boxTetrahedra([cellsPerSide, cellsPerSide, cellsPerSide], [1, 1, 1]);
  const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: rubber } });
  const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (positions[3 * v + 1] === 0 ? 0 : 1));
  return { name: `box lattice, ${cellsPerSide}³ cells`, model, weights };
}

/** `count` blocks of 4³ cells (smallBlocks), each pinned at its base. */
function blocks(count: number): { name: string; model: VbdModel; weights: Float64Array } {
  const { positions, tetrahedra, base } = smallBlocks(count);
  const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: rubber } });
  return { name: `${count} blocks of 4³ cells`, model, weights: Float64Array.from(base, (b) => 1 - b) };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** What a layout name runs: lanes per vertex and whether the kernels hold the model's element kinds only. */
function layoutOptions(layout: string, model: VbdModel): GpuVbdStepperOptions {
  if (layout === 'generic16') return { threadsPerVertex: 16, specializeElements: false };
  if (layout === 'auto') return { threadsPerVertex: vbdThreadsPerVertex(model) };
  return { threadsPerVertex: Number(layout) };
}

export async function run(): Promise<object> {
  const compute = await requestComputeBackend(nodeGpu({ vulkanIcd: SWIFTSHADER_VULKAN_ICD }));
  const device = compute.kind === 'webgpu' ? compute.device : undefined;
  const hardware = compute.kind === 'webgpu' && !compute.isFallbackAdapter;
  const rows: object[] = [];
  for (const { name, model, weights } of [...CELLS.map(lattice), ...(BLOCKS > 0 ? [blocks(BLOCKS)] : [])]) {
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
      shape: name,
      vertexCount: model.vertexCount,
      tetCount: model.tetCount,
      colorCount: model.colorCount,
      autoThreadsPerVertex: vbdThreadsPerVertex(model),
      cpuMillisecondsPerIteration: round(cpuPerIteration),
      cpuOneIterationCallMilliseconds: round(cpuLow),
    };
    if (device && compute.kind === 'webgpu') {
      const kernels = await VbdKernels.create(device, 16);
      const high = hardware ? ITERATIONS_HIGH_HARDWARE : ITERATIONS_HIGH;
      const runs: Array<{ layout: string; call: (iterations: number) => Promise<number>; stepper: GpuVbdStepper; samples: number[]; lows: number[] }> = [];
      for (const layout of hardware ? LAYOUTS_HARDWARE : LAYOUTS_SOFTWARE) {
        // On a software adapter the multi-lane blocks cost minutes per iteration above 20k vertices (their workgroup
        // barriers are emulated); they are measured there only at the small sizes.
        if (!hardware && layout !== '1' && model.vertexCount > 20_000) {
          row[`gpuMillisecondsPerIteration_${layout}`] = 'skipped on a software adapter above 20k vertices';
          continue;
        }
        const stepper = new GpuVbdStepper(kernels, model, layoutOptions(layout, model));
        await stepper.ready();
        const gpuState = createVbdState(model, { precision: 'float32', positions: state.positions });
        stepper.setState(gpuState);
        const call = async (iterations: number): Promise<number> => {
          const start = performance.now();
          stepper.step(controls(iterations), 1 / 60);
          await stepper.readState(gpuState);
          return performance.now() - start;
        };
        await call(high); // warm-up: pipelines and buffers
        runs.push({ layout, call, stepper, samples: [], lows: [] });
      }
      const rounds = hardware ? ROUNDS_HARDWARE : repeats;
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < runs.length; i++) {
          const { call, samples, lows } = runs[(i + r) % runs.length];
          const low = hardware ? Math.min(await call(ITERATIONS_LOW), await call(ITERATIONS_LOW)) : await call(ITERATIONS_LOW);
          samples.push((await call(high)) - low);
          lows.push(low);
        }
      }
      for (const { layout, stepper, samples, lows } of runs) {
        const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
        const perIteration = median(samples) / (high - ITERATIONS_LOW);
        row[`gpuMillisecondsPerIteration_${layout}`] = round(perIteration);
        row[`gpuOneIterationCallMilliseconds_${layout}`] = round(median(lows));
        row[`cpuOverGpu_${layout}`] = round(cpuPerIteration / perIteration);
        stepper.destroy();
      }
    }
    rows.push(row);
    process.stderr.write(`bench gpu: ${JSON.stringify(row)}\n`);
  }
  device?.destroy();
  const livePreview = process.env.OVERLAP_BENCH_GPU_PREVIEW === '0' ? 'skipped (OVERLAP_BENCH_GPU_PREVIEW=0)' : await previewFramesPerSecond();
  return {
    backend: describeComputeBackend(compute),
    adapter: compute.kind === 'webgpu' ? compute.adapter : null,
    setup: `6 tets per cell, E = 1e6 Pa, damping 0.001 s, 60 fps, 1 substep; ms per iteration = (t(n it) − t(${ITERATIONS_LOW} it)) / (n − ${ITERATIONS_LOW}), n = ${ITERATIONS_HIGH} on the CPU and a software adapter, ${ITERATIONS_HIGH_HARDWARE} on a hardware adapter (median of ${ROUNDS_HARDWARE} rotating rounds); layouts: lanes per vertex with the model's element kinds only, generic16 = 16 lanes with every kind compiled in, auto = what the backend runs on hardware (software adapters run 1)`,
    goal: 'real GPU: ≤ 0.25 ms per iteration at 230k vertices / 700k tets (issue 11)',
    livePreview,
    rows,
  };
}

/** Frames simulated per measurement (after two warm-up frames). */
const PREVIEW_FRAMES = 8;

/** Live-preview frames per second of a simulation session per asset and backend. */
export async function previewFramesPerSecond(): Promise<object[]> {
  const assets: Array<{ name: string; scene: ImportedScene; options: BakeOptions }> = [
    {
      name: 'sample (Bounce)',
      scene: await readGltf(new Uint8Array(readFileSync(new URL('../assets/sample.glb', import.meta.url))), { fileName: 'sample.glb' }),
      options: { clip: 'Bounce' },
    },
    {
      name: 'Fox (Walk, 0.01 m/unit)',
      scene: await readGltf(new Uint8Array(readFileSync(new URL('../../shared/data/Fox.glb', import.meta.url))), { fileName: 'Fox.glb' }),
      options: { clip: 'Walk', metersPerUnit: 0.01 },
    },
    {
      name: 'generated character, 3 subdivisions (Walk)',
      scene: await readGltf(await testCharacterGlb({ subdivisions: 3 }), { fileName: 'critter.glb' }),
      options: { clip: 'Walk' },
    },
    {
      name: 'generated character, 3 subdivisions, 2 edge loops per extrusion (Walk)',
      scene: await readGltf(await testCharacterGlb({ subdivisions: 3, rings: 2 }), { fileName: 'critter-rings2.glb' }),
      options: { clip: 'Walk' },
    },
  ];
  const gpu = await requestNodeVbdStepBackend('webgpu', { vulkanIcd: SWIFTSHADER_VULKAN_ICD });
  const backends: Array<{ name: string; backend?: VbdStepBackend }> = [{ name: 'cpu' }];
  if ('backend' in gpu) backends.push({ name: 'webgpu', backend: gpu.backend });
  const rows: object[] = [];
  for (const asset of assets) {
    const surfaceVertexCount = asset.scene.meshes.reduce((sum, mesh) => sum + mesh.topology.vertexCount, 0);
    for (const { name, backend } of backends) {
      const options: BakeOptions = { ...asset.options, frames: [0, PREVIEW_FRAMES + 1], ...(backend ? { backend: 'webgpu', stepBackend: backend } : {}) };
      const session = createSimulationSession(asset.scene, resolveBakeSettings(asset.scene, options), options);
      const outputs = session.meshes.map((mesh) => new Float32Array(3 * asset.scene.meshes[mesh.meshIndex].renderVertexCount));
      const times: number[] = [];
      let before: Record<string, number> = {};
      for (let k = -session.settings.preroll; k <= PREVIEW_FRAMES + 1; k++) {
        if (k === 2) before = { ...session.timings() };
        const start = performance.now();
        await session.advance(k);
        if (k >= 0) session.meshes.forEach((_, m) => session.surface(m, outputs[m]));
        if (k >= 2) times.push(performance.now() - start);
      }
      const after: Record<string, number> = session.timings();
      session.dispose();
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)];
      // Mean milliseconds per frame of the session's stages over the measured frames (the rest of a frame: the
      // session's own bookkeeping, the surface guard, the render vertices).
      const stages = Object.fromEntries(
        ['evaluation', 'fitting', 'simulation', 'transfer'].map((stage) => [stage, round((1000 * (after[stage] - before[stage])) / times.length)]),
      );
      const row = {
        asset: asset.name,
        surfaceVertexCount,
        backend: name,
        millisecondsPerFrame: round(median),
        framesPerSecond: round(1000 / median),
        stageMillisecondsPerFrame: stages,
      };
      rows.push(row);
      process.stderr.write(`bench gpu (live preview): ${JSON.stringify(row)}\n`);
    }
  }
  if ('backend' in gpu) gpu.backend.dispose();
  return rows;
}
