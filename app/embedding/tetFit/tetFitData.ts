import { andersonAccelerator } from '../../math/index.ts';
import type { LatticeEmbedding } from '../latticeEmbedding.ts';
import { dataWeights } from './dataWeights.ts';
import { fittingSystem } from './fittingSystem.ts';
import type { TetFitData, TetTargetFitterOptions } from './types.ts';

/** Depth m of the Anderson acceleration (Peng et al. use 5–6). */
const ANDERSON_DEPTH = 5;

/**
 * The precomputation of the fitting of seed 004 Eq. 4.1 for one embedding (libigl's arap_precomputation): resolves
 * and checks the options, computes the data weights Λ (dataWeights), assembles and factors A = C′ᵀΛC′ + (γ + w)L
 * (fittingSystem), builds the adjacency of the untangling passes, and allocates every array a fit uses, so that fit
 * allocates nothing per iteration. The per-tet rotations start at the identity, cold.
 *
 * @param embedding  the lattice (latticeEmbedding)
 * @param options    tetTargetFitter's options (types.ts documents each, with its default)
 * @returns the fitter's data
 * @throws RangeError for a non-positive γ or w, a band that excludes the rest shape (min > 1 or max < 1), or bad
 *   surface weights (dataWeights)
 * @throws Error when a connected lattice part has no weighted surface vertex (the system is then singular)
 */
export function tetFitData(embedding: LatticeEmbedding, options: TetTargetFitterOptions): TetFitData {
  const limits = options.stretchLimits;
  if (limits && !(limits.min > 0 && limits.min <= 1 && limits.max >= 1 && Number.isFinite(limits.max))) {
    throw new RangeError(`tetTargetFitter: stretchLimits must satisfy 0 < min ≤ 1 ≤ max < ∞, got [${limits.min}, ${limits.max}]`);
  }
  const gamma = options.gamma ?? (limits ? 0.1 : 1e-7);
  if (!(gamma > 0)) throw new RangeError(`tetTargetFitter: gamma must be > 0, got ${gamma}`);
  const limitWeight = limits ? (options.stretchLimitWeight ?? 1) : 0;
  if (limits && !(limitWeight > 0 && Number.isFinite(limitWeight))) {
    throw new RangeError(`tetTargetFitter: stretchLimitWeight must be > 0, got ${limitWeight}`);
  }
  const { vertexCount: n, tetCount, tetrahedra, surfaceVertexCount: S, surfaceTet } = embedding;
  const lambda = dataWeights(embedding, options);
  // Each surface vertex's 4 lattice coordinates offsets (3·vertex of its tet's corners): one indirection fewer in the
  // loops over surface vertices that run every iteration.
  const surfaceCorners = new Int32Array(4 * S);
  for (let s = 0; s < S; s++) for (let i = 0; i < 4; i++) surfaceCorners[4 * s + i] = 3 * tetrahedra[4 * surfaceTet[s] + i];
  // Both terms of Φ are ½κ‖F − target‖², so the global matrix holds their summed weight.
  const system = fittingSystem(embedding, lambda, gamma + limitWeight);
  const rotations = new Float64Array(4 * tetCount);
  for (let t = 0; t < tetCount; t++) rotations[4 * t + 3] = 1;
  return {
    embedding,
    vertexCount: n,
    tetCount,
    surfaceVertexCount: S,
    tetrahedra,
    restPositions: embedding.positions,
    surfaceTet,
    surfaceBarycentric: embedding.surfaceBarycentric,
    surfaceCorners,
    gamma,
    limitWeight,
    stretchLimited: Boolean(limits),
    minStretch: limits?.min ?? 0,
    maxStretch: limits?.max ?? Infinity,
    tolerance: (options.tolerance ?? (limits ? 1e-3 : 1e-4)) * embedding.cellSize,
    maxIterations: options.maxIterations ?? 30,
    incremental: (options.dataEnergy ?? 'incremental') === 'incremental',
    dataWeights: lambda,
    shapeGradients: system.shapeGradients,
    tetWeights: system.tetWeights,
    factor: system.factor,
    factorNonzeros: system.factorNonzeros,
    dataMatrix: system.dataMatrix,
    ...untanglingAdjacency(embedding),
    rotations,
    coldStart: true,
    dataRightHandSide: new Float64Array(3 * n),
    responseRightHandSide: new Float64Array(3 * n),
    rightHandSide: new Float64Array(3 * n),
    positions: new Float64Array(3 * n),
    plainIterate: new Float64Array(3 * n),
    residual: new Float64Array(3 * n),
    acceptedPositions: new Float64Array(3 * n),
    anderson: andersonAccelerator(3 * n, ANDERSON_DEPTH),
    dataEnergy: { baseX: new Float64Array(3 * n), baseGradient: new Float64Array(3 * n), baseData: 0, coordinateScale: 0, data: 0, slack: 0 },
    alignment: { rotation: new Float64Array(9), quaternion: new Float64Array(4), sourceCentroid: new Float64Array(3), targetCentroid: new Float64Array(3) },
    deformation: new Float64Array(9),
    rotation: new Float64Array(9),
    projection: new Float64Array(9),
    tetQuaternion: new Float64Array(4),
    tetTarget: new Float64Array(9),
    surfaceScratch: new Float64Array(3 * S),
    inverted: new Uint8Array(tetCount),
    active: new Uint8Array(n),
  };
}

/** Per-vertex adjacency for the untangling passes: the tets of each lattice vertex, the surface vertices of each tet. */
function untanglingAdjacency(embedding: LatticeEmbedding): Pick<TetFitData, 'vertexTetOffsets' | 'vertexTets' | 'tetSurfaceOffsets' | 'tetSurface'> {
  const { vertexCount: n, tetCount, tetrahedra, surfaceVertexCount: S, surfaceTet } = embedding;
  const vertexTetOffsets = new Int32Array(n + 1);
  for (let k = 0; k < 4 * tetCount; k++) vertexTetOffsets[tetrahedra[k] + 1]++;
  for (let v = 0; v < n; v++) vertexTetOffsets[v + 1] += vertexTetOffsets[v];
  const vertexTets = new Int32Array(4 * tetCount);
  {
    const fill = vertexTetOffsets.slice(0, n);
    for (let k = 0; k < 4 * tetCount; k++) vertexTets[fill[tetrahedra[k]]++] = k;
  }
  const tetSurfaceOffsets = new Int32Array(tetCount + 1);
  for (let s = 0; s < S; s++) tetSurfaceOffsets[surfaceTet[s] + 1]++;
  for (let t = 0; t < tetCount; t++) tetSurfaceOffsets[t + 1] += tetSurfaceOffsets[t];
  const tetSurface = new Int32Array(S);
  {
    const fill = tetSurfaceOffsets.slice(0, tetCount);
    for (let s = 0; s < S; s++) tetSurface[fill[surfaceTet[s]]++] = s;
  }
  return { vertexTetOffsets, vertexTets, tetSurfaceOffsets, tetSurface };
}
