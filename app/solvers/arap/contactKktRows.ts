import type { KktRows } from './incrementalKktSolver.ts';
import type { ArapContactList } from './types.ts';

/** An empty, growable set of KKT rows. */
export function kktRows(capacity = 64): KktRows {
  return {
    count: 0,
    normal: new Float64Array(3 * capacity),
    rhs: new Float64Array(capacity),
    points: new Int32Array(4 * capacity).fill(-1),
    weights: new Float64Array(4 * capacity),
  };
}

/**
 * The contact rows of seed 004 Eq. 3.1's C, c (Eqs. 3.21 and 3.23), appended to `rows`: n·x_p ≥ offset + skin for an
 * external contact, n·(x_p − Σ w_i x_{q_i}) ≥ offset + skin for a self-contact, written as the equality the active
 * set holds. The skin (a small fraction of the model's size) keeps the final surface strictly on the free side, so
 * rounding cannot leave a touching point a hair inside. `fixedPart` moves the known part of a point (its handle
 * vertices, in full space) to the right-hand side.
 *
 * A row whose free unknowns carry little of it (Σ of the squared weights of its free points below MIN_FREE_WEIGHT) is
 * left out: a handle point pressed against a triangle with one free corner of weight w can only be met by moving that
 * corner by the deficit / w, and the rows the KKT solve then met tore the layered test character's shoulder apart
 * (strains of 10⁴ within one drag event, a handle pressed into a triangle whose free corner had weight 0.02). What
 * such a contact leaves is the end-of-edit check's (intersectionFreeEnd).
 *
 * @param contacts   merged contacts (contactActiveSet.merge)
 * @param skin       distance kept from colliders [m]
 * @param rows       rows to append to (rows.count is not reset)
 * @param rowOf      #contacts receives each contact's row, −1 when it has no free unknown (then it is not a row)
 * @param freePart   returns whether point p has any free unknown
 * @param fixedPart  adds the fixed part Σ_{fixed v} w·x_v of point p to out (3 numbers)
 */
export function contactKktRows(
  contacts: ArapContactList,
  skin: number,
  rows: KktRows,
  rowOf: Int32Array,
  freePart: (point: number) => boolean,
  fixedPart: ((point: number, out: Float64Array) => void) | null,
  scratch: Float64Array,
): void {
  for (let c = 0; c < contacts.count; c++) {
    const nx = contacts.normal[3 * c];
    const ny = contacts.normal[3 * c + 1];
    const nz = contacts.normal[3 * c + 2];
    let rhs = contacts.offset[c] + skin;
    let freeWeight = 0;
    const terms =
      1 + (contacts.otherPoints[3 * c] >= 0 ? 1 : 0) + (contacts.otherPoints[3 * c + 1] >= 0 ? 1 : 0) + (contacts.otherPoints[3 * c + 2] >= 0 ? 1 : 0);
    if (rows.count === rows.rhs.length) growKktRows(rows);
    const r = rows.count;
    for (let s = 0; s < 4; s++) {
      const point = s === 0 ? contacts.point[c] : contacts.otherPoints[3 * c + s - 1];
      const weight = s === 0 ? 1 : -contacts.otherWeights[3 * c + s - 1];
      rows.points[4 * r + s] = s < terms ? point : -1;
      rows.weights[4 * r + s] = s < terms ? weight : 0;
      if (s >= terms || point < 0) continue;
      if (freePart(point)) freeWeight += weight * weight;
      if (fixedPart) {
        scratch[0] = 0;
        scratch[1] = 0;
        scratch[2] = 0;
        fixedPart(point, scratch);
        rhs -= weight * (nx * scratch[0] + ny * scratch[1] + nz * scratch[2]);
      }
    }
    if (!(freeWeight >= MIN_FREE_WEIGHT)) {
      rowOf[c] = -1;
      continue;
    }
    rows.normal[3 * r] = nx;
    rows.normal[3 * r + 1] = ny;
    rows.normal[3 * r + 2] = nz;
    rows.rhs[r] = rhs;
    rowOf[c] = r;
    rows.count++;
  }
}

/**
 * Least Σ w² over a row's free points for the row to be kept (contactKktRows): 0.1 keeps a point against a triangle
 * whose free corners carry a third of it or more, and every row with a free contact point (weight 1).
 */
const MIN_FREE_WEIGHT = 0.1;

/** Doubles the capacity of `rows`, keeping its rows (unused points −1, everything else 0). */
export function growKktRows(rows: KktRows): void {
  const capacity = 2 * rows.rhs.length;
  const normal = new Float64Array(3 * capacity);
  normal.set(rows.normal);
  const rhs = new Float64Array(capacity);
  rhs.set(rows.rhs);
  const points = new Int32Array(4 * capacity).fill(-1);
  points.set(rows.points);
  const weights = new Float64Array(4 * capacity);
  weights.set(rows.weights);
  Object.assign(rows, { normal, rhs, points, weights });
}
