import { vertexAreas, type WeldedTopology } from '../geometry/index.ts';
import { jointRoles, type ChainProfile, type JointRoles } from './jointRoles.ts';
import { rigidShells } from './rigidShells.ts';
import type { SkinSkeleton } from './skinSkeleton.ts';

/** Options of animatorWeights. */
export interface AnimatorWeightsOptions {
  /** weight of the softest body volume (the belly's front), in [0, 1]; default 0.6 */
  softWeight?: number;
  /** weight at the tip of an appendage (a tail's tip), in [0, 1]; default 0.85 */
  appendageWeight?: number;
  /** let joint names break ties where the skeleton has no mirror plane (jointRoles); default true */
  nameHints?: boolean;
  /**
   * passes of neighbour averaging over the surface, rigid parts held at 0; default: enough to diffuse over about 7.5%
   * of the mesh's size (about 1.5 cells of the default lattice), 2·(0.075·size / mean edge length)², between 1 and 400
   */
  smoothingPasses?: number;
  /** weight of a piece of gear (sceneShells' `gear`: a pouch, a plate), in [0, 1]; default 0.6 (meshBlendWeights) */
  gearWeight?: number;
  /**
   * #V 1 on the vertices of separate shells decided elsewhere (sceneShells: parts, glued and gear, which this leaves at
   * 0); default: rigidShells' rule on this mesh alone
   */
  shells?: Uint8Array;
}

/** The default map and what it was made from. */
export interface AnimatorWeights {
  /** #V weights per welded vertex, in [0, 1] */
  values: Float32Array;
  /** the skeleton's joint roles, or null for an unskinned mesh */
  roles: JointRoles | null;
  /** #V 1 on separate small shells (rigidShells), which are 0 */
  shells: Uint8Array;
}

/** Quantile of the body's distances to the bones that counts as fully soft. */
const SOFT_REACH_QUANTILE = 0.9;

const smoothstep = (x: number): number => {
  const t = Math.min(1, Math.max(0, x));
  return t * t * (3 - 2 * t);
};

/**
 * The default physics-blend weights: what an animator paints first when nobody painted anything.
 *
 *   w_v = (1 − smoothstep(2·r_v)) · Σ_k s_vk · g_{j_k}(x_v)    (s_vk the vertex's skin weights on joints j_k,
 *                                                              r_v its share on rigid joints)
 *
 * with a per-joint function g_j by the joint's role (jointRoles):
 * - body:       g = softWeight · smoothstep(d(x)/R): soft volumes (belly, chest, buttocks) rise with the distance
 *               d from the bones, R the 90th percentile of d over the body (scale-free);
 * - limb:       the same, times a fade along the limb's chain from 1 at its base to 0 at its middle (thighs and
 *               upper arms a little soft, knees, shins, feet, elbows, forearms and hands at 0), or along a neck to
 *               0 at the head;
 * - appendage:  g = appendageWeight · smoothstep((s(x) − s₀)/(L − s₀)), s the arc length of x's closest point on
 *               the chain's polyline, s₀ at its first joint (where it leaves its host), L at its tip: follow-through
 *               rising from base to tip (tails, ears, hair);
 * - extremity and minor (head, hands, feet, bones with little surface): g = 0, and the blend is further scaled by
 *               1 − smoothstep(2·r), r the vertex's skin share on such joints: a vertex at least half bound to a
 *               rigid part is 0 whatever its other joints say.
 * Vertices on separate small shells (options.shells, else rigidShells: eyes, visor, buckles) are 0. A few passes of neighbour averaging
 * over the surface, with every vertex that is 0 held there (rigid parts, limbs past their fade), take out what a
 * hard-skinned rig would leave as steps between bones.
 *
 * Smooth where the rig is: the skin weights blend the per-joint functions across every joint, and each function
 * is continuous in x and agrees with its neighbours' where they meet (a limb's fade starts at the body's value, an
 * appendage starts from 0 where the body near its bone is 0), so there is no stripe at a joint boundary (the
 * skin-dominance factor of the former default dipped at each), and no bone is extended into the surface (the former
 * default's crater on top of a head).
 *
 * An unskinned mesh: g = softWeight · smoothstep(d/R) with d the distance to its pivot (the node origin) when the
 * pivot lies within the mesh's bounds, else to its centroid: a core that follows, and soft further out.
 *
 * Scale-free: every length is measured against the mesh's own (R, chain lengths, shell sizes), so the same
 * character in meters and in centimeters gets the same weights.
 *
 * @param topology  the welded topology (bind positions [m], triangles, edges, components)
 * @param skeleton  skinSkeleton of the mesh, or null when unskinned
 * @param options   softWeight, appendageWeight, nameHints, smoothingPasses
 * @returns the weights, the joint roles and the shell mask
 */
