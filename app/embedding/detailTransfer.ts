import { mat3Determinant, mat3Inverse } from '../math/mat3/index.ts';
import { closestRotation, WARM_NEWTON_STOP } from './closestRotation.ts';
import type { LatticeEmbedding } from './latticeEmbedding.ts';
import type { LatticeSplineWeights } from './latticeSplineWeights.ts';

/**
 * Final surface positions from the simulated lattice with the input's fine detail put back, seed 004 §4.5,
 * Eq. 4.10: q′ = C′u + R(q̄ − C′ū). C′u interpolates the simulated lattice u; q̄ − C′ū is the part of the
 * input frame the fitted lattice ū could not represent (detail below the lattice resolution); R, per surface
 * vertex, is the rotation of the relative deformation F_rel = D_sim·D_fit⁻¹ from the fitted to the simulated
 * containing tet (D = edge matrix [x₁−x₀, x₂−x₀, x₃−x₀]), so the detail turns with the simulated motion.
 * Li rejected using F_rel itself ("spikes" on compressed tets, Fig. 4.7); its rotation does not stretch.
 *
 * Exactness: where the containing tet's simulated vertices equal the fitted ones (weight-0 regions, which the
 * simulation pins to ū), q′ is set to q̄ itself, bit for bit, instead of C′ū + (q̄ − C′ū) rounded: Li's
 * "identical to the input on Γ″".
 *
 * With `spline` (latticeSplineWeights), C′ is replaced by the C¹ spline S everywhere: q′ = Su + R(q̄ − Sū), R the
 * rotation of ∇S(u)·∇S(ū)⁻¹ (the smooth deformation gradients at the vertex), and q′ = q̄ exactly where every
 * lattice vertex S reads equals its fitted position. C′ kinks the surface at every tet face a bent lattice crosses.
 *
 * A fitted tet too flat to invert (|det D_fit| ≤ 10⁻¹²·‖D_fit‖³) uses R = R_sim·R_fitᵀ from the rest-relative
 * deformations instead.
 *
 * @param embedding         the lattice (latticeEmbedding)
 * @param fittedPositions   #N×3 fitted lattice ū for this frame [m] (tetTargetFitter)
 * @param simulatedPositions #N×3 simulated lattice u for this frame [m]
 * @param inputPositions    #S×3 input surface q̄ for this frame [m]
 * @param out               #S×3 receives q′ [m]; Float32Array or Float64Array; may not alias the inputs
 * @param quaternions       optional #S×4 warm starts for the per-vertex rotations (x, y, z, w), updated in
 *                          place; pass the same array every frame to converge in one or two steps
 * @param spline            optional smooth interpolation weights (latticeSplineWeights) read in place of C′
 * @returns out
 */
