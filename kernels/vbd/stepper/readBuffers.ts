import type { ModelLayoutField } from '../packVbdModel.ts';
import type { GpuVbdStepperData, VertexSection } from './types.ts';
import { sectionRange, VERTEX_DATA_SECTIONS } from './vertexDataLayout.ts';

/** Every buffer the kernels write, as read back by readBuffers. */
export interface StepperBuffers {
  /** #V×3 [m] */
  positions: Float32Array;
  /** each vertexData section (#V×3 or #V) */
  sections: Record<VertexSection, Float32Array>;
  /** #T×9 [1/m] */
  tetRestShapeInverse: Float32Array;
  /** the whole reductions buffer (sections at layout's scheduleStart, resultsStart, debugStart) */
  reductions: Float32Array;
  skippedSolves: number;
  clampedRestTets: number;
  truncated: number;
  /** a copy of the modelLayout words */
  layout: Record<ModelLayoutField, number>;
}

/**
 * Reads every buffer the kernels write (waits for the GPU; tests compare them with the CPU twins): positions,
 * vertexData sections, rest shapes, reductions, counters. Each read goes through its own staging buffer, so it may
 * run beside the step's own readback.
 *
 * @param data  the stepper
 * @returns the buffers' contents
 */
export async function readBuffers(data: GpuVbdStepperData): Promise<StepperBuffers> {
  const read = async (buffer: GPUBuffer): Promise<ArrayBuffer> => {
    const staging = data.device.createBuffer({ size: buffer.size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    const encoder = data.device.createCommandEncoder();
    encoder.copyBufferToBuffer(buffer, 0, staging, 0, buffer.size);
    data.device.queue.submit([encoder.finish()]);
    await staging.mapAsync(GPUMapMode.READ);
    const copy = staging.getMappedRange().slice(0);
    staging.destroy();
    return copy;
  };
  const [positions, vertexData, reductions, counters, restShape] = await Promise.all(
    [data.positions, data.vertexData, data.reductions, data.counters, data.restShape].map(read),
  );
  const all = new Float32Array(vertexData);
  const sections = {} as Record<VertexSection, Float32Array>;
  for (const section of VERTEX_DATA_SECTIONS) {
    const [start, length] = sectionRange(data.vertexCount, section);
    sections[section] = all.slice(start, start + length);
  }
  const [skippedSolves, clampedRestTets, truncated] = new Uint32Array(counters);
  return {
    positions: new Float32Array(positions, 0, 3 * data.vertexCount),
    sections,
    tetRestShapeInverse: new Float32Array(restShape, 0, 9 * data.model.tetCount),
    reductions: new Float32Array(reductions),
    skippedSolves,
    clampedRestTets,
    truncated,
    layout: { ...data.layout },
  };
}
