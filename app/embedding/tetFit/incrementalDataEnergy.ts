import { directDataEnergy } from './directDataEnergy.ts';
import type { TetFitData } from './types.ts';

/**
 * Twice the data term of seed 004 Eq. 4.1, Σ_s λ_s‖C′_s x − q̄_s‖², expanded about the frame's first iterate x₀:
 * data(x) = data₀ + 2 g₀·d + dᵀMd exactly (d = x − x₀, g₀ = C′ᵀΛ(C′x₀ − q̄) = Mx₀ − C′ᵀΛq̄, M = C′ᵀΛC′), in O(nnz M)
 * per iterate instead of O(#S), for the energy test of the Anderson acceleration (Peng et al. 2018, Alg. 2). The
 * estimate's `slack` bounds its rounding against the direct sum (directDataEnergy): a relative 1e-9 of the magnitudes
 * summed (either side's rounding is about S·ε ≈ 1e-12 of them) plus 1e-12·P·(P + max|d|) for the cancellation inside
 * the residuals and in g₀ (P the frame's largest coordinate). Generous on purpose: the caller settles a tie within it
 * with the direct sums, so every decision is the one the direct sums make.
 *
 * @param data              the fitter (tetFitData): reads M, Λ, C′ and dataRightHandSide (C′ᵀΛq̄ of the frame);
 *   writes dataEnergy (the expansion point when `first`, and the estimate `data` [m²] with its `slack` [m²])
 * @param x                 #N×3 lattice positions [m]
 * @param surfacePositions  #S×3 targets q̄ [m] (read only when `first`)
 * @param first             true at the frame's first iterate: x becomes x₀ and the estimate is the direct sum
 */
export function incrementalDataEnergy(data: TetFitData, x: Float64Array, surfacePositions: ArrayLike<number>, first: boolean): void {
  if (first) expansionPoint(data, x, surfacePositions);
  else expansion(data, x);
}

/** Makes x the expansion point x₀: data₀ summed directly, g₀ = Mx₀ − C′ᵀΛq̄, P. */
function expansionPoint(data: TetFitData, x: Float64Array, surfacePositions: ArrayLike<number>): void {
  const { vertexCount: n, surfaceVertexCount: S, dataRightHandSide: dataRhs, dataEnergy: estimate } = data;
  const { baseX, baseGradient } = estimate;
  baseX.set(x);
  const baseData = directDataEnergy(data, x, surfacePositions);
  estimate.baseData = baseData;
  let coordinateScale = 0;
  for (let i = 0; i < 3 * S; i++) coordinateScale = Math.max(coordinateScale, Math.abs(surfacePositions[i]));
  for (let i = 0; i < 3 * n; i++) coordinateScale = Math.max(coordinateScale, Math.abs(x[i]));
  estimate.coordinateScale = coordinateScale;
  for (let i = 0; i < 3 * n; i++) baseGradient[i] = -dataRhs[i];
  const { columnPointers, rowIndices, values: m } = data.dataMatrix;
  for (let c = 0; c < n; c++) {
    const xc = 3 * c;
    for (let e = columnPointers[c]; e < columnPointers[c + 1]; e++) {
      const r = 3 * rowIndices[e];
      baseGradient[r] += m[e] * x[xc];
      baseGradient[r + 1] += m[e] * x[xc + 1];
      baseGradient[r + 2] += m[e] * x[xc + 2];
    }
  }
  estimate.data = baseData;
  estimate.slack = 1e-9 * baseData + 1e-12 * coordinateScale * coordinateScale;
}

/** The estimate at x from the expansion about x₀, with its slack. */
function expansion(data: TetFitData, x: Float64Array): void {
  const { vertexCount: n, dataEnergy: estimate } = data;
  const { baseX, baseGradient, baseData, coordinateScale } = estimate;
  let linear = 0;
  let linearMagnitude = 0;
  let largest = 0;
  for (let i = 0; i < 3 * n; i++) {
    const d = x[i] - baseX[i];
    linear += baseGradient[i] * d;
    linearMagnitude += Math.abs(baseGradient[i] * d);
    largest = Math.max(largest, Math.abs(d));
  }
  let quadratic = 0;
  let quadraticMagnitude = 0;
  const { columnPointers, rowIndices, values: m } = data.dataMatrix;
  for (let c = 0; c < n; c++) {
    const dx = x[3 * c] - baseX[3 * c];
    const dy = x[3 * c + 1] - baseX[3 * c + 1];
    const dz = x[3 * c + 2] - baseX[3 * c + 2];
    for (let e = columnPointers[c]; e < columnPointers[c + 1]; e++) {
      const r = 3 * rowIndices[e];
      const product = m[e] * ((x[r] - baseX[r]) * dx + (x[r + 1] - baseX[r + 1]) * dy + (x[r + 2] - baseX[r + 2]) * dz);
      quadratic += product;
      quadraticMagnitude += Math.abs(product);
    }
  }
  estimate.data = baseData + 2 * linear + quadratic;
  estimate.slack = 1e-9 * (baseData + 2 * linearMagnitude + quadraticMagnitude) + 1e-12 * coordinateScale * (coordinateScale + largest);
}
