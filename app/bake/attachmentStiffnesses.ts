import { cscMatrixFromTriplets, ldltFactorization, ldltSolve, ldltSymbolic } from '../math/sparse/index.ts';
import type { VbdModel } from '../solvers/vbd/index.ts';

/**
 * Per-vertex attachment stiffness κ_i [1/s²] of the blending spring k_i = m_i·κ_i·(1 − w_i)/w_i (blendStiffness),
 * chosen so that the painted weight is the fraction of the free body's own lag: κ_i = 1/δ_i, with δ_i [s²] the static
 * compliance of vertex i of the elastic body held at its driver, i.e. how far vertex i lags, per m/s² of uniform
 * acceleration, when the body is free physics (w = 1) attached only to `fixed`:
 *
 *   K u⁽ᶜ⁾ = M e⁽ᶜ⁾ (c = x, y, z; K linear elasticity at the rest shape, M the lumped masses, u = 0 on `fixed`),
 *   δ_i = (u⁽ˣ⁾_ix + u⁽ʸ⁾_iy + u⁽ᶻ⁾_iz)/3.
 *
 * Why (the model of docs/bake.md "Weights and material"): under a slowly varying acceleration a the free body lags by
 * u₀ = K⁻¹M·a; with springs of stiffness m_i/δ_i·(1 − w)/w, and since M·diag(1/δ) u₀ ≈ M a = K u₀ on that shape, the
 * lag becomes (K + K(1 − w)/w)⁻¹ M a = w·u₀: **the weight is how much of the physics' lag shows**, and the region's
 * wobble frequency is its own elastic frequency over √w (ω² = ω_e² + κ(1 − w)/w with κ ≈ ω_e²). δ ∝ ρL²/μ, so κ
 * scales with the material's μ/ρ and with 1/size²: jelly wobbles slower than flesh by √(μ/ρ), a big belly slower than
 * a small one, and a slender tail (compliant in bending) gets a weaker spring than a thick belly of the same weight.
 * A fixed κ (the earlier 1000 s⁻²) made every asset wobble at ≈ 5·√((1 − w)/w) Hz whatever its material and size.
 *
 * Vertices next to the driver have δ → 0; δ is floored at a half-cell shear layer's, ρ(h/2)²/(2μ), h the longest
 * edge around the vertex, so κ stays the order of the local element stiffness (no stiffer than the solver can take).
 * κ is also kept at least `minimum`: a slender part of uniform flesh (a tail, an ear) is a noodle far more compliant
 * in bending than any real one with bones and muscle in it (the generated character's 0.9 m tail: ≈ 0.05 Hz free), and
 * its weight alone would leave it creeping back for seconds; the caller sets the floor from the body's own thickness
 * (createVolumeSimulation: the first shear mode of a slab as thick as the body), so it also scales with √(μ/ρ)/size.
 *
 * Cost: one sparse LDLᵀ of the 3n_free×3n_free elasticity matrix and a 3-column solve, once per mesh.
 *
 * @param model  the VBD model (rest positions, tets with D_m⁻¹, volumes, Lamé μ and λ, masses); triangles, hinges and
 *               springs are ignored
 * @param fixed  #V 1 = held by the animation (the driver: pinned vertices and the skeleton core), at least one per
 *               connected piece (a piece without one would be a free body: its vertices get the floor's κ)
 * @param minimum  κ floor [1/s²] (default 0)
 * @returns #V κ_i [1/s²]; held vertices get the floor's value too
 */
