import type { ChainProfile, JointRole } from '../jointRoles.ts';
import type { SkinSkeleton } from '../skinSkeleton.ts';
import { arcLengths, chainPolyline, mainChain } from './jointChains.ts';
import type { LimbTrunk } from './limbTrunk.ts';
import { APPENDAGE_WORDS, EXTREMITY_WORDS, SHORT_CHAIN, SPREAD, THIN, type JointRolesData } from './types.ts';

/** The roles step 5 assigns: per joint, and the chain profiles of limbs and appendages. */
export interface BranchRoles {
  /** #J role of each joint */
  roles: JointRole[];
  /** #J index into `profiles` of the chain a `limb` or `appendage` joint belongs to, −1 otherwise */
  profileOfJoint: Int32Array;
  /** the chains' weight profiles, in the order classified */
  profiles: ChainProfile[];
}

/** What classifyBranch reads and writes. */
interface BranchState extends BranchRoles {
  data: JointRolesData;
  /** #J 1 for the first joint of a limb (limbTrunk) */
  limbFirst: Uint8Array;
}

/**
 * Step 5 of jointRoles: classifies every branch off the trunk (breadth-first from the core), then what hangs off
 * those branches (see jointRoles' header); the joints of other skin trees (no path to the core) are soft volume, like
 * the trunk.
 *
 * @param data   the skeleton's surface, tree rooted at the core and mirror plane
 * @param trunk  limbTrunk's trunk and limb starts
 */
export function branchRoles(data: JointRolesData, { trunk, limbFirst }: LimbTrunk): BranchRoles {
  const J = data.skeleton.jointCount;
  const roles: JointRole[] = Array.from({ length: J }, (_, j) => (trunk[j] ? 'body' : 'minor'));
  const state: BranchState = { data, limbFirst, roles, profileOfJoint: new Int32Array(J).fill(-1), profiles: [] };
  for (const j of data.order) {
    if (!trunk[j]) continue;
    for (const c of data.children[j]) if (!trunk[c]) classifyBranch(state, c, 'trunk');
  }
  // Joints of other skin trees (no path to the core) are soft volume, like the trunk.
  for (let j = 0; j < J; j++) if (data.tree[j] !== data.mainTree) roles[j] = data.area[j] > data.minorArea ? 'body' : 'minor';
  return { roles, profileOfJoint: state.profileOfJoint, profiles: state.profiles };
}

/** Classifies the branch that starts at `first` (see jointRoles' header); `context` is what it hangs off. */
function classifyBranch(state: BranchState, first: number, context: 'trunk' | 'hanging' | 'limb'): void {
  const { data, limbFirst, roles, profileOfJoint, profiles } = state;
  const { outParent, subtreeArea, children, area, minorArea, size, mirrored, nameHints, skeleton } = data;
  const host = outParent[first];
  if (subtreeArea[first] <= minorArea) {
    assignSubtree(state, first, 'minor');
    return;
  }
  if (context === 'limb') {
    assignSubtree(state, first, 'extremity'); // fingers, toes: rigid with the hand or foot
    return;
  }
  const chain = mainChain(data, first);
  const inChain = new Set(chain);
  const points = chainPolyline(data, host, chain);
  const along = arcLengths(points);
  const length = along[along.length - 1];
  const hangingOff = (role: 'hanging' | 'limb'): void => {
    for (const j of chain) for (const c of children[j]) if (!inChain.has(c)) classifyBranch(state, c, role);
  };
  const limbLike = context === 'trunk' && limbFirst[first] === 1 && !(!mirrored && nameHints && hinted(skeleton, chain, APPENDAGE_WORDS));
  if (context === 'trunk' && !limbLike && length < SHORT_CHAIN * size) {
    assignSubtree(state, first, 'body');
    return;
  }
  if (!limbLike && isAppendage(data, chain, points, length)) {
    // The rise starts where the chain leaves its host (its first joint: a tail's base, an ear's root) and a tenth of
    // the way out: the root stays with its host, and smoothing does not carry weight onto a rigid head.
    profiles.push({ points: Float64Array.from(points.flat()), shape: 'rise', from: along[1] + 0.1 * (length - along[1]), to: length });
    for (const j of chain) {
      roles[j] = area[j] > 0 ? 'appendage' : 'minor';
      profileOfJoint[j] = profiles.length - 1;
    }
    hangingOff('hanging');
    return;
  }
  if (context === 'hanging') {
    // Off a head or a tail without being an appendage itself (a jaw, an eye, a bone-less ear): rigid with it.
    for (const j of chain) roles[j] = area[j] > minorArea ? 'extremity' : 'minor';
    hangingOff('hanging');
    return;
  }
  if (limbLike) {
    // Soft at the base (thigh, upper arm), 0 from the middle of the limb on (knee, elbow and beyond).
    profiles.push({ points: Float64Array.from(points.flat()), shape: 'fade', from: 0, to: 0.5 * length });
    chain.forEach((j, k) => {
      if (along[k + 1] >= 0.5 * length) roles[j] = area[j] > minorArea ? 'extremity' : 'minor';
      else {
        roles[j] = 'limb';
        profileOfJoint[j] = profiles.length - 1;
      }
    });
    hangingOff('limb');
    return;
  }
  // An extremity chain off the trunk: its last joint that carries surface is rigid (the head), the joints before
  // it fade from the trunk's softness to 0 at it (the neck).
  let blob = chain.length - 1;
  while (blob > 0 && area[chain[blob]] <= minorArea) blob--;
  if (blob > 0) profiles.push({ points: Float64Array.from(points.slice(0, blob + 2).flat()), shape: 'fade', from: 0.5 * along[blob + 1], to: along[blob + 1] });
  chain.forEach((j, k) => {
    if (k < blob) {
      roles[j] = 'limb';
      profileOfJoint[j] = profiles.length - 1;
    } else roles[j] = k === blob ? 'extremity' : 'minor';
  });
  hangingOff('hanging');
}

