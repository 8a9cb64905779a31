/**
 * `overlap simulate SCENE.json --out OUT.json [--every K]`: runs a standalone VBD scene (docs/scene-format.md) on the
 * CPU and writes the positions of every K-th frame and of the last frame, plus solver statistics. This is how users
 * reproduce solver issues outside the app.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { sceneContact, type SceneContact } from '../../contact/index.ts';
import { step, vbdSceneFromJson, type VbdScene } from '../../solvers/vbd/index.ts';
import { CliError } from '../cliError.ts';

interface SimulateOptions {
  out: string;
  every?: string;
}

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
    .requiredOption('-o, --out <file>', 'output JSON file')
    .option('--every <k>', 'also write every k-th frame (default: only the last frame)')
    .action((sceneFile: string, options: SimulateOptions) => simulate(sceneFile, options));
}

function simulate(sceneFile: string, options: SimulateOptions): void {
  let every = 0;
  if (options.every !== undefined) {
    every = Number(options.every);
    if (!Number.isInteger(every) || every < 1) throw new CliError('', `--every must be a positive integer, got "${options.every}"`);
  }
  let text: string;
  try {
    text = readFileSync(sceneFile, 'utf8');
  } catch (error) {
    throw new CliError(sceneFile, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(sceneFile, `not valid JSON: ${(error as Error).message}`);
  }
  let scene: VbdScene;
  let contact: SceneContact | null = null;
  try {
    scene = vbdSceneFromJson(json);
    if (scene.contact !== undefined) contact = sceneContact(scene.contact, scene.model, scene.timeStep / (scene.controls.substeps ?? 1));
  } catch (error) {
    throw new CliError(sceneFile, (error as Error).message);
  }

  const { model, state, controls, animation, frames, timeStep } = scene;
  const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ format: 'simulate [{bar}] {value}/{total} frames', stream: process.stderr }, cliProgress.Presets.shades_classic) : undefined;
  bar?.start(frames, 0);
  const output: Array<{ frame: number; time: number; positions: number[] }> = [];
  let totalIterations = 0;
  let skippedSolves = 0;
  let maxResidual = 0;
  let lastResidual = 0;
  const started = performance.now();
  for (let frame = 1; frame <= frames; frame++) {
    const pose = (k: number) => animation[Math.min(k, animation.length - 1)];
    contact?.setFrame(frame);
    const diagnostics = step(model, state, state, { ...controls, targetsStart: pose(frame - 1), targets: pose(frame), contact: contact?.contact }, timeStep);
    totalIterations += diagnostics.iterations;
    skippedSolves += diagnostics.skippedSolves;
    for (const r of diagnostics.residuals) maxResidual = Math.max(maxResidual, r);
    lastResidual = diagnostics.residuals[diagnostics.residuals.length - 1] ?? 0;
    for (let k = 0; k < state.positions.length; k++) {
      if (!Number.isFinite(state.positions[k])) throw new CliError(sceneFile, `the simulation diverged at frame ${frame} (non-finite positions); try more substeps or a smaller timeStep`);
    }
    if ((every > 0 && frame % every === 0) || frame === frames) {
      output.push({ frame, time: frame * timeStep, positions: Array.from(state.positions) });
    }
    bar?.update(frame);
  }
  bar?.stop();
  const stats = {
    vertexCount: model.vertexCount,
    tetCount: model.tetCount,
    triangleCount: model.triangleCount,
    hingeCount: model.hingeCount,
    springCount: model.springCount,
    colorCount: model.colorCount,
    frames,
    timeStep,
    substeps: controls.substeps,
    iterationsPerSubstep: controls.iterations,
    totalIterations,
    skippedSolves,
    finalRelativeResidual: lastResidual,
    maxRelativeResidual: maxResidual,
    wallMilliseconds: Math.round(performance.now() - started),
    ...(contact ? { contact: { radius: contact.contact.data.radius, stiffness: contact.contact.data.stiffness, ...contact.contact.stats } } : {}),
  };
  try {
    writeFileSync(options.out, JSON.stringify({ frames: output, stats }) + '\n');
  } catch (error) {
    throw new CliError(options.out, `cannot write the output (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}
