import { totalmem } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import type { MaterialPreset } from '../../document/index.ts';
import { GltfImportError } from '../../io/index.ts';
import { writeFilesAtomic } from '../../io/node/index.ts';
import { BakeError, MATERIAL_PRESET_NAMES, MAX_FPS, MAX_METERS_PER_UNIT, MIN_FPS, MIN_METERS_PER_UNIT, type BakeOptions, type BakeProgress, type BakeReport, type BakeStage } from '../../bake/index.ts';
import { readProjectFile, readWeightsFile } from '../../bake/node/index.ts';
import { cliSignal, isCancellation } from '../cancellation.ts';
import { checkOutputs, type NamedFile } from '../checkOutputs.ts';
import { CliError, EXIT_CANCELLED } from '../cliError.ts';
import { durationText } from '../durationText.ts';
import { notBuilt } from '../notBuilt.ts';
import { runInWorker } from '../runInWorker.ts';
import { singleValue } from '../singleValue.ts';
import type { CliServices } from '../cliServices.ts';
import type { BakeTaskInput } from '../tasks/bakeTask.ts';

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
  loop?: boolean;
  compression?: string;
  interpolation?: string;
  metersPerUnit?: string;
  backend?: string;
  selfContact?: boolean;
  collider?: string[];
  repair?: boolean;
  report?: string;
  progress?: boolean;
}

const STAGE_LABELS: Record<BakeStage, string> = {
  import: 'import',
  weights: 'weights',
  embedding: 'embed',
  evaluation: 'evaluate',
  fitting: 'fit',
  simulation: 'simulate',
  transfer: 'transfer',
  export: 'export',
};

/**
 * `overlap bake IN --clip NAME --out OUT.glb`: bakes physics-driven secondary motion into a glTF
 * animation (app/bake; docs/bake.md). The output is written atomically and only when the bake
 * completes; Ctrl-C cancels and leaves nothing behind. A progress bar goes to stderr.
 *
 * @param program   the `overlap` commander program to add the subcommand to
 * @param services  what bin/overlap.mjs hands in from outside app/ (where the WebGPU step backend lives)
 */
export function register(program: Command, services: CliServices = {}): void {
  program
    .command('bake')
    .description('Bake secondary motion into a glTF animation and export it (docs/bake.md)')
    .argument('<in>', 'keyframed glTF/GLB')
    .option('--clip <name>', 'clip to bake (required unless --project names one)', singleValue('--clip'))
    .option('--out <file>', 'output GLB (required)', singleValue('--out'))
    .option('--frames <A:B>', 'inclusive frame range (default: the whole clip)', singleValue('--frames'))
    .option('--fps <f>', 'frames per second (default: the clip\'s key rate, else 30)', singleValue('--fps'))
    .option('--weights <w|file.json>', 'physics-blend weights: a uniform value in [0, 1] or a weights JSON file', singleValue('--weights'))
    .option('--preset <name>', `material of simulated meshes: ${MATERIAL_PRESET_NAMES.join(', ')} (default flesh)`, singleValue('--preset'))
    .option('--project <file>', 'Overlap project (.json, or a glb written by overlap bake): weights and settings', singleValue('--project'))
    .option('--preroll <n>', 'frames simulated before the first frame to settle (default 0; a cycle with --loop)', singleValue('--preroll'))
    .option('--mode <mode>', 'corrective (morph targets on the skinned mesh, default) or cache (vertex cache)', singleValue('--mode'))
    .option('--loop', 'the clip is cyclic: pre-roll wraps around it and the loop seam is closed')
    .option('--compression <kind>', 'none (default), quantize or meshopt', singleValue('--compression'))
    .option('--interpolation <kind>', 'LINEAR (default) or STEP between baked frames', singleValue('--interpolation'))
    .option('--meters-per-unit <s>', 'physical size of one unit of the file in meters (default 1; 0.01 for centimeters)', singleValue('--meters-per-unit'))
    .option('--backend <name>', 'where the VBD step runs: cpu (default), webgpu (any WebGPU adapter, SwiftShader too), or auto (a hardware WebGPU adapter if there is one, else the CPU); contact runs on the CPU', singleValue('--backend'))
    .option('--self-contact', 'self-contact of the simulated meshes (OGC; docs/contact.md)')
    .option('--collider <name>', 'a mesh the simulated meshes collide with (repeatable); it moves with its own animation', (value: string, list: string[] = []) => [...list, value])
    .option('--repair', 'repair the input mesh before simulating')
    .option('--report <file>', 'write a JSON report: timings per stage, solver and embedding statistics', singleValue('--report'))
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (input: string, flags: BakeFlags) => runBake(input, flags, services));
}

