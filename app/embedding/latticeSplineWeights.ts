import type { LatticeEmbedding } from './latticeEmbedding.ts';
import { cellCoordinates } from './latticeGrid.ts';

/** Per surface vertex, the lattice vertices and weights of a smooth (C¹) interpolation S: S(u)_s = Σ w·u[v]. */
export interface LatticeSplineWeights {
  /** #S+1 offsets into vertices and weights (CSR: entries of surface vertex s are offsets[s]..offsets[s+1]−1) */
  offsets: Uint32Array;
  /** lattice vertex of each entry */
  vertices: Uint32Array;
  /** weight of each entry; the weights of one surface vertex sum to 1 (a few may be negative at the lattice's border) */
  weights: Float64Array;
  /**
   * #entries×3 gradient of each weight with respect to the rest position [1/m]: ∇S(u)_s = Σ u[v] ⊗ ∇w, the smooth
   * deformation gradient at the surface vertex (Σ x̄[v] ⊗ ∇w = I for the rest lattice x̄)
   */
  gradients: Float64Array;
}

/**
 * Weights of the tensor-product quadratic B-spline over the lattice vertices, evaluated at every embedded surface
 * vertex: a smooth partition of unity that replaces the piecewise-linear C′ of seed 004 Eq. 4.1 where the surface
 * reads the lattice (detailTransfer). C′ is only C⁰: where the simulated lattice bends, the surface takes a kink on
 * every tet face it crosses (measured on the sample's landing: a 23° fold along the lattice plane y = 0.323 m, a
 * band wherever a cell boundary meets the surface). The quadratic B-spline is C¹ and reproduces affine fields
 * exactly, so a lattice that moves rigidly or shears uniformly moves the surface exactly as C′ does.
 *
 * Per axis, a point at grid coordinate x uses its nearest lattice vertex j and the two beside it with the
 * uniform quadratic B-spline weights ((½ − τ)²/2, ¾ − τ², (½ + τ)²/2), τ = x − j ∈ [−½, ½]; the product over the
 * three axes gives ≤ 27 vertices. Neighbours are found through the cell copies (duplicated cells keep separate parts
 * apart: a neighbour of another part is never used). Where the lattice ends, the missing neighbour is extrapolated
 * linearly from the two on the other side (2u_j − u_{j∓1}), or taken as u_j when there is none: affine fields stay
 * exact up to the border.
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @returns CSR weights per surface vertex
 */