export function attachmentStiffnesses(model: VbdModel, fixed: Uint8Array, minimum = 0): Float64Array {
  const n = model.vertexCount;
  const index = new Int32Array(n).fill(-1);
  let free = 0;
  for (let v = 0; v < n; v++) if (fixed[v] === 0) index[v] = free++;
  // Floor per vertex: ρ(h/2)²/(2μ) with the vertex's longest tet edge h and its tets' mean μ/ρ.
  const floor = new Float64Array(n);
  const edge = new Float64Array(n);
  const stiffnessPerMass = new Float64Array(n);
  const tetCount = model.tetCount;
  const tv = model.tetVertices;
  const x = model.restPositions;
  for (let t = 0; t < tetCount; t++) {
    const volume = model.tetRestVolumes[t];
    for (let i = 0; i < 4; i++) {
      const a = tv[4 * t + i];
      for (let j = i + 1; j < 4; j++) {
        const b = tv[4 * t + j];
        const length = Math.hypot(x[3 * a] - x[3 * b], x[3 * a + 1] - x[3 * b + 1], x[3 * a + 2] - x[3 * b + 2]);
        if (length > edge[a]) edge[a] = length;
        if (length > edge[b]) edge[b] = length;
      }
      // Σ μ·V over the vertex's tets; over Σ ρ·V = 4·m_v (lumped ρV/4 per tet) below, that is the mean μ/ρ.
      stiffnessPerMass[a] += model.tetMu[t] * volume;
    }
  }
  for (let v = 0; v < n; v++) {
    const muOverRho = model.masses[v] > 0 ? stiffnessPerMass[v] / (4 * model.masses[v]) : 0;
    floor[v] = muOverRho > 0 ? (edge[v] * edge[v]) / (8 * muOverRho) : 0;
  }
  const kappa = new Float64Array(n);
  for (let v = 0; v < n; v++) kappa[v] = floor[v] > 0 ? Math.max(minimum, 1 / floor[v]) : minimum;
  if (free === 0) return kappa;

  // K (linear elasticity at the rest shape, free DOFs only): block (a, b) of tet t is
  // V [λ g_a g_bᵀ + μ g_b g_aᵀ + μ (g_a·g_b) I], g the shape-function gradients (rows of D_m⁻¹, g_0 = −Σ).
  const rows: number[] = [];
  const columns: number[] = [];
  const values: number[] = [];
  const g = new Float64Array(12);
  for (let t = 0; t < tetCount; t++) {
    const B = model.tetRestShapeInverse;
    for (let c = 0; c < 3; c++) {
      g[3 + c] = B[9 * t + c];
      g[6 + c] = B[9 * t + 3 + c];
      g[9 + c] = B[9 * t + 6 + c];
      g[c] = -(g[3 + c] + g[6 + c] + g[9 + c]);
    }
    const V = model.tetRestVolumes[t];
    const mu = model.tetMu[t];
    const lambda = model.tetLambda[t];
    for (let a = 0; a < 4; a++) {
      const ia = index[tv[4 * t + a]];
      if (ia < 0) continue;
      for (let b = 0; b < 4; b++) {
        const ib = index[tv[4 * t + b]];
        if (ib < 0) continue;
        const dot = g[3 * a] * g[3 * b] + g[3 * a + 1] * g[3 * b + 1] + g[3 * a + 2] * g[3 * b + 2];
        for (let r = 0; r < 3; r++) {
          for (let c = 0; c < 3; c++) {
            rows.push(3 * ia + r);
            columns.push(3 * ib + c);
            values.push(V * (lambda * g[3 * a + r] * g[3 * b + c] + mu * g[3 * a + c] * g[3 * b + r] + (r === c ? mu * dot : 0)));
          }
        }
      }
    }
  }
  // A free vertex in no tet (or a piece without a driver) would make K singular: a tiny regularization
  // (1e-9 of the mean diagonal) keeps the factorization defined; such vertices come out very compliant and get
  // the floor's κ below only if their δ is not finite.
  const size = 3 * free;
  let trace = 0;
  for (let k = 0; k < values.length; k++) if (rows[k] === columns[k]) trace += values[k];
  const regularization = (1e-9 * trace) / size;
  for (let k = 0; k < size; k++) {
    rows.push(k);
    columns.push(k);
    values.push(regularization > 0 ? regularization : 1e-30);
  }
  const { matrix } = cscMatrixFromTriplets(size, size, rows, columns, values);
  const factor = ldltFactorization(ldltSymbolic(matrix), matrix);
  const rhs = new Float64Array(3 * size);
  for (let v = 0; v < n; v++) {
    const i = index[v];
    if (i < 0) continue;
    for (let c = 0; c < 3; c++) rhs[3 * (3 * i + c) + c] = model.masses[v];
  }
  const u = new Float64Array(3 * size);
  ldltSolve(factor, rhs, u, 3);
  for (let v = 0; v < n; v++) {
    const i = index[v];
    if (i < 0) continue;
    const delta = (u[3 * (3 * i)] + u[3 * (3 * i + 1) + 1] + u[3 * (3 * i + 2) + 2]) / 3;
    const compliance = Math.max(delta, floor[v]);
    kappa[v] = Number.isFinite(compliance) && compliance > 0 ? Math.max(minimum, 1 / compliance) : kappa[v];
  }
  return kappa;
}
