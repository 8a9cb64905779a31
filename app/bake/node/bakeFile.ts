import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { bake, type BakeOutput } from '../bake.ts';
import type { BakeOptions } from '../bakeSettings.ts';
import { writeFileAtomic } from './writeFileAtomic.ts';

/**
 * Bakes a glTF file into another, for the CLI and scripts: reads the input (and its external
 * buffers), runs bake(), and only when it completes writes the output GLB (and the JSON report, when
 * asked) atomically. Cancelling (options.signal) or any error leaves no output and no temporary file,
 * and an existing output file stays as it was.
 *
 * @param inputPath   the keyframed glTF/GLB
 * @param outputPath  where the baked GLB goes
 * @param options     bake options; reportPath writes the report JSON too
 * @returns what bake() returned
 */
export async function bakeFile(inputPath: string, outputPath: string, options: BakeOptions & { reportPath?: string }): Promise<BakeOutput> {
  const bytes = await readFile(inputPath);
  const readResource = (uri: string) => readFile(resolve(dirname(inputPath), decodeURIComponent(uri))).then((b) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  const output = await bake({ bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileName: inputPath, readResource }, options);
  options.signal?.throwIfAborted();
  await writeFileAtomic(outputPath, output.bytes);
  if (options.reportPath) await writeFileAtomic(options.reportPath, JSON.stringify(output.report, null, 2) + '\n');
  return output;
}
