import type { GpuVbdStepperData, VertexSection } from './types.ts';
import { sectionRange } from './vertexDataLayout.ts';

/**
 * Writes one vertexData section, rounded to f32 (tests set a kernel's inputs with it; GpuVbdStepper.writeSection).
 *
 * @param data     the stepper
 * @param section  the section
 * @param values   #V×3 for the vector sections, #V for the scalars (attachmentStiffness, pinned, ...)
 * @throws Error when `values` has the wrong length
 */
export function writeSection(data: GpuVbdStepperData, section: VertexSection, values: ArrayLike<number>): void {
  const [start, length] = sectionRange(data.vertexCount, section);
  if (values.length !== length) throw new Error(`writeSection: ${section} takes ${length} numbers, got ${values.length}`);
  data.device.queue.writeBuffer(data.vertexData, 4 * start, Float32Array.from(values));
}
