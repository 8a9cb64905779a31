import type { SkinSkeleton } from './skinSkeleton.ts';

/**
 * What a joint's surface does under the default weights:
 * - `body`: soft volume (torso, and short bones inside it such as jiggle bones): weight grows with the distance
 *   from the bones;
 * - `limb`: soft at its base (thighs, upper arms, the base of a neck), fading to 0 toward its end;
 * - `extremity`: head, hands, feet, and what hangs off them without bones of its own: 0 (follows the animation);
 * - `appendage`: a thin, long chain (tail, ears, hair, antennae): weight rising from its base to its tip;
 * - `minor`: little or no surface (end sites, helper bones, roots): 0.
 */
export type JointRole = 'body' | 'limb' | 'extremity' | 'appendage' | 'minor';

/** How weight varies along one chain, by arc length from where the chain leaves its host. */
export interface ChainProfile {
  /** #P×3 polyline from the host joint through the chain's joints to its tip [m] */
  points: Float64Array;
  /** 'fade': 1 up to arc length `from`, smoothly 0 at `to` and beyond; 'rise': 0 up to `from`, smoothly 1 at `to` */
  shape: 'fade' | 'rise';
  from: number;
  to: number;
}

/** The roles of a skeleton's joints. */
export interface JointRoles {
  /** #J role of each joint */
  roles: JointRole[];
  /** #J index into `profiles` of the chain a `limb` or `appendage` joint belongs to, −1 otherwise */
  profileOfJoint: Int32Array;
  profiles: ChainProfile[];
  /** the joint at the centre of the skin's surface (the area centroid of the joint tree) */
  core: number;
  /** whether a mirror plane of the skeleton was found (lateral pairs tell limbs from tails) */
  mirrored: boolean;
  /** size of the skeleton: bounding-box diagonal of the joints and bone tips [m] */
  size: number;
  /** #J surface each joint carries, Σ_v w_vj · a_v [m²] */
  area: Float64Array;
}

/** Options of jointRoles. */
export interface JointRolesOptions {
  /**
   * Use joint names (tail, ear, hair, hand, foot, head, …) where geometry cannot decide: only for a skeleton without
   * a mirror plane. Default true.
   */
  nameHints?: boolean;
}

/** A chain hanging off a host counts as a limb (not a short soft-tissue bone) from this length, × skeleton size. */
const LIMB_LENGTH = 0.15;
/** Chains shorter than this (× skeleton size) inside the body are soft-tissue bones (jiggle bones, breasts). */
const SHORT_CHAIN = 0.06;
/** An appendage is thin and long: mean surface distance to its bones / its length at most this. */
const THIN = 0.35;
/** An appendage spreads its surface along its bones: its last bone holds less than this share of it. */
const SPREAD = 0.6;
/** A chain continues into a child whose subtree carries at least this share of the current joint's surface. */
const CONTINUES = 0.35;
/** Without a mirror plane, a branch holding more than this share of the surface continues the trunk. */
const TRUNK_SHARE = 0.3;
/** Mirror matches within this fraction of the skeleton's size. */
const MIRROR_TOLERANCE = 0.02;

const APPENDAGE_WORDS = new Set(['tail', 'ear', 'ears', 'hair', 'antenna', 'antennae', 'tentacle', 'braid', 'ponytail', 'whisker', 'tassel', 'feather', 'strand']);
const EXTREMITY_WORDS = new Set(['head', 'skull', 'hand', 'foot', 'feet', 'toe', 'toes', 'finger', 'thumb', 'paw', 'hoof', 'jaw', 'eye', 'palm']);

