import { inputRegions, type InputRegions } from '../../intersection/index.ts';
import { newIntersectionRegions } from '../../intersection/index.ts';
import { regionTopology } from '../../intersection/index.ts';
import { meanEdgeLength, vertexNeighbours } from '../../geometry/index.ts';
import { intersectionChecker } from '../../intersection/index.ts';
import { createContactList } from './contactList.ts';
import { distanceHeap, type DistanceHeap } from './distanceHeap.ts';
import { contactPointPositions } from './contactPointPositions.ts';
import type { ArapCollider, ArapContactList, ArapContactPoints } from './types.ts';

/** What intersectionFreeEnd had to do. */
export interface IntersectionFreeEndStats {
  /** local/global iterations run while new intersections remained */
  iterations: number;
  /** new intersections those iterations left (before the projection and the last resort) */
  unresolved: number;
  /** contact points pushed out of point-wise colliders (planes) along their normals */
  projectedPoints: number;
  /** contact points moved back toward their start by the last resort */
  revertedPoints: number;
  /** new intersections at the end (0 unless the start itself was unresolvable) */
  intersections: number;
}

/**
 * The end of an ARAP edit as issue 12 asks for it: "an edit must end with no intersection that the mesh did not have
 * before the edit". With the colliders already begun at the edit's start (begin(): what the mesh looked like), it
 * runs more local/global iterations while new intersections remain (at most `maxIterations`, default 50), then pushes the points still inside
 * a point-wise collider (one without begin: planes) out along the contact normal, and as the last resort moves the
 * contact points still involved back toward where they started, halving their departure until nothing new
 * intersects (40 halvings at most: by then they are at the start, which had no new intersection by definition).
 * With the surface's triangles (surfaceTriangles) the last resort takes a neighbourhood along with them, its share
 * falling smoothly (½(1 + cos πd/ρ) at a distance d along the surface's edges at the start) to 0 at ρ, 2.5 times the
 * involved points' largest departure (at least two mean edges): moving the involved points alone tore the layered
 * test character's back plate at the release of a dragged arm (36 points halved back toward the start while their
 * neighbours stayed: edges stretched 18×); a falloff counted in rings of the mean edge still stretched the fine face
 * 1.5× (its edges a fifth of the mean).
 * arapEdit (the CLI) and the app's Pose tool (its release) end every edit with it.
 *
 * @param points     the contact points (vertexContactPoints for surface ARAP)
 * @param positions  #V×3 the edit's positions [m], changed in place
 * @param start      #V×3 the positions the edit started from [m] (where the colliders were begun)
 * @param colliders  the edit's colliders, begun
 * @param iterate    one more local/global iteration that leaves its result in `positions`
 * @param skin       distance kept from point-wise colliders [m]
 * @param maxIterations  most extra iterations (default 50; the app's release uses fewer: each costs a search and a
 *                   check, and the last resort ends the edit cleanly anyway)
 * @param options    keep: maps `positions` in place to what the edit will store, before every check (the Pose tool:
 *                   the round trip through the keyed correction, poseCorrectionFromEdit then poseCorrectedPositions,
 *                   which drops displacements below a threshold); the check then runs on exactly the positions that
 *                   are kept, and `positions` holds keep's last result, the one the last check passed, on return.
 *                   Default: positions are kept as they are (the CLI writes them out).
 *                   surfaceTriangles: #F×3 triangles over the contact points (the edited surface); with them the last
 *                   resort may not add self-intersections either (app/contact's new intersection regions against
 *                   the start's input regions, at most as many as before the last resort: self-crossings the edit
 *                   made while self-contact was off stay the artist's, but moving a few points back alone folded the
 *                   test bar's surface through itself, 5 crossings, where no collider would see it; counting pairs
 *                   instead, as before issue 33, reverted points wherever the start's own crossings slid a ring).
 * @returns what was needed
 */
