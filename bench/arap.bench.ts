/**
 * ARAP shape editing (app/solvers/arap): milliseconds per local/global iteration of full-space ARAP vs hierarchical
 * reduced ARAP (seed 004 ch. 3) on closed tube surfaces of about 10k, 50k and 100k vertices (a tube of radius 0.1
 * and length 1, bottom ring held, top ring tilted 45°, so the tube bends), with contact off and on (a plane the bend
 * pushes the tube into). Medians over the measured iterations after the first (which carries one-off work: the
 * first rotation fit, the first contact solves); maxima too, the number Li's thesis cares about most.
 *
 * Reduced ARAP is reported three ways: `iterationMs`, the solver alone (local step by rotation clusters, App. A;
 * the r×r KKT solve); `withPositionsMs`, plus p = U·v for all vertices on the CPU (what a viewport needs each frame,
 * a matrix–vector product that belongs on the GPU); contact on always includes p (detection needs it).
 * Baseline in the same run: full space at the same size, `fullOverReduced` ratios. Goals (issue 12): reduced ≤ 5 ms
 * per iteration at 10k; ≥ 10× faster than full at ≥ 50k.
 */
import {
  createArapModel,
  createArapState,
  createFullArapSolver,
  createReducedArapSolver,
  handleTargets,
  planeCollider,
  reducedArapBasis,
  type ArapHandle,
  type ArapModel,
} from '../app/solvers/arap/index.ts';

function tube(vertexTarget: number): { model: ArapModel; handles: ArapHandle[] } {
  const segments = Math.round(Math.sqrt(vertexTarget / 5));
  const rings = Math.round(vertexTarget / segments);
  const positions = new Float64Array(3 * rings * segments);
  const triangles: number[] = [];
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      const a = (2 * Math.PI * j) / segments;
      positions.set([0.1 * Math.cos(a), 0.1 * Math.sin(a), i / (rings - 1)], 3 * (i * segments + j));
    }
  }
  const id = (i: number, j: number) => i * segments + (j % segments);
  for (let i = 0; i + 1 < rings; i++)
    for (let j = 0; j < segments; j++) triangles.push(id(i, j), id(i + 1, j), id(i + 1, j + 1), id(i, j), id(i + 1, j + 1), id(i, j + 1));
  const model = createArapModel({ restPositions: positions, triangles });
  // Top ring tilted by −45° about x around its centre: the tube bends down (−y).
  const c = Math.cos(-Math.PI / 4);
  const s = Math.sin(-Math.PI / 4);
  const handles = [
    { vertices: Array.from({ length: segments }, (_, j) => id(0, j)), matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
    { vertices: Array.from({ length: segments }, (_, j) => id(rings - 1, j)), matrix: [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, s, 1 - c, 1] },
  ];
  return { model, handles };
}

/** Tube sizes [vertices]; OVERLAP_BENCH_ARAP_SIZES=10000 (comma-separated) keeps a run short on a busy machine. */
const SIZES = (process.env.OVERLAP_BENCH_ARAP_SIZES ?? '10000,50000,100000').split(',').map(Number);

/** A floor the bend pushes the tube into (the free tube dips to y ≈ −0.13 while it bends, −0.11 at rest; the floor is at −0.105). */
const floor = () => planeCollider([0, 1, 0], -0.105);

function summary(times: number[]): { medianMs: number; maxMs: number } {
  const sorted = times.slice(1).sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], maxMs: Math.max(...times) };
}

export async function run(): Promise<object> {
  const rows: Record<string, unknown>[] = [];
  for (const size of SIZES) {
    process.stderr.write(`arap: ${size} vertices\n`);
    const { model, handles } = tube(size);
    const { vertices, targets } = handleTargets(handles, model.restPositions);
    const fullIterations = size >= 100_000 ? 6 : 10;
    const row: Record<string, unknown> = { vertices: model.vertexCount };

    for (const contact of [false, true]) {
      const started = performance.now();
      const solver = createFullArapSolver(model, vertices, { colliders: contact ? [floor()] : [] });
      const setupSeconds = (performance.now() - started) / 1000;
      solver.setHandleTargets(targets);
      const state = createArapState(model);
      const times: number[] = [];
      let contacts = 0;
      // Full space with contact pays a back-substitution per new contact point and a dense k×k Schur solve per
      // iteration (seed 004 §3.6: "degrades as k grows"); a 90 s budget keeps the run bounded at 100k.
      const loopStart = performance.now();
      const planned = fullIterations + (contact ? 10 : 0);
      for (let i = 0; i < planned && performance.now() - loopStart < 90_000; i++) {
        const t = performance.now();
        const report = solver.iterate(state);
        times.push(performance.now() - t);
        contacts = report.contacts;
      }
      const measured = contact && times.length > 12 ? times.slice(10) : times;
      row[contact ? 'fullContact' : 'full'] = {
        setupSeconds,
        factorNonzeros: solver.factorNonzeros,
        ...summary(measured),
        iterations: times.length,
        budgetHit: times.length < planned,
        contacts,
      };
    }

    const started = performance.now();
    const basis = reducedArapBasis(model);
    const precomputeSeconds = (performance.now() - started) / 1000;
    row.reducedPrecompute = {
      seconds: precomputeSeconds,
      stageSeconds: basis.seconds,
      globalManipulators: basis.globalCount,
      levels: basis.hierarchy.levelCount,
      rotationClusters: basis.clusters.count,
    };
    const positions = new Float64Array(3 * model.vertexCount);
    for (const contact of [false, true]) {
      const solver = createReducedArapSolver(
        basis,
        handles.map((h) => h.vertices),
        { colliders: contact ? [floor()] : [] },
      );
      solver.setHandleTargets(targets);
      solver.reset();
      const iteration: number[] = [];
      const withPositions: number[] = [];
      let last = { basisSize: 0, activeGroups: 0, contacts: 0 };
      for (let i = 0; i < 60; i++) {
        let t = performance.now();
        last = solver.iterate();
        iteration.push(performance.now() - t);
        t = performance.now();
        solver.positions(positions);
        withPositions.push(iteration[i] + performance.now() - t);
      }
      // Skip the first 20 iterations: the edit's onset (contacts appearing, bases activating) is reported in maxMs.
      const steady = (times: number[]) => ({ ...summary(times.slice(19)), maxMs: Math.max(...times) });
      row[contact ? 'reducedContact' : 'reduced'] = {
        iterationMs: steady(iteration),
        withPositionsMs: steady(withPositions),
        basisSize: last.basisSize,
        activeGroups: last.activeGroups,
        contacts: last.contacts,
      };
    }
    const ms = (key: string, field = 'medianMs') => (row[key] as Record<string, number>)[field];
    const reducedMs = (key: string, kind: 'iterationMs' | 'withPositionsMs') => (row[key] as Record<string, Record<string, number>>)[kind].medianMs;
    row.fullOverReduced = {
      iteration: ms('full') / reducedMs('reduced', 'iterationMs'),
      withPositions: ms('full') / reducedMs('reduced', 'withPositionsMs'),
      contact: ms('fullContact') / reducedMs('reducedContact', 'withPositionsMs'),
    };
    rows.push(row);
    process.stderr.write(`${JSON.stringify(row)}\n`);
  }
  return { mesh: 'closed tube surface, spokes ARAP (per-vertex rotations, cotangent weights)', runs: rows };
}
