import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir, totalmem } from 'node:os';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { Command } from 'commander';
import { missingSourceError, type MaterialPreset, type OverlapProject } from '../../document/index.ts';
import { FileAccessError, writeFilesAtomic } from '../../io/node/index.ts';
import { checkBakeOptions, MATERIAL_PRESET_NAMES, type BakeOptions, type BakeProgress } from '../../bake/index.ts';
import { BakeInputError, readProjectFile, readWeightsFile } from '../../bake/node/index.ts';
import { cliSignal, isCancellation } from '../cancellation.ts';
import { checkOutputs, type NamedFile } from '../checkOutputs.ts';
import { CliError, EXIT_IO } from '../cliError.ts';
import type { CliServices } from '../cliServices.ts';
import { progressReporter, PROGRESS_KINDS, type ProgressKind, type ProgressReporter } from '../progressReporter.ts';
import { runInWorker } from '../runInWorker.ts';
import { BAKE_LOWER, CHECKPOINT_FILE, type BakeTaskOutput } from '../tasks/bakeTask.ts';
import { runTimeWarning } from '../runTimeWarning.ts';
import { applySettingOverrides } from '../settingOverrides.ts';
import { singleValue } from '../singleValue.ts';
import { summarizedWarnings } from '../summarizedWarnings.ts';
import { terminalText } from '../terminalText.ts';
import type { BakeTaskInput } from '../tasks/bakeTask.ts';
import { asCliError, cancelled } from './bake/bakeCliError.ts';
import type { BakeFlags } from './bake/bakeFlags.ts';
import { checkpointSettings } from './bake/checkpointSettings.ts';
import { dryRun } from './bake/dryRun.ts';

/**
 * `overlap bake IN --clip NAME --out OUT.glb`: bakes physics-driven secondary motion into a glTF
 * animation (app/bake; docs/bake.md), and runs on render farms (docs/farm.md): machine-readable progress
 * (`--progress alf|openjd|json`), setting overrides for wedges (`--set KEY=VALUE`), a dry run that prints the
 * resolved settings, the frame plan and an estimate, and the exit codes of cliError.ts. The output is written
 * atomically and only when the bake completes; SIGINT or SIGTERM cancels (exit 4) and leaves nothing behind.
 *
 * @param program   the `overlap` commander program to add the subcommand to
 * @param services  what bin/overlap.mjs hands in from outside app/ (where the WebGPU step backend lives)
 */