function assignSubtree(state: BranchState, j: number, role: JointRole): void {
  state.roles[j] = role;
  for (const c of state.data.children[j]) assignSubtree(state, c, role);
}

function words(skeleton: SkinSkeleton, j: number): string[] {
  return skeleton.names[j]
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
}

function hinted(skeleton: SkinSkeleton, chain: number[], set: Set<string>): boolean {
  return chain.some((j) => words(skeleton, j).some((w) => set.has(w)));
}

/** The appendage test (see jointRoles' header), on a branch's main chain. */
function isAppendage(data: JointRolesData, chain: number[], points: number[][], length: number): boolean {
  const { area, minorArea, mirrored, nameHints, skeleton } = data;
  const carrying = chain.filter((j) => area[j] > minorArea);
  if (!mirrored && nameHints) {
    if (hinted(skeleton, chain, APPENDAGE_WORDS)) return carrying.length >= 1;
    if (hinted(skeleton, chain, EXTREMITY_WORDS)) return false;
  }
  if (carrying.length < 2) return false;
  const chainArea = carrying.reduce((sum, j) => sum + area[j], 0);
  if (area[carrying[carrying.length - 1]] >= SPREAD * chainArea) return false;
  if (!(length > 0)) return false;
  return meanDistanceToPolyline(skeleton, data.positions, data.vertexAreas, new Set(chain), points) <= THIN * length;
}

/** Area-weighted mean distance to the polyline of the vertices skinned to the chain (by their skin weight on it). */
function meanDistanceToPolyline(
  skeleton: SkinSkeleton,
  positions: ArrayLike<number>,
  vertexAreas: ArrayLike<number>,
  chain: Set<number>,
  points: number[][],
): number {
  const K = skeleton.influencesPerVertex;
  let sum = 0;
  let weight = 0;
  for (let v = 0; v < vertexAreas.length; v++) {
    let share = 0;
    for (let i = 0; i < K; i++) if (chain.has(skeleton.vertexJoints[v * K + i])) share += skeleton.vertexJointWeights[v * K + i];
    if (share <= 0) continue;
    const x = positions[3 * v],
      y = positions[3 * v + 1],
      z = positions[3 * v + 2];
    let best = Infinity;
    for (let s = 1; s < points.length; s++) {
      const a = points[s - 1];
      const ux = points[s][0] - a[0],
        uy = points[s][1] - a[1],
        uz = points[s][2] - a[2];
      const l2 = ux * ux + uy * uy + uz * uz;
      const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - a[0]) * ux + (y - a[1]) * uy + (z - a[2]) * uz) / l2)) : 0;
      best = Math.min(best, Math.hypot(x - a[0] - t * ux, y - a[1] - t * uy, z - a[2] - t * uz));
    }
    sum += share * vertexAreas[v] * best;
    weight += share * vertexAreas[v];
  }
  return weight > 0 ? sum / weight : 0;
}
