import type { WeldedTopology } from '../geometry/index.ts';
import type { JointRole } from './jointRoles.ts';
import type { SkinSkeleton } from './skinSkeleton.ts';

/** A shell much smaller than this fraction of the reference size is an accessory whatever its skin. */
const TINY = 0.1;
/** A shell smaller than this fraction, bound to no appendage joint, is an accessory (eyes, a visor, a buckle). */
const SMALL = 0.25;
/** A shell bound to one or two joints and smaller than this fraction rides its joints rigidly (a helmet, a boot). */
const RIGID_BOUND = 0.5;
/** A joint binds a shell when it holds at least this share of the shell's skin weight. */
const BINDING_SHARE = 0.05;

/**
 * The welded vertices that belong to separate small shells and accessories (eyes, a visor, buckles, straps, a
 * helmet or boots modelled as their own pieces), which follow their host rigidly: weight 0. A connected component
 * of the surface is such a shell when, with D its bounding-box diagonal and S the reference size (the largest
 * shell's diagonal, or the skeleton's size when larger, so a mesh that is only a visor still compares with the
 * character):
 *   D < 0.1·S, or (bound to ≤ 2 joints and D < 0.5·S), or (D < 0.25·S and bound to no appendage joint).
 * "Bound" joints hold ≥ 5% of the shell's skin weight. An unskinned mesh's pieces follow only the first rule (a
 * morph-animated piece is the animation itself, not an accessory); its largest piece is never one.
 *
 * @param topology      the mesh's welded topology (components, bind positions [m])
 * @param skeleton      its skeleton and welded skin, or null when unskinned
 * @param roles         #J role per joint (jointRoles), or null
 * @param skeletonSize  size of the skeleton [m] (0 when unskinned)
 * @returns #V 1 where a vertex lies on a rigid shell, else 0
 */
export function rigidShells(topology: WeldedTopology, skeleton: SkinSkeleton | null, roles: readonly JointRole[] | null, skeletonSize: number): Uint8Array {
  const { vertexCount, componentCount, componentOfVertex, positions } = topology;
  const result = new Uint8Array(vertexCount);
  if (componentCount === 0) return result;
  const min = new Float64Array(3 * componentCount).fill(Infinity);
  const max = new Float64Array(3 * componentCount).fill(-Infinity);
  const counts = new Uint32Array(componentCount);
  for (let v = 0; v < vertexCount; v++) {
    const c = componentOfVertex[v];
    if (c >= componentCount) continue; // an isolated vertex
    counts[c]++;
    for (let k = 0; k < 3; k++) {
      min[3 * c + k] = Math.min(min[3 * c + k], positions[3 * v + k]);
      max[3 * c + k] = Math.max(max[3 * c + k], positions[3 * v + k]);
    }
  }
  const diagonal = Float64Array.from({ length: componentCount }, (_, c) =>
    Math.hypot(max[3 * c] - min[3 * c], max[3 * c + 1] - min[3 * c + 1], max[3 * c + 2] - min[3 * c + 2]),
  );
  const reference = Math.max(skeletonSize, ...diagonal);
  if (!(reference > 0)) return result;

  // Skin weight per (component, joint).
  const shares: Map<number, number>[] = Array.from({ length: componentCount }, () => new Map());
  if (skeleton) {
    const K = skeleton.influencesPerVertex;
    for (let v = 0; v < vertexCount; v++) {
      const c = componentOfVertex[v];
      if (c >= componentCount) continue;
      for (let i = 0; i < K; i++) {
        const w = skeleton.vertexJointWeights[v * K + i];
        if (w > 0) shares[c].set(skeleton.vertexJoints[v * K + i], (shares[c].get(skeleton.vertexJoints[v * K + i]) ?? 0) + w);
      }
    }
  }
  const rigid = new Uint8Array(componentCount);
  for (let c = 0; c < componentCount; c++) {
    const D = diagonal[c];
    const bound = [...shares[c]].filter(([, w]) => w >= BINDING_SHARE * counts[c]).map(([j]) => j);
    const onAppendage = roles !== null && bound.some((j) => roles[j] === 'appendage');
    const fewJoints = skeleton !== null && bound.length <= 2;
    // Unskinned pieces have no host to follow but the node, and a morph-animated piece is the animation itself:
    // only tiny ones count as accessories.
    rigid[c] = D < TINY * reference || (skeleton !== null && ((fewJoints && D < RIGID_BOUND * reference) || (D < SMALL * reference && !onAppendage))) ? 1 : 0;
  }
  for (let v = 0; v < vertexCount; v++) {
    const c = componentOfVertex[v];
    if (c < componentCount) result[v] = rigid[c];
  }
  return result;
}
