/**
 * Volumetric embedding (app/embedding) and its sparse solver (app/math/sparse), at growing sizes:
 *
 * - embedding: latticeEmbedding of the built-in sample (largest skinned mesh, 6.3k triangles) and of a generated
 *   50k-triangle "starfish" (a sphere with five thin arms, one closed surface) at resolutions 16/24/32(/48):
 *   median seconds, tets, duplicated cells; `msPerThousandTets` and its ratio to the smallest run of the same mesh;
 * - fitting: tetTargetFitter on the sample's Bounce clip (30 frames at 30 fps, warm-started frame to frame) at
 *   resolutions 16/24/32: factor seconds, median ms per frame, iterations per frame, worst residual in cells;
 *   baseline in the same run: one 3-column back-substitution with the factor (`ratioToOneSolve`);
 * - ordering: the sample's fitting matrix at resolution 24 factored with the nested-dissection order and with the
 *   natural order: nnz(L) and factor time ratios.
 * Medians of 3 runs after a warm-up unless noted.
 */
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { latticeEmbedding, tetTargetFitter, type LatticeEmbedding } from '../app/embedding/index.ts';
import { readGltfFile } from '../app/io/node/readGltfFile.ts';
import { cscMatrixFromTriplets, ldltFactorization, ldltSolve, ldltSymbolic } from '../app/math/sparse/index.ts';
import { medianMilliseconds } from './timing.ts';

const samplePath = new URL('../assets/sample.glb', import.meta.url).pathname;

/** A closed 50k-triangle surface with thin arms close to each other near the body: r(dir) = 1 + 1.6·Σ max(0, dir·a_k)^24. */
function starfish(rings = 125, segments = 200): { positions: Float64Array; triangles: Uint32Array } {
  const arms = [0, 1, 2, 3, 4].map((k) => [Math.cos((2 * Math.PI * k) / 5), 0.15, Math.sin((2 * Math.PI * k) / 5)]);
  const radius = (x: number, y: number, z: number): number => {
    let r = 1;
    for (const a of arms) r += 1.6 * Math.pow(Math.max(0, (x * a[0] + y * a[1] + z * a[2]) / Math.hypot(a[0], a[1], a[2])), 24);
    return r;
  };
  const positions: number[] = [0, radius(0, 1, 0), 0];
  for (let i = 1; i < rings; i++) {
    const theta = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const phi = (2 * Math.PI * j) / segments;
      const x = Math.sin(theta) * Math.cos(phi);
      const y = Math.cos(theta);
      const z = -Math.sin(theta) * Math.sin(phi);
      const r = radius(x, y, z);
      positions.push(r * x, r * y, r * z);
    }
  }
  positions.push(0, -radius(0, -1, 0), 0);
  const south = positions.length / 3 - 1;
  const ring = (i: number, j: number): number => 1 + (i - 1) * segments + (j % segments);
  const triangles: number[] = [];
  for (let j = 0; j < segments; j++) triangles.push(0, ring(1, j), ring(1, j + 1));
  for (let i = 1; i < rings - 1; i++) {
    for (let j = 0; j < segments; j++) triangles.push(ring(i, j), ring(i + 1, j), ring(i + 1, j + 1), ring(i, j), ring(i + 1, j + 1), ring(i, j + 1));
  }
  for (let j = 0; j < segments; j++) triangles.push(ring(rings - 1, j), south, ring(rings - 1, j + 1));
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

async function embeddingSweep(positions: ArrayLike<number>, triangles: ArrayLike<number>, resolutions: number[], repeats: number) {
  const rows: Record<string, number>[] = [];
  for (const resolution of resolutions) {
    let last: LatticeEmbedding | null = null;
    const ms = await medianMilliseconds(() => {
      last = latticeEmbedding(positions, triangles, { resolution });
    }, repeats);
    const embedding = last as unknown as LatticeEmbedding;
    rows.push({
      resolution,
      medianSeconds: ms / 1000,
      tets: embedding.tetCount,
      latticeVertices: embedding.vertexCount,
      cells: embedding.stats.cells,
      duplicatedCells: embedding.stats.duplicatedCells,
      pieces: embedding.stats.pieces,
      msPerThousandTets: ms / (embedding.tetCount / 1000),
    });
  }
  const base = rows[0].msPerThousandTets;
  return rows.map((row) => ({ ...row, msPerThousandTetsRatioToSmallest: row.msPerThousandTets / base }));
}

