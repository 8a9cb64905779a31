/**
 * Runs the `overlap` CLI in this process (app/cli/main.ts), capturing what it writes, for the many error cases
 * where spawning a process per case (a second each) would dominate the test time. Signals, exit hooks and the
 * real binary are tested by spawning bin/overlap.mjs.
 */
import { main } from '../../app/cli/main.ts';
import { SAMPLE_PATH } from './gltfAssetFiles.ts';

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * @param args  the arguments after `overlap`
 * @returns the exit code and what went to stdout and stderr
 */
export async function runCli(...args: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof process.stderr.write;
  try {
    const status = await main(args);
    return { status, stdout, stderr };
  } finally {
    process.stdout.write = out;
    process.stderr.write = err;
  }
}

/** `overlap bake` of the sample's clip "Bounce" over `frames` ("first:last"): the arguments the CLI cases start from. */
export function sampleBounceBake(frames: string): string[] {
  return ['bake', SAMPLE_PATH, '--clip', 'Bounce', '--frames', frames];
}