/**
 * Classifies the joints of a skeleton into the regions an animator paints first, from geometry and the skin alone
 * (names only break ties on a skeleton without a mirror plane):
 *
 * 1. Per joint, the surface it carries: A_j = Σ_v w_vj · a_v (skin weight × vertex area).
 * 2. The core: the area centroid of the joint tree (no branch off it holds more than half of the surface).
 * 3. A mirror plane (through the joints' mean, normal along an axis or a principal direction of the joints) pairs
 *    lateral joints; central joints map onto themselves.
 * 4. The trunk: the core and the central joints on the way from it to every lateral pair of long chains (limbs);
 *    without a mirror plane, to every joint where two or more long chains branch off, through branches holding more
 *    than 30% of the surface.
 * 5. Each branch off the trunk: a lateral long chain is a `limb` (fading from its base to 0 by its middle: thighs
 *    soft, knees, shins, feet and toes, forearms and hands at 0; what branches off it, fingers and toes, rigid);
 *    a short one is soft tissue (`body`); another chain is an `appendage` when it is thin and long (mean surface
 *    distance to its bones ≤ 0.35 × its length), spreads its surface over at least two bones, its last bone holding
 *    less than 60% of it (a tail; a neck carrying a head fails this, the skull being one big rigid mass), else an
 *    extremity chain whose last bone is rigid (`extremity`: the head) and whose other bones fade (`limb`: the
 *    neck). Chains hanging off extremities and appendages (ears on a head) take the same appendage test, else they
 *    are rigid with their host.
 *
 * \note Geometry decides wherever it can because names differ between rigs (Fox.glb's "b_Tail01_012", a generated
 * character's "tail.1", Mixamo's "mixamorig:Spine"); a skeleton with no mirror plane falls back to names for the
 * appendage/limb question and, without names, treats long chains that branch together as limbs (rigid ends: the
 * safe answer).
 *
 * @param skeleton     the mesh's skeleton and welded skin (skinSkeleton)
 * @param positions    #V×3 bind positions of the welded vertices [m]
 * @param vertexAreas  #V area per vertex (a third of each adjacent triangle) [m²]
 * @param options      nameHints
 * @returns roles per joint, chain profiles, the core, whether a mirror plane was found, and the skeleton's size
 */
