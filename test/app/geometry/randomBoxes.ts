import { boxBvh, type BoxBvh } from '../../../app/geometry/index.ts';
import { random } from '../../helpers/random.ts';

/** #N random boxes in a unit cube, sides up to `size` (seeded, so a failure repeats). */
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

/** randomBoxes(count, size, seed) and a boxBvh built over them. */
export function randomTree(count: number, size: number, seed: number): { boxes: Float64Array; tree: BoxBvh } {
  const boxes = randomBoxes(count, size, seed);
  const tree = boxBvh();
  tree.build(boxes, count);
  return { boxes, tree };
}
