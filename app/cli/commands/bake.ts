import type { Command } from 'commander';
import type { MaterialPreset } from '../../document/index.ts';
import { NonFiniteValueError } from '../../export/index.ts';
import { GltfImportError, type ImportedScene } from '../../io/index.ts';
import { readGltfFile } from '../../io/node/index.ts';
import { bake, BakeError, MATERIAL_PRESET_NAMES, resolveBakeSettings, type BakeOptions, type ResolvedBakeSettings } from '../../bake/index.ts';
import { bakeFile, BakeInputError, readProjectFile, readWeightsFile } from '../../bake/node/index.ts';
import { CliError, EXIT_CANCELLED, EXIT_IO, EXIT_SIMULATION, EXIT_USAGE } from '../cliError.ts';
import { notBuilt } from '../notBuilt.ts';
import { progressReporter, PROGRESS_KINDS, type ProgressKind, type ProgressReporter } from '../progressReporter.ts';
import { applySettingOverrides } from '../settingOverrides.ts';

interface BakeFlags {
  clip?: string;
  out?: string;
  frames?: string;
  fps?: string;
  weights?: string;
  preset?: string;
  project?: string;
  preroll?: string;
  mode?: string;
  shapes?: string;
  maxShapes?: string;
  shapeError?: string;
  helperBones?: string;
  loop?: boolean;
  compression?: string;
  interpolation?: string;
  metersPerUnit?: string;
  backend?: string;
  selfContact?: boolean;
  repair?: boolean;
  report?: string;
  progress?: string | boolean;
  set: string[];
  dryRun?: boolean;
  checkpoint?: string;
  resume?: boolean;
}

/** Frames a dry run simulates to time the bake. */
const PROBE_FRAMES = 3;

