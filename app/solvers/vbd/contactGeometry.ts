import { pointTriangleClosestPoint, segmentSegmentClosestPoints } from '../../geometry/index.ts';
import { contactPointPosition } from './contactPointPosition.ts';
import { contactSlotCount } from './contactSlotCount.ts';
import { CONTACT_KIND, type FloatArray, type VbdContactData } from './types.ts';
import { hypot3 } from '../../math/index.ts';

/** Layout of contactGeometry's output (21 numbers). */
export const GEOMETRY = {
  /** d [m]: distance of the two sides (signed for a plane; |x − t| for a pointTarget) */
  distance: 0,
  /** IPC's parallel-edge mollifier factor (1 unless two edges are nearly parallel) */
  mollifier: 1,
  /** 3 numbers: unit normal from the feature side toward the vertex side (pointTarget: x − t, not unit) */
  normal: 2,
  /** 4 numbers: signed weights b_k of each slot in d's gradient, ∂d/∂x_k = b_k n */
  weights: 5,
  /** 12 numbers: the positions of the contact's points, slot by slot [m] */
  points: 9,
  size: 21,
} as const;

const closest = new Float64Array(4);

/**
 * The geometry of one OGC contact at the current positions (seed 000 ch. 5): the distance between its two sides, the
 * unit normal, each slot's weight in the distance's gradient and the points themselves, for the force and Hessian
 * (evaluateContactForceHessian) and the energy (contactEnergy) to share. Per kind: vertex–face (the closest point on the
 * face, recomputed now), vertex–edge, vertex–vertex, edge–edge (closest points on both edges, IPC's mollifier below
 * ‖e₀ × e₁‖² < 10⁻³‖e₀‖²‖e₁‖²), vertex–plane (signed distance), pointTarget (the offset to the target). A touching
 * pair keeps the normal lagged at detection.
 *
 * @param data       contact data
 * @param contact    contact index
 * @param positions  #V×3 current simulation positions [m]
 * @param out        GEOMETRY.size numbers, written
 * @returns the number of slots the contact uses (1–4)
 */
export function contactGeometry(data: VbdContactData, contact: number, positions: FloatArray, out: Float64Array): number {
  const kind = data.contactKinds[contact];
  const ids = data.contactPoints;
  const o = 4 * contact;
  const slots = contactSlotCount(kind);
  const P = GEOMETRY.points;
  for (let k = 0; k < slots; k++) contactPointPosition(data, ids[o + k], positions, false, out, P + 3 * k);
  const W = GEOMETRY.weights;
  out[W] = 1;
  out[W + 1] = 0;
  out[W + 2] = 0;
  out[W + 3] = 0;
  out[GEOMETRY.mollifier] = 1;
  const N = GEOMETRY.normal;
  if (kind === CONTACT_KIND.pointTarget) {
    const t = 3 * ids[o];
    out[N] = out[P] - data.pointTargets[t];
    out[N + 1] = out[P + 1] - data.pointTargets[t + 1];
    out[N + 2] = out[P + 2] - data.pointTargets[t + 2];
    out[GEOMETRY.distance] = hypot3(out[N], out[N + 1], out[N + 2]);
    return slots;
  }
  if (kind === CONTACT_KIND.vertexPlane) {
    const plane = 4 * ids[o + 1];
    out[N] = data.planes[plane];
    out[N + 1] = data.planes[plane + 1];
    out[N + 2] = data.planes[plane + 2];
    out[GEOMETRY.distance] = out[N] * out[P] + out[N + 1] * out[P + 1] + out[N + 2] * out[P + 2] + data.planes[plane + 3];
    return slots;
  }
  let cx: number, cy: number, cz: number;
  let vx: number, vy: number, vz: number;
  if (kind === CONTACT_KIND.edgeEdge) {
    segmentSegmentClosestPoints(out, P / 3, P / 3 + 1, out, P / 3 + 2, P / 3 + 3, closest);
    const s = closest[0];
    const t = closest[1];
    vx = out[P] + s * (out[P + 3] - out[P]);
    vy = out[P + 1] + s * (out[P + 4] - out[P + 1]);
    vz = out[P + 2] + s * (out[P + 5] - out[P + 2]);
    cx = out[P + 6] + t * (out[P + 9] - out[P + 6]);
    cy = out[P + 7] + t * (out[P + 10] - out[P + 7]);
    cz = out[P + 8] + t * (out[P + 11] - out[P + 8]);
    out[W] = 1 - s;
    out[W + 1] = s;
    out[W + 2] = -(1 - t);
    out[W + 3] = -t;
    const ux = out[P + 3] - out[P],
      uy = out[P + 4] - out[P + 1],
      uz = out[P + 5] - out[P + 2];
    const wx = out[P + 9] - out[P + 6],
      wy = out[P + 10] - out[P + 7],
      wz = out[P + 11] - out[P + 8];
    const crossX = uy * wz - uz * wy,
      crossY = uz * wx - ux * wz,
      crossZ = ux * wy - uy * wx;
    const c = crossX * crossX + crossY * crossY + crossZ * crossZ;
    const epsilon = 1e-3 * (ux * ux + uy * uy + uz * uz) * (wx * wx + wy * wy + wz * wz);
    if (c < epsilon) out[GEOMETRY.mollifier] = (c / epsilon) * (2 - c / epsilon);
  } else {
    vx = out[P];
    vy = out[P + 1];
    vz = out[P + 2];
    if (kind === CONTACT_KIND.vertexFace) {
      pointTriangleClosestPoint(out, P / 3 + 1, P / 3 + 2, P / 3 + 3, vx, vy, vz, closest);
      out[W + 1] = -closest[0];
      out[W + 2] = -closest[1];
      out[W + 3] = -closest[2];
      cx = closest[0] * out[P + 3] + closest[1] * out[P + 6] + closest[2] * out[P + 9];
      cy = closest[0] * out[P + 4] + closest[1] * out[P + 7] + closest[2] * out[P + 10];
      cz = closest[0] * out[P + 5] + closest[1] * out[P + 8] + closest[2] * out[P + 11];
    } else if (kind === CONTACT_KIND.vertexEdge) {
      segmentSegmentClosestPoints(out, P / 3 + 1, P / 3 + 2, out, P / 3, P / 3, closest);
      const s = closest[0];
      out[W + 1] = -(1 - s);
      out[W + 2] = -s;
      cx = out[P + 3] + s * (out[P + 6] - out[P + 3]);
      cy = out[P + 4] + s * (out[P + 7] - out[P + 4]);
      cz = out[P + 5] + s * (out[P + 8] - out[P + 5]);
    } else {
      out[W + 1] = -1;
      cx = out[P + 3];
      cy = out[P + 4];
      cz = out[P + 5];
    }
  }
  const dx = vx - cx,
    dy = vy - cy,
    dz = vz - cz;
  const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
  out[GEOMETRY.distance] = distance;
  if (distance > 1e-12 * data.radius) {
    out[N] = dx / distance;
    out[N + 1] = dy / distance;
    out[N + 2] = dz / distance;
  } else {
    // Touching: the lagged normal keeps the push defined.
    out[N] = data.contactNormals[3 * contact];
    out[N + 1] = data.contactNormals[3 * contact + 1];
    out[N + 2] = data.contactNormals[3 * contact + 2];
  }
  return slots;
}