export function animatorWeights(topology: WeldedTopology, skeleton: SkinSkeleton | null, options: AnimatorWeightsOptions = {}): AnimatorWeights {
  const softWeight = options.softWeight ?? 0.6;
  const appendageWeight = options.appendageWeight ?? 0.85;
  const { vertexCount, positions } = topology;
  const areas = vertexAreas(positions, topology.triangles, vertexCount);
  const roles = skeleton ? jointRoles(skeleton, positions, areas, { nameHints: options.nameHints }) : null;
  const shells = options.shells ?? rigidShells(topology, skeleton, roles?.roles ?? null, roles?.size ?? 0);
  if (shells.length !== vertexCount) throw new RangeError(`animatorWeights: ${shells.length} shell flags for ${vertexCount} vertices`);
  const values = new Float32Array(vertexCount);
  const pinned = Uint8Array.from(shells);

  if (!skeleton || !roles) {
    const core = pivotOrCentroid(positions, areas);
    const distances = Float64Array.from({ length: vertexCount }, (_, v) =>
      Math.hypot(positions[3 * v] - core[0], positions[3 * v + 1] - core[1], positions[3 * v + 2] - core[2]),
    );
    const reach = quantile(distances, shells, SOFT_REACH_QUANTILE);
    for (let v = 0; v < vertexCount; v++) values[v] = shells[v] ? 0 : softWeight * smoothstep(reach > 0 ? distances[v] / reach : 0);
  } else {
    const K = skeleton.influencesPerVertex;
    const distances = boneDistances(positions, skeleton, roles);
    // R: the reach of the soft body (vertices mostly skinned to body joints), else of the whole surface.
    const body = new Uint8Array(vertexCount);
    let bodyCount = 0;
    for (let v = 0; v < vertexCount; v++) {
      let share = 0;
      for (let i = 0; i < K; i++) if (roles.roles[skeleton.vertexJoints[v * K + i]] === 'body') share += skeleton.vertexJointWeights[v * K + i];
      if (share >= 0.5 && !shells[v]) {
        body[v] = 1;
        bodyCount++;
      }
    }
    const reach = quantile(distances, bodyCount > 0 ? Uint8Array.from(body, (b) => 1 - b) : shells, SOFT_REACH_QUANTILE);
    for (let v = 0; v < vertexCount; v++) {
      if (shells[v]) continue;
      const soft = softWeight * smoothstep(reach > 0 ? distances[v] / reach : 0);
      let w = 0;
      let total = 0;
      let rigid = true;
      let rigidShare = 0;
      for (let i = 0; i < K; i++) {
        const s = skeleton.vertexJointWeights[v * K + i];
        if (!(s > 0)) continue;
        total += s;
        const j = skeleton.vertexJoints[v * K + i];
        const role = roles.roles[j];
        if (role === 'extremity' || role === 'minor') {
          rigidShare += s;
          continue;
        }
        rigid = false;
        const profile = roles.profileOfJoint[j] >= 0 ? roles.profiles[roles.profileOfJoint[j]] : null;
        if (role === 'appendage' && profile) w += s * appendageWeight * (1 - fade(profile, arcLengthOnProfile(profile, positions, v)));
        else if (role === 'limb' && profile) w += s * soft * fade(profile, arcLengthOnProfile(profile, positions, v));
        else w += s * soft;
      }
      if (total === 0) {
        w = soft; // no skin: treat as body
        rigid = false;
      }
      // A vertex half bound to a rigid part belongs to it: 0 from a half share on, easing in below (the lower head
      // of a creature whose head joint sits at eye level, the root of an ear).
      values[v] = total > 0 ? (w / total) * (1 - smoothstep((2 * rigidShare) / total)) : w;
      // What is 0 stays 0 (rigid parts, and limbs past their fade): smoothing must not carry weight onto a head.
      if (rigid || values[v] === 0) pinned[v] = 1;
    }
  }
  const passes = options.smoothingPasses ?? defaultPasses(topology, roles?.size ?? 0);
  smoothOverSurface(topology, values, pinned, passes);
  for (let v = 0; v < vertexCount; v++) values[v] = Math.min(1, Math.max(0, values[v]));
  return { values, roles, shells };
}