export function jointRoles(skeleton: SkinSkeleton, positions: ArrayLike<number>, vertexAreas: ArrayLike<number>, options: JointRolesOptions = {}): JointRoles {
  const nameHints = options.nameHints ?? true;
  const J = skeleton.jointCount;
  const P = skeleton.positions;
  const K = skeleton.influencesPerVertex;
  const vertexCount = vertexAreas.length;

  // 1. Surface per joint.
  const area = new Float64Array(J);
  let totalArea = 0;
  for (let v = 0; v < vertexCount; v++) {
    totalArea += vertexAreas[v];
    for (let i = 0; i < K; i++) area[skeleton.vertexJoints[v * K + i]] += skeleton.vertexJointWeights[v * K + i] * vertexAreas[v];
  }
  const size = boundsDiagonal(skeleton.positions, skeleton.tips) || boundsDiagonal(positions);

  // 2. The core: walk from a root toward the heavier side until no branch holds more than half.
  const neighbors: number[][] = Array.from({ length: J }, () => []);
  for (let j = 0; j < J; j++) {
    const p = skeleton.parents[j];
    if (p >= 0) {
      neighbors[j].push(p);
      neighbors[p].push(j);
    }
  }
  const tree = new Int32Array(J).fill(-1);
  const treeArea: number[] = [];
  for (let j = 0; j < J; j++) {
    if (tree[j] >= 0) continue;
    const members = breadthFirst(neighbors, j).order;
    for (const k of members) tree[k] = treeArea.length;
    treeArea.push(members.reduce((sum, k) => sum + area[k], 0));
  }
  const mainTree = treeArea.indexOf(Math.max(...treeArea));
  const core = areaCentroid(neighbors, area, tree, mainTree);

  // Outward tree from the core.
  const { order, parent: outParent } = breadthFirst(neighbors, core);
  const children: number[][] = Array.from({ length: J }, () => []);
  for (const j of order) if (outParent[j] >= 0) children[outParent[j]].push(j);
  const subtreeArea = Float64Array.from(area);
  for (let q = order.length - 1; q > 0; q--) subtreeArea[outParent[order[q]]] += subtreeArea[order[q]];
  // 3. Mirror plane.
  const partner = mirrorPartners(P, J, size);
  const mirrored = partner !== null;
  const lateral = (j: number): boolean => partner !== null && partner[j] !== j;

  // Main chain of a branch: from its first joint into the heaviest child; a central chain stays central (a head's
  // ears branch off it, they do not continue it), and a chain ends at a joint whose children together carry little
  // next to it (a jaw or an eye bone hangs off a skull; it does not continue it).
  const mainChain = (first: number): number[] => {
    const chain = [first];
    for (;;) {
      const last = chain[chain.length - 1];
      const next = (lateral(last) ? children[last] : children[last].filter((c) => !lateral(c))).filter((c) => subtreeArea[c] >= CONTINUES * area[last]);
      if (next.length === 0) return chain;
      chain.push(heaviest(next, subtreeArea));
    }
  };
  // The chain as a polyline from its host through its joints, to where its last joint's surface reaches when that
  // continues outward.
  const polyline = (host: number, chain: number[]): number[][] => {
    const points = [[P[3 * host], P[3 * host + 1], P[3 * host + 2]], ...chain.map((j) => [P[3 * j], P[3 * j + 1], P[3 * j + 2]])];
    const last = chain[chain.length - 1];
    const end = [skeleton.tips[3 * last], skeleton.tips[3 * last + 1], skeleton.tips[3 * last + 2]];
    const a = points[points.length - 2];
    const b = points[points.length - 1];
    const outward = (end[0] - b[0]) * (b[0] - a[0]) + (end[1] - b[1]) * (b[1] - a[1]) + (end[2] - b[2]) * (b[2] - a[2]);
    if (outward > 0) points.push(end);
    return points;
  };
  const minorArea = 1e-3 * totalArea;

  // 4. Trunk: the core and the joints from it to where limbs attach. A limb is a long chain carrying surface that
  // hangs off a central joint and has a mirror twin; without a mirror plane, one of two or more long chains off the
  // same joint (legs and a tail off a pelvis: names, where given, tell the tail). Processed outward from the core, so
  // a chain inside a limb (the forearm) is never a limb of its own.
  const trunk = new Uint8Array(J);
  trunk[core] = 1;
  const limbFirst = new Uint8Array(J);
  const insideLimb = new Uint8Array(J);
  const longBranch = (c: number): boolean => subtreeArea[c] >= 0.01 * totalArea && arcLengths(polyline(outParent[c], mainChain(c))).at(-1)! >= LIMB_LENGTH * size;
  for (const c of order) {
    const host = outParent[c];
    if (host < 0) continue;
    if (insideLimb[host]) {
      insideLimb[c] = 1;
      continue;
    }
    if (!mirrored && trunk[host] && subtreeArea[c] > TRUNK_SHARE * totalArea) {
      trunk[c] = 1; // the heavy halves of a body, on either side of the core
      continue;
    }
    if (!longBranch(c)) continue;
    if (mirrored ? !lateral(c) || lateral(host) : children[host].filter((k) => longBranch(k) && subtreeArea[k] <= TRUNK_SHARE * totalArea).length < 2) continue;
    const path: number[] = [];
    let j = host;
    while (j >= 0 && !(mirrored && lateral(j))) {
      path.push(j);
      j = outParent[j];
    }
    if (j >= 0) continue; // hangs off a lateral joint
    limbFirst[c] = 1;
    insideLimb[c] = 1;
    for (const k of path) trunk[k] = 1;
  }

  // 5. Classify every branch off the trunk, then what hangs off those branches.
  const roles: JointRole[] = Array.from({ length: J }, (_, j) => (trunk[j] ? 'body' : 'minor'));
  const profileOfJoint = new Int32Array(J).fill(-1);
  const profiles: ChainProfile[] = [];
  const assignSubtree = (j: number, role: JointRole): void => {
    roles[j] = role;
    for (const c of children[j]) assignSubtree(c, role);
  };
  const words = (j: number): string[] =>
    skeleton.names[j]
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 0);
  const hinted = (chain: number[], set: Set<string>): boolean => chain.some((j) => words(j).some((w) => set.has(w)));

  /** The appendage test (see the header), on a branch's main chain. */
  const isAppendage = (chain: number[], points: number[][], length: number): boolean => {
    const carrying = chain.filter((j) => area[j] > minorArea);
    if (!mirrored && nameHints) {
      if (hinted(chain, APPENDAGE_WORDS)) return carrying.length >= 1;
      if (hinted(chain, EXTREMITY_WORDS)) return false;
    }
    if (carrying.length < 2) return false;
    const chainArea = carrying.reduce((sum, j) => sum + area[j], 0);
    if (area[carrying[carrying.length - 1]] >= SPREAD * chainArea) return false;
    if (!(length > 0)) return false;
    return meanDistanceToPolyline(skeleton, positions, vertexAreas, new Set(chain), points) <= THIN * length;
  };

  /** Classifies the branch that starts at `first` (see the header); `context` is what it hangs off. */
  function classifyBranch(first: number, context: 'trunk' | 'hanging' | 'limb'): void {
    const host = outParent[first];
    if (subtreeArea[first] <= minorArea) {
      assignSubtree(first, 'minor');
      return;
    }
    if (context === 'limb') {
      assignSubtree(first, 'extremity'); // fingers, toes: rigid with the hand or foot
      return;
    }
    const chain = mainChain(first);
    const inChain = new Set(chain);
    const points = polyline(host, chain);
    const along = arcLengths(points);
    const length = along[along.length - 1];
    const hangingOff = (role: 'hanging' | 'limb'): void => {
      for (const j of chain) for (const c of children[j]) if (!inChain.has(c)) classifyBranch(c, role);
    };
    const limbLike = context === 'trunk' && limbFirst[first] === 1 && !(!mirrored && nameHints && hinted(chain, APPENDAGE_WORDS));
    if (context === 'trunk' && !limbLike && length < SHORT_CHAIN * size) {
      assignSubtree(first, 'body');
      return;
    }
    if (!limbLike && isAppendage(chain, points, length)) {
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

  for (const j of order) {
    if (!trunk[j]) continue;
    for (const c of children[j]) if (!trunk[c]) classifyBranch(c, 'trunk');
  }
  // Joints of other skin trees (no path to the core) are soft volume, like the trunk.
  for (let j = 0; j < J; j++) if (tree[j] !== mainTree) roles[j] = area[j] > minorArea ? 'body' : 'minor';
  return { roles, profileOfJoint, profiles, core, mirrored, size, area };
}

/** Arc length at each point of a polyline (0 at the first). */
function arcLengths(points: number[][]): number[] {
  const along = [0];
  for (let i = 1; i < points.length; i++) along.push(along[i - 1] + Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1], points[i][2] - points[i - 1][2]));
  return along;
}

