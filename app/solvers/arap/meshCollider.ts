import { boxSpatialHash } from '../../geometry/index.ts';
import { segmentBoxQuery } from '../../geometry/index.ts';
import { meanEdgeLength } from '../../geometry/index.ts';
import { generalizedWindingNumber } from '../../embedding/index.ts';
import { windingNumberTree } from '../../embedding/index.ts';
import { pointTriangleClosestPoint } from '../../geometry/index.ts';
import { intersectionChecker } from '../../intersection/index.ts';
import { pushContact } from './contactList.ts';
import { firstCrossedTriangle } from './firstCrossedTriangle.ts';
import type { ArapCollider } from './types.ts';
import { triangleNormal } from '../../geometry/index.ts';

/** Options of meshCollider. */
export interface MeshColliderOptions {
  /** distance at which a point approaching the collider makes a contact [m] (default 0.1 × the collider's mean edge) */
  radius?: number;
  /**
   * #F×3 triangles of the edited surface over the contact points (contact point = surface vertex): with them the
   * end-of-edit check is app/intersection's exact edge–triangle test between the surface and the collider; without
   * them, the contact points inside the collider
   */
  surfaceTriangles?: ArrayLike<number>;
}

/**
 * A static collider mesh for ARAP editing (seed 004 §3.5.1–3.5.2, Eqs. 3.20–3.21): another mesh of the scene, posed
 * at the edited frame, that the edited surface must not pass through. Each contact point near or inside it gets the
 * external sliding constraint n·x_p ≥ n·c, the plane of a collider triangle (c a point on it, n its normal turned to
 * the point's free side), which the point may slide along but not cross.
 * - Inside is decided as surfaceSelfContact decides it: the generalized winding number of the collider (Jacobson et
 *   al. 2013, app/embedding's fast tree, built once: the collider does not move) above ½. The constraint is the plane
 *   of the triangle the point entered through (the first one crossed along its path from its last outside position),
 *   so a point is never pushed out through the far side of a thin obstacle.
 * - A point outside but within `radius` of a triangle gets that triangle's plane, so the next global step slides it
 *   along the surface instead of carrying it through.
 * - Points inside at the start (an intersection the input already has) are left alone until they come out.
 * The proximity search is app/contact's spatial hash over the collider's triangles (built once); the end-of-edit
 * check (newIntersections) counts the exact edge–triangle intersections between the edited surface and the collider
 * against those at begin(), so existing intersections are allowed and none may be added.
 *
 * @param positions   #C×3 collider vertex positions [m] (copied)
 * @param triangles   #F×3 collider triangles (closed for the inside test; open sheets get proximity only)
 * @param pointCount  number of contact points of the edited shape
 * @param options     radius, the edited surface's triangles
 * @returns the collider
 * @throws RangeError for a triangle index outside the collider's vertices or a non-finite position
 */
