import { BAKE_STAGES, type BakeStage } from './bakeSettings.ts';
import type { WeightsRegion } from '../weights/index.ts';
import type { BakeResult, BakeWarning, BakedMeshStats } from './bakeAnimation.ts';

/** The JSON report of a bake (`overlap bake --report R.json`, and the app's bake panel). */
export interface BakeReport {
  format: 'overlap-bake-report';
  version: 1;
  input: string;
  clip: string;
  fps: number;
  frames: { first: number; last: number; count: number; preroll: number; simulated: number };
  loop: boolean;
  mode: 'corrective' | 'cache';
  compression: string;
  backend: { name: 'cpu'; adapter: string };
  timings: {
    /** wall seconds per stage */
    seconds: Record<BakeStage, number>;
    total: number;
    /** seconds per simulated frame, per stage (import and export divided too, for a complete budget) */
    perFrame: Record<BakeStage, number>;
  };
  meshes: BakeReportMesh[];
  /** { code, mesh?, message } per warning; empty for a clean bake */
  warnings: BakeWarning[];
  outputBytes: number;
}

/** One mesh of the report. */
export interface BakeReportMesh {
  name: string;
  role: string;
  preset?: string;
  material?: Record<string, unknown>;
  substeps?: number;
  iterations?: number;
  latticeResolution?: number;
  weightsSource?: string;
  /** the weight map per region: each joint's surface (and the separate shells), min/mean/max, vertex count, role */
  weightsRegions?: WeightsRegion[];
  /** simulation mesh and solver statistics (simulated meshes only) */
  simulation?: BakedMeshStats & {
    /** weightZeroDeviation / diagonal */
    weightZeroDeviationRelative: number;
    maxDisplacementRelative: number;
  };
}

/**
 * Builds the report of a finished bake: backend, per-stage timings (total and per frame), frames,
 * per-mesh weights (their source and their summary per region), embedding and solver statistics (iterations,
 * residuals), and the largest deviation of weight-0 vertices from the input (absolute and relative to the mesh's diagonal).
 *
 * @param result       bakeAnimation's result (its timings include import and export when bake() ran them)
 * @param input        the input's name
 * @param outputBytes  size of the written file
 * @returns the report, plain JSON
 */
export function bakeReport(result: BakeResult, input: string, outputBytes: number): BakeReport {
  const { settings } = result;
  const total = BAKE_STAGES.reduce((sum, stage) => sum + result.timings[stage], 0);
  const frames = Math.max(1, result.simulatedFrames);
  const perFrame = Object.fromEntries(BAKE_STAGES.map((stage) => [stage, result.timings[stage] / frames])) as Record<BakeStage, number>;
  const baked = new Map(result.meshes.map((m) => [m.meshIndex, m]));
  return {
    format: 'overlap-bake-report',
    version: 1,
    input,
    clip: settings.clipName,
    fps: settings.fps,
    frames: { first: settings.firstFrame, last: settings.lastFrame, count: settings.lastFrame - settings.firstFrame + 1, preroll: settings.preroll, simulated: result.simulatedFrames },
    loop: settings.loop,
    mode: settings.mode,
    compression: settings.compression,
    backend: { name: 'cpu', adapter: 'none: CPU reference solver (app/solvers/vbd)' },
    timings: { seconds: { ...result.timings }, total, perFrame },
    meshes: settings.meshes.map((mesh): BakeReportMesh => {
      const entry: BakeReportMesh = { name: mesh.name, role: mesh.role };
      const bakedMesh = baked.get(mesh.meshIndex);
      if (mesh.role !== 'simulated' || !bakedMesh) return entry;
      const stats = bakedMesh.stats;
      return {
        ...entry,
        preset: mesh.preset,
        material: { ...mesh.material },
        substeps: mesh.substeps,
        iterations: mesh.iterations,
        latticeResolution: mesh.latticeResolution,
        weightsSource: bakedMesh.weightsSource,
        weightsRegions: bakedMesh.weightsRegions,
        simulation: {
          ...stats,
          weightZeroDeviationRelative: stats.diagonal > 0 ? stats.weightZeroDeviation / stats.diagonal : 0,
          maxDisplacementRelative: stats.diagonal > 0 ? stats.maxDisplacement / stats.diagonal : 0,
        },
      };
    }),
    warnings: result.warnings.map((warning) => ({ ...warning })),
    outputBytes,
  };
}
