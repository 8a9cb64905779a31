import { boxSpatialHash } from '../../contact/boxSpatialHash.ts';
import { meanEdgeLength } from '../../geometry/index.ts';
import { generalizedWindingNumber } from '../../embedding/generalizedWindingNumber.ts';
import { windingNumberTree } from '../../embedding/windingNumberTree.ts';
import { pointTriangleClosestPoint } from '../../geometry/pointTriangleClosestPoint.ts';
import { intersectionChecker } from '../../intersection/index.ts';
import { firstCrossedTriangle } from './firstCrossedTriangle.ts';
import { pushContact } from './contactList.ts';
import type { ArapCollider } from './types.ts';
import { triangleNormal } from '../../geometry/index.ts';

/** Options of surfaceSelfContact. */
export interface SurfaceSelfContactOptions {
  /** distance at which a point approaching a triangle makes a contact [m] (default 0.1 × the mean edge length) */
  radius?: number;
}

/**
 * Self-contact of a closed surface for ARAP editing (seed 004 §3.5.1–3.5.2, Eqs. 3.22–3.23): a contact point p and a
 * triangle t of the same surface (not in p's one-ring) make the sliding constraint n·(x_p − Σ_j w_j x_{t_j}) ≥ 0, w
 * the barycentric weights of a point on t and n t's normal turned toward p's free side, so both sides move.
 * - Penetration is decided as the thesis decides it, by being inside material rather than by a side test: the
 *   generalized winding number of the surface at p (Jacobson et al. 2013, evaluated with app/embedding's fast tree)
 *   is about ½ on the surface and 1½ inside another part (or inside a fold of its own part), so w > 1 means p went in.
 *   Its constraint is the plane of the triangle it entered through: the first one the segment from its last outside
 *   position to its current one crosses (seed 004 picks the closest rest-shape surface point by pull-back; the entry
 *   triangle is the same idea without a rest SDF, and it never pushes a point out through the far side of a thin part).
 * - A point outside but within `radius` of a triangle gets that triangle's plane too (turned toward p), so the next
 *   global step slides it along the surface instead of carrying it through.
 * - Points inside at the start (intersections the input already has) are left alone until they come out.
 * The proximity search is the contact module's spatial hash (app/contact boxSpatialHash); the end-of-edit check is its
 * exact edge–triangle oracle (app/intersection), counted against the input, so existing intersections are allowed and
 * none may be added. Needs a closed surface (or closed parts) for the inside test; open sheets get proximity only.
 *
 * @param triangles   #F×3 triangles over the contact points (contact point = surface vertex)
 * @param pointCount  number of contact points
 * @param options     radius
 * @returns the collider
 */