function heaviest(list: number[], subtreeArea: Float64Array): number {
  let best = list[0];
  for (const j of list) if (subtreeArea[j] > subtreeArea[best] || (subtreeArea[j] === subtreeArea[best] && j < best)) best = j;
  return best;
}

/** Breadth-first order from `start` over a forest's adjacency, with each reached joint's parent in it (−1 at start). */
function breadthFirst(neighbors: number[][], start: number): { order: number[]; parent: Int32Array } {
  const parent = new Int32Array(neighbors.length).fill(-1);
  const order = [start];
  const seen = new Uint8Array(neighbors.length);
  seen[start] = 1;
  for (let q = 0; q < order.length; q++) {
    for (const n of neighbors[order[q]]) {
      if (!seen[n]) {
        seen[n] = 1;
        parent[n] = order[q];
        order.push(n);
      }
    }
  }
  return { order, parent };
}

/** Area centroid of one tree of the joint forest: no branch off it holds more than half of the tree's surface. */
function areaCentroid(neighbors: number[][], area: Float64Array, tree: Int32Array, id: number): number {
  let start = tree.indexOf(id);
  // Root the tree at `start`, accumulate subtree areas, then walk toward any child holding more than half.
  const { order, parent } = breadthFirst(neighbors, start);
  const sub = new Float64Array(area.length);
  for (let q = order.length - 1; q >= 0; q--) {
    sub[order[q]] += area[order[q]];
    if (parent[order[q]] >= 0) sub[parent[order[q]]] += sub[order[q]];
  }
  const total = sub[start];
  for (;;) {
    const next = neighbors[start].find((n) => parent[n] === start && sub[n] > total / 2);
    if (next === undefined) return start;
    start = next;
  }
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

/**
 * The mirror partner of every joint under the best mirror plane, or null when no plane maps the joints onto
 * themselves within MIRROR_TOLERANCE × size. Planes pass through the joints' mean; normals tried: the three axes
 * and the three principal directions of the joints.
 */
function mirrorPartners(P: Float64Array, J: number, size: number): Int32Array | null {
  if (J < 2 || !(size > 0)) return null;
  const mean = [0, 0, 0];
  for (let j = 0; j < J; j++) for (let c = 0; c < 3; c++) mean[c] += P[3 * j + c] / J;
  const candidates: number[][] = [[1, 0, 0], [0, 1, 0], [0, 0, 1], ...principalDirections(P, J, mean)];
  let best: Int32Array | null = null;
  let bestError = MIRROR_TOLERANCE * size;
  let bestLateral = -1;
  for (const n of candidates) {
    const partner = new Int32Array(J);
    let worst = 0;
    let lateralCount = 0;
    for (let j = 0; j < J; j++) {
      const d = (P[3 * j] - mean[0]) * n[0] + (P[3 * j + 1] - mean[1]) * n[1] + (P[3 * j + 2] - mean[2]) * n[2];
      const r = [P[3 * j] - 2 * d * n[0], P[3 * j + 1] - 2 * d * n[1], P[3 * j + 2] - 2 * d * n[2]];
      let nearest = j;
      let distance = Infinity;
      for (let k = 0; k < J; k++) {
        const e = Math.hypot(P[3 * k] - r[0], P[3 * k + 1] - r[1], P[3 * k + 2] - r[2]);
        if (e < distance) {
          distance = e;
          nearest = k;
        }
      }
      // Central joints (on the plane) are their own partners.
      partner[j] = Math.abs(d) <= 0.5 * MIRROR_TOLERANCE * size ? j : nearest;
      if (partner[j] !== j) lateralCount++;
      worst = Math.max(worst, partner[j] === j ? 2 * Math.abs(d) : distance);
    }
    // A plane with no lateral joint explains nothing (a flat chain lies in many planes); prefer more pairs.
    if (lateralCount === 0 || worst > MIRROR_TOLERANCE * size) continue;
    if (lateralCount > bestLateral || (lateralCount === bestLateral && worst < bestError)) {
      best = partner;
      bestError = worst;
      bestLateral = lateralCount;
    }
  }
  return best;
}

/** Principal directions (unit eigenvectors of the covariance) of the joint positions, by power iteration with deflation. */
function principalDirections(P: Float64Array, J: number, mean: number[]): number[][] {
  const C = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let j = 0; j < J; j++) {
    const d = [P[3 * j] - mean[0], P[3 * j + 1] - mean[1], P[3 * j + 2] - mean[2]];
    for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) C[3 * a + b] += d[a] * d[b];
  }
  const directions: number[][] = [];
  for (let k = 0; k < 3; k++) {
    let v = [1, 0.7, 0.3];
    for (let it = 0; it < 100; it++) {
      let w = [0, 1, 2].map((a) => C[3 * a] * v[0] + C[3 * a + 1] * v[1] + C[3 * a + 2] * v[2]);
      for (const u of directions) {
        const dot = w[0] * u[0] + w[1] * u[1] + w[2] * u[2];
        w = w.map((x, a) => x - dot * u[a]);
      }
      const length = Math.hypot(w[0], w[1], w[2]);
      if (!(length > 1e-300)) break;
      v = w.map((x) => x / length);
    }
    directions.push(v);
  }
  return directions;
}

