/** Random axis-aligned boxes for the broad-phase tests, seeded so that a failure repeats. */
import { random } from './random.ts';

/**
 * #N random boxes in a unit cube, sides up to `size`.
 *
 * @returns #N×6 boxes (min xyz, max xyz)
 */
export function randomBoxes(count: number, size: number, seed: number): Float64Array {
  const next = random(seed);
  const boxes = new Float64Array(6 * count);
  for (let i = 0; i < count; i++) {
    for (let axis = 0; axis < 3; axis++) {
      const lo = next();
      boxes[6 * i + axis] = lo;
      boxes[6 * i + 3 + axis] = lo + size * next();
    }
  }
  return boxes;
}