export function register(program: Command, services: CliServices = {}): void {
  program
    .command('bake')
    .description('Bake secondary motion into a glTF animation and export it (docs/bake.md, docs/farm.md)')
    .argument('[in]', "keyframed glTF/GLB (default with --project: the glTF the project names, found from the project's folder, or embedded in it)")
    .option('--clip <name>', 'clip to bake (required unless --project names one)', singleValue('--clip'))
    .option('--out <file>', 'output GLB (required, except with --dry-run)', singleValue('--out'))
    .option('--frames <A:B>', 'inclusive frame range (default: the whole clip)', singleValue('--frames'))
    .option('--fps <f>', "frames per second (default: the clip's key rate, else 30)", singleValue('--fps'))
    .option('--weights <w|file.json>', 'physics-blend weights: a uniform value in [0, 1] or a weights JSON file', singleValue('--weights'))
    .option('--preset <name>', `material of simulated meshes: ${MATERIAL_PRESET_NAMES.join(', ')} (default flesh)`, singleValue('--preset'))
    .option('--project <file>', 'Overlap project (.json, or a glb written by overlap bake): weights and settings', singleValue('--project'))
    .option('--preroll <n>', 'frames simulated before the first frame to settle (default 0; a cycle with --loop)', singleValue('--preroll'))
    .option(
      '--mode <mode>',
      'corrective (morph targets on the skinned mesh, default), bones (helper joints fitted to the motion) or cache (vertex cache)',
      singleValue('--mode'),
    )
    .option(
      '--shapes <kind>',
      'corrective and cache: compact (a few shapes within --shape-error, default) or per-frame (one target per frame, at most 256)',
      singleValue('--shapes'),
    )
    .option('--max-shapes <n>', 'compact shapes per mesh at most (default 64; a mesh that needs more is split into parts)', singleValue('--max-shapes'))
    .option('--shape-error <e>', "compact shapes replay within this fraction of the mesh's bounding-box diagonal (default 1e-4)", singleValue('--shape-error'))
    .option('--helper-bones <n>', 'bones mode: helper joints per mesh (default 16)', singleValue('--helper-bones'))
    .option('--loop', 'the clip is cyclic: pre-roll wraps around it and the loop seam is closed')
    .option('--free-body', 'lattice pieces with no weight-0 vertex move as free bodies (default: held at their skeleton core)')
    .option('--compression <kind>', 'none (default), quantize or meshopt', singleValue('--compression'))
    .option('--interpolation <kind>', 'LINEAR (default) or STEP between baked frames', singleValue('--interpolation'))
    .option('--meters-per-unit <s>', 'physical size of one unit of the file in meters (default 1; 0.01 for centimeters)', singleValue('--meters-per-unit'))
    .option(
      '--backend <name>',
      'where the VBD step runs: cpu (default), webgpu (any WebGPU adapter, SwiftShader too), or auto (a hardware WebGPU adapter if there is one, else the CPU)',
      singleValue('--backend'),
    )
    .option('--self-contact', 'self-contact of the simulated meshes (OGC; docs/contact.md)')
    .option(
      '--collider <name>',
      'a mesh the simulated meshes collide with (repeatable); it moves with its own animation',
      (value: string, list: string[] = []) => [...list, value],
    )
    .option('--repair', "remove the input's own intersections (those its rest pose does not have) frame by frame before simulating (docs/contact.md)")
    .option('--report <file>', 'write a JSON report: timings per stage, solver and embedding statistics, export errors', singleValue('--report'))
    .option(
      '--progress <kind>',
      `progress on a farm: ${PROGRESS_KINDS.join(', ')} (default: tty when stderr is a terminal, else none)`,
      singleValue('--progress'),
    )
    .option('--no-progress', 'no progress output (same as --progress none)')
    .option(
      '--set <key=value>',
      'override a setting of the project file or the flags, e.g. fps=24, meshes.fox.preset=jelly (repeatable; docs/farm.md)',
      (value: string, list: string[]) => [...list, value],
      [],
    )
    .option('--dry-run', 'print the resolved settings, the frame plan and an estimated time (from a short probe bake); write nothing')
    .option(
      '--checkpoint <dir>',
      "write the bake's state to DIR every few frames and when stopped (SIGTERM, Ctrl-C), for --resume (docs/farm.md)",
      singleValue('--checkpoint'),
    )
    .option('--checkpoint-every <n>', 'simulated frames between checkpoints (default 10)', singleValue('--checkpoint-every'))
    .option(
      '--resume',
      'continue from the checkpoint in the --checkpoint folder (none there: bake from the start); the output is the bytes of a bake that never stopped',
    )
    .option('--allow-long', 'bake even when the estimate is above a day (farms; without it such a bake is refused, exit 2)')
    .action(async (input: string | undefined, flags: BakeFlags) => runBake(input, flags, services));
}

async function runBake(given: string | undefined, flags: BakeFlags, services: CliServices): Promise<void> {
  if (given === undefined && flags.project === undefined)
    throw new CliError('', 'bake needs the input glTF (overlap bake IN.glb …), or --project naming a project whose glTF it finds');
  // Without an input the project names it: next to the project (or where its relative path says), else embedded in it.
  const source = given === undefined ? await projectSourceInput(flags.project!) : null;
  const input = given ?? source!.path;
  try {
    await runBakeOf(input, flags, services);
  } finally {
    await source?.dispose();
  }
}

/**
 * The glTF a project names, for `overlap bake --project P` without an input: its `source` path, relative to the
 * project's folder, or the glTF embedded in the project (written to a temporary folder for the bake, removed after).
 * A project from a baked glTF names that bake's input, found the same way.
 *
 * @throws CliError naming the project when it names no glTF that can be found (the message of app/document's missingSourceError)
 */
