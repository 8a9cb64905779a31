import { mkdir } from 'node:fs/promises';
import { CliError, EXIT_IO } from '../../cliError.ts';
import type { BakeTaskInput } from '../../tasks/bakeTask.ts';
import type { BakeFlags } from './bakeFlags.ts';

/** --checkpoint DIR (created if missing), --checkpoint-every N and --resume, checked. */
export async function checkpointSettings(flags: BakeFlags): Promise<BakeTaskInput['checkpoint'] | null> {
  if (flags.checkpoint === undefined) return null;
  const every = flags.checkpointEvery === undefined ? 10 : Number(flags.checkpointEvery);
  if (!(Number.isInteger(every) && every >= 1 && every <= 1_000_000))
    throw new CliError('', `--checkpoint-every must be a whole number of frames ≥ 1, got "${flags.checkpointEvery}"`);
  try {
    await mkdir(flags.checkpoint, { recursive: true });
  } catch (error) {
    throw new CliError(flags.checkpoint, `cannot make the checkpoint folder: ${(error as Error).message}`, EXIT_IO);
  }
  return { folder: flags.checkpoint, every, resume: flags.resume === true };
}