export function intersectionFreeEnd(
  points: ArapContactPoints,
  positions: Float64Array,
  start: ArrayLike<number>,
  colliders: readonly ArapCollider[],
  iterate: () => void,
  skin: number,
  maxIterations = 50,
  options: { keep?: (positions: Float64Array) => void; surfaceTriangles?: ArrayLike<number> } = {},
): IntersectionFreeEndStats {
  const { keep, surfaceTriangles } = options;
  const stats: IntersectionFreeEndStats = { iterations: 0, unresolved: 0, projectedPoints: 0, revertedPoints: 0, intersections: 0 };
  if (colliders.length === 0) {
    keep?.(positions);
    return stats;
  }
  const pointPositions = new Float64Array(3 * points.count);
  const inside = createContactList();
  /** New intersections of every collider at the kept positions, and the contact points involved. */
  const newIntersections = (): { count: number; points: Set<number> } => {
    const involved = new Set<number>();
    let count = 0;
    keep?.(positions);
    contactPointPositions(points, positions, pointPositions);
    for (const collider of colliders) {
      if (collider.newIntersections) {
        const found = collider.newIntersections(pointPositions);
        count += found.count;
        for (const p of found.points) involved.add(p);
      } else {
        inside.count = 0;
        collider.detect(pointPositions, 0, inside);
        count += inside.count;
        for (let c = 0; c < inside.count; c++) involved.add(inside.point[c]);
      }
    }
    return { count, points: involved };
  };
  for (let extra = 0; extra < maxIterations && newIntersections().count > 0; extra++) {
    iterate();
    stats.iterations++;
  }
  stats.unresolved = newIntersections().count;
  const stateless = colliders.filter((collider) => !collider.begin);
  if (stateless.length > 0 && stats.unresolved > 0) stats.projectedPoints = projectOut(points, positions, stateless, skin, inside, pointPositions);
  const surface = surfaceTriangles ? intersectionChecker([{ name: 'surface', triangles: surfaceTriangles, vertexCount: points.count }]) : null;
  const topology = surface ? regionTopology([{ triangles: surfaceTriangles!, vertexCount: points.count, edges: surface.edges[0] }]) : null;
  let startRegions: InputRegions | null = null;
  /**
   * New self-intersection regions of the surface at pointPositions (as newIntersections left them) against the
   * start's input regions, and the corners of their pairs.
   */
  const selfIntersections = (): { count: number; points: Set<number> } => {
    const result = surface!.check([pointPositions], { listPairs: true });
    const added = newIntersectionRegions(topology!, startRegions!, result);
    const involved = new Set<number>();
    const edges = surface!.edges[0];
    for (const i of added.pairs) {
      involved.add(edges[2 * result.pairList[i + 1]]);
      involved.add(edges[2 * result.pairList[i + 1] + 1]);
      for (let k = 0; k < 3; k++) involved.add(surfaceTriangles![3 * result.pairList[i + 3] + k]);
    }
    return { count: added.regions, points: involved };
  };
  let selfAllowed = Infinity;
  // The last resort's neighbourhood (with the surface): point rings and each point's share of the halving.
  const rings = surfaceTriangles ? vertexNeighbours(surfaceTriangles, points.count) : null;
  const meanEdge = surfaceTriangles ? meanEdgeLength(pointPositions, surfaceTriangles) : 0;
  const share = new Float64Array(points.count);
  const heap = distanceHeap();
  const startPoints = new Float64Array(3 * points.count);
  contactPointPositions(points, start, startPoints);
  for (let round = 0; round < 40; round++) {
    const found = newIntersections();
    if (surface) {
      if (round === 0 && found.count > 0) {
        contactPointPositions(points, start, pointPositions);
        startRegions = inputRegions(topology!, [surface.check([pointPositions], { listPairs: true })]);
        contactPointPositions(points, positions, pointPositions);
        selfAllowed = selfIntersections().count;
      }
      const self = selfAllowed < Infinity ? selfIntersections() : null;
      if (self && self.count > selfAllowed) for (const p of self.points) found.points.add(p);
      else if (found.count === 0) break;
    } else if (found.count === 0) break;
    if (rings && meanEdge > 0) {
      // Each vertex's departure shrinks by half its largest share among the points it carries.
      let departure = 0;
      for (const p of found.points)
        departure = Math.max(
          departure,
          Math.hypot(
            pointPositions[3 * p] - startPoints[3 * p],
            pointPositions[3 * p + 1] - startPoints[3 * p + 1],
            pointPositions[3 * p + 2] - startPoints[3 * p + 2],
          ),
        );
      smoothShares(found.points, rings.offsets, rings.neighbours, startPoints, Math.max(2 * meanEdge, 2.5 * departure), share, heap);
      const factor = new Map<number, number>();
      for (let p = 0; p < points.count; p++) {
        if (share[p] === 0) continue;
        for (let e = points.offsets[p]; e < points.offsets[p + 1]; e++) {
          const v = points.vertices[e];
          factor.set(v, Math.max(factor.get(v) ?? 0, 0.5 * share[p]));
        }
      }
      for (const [v, f] of factor) for (let c = 0; c < 3; c++) positions[3 * v + c] = start[3 * v + c] + (1 - f) * (positions[3 * v + c] - start[3 * v + c]);
    } else {
      for (const p of found.points) {
        for (let e = points.offsets[p]; e < points.offsets[p + 1]; e++) {
          const v = 3 * points.vertices[e];
          for (let c = 0; c < 3; c++) positions[v + c] = start[v + c] + 0.5 * (positions[v + c] - start[v + c]);
        }
      }
    }
    if (round === 0) stats.revertedPoints = found.points.size;
  }
  stats.intersections = newIntersections().count;
  return stats;
}

