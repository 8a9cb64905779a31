import type { SkinSkeleton } from '../skinSkeleton.ts';

/** The surface each joint carries and the skeleton's size (jointRoles step 1). */
export interface JointSurface {
  /** #J Σ_v w_vj · a_v [m²] */
  area: Float64Array;
  /** Σ_v a_v [m²] */
  totalArea: number;
  /** bounding-box diagonal of the joints and bone tips, or of the vertices when that is 0 [m] */
  size: number;
}

/**
 * Step 1 of jointRoles: per joint, the surface it carries, A_j = Σ_v w_vj · a_v (skin weight × vertex area), and
 * the size of the skeleton.
 *
 * @param skeleton     the mesh's skeleton and welded skin
 * @param positions    #V×3 bind positions of the welded vertices [m]
 * @param vertexAreas  #V area per vertex [m²]
 */
export function jointSurface(skeleton: SkinSkeleton, positions: ArrayLike<number>, vertexAreas: ArrayLike<number>): JointSurface {
  const J = skeleton.jointCount;
  const K = skeleton.influencesPerVertex;
  const vertexCount = vertexAreas.length;
  const area = new Float64Array(J);
  let totalArea = 0;
  for (let v = 0; v < vertexCount; v++) {
    totalArea += vertexAreas[v];
    for (let i = 0; i < K; i++) area[skeleton.vertexJoints[v * K + i]] += skeleton.vertexJointWeights[v * K + i] * vertexAreas[v];
  }
  const size = boundsDiagonal(skeleton.positions, skeleton.tips) || boundsDiagonal(positions);
  return { area, totalArea, size };
}

/** Bounding-box diagonal of the points of one or more #N×3 arrays (0 when there are none). */
function boundsDiagonal(...arrays: ArrayLike<number>[]): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const array of arrays) {
    for (let i = 0; i < array.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], array[i + c]);
        max[c] = Math.max(max[c], array[i + c]);
      }
    }
  }
  const d = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  return Number.isFinite(d) ? d : 0;
}
