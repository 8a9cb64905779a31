import type { ImportedHierarchy, ImportedMesh } from '../io/index.ts';

/**
 * The skeleton of a mesh as line segments in its bind space: one segment from each joint to its parent
 * joint (when the parent is a joint of the same skin), a point (zero-length segment) at every joint, so
 * roots count too, and for each leaf joint (a head, a hand, a tail tip) a segment continuing its parent
 * bone by the parent bone's length: glTF joints have no tails, and without one a head would count as
 * "far from any bone" everywhere above its joint (Blender's importer guesses bone tails the same way).
 * A joint's bind position is the translation of its inverse-bind matrix's inverse (glTF 2.0 §3.7.3:
 * the IBM maps bind space to the joint's local space).
 * An unskinned mesh gets one point at its node's origin (its pivot).
 *
 * @param mesh       the imported mesh (restPositions and skin are in its bind space)
 * @param hierarchy  the scene's node hierarchy (joint parents)
 * @returns #B×6 segments (ax, ay, az, bx, by, bz) [m]
 */
export function boneSegments(mesh: ImportedMesh, hierarchy: ImportedHierarchy): Float64Array {
  const skin = mesh.skin;
  if (!skin) return new Float64Array(6);
  const jointCount = skin.jointNodeIndices.length;
  const positions = new Float64Array(jointCount * 3);
  for (let j = 0; j < jointCount; j++) inverseTranslation(skin.inverseBindMatrices, 16 * j, positions, 3 * j);
  const jointOfNode = new Map<number, number>();
  skin.jointNodeIndices.forEach((node, j) => jointOfNode.set(node, j));
  const segments: number[] = [];
  const hasChild = new Uint8Array(jointCount);
  const parents = new Int32Array(jointCount).fill(-1);
  for (let j = 0; j < jointCount; j++) {
    const parent = jointOfNode.get(hierarchy.parentIndices[skin.jointNodeIndices[j]]);
    if (parent === undefined) continue;
    parents[j] = parent;
    hasChild[parent] = 1;
  }
  for (let j = 0; j < jointCount; j++) {
    const p = [positions[3 * j], positions[3 * j + 1], positions[3 * j + 2]];
    segments.push(...p, ...p);
    const parent = parents[j];
    if (parent < 0) continue;
    const q = [positions[3 * parent], positions[3 * parent + 1], positions[3 * parent + 2]];
    segments.push(...q, ...p);
    if (!hasChild[j]) segments.push(...p, 2 * p[0] - q[0], 2 * p[1] - q[1], 2 * p[2] - q[2]);
  }
  return Float64Array.from(segments);
}

/** Translation of the inverse of a column-major affine 4×4 matrix: −M₃⁻¹·t. */
function inverseTranslation(m: ArrayLike<number>, o: number, out: Float64Array, k: number): void {
  const a = m[o], b = m[o + 4], c = m[o + 8];
  const d = m[o + 1], e = m[o + 5], f = m[o + 9];
  const g = m[o + 2], h = m[o + 6], i = m[o + 10];
  const tx = m[o + 12], ty = m[o + 13], tz = m[o + 14];
  const A = e * i - f * h, B = f * g - d * i, C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!(Math.abs(det) > 0)) {
    out[k] = out[k + 1] = out[k + 2] = 0;
    return;
  }
  // M₃⁻¹ = adj/det; x = −M₃⁻¹ t.
  const inv = 1 / det;
  out[k] = -(A * tx + (c * h - b * i) * ty + (b * f - c * e) * tz) * inv;
  out[k + 1] = -(B * tx + (a * i - c * g) * ty + (c * d - a * f) * tz) * inv;
  out[k + 2] = -(C * tx + (b * g - a * h) * ty + (a * e - b * d) * tz) * inv;
}