/** Area-weighted mean distance to the polyline of the vertices skinned to the chain (by their skin weight on it). */
function meanDistanceToPolyline(skeleton: SkinSkeleton, positions: ArrayLike<number>, vertexAreas: ArrayLike<number>, chain: Set<number>, points: number[][]): number {
  const K = skeleton.influencesPerVertex;
  let sum = 0;
  let weight = 0;
  for (let v = 0; v < vertexAreas.length; v++) {
    let share = 0;
    for (let i = 0; i < K; i++) if (chain.has(skeleton.vertexJoints[v * K + i])) share += skeleton.vertexJointWeights[v * K + i];
    if (share <= 0) continue;
    const x = positions[3 * v], y = positions[3 * v + 1], z = positions[3 * v + 2];
    let best = Infinity;
    for (let s = 1; s < points.length; s++) {
      const a = points[s - 1];
      const ux = points[s][0] - a[0], uy = points[s][1] - a[1], uz = points[s][2] - a[2];
      const l2 = ux * ux + uy * uy + uz * uz;
      const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - a[0]) * ux + (y - a[1]) * uy + (z - a[2]) * uz) / l2)) : 0;
      best = Math.min(best, Math.hypot(x - a[0] - t * ux, y - a[1] - t * uy, z - a[2] - t * uz));
    }
    sum += share * vertexAreas[v] * best;
    weight += share * vertexAreas[v];
  }
  return weight > 0 ? sum / weight : 0;
}