export function detailTransfer(
  embedding: LatticeEmbedding,
  fittedPositions: ArrayLike<number>,
  simulatedPositions: ArrayLike<number>,
  inputPositions: ArrayLike<number>,
  out: Float32Array | Float64Array,
  quaternions?: Float64Array,
  spline?: LatticeSplineWeights,
): Float32Array | Float64Array {
  const { surfaceVertexCount: S, surfaceTet, surfaceBarycentric, tetrahedra, positions: rest } = embedding;
  if (out.length < 3 * S || inputPositions.length < 3 * S) throw new RangeError(`detailTransfer: input and out need ${S}×3 numbers`);
  const n3 = 3 * embedding.vertexCount;
  if (fittedPositions.length < n3 || simulatedPositions.length < n3) {
    throw new RangeError(`detailTransfer: fitted and simulated positions need ${embedding.vertexCount}×3 numbers`);
  }
  if (quaternions && quaternions.length < 4 * S) throw new RangeError(`detailTransfer: quaternions need ${S}×4 numbers`);
  const { Dfit, Dsim, Frel, R, Rb, q, qb, Drest, product } = scratch;
  // Lattice vertices whose simulated position equals the fitted one, bit for bit (pinned or weight-0 regions): one
  // test per lattice vertex instead of one per spline entry (27 per surface vertex).
  const n = embedding.vertexCount;
  if (scratch.follows.length < n) scratch.follows = new Uint8Array(n);
  const follows = scratch.follows;
  for (let v = 0; v < n; v++) follows[v] = samePoint(simulatedPositions, fittedPositions, 3 * v) ? 1 : 0;
  for (let s = 0; s < S; s++) {
    const t = surfaceTet[s];
    const t0 = tetrahedra[4 * t];
    const t1 = tetrahedra[4 * t + 1];
    const t2 = tetrahedra[4 * t + 2];
    const t3 = tetrahedra[4 * t + 3];
    const v0 = 3 * t0;
    const v1 = 3 * t1;
    const v2 = 3 * t2;
    const v3 = 3 * t3;
    if (follows[t0] && follows[t1] && follows[t2] && follows[t3] && (!spline || supportFollows(spline, s, follows))) {
      out[3 * s] = inputPositions[3 * s];
      out[3 * s + 1] = inputPositions[3 * s + 1];
      out[3 * s + 2] = inputPositions[3 * s + 2];
      continue;
    }
    // S's value and gradient at the vertex for both lattices, in one pass over its entries (each sum in entry order).
    let fittedX = 0;
    let fittedY = 0;
    let fittedZ = 0;
    let simulatedX = 0;
    let simulatedY = 0;
    let simulatedZ = 0;
    if (spline) {
      let f0 = 0,
        f1 = 0,
        f2 = 0,
        f3 = 0,
        f4 = 0,
        f5 = 0,
        f6 = 0,
        f7 = 0,
        f8 = 0;
      let s0 = 0,
        s1 = 0,
        s2 = 0,
        s3 = 0,
        s4 = 0,
        s5 = 0,
        s6 = 0,
        s7 = 0,
        s8 = 0;
      const { offsets, vertices, weights, gradients } = spline;
      for (let e = offsets[s]; e < offsets[s + 1]; e++) {
        const v = 3 * vertices[e];
        const w = weights[e];
        const gx = gradients[3 * e];
        const gy = gradients[3 * e + 1];
        const gz = gradients[3 * e + 2];
        const fx = fittedPositions[v];
        const fy = fittedPositions[v + 1];
        const fz = fittedPositions[v + 2];
        const sx = simulatedPositions[v];
        const sy = simulatedPositions[v + 1];
        const sz = simulatedPositions[v + 2];
        f0 += fx * gx;
        f1 += fx * gy;
        f2 += fx * gz;
        f3 += fy * gx;
        f4 += fy * gy;
        f5 += fy * gz;
        f6 += fz * gx;
        f7 += fz * gy;
        f8 += fz * gz;
        s0 += sx * gx;
        s1 += sx * gy;
        s2 += sx * gz;
        s3 += sy * gx;
        s4 += sy * gy;
        s5 += sy * gz;
        s6 += sz * gx;
        s7 += sz * gy;
        s8 += sz * gz;
        fittedX -= w * fx;
        fittedY -= w * fy;
        fittedZ -= w * fz;
        simulatedX += w * sx;
        simulatedY += w * sy;
        simulatedZ += w * sz;
      }
      Dfit[0] = f0;
      Dfit[1] = f1;
      Dfit[2] = f2;
      Dfit[3] = f3;
      Dfit[4] = f4;
      Dfit[5] = f5;
      Dfit[6] = f6;
      Dfit[7] = f7;
      Dfit[8] = f8;
      Dsim[0] = s0;
      Dsim[1] = s1;
      Dsim[2] = s2;
      Dsim[3] = s3;
      Dsim[4] = s4;
      Dsim[5] = s5;
      Dsim[6] = s6;
      Dsim[7] = s7;
      Dsim[8] = s8;
    } else {
      edgeMatrix(fittedPositions, v0, v1, v2, v3, Dfit);
      edgeMatrix(simulatedPositions, v0, v1, v2, v3, Dsim);
    }
    if (quaternions) {
      q[0] = quaternions[4 * s];
      q[1] = quaternions[4 * s + 1];
      q[2] = quaternions[4 * s + 2];
      q[3] = quaternions[4 * s + 3];
    }
    const initialize =
      !quaternions || (quaternions[4 * s] === 0 && quaternions[4 * s + 1] === 0 && quaternions[4 * s + 2] === 0 && quaternions[4 * s + 3] === 0);
    if (inverseInto(Dfit, Frel)) {
      // F_rel = D_sim · D_fit⁻¹ (Frel holds D_fit⁻¹ here).
      multiply(Dsim, Frel, R);
      closestRotation(R, q, R, initialize, 24, WARM_NEWTON_STOP);
    } else {
      // Degenerate fitted tet: rotation difference of the rest-relative deformations.
      if (spline) splineGradient(spline, s, rest, Drest);
      else edgeMatrix(rest, v0, v1, v2, v3, Drest);
      inverseInto(Drest, Frel);
      multiply(Dsim, Frel, R);
      closestRotation(R, q, R, true);
      multiply(Dfit, Frel, Rb);
      closestRotation(Rb, qb, Rb, true);
      // R ← R_sim · R_fitᵀ
      for (let r = 0; r < 3; r++)
        for (let c = 0; c < 3; c++) product[3 * r + c] = R[3 * r] * Rb[3 * c] + R[3 * r + 1] * Rb[3 * c + 1] + R[3 * r + 2] * Rb[3 * c + 2];
      R.set(product);
    }
    if (quaternions) {
      quaternions[4 * s] = q[0];
      quaternions[4 * s + 1] = q[1];
      quaternions[4 * s + 2] = q[2];
      quaternions[4 * s + 3] = q[3];
    }
    // residual q̄ − Sū (or q̄ − C′ū) and the simulated Su (or C′u)
    let residualX: number;
    let residualY: number;
    let residualZ: number;
    if (spline) {
      residualX = fittedX + inputPositions[3 * s];
      residualY = fittedY + inputPositions[3 * s + 1];
      residualZ = fittedZ + inputPositions[3 * s + 2];
    } else {
      const b0 = surfaceBarycentric[4 * s];
      const b1 = surfaceBarycentric[4 * s + 1];
      const b2 = surfaceBarycentric[4 * s + 2];
      const b3 = surfaceBarycentric[4 * s + 3];
      residualX = inputPositions[3 * s] - (b0 * fittedPositions[v0] + b1 * fittedPositions[v1] + b2 * fittedPositions[v2] + b3 * fittedPositions[v3]);
      residualY =
        inputPositions[3 * s + 1] - (b0 * fittedPositions[v0 + 1] + b1 * fittedPositions[v1 + 1] + b2 * fittedPositions[v2 + 1] + b3 * fittedPositions[v3 + 1]);
      residualZ =
        inputPositions[3 * s + 2] - (b0 * fittedPositions[v0 + 2] + b1 * fittedPositions[v1 + 2] + b2 * fittedPositions[v2 + 2] + b3 * fittedPositions[v3 + 2]);
      simulatedX = b0 * simulatedPositions[v0] + b1 * simulatedPositions[v1] + b2 * simulatedPositions[v2] + b3 * simulatedPositions[v3];
      simulatedY = b0 * simulatedPositions[v0 + 1] + b1 * simulatedPositions[v1 + 1] + b2 * simulatedPositions[v2 + 1] + b3 * simulatedPositions[v3 + 1];
      simulatedZ = b0 * simulatedPositions[v0 + 2] + b1 * simulatedPositions[v1 + 2] + b2 * simulatedPositions[v2 + 2] + b3 * simulatedPositions[v3 + 2];
    }
    out[3 * s] = simulatedX + R[0] * residualX + R[1] * residualY + R[2] * residualZ;
    out[3 * s + 1] = simulatedY + R[3] * residualX + R[4] * residualY + R[5] * residualZ;
    out[3 * s + 2] = simulatedZ + R[6] * residualX + R[7] * residualY + R[8] * residualZ;
  }
  return out;
}