/**
 * Each point's share of the last resort's halving (intersectionFreeEnd): ½(1 + cos πd/ρ) at distance d from `seeds`
 * along the surface's edges at the start (Dijkstra), 1 on them, 0 from ρ on.
 */
function smoothShares(
  seeds: Set<number>,
  offsets: Uint32Array,
  neighbours: Uint32Array,
  at: Float64Array,
  rho: number,
  out: Float64Array,
  heap: DistanceHeap,
): void {
  out.fill(0);
  const distance = new Float64Array(out.length).fill(Infinity);
  heap.clear();
  for (const p of seeds) {
    distance[p] = 0;
    heap.push(0, p);
  }
  while (heap.size > 0) {
    const d = heap.topKey,
      p = heap.topVertex;
    heap.pop();
    if (d > distance[p]) continue;
    out[p] = 0.5 * (1 + Math.cos((Math.PI * d) / rho));
    for (let j = offsets[p]; j < offsets[p + 1]; j++) {
      const q = neighbours[j];
      const next = d + Math.hypot(at[3 * q] - at[3 * p], at[3 * q + 1] - at[3 * p + 1], at[3 * q + 2] - at[3 * p + 2]);
      if (next < rho && next < distance[q]) {
        distance[q] = next;
        heap.push(next, q);
      }
    }
  }
}

/**
 * For points a solve left inside a point-wise collider: moves the point's vertices along the contact normal by the
 * missing distance (minimal-norm over the point's weights), a few Gauss–Seidel passes. For planes this cannot push
 * another point in; returns how many points were moved.
 */
function projectOut(
  points: ArapContactPoints,
  positions: Float64Array,
  colliders: readonly ArapCollider[],
  skin: number,
  list: ArapContactList,
  pointPositions: Float64Array,
): number {
  const moved = new Set<number>();
  for (let pass = 0; pass < 8; pass++) {
    contactPointPositions(points, positions, pointPositions);
    list.count = 0;
    colliders.forEach((collider) => collider.detect(pointPositions, 0, list));
    if (list.count === 0) break;
    for (let c = 0; c < list.count; c++) {
      if (list.otherPoints[3 * c] >= 0) continue;
      const p = list.point[c];
      let norm = 0;
      for (let e = points.offsets[p]; e < points.offsets[p + 1]; e++) norm += points.weights[e] ** 2;
      if (!(norm > 0)) continue;
      const deficit = skin - list.distance[c];
      for (let e = points.offsets[p]; e < points.offsets[p + 1]; e++) {
        const v = 3 * points.vertices[e];
        const step = (deficit * points.weights[e]) / norm;
        positions[v] += step * list.normal[3 * c];
        positions[v + 1] += step * list.normal[3 * c + 1];
        positions[v + 2] += step * list.normal[3 * c + 2];
      }
      moved.add(p);
    }
  }
  return moved.size;
}
