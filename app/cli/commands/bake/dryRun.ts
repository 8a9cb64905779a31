import { bake, bakeCost, resolveBakeSettings, type BakeOptions, type ResolvedBakeSettings } from '../../../bake/index.ts';
import type { ImportedScene } from '../../../io/index.ts';
import { readGltfFile } from '../../../io/node/index.ts';
import type { CliServices } from '../../cliServices.ts';
import { runTimeWarning } from '../../runTimeWarning.ts';
import { stepBackendFor } from '../../stepBackendFor.ts';
import { BAKE_LOWER } from '../../tasks/bakeTask.ts';
import { terminalJson } from '../../terminalJson.ts';
import type { BakeFlags } from './bakeFlags.ts';

/** Frames a dry run simulates to time the bake. */
const PROBE_FRAMES = 3;

/**
 * `--dry-run`: resolves the settings as the bake would (every error it would hit on the settings, it hits here),
 * then times a short probe bake of the first frames (setup, per frame, export) to estimate the whole bake on this
 * machine, and prints all of it as JSON. Nothing is written.
 */
export async function dryRun(input: string, flags: BakeFlags, options: Omit<BakeOptions, 'signal' | 'onProgress'>, services: CliServices): Promise<void> {
  const scene: ImportedScene = await readGltfFile(input);
  const stepBackend = await stepBackendFor(options.backend ?? 'cpu', services.gpuStepBackendModule);
  try {
    const settings = resolveBakeSettings(scene, { ...options, stepBackend });
    // The same rule as the bake's: a dry run of a bake the machine cannot finish meets the bake's refusal.
    runTimeWarning(bakeCost(scene, settings).seconds, {
      file: input,
      what: 'this bake',
      why: 'estimated from its lattices, frames, substeps and iterations',
      lower: BAKE_LOWER,
      allowLong: flags.allowLong === true,
    });
    const frameCount = settings.lastFrame - settings.firstFrame + 1;
    const simulatedFrames = settings.preroll + frameCount;
    const probeFrames = Math.min(PROBE_FRAMES, frameCount);
    const probe = await bake(scene, { ...options, stepBackend, frames: [settings.firstFrame, settings.firstFrame + probeFrames - 1], preroll: 0 });
    const seconds = probe.report.timings.seconds;
    const setupSeconds = seconds.import + seconds.weights + seconds.embedding;
    const secondsPerFrame = (seconds.evaluation + seconds.fitting + seconds.simulation + seconds.transfer) / probeFrames;
    const exportSeconds = (seconds.export / probeFrames) * frameCount;
    const summary = {
      input,
      output: flags.out ?? null,
      settings: resolvedSettings(settings),
      backend: probe.report.backend.adapter,
      plan: {
        firstFrame: settings.firstFrame,
        lastFrame: settings.lastFrame,
        bakedFrames: frameCount,
        prerollFrames: settings.preroll,
        simulatedFrames,
        fps: settings.fps,
        seconds: { first: settings.firstFrame / settings.fps, last: settings.lastFrame / settings.fps },
        loop: settings.loop,
      },
      estimate: {
        seconds: Number((setupSeconds + secondsPerFrame * simulatedFrames + exportSeconds).toFixed(1)),
        setupSeconds: Number(setupSeconds.toFixed(3)),
        secondsPerFrame: Number(secondsPerFrame.toFixed(4)),
        exportSeconds: Number(exportSeconds.toFixed(2)),
        basis: `a ${probeFrames}-frame probe bake on this machine; the export grows faster than linearly with the frames for compact shapes`,
      },
      warnings: probe.report.warnings,
    };
    process.stdout.write(`${terminalJson(summary, 2)}\n`);
  } finally {
    stepBackend.dispose();
  }
}

/** The settings a bake resolves to, as a plain JSON object (for --dry-run). */
function resolvedSettings(settings: ResolvedBakeSettings): Record<string, unknown> {
  const { clipIndex: _clipIndex, bake: _bake, meshes, ...rest } = settings;
  return {
    ...rest,
    meshes: meshes.map((m) => ({
      name: m.name,
      role: m.role,
      preset: m.preset,
      material: m.material,
      substeps: m.substeps,
      iterations: m.iterations,
      latticeResolution: m.latticeResolution,
    })),
  };
}