/** A profile's fade at arc length s: 1 before `from`, smoothly 0 at `to` (a 'rise' is 1 − fade). */
function fade(profile: ChainProfile, s: number): number {
  if (!(profile.to > profile.from)) return s < profile.to ? 1 : 0;
  return 1 - smoothstep((s - profile.from) / (profile.to - profile.from));
}

/**
 * Distance from each vertex to the nearest bone that carries surface: parent → joint for every joint whose parent
 * carries surface, and the first half of each joint's reach (skinSkeleton tips; staying inside the part it ends in).
 */
function boneDistances(positions: ArrayLike<number>, skeleton: SkinSkeleton, roles: JointRoles): Float64Array {
  const P = skeleton.positions;
  const segments: number[] = [];
  for (let j = 0; j < skeleton.jointCount; j++) {
    const p = skeleton.parents[j];
    if (p >= 0 && roles.area[p] > 0) segments.push(P[3 * p], P[3 * p + 1], P[3 * p + 2], P[3 * j], P[3 * j + 1], P[3 * j + 2]);
    if (roles.area[j] > 0) {
      const tip = [0, 1, 2].map((c) => P[3 * j + c] + 0.5 * (skeleton.tips[3 * j + c] - P[3 * j + c]));
      segments.push(P[3 * j], P[3 * j + 1], P[3 * j + 2], tip[0], tip[1], tip[2]);
    }
  }
  const vertexCount = positions.length / 3;
  const distances = new Float64Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) {
    const x = positions[3 * v],
      y = positions[3 * v + 1],
      z = positions[3 * v + 2];
    let best = Infinity;
    for (let s = 0; s < segments.length; s += 6) {
      const ax = segments[s],
        ay = segments[s + 1],
        az = segments[s + 2];
      const ux = segments[s + 3] - ax,
        uy = segments[s + 4] - ay,
        uz = segments[s + 5] - az;
      const l2 = ux * ux + uy * uy + uz * uz;
      const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * ux + (y - ay) * uy + (z - az) * uz) / l2)) : 0;
      const dx = x - ax - t * ux,
        dy = y - ay - t * uy,
        dz = z - az - t * uz;
      best = Math.min(best, dx * dx + dy * dy + dz * dz);
    }
    distances[v] = Number.isFinite(best) ? Math.sqrt(best) : 0;
  }
  return distances;
}

/** Arc length, from the chain's base, of the point of the chain's polyline closest to vertex v. */
function arcLengthOnProfile(profile: ChainProfile, positions: ArrayLike<number>, v: number): number {
  const q = profile.points;
  const x = positions[3 * v],
    y = positions[3 * v + 1],
    z = positions[3 * v + 2];
  let best = Infinity;
  let bestArc = 0;
  let arc = 0;
  for (let s = 3; s < q.length; s += 3) {
    const ax = q[s - 3],
      ay = q[s - 2],
      az = q[s - 1];
    const ux = q[s] - ax,
      uy = q[s + 1] - ay,
      uz = q[s + 2] - az;
    const l2 = ux * ux + uy * uy + uz * uz;
    const length = Math.sqrt(l2);
    const t = l2 > 0 ? Math.min(1, Math.max(0, ((x - ax) * ux + (y - ay) * uy + (z - az) * uz) / l2)) : 0;
    const d = Math.hypot(x - ax - t * ux, y - ay - t * uy, z - az - t * uz);
    if (d < best) {
      best = d;
      bestArc = arc + t * length;
    }
    arc += length;
  }
  return bestArc;
}

