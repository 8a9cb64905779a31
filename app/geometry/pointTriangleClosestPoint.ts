import { pointSegmentClosestPoint } from './pointSegmentClosestPoint.ts';

/** Which feature of a triangle holds the closest point (pointTriangleClosestPoint). */
export const TRIANGLE_FEATURE = {
  /** the interior of the face */
  face: 0,
  /** the interior of edge a–b, b–c or c–a */
  edgeAB: 1,
  edgeBC: 2,
  edgeCA: 3,
  /** a corner */
  vertexA: 4,
  vertexB: 5,
  vertexC: 6,
} as const;

/**
 * Closest point of a closed triangle to a point, as barycentric weights, the feature that holds it, and the squared
 * distance (Ericson, "Real-Time Collision Detection" 2005, §5.1.5: Voronoi regions of the corners, then the edges,
 * then the face). This is the feature classification OGC's detection needs (seed 000 Algorithm 2: "a = closest
 * sub-face of t to v") and the projection its contact energy differentiates. A zero-area triangle falls back to the
 * nearest of its edges (a corner when those are points too), never to NaN. Allocation-free.
 *
 * @param positions  #V×3 positions of the triangle's corners [m]
 * @param a          corner indices into positions
 * @param b
 * @param c
 * @param px         query point [m]
 * @param py
 * @param pz
 * @param out        4 numbers receiving the barycentric weights (β_a, β_b, β_c) and the feature (TRIANGLE_FEATURE)
 * @returns squared distance [m²]
 */
export function pointTriangleClosestPoint(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  px: number,
  py: number,
  pz: number,
  out: Float64Array,
): number {
  const ax = positions[3 * a],
    ay = positions[3 * a + 1],
    az = positions[3 * a + 2];
  const abx = positions[3 * b] - ax,
    aby = positions[3 * b + 1] - ay,
    abz = positions[3 * b + 2] - az;
  const acx = positions[3 * c] - ax,
    acy = positions[3 * c + 1] - ay,
    acz = positions[3 * c + 2] - az;
  const apx = px - ax,
    apy = py - ay,
    apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  let u = 0; // closest = a + u·ab + v·ac
  let v = 0;
  let feature: number;
  if (d1 <= 0 && d2 <= 0) {
    feature = TRIANGLE_FEATURE.vertexA;
  } else {
    const d3 = d1 - (abx * abx + aby * aby + abz * abz);
    const d4 = d2 - (acx * abx + acy * aby + acz * abz);
    const d5 = d1 - (abx * acx + aby * acy + abz * acz);
    const d6 = d2 - (acx * acx + acy * acy + acz * acz);
    const va = d3 * d6 - d5 * d4;
    const vb = d5 * d2 - d1 * d6;
    const vc = d1 * d4 - d3 * d2;
    if (d3 >= 0 && d4 <= d3) {
      u = 1;
      feature = TRIANGLE_FEATURE.vertexB;
    } else if (d6 >= 0 && d5 <= d6) {
      v = 1;
      feature = TRIANGLE_FEATURE.vertexC;
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      u = d1 / (d1 - d3);
      feature = TRIANGLE_FEATURE.edgeAB;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      v = d2 / (d2 - d6);
      feature = TRIANGLE_FEATURE.edgeCA;
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      u = 1 - w;
      v = w;
      feature = TRIANGLE_FEATURE.edgeBC;
    } else {
      const sum = va + vb + vc;
      if (sum > 0 && Number.isFinite(sum)) {
        u = vb / sum;
        v = vc / sum;
        feature = TRIANGLE_FEATURE.face;
      } else {
        return degenerateClosest(positions, a, b, c, px, py, pz, out);
      }
    }
  }
  out[0] = 1 - u - v;
  out[1] = u;
  out[2] = v;
  out[3] = feature;
  const dx = apx - u * abx - v * acx;
  const dy = apy - u * aby - v * acy;
  const dz = apz - u * abz - v * acz;
  return dx * dx + dy * dy + dz * dz;
}

/** degenerateClosest's edge parameter (scratch). */
const SEGMENT = new Float64Array(1);

/** Zero-area triangle: the nearest point of its three edges, reported as an edge or corner feature. */
function degenerateClosest(positions: ArrayLike<number>, a: number, b: number, c: number, px: number, py: number, pz: number, out: Float64Array): number {
  let best = Infinity;
  for (let e = 0; e < 3; e++) {
    const i = e === 0 ? a : e === 1 ? b : c;
    const j = e === 0 ? b : e === 1 ? c : a;
    const distance = pointSegmentClosestPoint(positions, i, j, px, py, pz, SEGMENT);
    const s = SEGMENT[0];
    if (distance < best) {
      best = distance;
      out[0] = 0;
      out[1] = 0;
      out[2] = 0;
      out[e] = 1 - s;
      out[(e + 1) % 3] = s;
      out[3] = s === 0 ? TRIANGLE_FEATURE.vertexA + e : s === 1 ? TRIANGLE_FEATURE.vertexA + ((e + 1) % 3) : TRIANGLE_FEATURE.edgeAB + e;
    }
  }
  return best;
}