async function projectSourceInput(projectPath: string): Promise<{ path: string; dispose(): Promise<void> }> {
  let project: OverlapProject;
  try {
    project = await readProjectFile(projectPath);
  } catch (error) {
    if (error instanceof BakeInputError) throw new CliError(error.file, error.message);
    if (error instanceof FileAccessError) throw new CliError(error.file, error.message, EXIT_IO);
    throw error;
  }
  const candidate = project.source ? (isAbsolute(project.source) ? project.source : resolve(dirname(projectPath), project.source)) : null;
  if (
    candidate &&
    (await stat(candidate).then(
      (entry) => entry.isFile(),
      () => false,
    ))
  )
    return { path: candidate, dispose: async () => undefined };
  const embedded = project.embeddedSource;
  if (!embedded)
    throw new CliError(
      projectPath,
      missingSourceError(
        project,
        basename(projectPath),
        candidate,
        'give the glTF as the first argument (overlap bake IN.glb --project …), or save the project with the glTF embedded',
      ).message,
      EXIT_IO,
    );
  const folder = await mkdtemp(join(tmpdir(), 'overlap-embedded-'));
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    const name = basename(embedded.name);
    await writeFile(join(folder, name), Buffer.from(embedded.data, 'base64'));
    for (const [uri, data] of Object.entries(embedded.resources ?? {})) {
      // Only plain relative names inside the folder, as the resource rule allows (readGltfResource refuses the rest).
      const target = resolve(folder, decodeURIComponent(uri));
      if (!target.startsWith(folder + sep)) continue;
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, Buffer.from(data, 'base64'));
    }
    return { path: join(folder, name), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function runBakeOf(input: string, flags: BakeFlags, services: CliServices): Promise<void> {
  if (flags.resume && flags.checkpoint === undefined)
    throw new CliError('', '--resume needs --checkpoint DIR (the folder the stopped bake wrote its checkpoint to)');
  if (flags.checkpointEvery !== undefined && flags.checkpoint === undefined) throw new CliError('', '--checkpoint-every needs --checkpoint DIR');
  // Its choices are checked with the other settings (checkBakeOptions in bakeOptions).
  const backend = (flags.backend ?? 'cpu') as 'cpu' | 'webgpu' | 'auto';
  const progressKind: ProgressKind =
    flags.progress === false ? 'none' : typeof flags.progress === 'string' ? (flags.progress as ProgressKind) : process.stderr.isTTY ? 'tty' : 'none';
  if (!PROGRESS_KINDS.includes(progressKind)) throw new CliError('', `--progress must be one of ${PROGRESS_KINDS.join(', ')}, got "${String(flags.progress)}"`);
  if (!flags.out && !flags.dryRun) throw new CliError('', 'bake needs --out OUT.glb');
  const reporter = progressReporter(progressKind, process.stdout, process.stderr);
  try {
    // The checkpoint folder is made and checked with the other outputs, before any work (a dry run writes none).
    const checkpoint = flags.dryRun ? null : await checkpointSettings(flags);
    const options = await bakeOptions(input, flags, backend, checkpoint);
    if (flags.dryRun) {
      await dryRun(input, flags, options, services);
      return;
    }
    await runToFile(input, flags.out!, flags, options, reporter, services, checkpoint);
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

/**
 * The bake options of the flags, the weights and project files, then `--set` on top of everything. Inputs and
 * outputs are checked first (existing regular files; outputs writable, not aliased to an input or to each other).
 */
async function bakeOptions(
  input: string,
  flags: BakeFlags,
  backend: 'cpu' | 'webgpu' | 'auto',
  checkpoint: BakeTaskInput['checkpoint'] | null,
): Promise<Omit<BakeOptions, 'signal' | 'onProgress'>> {
  const options: Omit<BakeOptions, 'signal' | 'onProgress'> = {};
  if (flags.clip !== undefined) options.clip = flags.clip;
  if (flags.frames !== undefined) {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(flags.frames);
    if (!match) throw new CliError('', `--frames must be A:B with whole numbers, got "${flags.frames}"`);
    options.frames = [Number(match[1]), Number(match[2])];
  }
  // Parsing only: text to numbers and names. Ranges and choices are resolveBakeSettings' (the one validation, for the
  // app and the CLI alike); its BakeError names the option, and asCliError names the flag (BAKE_FLAGS).
  const number = (text: string, flag: string): number => {
    const value = Number(text.trim());
    if (text.trim() === '' || Number.isNaN(value)) throw new CliError('', `${flag} must be a number, got "${text}"`);
    return value;
  };
  if (flags.fps !== undefined) options.fps = number(flags.fps, '--fps');
  if (flags.preroll !== undefined) options.preroll = number(flags.preroll, '--preroll');
  if (flags.preset !== undefined) options.preset = flags.preset as MaterialPreset;
  if (flags.mode !== undefined) options.mode = flags.mode as BakeOptions['mode'];
  if (flags.shapes !== undefined) options.shapes = flags.shapes as BakeOptions['shapes'];
  if (flags.maxShapes !== undefined) options.maxShapes = number(flags.maxShapes, '--max-shapes');
  if (flags.helperBones !== undefined) options.helperBones = number(flags.helperBones, '--helper-bones');
  if (flags.shapeError !== undefined) options.shapeError = number(flags.shapeError, '--shape-error');
  if (flags.compression !== undefined) options.compression = flags.compression as BakeOptions['compression'];
  if (flags.interpolation !== undefined) options.interpolation = flags.interpolation.toUpperCase() as BakeOptions['interpolation'];
  if (flags.metersPerUnit !== undefined) options.metersPerUnit = number(flags.metersPerUnit, '--meters-per-unit');
  if (flags.loop) options.loop = true;
  if (flags.selfContact) options.selfContact = true;
  if (flags.freeBody) options.freeBody = true;
  if (flags.repair) options.repair = true;
  if (flags.collider) options.meshes = flags.collider.map((mesh) => ({ mesh, role: 'collider' as const }));
  options.backend = backend;
  // Anything that reads as a number (NaN, Infinity, 1e999 and -0 included) is a uniform weight, never a file name.
  const weightsAreUniform = flags.weights !== undefined && /^[+-]?((\d+\.?\d*|\.\d+)(e[+-]?\d+)?|nan|inf(inity)?)$/i.test(flags.weights.trim());
  if (weightsAreUniform) {
    options.uniformWeight = Number(flags.weights!.trim());
  }
  // The engine's rules, before the glTF is read (a bad --fps fails at once, not after importing a large file).
  checkBakeOptions(options);
  const inputs: NamedFile[] = [{ what: 'the input', path: input, required: true }];
  if (flags.project !== undefined) inputs.push({ what: '--project', path: flags.project, required: true });
  if (flags.weights !== undefined && !weightsAreUniform) inputs.push({ what: '--weights', path: flags.weights, required: true });
  const outputs: NamedFile[] = [];
  if (flags.out !== undefined) outputs.push({ what: '--out', path: flags.out });
  if (flags.report !== undefined) outputs.push({ what: '--report', path: flags.report });
  // The checkpoint is an output like the others: its folder takes a new file, and it aliases neither --out nor --report.
  if (checkpoint) outputs.push({ what: `the checkpoint of --checkpoint ${checkpoint.folder}`, path: join(checkpoint.folder, CHECKPOINT_FILE) });
  await checkOutputs(inputs, flags.dryRun ? [] : outputs);
  if (flags.weights !== undefined && !weightsAreUniform) options.weightsFile = await readWeightsFile(flags.weights);
  if (flags.project !== undefined) options.project = await readProjectFile(flags.project);
  // What the machine can hold: the bake refuses a lattice whose estimated memory exceeds it (bakeCost).
  options.memoryLimitBytes = Math.floor(0.8 * totalmem());
  applySettingOverrides(options, flags.set);
  return options;
}

/**
 * The bake itself, in a worker thread (runInWorker) so Ctrl-C answers at once: progress, cancel on SIGINT/SIGTERM
 * (exit 4), the output and report written together and atomically only when it completes.
 */
async function runToFile(
  input: string,
  out: string,
  flags: BakeFlags,
  options: Omit<BakeOptions, 'signal' | 'onProgress'>,
  reporter: ProgressReporter,
  services: CliServices,
  checkpoint: BakeTaskInput['checkpoint'] | null,
): Promise<void> {
  const signal = cliSignal();
  let warned = false;
  const onProgress = (progress: BakeProgress) => {
    // The worker refused a bake past the limit (without --allow-long) before this progress; here it is only announced.
    const long =
      progress.stage === 'import' && progress.etaSeconds !== null
        ? runTimeWarning(progress.etaSeconds, { file: input, what: 'this bake', why: '', lower: BAKE_LOWER, allowLong: true })
        : null;
    if (long && !warned) {
      warned = true;
      process.stderr.write(`overlap: warning: ${long}\n`);
    }
    reporter.progress(progress);
  };
  process.stderr.write(terminalText(`overlap: baking ${input} → ${out} (Ctrl-C cancels; nothing is written until the bake completes)`) + '\n');
  let committed = false;
  try {
    const task: BakeTaskInput = {
      input,
      options,
      gpuStepBackendModule: services.gpuStepBackendModule,
      allowLong: flags.allowLong === true,
      ...(checkpoint ? { checkpoint } : {}),
    };
    // With checkpoints a stop (SIGTERM, Ctrl-C) first lets the bake write one for its last completed frame.
    const { bytes, report, resumedAt } = await runInWorker<BakeTaskOutput>(new URL('../tasks/bakeTask.ts', import.meta.url), 'bakeTask', task, {
      signal,
      onProgress,
      graceMs: checkpoint ? CHECKPOINT_GRACE_MS : 0,
    });
    if (resumedAt !== null) process.stderr.write(`overlap: resumed from the checkpoint at frame index ${resumedAt}\n`);
    const files: Array<{ path: string; data: Uint8Array | string }> = [{ path: out, data: bytes }];
    if (flags.report !== undefined) files.push({ path: flags.report, data: JSON.stringify(report, null, 2) + '\n' });
    await writeFilesAtomic(files, signal);
    committed = true;
    // A signal that arrived once the commit had begun waited for it (writeFilesAtomic): every output is written.
    if (signal.aborted)
      process.stderr.write(
        `overlap: ${signalName(signal)} arrived while the outputs were being committed; the bake is complete and ${files.map((file) => file.path).join(' and ')} ${files.length === 1 ? 'was' : 'were'} written\n`,
      );
    // The output is written: a requeued task that finds no checkpoint bakes from the start.
    if (checkpoint) await rm(join(checkpoint.folder, CHECKPOINT_FILE), { force: true });
    const exported = report.export.meshes.map(
      (m) =>
        (m.mode === 'bones'
          ? `${m.helperBones} helper bones`
          : `${m.targets} ${m.shapes === 'compact' ? 'shapes' : 'targets'}${m.chunks > 1 ? ` in ${m.chunks} parts` : ''}`) +
        ` (error ${m.maxErrorRelative.toPrecision(2)} of the diagonal)`,
    );
    process.stderr.write(
      `overlap: VBD steps ran on ${report.backend.name === 'cpu' ? `the CPU (${report.backend.adapter.replace(/^none: /, '')})` : report.backend.adapter}\n`,
    );
    // The first few of each kind, then a count (the report keeps all); names from the files escaped.
    const warnings = summarizedWarnings(report.warnings, undefined, flags.report ?? '');
    for (const warning of warnings) process.stderr.write(terminalText(`overlap: warning [${warning.code}]: ${warning.message}`) + '\n');
    reporter.done(
      `overlap: wrote ${out} (${report.outputBytes} bytes): clip "${report.clip}" frames ${report.frames.first}:${report.frames.last} at ${report.fps} fps, ${report.mode}${exported.length ? `, ${exported.join(', ')}` : ''}, ${report.timings.total.toFixed(2)} s`,
      {
        output: out,
        bytes: report.outputBytes,
        clip: report.clip,
        frames: report.frames,
        mode: report.mode,
        export: report.export,
        seconds: report.timings.total,
        warnings,
      },
    );
  } catch (error) {
    if (isCancellation(error) && !committed) throw cancelled(input, error, flags.checkpoint);
    throw error;
  }
}

/** The signal that aborted a run's signal ('SIGTERM'), or 'a cancel'. */
function signalName(signal: AbortSignal): string {
  const reason = signal.reason as unknown;
  return reason instanceof Error && /^cancelled by (\w+)$/.test(reason.message) ? reason.message.slice('cancelled by '.length) : 'a cancel';
}

/** How long a stopped bake may take to write its checkpoint before its thread is terminated [ms]. */
const CHECKPOINT_GRACE_MS = 30_000;
