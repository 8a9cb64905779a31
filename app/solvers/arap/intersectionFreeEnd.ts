import { intersectionChecker } from '../../intersection/index.ts';
import { createContactList } from './contactList.ts';
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
 *                   resort may not add self-intersections either (app/intersection's exact count, compared with the
 *                   larger of the start's and the one before the last resort: self-crossings the edit made while
 *                   self-contact was off stay the artist's, but moving a few points back alone folded the test bar's
 *                   surface through itself, 5 crossings, where no collider would see it).
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
  /** Self-intersections of the surface at pointPositions (as newIntersections left them) and the points involved. */
  const selfIntersections = (): { count: number; points: Set<number> } => {
    const result = surface!.check([pointPositions]);
    const involved = new Set<number>();
    for (const f of result.triangles[0]) for (let i = 0; i < 3; i++) involved.add(surfaceTriangles![3 * f + i]);
    return { count: result.total, points: involved };
  };
  let selfAllowed = Infinity;
  for (let round = 0; round < 40; round++) {
    const found = newIntersections();
    if (surface) {
      if (round === 0 && found.count > 0) {
        const before = selfIntersections().count;
        contactPointPositions(points, start, pointPositions);
        selfAllowed = Math.max(before, selfIntersections().count);
        contactPointPositions(points, positions, pointPositions);
      }
      const self = selfAllowed < Infinity ? selfIntersections() : null;
      if (self && self.count > selfAllowed) for (const p of self.points) found.points.add(p);
      else if (found.count === 0) break;
    } else if (found.count === 0) break;
    for (const p of found.points) {
      for (let e = points.offsets[p]; e < points.offsets[p + 1]; e++) {
        const v = 3 * points.vertices[e];
        for (let c = 0; c < 3; c++) positions[v + c] = start[v + c] + 0.5 * (positions[v + c] - start[v + c]);
      }
    }
    if (round === 0) stats.revertedPoints = found.points.size;
  }
  stats.intersections = newIntersections().count;
  return stats;
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