export function surfaceSelfContact(triangles: ArrayLike<number>, pointCount: number, options: SurfaceSelfContactOptions = {}): ArapCollider {
  const F = Math.floor(triangles.length / 3);
  for (let i = 0; i < 3 * F; i++) if (!(triangles[i] >= 0 && triangles[i] < pointCount)) throw new RangeError(`surfaceSelfContact: triangle ${Math.floor(i / 3)} uses point ${triangles[i]} of ${pointCount}`);
  const neighbours: Set<number>[] = Array.from({ length: pointCount }, () => new Set<number>());
  for (let f = 0; f < F; f++) for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) neighbours[triangles[3 * f + i]].add(triangles[3 * f + j]);
  const boxes = new Float64Array(6 * F);
  const hash = boxSpatialHash(F);
  const closest = new Float64Array(4);
  const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: pointCount }]);
  const lastOutside = new Float64Array(3 * pointCount);
  const hasOutside = new Uint8Array(pointCount);
  const stack = new Int32Array(256);
  const segment = new Float64Array(6);
  const crossing = new Float64Array(4);
  const normal = new Float64Array(3);
  let baseline = 0;
  let radius = options.radius ?? 0;
  let begun = false;

  const normalOf = (x: ArrayLike<number>, f: number): number => {
    triangleNormal(x, triangles[3 * f], triangles[3 * f + 1], triangles[3 * f + 2], normal);
    const length = Math.hypot(normal[0], normal[1], normal[2]);
    if (length > 0) for (let k = 0; k < 3; k++) normal[k] /= length;
    return length;
  };

  const inside = (points: Float64Array): Uint8Array => {
    const tree = windingNumberTree(points, triangles);
    const flags = new Uint8Array(pointCount);
    for (let p = 0; p < pointCount; p++) if (generalizedWindingNumber(tree, points[3 * p], points[3 * p + 1], points[3 * p + 2], 2, stack) > 1) flags[p] = 1;
    return flags;
  };

  const begin = (points: Float64Array): void => {
    begun = true;
    if (options.radius === undefined) radius = F > 0 ? 0.1 * meanEdgeLength(points, triangles) : 0;
    const flags = inside(points);
    for (let p = 0; p < pointCount; p++) {
      hasOutside[p] = flags[p] ? 0 : 1;
      for (let k = 0; k < 3; k++) lastOutside[3 * p + k] = points[3 * p + k];
    }
    baseline = checker.check([points]).total;
  };

  return {
    begin,
    detect(points, margin, contacts) {
      if (!begun) begin(points);
      const r = Math.max(radius, margin);
      const flags = inside(points);
      for (let f = 0; f < F; f++) {
        let x0 = Infinity, y0 = Infinity, z0 = Infinity, x1 = -Infinity, y1 = -Infinity, z1 = -Infinity;
        for (let i = 0; i < 3; i++) {
          const v = 3 * triangles[3 * f + i];
          x0 = Math.min(x0, points[v]);
          y0 = Math.min(y0, points[v + 1]);
          z0 = Math.min(z0, points[v + 2]);
          x1 = Math.max(x1, points[v]);
          y1 = Math.max(y1, points[v + 1]);
          z1 = Math.max(z1, points[v + 2]);
        }
        boxes[6 * f] = x0 - r;
        boxes[6 * f + 1] = y0 - r;
        boxes[6 * f + 2] = z0 - r;
        boxes[6 * f + 3] = x1 + r;
        boxes[6 * f + 4] = y1 + r;
        boxes[6 * f + 5] = z1 + r;
      }
      hash.build(boxes, F);
      for (let p = 0; p < pointCount; p++) {
        const px = points[3 * p], py = points[3 * p + 1], pz = points[3 * p + 2];
        const ring = neighbours[p];
        let best = -1;
        let bestKey = Infinity;
        let bestSigned = 0;
        let w0 = 0, w1 = 0, w2 = 0;
        let nx = 0, ny = 0, nz = 0;
        if (flags[p]) {
          // Inside material: the triangle it entered through, first along last outside → now.
          if (!hasOutside[p]) continue;
          const ox = lastOutside[3 * p], oy = lastOutside[3 * p + 1], oz = lastOutside[3 * p + 2];
          segment[0] = ox;
          segment[1] = oy;
          segment[2] = oz;
          segment[3] = px;
          segment[4] = py;
          segment[5] = pz;
          const found = hash.query(Math.min(ox, px), Math.min(oy, py), Math.min(oz, pz), Math.max(ox, px), Math.max(oy, py), Math.max(oz, pz));
          best = firstCrossedTriangle(segment, hash.candidates, found, triangles, points, (a, b, c) => ring.has(a) || ring.has(b) || ring.has(c), crossing);
          if (best >= 0) {
            // Normal toward the outside position; weights of the crossing point.
            const t = crossing[0];
            bestKey = t;
            nx = crossing[1];
            ny = crossing[2];
            nz = crossing[3];
            const hx = ox + t * (px - ox), hy = oy + t * (py - oy), hz = oz + t * (pz - oz);
            pointTriangleClosestPoint(points, triangles[3 * best], triangles[3 * best + 1], triangles[3 * best + 2], hx, hy, hz, closest);
            w0 = closest[0];
            w1 = closest[1];
            w2 = closest[2];
            bestSigned = nx * (px - hx) + ny * (py - hy) + nz * (pz - hz);
          }
        } else {
          hasOutside[p] = 1;
          lastOutside[3 * p] = px;
          lastOutside[3 * p + 1] = py;
          lastOutside[3 * p + 2] = pz;
          const found = hash.query(px, py, pz, px, py, pz);
          for (let q = 0; q < found; q++) {
            const f = hash.candidates[q];
            const a = triangles[3 * f], b = triangles[3 * f + 1], c = triangles[3 * f + 2];
            if (ring.has(a) || ring.has(b) || ring.has(c)) continue;
            const squared = pointTriangleClosestPoint(points, a, b, c, px, py, pz, closest);
            if (!(squared < r * r) || squared >= bestKey) continue;
            const cx = closest[0] * points[3 * a] + closest[1] * points[3 * b] + closest[2] * points[3 * c];
            const cy = closest[0] * points[3 * a + 1] + closest[1] * points[3 * b + 1] + closest[2] * points[3 * c + 1];
            const cz = closest[0] * points[3 * a + 2] + closest[1] * points[3 * b + 2] + closest[2] * points[3 * c + 2];
            if (normalOf(points, f) === 0) continue;
            const s = normal[0] * (px - cx) + normal[1] * (py - cy) + normal[2] * (pz - cz);
            const side = s >= 0 ? 1 : -1;
            bestKey = squared;
            best = f;
            nx = side * normal[0];
            ny = side * normal[1];
            nz = side * normal[2];
            w0 = closest[0];
            w1 = closest[1];
            w2 = closest[2];
            bestSigned = Math.abs(s);
          }
        }
        if (best < 0) continue;
        pushContact(contacts, p, nx, ny, nz, 0, bestSigned, { points: [triangles[3 * best], triangles[3 * best + 1], triangles[3 * best + 2]], weights: [w0, w1, w2] });
      }
    },
    newIntersections(points) {
      const result = checker.check([points]);
      const count = Math.max(0, result.total - baseline);
      if (count === 0) return { count: 0, points: new Int32Array(0) };
      const involved = new Set<number>();
      for (const f of result.triangles[0]) for (let i = 0; i < 3; i++) involved.add(triangles[3 * f + i]);
      return { count, points: Int32Array.from(involved) };
    },
  };
}
