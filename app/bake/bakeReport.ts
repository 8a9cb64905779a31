import type { ExportMode, ShapeStorage } from '../document/index.ts';
import { BAKE_STAGES, type BakeStage } from './bakeSettings.ts';
import type { WeightsRegion } from '../weights/index.ts';
import type { BakeResult, BakedMeshStats } from './bakeAnimation.ts';
import type { BakeWarning } from './bakeWarning.ts';
import type { ExportedMesh } from './bakedDocument.ts';

/** The JSON report of a bake (`overlap bake --report R.json`, and the app's bake panel). */
export interface BakeReport {
  format: 'overlap-bake-report';
  version: 1;
  input: string;
  clip: string;
  fps: number;
  frames: { first: number; last: number; count: number; preroll: number; simulated: number };
  loop: boolean;
  mode: ExportMode;
  compression: string;
  /** how the motion was written: storage, the error bound, and per mesh the targets or bones and the replay error */
  export: {
    shapes: ShapeStorage;
    maxShapes: number;
    /** the bound, relative to each mesh's diagonal */
    shapeError: number;
    helperBones: number;
    meshes: Array<ExportedMesh & { maxErrorRelative: number; rmsErrorRelative: number }>;
  };
  /**
   * where the VBD step ran: name, `adapter` (the backend's line: 'WebGPU: <adapter name>' or 'none: <why the CPU>'),
   * the adapter's vendor, architecture and description (WebGPU), what was asked for, and the fallback if the GPU
   * failed mid-bake
   */
  backend: {
    name: 'cpu' | 'webgpu';
    adapter: string;
    vendor?: string;
    architecture?: string;
    description?: string;
    requested: 'cpu' | 'webgpu' | 'auto';
    fallback?: string;
  };
  timings: {
    /** wall seconds per stage */
    seconds: Record<BakeStage, number>;
    total: number;
    /** seconds per simulated frame, per stage (import and export divided too, for a complete budget) */
    perFrame: Record<BakeStage, number>;
    /**
     * the input's render surfaces the bake evaluated: `skinned` (skinning runs), `reused` (copies of a frame already
     * skinned, for the quality measures and the export), `kept` (distinct mesh–time pairs): skinned = kept when each
     * input frame was skinned once
     */
    evaluation: { skinned: number; reused: number; kept: number };
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
  /** the simulation's time step [s]: 1/(fps · substeps) */
  step?: number;
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
 * @param exported     how each mesh was written (bakedDocument), when it was
 * @returns the report, plain JSON
 */
export function bakeReport(result: BakeResult, input: string, outputBytes: number, exported: readonly ExportedMesh[] = []): BakeReport {
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
    frames: {
      first: settings.firstFrame,
      last: settings.lastFrame,
      count: settings.lastFrame - settings.firstFrame + 1,
      preroll: settings.preroll,
      simulated: result.simulatedFrames,
    },
    loop: settings.loop,
    mode: settings.mode,
    compression: settings.compression,
    export: {
      shapes: settings.shapes,
      maxShapes: settings.maxShapes,
      shapeError: settings.shapeError,
      helperBones: settings.helperBones,
      meshes: exported.map((m) => ({
        ...m,
        maxErrorRelative: m.diagonal > 0 ? m.maxError / m.diagonal : 0,
        rmsErrorRelative: m.diagonal > 0 ? m.rmsError / m.diagonal : 0,
      })),
    },
    backend: reportBackend(result.backend),
    timings: { seconds: { ...result.timings }, total, perFrame, evaluation: { ...result.evaluation } },
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
        step: 1 / (settings.fps * mesh.substeps),
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

function reportBackend(backend: BakeResult['backend']): BakeReport['backend'] {
  const out: BakeReport['backend'] = {
    name: backend.name,
    adapter: backend.name === 'cpu' ? `none: ${backend.description.replace(/^CPU: /, '')}` : backend.description,
    requested: backend.requested,
  };
  if (backend.adapter)
    Object.assign(out, { vendor: backend.adapter.vendor, architecture: backend.adapter.architecture, description: backend.adapter.description });
  if (backend.fallback) out.fallback = backend.fallback;
  return out;
}
