import type { GpuVbdStepperData } from './types.ts';

/**
 * Writes the positions or the tets' D_m⁻¹ the next dispatches read, rounded to f32 (tests; GpuVbdStepper.writeArray).
 * Rest shapes written this way replace the model's until a step call restores them (encodeRestShape).
 *
 * @param data    the stepper
 * @param name    'positions' (#V×3 [m]) or 'tetRestShapeInverse' (#T×9 [1/m])
 * @param values  the numbers
 * @throws Error when `values` has the wrong length
 */
export function writeArray(data: GpuVbdStepperData, name: 'positions' | 'tetRestShapeInverse', values: ArrayLike<number>): void {
  const expected = name === 'positions' ? 3 * data.vertexCount : 9 * data.model.tetCount;
  if (values.length !== expected) throw new Error(`writeArray: ${name} takes ${expected} numbers, got ${values.length}`);
  if (expected === 0) return;
  data.device.queue.writeBuffer(name === 'positions' ? data.positions : data.restShape, 0, Float32Array.from(values));
  if (name === 'tetRestShapeInverse') data.restShapeIsModel = false;
}
