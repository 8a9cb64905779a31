/**
 * The bake, end to end, at default settings: seconds per frame by stage for the built-in sample (Bounce,
 * 61 frames, ≈3k render vertices) and Fox.glb (Walk, 18 frames, 1.7k render vertices / 290 welded), then the
 * sample at growing lattice resolutions (8, 12 = default, 16) to show how the cost scales with the tet count.
 * Baseline measured in the same run: evaluating the input animation alone for the same frames
 * (createAnimationEvaluator().evaluateMesh), i.e. what playing the clip costs; `ratioToEvaluation` is the
 * bake's seconds per frame over that. Medians of 3 runs after one warm-up (the resolution sweep: 1 run).
 */
import { readFileSync } from 'node:fs';
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { bake, BAKE_STAGES, type BakeOptions, type BakeReport, type BakeStage } from '../app/bake/index.ts';
import { readGltf, type ImportedScene } from '../app/io/index.ts';
import { medianMilliseconds } from './timing.ts';

const sample = new URL('../assets/sample.glb', import.meta.url).pathname;
const fox = new URL('../../shared/data/Fox.glb', import.meta.url).pathname;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(scene: ImportedScene, options: BakeOptions, runs: number) {
  await bake(scene, options); // warm-up (JIT)
  const reports: BakeReport[] = [];
  for (let r = 0; r < runs; r++) reports.push((await bake(scene, options)).report);
  const frames = reports[0].frames.simulated;
  const perFrame = Object.fromEntries(BAKE_STAGES.map((stage) => [stage, median(reports.map((rep) => rep.timings.seconds[stage])) / frames])) as Record<BakeStage, number>;
  const total = median(reports.map((rep) => rep.timings.total));
  const evaluator = createAnimationEvaluator(scene);
  const mesh = scene.meshes[0];
  const positions = new Float32Array(3 * mesh.renderVertexCount);
  const settings = reports[0];
  const clipIndex = scene.clips.findIndex((c) => c.name === settings.clip);
  const evaluationMs = await medianMilliseconds(() => {
    for (let f = settings.frames.first; f <= settings.frames.last; f++) evaluator.evaluateMesh(0, clipIndex, f / settings.fps, positions);
  }, 5);
  const evaluationPerFrame = evaluationMs / 1000 / settings.frames.count;
  const simulation = reports[0].meshes.find((m) => m.simulation)!.simulation!;
  return {
    frames,
    renderVertices: mesh.renderVertexCount,
    weldedVertices: mesh.topology.vertexCount,
    latticeVertices: simulation.vertexCount,
    tets: simulation.tetCount,
    secondsPerFrame: total / frames,
    secondsPerFrameByStage: perFrame,
    totalSeconds: total,
    baselineEvaluationSecondsPerFrame: evaluationPerFrame,
    ratioToEvaluation: total / frames / evaluationPerFrame,
    solverIterationsPerFrame: simulation.iterations / frames,
    residualMean: simulation.residualMean,
    outputBytes: reports[0].outputBytes,
  };
}

export async function run(): Promise<object> {
  const sampleScene = await readGltf(new Uint8Array(readFileSync(sample)), { fileName: 'sample.glb' });
  const foxScene = await readGltf(new Uint8Array(readFileSync(fox)), { fileName: 'Fox.glb' });
  const results: Record<string, unknown> = {
    sampleBounce: await measure(sampleScene, { clip: 'Bounce' }, 3),
    foxWalk: await measure(foxScene, { clip: 'Walk' }, 3),
  };
  const sweep: Record<string, unknown> = {};
  for (const resolution of [8, 12, 16]) {
    sweep[`resolution${resolution}`] = await measure(sampleScene, { clip: 'Bounce', meshes: [{ mesh: 'Blob', latticeResolution: resolution }] }, 1);
  }
  results.sampleLatticeSweep = sweep;
  return results;
}
