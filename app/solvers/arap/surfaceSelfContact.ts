import { boxSpatialHash } from '../../geometry/index.ts';
import { segmentBoxQuery } from '../../geometry/index.ts';
import { featureRegion, inputRegions, sameRegion, type InputRegions } from '../../intersection/index.ts';
import { regionTopology } from '../../intersection/index.ts';
import { meanEdgeLength, vertexNeighbours } from '../../geometry/index.ts';
import { generalizedWindingNumber } from '../../embedding/index.ts';
import { windingNumberTree } from '../../embedding/index.ts';
import { pointTriangleClosestPoint } from '../../geometry/index.ts';
import { intersectionChecker, SegmentTriangleContact, segmentTriangleIntersection } from '../../intersection/index.ts';
import { pushContact } from './contactList.ts';
import { newRegionPoints } from './newRegionPoints.ts';
import { sweptTriangleBoxes } from './sweptTriangleBoxes.ts';
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
 * - Penetration is decided by the path: a point whose side of a triangle's plane flipped since the last detection,
 *   its move relative to the triangle (less the triangle's mean move) passing through the triangle, went in there, and
 *   its constraint is that triangle's plane, turned toward the side it came from, held until it is back on that side
 *   (the entry triangle: it never pushes a point out through the far side of a thin part). The thesis decides by being
 *   inside material (a winding number, as this did until issue 33): a query per point and a tree per detection were
 *   most of a drag event (97 of 130 ms at the layered character's 6k vertices), and a thin plate crossed within one
 *   event was never inside.
 * - A point outside but within `radius` of a triangle gets that triangle's plane too (turned toward p), so the next
 *   global step slides it along the surface instead of carrying it through.
 * - Points inside another part at the start (the generalized winding number of the surface at begin(), Jacobson et
 *   al. 2013, > 1: an intersection the input already has) are left alone for the edit.
 * - The input's own intersections follow app/contact's input-region rule (inputRegions, issue 33): at begin() the
 *   surface's intersecting triangles grown by two rings make the input regions, and a point and a triangle inside one
 *   region make no contact (neither the proximity plane nor the entry plane), so the layers of a character that
 *   already cut through each other (a plate into the body, a strap through a belt) are neither glued nor pushed
 *   apart by the edit: it behaves as with self-contact off there. Without this, the layered test character's forearm
 *   dragged with Self on made 263 contacts at once (1.7 s a drag event) and tore (edge strain 19.8).
 * The proximity search is the contact module's spatial hash (app/contact boxSpatialHash); the end-of-edit check is its
 * exact edge–triangle oracle (app/intersection): an edit may end with no new intersection region (newIntersectionRegions
 * against begin()'s regions), so the input's intersections may slide within their regions.
 *
 * @param triangles   #F×3 triangles over the contact points (contact point = surface vertex)
 * @param pointCount  number of contact points
 * @param options     radius
 * @returns the collider
 */
export function surfaceSelfContact(triangles: ArrayLike<number>, pointCount: number, options: SurfaceSelfContactOptions = {}): ArapCollider {
  const F = Math.floor(triangles.length / 3);
  for (let i = 0; i < 3 * F; i++)
    if (!(triangles[i] >= 0 && triangles[i] < pointCount))
      throw new RangeError(`surfaceSelfContact: triangle ${Math.floor(i / 3)} uses point ${triangles[i]} of ${pointCount}`);
  // Each point's one-ring (CSR), stamped per point before its candidates are tested (instead of a Set per point:
  // the same pairs skipped, no 23k Sets; a drag event at 12.8k with Self and ground measured the same, 36.6–37.8 ms
  // against 36.9).
  const ring = vertexNeighbours(triangles, pointCount);
  const ringStamp = new Int32Array(pointCount).fill(-1);
  const boxes = new Float64Array(6 * F);
  const triangleList = Uint32Array.from(triangles);
  const hash = boxSpatialHash(F);
  const closest = new Float64Array(4);
  const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: pointCount }]);
  // Where the points were at the last detection, whether each was outside every other part at begin(), and the
  // triangle each went through since (−1: none) with the side it came from.
  const previous = new Float64Array(3 * pointCount);
  const hasOutside = new Uint8Array(pointCount);
  const entered = new Int32Array(pointCount).fill(-1);
  const entrySide = new Int8Array(pointCount);
  const stack = new Int32Array(256);
  const segment = new Float64Array(6);
  const normal = new Float64Array(3);
  const topology = regionTopology([{ triangles, vertexCount: pointCount, edges: checker.edges[0] }]);
  let regions: InputRegions | null = null;
  const triangleRegion = new Uint32Array(F);
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
    for (let p = 0; p < pointCount; p++) hasOutside[p] = flags[p] ? 0 : 1;
    previous.set(points);
    entered.fill(-1);
    regions = inputRegions(topology, [checker.check([points], { listPairs: true })], undefined, regions ?? undefined);
    const labels = regions.labels[0];
    for (let f = 0; f < F; f++) triangleRegion[f] = featureRegion(labels[triangles[3 * f]], labels[triangles[3 * f + 1]], labels[triangles[3 * f + 2]]);
  };
  /** Whether point p and triangle f lie inside one input region (the rule: no contact between them). */
  const sameInputRegion = (p: number, f: number): boolean => regions !== null && sameRegion(regions.labels[0][p], triangleRegion[f]);

  /** Signed distance of (x, y, z) from triangle f's plane at `at`, along its unit normal (normal holds it); NaN without area. */
  const planeDistance = (at: ArrayLike<number>, f: number, x: number, y: number, z: number): number => {
    if (normalOf(at, f) === 0) return Number.NaN;
    const a = 3 * triangles[3 * f];
    return normal[0] * (x - at[a]) + normal[1] * (y - at[a + 1]) + normal[2] * (z - at[a + 2]);
  };

  return {
    begin,
    detect(points, margin, contacts) {
      if (!begun) begin(points);
      const r = Math.max(radius, margin);
      sweptTriangleBoxes(triangleList, F, points, previous, r, boxes);
      hash.build(boxes, F);
      for (let p = 0; p < pointCount; p++) {
        // A point inside another part at the start (an intersection the input has) is left alone.
        if (!hasOutside[p]) continue;
        const px = points[3 * p],
          py = points[3 * p + 1],
          pz = points[3 * p + 2];
        const through = entered[p];
        if (through >= 0) {
          // It went through this triangle: held on its entry side until it is back there.
          const signed = entrySide[p] * planeDistance(points, through, px, py, pz);
          if (signed >= 0 || Number.isNaN(signed)) entered[p] = -1;
          else {
            const a = triangles[3 * through],
              b = triangles[3 * through + 1],
              c = triangles[3 * through + 2];
            pointTriangleClosestPoint(points, a, b, c, px, py, pz, closest);
            pushContact(contacts, p, entrySide[p] * normal[0], entrySide[p] * normal[1], entrySide[p] * normal[2], 0, signed, {
              points: [a, b, c],
              weights: [closest[0], closest[1], closest[2]],
            });
            continue;
          }
        }
        const ox = previous[3 * p],
          oy = previous[3 * p + 1],
          oz = previous[3 * p + 2];
        const found = segmentBoxQuery(hash, ox, oy, oz, px, py, pz, r);
        ringStamp[p] = p;
        for (let k = ring.offsets[p]; k < ring.offsets[p + 1]; k++) ringStamp[ring.neighbours[k]] = p;
        let best = -1;
        let bestKey = Infinity;
        let bestSigned = 0;
        let w0 = 0,
          w1 = 0,
          w2 = 0;
        let nx = 0,
          ny = 0,
          nz = 0;
        let crossed = -1;
        let crossedAt = Infinity;
        let crossedSide = 0;
        for (let q = 0; q < found; q++) {
          const f = hash.candidates[q];
          const a = triangles[3 * f],
            b = triangles[3 * f + 1],
            c = triangles[3 * f + 2];
          if (ringStamp[a] === p || ringStamp[b] === p || ringStamp[c] === p || sameInputRegion(p, f)) continue;
          // Crossing: the point's side of the triangle's plane flipped since the last detection, its path relative
          // to the triangle (the point's move less the triangle's mean move) through the triangle as it is now.
          const after = planeDistance(points, f, px, py, pz);
          const before = planeDistance(previous, f, ox, oy, oz);
          if (after * before < 0) {
            for (let k = 0; k < 3; k++) {
              segment[k] =
                previous[3 * p + k] +
                (points[3 * a + k] + points[3 * b + k] + points[3 * c + k] - previous[3 * a + k] - previous[3 * b + k] - previous[3 * c + k]) / 3;
              segment[3 + k] = points[3 * p + k];
            }
            if (segmentTriangleIntersection(segment, 0, 1, a, b, c, points) === SegmentTriangleContact.Crossing) {
              const t = before / (before - after);
              if (t < crossedAt) {
                crossedAt = t;
                crossed = f;
                crossedSide = before > 0 ? 1 : -1;
              }
            }
          }
          if (crossed >= 0) continue;
          // Proximity: within r of a triangle, its plane (turned toward the point).
          const squared = pointTriangleClosestPoint(points, a, b, c, px, py, pz, closest);
          if (!(squared < r * r) || squared >= bestKey) continue;
          const cx = closest[0] * points[3 * a] + closest[1] * points[3 * b] + closest[2] * points[3 * c];
          const cy = closest[0] * points[3 * a + 1] + closest[1] * points[3 * b + 1] + closest[2] * points[3 * c + 1];
          const cz = closest[0] * points[3 * a + 2] + closest[1] * points[3 * b + 2] + closest[2] * points[3 * c + 2];
          if (normalOf(points, f) === 0) continue;
          const side = normal[0] * (px - cx) + normal[1] * (py - cy) + normal[2] * (pz - cz);
          const sign = side >= 0 ? 1 : -1;
          bestKey = squared;
          best = f;
          nx = sign * normal[0];
          ny = sign * normal[1];
          nz = sign * normal[2];
          w0 = closest[0];
          w1 = closest[1];
          w2 = closest[2];
          bestSigned = Math.abs(side);
        }
        if (crossed >= 0) {
          entered[p] = crossed;
          entrySide[p] = crossedSide;
          const a = triangles[3 * crossed],
            b = triangles[3 * crossed + 1],
            c = triangles[3 * crossed + 2];
          const signed = crossedSide * planeDistance(points, crossed, px, py, pz);
          pointTriangleClosestPoint(points, a, b, c, px, py, pz, closest);
          pushContact(contacts, p, crossedSide * normal[0], crossedSide * normal[1], crossedSide * normal[2], 0, signed, {
            points: [a, b, c],
            weights: [closest[0], closest[1], closest[2]],
          });
          continue;
        }
        if (best < 0) continue;
        pushContact(contacts, p, nx, ny, nz, 0, bestSigned, {
          points: [triangles[3 * best], triangles[3 * best + 1], triangles[3 * best + 2]],
          weights: [w0, w1, w2],
        });
      }
      previous.set(points);
    },
    newIntersections(points) {
      if (!begun) begin(points);
      return newRegionPoints(checker, topology, regions!, triangles, points);
    },
    rebase(points) {
      if (!begun) begin(points);
      previous.set(points);
      entered.fill(-1);
    },
  };
}