/**
 * `overlap bake IN --clip NAME --out OUT.glb`: bakes physics-driven secondary motion into a glTF
 * animation (app/bake; docs/bake.md), and runs on render farms (docs/farm.md): machine-readable progress
 * (`--progress alf|openjd|json`), setting overrides for wedges (`--set KEY=VALUE`), a dry run that prints the
 * resolved settings, the frame plan and an estimate, and the exit codes of cliError.ts. The output is written
 * atomically and only when the bake completes; SIGINT or SIGTERM cancels (exit 4) and leaves nothing behind.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('bake')
    .description('Bake secondary motion into a glTF animation and export it (docs/bake.md, docs/farm.md)')
    .argument('<in>', 'keyframed glTF/GLB')
    .option('--clip <name>', 'clip to bake (required unless --project names one)')
    .option('--out <file>', 'output GLB (required, except with --dry-run)')
    .option('--frames <A:B>', 'inclusive frame range (default: the whole clip)')
    .option('--fps <f>', 'frames per second (default: the clip\'s key rate, else 30)')
    .option('--weights <w|file.json>', 'physics-blend weights: a uniform value in [0, 1] or a weights JSON file')
    .option('--preset <name>', `material of simulated meshes: ${MATERIAL_PRESET_NAMES.join(', ')} (default flesh)`)
    .option('--project <file>', 'Overlap project (.json, or a glb written by overlap bake): weights and settings')
    .option('--preroll <n>', 'frames simulated before the first frame to settle (default 0; a cycle with --loop)')
    .option('--mode <mode>', 'corrective (morph targets on the skinned mesh, default), bones (helper joints fitted to the motion) or cache (vertex cache)')
    .option('--shapes <kind>', 'corrective and cache: compact (a few shapes within --shape-error, default) or per-frame (one target per frame, at most 256)')
    .option('--max-shapes <n>', 'compact shapes per mesh at most (default 64; a mesh that needs more is split into parts)')
    .option('--shape-error <e>', 'compact shapes replay within this fraction of the mesh\'s bounding-box diagonal (default 1e-4)')
    .option('--helper-bones <n>', 'bones mode: helper joints per mesh (default 16)')
    .option('--loop', 'the clip is cyclic: pre-roll wraps around it and the loop seam is closed')
    .option('--compression <kind>', 'none (default), quantize or meshopt')
    .option('--interpolation <kind>', 'LINEAR (default) or STEP between baked frames')
    .option('--meters-per-unit <s>', 'physical size of one unit of the file in meters (default 1; 0.01 for centimeters)')
    .option('--backend <name>', 'cpu (default) or webgpu')
    .option('--self-contact', 'self-collision of the simulated meshes')
    .option('--repair', 'repair the input mesh before simulating')
    .option('--report <file>', 'write a JSON report: timings per stage, solver and embedding statistics, export errors')
    .option('--progress <kind>', `progress on a farm: ${PROGRESS_KINDS.join(', ')} (default: tty when stderr is a terminal, else none)`)
    .option('--no-progress', 'no progress output (same as --progress none)')
    .option('--set <key=value>', 'override a setting of the project file or the flags, e.g. fps=24, meshes.fox.preset=jelly (repeatable; docs/farm.md)', (value: string, list: string[]) => [...list, value], [])
    .option('--dry-run', 'print the resolved settings, the frame plan and an estimated time (from a short probe bake); write nothing')
    .option('--checkpoint <dir>', 'write the simulation state every few frames (not built yet)')
    .option('--resume', 'continue from the last checkpoint (not built yet)')
    .action(async (input: string, flags: BakeFlags) => runBake(input, flags));
}

async function runBake(input: string, flags: BakeFlags): Promise<void> {
  if (flags.checkpoint !== undefined) notBuilt('--checkpoint (simulation checkpoints; they need the resumable simulation state of issue 11)');
  if (flags.resume) notBuilt('--resume (resuming from a checkpoint; it needs the resumable simulation state of issue 11)');
  if (flags.backend !== undefined && flags.backend !== 'cpu' && flags.backend !== 'webgpu') throw new CliError('', `--backend must be cpu or webgpu, got "${flags.backend}"`);
  if (flags.backend === 'webgpu') notBuilt('--backend webgpu (the GPU bake)');
  if (flags.selfContact) notBuilt('--self-contact (self-collision)');
  if (flags.repair) notBuilt('--repair (mesh repair)');
  const progressKind: ProgressKind = flags.progress === false ? 'none' : typeof flags.progress === 'string' ? (flags.progress as ProgressKind) : process.stderr.isTTY ? 'tty' : 'none';
  if (!PROGRESS_KINDS.includes(progressKind)) throw new CliError('', `--progress must be one of ${PROGRESS_KINDS.join(', ')}, got "${String(flags.progress)}"`);
  if (!flags.out && !flags.dryRun) throw new CliError('', 'bake needs --out OUT.glb');
  const options = await bakeOptions(flags);
  const reporter = progressReporter(progressKind, process.stdout, process.stderr);
  try {
    if (flags.dryRun) {
      await dryRun(input, flags, options);
      return;
    }
    await runToFile(input, flags.out!, flags, options, reporter);
  } catch (error) {
    const failure = asCliError(error, input, flags);
    if (!failure) {
      reporter.fail(`internal error: ${error instanceof Error ? error.message : String(error)}`, 1);
      throw error;
    }
    reporter.fail(failure.file ? `${failure.file}: ${failure.message}` : failure.message, failure.exitCode);
    throw failure;
  }
}

/** The bake options of the flags, the weights and project files, then `--set` on top of everything. */
async function bakeOptions(flags: BakeFlags): Promise<BakeOptions> {
  const options: BakeOptions = {};
  if (flags.clip !== undefined) options.clip = flags.clip;
  if (flags.frames !== undefined) {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(flags.frames);
    if (!match) throw new CliError('', `--frames must be A:B with whole numbers, got "${flags.frames}"`);
    options.frames = [Number(match[1]), Number(match[2])];
  }
  if (flags.fps !== undefined) {
    const fps = Number(flags.fps);
    if (!(fps > 0 && fps <= 1000)) throw new CliError('', `--fps must be a number in (0, 1000], got "${flags.fps}"`);
    options.fps = fps;
  }
  if (flags.preroll !== undefined) {
    if (!/^\d+$/.test(flags.preroll.trim())) throw new CliError('', `--preroll must be a whole number of frames, got "${flags.preroll}"`);
    options.preroll = Number(flags.preroll);
  }
  if (flags.preset !== undefined) {
    if (!MATERIAL_PRESET_NAMES.includes(flags.preset as MaterialPreset)) throw new CliError('', `--preset must be one of ${MATERIAL_PRESET_NAMES.join(', ')}, got "${flags.preset}"`);
    options.preset = flags.preset as MaterialPreset;
  }
  if (flags.mode !== undefined) {
    if (flags.mode !== 'corrective' && flags.mode !== 'bones' && flags.mode !== 'cache') throw new CliError('', `--mode must be corrective, bones or cache, got "${flags.mode}"`);
    options.mode = flags.mode;
  }
  if (flags.shapes !== undefined) {
    if (flags.shapes !== 'compact' && flags.shapes !== 'per-frame') throw new CliError('', `--shapes must be compact or per-frame, got "${flags.shapes}"`);
    options.shapes = flags.shapes;
  }
  const integer = (text: string, flag: string, min: number, max: number) => {
    const value = Number(text);
    if (!(Number.isInteger(value) && value >= min && value <= max)) throw new CliError('', `${flag} must be a whole number in [${min}, ${max}], got "${text}"`);
    return value;
  };
  if (flags.maxShapes !== undefined) options.maxShapes = integer(flags.maxShapes, '--max-shapes', 1, 256);
  if (flags.helperBones !== undefined) options.helperBones = integer(flags.helperBones, '--helper-bones', 1, 128);
  if (flags.shapeError !== undefined) {
    const value = Number(flags.shapeError);
    if (!(value > 0 && value < 1)) throw new CliError('', `--shape-error must be a number in (0, 1) (a fraction of the mesh's diagonal), got "${flags.shapeError}"`);
    options.shapeError = value;
  }
  if (flags.compression !== undefined) {
    if (!['none', 'quantize', 'meshopt'].includes(flags.compression)) throw new CliError('', `--compression must be none, quantize or meshopt, got "${flags.compression}"`);
    options.compression = flags.compression as BakeOptions['compression'];
  }
  if (flags.interpolation !== undefined) {
    const interpolation = flags.interpolation.toUpperCase();
    if (interpolation !== 'LINEAR' && interpolation !== 'STEP') throw new CliError('', `--interpolation must be LINEAR or STEP, got "${flags.interpolation}"`);
    options.interpolation = interpolation;
  }
  if (flags.metersPerUnit !== undefined) {
    const scale = Number(flags.metersPerUnit);
    if (!(scale > 0 && Number.isFinite(scale))) throw new CliError('', `--meters-per-unit must be a positive number, got "${flags.metersPerUnit}"`);
    options.metersPerUnit = scale;
  }
  if (flags.loop) options.loop = true;
  try {
    if (flags.weights !== undefined) {
      const value = flags.weights.trim();
      if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value)) {
        const uniform = Number(value);
        if (!(uniform >= 0 && uniform <= 1)) throw new CliError('', `--weights ${value}: a uniform weight must be in [0, 1]`);
        options.uniformWeight = uniform;
      } else {
        options.weightsFile = await readWeightsFile(flags.weights);
      }
    }
    if (flags.project !== undefined) options.project = await readProjectFile(flags.project);
  } catch (error) {
    if (error instanceof BakeInputError) throw new CliError(error.file, error.message);
    throw error;
  }
  applySettingOverrides(options, flags.set);
  return options;
}

