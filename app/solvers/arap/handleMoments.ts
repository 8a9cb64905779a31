/** The moment functions of one handle (handleMoments). */
export interface HandleMoments {
  /** the handle's vertices, in the order given */
  vertices: Int32Array;
  /** up to four functions ψ_l over the vertices (each #vertices long), orthonormal: Σ_i ψ_l[i]ψ_l′[i] = δ_ll′ */
  psi: Float64Array[];
}

/**
 * The affine moment functions of each handle, the weights of its KKT rows Σ_m ψ_l(m)(Uv)_m = Σ_m ψ_l(m) s_m (seed 004
 * Eq. 3.3 with one row per moment instead of one per vertex): an orthonormal basis of {1, x, y, z} over the handle's
 * rest vertices by Gram–Schmidt in that order (x, y, z centred on the handle's centroid and divided by the model's
 * size). A candidate left with a norm below 1e-6·√m is dropped (coplanar, collinear or single-vertex handles), so a
 * handle of up to four vertices in general position pins each vertex exactly and a larger one pins its affine part.
 *
 * @param restPositions  #V×3 rest positions [m], row-major
 * @param size           the model's size [m] (scales x, y, z to order one)
 * @param handleGroups   vertex lists of the handles
 * @returns per handle its vertices and ψ_1…ψ_k (k ≤ 4), in handleGroups' order
 */
export function handleMoments(restPositions: ArrayLike<number>, size: number, handleGroups: readonly ArrayLike<number>[]): HandleMoments[] {
  return handleGroups.map((g) => {
    const vertices = Int32Array.from(g);
    const m = vertices.length;
    const c = [0, 0, 0];
    for (const v of vertices) for (let k = 0; k < 3; k++) c[k] += restPositions[3 * v + k] / m;
    const candidates = [0, 1, 2, 3].map((l) => Float64Array.from(vertices, (v) => (l === 0 ? 1 : (restPositions[3 * v + l - 1] - c[l - 1]) / size)));
    const psi: Float64Array[] = [];
    for (const f of candidates) {
      for (const q of psi) {
        let dot = 0;
        for (let i = 0; i < m; i++) dot += f[i] * q[i];
        for (let i = 0; i < m; i++) f[i] -= dot * q[i];
      }
      let norm = 0;
      for (let i = 0; i < m; i++) norm += f[i] * f[i];
      norm = Math.sqrt(norm);
      if (norm > 1e-6 * Math.sqrt(m)) {
        for (let i = 0; i < m; i++) f[i] /= norm;
        psi.push(f);
      }
    }
    return { vertices, psi };
  });
}