function supportFollows(spline: LatticeSplineWeights, s: number, follows: Uint8Array): boolean {
  for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) if (!follows[spline.vertices[e]]) return false;
  return true;
}

/** Scratch of detailTransfer (one call at a time; nothing is allocated per call once `follows` has grown). */
const scratch = {
  Dfit: new Float64Array(9),
  Dsim: new Float64Array(9),
  Frel: new Float64Array(9),
  R: new Float64Array(9),
  Rb: new Float64Array(9),
  q: new Float64Array(4),
  qb: new Float64Array(4),
  Drest: new Float64Array(9),
  product: new Float64Array(9),
  follows: new Uint8Array(0),
};

function samePoint(a: ArrayLike<number>, b: ArrayLike<number>, v: number): boolean {
  return a[v] === b[v] && a[v + 1] === b[v + 1] && a[v + 2] === b[v + 2];
}

/** out = Σ p[v] ⊗ ∇w_v over surface vertex s's spline entries: the smooth deformation gradient (row-major 3×3). */
function splineGradient(spline: LatticeSplineWeights, s: number, p: ArrayLike<number>, out: Float64Array): void {
  out.fill(0);
  for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) {
    const v = 3 * spline.vertices[e];
    const g = 3 * e;
    for (let r = 0; r < 3; r++) {
      const x = p[v + r];
      out[3 * r] += x * spline.gradients[g];
      out[3 * r + 1] += x * spline.gradients[g + 1];
      out[3 * r + 2] += x * spline.gradients[g + 2];
    }
  }
}

