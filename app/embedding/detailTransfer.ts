import { mat3Determinant, mat3Inverse } from '../math/mat3/index.ts';
import { closestRotation } from './closestRotation.ts';
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
  const Dfit = new Float64Array(9);
  const Dsim = new Float64Array(9);
  const Frel = new Float64Array(9);
  const R = new Float64Array(9);
  const Rb = new Float64Array(9);
  const q = new Float64Array(4);
  const qb = new Float64Array(4);
  const Drest = new Float64Array(9);
  const product = new Float64Array(9);
  for (let s = 0; s < S; s++) {
    const t = surfaceTet[s];
    const v0 = 3 * tetrahedra[4 * t];
    const v1 = 3 * tetrahedra[4 * t + 1];
    const v2 = 3 * tetrahedra[4 * t + 2];
    const v3 = 3 * tetrahedra[4 * t + 3];
    if (
      samePoint(simulatedPositions, fittedPositions, v0) &&
      samePoint(simulatedPositions, fittedPositions, v1) &&
      samePoint(simulatedPositions, fittedPositions, v2) &&
      samePoint(simulatedPositions, fittedPositions, v3) &&
      (!spline || supportFollows(spline, s, simulatedPositions, fittedPositions))
    ) {
      out[3 * s] = inputPositions[3 * s];
      out[3 * s + 1] = inputPositions[3 * s + 1];
      out[3 * s + 2] = inputPositions[3 * s + 2];
      continue;
    }
    const b0 = surfaceBarycentric[4 * s];
    const b1 = surfaceBarycentric[4 * s + 1];
    const b2 = surfaceBarycentric[4 * s + 2];
    const b3 = surfaceBarycentric[4 * s + 3];
    if (spline) {
      splineGradient(spline, s, fittedPositions, Dfit);
      splineGradient(spline, s, simulatedPositions, Dsim);
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
    const initialize = !quaternions || (quaternions[4 * s] === 0 && quaternions[4 * s + 1] === 0 && quaternions[4 * s + 2] === 0 && quaternions[4 * s + 3] === 0);
    if (inverseInto(Dfit, Frel)) {
      // F_rel = D_sim · D_fit⁻¹ (Frel holds D_fit⁻¹ here).
      multiply(Dsim, Frel, R);
      closestRotation(R, q, R, initialize);
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
      for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) product[3 * r + c] = R[3 * r] * Rb[3 * c] + R[3 * r + 1] * Rb[3 * c + 1] + R[3 * r + 2] * Rb[3 * c + 2];
      R.set(product);
    }
    if (quaternions) {
      quaternions[4 * s] = q[0];
      quaternions[4 * s + 1] = q[1];
      quaternions[4 * s + 2] = q[2];
      quaternions[4 * s + 3] = q[3];
    }
    if (spline) {
      Frel[0] = Frel[1] = Frel[2] = Dfit[0] = Dfit[1] = Dfit[2] = 0;
      for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) {
        const v = 3 * spline.vertices[e];
        const w = spline.weights[e];
        for (let r = 0; r < 3; r++) {
          Frel[r] -= w * fittedPositions[v + r];
          Dfit[r] += w * simulatedPositions[v + r];
        }
      }
      for (let r = 0; r < 3; r++) Frel[r] += inputPositions[3 * s + r];
    } else {
      for (let r = 0; r < 3; r++) {
        const fitted = b0 * fittedPositions[v0 + r] + b1 * fittedPositions[v1 + r] + b2 * fittedPositions[v2 + r] + b3 * fittedPositions[v3 + r];
        const simulated = b0 * simulatedPositions[v0 + r] + b1 * simulatedPositions[v1 + r] + b2 * simulatedPositions[v2 + r] + b3 * simulatedPositions[v3 + r];
        Frel[r] = inputPositions[3 * s + r] - fitted; // residual, reusing scratch
        Dfit[r] = simulated;
      }
    }
    for (let r = 0; r < 3; r++) out[3 * s + r] = Dfit[r] + R[3 * r] * Frel[0] + R[3 * r + 1] * Frel[1] + R[3 * r + 2] * Frel[2];
  }
  return out;
}

function supportFollows(spline: LatticeSplineWeights, s: number, simulated: ArrayLike<number>, fitted: ArrayLike<number>): boolean {
  for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) if (!samePoint(simulated, fitted, 3 * spline.vertices[e])) return false;
  return true;
}

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
