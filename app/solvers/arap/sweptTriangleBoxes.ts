/**
 * The box of each triangle swept from its corners at `previous` to those at `points`, grown by r: what a point can
 * reach between two detections of surfaceSelfContact (the spatial hash's boxes).
 *
 * @param triangles  #F×3 triangles over the points
 * @param F          number of triangles
 * @param points     #P×3 positions now [m]
 * @param previous   #P×3 positions at the last detection [m]
 * @param r          growth on every side [m]
 * @param boxes      out: #F×6 boxes (min xyz, max xyz) [m]
 */
export function sweptTriangleBoxes(
  triangles: ArrayLike<number>,
  F: number,
  points: ArrayLike<number>,
  previous: ArrayLike<number>,
  r: number,
  boxes: Float64Array,
): void {
  for (let f = 0; f < F; f++) {
    let x0 = Infinity,
      y0 = Infinity,
      z0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity,
      z1 = -Infinity;
    for (let i = 0; i < 3; i++) {
      const v = 3 * triangles[3 * f + i];
      for (const at of [points, previous]) {
        x0 = Math.min(x0, at[v]);
        y0 = Math.min(y0, at[v + 1]);
        z0 = Math.min(z0, at[v + 2]);
        x1 = Math.max(x1, at[v]);
        y1 = Math.max(y1, at[v + 1]);
        z1 = Math.max(z1, at[v + 2]);
      }
    }
    boxes[6 * f] = x0 - r;
    boxes[6 * f + 1] = y0 - r;
    boxes[6 * f + 2] = z0 - r;
    boxes[6 * f + 3] = x1 + r;
    boxes[6 * f + 4] = y1 + r;
    boxes[6 * f + 5] = z1 + r;
  }
}
