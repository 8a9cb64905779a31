import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { createAnimationEvaluator } from '../../animation/index.ts';
import { clipIndexOf, type ImportedScene } from '../../io/index.ts';
import { openAtomicFile, type AtomicFile } from '../../io/node/index.ts';
import { cliSignal } from '../cancellation.ts';
import { checkOutputs } from '../checkOutputs.ts';
import { CliError } from '../cliError.ts';
import { singleValue } from '../singleValue.ts';
import { readSceneForCli } from './inspect.ts';

/** Characters of JSON per coordinate: up to 9 significant digits, sign, point, exponent and a comma. */
const BYTES_PER_COORDINATE = 16;

interface EvalOptions {
  clip?: string;
  time?: string;
  frames?: string;
  fps?: string;
  mesh?: string;
  out?: string;
  scene?: string;
}

/** 9 significant digits print every float32 exactly (it reads back to the same float32). */
function floatList(values: Float32Array): string {
  let text = '';
  for (let i = 0; i < values.length; i++) text += (i ? ',' : '') + (values[i] === 0 ? '0' : String(Number(values[i].toPrecision(9))));
  return `[${text}]`;
}

function numberOption(name: string, value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) throw new CliError('', `${name} must be a number, got "${value}"`);
  return number;
}

/** --clip by name or index (clipIndexOf, the rule of every command), or null for none (the rest pose). */
function clipIndexFor(file: string, scene: ImportedScene, name: string | undefined): number | null {
  if (name === undefined) return null;
  const index = clipIndexOf(scene.clips, name);
  if (index < 0) {
    const names = scene.clips.map((clip) => `"${clip.name}"`).join(', ');
    throw new CliError(file, `no clip named "${name}" (${names ? `clips: ${names}` : 'the file has no clips'})`);
  }
  return index;
}

/**
 * `overlap eval`: world-space render-vertex positions of a clip at a time or over a frame range.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('eval')
    .description('Evaluate world-space vertex positions of a clip at a time or over frames')
    .argument('<file>', '.glb or .gltf file')
    .option('--clip <name>', 'clip to evaluate, by name or index (default: none, the rest pose)', singleValue('--clip'))
    .option('--time <seconds>', 'time in the clip [s] (default 0)', singleValue('--time'))
    .option('--frames <a:b>', 'inclusive frame range, evaluated at frame / fps', singleValue('--frames'))
    .option('--fps <rate>', 'frames per second for --frames (default 30)', singleValue('--fps'))
    .option('--mesh <name>', 'only this mesh', singleValue('--mesh'))
    .option('--out <file>', 'output JSON file (default: stdout)', singleValue('--out'))
    .option('--scene <index>', "scene to import (default: the file's default scene)", singleValue('--scene'))
    .action(async (file: string, options: EvalOptions) => {
      if (options.time !== undefined && options.frames !== undefined) throw new CliError('', 'give either --time or --frames, not both');
      if (options.fps !== undefined && options.frames === undefined) throw new CliError('', '--fps needs --frames');
      let times: number[];
      let fps = 0;
      let firstFrame = 0;
      if (options.frames !== undefined) {
        const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(options.frames);
        if (!match) throw new CliError('', `--frames must be A:B with whole numbers A <= B, got "${options.frames}"`);
        firstFrame = Number(match[1]);
        const lastFrame = Number(match[2]);
        if (lastFrame < firstFrame) throw new CliError('', `--frames ${options.frames}: the last frame comes before the first`);
        if (lastFrame - firstFrame >= 1_000_000) throw new CliError('', `--frames ${options.frames}: more than a million frames`);
        fps = options.fps === undefined ? 30 : numberOption('--fps', options.fps);
        if (!(fps > 0)) throw new CliError('', `--fps must be positive, got ${options.fps}`);
        times = Array.from({ length: lastFrame - firstFrame + 1 }, (_, f) => (firstFrame + f) / fps);
      } else {
        const time = options.time === undefined ? 0 : numberOption('--time', options.time);
        if (time < 0) throw new CliError('', `--time must be >= 0, got ${options.time}`);
        times = [time];
      }
      const sceneIndex = options.scene === undefined ? undefined : Number(options.scene);
      if (sceneIndex !== undefined && !Number.isInteger(sceneIndex)) throw new CliError('', `--scene must be a whole number, got "${options.scene}"`);

      const scene = await readSceneForCli(file, sceneIndex);
      const clipIndex = clipIndexFor(file, scene, options.clip);
      const meshIndices = scene.meshes.map((_, m) => m).filter((m) => options.mesh === undefined || scene.meshes[m].name === options.mesh);
      if (options.mesh !== undefined && meshIndices.length === 0) {
        throw new CliError(file, `no mesh named "${options.mesh}" (meshes: ${scene.meshes.map((mesh) => `"${mesh.name}"`).join(', ')})`);
      }
      const evaluator = createAnimationEvaluator(scene);
      const buffers = meshIndices.map((m) => new Float32Array(3 * scene.meshes[m].renderVertexCount));
      const clipName = clipIndex === null ? null : scene.clips[clipIndex].name;

      const toStdout = options.out === undefined || options.out === '-';
      const coordinates = meshIndices.reduce((sum, m) => sum + 3 * scene.meshes[m].renderVertexCount, 0);
      if (!toStdout)
        await checkOutputs(
          [{ what: 'the input', path: file, required: true }],
          [{ what: '--out', path: options.out!, estimatedBytes: times.length * coordinates * BYTES_PER_COORDINATE }],
        );
      // The output goes through the atomic writer: a full disk or a cancel leaves the previous file, never a partial one.
      const signal = cliSignal();
      const out: AtomicFile | null = toStdout ? null : await openAtomicFile(options.out!, signal);
      const write = async (text: string) => {
        if (out) await out.write(text);
        else if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
      };
      const frameEntry = (time: number, frame?: number): string => {
        const meshes = meshIndices.map((m, i) => {
          evaluator.evaluateMesh(m, clipIndex, time, buffers[i]);
          return `{"name":${JSON.stringify(scene.meshes[m].name)},"positions":${floatList(buffers[i])}}`;
        });
        return `{"clip":${JSON.stringify(clipName)},"time":${time}${frame === undefined ? '' : `,"frame":${frame}`},"meshes":[${meshes.join(',')}]}`;
      };
      const bar =
        options.frames !== undefined && process.stderr.isTTY && times.length > 1
          ? new SingleBar({ stream: process.stderr, format: 'eval [{bar}] {value}/{total} frames' })
          : null;
      try {
        if (options.frames === undefined) {
          await write(frameEntry(times[0]) + '\n');
        } else {
          bar?.start(times.length, 0);
          await write(`{"clip":${JSON.stringify(clipName)},"fps":${fps},"frames":[`);
          for (let f = 0; f < times.length; f++) {
            signal.throwIfAborted();
            await write((f ? ',\n' : '\n') + frameEntry(times[f], firstFrame + f));
            bar?.increment();
          }
          await write('\n]}\n');
        }
        await out?.commit();
      } finally {
        bar?.stop();
        await out?.discard();
      }
    });
}
