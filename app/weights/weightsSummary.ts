import type { JointRole } from './jointRoles.ts';
import type { SkinSkeleton } from './skinSkeleton.ts';

/** One region of a weight map: a joint's surface, the separate shells, or a whole unskinned mesh. */
export interface WeightsRegion {
  /** the joint's name (its index when unnamed), "separate shells", "mesh", or "rigid part of NODE" */
  region: string;
  /** index of the joint in the skin, when the region is a joint's */
  joint?: number;
  /**
   * what the default made of the region: the joint's role (jointRoles), "shell" (rigidShells), "rigid" (a whole mesh
   * that is a rigid part of a rig, rigidPartDriver), or absent for painted maps
   */
  role?: JointRole | 'shell' | 'rigid';
  /** welded vertices in the region */
  vertexCount: number;
  min: number;
  mean: number;
  max: number;
}

/**
 * A per-region summary of a weight map, for the bake report and the app: each welded vertex counts in the region of
 * the joint with its largest skin weight (or in "separate shells" when `shells` marks it), and each region gives
 * its vertex count and the min, mean and max weight (rounded to 1e-4, a summary to read). Regions without vertices are left out; joint regions come in
 * skin order, shells last. An unskinned mesh is one region, "mesh".
 *
 * @param values    #V weights per welded vertex
 * @param skeleton  skinSkeleton of the mesh, or null when unskinned
 * @param roles     #J role per joint (from the default), or null for a painted map
 * @param shells    #V 1 on separate small shells (from the default), or null
 * @returns the regions
 */
export function weightsSummary(values: ArrayLike<number>, skeleton: SkinSkeleton | null, roles: readonly JointRole[] | null, shells: ArrayLike<number> | null): WeightsRegion[] {
  const regionCount = (skeleton?.jointCount ?? 1) + 1;
  const shellRegion = regionCount - 1;
  const count = new Uint32Array(regionCount);
  const sum = new Float64Array(regionCount);
  const min = new Float64Array(regionCount).fill(Infinity);
  const max = new Float64Array(regionCount).fill(-Infinity);
  for (let v = 0; v < values.length; v++) {
    let region = 0;
    if (shells && shells[v]) region = shellRegion;
    else if (skeleton) {
      const K = skeleton.influencesPerVertex;
      let best = -1;
      for (let i = 0; i < K; i++) {
        if (skeleton.vertexJointWeights[v * K + i] > best) {
          best = skeleton.vertexJointWeights[v * K + i];
          region = skeleton.vertexJoints[v * K + i];
        }
      }
    }
    count[region]++;
    sum[region] += values[v];
    min[region] = Math.min(min[region], values[v]);
    max[region] = Math.max(max[region], values[v]);
  }
  const regions: WeightsRegion[] = [];
  for (let r = 0; r < regionCount; r++) {
    if (count[r] === 0) continue;
    const stats = { vertexCount: count[r], min: round(min[r]), mean: round(sum[r] / count[r]), max: round(max[r]) };
    if (r === shellRegion) regions.push({ region: 'separate shells', role: 'shell', ...stats });
    else if (!skeleton) regions.push({ region: 'mesh', ...stats });
    else regions.push({ region: skeleton.names[r] || `joint ${r}`, joint: r, ...(roles ? { role: roles[r] } : {}), ...stats });
  }
  return regions;
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;
