import { triangleNormal } from './triangleNormal.ts';

/**
 * How many triangles of a deformed surface face the other way than in a reference pose of the same mesh: those
 * whose normal n = (b − a) × (c − a) has a negative dot product with the reference's (a triangle turned inside out,
 * the fold of a spike or a crumple). Triangles degenerate in either pose are not counted, nor, when the rest pose is
 * given, triangles the reference itself crushes below `crushed` of their rest area: the rig has already folded those
 * (Fox.glb's Run squeezes some hip triangles to 3% of their area), so their facing is not the input's to keep. The
 * bake compares its output with the input animation at the same time, so only flips the input does not have count.
 *
 * @param triangles  #T×3 vertex indices
 * @param reference  #V×3 positions of the reference pose [m]
 * @param deformed   #V×3 positions to check [m]
 * @param rest       #V×3 rest positions [m], or null to count every flip
 * @param crushed    area ratio reference/rest below which a triangle is not counted (default 0.05)
 * @param marks      #T, optional: 1 for each counted triangle, 0 for the others (the bake's flip guard)
 * @returns the number of flipped triangles
 */
export function flippedTriangleCount(
  triangles: ArrayLike<number>,
  reference: ArrayLike<number>,
  deformed: ArrayLike<number>,
  rest: ArrayLike<number> | null = null,
  crushed = 0.05,
  marks?: Uint8Array,
): number {
  const n = _n;
  const m = _m;
  let count = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    if (marks) marks[t / 3] = 0;
    triangleNormal(reference, triangles[t], triangles[t + 1], triangles[t + 2], n);
    triangleNormal(deformed, triangles[t], triangles[t + 1], triangles[t + 2], m);
    if (!(n[0] * m[0] + n[1] * m[1] + n[2] * m[2] < 0)) continue;
    if (rest) {
      const area = Math.hypot(n[0], n[1], n[2]);
      triangleNormal(rest, triangles[t], triangles[t + 1], triangles[t + 2], m);
      if (area < crushed * Math.hypot(m[0], m[1], m[2])) continue;
    }
    count++;
    if (marks) marks[t / 3] = 1;
  }
  return count;
}

const _n = new Float64Array(3);
const _m = new Float64Array(3);
