/**
 * `overlap simulate SCENE.json --out OUT.json [--every K]`: runs a standalone VBD scene (docs/scene-format.md) on the
 * CPU and writes the positions of every K-th frame and of the last frame, plus solver statistics. This is how users
 * reproduce solver issues outside the app. The scene is checked and its cost estimated before it runs; the run
 * itself is in a worker thread (Ctrl-C stops it at once) and the output is written atomically.
 */
import { totalmem } from 'node:os';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { openAtomicFile, readJsonFile } from '../../io/node/index.ts';
import { sceneContact } from '../../contact/index.ts';
import { vbdSceneFromJson, type VbdScene } from '../../solvers/vbd/index.ts';
import { cliSignal } from '../cancellation.ts';
import { checkOutputs } from '../checkOutputs.ts';
import { CliError } from '../cliError.ts';
import { bytesText } from '../bytesText.ts';
import { runInWorker } from '../runInWorker.ts';
import { runTimeWarning } from '../runTimeWarning.ts';
import { singleValue } from '../singleValue.ts';
import { summarizedWarnings } from '../summarizedWarnings.ts';
import { terminalText } from '../terminalText.ts';
import type { SimulateResult } from '../tasks/simulateTask.ts';

interface SimulateOptions {
  out: string;
  every?: string;
  allowLong?: boolean;
}

/** Largest scene file read [bytes]. */
const MAX_SCENE_BYTES = 1 << 30;
/** Seconds per element, substep and iteration, and per vertex (bench/vbd.bench.ts: ~1.5 µs per vertex-iteration). */
const SECONDS_PER_ELEMENT_ITERATION = 1.3e-6;
const SECONDS_PER_VERTEX_ITERATION = 0.5e-6;
/** Memory per kept coordinate: a float64 in the worker, its copy, and ~20 characters of JSON. */
const BYTES_PER_KEPT_COORDINATE = 8 + 8 + 40;

/**
 * `overlap simulate SCENE.json --out OUT.json [--every K]`: registers the subcommand described above (seed 000's
 * VBD on a standalone scene).
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('simulate')
    .description('Run a standalone VBD scene (JSON) on the CPU and write the positions')
    .argument('<scene>', 'scene file (JSON, see docs/scene-format.md)')
    .requiredOption('-o, --out <file>', 'output JSON file', singleValue('--out'))
    .option('--every <k>', 'also write every k-th frame (default: only the last frame)', singleValue('--every'))
    .option('--allow-long', 'run even when the estimate is above a day (farms; docs/farm.md)')
    .action((sceneFile: string, options: SimulateOptions) => simulate(sceneFile, options));
}

async function simulate(sceneFile: string, options: SimulateOptions): Promise<void> {
  let every = 0;
  if (options.every !== undefined) {
    every = Number(options.every);
    if (!Number.isInteger(every) || every < 1) throw new CliError('', `--every must be a positive integer, got "${options.every}"`);
  }
  const json = await readJsonFile(sceneFile, { maxBytes: MAX_SCENE_BYTES, what: 'a scene file' });
  let scene: VbdScene;
  try {
    scene = vbdSceneFromJson(json);
    // Built here only to check the contact field as the file's problem; the worker builds its own to run.
    if (scene.contact !== undefined) sceneContact(scene.contact, scene.model, scene.timeStep / (scene.controls.substeps ?? 1));
  } catch (error) {
    throw new CliError(sceneFile, (error as Error).message);
  }

  // What the run costs, before it starts: counts of 1e9 frames, substeps or iterations are refused with the estimate.
  const { model, controls, frames } = scene;
  const elements = model.tetCount + model.triangleCount + model.hingeCount + model.springCount;
  const sweeps = frames * (controls.substeps ?? 1) * (controls.iterations ?? 10);
  const seconds = sweeps * (SECONDS_PER_ELEMENT_ITERATION * elements + SECONDS_PER_VERTEX_ITERATION * model.vertexCount);
  const keptFrames = every > 0 ? Math.floor(frames / every) + 1 : 1;
  const bytes = keptFrames * 3 * model.vertexCount * BYTES_PER_KEPT_COORDINATE;
  const memoryLimit = 0.8 * totalmem();
  const long = runTimeWarning(seconds, {
    file: sceneFile,
    what: 'this run',
    why: `${frames} frames × ${controls.substeps ?? 1} substeps × ${controls.iterations ?? 10} iterations over ${elements} elements`,
    lower: 'lower frames, substeps or iterations',
    allowLong: options.allowLong === true,
  });
  if (bytes > memoryLimit) {
    throw new CliError(
      sceneFile,
      `keeping ${keptFrames} frames of ${model.vertexCount} vertices needs about ${bytesText(bytes)}, more than the ${bytesText(memoryLimit)} this machine can hold: use a larger --every`,
    );
  }
  await checkOutputs([{ what: 'the scene', path: sceneFile }], [{ what: '--out', path: options.out, estimatedBytes: bytes / 2 }]);
  if (long) process.stderr.write(`overlap: warning: ${long}\n`);

  const signal = cliSignal();
  const bar = process.stderr.isTTY
    ? new cliProgress.SingleBar({ format: 'simulate [{bar}] {value}/{total} frames', stream: process.stderr }, cliProgress.Presets.shades_classic)
    : undefined;
  bar?.start(frames, 0);
  let result: SimulateResult;
  try {
    result = await runInWorker<SimulateResult>(
      new URL('../tasks/simulateTask.ts', import.meta.url),
      'simulateTask',
      { json, every },
      { signal, onProgress: (frame: number) => bar?.update(frame) },
    );
  } finally {
    bar?.stop();
  }
  for (const warning of summarizedWarnings(result.warnings.map((message) => ({ message }))))
    process.stderr.write(terminalText(`overlap: warning: ${warning.message}`) + '\n');
  const file = await openAtomicFile(options.out, signal);
  try {
    await file.write('{"frames":[');
    for (let f = 0; f < result.frames.length; f++) {
      const { frame, time, positions } = result.frames[f];
      await file.write(`${f ? ',' : ''}{"frame":${frame},"time":${time},"positions":${JSON.stringify(Array.from(positions))}}`);
    }
    await file.write(`],"stats":${JSON.stringify(result.stats)}}\n`);
    await file.commit();
  } finally {
    await file.discard();
  }
}