export function latticeSplineWeights(embedding: LatticeEmbedding): LatticeSplineWeights {
  const {
    vertexCount,
    positions,
    tetrahedra,
    tetCell,
    surfaceVertexCount: S,
    surfaceTet,
    surfaceBarycentric,
    cellSize: h,
    origin,
    gridDimensions: dims,
  } = embedding;
  // Neighbour of each lattice vertex along −x, +x, −y, +y, −z, +z (−1: none), through the cells that hold it.
  const neighbour = new Int32Array(6 * vertexCount).fill(-1);
  const copies = tetrahedra.length / 20;
  const cornersOfCopy = new Int32Array(8 * copies);
  const ijk = [0, 0, 0];
  for (let c = 0; c < copies; c++) {
    cellCoordinates(dims, tetCell[5 * c], ijk);
    for (let k = 0; k < 20; k++) {
      const v = tetrahedra[20 * c + k];
      const q =
        Math.round((positions[3 * v] - origin[0]) / h - ijk[0]) |
        (Math.round((positions[3 * v + 1] - origin[1]) / h - ijk[1]) << 1) |
        (Math.round((positions[3 * v + 2] - origin[2]) / h - ijk[2]) << 2);
      cornersOfCopy[8 * c + q] = v;
    }
    for (let q = 0; q < 8; q++) {
      for (let axis = 0; axis < 3; axis++) {
        const bit = 1 << axis;
        if (q & bit) continue;
        const low = cornersOfCopy[8 * c + q];
        const high = cornersOfCopy[8 * c + (q | bit)];
        if (neighbour[6 * low + 2 * axis + 1] < 0) neighbour[6 * low + 2 * axis + 1] = high;
        if (neighbour[6 * high + 2 * axis] < 0) neighbour[6 * high + 2 * axis] = low;
      }
    }
  }

  const offsets = new Uint32Array(S + 1);
  const vertexList: number[] = [];
  const weightList: number[] = [];
  const gradientList: number[] = [];
  // Per lattice vertex of the current surface vertex, in the order first reached: the vertex, its weight and weight
  // gradient (4 numbers). A flat list searched linearly (≤ 27 vertices and the ghosts' partners): a Map of arrays
  // cost a fifth more (106–136 → 89–102 ms on the 12.8k-vertex test character, two runs each on a quiet machine).
  let accumulatedVertices = new Int32Array(64);
  let accumulatedValues = new Float64Array(4 * 64);
  let accumulatedCount = 0;
  const basis = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  const slope = [new Float64Array(3), new Float64Array(3), new Float64Array(3)];
  const term = new Float64Array(4);
  const point = [0, 0, 0];
  // The field at v moved by steps (dx, dy, dz) ∈ {−1, 0, 1}³, as weighted lattice vertices (ghosts extrapolated).
  // q: v's corner in the surface vertex's own cell copy (−1 once the walk has left it): steps inside the cell use
  // the cell's own corners, so a vertex shared by two copies never leads into the other copy there.
  let copy = 0;
  const along = (v: number, q: number, axis: number, sign: number): number => {
    if (q >= 0 && ((q >> axis) & 1) === (sign > 0 ? 0 : 1)) return cornersOfCopy[8 * copy + (q ^ (1 << axis))];
    return neighbour[6 * v + 2 * axis + (sign > 0 ? 1 : 0)];
  };
  const gather = (v: number, q: number, steps: number[], axis: number, scale: number): void => {
    if (axis === 3) {
      let slot = 0;
      while (slot < accumulatedCount && accumulatedVertices[slot] !== v) slot++;
      if (slot === accumulatedCount) {
        if (slot === accumulatedVertices.length) {
          const vertices = new Int32Array(2 * slot);
          vertices.set(accumulatedVertices);
          const values = new Float64Array(8 * slot);
          values.set(accumulatedValues);
          accumulatedVertices = vertices;
          accumulatedValues = values;
        }
        accumulatedVertices[slot] = v;
        accumulatedValues.fill(0, 4 * slot, 4 * slot + 4);
        accumulatedCount++;
      }
      for (let k = 0; k < 4; k++) accumulatedValues[4 * slot + k] += scale * term[k];
      return;
    }
    const step = steps[axis];
    if (step === 0) return gather(v, q, steps, axis + 1, scale);
    const inside = q >= 0 && ((q >> axis) & 1) === (step > 0 ? 0 : 1);
    const ahead = along(v, q, axis, step);
    if (ahead >= 0) return gather(ahead, inside ? q ^ (1 << axis) : -1, steps, axis + 1, scale);
    const behindInside = q >= 0 && ((q >> axis) & 1) === (step > 0 ? 1 : 0);
    const behind = along(v, q, axis, -step);
    if (behind < 0) return gather(v, q, steps, axis + 1, scale);
    gather(v, q, steps, axis + 1, 2 * scale);
    gather(behind, behindInside ? q ^ (1 << axis) : -1, steps, axis + 1, -scale);
  };
  const steps = [0, 0, 0];
  for (let s = 0; s < S; s++) {
    const t = surfaceTet[s];
    copy = Math.floor(t / 5);
    cellCoordinates(dims, tetCell[t], ijk);
    point[0] = point[1] = point[2] = 0;
    for (let k = 0; k < 4; k++) {
      const v = tetrahedra[4 * t + k];
      for (let a = 0; a < 3; a++) point[a] += surfaceBarycentric[4 * s + k] * positions[3 * v + a];
    }
    let corner = 0;
    for (let a = 0; a < 3; a++) {
      const local = Math.min(1, Math.max(0, (point[a] - origin[a]) / h - ijk[a]));
      const nearest = local < 0.5 ? 0 : 1;
      if (nearest) corner |= 1 << a;
      const tau = local - nearest;
      basis[a][0] = 0.5 * (0.5 - tau) * (0.5 - tau);
      basis[a][1] = 0.75 - tau * tau;
      basis[a][2] = 0.5 * (0.5 + tau) * (0.5 + tau);
      slope[a][0] = -(0.5 - tau) / h;
      slope[a][1] = (-2 * tau) / h;
      slope[a][2] = (0.5 + tau) / h;
    }
    const origin0 = cornersOfCopy[8 * copy + corner];
    accumulatedCount = 0;
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        for (let k = 0; k < 3; k++) {
          steps[0] = i - 1;
          steps[1] = j - 1;
          steps[2] = k - 1;
          term[0] = basis[0][i] * basis[1][j] * basis[2][k];
          term[1] = slope[0][i] * basis[1][j] * basis[2][k];
          term[2] = basis[0][i] * slope[1][j] * basis[2][k];
          term[3] = basis[0][i] * basis[1][j] * slope[2][k];
          gather(origin0, corner, steps, 0, 1);
        }
      }
    }
    for (let slot = 0; slot < accumulatedCount; slot++) {
      const o = 4 * slot;
      const w = accumulatedValues[o],
        gx = accumulatedValues[o + 1],
        gy = accumulatedValues[o + 2],
        gz = accumulatedValues[o + 3];
      if (w === 0 && gx === 0 && gy === 0 && gz === 0) continue;
      vertexList.push(accumulatedVertices[slot]);
      weightList.push(w);
      gradientList.push(gx, gy, gz);
    }
    offsets[s + 1] = vertexList.length;
  }
  return { offsets, vertices: Uint32Array.from(vertexList), weights: Float64Array.from(weightList), gradients: Float64Array.from(gradientList) };
}
