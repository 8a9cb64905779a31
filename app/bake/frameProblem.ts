/**
 * Whether a simulated frame may be kept: every coordinate finite, and every vertex inside the region the motion can
 * reach, the box of every input pose so far grown by `margin` on each side. A vertex beyond it moved further than any
 * force in the scene can carry it (ten times the mesh's size past the animation, plus a free fall under the bake's
 * gravity): the solver diverged (ν → 0.5 reached 3e21 m). A bake stops on either problem; nothing non-finite or
 * diverged is ever written.
 *
 * @param positions  #V×3 simulated positions of the frame
 * @param boxMin     3 numbers: smallest input coordinate per axis so far
 * @param boxMax     3 numbers: largest input coordinate per axis so far
 * @param margin     how far outside the box a vertex may go [same units as positions]
 * @returns null when the frame is sound, else a sentence naming the first bad vertex
 */
export function frameProblem(positions: ArrayLike<number>, boxMin: ArrayLike<number>, boxMax: ArrayLike<number>, margin: number): string | null {
  for (let i = 0; i < positions.length; i++) {
    const x = positions[i];
    if (!Number.isFinite(x)) return `vertex ${Math.floor(i / 3)} has a non-finite position (${x})`;
    const axis = i % 3;
    const outside = Math.max(boxMin[axis] - x, x - boxMax[axis]);
    if (outside > margin) {
      return `vertex ${Math.floor(i / 3)} is ${outside.toPrecision(3)} units outside the animation's reach (${margin.toPrecision(3)}): the simulation diverged`;
    }
  }
  return null;
}
