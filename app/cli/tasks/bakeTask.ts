/**
 * The bake, as `overlap bake` runs it in a worker thread (runInWorker): reads the input (gltfFileSource: a bounded
 * regular file, resources by the one rule for files a glTF names), chooses where the VBD step runs (stepBackendFor),
 * and bakes. Returns the GLB and the report; the main thread writes them.
 */
import { bake, type BakeOptions, type BakeProgress, type BakeReport } from '../../bake/index.ts';
import { gltfFileSource } from '../../io/node/index.ts';
import { stepBackendFor } from '../stepBackendFor.ts';

/** What the main thread sends: the input path and the bake options without functions (signal, onProgress, stepBackend). */
export interface BakeTaskInput {
  input: string;
  options: Omit<BakeOptions, 'signal' | 'onProgress' | 'stepBackend'>;
  /** URL of the module that makes WebGPU step backends (CliServices.gpuStepBackendModule); absent: no WebGPU */
  gpuStepBackendModule?: string;
}

/**
 * Reads and bakes the input.
 *
 * @param task      input path, options and where the GPU backend lives
 * @param progress  receives each BakeProgress
 * @returns the output GLB bytes and the report
 */
export async function bakeTask(task: BakeTaskInput, progress: (progress: BakeProgress) => void): Promise<{ bytes: Uint8Array; report: BakeReport }> {
  const source = await gltfFileSource(task.input);
  const stepBackend = await stepBackendFor(task.options.backend ?? 'cpu', task.gpuStepBackendModule);
  try {
    const { bytes, report } = await bake(source, { ...task.options, stepBackend, onProgress: progress });
    return { bytes, report };
  } finally {
    stepBackend.dispose();
  }
}
