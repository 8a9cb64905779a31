// Measurements of a weight map that the weights tests share: regions by dominant joint, a profile along a line of
// the surface, stripes (dips along a line, jumps across edges) and islands (craters and spikes).
import { vertexAreas } from '../../../app/geometry/index.ts';
import type { ImportedMesh } from '../../../app/io/index.ts';
import type { SkinSkeleton } from '../../../app/weights/index.ts';

/** Welded vertices whose largest skin weight is on one of the named joints. */
export function dominatedBy(skeleton: SkinSkeleton, names: readonly string[]): number[] {
  const joints = new Set(names.map((name) => skeleton.names.indexOf(name)));
  const K = skeleton.influencesPerVertex;
  const result: number[] = [];
  for (let v = 0; v < skeleton.vertexJoints.length / K; v++) {
    let best = -1;
    let joint = -1;
    for (let i = 0; i < K; i++) {
      if (skeleton.vertexJointWeights[v * K + i] > best) {
        best = skeleton.vertexJointWeights[v * K + i];
        joint = skeleton.vertexJoints[v * K + i];
      }
    }
    if (joints.has(joint)) result.push(v);
  }
  return result;
}

/**
 * A line over the surface: vertices within `band` of the mirror plane (coordinate `lateral` = 0) and past `beyond`
 * toward `outward` (the belly's side of the spine), bucketed by coordinate `along` between `from` and `to` into
 * `bins`, in each bin the one farthest toward `outward` (the front of a belly, the underside of a quadruped).
 * Returns the vertex of each non-empty bin, in order.
 */
export function surfaceLine(
  positions: ArrayLike<number>,
  lateral: number,
  band: number,
  along: number,
  from: number,
  to: number,
  outward: number[],
  beyond: number,
  bins: number,
  vertices?: number[],
): number[] {
  const best = new Int32Array(bins).fill(-1);
  const score = new Float64Array(bins).fill(-Infinity);
  const candidates = vertices ?? Array.from({ length: positions.length / 3 }, (_, v) => v);
  for (const v of candidates) {
    if (Math.abs(positions[3 * v + lateral]) > band) continue;
    const t = (positions[3 * v + along] - from) / (to - from);
    if (t < 0 || t >= 1) continue;
    const bin = Math.floor(t * bins);
    const s = outward[0] * positions[3 * v] + outward[1] * positions[3 * v + 1] + outward[2] * positions[3 * v + 2];
    if (s > beyond && s > score[bin]) {
      score[bin] = s;
      best[bin] = v;
    }
  }
  return Array.from(best).filter((v) => v >= 0);
}

/** The deepest dip along a profile: max over i of min(max before i, max after i) − w_i (0 for a unimodal profile). */
export function deepestDip(profile: number[]): number {
  let dip = 0;
  for (let i = 0; i < profile.length; i++) {
    const before = Math.max(...profile.slice(0, i + 1));
    const after = Math.max(...profile.slice(i));
    dip = Math.max(dip, Math.min(before, after) - profile[i]);
  }
  return dip;
}

/** The largest weight difference across one edge of the mesh. */
export function largestEdgeJump(mesh: ImportedMesh, values: ArrayLike<number>): number {
  const { edges } = mesh.topology;
  let jump = 0;
  for (let e = 0; e < edges.length; e += 2) jump = Math.max(jump, Math.abs(values[edges[e]] - values[edges[e + 1]]));
  return jump;
}

/** One island of a weight map: a connected piece of the low set {w < t} or the high set {w ≥ t}, t half the map's maximum. */
export interface Island {
  high: boolean;
  vertexCount: number;
  /** share of its shell's surface area */
  areaShare: number;
  /** its lowest (low set) or highest (high set) weight */
  extreme: number;
  /** a vertex of it, to name in messages */
  vertex: number;
  /** the highest weight within two edges outside a high island, the lowest outside a low one */
  rim: number;
}

/**
 * Connected pieces of the low and high sets of a weight map within each shell (a piece that is a whole shell is no
 * island), with what surrounds each within two edges.
 */
export function islands(mesh: ImportedMesh, values: ArrayLike<number>): Island[] {
  const { vertexCount, edges, triangles, positions: p, componentOfVertex } = mesh.topology;
  let max = 0;
  for (let v = 0; v < vertexCount; v++) max = Math.max(max, values[v]);
  const threshold = 0.5 * max;
  const area = vertexAreas(p, triangles, vertexCount);
  const shellArea = new Map<number, number>();
  for (let v = 0; v < vertexCount; v++) shellArea.set(componentOfVertex[v], (shellArea.get(componentOfVertex[v]) ?? 0) + area[v]);
  const neighbors: number[][] = Array.from({ length: vertexCount }, () => []);
  for (let e = 0; e < edges.length; e += 2) {
    neighbors[edges[e]].push(edges[e + 1]);
    neighbors[edges[e + 1]].push(edges[e]);
  }
  const result: Island[] = [];
  const seen = new Uint8Array(vertexCount);
  for (let start = 0; start < vertexCount; start++) {
    if (seen[start]) continue;
    const high = values[start] >= threshold;
    const stack = [start];
    seen[start] = 1;
    let count = 0;
    let sum = 0;
    let extreme = values[start];
    const members: number[] = [];
    while (stack.length > 0) {
      const v = stack.pop()!;
      members.push(v);
      count++;
      sum += area[v];
      extreme = high ? Math.max(extreme, values[v]) : Math.min(extreme, values[v]);
      for (const u of neighbors[v]) {
        if (!seen[u] && values[u] >= threshold === high) {
          seen[u] = 1;
          stack.push(u);
        }
      }
    }
    const share = sum / (shellArea.get(componentOfVertex[start]) ?? 1);
    if (share >= 1 - 1e-9) continue;
    const inside = new Set(members);
    const ring = new Set<number>();
    for (const v of members) for (const u of neighbors[v]) if (!inside.has(u)) ring.add(u);
    for (const u of [...ring]) for (const x of neighbors[u]) if (!inside.has(x)) ring.add(x);
    let rim = high ? -Infinity : Infinity;
    for (const u of ring) rim = high ? Math.max(rim, values[u]) : Math.min(rim, values[u]);
    result.push({ high, vertexCount: count, areaShare: share, extreme, vertex: start, rim });
  }
  return result;
}

/**
 * The craters and spikes among a map's islands (see islands): a crater is a deep, small low island (reaching below a
 * quarter of the maximum, less than 10% of its shell: a pit in a soft region, not a rigid head or hand); a spike a
 * high island standing alone (reaching above three quarters of the maximum with everything within two edges below
 * a quarter: not the tip of a ramp such as a tail's).
 */
export function cratersAndSpikes(mesh: ImportedMesh, values: ArrayLike<number>): Island[] {
  let max = 0;
  for (let v = 0; v < values.length; v++) max = Math.max(max, values[v]);
  return islands(mesh, values).filter((i) => (i.high ? i.extreme >= 0.75 * max && i.rim < 0.25 * max : i.extreme <= 0.25 * max && i.areaShare < 0.1));
}
