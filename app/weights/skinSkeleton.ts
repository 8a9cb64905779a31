import type { ImportedHierarchy, ImportedMesh } from '../io/index.ts';

/** A mesh's skeleton in its bind space, and its skin per welded vertex. */
export interface SkinSkeleton {
  /** #J joints of the skin, in the skin's order */
  jointCount: number;
  /** #J node names ('' when unnamed) */
  names: string[];
  /** #J×3 bind positions [m] */
  positions: Float64Array;
  /** #J parent joint within the skin, −1 for a root of the skin */
  parents: Int32Array;
  /**
   * #J×3 where the surface each joint dominates ends along its bone's direction (from its parent): where a leaf bone
   * ends (the top of a head, a tail's tip, the fingertips); the joint's own position when it dominates nothing
   */
  tips: Float64Array;
  /** K, influences per welded vertex */
  influencesPerVertex: number;
  /** #V×K joint of each influence */
  vertexJoints: Uint32Array;
  /** #V×K weight of each influence (normalized, 0 for unused slots) */
  vertexJointWeights: Float32Array;
}

/**
 * The skeleton of a skinned mesh as the default weights read it: joint bind positions (the translation of each
 * inverse-bind matrix's inverse, glTF 2.0 §3.7.3: the IBM maps bind space to the joint's local space), parents
 * within the skin, the skin of each welded vertex (that of its representative render vertex), and how far each
 * joint's surface reaches.
 *
 * \note glTF joints have no tails. A bone is taken to run from the joint to the end of the surface it dominates,
 * found along its parent bone's direction (or toward its region's centroid for a root): the centroid of the
 * dominated vertices within 5% of the farthest one. The head's bone ends at the crown (past the ears' joints), a
 * tail's last bone at its tip, a hand's at the fingertips. Joints without a surface region end where they start.
 *
 * @param mesh       the imported mesh (restPositions, topology and skin in its bind space)
 * @param hierarchy  the scene's node hierarchy (joint parents, names)
 * @returns the skeleton, or null for an unskinned mesh
 */
export function skinSkeleton(mesh: ImportedMesh, hierarchy: ImportedHierarchy): SkinSkeleton | null {
  const skin = mesh.skin;
  if (!skin) return null;
  const { topology } = mesh;
  const jointCount = skin.jointNodeIndices.length;
  const positions = new Float64Array(3 * jointCount);
  for (let j = 0; j < jointCount; j++) inverseTranslation(skin.inverseBindMatrices, 16 * j, positions, 3 * j);
  const jointOfNode = new Map<number, number>();
  skin.jointNodeIndices.forEach((node, j) => jointOfNode.set(node, j));
  const parents = new Int32Array(jointCount).fill(-1);
  for (let j = 0; j < jointCount; j++) {
    const parent = jointOfNode.get(hierarchy.parentIndices[skin.jointNodeIndices[j]]);
    if (parent === undefined || parent === j) continue;
    parents[j] = parent;
  }
  const names = Array.from(skin.jointNodeIndices, (node) => hierarchy.nodes[node].getName() ?? '');

  const K = skin.influencesPerVertex;
  const V = topology.vertexCount;
  const vertexJoints = new Uint32Array(V * K);
  const vertexJointWeights = new Float32Array(V * K);
  for (let v = 0; v < V; v++) {
    const r = topology.simulationToRender[v];
    for (let i = 0; i < K; i++) {
      vertexJoints[v * K + i] = skin.joints[r * K + i];
      vertexJointWeights[v * K + i] = skin.weights[r * K + i];
    }
  }

  // Tips: the farthest reach, along the bone direction, of the vertices each joint dominates.
  const tips = Float64Array.from(positions);
  const reach = new Float64Array(jointCount);
  const centroid = new Float64Array(3 * jointCount);
  const dominated = new Uint32Array(jointCount);
  const direction = new Float64Array(3 * jointCount);
  for (let j = 0; j < jointCount; j++) {
    const p = parents[j];
    if (p < 0) continue;
    const dx = positions[3 * j] - positions[3 * p],
      dy = positions[3 * j + 1] - positions[3 * p + 1],
      dz = positions[3 * j + 2] - positions[3 * p + 2];
    const length = Math.hypot(dx, dy, dz);
    if (length > 0) direction.set([dx / length, dy / length, dz / length], 3 * j);
  }
  const dominant = new Int32Array(V).fill(-1);
  for (let v = 0; v < V; v++) {
    let best = 0;
    for (let i = 0; i < K; i++) {
      if (vertexJointWeights[v * K + i] > best) {
        best = vertexJointWeights[v * K + i];
        dominant[v] = vertexJoints[v * K + i];
      }
    }
    const j = dominant[v];
    if (j < 0) continue;
    dominated[j]++;
    for (let c = 0; c < 3; c++) centroid[3 * j + c] += topology.positions[3 * v + c];
  }
  for (let j = 0; j < jointCount; j++) {
    if (dominated[j] === 0) continue;
    if (direction[3 * j] === 0 && direction[3 * j + 1] === 0 && direction[3 * j + 2] === 0) {
      const dx = centroid[3 * j] / dominated[j] - positions[3 * j];
      const dy = centroid[3 * j + 1] / dominated[j] - positions[3 * j + 1];
      const dz = centroid[3 * j + 2] / dominated[j] - positions[3 * j + 2];
      const length = Math.hypot(dx, dy, dz);
      if (length > 0) direction.set([dx / length, dy / length, dz / length], 3 * j);
    }
  }
  const along = new Float64Array(V);
  for (let v = 0; v < V; v++) {
    const j = dominant[v];
    if (j < 0) continue;
    along[v] =
      (topology.positions[3 * v] - positions[3 * j]) * direction[3 * j] +
      (topology.positions[3 * v + 1] - positions[3 * j + 1]) * direction[3 * j + 1] +
      (topology.positions[3 * v + 2] - positions[3 * j + 2]) * direction[3 * j + 2];
    reach[j] = Math.max(reach[j], along[v]);
  }
  // The tip: the centroid of the end cap, the dominated vertices within 5% of the reach of the farthest one (the crown
  // of a head, the tip of a tail), so the bone ends on the surface even where the part curls away from its direction.
  const cap = new Float64Array(3 * jointCount);
  const capCount = new Uint32Array(jointCount);
  for (let v = 0; v < V; v++) {
    const j = dominant[v];
    if (j < 0 || !(reach[j] > 0) || along[v] < 0.95 * reach[j]) continue;
    capCount[j]++;
    for (let c = 0; c < 3; c++) cap[3 * j + c] += topology.positions[3 * v + c];
  }
  for (let j = 0; j < jointCount; j++) {
    if (capCount[j] > 0) for (let c = 0; c < 3; c++) tips[3 * j + c] = cap[3 * j + c] / capCount[j];
  }
  return { jointCount, names, positions, parents, tips, influencesPerVertex: K, vertexJoints, vertexJointWeights };
}

/** Translation of the inverse of a column-major affine 4×4 matrix: −M₃⁻¹·t. */
function inverseTranslation(m: ArrayLike<number>, o: number, out: Float64Array, k: number): void {
  const a = m[o],
    b = m[o + 4],
    c = m[o + 8];
  const d = m[o + 1],
    e = m[o + 5],
    f = m[o + 9];
  const g = m[o + 2],
    h = m[o + 6],
    i = m[o + 10];
  const tx = m[o + 12],
    ty = m[o + 13],
    tz = m[o + 14];
  const A = e * i - f * h,
    B = f * g - d * i,
    C = d * h - e * g;
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