/** The bake itself: progress, cancel on SIGINT/SIGTERM, the output and report written only when it completes. */
async function runToFile(input: string, out: string, flags: BakeFlags, options: BakeOptions, reporter: ProgressReporter): Promise<void> {
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => controller.abort(new DOMException(`cancelled by ${signal}`, 'AbortError'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  process.stderr.write(`overlap: baking ${input} → ${out} (Ctrl-C cancels; nothing is written until the bake completes)\n`);
  try {
    const { report } = await bakeFile(input, out, { ...options, signal: controller.signal, onProgress: (event) => reporter.progress(event), reportPath: flags.report });
    const exported = report.export.meshes.map((m) => (m.mode === 'bones' ? `${m.helperBones} helper bones` : `${m.targets} ${m.shapes === 'compact' ? 'shapes' : 'targets'}${m.chunks > 1 ? ` in ${m.chunks} parts` : ''}`) + ` (error ${m.maxErrorRelative.toPrecision(2)} of the diagonal)`);
    reporter.done(
      `overlap: wrote ${out} (${report.outputBytes} bytes): clip "${report.clip}" frames ${report.frames.first}:${report.frames.last} at ${report.fps} fps, ${report.mode}${exported.length ? `, ${exported.join(', ')}` : ''}, ${report.timings.total.toFixed(2)} s`,
      { output: out, bytes: report.outputBytes, clip: report.clip, frames: report.frames, mode: report.mode, export: report.export, seconds: report.timings.total, warnings: report.warnings },
    );
    for (const warning of report.warnings) process.stderr.write(`overlap: warning: ${warning}\n`);
  } catch (error) {
    if (controller.signal.aborted) throw new CliError(input, `bake ${String((controller.signal.reason as Error)?.message ?? 'cancelled')}; nothing was written`, EXIT_CANCELLED);
    throw error;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

/**
 * `--dry-run`: resolves the settings as the bake would (every error it would hit on the settings, it hits here),
 * then times a short probe bake of the first frames (setup, per frame, export) to estimate the whole bake on this
 * machine, and prints all of it as JSON. Nothing is written.
 */
async function dryRun(input: string, flags: BakeFlags, options: BakeOptions): Promise<void> {
  let scene: ImportedScene;
  try {
    scene = await readGltfFile(input);
  } catch (error) {
    if (error instanceof GltfImportError) throw new CliError(error.file || input, error.message);
    throw error;
  }
  const settings = resolveBakeSettings(scene, options);
  const frameCount = settings.lastFrame - settings.firstFrame + 1;
  const simulatedFrames = settings.preroll + frameCount;
  const probeFrames = Math.min(PROBE_FRAMES, frameCount);
  const probe = await bake(scene, { ...options, frames: [settings.firstFrame, settings.firstFrame + probeFrames - 1], preroll: 0 });
  const seconds = probe.report.timings.seconds;
  const setupSeconds = seconds.import + seconds.weights + seconds.embedding;
  const secondsPerFrame = (seconds.evaluation + seconds.fitting + seconds.simulation + seconds.transfer) / probeFrames;
  const exportSeconds = (seconds.export / probeFrames) * frameCount;
  const summary = {
    input,
    output: flags.out ?? null,
    settings: resolvedSettings(settings),
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
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

/** The settings a bake resolves to, as a plain JSON object (for --dry-run). */
function resolvedSettings(settings: ResolvedBakeSettings): Record<string, unknown> {
  const { clipIndex: _clipIndex, bake: _bake, meshes, ...rest } = settings;
  return {
    ...rest,
    meshes: meshes.map((m) => ({ name: m.name, role: m.role, preset: m.preset, material: m.material, substeps: m.substeps, iterations: m.iterations, latticeResolution: m.latticeResolution })),
  };
}

/** A failure of the bake as the CliError with the exit code the table gives it, or null for a bug. */
function asCliError(error: unknown, input: string, flags: BakeFlags): CliError | null {
  if (error instanceof CliError) return error;
  if (error instanceof GltfImportError) return new CliError(error.file || input, error.message);
  if (error instanceof BakeInputError) return new CliError(error.file, error.message);
  if (error instanceof BakeError) {
    const file = error.origin === 'weightsFile' ? flags.weights! : error.origin === 'project' ? flags.project! : input;
    return new CliError(file, error.message, EXIT_USAGE);
  }
  if (error instanceof NonFiniteValueError) return new CliError(input, `the simulation failed: ${error.message}; nothing was written (a stiffer or lighter material, more substeps, or smaller weights may help)`, EXIT_SIMULATION);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    // A temporary file of the atomic write is named after the output the user gave.
    const path = (error as NodeJS.ErrnoException).path;
    const file = path && !path.endsWith('.tmp') ? path : (flags.out ?? input);
    return new CliError(file, `cannot be read or written: ${code} (${(error as Error).message})`, EXIT_IO);
  }
  return null;
}