async function runBake(input: string, flags: BakeFlags, services: CliServices): Promise<void> {
  const backend = flags.backend ?? 'cpu';
  if (backend !== 'cpu' && backend !== 'webgpu' && backend !== 'auto') throw new CliError('', `--backend must be cpu, webgpu or auto, got "${flags.backend}"`);
  if (flags.repair) notBuilt('--repair (mesh repair)');
  if (!flags.out) throw new CliError('', 'bake needs --out OUT.glb');
  const options: Omit<BakeOptions, 'signal' | 'onProgress'> = {};
  if (flags.clip !== undefined) options.clip = flags.clip;
  if (flags.frames !== undefined) {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(flags.frames);
    if (!match) throw new CliError('', `--frames must be A:B with whole numbers, got "${flags.frames}"`);
    options.frames = [Number(match[1]), Number(match[2])];
  }
  if (flags.fps !== undefined) {
    const fps = Number(flags.fps);
    if (!(fps >= MIN_FPS && fps <= MAX_FPS)) throw new CliError('', `--fps must be a number in [${MIN_FPS}, ${MAX_FPS}], got "${flags.fps}"`);
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
    if (flags.mode !== 'corrective' && flags.mode !== 'cache') throw new CliError('', `--mode must be corrective or cache, got "${flags.mode}"`);
    options.mode = flags.mode;
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
    if (!(scale >= MIN_METERS_PER_UNIT && scale <= MAX_METERS_PER_UNIT)) {
      throw new CliError('', `--meters-per-unit must be a number in [${MIN_METERS_PER_UNIT}, ${MAX_METERS_PER_UNIT}] (micrometers to kilometers), got "${flags.metersPerUnit}"`);
    }
    options.metersPerUnit = scale;
  }
  if (flags.loop) options.loop = true;
  if (flags.selfContact) options.selfContact = true;
  if (flags.collider) options.meshes = flags.collider.map((mesh) => ({ mesh, role: 'collider' as const }));
  options.backend = backend;
  // Anything that reads as a number (NaN, Infinity, 1e999 and -0 included) is a uniform weight, never a file name.
  const weightsAreUniform = flags.weights !== undefined && /^[+-]?((\d+\.?\d*|\.\d+)(e[+-]?\d+)?|nan|inf(inity)?)$/i.test(flags.weights.trim());
  if (weightsAreUniform) {
    const value = flags.weights!.trim();
    const uniform = Number(value);
    if (!(uniform >= 0 && uniform <= 1)) throw new CliError('', `--weights ${value}: a uniform weight must be a number in [0, 1]`);
    options.uniformWeight = uniform;
  }
  const inputs: NamedFile[] = [{ what: 'the input', path: input, required: true }];
  if (flags.project !== undefined) inputs.push({ what: '--project', path: flags.project, required: true });
  if (flags.weights !== undefined && !weightsAreUniform) inputs.push({ what: '--weights', path: flags.weights, required: true });
  const outputs: NamedFile[] = [{ what: '--out', path: flags.out }];
  if (flags.report !== undefined) outputs.push({ what: '--report', path: flags.report });
  await checkOutputs(inputs, outputs);
  if (flags.weights !== undefined && !weightsAreUniform) options.weightsFile = await readWeightsFile(flags.weights);
  if (flags.project !== undefined) options.project = await readProjectFile(flags.project);
  // What the machine can hold: the bake refuses a lattice whose estimated memory exceeds it (bakeCost).
  options.memoryLimitBytes = Math.floor(0.8 * totalmem());

  const signal = cliSignal();
  const bar = flags.progress === false ? null : new cliProgress.SingleBar(
    { stream: process.stderr, format: 'bake |{bar}| {stage} {value}/{total} frames | ETA {eta_formatted}', hideCursor: false, clearOnComplete: false, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  let warned = false;
  const onProgress = (progress: BakeProgress) => {
    if (!bar) {
      if (progress.stage === 'import' && progress.etaSeconds !== null && progress.etaSeconds > LONG_BAKE_SECONDS && !warned) {
        warned = true;
        process.stderr.write(`overlap: warning: this bake is estimated to take about ${durationText(progress.etaSeconds)} (Ctrl-C cancels)\n`);
      }
      return;
    }
    if (!started) {
      bar.start(progress.frameCount, progress.frame, { stage: STAGE_LABELS[progress.stage] });
      started = true;
    }
    if (progress.stage === 'import' && progress.etaSeconds !== null && progress.etaSeconds > LONG_BAKE_SECONDS && !warned) {
      warned = true;
      process.stderr.write(`overlap: warning: this bake is estimated to take about ${durationText(progress.etaSeconds)} (Ctrl-C cancels)\n`);
    }
    if (progress.stage === 'simulation') bar.setTotal(progress.frameCount);
    bar.update(progress.stage === 'simulation' ? progress.frame : bar.getProgress() * bar.getTotal(), { stage: STAGE_LABELS[progress.stage] });
  };
  process.stderr.write(`overlap: baking ${input} → ${flags.out} (Ctrl-C cancels; nothing is written until the bake completes)\n`);
  try {
    const task: BakeTaskInput = { input, options, gpuStepBackendModule: services.gpuStepBackendModule };
    const { bytes, report } = await runInWorker<{ bytes: Uint8Array; report: BakeReport }>(new URL('../tasks/bakeTask.ts', import.meta.url), 'bakeTask', task, { signal, onProgress });
    bar?.stop();
    const files: Array<{ path: string; data: Uint8Array | string }> = [{ path: flags.out, data: bytes }];
    if (flags.report !== undefined) files.push({ path: flags.report, data: JSON.stringify(report, null, 2) + '\n' });
    await writeFilesAtomic(files, signal);
    process.stdout.write(
      `overlap: wrote ${flags.out} (${report.outputBytes} bytes): clip "${report.clip}" frames ${report.frames.first}:${report.frames.last} at ${report.fps} fps, ${report.mode}, ${report.timings.total.toFixed(2)} s\n`,
    );
    process.stderr.write(`overlap: VBD steps ran on ${report.backend.adapter}\n`);
    for (const warning of report.warnings) process.stderr.write(`overlap: warning: ${warning}\n`);
  } catch (error) {
    bar?.stop();
    if (isCancellation(error)) throw new CliError(input, 'bake cancelled; nothing was written', EXIT_CANCELLED);
    if (error instanceof GltfImportError) throw new CliError(error.file, error.message);
    if (error instanceof BakeError) {
      const file = error.origin === 'weightsFile' ? flags.weights! : error.origin === 'project' ? flags.project! : error.origin === 'options' ? '' : input;
      throw new CliError(file, error.message);
    }
    throw error;
  }
}

/** Above this estimate [s] the bake says how long it will take before it starts. */
const LONG_BAKE_SECONDS = 600;
