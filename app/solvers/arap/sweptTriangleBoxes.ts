import { indexedPointsBox } from '../../geometry/index.ts';

/** Triangle f's box at `previous`, merged into its box at `points` (min and max do not depend on order). */
const previousBox = new Float64Array(6);

/**
 * The box of each triangle swept from its corners at `previous` to those at `points`, grown by r: what a point can
 * reach between two detections of surfaceSelfContact (the spatial hash's boxes). Each time's box is
 * indexedPointsBox's; the swept box is their union (rounding x − r and x + r is monotone in x, so growing each box
 * before the union gives the same numbers as growing after it). Allocation-free.
 *
 * @param triangles  #F×3 triangles over the points
 * @param F          number of triangles
 * @param points     #P×3 positions now [m]
 * @param previous   #P×3 positions at the last detection [m]
 * @param r          growth on every side [m]
 * @param boxes      out: #F×6 boxes (min xyz, max xyz) [m]
 */
export function sweptTriangleBoxes(triangles: Uint32Array, F: number, points: Float64Array, previous: Float64Array, r: number, boxes: Float64Array): void {
  for (let f = 0; f < F; f++) {
    const at = 6 * f;
    indexedPointsBox(points, triangles, 3 * f, 3, r, boxes, at);
    indexedPointsBox(previous, triangles, 3 * f, 3, r, previousBox, 0);
    for (let k = 0; k < 3; k++) {
      boxes[at + k] = Math.min(boxes[at + k], previousBox[k]);
      boxes[at + 3 + k] = Math.max(boxes[at + 3 + k], previousBox[3 + k]);
    }
  }
}
