import type { JointRole } from './jointRoles.ts';
import type { ShellRole } from './sceneShells.ts';
import type { SkinSkeleton } from './skinSkeleton.ts';

/** A separate shell as the summary lists it: its own region. */
export interface SummaryShell {
  /** its name in the report: "shell 3" (component 3 of the mesh), or "mesh" when the whole mesh is one */
  name: string;
  /** welded vertices */
  vertices: ArrayLike<number>;
  role: ShellRole;
  /** why, in an animator's words */
  reason: string;
}

/** One region of a weight map: a joint's surface, a separate shell, or a whole unskinned mesh. */
export interface WeightsRegion {
  /** the joint's name (its index when unnamed), "shell N" (component N), "mesh", or "rigid part of NODE" */
  region: string;
  /** index of the joint in the skin, when the region is a joint's */
  joint?: number;
  /**
   * what the region does: the joint's role (jointRoles, for the default map), a separate shell's (sceneShells: `part`,
   * `glued`, `gear`; for every map: a shell's motion does not depend on where its weights came from), "rigid" (a whole
   * mesh that is a rigid part of a rig, rigidPartDriver), or absent for a joint of a painted map
   */
  role?: JointRole | ShellRole | 'rigid';
  /** a separate shell's: why it does what it does ("gear on pelvis (body): swings from where it meets its host") */
  reason?: string;
  /** welded vertices in the region */
  vertexCount: number;
  min: number;
  mean: number;
  max: number;
}

/**
 * A per-region summary of a weight map, for the bake report and the app: each welded vertex counts in the region of
 * the joint with its largest skin weight, or in its separate shell's, and each region gives its vertex count and the
 * min, mean and max weight (rounded to 1e-4, a summary to read). Regions without vertices are left out; joint regions
 * come in skin order, shells last, in the order given. An unskinned mesh is one region, "mesh" (its shells apart).
 *
 * @param values    #V weights per welded vertex
 * @param skeleton  skinSkeleton of the mesh, or null when unskinned
 * @param roles     #J role per joint (from the default), or null for a painted map
 * @param shells    the mesh's separate shells (sceneShells), or null
 * @returns the regions
 */
export function weightsSummary(
  values: ArrayLike<number>,
  skeleton: SkinSkeleton | null,
  roles: readonly JointRole[] | null,
  shells: readonly SummaryShell[] | null,
): WeightsRegion[] {
  const jointRegions = skeleton?.jointCount ?? 1;
  const regionCount = jointRegions + (shells?.length ?? 0);
  const shellOf = new Int32Array(values.length).fill(-1);
  shells?.forEach((shell, i) => {
    for (let k = 0; k < shell.vertices.length; k++) shellOf[shell.vertices[k]] = i;
  });
  const count = new Uint32Array(regionCount);
  const sum = new Float64Array(regionCount);
  const min = new Float64Array(regionCount).fill(Infinity);
  const max = new Float64Array(regionCount).fill(-Infinity);
  for (let v = 0; v < values.length; v++) {
    let region = 0;
    if (shellOf[v] >= 0) region = jointRegions + shellOf[v];
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
    if (r >= jointRegions) {
      const shell = shells![r - jointRegions];
      regions.push({ region: shell.name, role: shell.role, reason: shell.reason, ...stats });
    } else if (!skeleton) regions.push({ region: 'mesh', ...stats });
    else regions.push({ region: skeleton.names[r] || `joint ${r}`, joint: r, ...(roles ? { role: roles[r] } : {}), ...stats });
  }
  return regions;
}

const round = (x: number): number => Math.round(x * 1e4) / 1e4;
