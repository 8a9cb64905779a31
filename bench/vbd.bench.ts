/**
 * VBD on the CPU (app/solvers/vbd): cost per iteration and per frame on box tet lattices of about 1k, 10k and 50k
 * vertices, and iterations to a 1e-3 relative force residual (seed 000 Eq. 5.28) with and without Chebyshev
 * acceleration. Baselines measured in the same run: one force-only sweep over the same mesh (the floor an iteration
 * cannot beat: the solve adds only the 3×3 Hessian and the analytic solve), and the 1k lattice for scaling per vertex.
 */
import {
  boxTetrahedra,
  createVbdCallParameters,
  createVbdModel,
  createVbdState,
  createVbdWorkspace,
  meanForceResidual,
  step,
  type VbdControls,
  type VbdModel,
} from '../app/solvers/vbd/index.ts';
import { medianMilliseconds } from './timing.ts';

const rubber = { youngsModulus: 1e6, poissonRatio: 0.4, density: 1000, damping: 0.001 };

function lattice(cellsPerSide: number): { model: VbdModel; weights: Float64Array; buildMilliseconds: number } {
  const started = performance.now();
  const { positions, tetrahedra } = boxTetrahedra([cellsPerSide, cellsPerSide, cellsPerSide], [1, 1, 1]);
  const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: rubber } });
  const buildMilliseconds = performance.now() - started;
  // the bottom face follows the animation (weight 0), the rest is physics
  const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (positions[3 * v + 1] === 0 ? 0 : 1));
  return { model, weights, buildMilliseconds };
}

async function timings(cellsPerSide: number, repeats: number) {
  const { model, weights, buildMilliseconds } = lattice(cellsPerSide);
  const workspace = createVbdWorkspace(model);
  const state = createVbdState(model);
  const iterations = 10;
  const controls: VbdControls = { blendWeights: weights, iterations, substeps: 1 };
  // a jiggling state: let it sag for a few frames first
  for (let f = 0; f < 3; f++) step(model, state, state, controls, 1 / 60, workspace);
  const perTenIterations = await medianMilliseconds(() => step(model, state, state, controls, 1 / 60, workspace), repeats);
  const frameControls: VbdControls = { blendWeights: weights, iterations: 10, substeps: 2 };
  const perFrame = await medianMilliseconds(() => step(model, state, state, frameControls, 1 / 60, workspace), repeats);
  // the force sweep at the last frame's substep length h = 1/120 s
  const sweepParameters = createVbdCallParameters(1 / 120);
  const forceSweep = await medianMilliseconds(() => meanForceResidual(model, workspace, sweepParameters, state.positions), repeats);
  return {
    vertexCount: model.vertexCount,
    tetCount: model.tetCount,
    colorCount: model.colorCount,
    buildMilliseconds: round(buildMilliseconds),
    millisecondsPerIteration: round(perTenIterations / iterations),
    millisecondsPerFrame: round(perFrame),
    frameSetup: '60 fps, 2 substeps × 10 iterations',
    nanosecondsPerVertexIteration: round((1e6 * perTenIterations) / iterations / model.vertexCount),
    forceSweepMilliseconds: round(forceSweep),
    iterationOverForceSweep: round(perTenIterations / iterations / forceSweep),
  };
}

/** Float32 positions (the GPU's precision) against Float64, on the 10k lattice. Run last: once a process has seen both
 * array types the per-element functions become polymorphic, which slows both (measured ~2× in this bench). */
async function precisionRatio(cellsPerSide: number, repeats: number) {
  const { model, weights } = lattice(cellsPerSide);
  const workspace = createVbdWorkspace(model);
  const controls: VbdControls = { blendWeights: weights, iterations: 10, substeps: 1 };
  const measure = (precision: 'float32' | 'float64') => {
    const state = createVbdState(model, { precision });
    return medianMilliseconds(() => step(model, state, state, controls, 1 / 60, workspace), repeats);
  };
  const float64 = await measure('float64');
  const float32 = await measure('float32');
  return { vertexCount: model.vertexCount, float32OverFloat64: round(float32 / float64) };
}

/**
 * seed 000 Fig. 3.19's test in small: a cube with its bottom pinned, stretched to 1.5× its height and released, one
 * implicit-Euler step of h = 1/30 s; iterations until mean‖f‖ falls below 1e-3 of its initial value.
 */
function iterationsToResidual(cellsPerSide: number, chebyshevRho: number) {
  const { model, weights } = lattice(cellsPerSide);
  const stretched = Float64Array.from(model.restPositions, (x, k) => (k % 3 === 1 ? 1.5 * x : x));
  const state = createVbdState(model, { positions: stretched });
  const started = performance.now();
  const d = step(model, state, state, { blendWeights: weights, iterations: 5000, residualTolerance: 1e-3, chebyshevRho, gravity: [0, 0, 0] }, 1 / 30);
  return { iterations: d.iterations, milliseconds: round(performance.now() - started), reached: d.residuals[d.residuals.length - 1] < 1e-3 };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

export async function run(): Promise<object> {
  // convergence first, while the solver's call sites have seen only Float64 positions
  process.stderr.write('  vbd: iterations to a 1e-3 residual\n');
  const convergence: Record<string, object> = {};
  for (const [name, cells] of [
    ['1k', 9],
    ['4k', 15],
  ] as const) {
    const plain = iterationsToResidual(cells, 0);
    const results: Record<string, object> = { 'rho=0': plain };
    for (const rho of [0.9, 0.95]) {
      const accelerated = iterationsToResidual(cells, rho);
      results[`rho=${rho}`] = { ...accelerated, iterationRatioToPlain: round(accelerated.iterations / plain.iterations) };
    }
    convergence[name] = results;
  }
  const sizes = [
    { name: '1k', cells: 9, repeats: 7 },
    { name: '10k', cells: 21, repeats: 5 },
    { name: '50k', cells: 36, repeats: 3 },
  ];
  const perSize: Record<string, Awaited<ReturnType<typeof timings>>> = {};
  for (const size of sizes) {
    process.stderr.write(`  vbd: timing the ${size.name} lattice\n`);
    perSize[size.name] = await timings(size.cells, size.repeats);
  }
  const base = perSize['1k'];
  const scaling = Object.fromEntries(
    Object.entries(perSize).map(([name, t]) => [name, round(t.nanosecondsPerVertexIteration / base.nanosecondsPerVertexIteration)]),
  );
  process.stderr.write('  vbd: float32 against float64\n');
  const precision = await precisionRatio(21, 5);
  return {
    note: 'CPU reference solver, one thread, Float64 positions unless stated. Ratios: iteration cost over one force-only sweep of the same mesh; per-vertex cost over the 1k lattice; Chebyshev iterations over plain Gauss-Seidel; Float32 over Float64 time',
    perSize,
    perVertexCostOver1k: scaling,
    iterationsTo1e3Residual: convergence,
    precision,
  };
}
