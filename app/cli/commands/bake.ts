import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import type { MaterialPreset } from '../../document/index.ts';
import { GltfImportError } from '../../io/index.ts';
import { BakeError, MATERIAL_PRESET_NAMES, type BakeOptions, type BakeProgress, type BakeStage } from '../../bake/index.ts';
import { bakeFile, BakeInputError, readProjectFile, readWeightsFile } from '../../bake/node/index.ts';
import { CliError } from '../cliError.ts';
import { notBuilt } from '../notBuilt.ts';

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
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('bake')
    .description('Bake secondary motion into a glTF animation and export it (docs/bake.md)')
    .argument('<in>', 'keyframed glTF/GLB')
    .option('--clip <name>', 'clip to bake (required unless --project names one)')
    .option('--out <file>', 'output GLB (required)')
    .option('--frames <A:B>', 'inclusive frame range (default: the whole clip)')
    .option('--fps <f>', 'frames per second (default: the clip\'s key rate, else 30)')
    .option('--weights <w|file.json>', 'physics-blend weights: a uniform value in [0, 1] or a weights JSON file')
    .option('--preset <name>', `material of simulated meshes: ${MATERIAL_PRESET_NAMES.join(', ')} (default flesh)`)
    .option('--project <file>', 'Overlap project (.json, or a glb written by overlap bake): weights and settings')
    .option('--preroll <n>', 'frames simulated before the first frame to settle (default 0; a cycle with --loop)')
    .option('--mode <mode>', 'corrective (morph targets on the skinned mesh, default) or cache (vertex cache)')
    .option('--loop', 'the clip is cyclic: pre-roll wraps around it and the loop seam is closed')
    .option('--compression <kind>', 'none (default), quantize or meshopt')
    .option('--interpolation <kind>', 'LINEAR (default) or STEP between baked frames')
    .option('--meters-per-unit <s>', 'physical size of one unit of the file in meters (default 1; 0.01 for centimeters)')
    .option('--backend <name>', 'cpu (default) or webgpu')
    .option('--self-contact', 'self-contact of the simulated meshes (OGC; docs/contact.md)')
    .option('--collider <name>', 'a mesh the simulated meshes collide with (repeatable); it moves with its own animation', (value: string, list: string[] = []) => [...list, value])
    .option('--repair', 'remove the input\'s own intersections (those its rest pose does not have) frame by frame before simulating (docs/contact.md)')
    .option('--report <file>', 'write a JSON report: timings per stage, solver and embedding statistics')
    .option('--no-progress', 'no progress bar on stderr')
    .action(async (input: string, flags: BakeFlags) => runBake(input, flags));
}

async function runBake(input: string, flags: BakeFlags): Promise<void> {
  if (flags.backend !== undefined && flags.backend !== 'cpu' && flags.backend !== 'webgpu') throw new CliError('', `--backend must be cpu or webgpu, got "${flags.backend}"`);
  if (flags.backend === 'webgpu') notBuilt('--backend webgpu (the GPU bake)');
  if (!flags.out) throw new CliError('', 'bake needs --out OUT.glb');
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
    if (!(scale > 0 && Number.isFinite(scale))) throw new CliError('', `--meters-per-unit must be a positive number, got "${flags.metersPerUnit}"`);
    options.metersPerUnit = scale;
  }
  if (flags.loop) options.loop = true;
  if (flags.selfContact) options.selfContact = true;
  if (flags.repair) options.repair = true;
  if (flags.collider) options.meshes = flags.collider.map((mesh) => ({ mesh, role: 'collider' as const }));
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

  const controller = new AbortController();
  const onSigint = () => controller.abort(new DOMException('cancelled by SIGINT', 'AbortError'));
  process.once('SIGINT', onSigint);
  const bar = flags.progress === false ? null : new cliProgress.SingleBar(
    { stream: process.stderr, format: 'bake |{bar}| {stage} {value}/{total} frames | ETA {eta_formatted}', hideCursor: false, clearOnComplete: false, etaBuffer: 20 },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  const onProgress = (progress: BakeProgress) => {
    if (!bar) return;
    if (!started) {
      bar.start(progress.frameCount, progress.frame, { stage: STAGE_LABELS[progress.stage] });
      started = true;
    }
    if (progress.stage === 'simulation') bar.setTotal(progress.frameCount);
    bar.update(progress.stage === 'simulation' ? progress.frame : bar.getProgress() * bar.getTotal(), { stage: STAGE_LABELS[progress.stage] });
  };
  process.stderr.write(`overlap: baking ${input} → ${flags.out} (Ctrl-C cancels; nothing is written until the bake completes)\n`);
  try {
    const output = await bakeFile(input, flags.out, { ...options, signal: controller.signal, onProgress, reportPath: flags.report });
    bar?.stop();
    const { report } = output;
    process.stdout.write(
      `overlap: wrote ${flags.out} (${report.outputBytes} bytes): clip "${report.clip}" frames ${report.frames.first}:${report.frames.last} at ${report.fps} fps, ${report.mode}, ${report.timings.total.toFixed(2)} s\n`,
    );
    for (const warning of report.warnings) process.stderr.write(`overlap: warning: ${warning}\n`);
  } catch (error) {
    bar?.stop();
    if (controller.signal.aborted) throw new CliError(input, 'bake cancelled; nothing was written');
    if (error instanceof GltfImportError) throw new CliError(error.file, error.message);
    if (error instanceof BakeInputError) throw new CliError(error.file, error.message);
    if (error instanceof BakeError) {
      const file = error.origin === 'weightsFile' ? flags.weights! : error.origin === 'project' ? flags.project! : input;
      throw new CliError(file, error.message);
    }
    throw error;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}