export async function run(): Promise<object> {
  const scene = await readGltfFile(samplePath);
  const skinned = scene.meshes.filter((m) => m.skinned);
  const meshIndex = scene.meshes.indexOf(skinned.reduce((a, b) => (b.topology.triangles.length > a.topology.triangles.length ? b : a)));
  const mesh = scene.meshes[meshIndex];
  const { positions, triangles } = mesh.topology;

  process.stderr.write('embedding: sample\n');
  const sampleEmbedding = await embeddingSweep(positions, triangles, [16, 24, 32], 3);
  process.stderr.write('embedding: 50k-triangle starfish\n');
  const star = starfish();
  const starEmbedding = await embeddingSweep(star.positions, star.triangles, [16, 32, 48], 1);

  process.stderr.write('fitting: sample Bounce\n');
  const evaluator = createAnimationEvaluator(scene);
  const clip = scene.clips.findIndex((c) => c.name === 'Bounce');
  const frameCount = 30;
  const frames = Array.from({ length: frameCount }, (_, k) => {
    const out = new Float32Array(3 * mesh.topology.vertexCount);
    evaluator.evaluateSimulationPositions(meshIndex, clip < 0 ? 0 : clip, k / 30, out);
    return out;
  });
  const fitting: Record<string, number>[] = [];
  for (const resolution of [16, 24, 32]) {
    const embedding = latticeEmbedding(positions, triangles, { resolution });
    const fitter = tetTargetFitter(embedding, { surfaceTriangles: triangles });
    const targets = new Float64Array(3 * embedding.vertexCount);
    const perFrame: number[] = [];
    let iterations = 0;
    let worst = 0;
    fitter.fit(frames[0], targets); // warm-up
    for (let k = 0; k < frameCount; k++) {
      const start = performance.now();
      const report = fitter.fit(frames[k], targets, k === 0 ? undefined : targets);
      perFrame.push(performance.now() - start);
      iterations += report.iterations;
      worst = Math.max(worst, report.maxResidual / embedding.cellSize);
    }
    perFrame.sort((a, b) => a - b);
    const frameMs = perFrame[Math.floor(frameCount / 2)];
    // Baseline: one 3-column solve with a factor of the same matrix pattern (the global step alone).
    const { matrix } = fittingPattern(embedding);
    const factor = ldltFactorization(ldltSymbolic(matrix), matrix);
    const rhs = new Float64Array(3 * embedding.vertexCount).fill(1);
    const out = new Float64Array(rhs.length);
    const solveMs = await medianMilliseconds(() => ldltSolve(factor, rhs, out, 3), 5);
    fitting.push({
      resolution,
      latticeVertices: embedding.vertexCount,
      tets: embedding.tetCount,
      factorSeconds: fitter.factorSeconds,
      factorNonzeros: fitter.factorNonzeros,
      medianMsPerFrame: frameMs,
      iterationsPerFrame: iterations / frameCount,
      worstResidualCells: worst,
      oneSolveMs: solveMs,
      ratioToOneSolve: frameMs / solveMs,
    });
  }

  process.stderr.write('ordering: nested dissection vs natural\n');
  const embedding24 = latticeEmbedding(positions, triangles, { resolution: 24 });
  const { matrix } = fittingPattern(embedding24);
  const ordering: Record<string, Record<string, number>> = {};
  for (const order of ['nested-dissection', 'natural'] as const) {
    const symbolic = ldltSymbolic(matrix, { ordering: order });
    const factorMs = await medianMilliseconds(() => ldltFactorization(symbolic, matrix), 1);
    ordering[order] = { factorNonzeros: symbolic.factorNonzeros, factorMs };
  }
  return {
    embedding: { sample: sampleEmbedding, starfish50k: { triangles: star.triangles.length / 3, runs: starEmbedding } },
    fitting: { clip: 'Bounce', frames: frameCount, runs: fitting },
    ordering: {
      latticeVertices: embedding24.vertexCount,
      ...ordering,
      fillRatioNaturalToNestedDissection: ordering.natural.factorNonzeros / ordering['nested-dissection'].factorNonzeros,
      timeRatioNaturalToNestedDissection: ordering.natural.factorMs / ordering['nested-dissection'].factorMs,
    },
  };
}

/** The SPD pattern of the fitting system (tet stiffness Laplacian + identity), for solver-only timings. */
function fittingPattern(embedding: LatticeEmbedding) {
  const rows: number[] = [];
  const columns: number[] = [];
  const values: number[] = [];
  for (let t = 0; t < embedding.tetCount; t++) {
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        rows.push(embedding.tetrahedra[4 * t + i]);
        columns.push(embedding.tetrahedra[4 * t + j]);
        values.push(i === j ? 3.01 : -1);
      }
    }
  }
  return cscMatrixFromTriplets(embedding.vertexCount, embedding.vertexCount, rows, columns, values);
}