/** The q-quantile of values over the vertices not excluded. */
function quantile(values: Float64Array, excluded: Uint8Array, q: number): number {
  const kept = values.filter((_, v) => !excluded[v]).sort();
  if (kept.length === 0) return 0;
  return kept[Math.min(kept.length - 1, Math.max(0, Math.ceil(q * kept.length) - 1))];
}

/** The node origin when it lies within the mesh's bounds (a pivot the artist placed), else the area centroid. */
function pivotOrCentroid(positions: ArrayLike<number>, areas: Float64Array): number[] {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const centroid = [0, 0, 0];
  let total = 0;
  for (let v = 0; v < areas.length; v++) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], positions[3 * v + c]);
      max[c] = Math.max(max[c], positions[3 * v + c]);
      centroid[c] += areas[v] * positions[3 * v + c];
    }
    total += areas[v];
  }
  if ([0, 1, 2].every((c) => min[c] <= 0 && 0 <= max[c])) return [0, 0, 0];
  return total > 0 ? centroid.map((x) => x / total) : [0, 0, 0];
}

/**
 * Passes that diffuse over about 7.5% of the size: n passes of ½-averaging spread like a random walk of n/2 steps,
 * √(n/2) edges; solved for 0.075·size (at least 1, at most 400 passes). 7.5% of the diagonal is about 1.5 cells of the
 * default lattice (12 cells along the longest side): a weight that falls from soft to 0 within less than a cell meets
 * the pinned cells at the rigid part in a kink the piecewise-linear lattice shows as a crease (seen in Blender renders
 * of the sample's landing, frame 24: a band under the face at 3%, none at 7.5%).
 */
function defaultPasses(topology: WeldedTopology, skeletonSize: number): number {
  const { edges, positions: p } = topology;
  if (edges.length === 0) return 1;
  let total = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let e = 0; e < edges.length; e += 2) {
    const a = 3 * edges[e],
      b = 3 * edges[e + 1];
    total += Math.hypot(p[a] - p[b], p[a + 1] - p[b + 1], p[a + 2] - p[b + 2]);
  }
  for (let i = 0; i < p.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      min[c] = Math.min(min[c], p[i + c]);
      max[c] = Math.max(max[c], p[i + c]);
    }
  }
  const size = Math.max(skeletonSize, Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]));
  const edgeLength = total / (edges.length / 2);
  if (!(edgeLength > 0)) return 1;
  return Math.min(400, Math.max(1, Math.round(2 * ((0.075 * size) / edgeLength) ** 2)));
}

/** Jacobi passes of w ← ½w + ½·mean(neighbours) over the surface's edges; pinned vertices keep their value. */
function smoothOverSurface(topology: WeldedTopology, values: Float32Array, pinned: Uint8Array, passes: number): void {
  const { edges, vertexCount } = topology;
  const sums = new Float64Array(vertexCount);
  const degree = new Uint32Array(vertexCount);
  for (let e = 0; e < edges.length; e += 2) {
    degree[edges[e]]++;
    degree[edges[e + 1]]++;
  }
  for (let pass = 0; pass < passes; pass++) {
    sums.fill(0);
    for (let e = 0; e < edges.length; e += 2) {
      sums[edges[e]] += values[edges[e + 1]];
      sums[edges[e + 1]] += values[edges[e]];
    }
    for (let v = 0; v < vertexCount; v++) if (!pinned[v] && degree[v] > 0) values[v] = 0.5 * values[v] + (0.5 * sums[v]) / degree[v];
  }
}
