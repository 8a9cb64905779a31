import type { FloatArray, VbdModel, VbdState } from './types.ts';

/**
 * A state for a model: positions (default: the rest shape), velocities (default: zero), and previous velocities
 * equal to the velocities (so the adaptive initialization, Eq. 3.14, sees zero acceleration on the first step).
 *
 * @param model       the VBD model
 * @param options     positions #V×3 [m], velocities #V×3 [m/s], precision of the arrays ('float64' default;
 *                    'float32' matches the GPU buffers)
 * @returns a new state owning its arrays
 */
export function createVbdState(
  model: VbdModel,
  options: { positions?: ArrayLike<number>; velocities?: ArrayLike<number>; precision?: 'float64' | 'float32' } = {},
): VbdState {
  const n = 3 * model.vertexCount;
  const make = (source?: ArrayLike<number>): FloatArray => {
    if (source && source.length !== n) throw new Error(`createVbdState: expected ${n} numbers (#V×3), got ${source.length}`);
    const array = options.precision === 'float32' ? new Float32Array(n) : new Float64Array(n);
    if (source) array.set(source);
    return array;
  };
  const velocities = make(options.velocities);
  return { positions: make(options.positions ?? model.restPositions), velocities, previousVelocities: velocities.slice() };
}
