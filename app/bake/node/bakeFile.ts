import { gltfFileSource, writeFilesAtomic } from '../../io/node/index.ts';
import { bake, type BakeOutput } from '../bake.ts';
import type { BakeOptions } from '../bakeSettings.ts';

/**
 * Bakes a glTF file into another, for the CLI and scripts: reads the input (a bounded regular file, and its
 * external buffers by the one rule for files a glTF names), runs bake(), and only when it completes writes the
 * output GLB (and the JSON report, when asked) atomically and all or nothing. Cancelling (options.signal) or any
 * error leaves no output and no temporary file, and an existing output file stays as it was.
 *
 * @param inputPath   the keyframed glTF/GLB
 * @param outputPath  where the baked GLB goes
 * @param options     bake options; reportPath writes the report JSON too
 * @returns what bake() returned
 */
export async function bakeFile(inputPath: string, outputPath: string, options: BakeOptions & { reportPath?: string }): Promise<BakeOutput> {
  const source = await gltfFileSource(inputPath);
  const output = await bake(source, options);
  options.signal?.throwIfAborted();
  const files: Array<{ path: string; data: Uint8Array | string }> = [{ path: outputPath, data: output.bytes }];
  if (options.reportPath) files.push({ path: options.reportPath, data: JSON.stringify(output.report, null, 2) + '\n' });
  await writeFilesAtomic(files, options.signal);
  return output;
}