function edgeMatrix(p: ArrayLike<number>, v0: number, v1: number, v2: number, v3: number, out: Float64Array): void {
  for (let r = 0; r < 3; r++) {
    out[3 * r] = p[v1 + r] - p[v0 + r];
    out[3 * r + 1] = p[v2 + r] - p[v0 + r];
    out[3 * r + 2] = p[v3 + r] - p[v0 + r];
  }
}

/** out = m⁻¹ (row-major 3×3); false when |det| ≤ 1e-12·‖m‖_F³. */
function inverseInto(m: Float64Array, out: Float64Array): boolean {
  const det = mat3Determinant(m);
  let norm = 0;
  for (let e = 0; e < 9; e++) norm += m[e] * m[e];
  norm = Math.sqrt(norm);
  if (!(Math.abs(det) > 1e-12 * norm * norm * norm)) return false;
  mat3Inverse(m, out, det);
  return true;
}

function multiply(a: Float64Array, b: Float64Array, out: Float64Array): void {
  const r0 = a[0] * b[0] + a[1] * b[3] + a[2] * b[6];
  const r1 = a[0] * b[1] + a[1] * b[4] + a[2] * b[7];
  const r2 = a[0] * b[2] + a[1] * b[5] + a[2] * b[8];
  const r3 = a[3] * b[0] + a[4] * b[3] + a[5] * b[6];
  const r4 = a[3] * b[1] + a[4] * b[4] + a[5] * b[7];
  const r5 = a[3] * b[2] + a[4] * b[5] + a[5] * b[8];
  const r6 = a[6] * b[0] + a[7] * b[3] + a[8] * b[6];
  const r7 = a[6] * b[1] + a[7] * b[4] + a[8] * b[7];
  const r8 = a[6] * b[2] + a[7] * b[5] + a[8] * b[8];
  out[0] = r0;
  out[1] = r1;
  out[2] = r2;
  out[3] = r3;
  out[4] = r4;
  out[5] = r5;
  out[6] = r6;
  out[7] = r7;
  out[8] = r8;
}
