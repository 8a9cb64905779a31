/**
 * The bake, as `overlap bake` runs it in a worker thread (runInWorker): reads the input (gltfFileSource: a bounded
 * regular file, resources by the one rule for files a glTF names), chooses where the VBD step runs (stepBackendFor),
 * and bakes. Returns the GLB and the report; the main thread writes them. With `checkpoint`, the bake's state is
 * written to DIR/overlap-bake.checkpoint (node:v8 serialization, one atomic write) every few frames and when the bake
 * is stopped (SIGTERM: the main thread sends `stop`), and `resume` continues from that file: the output is the bytes
 * of a bake that never stopped (app/bake bakeCheckpoint.ts). The file also holds the input's SHA-256, so a checkpoint
 * of another input is refused.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { bake, BakeCheckpointError, type BakeCheckpoint, type BakeOptions, type BakeProgress, type BakeReport } from '../../bake/index.ts';
import { gltfFileSource, readRegularFile, writeFileAtomic } from '../../io/node/index.ts';
import { CliError } from '../cliError.ts';
import { runTimeWarning } from '../runTimeWarning.ts';
import { stepBackendFor } from '../stepBackendFor.ts';
import { DEFAULT_CHECK_WORKERS, nodeCheckPool } from '../../intersection/node/index.ts';

/** What to lower when a bake is too long (runTimeWarning). */
export const BAKE_LOWER = 'lower latticeResolution, substeps or iterations, or bake fewer frames';

/** The checkpoint file in the --checkpoint folder. */
export const CHECKPOINT_FILE = 'overlap-bake.checkpoint';

/** What the main thread sends: the input path and the bake options without functions (signal, onProgress, stepBackend). */
export interface BakeTaskInput {
  input: string;
  options: Omit<BakeOptions, 'signal' | 'onProgress' | 'stepBackend' | 'checkPool' | 'checkpoint' | 'resume'>;
  /** URL of the module that makes WebGPU step backends (CliServices.gpuStepBackendModule); absent: no WebGPU */
  gpuStepBackendModule?: string;
  /** --checkpoint DIR (existing folder), every N simulated frames, and --resume */
  checkpoint?: { folder: string; every: number; resume: boolean };
  /** --allow-long: bake even when the estimate is above MAX_RUN_SECONDS */
  allowLong?: boolean;
}

/** The bake's answer: the GLB, the report, and where it resumed from (null: from the start). */
export interface BakeTaskOutput {
  bytes: Uint8Array;
  report: BakeReport;
  resumedAt: number | null;
}

/**
 * Reads and bakes the input.
 *
 * @param task      input path, options, where the GPU backend lives, checkpointing
 * @param progress  receives each BakeProgress
 * @param signal    aborted when the main thread asks the bake to stop (then a checkpoint is written first)
 * @returns the output GLB bytes and the report
 */
export async function bakeTask(task: BakeTaskInput, progress: (progress: BakeProgress) => void, signal?: AbortSignal): Promise<BakeTaskOutput> {
  const source = await gltfFileSource(task.input);
  // The estimate comes with the import stage, before any simulation: the one rule for runs the machine cannot finish.
  const onProgress = (report: BakeProgress) => {
    if (report.stage === 'import' && report.etaSeconds !== null) {
      runTimeWarning(report.etaSeconds, {
        file: task.input,
        what: 'this bake',
        why: 'estimated from its lattices, frames, substeps and iterations',
        lower: BAKE_LOWER,
        allowLong: task.allowLong === true,
      });
    }
    progress(report);
  };
  const options: BakeOptions = { ...task.options, onProgress, signal };
  let resumedAt: number | null = null;
  const file = task.checkpoint ? join(task.checkpoint.folder, CHECKPOINT_FILE) : null;
  if (task.checkpoint && file) {
    const inputHash = createHash('sha256').update(source.bytes).digest('hex');
    options.checkpoint = { every: task.checkpoint.every, save: (checkpoint) => writeFileAtomic(file, serialize({ inputHash, checkpoint })) };
    if (task.checkpoint.resume) {
      // No checkpoint yet (the task was stopped before its first one): bake from the start.
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (exists) {
        const saved = await readRegularFile(file);
        let content: { inputHash?: unknown; checkpoint?: BakeCheckpoint };
        try {
          content = deserialize(saved) as typeof content;
        } catch {
          throw new CliError(file, 'not an Overlap bake checkpoint (it cannot be read)');
        }
        if (content.inputHash !== inputHash)
          throw new CliError(file, `this checkpoint was written for another version of ${task.input}: bake again without --resume`);
        if (!content.checkpoint) throw new CliError(file, 'not an Overlap bake checkpoint');
        options.resume = content.checkpoint;
        resumedAt = content.checkpoint.next;
      }
    }
  }
  const stepBackend = await stepBackendFor(task.options.backend ?? 'cpu', task.gpuStepBackendModule);
  // Exact intersection checks beside the bake (contact's input checks, the export's replay checks) where the machine
  // has cores to spare (DEFAULT_CHECK_WORKERS); its workers start only for a bake with contact. The bytes are the same.
  const checkPool = DEFAULT_CHECK_WORKERS > 0 ? nodeCheckPool(DEFAULT_CHECK_WORKERS) : undefined;
  try {
    const { bytes, report } = await bake(source, { ...options, stepBackend, checkPool });
    return { bytes, report, resumedAt };
  } catch (error) {
    // A checkpoint whose content fails its check against this bake: bad input, named by its file.
    if (error instanceof BakeCheckpointError && file) throw new CliError(file, error.message);
    throw error;
  } finally {
    stepBackend.dispose();
    await checkPool?.close();
  }
}