export function meshCollider(positions: ArrayLike<number>, triangles: ArrayLike<number>, pointCount: number, options: MeshColliderOptions = {}): ArapCollider {
  const C = Math.floor(positions.length / 3);
  const F = Math.floor(triangles.length / 3);
  const x = Float64Array.from(positions);
  for (let i = 0; i < 3 * C; i++) if (!Number.isFinite(x[i])) throw new RangeError(`meshCollider: vertex ${Math.floor(i / 3)} has a non-finite position`);
  for (let i = 0; i < 3 * F; i++)
    if (!(triangles[i] >= 0 && triangles[i] < C)) throw new RangeError(`meshCollider: triangle ${Math.floor(i / 3)} uses vertex ${triangles[i]} of ${C}`);
  const radius = options.radius ?? (F > 0 ? 0.1 * meanEdgeLength(x, triangles) : 0);
  const tree = windingNumberTree(x, triangles);
  const stack = new Int32Array(256);
  const closest = new Float64Array(4);
  const segment = new Float64Array(6);
  const crossing = new Float64Array(4);
  const normal = new Float64Array(3);
  // Triangle boxes grown by the largest margin asked so far (rebuilt only when a larger one comes).
  const boxes = new Float64Array(6 * F);
  const hash = boxSpatialHash(F);
  let builtFor = -1;
  const build = (r: number): void => {
    if (r <= builtFor) return;
    for (let f = 0; f < F; f++) {
      for (let k = 0; k < 3; k++) {
        let lo = Infinity;
        let hi = -Infinity;
        for (let i = 0; i < 3; i++) {
          const value = x[3 * triangles[3 * f + i] + k];
          lo = Math.min(lo, value);
          hi = Math.max(hi, value);
        }
        boxes[6 * f + k] = lo - r;
        boxes[6 * f + 3 + k] = hi + r;
      }
    }
    hash.build(boxes, F);
    builtFor = r;
  };
  const lastOutside = new Float64Array(3 * pointCount);
  const hasOutside = new Uint8Array(pointCount);
  const surface = options.surfaceTriangles;
  const checker = surface
    ? intersectionChecker([
        { name: 'surface', triangles: surface, vertexCount: pointCount },
        { name: 'collider', triangles, vertexCount: C },
      ])
    : null;
  const noSelf = [false, false];
  let baseline = 0;
  let begun = false;

  const isInside = (px: number, py: number, pz: number): boolean => generalizedWindingNumber(tree, px, py, pz, 2, stack) > 0.5;
  /** The unit normal of collider triangle f into `normal`; its doubled area. */
  const normalOf = (f: number): number => {
    triangleNormal(x, triangles[3 * f], triangles[3 * f + 1], triangles[3 * f + 2], normal);
    const length = Math.hypot(normal[0], normal[1], normal[2]);
    if (length > 0) for (let k = 0; k < 3; k++) normal[k] /= length;
    return length;
  };
  const insideCount = (points: Float64Array): { count: number; points: Int32Array } => {
    const found: number[] = [];
    for (let p = 0; p < pointCount; p++) if (hasOutside[p] && isInside(points[3 * p], points[3 * p + 1], points[3 * p + 2])) found.push(p);
    return { count: found.length, points: Int32Array.from(found) };
  };

  const begin = (points: Float64Array): void => {
    begun = true;
    for (let p = 0; p < pointCount; p++) {
      hasOutside[p] = isInside(points[3 * p], points[3 * p + 1], points[3 * p + 2]) ? 0 : 1;
      for (let k = 0; k < 3; k++) lastOutside[3 * p + k] = points[3 * p + k];
    }
    baseline = checker ? checker.check([points, x], { self: noSelf }).total : 0;
  };

  return {
    begin,
    detect(points, margin, contacts) {
      if (!begun) begin(points);
      if (F === 0) return;
      const r = Math.max(radius, margin);
      build(r);
      for (let p = 0; p < pointCount; p++) {
        const px = points[3 * p],
          py = points[3 * p + 1],
          pz = points[3 * p + 2];
        let best = -1;
        let bestKey = Infinity;
        let nx = 0,
          ny = 0,
          nz = 0,
          offset = 0,
          signed = 0;
        if (isInside(px, py, pz)) {
          if (!hasOutside[p]) continue;
          // Inside: the triangle it entered through, the first crossed along last outside → now.
          const ox = lastOutside[3 * p],
            oy = lastOutside[3 * p + 1],
            oz = lastOutside[3 * p + 2];
          segment[0] = ox;
          segment[1] = oy;
          segment[2] = oz;
          segment[3] = px;
          segment[4] = py;
          segment[5] = pz;
          const found = segmentBoxQuery(hash, ox, oy, oz, px, py, pz, r);
          best = firstCrossedTriangle(segment, hash.candidates, found, triangles, x, null, crossing);
          if (best >= 0) {
            bestKey = crossing[0];
            nx = crossing[1];
            ny = crossing[2];
            nz = crossing[3];
            const a = 3 * triangles[3 * best];
            offset = nx * x[a] + ny * x[a + 1] + nz * x[a + 2];
            signed = nx * px + ny * py + nz * pz - offset;
          }
          if (best < 0) {
            // Entered where the segment test cannot see it (through an edge, exactly): the nearest triangle's plane.
            const around = hash.query(px - r, py - r, pz - r, px + r, py + r, pz + r);
            for (let q = 0; q < around; q++) {
              const f = hash.candidates[q];
              const squared = pointTriangleClosestPoint(x, triangles[3 * f], triangles[3 * f + 1], triangles[3 * f + 2], px, py, pz, closest);
              if (squared >= bestKey || normalOf(f) === 0) continue;
              bestKey = squared;
              best = f;
              const a = 3 * triangles[3 * f];
              // Outward for an outward-oriented closed mesh: the point is inside, on the negative side.
              nx = normal[0];
              ny = normal[1];
              nz = normal[2];
              offset = nx * x[a] + ny * x[a + 1] + nz * x[a + 2];
              signed = nx * px + ny * py + nz * pz - offset;
            }
          }
        } else {
          hasOutside[p] = 1;
          lastOutside[3 * p] = px;
          lastOutside[3 * p + 1] = py;
          lastOutside[3 * p + 2] = pz;
          const found = hash.query(px, py, pz, px, py, pz);
          for (let q = 0; q < found; q++) {
            const f = hash.candidates[q];
            const a = triangles[3 * f],
              b = triangles[3 * f + 1],
              c = triangles[3 * f + 2];
            const squared = pointTriangleClosestPoint(x, a, b, c, px, py, pz, closest);
            if (!(squared < r * r) || squared >= bestKey) continue;
            if (normalOf(f) === 0) continue;
            const cx = closest[0] * x[3 * a] + closest[1] * x[3 * b] + closest[2] * x[3 * c];
            const cy = closest[0] * x[3 * a + 1] + closest[1] * x[3 * b + 1] + closest[2] * x[3 * c + 1];
            const cz = closest[0] * x[3 * a + 2] + closest[1] * x[3 * b + 2] + closest[2] * x[3 * c + 2];
            const s = normal[0] * (px - cx) + normal[1] * (py - cy) + normal[2] * (pz - cz);
            const side = s >= 0 ? 1 : -1;
            bestKey = squared;
            best = f;
            nx = side * normal[0];
            ny = side * normal[1];
            nz = side * normal[2];
            offset = nx * cx + ny * cy + nz * cz;
            signed = Math.abs(s);
          }
        }
        if (best >= 0) pushContact(contacts, p, nx, ny, nz, offset, signed);
      }
    },
    newIntersections(points) {
      if (!checker) return insideCount(points);
      const result = checker.check([points, x], { self: noSelf });
      const count = Math.max(0, result.total - baseline);
      if (count === 0) return { count: 0, points: new Int32Array(0) };
      const involved = new Set<number>();
      const found = result.triangles[0];
      for (const f of found) for (let i = 0; i < 3; i++) involved.add(surface![3 * f + i]);
      // Points inside the collider take part too (a surface wholly inside has no crossing edge of its own).
      for (const p of insideCount(points).points) involved.add(p);
      return { count, points: Int32Array.from(involved) };
    },
  };
}
