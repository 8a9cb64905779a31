import { BakeError, type BakeOptions } from '../../../bake/index.ts';
import { BakeInputError } from '../../../bake/node/index.ts';
import { NonFiniteValueError } from '../../../export/index.ts';
import { GltfImportError } from '../../../io/index.ts';
import { FileAccessError } from '../../../io/node/index.ts';
import { SimulationError } from '../../../solvers/vbd/index.ts';
import { isCancellation } from '../../cancellation.ts';
import { CliError, EXIT_CANCELLED, EXIT_IO, EXIT_SIMULATION, EXIT_USAGE } from '../../cliError.ts';
import type { BakeFlags } from './bakeFlags.ts';

/** The flag of each BakeOptions field the CLI sets from one (the names in the engine's messages, as the user typed them). */
const BAKE_FLAGS: Partial<Record<keyof BakeOptions, string>> = {
  clip: '--clip',
  frames: '--frames',
  fps: '--fps',
  preroll: '--preroll',
  preset: '--preset',
  mode: '--mode',
  shapes: '--shapes',
  maxShapes: '--max-shapes',
  helperBones: '--helper-bones',
  shapeError: '--shape-error',
  compression: '--compression',
  interpolation: '--interpolation',
  metersPerUnit: '--meters-per-unit',
  uniformWeight: '--weights',
  backend: '--backend',
};

/**
 * A failure of the bake as the CliError with the exit code of the table (cliError.ts), or null for a bug; the
 * reporter prints it for farms (openjd_fail, a JSON error line) before main prints it for people.
 *
 * @param error  what the bake threw
 * @param input  the glTF (or project) the bake read
 * @param flags  the command line's flags (the weights and project files a BakeError may name)
 */
export function asCliError(error: unknown, input: string, flags: BakeFlags): CliError | null {
  if (error instanceof CliError) return error;
  if (isCancellation(error)) return cancelled(input, error);
  if (error instanceof FileAccessError) return new CliError(error.file, error.message, EXIT_IO);
  if (error instanceof GltfImportError) return new CliError(error.file || input, error.message);
  if (error instanceof BakeInputError) return new CliError(error.file, error.message);
  if (error instanceof BakeError) {
    const file = error.origin === 'weightsFile' ? flags.weights! : error.origin === 'project' ? flags.project! : error.origin === 'options' ? '' : input;
    // A setting the engine refused names its option first ("fps must be…"): the user typed the flag ("--fps must be…").
    const flag = error.origin === 'options' && error.option ? BAKE_FLAGS[error.option] : undefined;
    const message = flag && error.message.startsWith(`${error.option} `) ? `${flag}${error.message.slice(error.option!.length)}` : error.message;
    return new CliError(file, message, EXIT_USAGE);
  }
  if (error instanceof NonFiniteValueError || error instanceof SimulationError) {
    return new CliError(
      input,
      `the simulation failed: ${error.message}; nothing was written (a stiffer or lighter material, more substeps, or smaller weights may help)`,
      EXIT_SIMULATION,
    );
  }
  return null;
}

/** The CliError of a cancelled bake, naming what cancelled it ('bake cancelled by SIGTERM; nothing was written'). */
export function cancelled(input: string, error: unknown, checkpointFolder?: string): CliError {
  const by = error instanceof Error && /^cancelled by \w+$/.test(error.message) ? error.message : 'cancelled';
  const resume = checkpointFolder !== undefined ? `; the checkpoint in ${checkpointFolder} resumes it (--resume)` : '';
  return new CliError(input, `bake ${by}; nothing was written${resume}`, EXIT_CANCELLED);
}
