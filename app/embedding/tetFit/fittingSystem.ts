import { tetLaplacianTriplets } from '../../geometry/index.ts';
import { tetShapeGradients } from '../../geometry/index.ts';
import { cscMatrixFromTriplets, ldltFactorization, ldltSymbolic, type CscMatrix, type LdltFactorization } from '../../math/sparse/index.ts';
import { unionFindMerge, unionFindRoot } from '../../math/index.ts';
import type { LatticeEmbedding } from '../latticeEmbedding.ts';

/** What fittingSystem assembles: the per-tet rest data and the factored global matrix. */
export interface FittingSystem {
  /** #T×4×3 shape-function gradients g_i of each tet's corners at rest [1/m] */
  shapeGradients: Float64Array;
  /** #T κ_t = h²·V_t/ΣV [m²] */
  tetWeights: Float64Array;
  /** sparse LDLᵀ factor of A = C′ᵀΛC′ + (γ + w)L */
  factor: LdltFactorization;
  /** nnz of the factor */
  factorNonzeros: number;
  /** M = C′ᵀΛC′ alone, #N×#N CSC */
  dataMatrix: CscMatrix;
}

/**
 * The constant global matrix of the local/global fitting of seed 004 Eq. 4.1, A = C′ᵀΛC′ + (γ + w)L, assembled and
 * factored once per embedding (sparse LDLᵀ, nested dissection; Sorkine & Alexa 2007: with the rotations fixed the
 * energy is quadratic with this matrix for every frame), with what it is made of: the tets' shape-function gradients
 * g (F_t(x) = Σ_i x_i g_iᵀ), their weights κ_t = h²·V_t/ΣV (a volume fraction times h², so γ is dimensionless), and
 * the data term's matrix M = C′ᵀΛC′ alone. L is the tet stiffness Laplacian L_ij = Σ_t κ_t g_i·g_j
 * (tetLaplacianTriplets), positive semidefinite with the translations in its null space; the data term makes A
 * definite when every connected lattice part holds a surface vertex of positive weight.
 *
 * @param embedding      the lattice (latticeEmbedding): #N rest positions [m], #T×4 tets, #S containing tets and
 *   barycentric coordinates (the rows of C′), cell size h [m]
 * @param dataWeights    #S Λ, summing to 1 (dataWeights)
 * @param elasticWeight  γ + w, dimensionless: the summed weight of Φ's terms (both are ½κ‖F − target‖²)
 * @returns gradients, tet weights, the factor of A and M
 * @throws Error when A is singular: a connected lattice part without a surface vertex of positive weight (checked
 *   before factoring: the factorization's pivot test does not see it, since rounding leaves that part's last pivot a
 *   tiny positive number instead of 0, and the part was then solved to an arbitrary place), or a factorization failure
 */
export function fittingSystem(embedding: LatticeEmbedding, dataWeights: Float64Array, elasticWeight: number): FittingSystem {
  const { vertexCount: n, tetCount, tetrahedra, positions: rest, surfaceVertexCount: S, surfaceTet, surfaceBarycentric } = embedding;
  const lambda = dataWeights;
  // Shape-function gradients g_k (#T×4×3) and weights κ_t.
  const gradients = new Float64Array(12 * tetCount);
  const kappa = new Float64Array(tetCount);
  let totalVolume = 0;
  for (let t = 0; t < tetCount; t++) {
    const volume = tetShapeGradients(rest, tetrahedra, t, gradients);
    kappa[t] = volume;
    totalVolume += volume;
  }
  const h2 = embedding.cellSize * embedding.cellSize;
  for (let t = 0; t < tetCount; t++) kappa[t] *= h2 / totalVolume;

  // A = C′ᵀΛC′ + (γ + w)L as triplets: 16 per tet and 16 per surface vertex.
  const tripletCount = 16 * (tetCount + S);
  const rows = new Int32Array(tripletCount);
  const columns = new Int32Array(tripletCount);
  const values = new Float64Array(tripletCount);
  let k = tetLaplacianTriplets(tetrahedra, tetCount, gradients, kappa, elasticWeight, rows, columns, values, 0);
  const dataTripletStart = k;
  for (let s = 0; s < S; s++) {
    const t = surfaceTet[s];
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        rows[k] = tetrahedra[4 * t + i];
        columns[k] = tetrahedra[4 * t + j];
        values[k++] = lambda[s] * surfaceBarycentric[4 * s + i] * surfaceBarycentric[4 * s + j];
      }
    }
  }
  const unweighted = unweightedLatticeVertex(embedding, lambda);
  if (unweighted >= 0) {
    throw new Error(
      `tetTargetFitter: the fitting system is singular: the lattice part of lattice vertex ${unweighted} holds no surface vertex with a positive weight; every connected part of the lattice needs one`,
    );
  }
  const { matrix } = cscMatrixFromTriplets(n, n, rows, columns, values);
  // The data term's matrix M = C′ᵀΛC′ alone (its 16·S triplets follow the Laplacian's), for the incremental energy.
  const dataMatrix = cscMatrixFromTriplets(
    n,
    n,
    rows.subarray(dataTripletStart, k),
    columns.subarray(dataTripletStart, k),
    values.subarray(dataTripletStart, k),
  ).matrix;
  const symbolic = ldltSymbolic(matrix);
  let factor: LdltFactorization;
  try {
    factor = ldltFactorization(symbolic, matrix);
  } catch (error) {
    throw new Error(
      `tetTargetFitter: the fitting system is singular (${(error as Error).message}); every connected part of the lattice needs a surface vertex with a positive weight`,
    );
  }
  return { shapeGradients: gradients, tetWeights: kappa, factor, factorNonzeros: symbolic.factorNonzeros, dataMatrix };
}

/**
 * A lattice vertex whose connected lattice part (vertices joined through tets) holds no surface vertex of positive data
 * weight, or −1. Such a part has only the ARAP term, whose null space holds its translations, so A is singular.
 */
function unweightedLatticeVertex(embedding: LatticeEmbedding, dataWeights: Float64Array): number {
  const { vertexCount: n, tetCount, tetrahedra, surfaceVertexCount: S, surfaceTet } = embedding;
  const parent = new Int32Array(n);
  for (let v = 0; v < n; v++) parent[v] = v;
  for (let t = 0; t < tetCount; t++) {
    for (let i = 1; i < 4; i++) unionFindMerge(parent, tetrahedra[4 * t], tetrahedra[4 * t + i]);
  }
  const weighted = new Uint8Array(n);
  for (let s = 0; s < S; s++) if (dataWeights[s] > 0) weighted[unionFindRoot(parent, tetrahedra[4 * surfaceTet[s]])] = 1;
  for (let v = 0; v < n; v++) if (!weighted[unionFindRoot(parent, v)]) return v;
  return -1;
}
