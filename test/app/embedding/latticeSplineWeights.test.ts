// latticeSplineWeights: the quadratic B-spline over the lattice is a partition of unity that reproduces affine fields
// exactly (also at the lattice's border, through the extrapolated neighbours), its weight gradients give the identity
// on the rest lattice, and, unlike the tets' piecewise-linear C′, it leaves no kink where a bent lattice crosses a tet
// face (the crease of issue 9 on the sample's landing).
import { describe, expect, it } from 'vitest';
import { embeddedSurfacePositions, latticeEmbedding, latticeSplineWeights } from '../../../app/embedding/index.ts';
import { interiorEdges, surfaceCrease } from '../../helpers/surfaceCrease.ts';
import { mergeMeshes, uvSphere } from './meshes.ts';

describe('latticeSplineWeights', () => {
  // Two separate shells (their cells are duplicated where they overlap) and a fine surface beside the lattice.
  const surface = mergeMeshes(uvSphere([0, 0, 0], 1, 40, 64), uvSphere([0.9, 0.2, 0], 0.35, 12, 16));
  const embedding = latticeEmbedding(surface.positions, surface.triangles, { resolution: 6 });
  const spline = latticeSplineWeights(embedding);
  const S = embedding.surfaceVertexCount;
  const apply = (lattice: ArrayLike<number>, out: Float64Array) => {
    for (let s = 0; s < S; s++) {
      for (let a = 0; a < 3; a++) {
        let x = 0;
        for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) x += spline.weights[e] * lattice[3 * spline.vertices[e] + a];
        out[3 * s + a] = x;
      }
    }
    return out;
  };

  it('is a partition of unity whose gradients give the identity on the rest lattice', () => {
    let worstSum = 0;
    let worstGradient = 0;
    for (let s = 0; s < S; s++) {
      let sum = 0;
      const gradient = new Float64Array(9);
      for (let e = spline.offsets[s]; e < spline.offsets[s + 1]; e++) {
        sum += spline.weights[e];
        for (let r = 0; r < 3; r++)
          for (let c = 0; c < 3; c++) gradient[3 * r + c] += embedding.positions[3 * spline.vertices[e] + r] * spline.gradients[3 * e + c];
      }
      worstSum = Math.max(worstSum, Math.abs(sum - 1));
      for (let k = 0; k < 9; k++) worstGradient = Math.max(worstGradient, Math.abs(gradient[k] - (k % 4 === 0 ? 1 : 0)));
    }
    expect(worstSum, 'weights sum to 1').toBeLessThan(1e-12);
    expect(worstGradient, 'Σ x̄ ⊗ ∇w = I').toBeLessThan(1e-9);
  });

  it('reproduces an affine map of the lattice exactly, border included', () => {
    const A = [1.2, 0.3, -0.1, 0.05, 0.8, 0.4, -0.2, 0.1, 1.1];
    const t = [0.3, -0.5, 0.2];
    const lattice = new Float64Array(embedding.positions.length);
    for (let v = 0; v < embedding.vertexCount; v++) {
      for (let r = 0; r < 3; r++)
        lattice[3 * v + r] =
          t[r] + A[3 * r] * embedding.positions[3 * v] + A[3 * r + 1] * embedding.positions[3 * v + 1] + A[3 * r + 2] * embedding.positions[3 * v + 2];
    }
    const out = apply(lattice, new Float64Array(3 * S));
    let worst = 0;
    for (let s = 0; s < S; s++) {
      for (let r = 0; r < 3; r++) {
        const p = surface.positions;
        const expected = t[r] + A[3 * r] * p[3 * s] + A[3 * r + 1] * p[3 * s + 1] + A[3 * r + 2] * p[3 * s + 2];
        worst = Math.max(worst, Math.abs(out[3 * s + r] - expected));
      }
    }
    expect(worst, 'S(A x̄ + t) = A x + t on every surface vertex').toBeLessThan(1e-9);
  });

  it('leaves no kink where a bent lattice crosses tet faces (C′ does)', () => {
    // A quadratic bend of the lattice, y += κ·x²/2 with κ = 1/m: smooth, so the surface should bend smoothly.
    const bent = Float64Array.from(embedding.positions);
    for (let v = 0; v < embedding.vertexCount; v++) bent[3 * v + 1] += 0.5 * embedding.positions[3 * v] ** 2;
    const edges = interiorEdges(surface.triangles);
    const exact = Float64Array.from(surface.positions);
    for (let s = 0; s < S; s++) exact[3 * s + 1] += 0.5 * surface.positions[3 * s] ** 2;
    // Kinks of each interpolation relative to the exact bend (the bend's own curvature cancels).
    const smooth = surfaceCrease(edges, exact, apply(bent, new Float64Array(3 * S)));
    const linear = surfaceCrease(edges, exact, embeddedSurfacePositions(embedding, bent, new Float64Array(3 * S)));
    // Measured: C′ rms 0.062, max 0.34 (a slope jump of κ·h at every face); the spline rms 0.0015, max 0.02 (at the
    // lattice's border, where the extrapolated neighbours are linear).
    expect(linear.rms, `C′ kinks at tet faces: rms ${linear.rms.toFixed(4)}`).toBeGreaterThan(0.03);
    expect(linear.max, `C′ kinks at tet faces: max ${linear.max.toFixed(3)}`).toBeGreaterThan(0.2);
    expect(smooth.rms, `the spline's kinks: rms ${smooth.rms.toFixed(4)}`).toBeLessThan(0.005);
    expect(smooth.max, `the spline's largest kink ${smooth.max.toFixed(4)}`).toBeLessThan(0.05);
  });
});
