// restShapeInverses.wgsl against its CPU twin app/solvers/vbd/restShapeInverses.ts, in Node on Dawn: the animated
// rest shape D_ref⁻¹ of separate tets posed by random F = R₁·diag(λ)·R₂ (rotations and stretches within the limits,
// stretched 3× and squashed to 0.2 (clamped), repeated stretches (isotropic: the eigenvectors are arbitrary),
// nearly flat (λ = 1e-4), exactly flat and inverted), and the count of clamped tets.
//
// Tolerance: per tet, max |D_ref⁻¹(GPU) − D_ref⁻¹(CPU)| ≤ 5e-6 of the tet's largest entry, both computed from the same
// f32 inputs. Measured worst: 4.7e-7 (SwiftShader; f32 Jacobi, products of three 3×3 matrices; the clamp is Lipschitz, so
// nearly flat and repeated-stretch tets are no worse). The count of clamped tets must be equal: no random stretch lies
// within 1e-3 of a limit, where f32 and f64 could disagree about it.
import { describe, expect, it } from 'vitest';
import { createVbdModel, restShapeInverses } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { quaternionMatrix } from '../../helpers/quaternionMatrix.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { f32, random, roundedModel } from './vbdTestKit.ts';

const TOLERANCE = 5e-6;
const LIMITS = { minStretch: 0.5, maxStretch: 2 };

const node = await nodeComputeBackend();

/** Row-major product of 3×3 matrices. */
function multiply(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  return [0, 1, 2].flatMap((r) => [0, 1, 2].map((c) => a[3 * r] * b[c] + a[3 * r + 1] * b[3 + c] + a[3 * r + 2] * b[6 + c]));
}

/** A random rotation (unit quaternion from four normal-ish samples). */
function rotation(next: () => number): number[] {
  const q = [0, 0, 0, 0].map(() => next() - 0.5);
  const n = Math.hypot(...q);
  const [w, x, y, z] = q.map((v) => v / n);
  return quaternionMatrix([x, y, z, w]);
}

/** A stretch in [a, b] away from the limits by at least 1e-3 (relative), so f32 and f64 agree on clamping. */
function stretchIn(next: () => number, a: number, b: number): number {
  for (;;) {
    const s = a + (b - a) * next();
    if (Math.abs(s / LIMITS.minStretch - 1) > 1e-3 && Math.abs(s / LIMITS.maxStretch - 1) > 1e-3) return s;
  }
}

const KINDS = ['within', 'stretched3', 'squashed', 'isotropic', 'nearlyFlat', 'flat', 'inverted'] as const;

/** tetCount separate tets of random rest shapes (edges ~10 cm around x ≈ 0.5 m), and a pose of each of KINDS in turn. */
function posedTets(tetCount: number, seed: number) {
  const next = random(seed);
  const rest: number[] = [];
  const pose: number[] = [];
  const tets: number[] = [];
  const regular = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
  for (let t = 0; t < tetCount; t++) {
    const kind = KINDS[t % KINDS.length];
    const origin = [0.5 + next() * 0.1, -0.2 + next() * 0.1, 0.3 + next() * 0.1];
    const corners = regular.map((x) => 0.1 * x + 0.02 * (next() - 0.5));
    let stretches = [stretchIn(next, 0.6, 1.9), stretchIn(next, 0.6, 1.9), stretchIn(next, 0.6, 1.9)];
    if (kind === 'stretched3') stretches[0] = 3;
    if (kind === 'squashed') stretches[1] = 0.2;
    if (kind === 'isotropic') stretches = [1.3, 1.3, 1.3];
    if (kind === 'nearlyFlat') stretches[2] = 1e-4;
    if (kind === 'flat') stretches[2] = 0;
    if (kind === 'inverted') stretches[0] = -stretches[0];
    const F = multiply(multiply(rotation(next), [stretches[0], 0, 0, 0, stretches[1], 0, 0, 0, stretches[2]]), rotation(next));
    const moved = [next() - 0.5, next() - 0.5, next() - 0.5];
    for (let k = 0; k < 4; k++) {
      const c = corners.slice(3 * k, 3 * k + 3);
      rest.push(origin[0] + c[0], origin[1] + c[1], origin[2] + c[2]);
      for (let r = 0; r < 3; r++) pose.push(origin[r] + moved[r] + F[3 * r] * c[0] + F[3 * r + 1] * c[1] + F[3 * r + 2] * c[2]);
    }
    tets.push(4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3);
  }
  const model = roundedModel(
    createVbdModel({
      restPositions: f32(rest),
      tetrahedra: { vertices: tets, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping: 0 } },
    }),
  );
  return { model, pose: f32(pose) };
}

describe.skipIf(!node.device)(`restShapeInverses.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  it(`random poses incl. clamped, repeated-stretch, nearly flat, flat and inverted tets: D_ref⁻¹ within ${TOLERANCE} of each tet's largest entry, the same clamped count`, async () => {
    const { model, pose } = posedTets(7 * 30, 11);
    const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 1 });
    try {
      stepper.writeSection('targets', pose);
      stepper.setCall(1 / 60, false, 'adaptive', 0, false, false, LIMITS);
      stepper.runKernel('restShapeInverses');
      const { tetRestShapeInverse: gpu, clampedRestTets } = await stepper.readBuffers();

      const cpu = new Float64Array(9 * model.tetCount);
      const expectedClamped = restShapeInverses(model.tetVertices, pose, model.tetRestShapeInverse, LIMITS.minStretch, LIMITS.maxStretch, cpu);
      const worstByKind = new Map<string, number>();
      for (let t = 0; t < model.tetCount; t++) {
        let largest = 0;
        let error = 0;
        for (let k = 9 * t; k < 9 * t + 9; k++) {
          largest = Math.max(largest, Math.abs(cpu[k]));
          error = Math.max(error, Math.abs(gpu[k] - cpu[k]));
        }
        const kind = KINDS[t % KINDS.length];
        worstByKind.set(kind, Math.max(worstByKind.get(kind) ?? 0, error / largest));
      }
      for (const [kind, worst] of worstByKind) expect(worst, `${kind}: worst |GPU − CPU| / largest entry`).toBeLessThan(TOLERANCE);
      // 4 of the 7 kinds always clamp (stretched 3×, squashed, nearly flat, flat); the others never (stretches in [0.6, 1.9]).
      expect(expectedClamped, 'the CPU clamps the tets of the clamping kinds (else the count says nothing)').toBe((4 * model.tetCount) / 7);
      expect(clampedRestTets, 'clamped tets counted on the GPU').toBe(expectedClamped);
      // The output is not the model's rest shape (a kernel that copied it would fail here, not only by tolerance).
      let moved = 0;
      for (let k = 0; k < cpu.length; k++) moved = Math.max(moved, Math.abs(cpu[k] - model.tetRestShapeInverse[k]));
      expect(moved, 'the animated reference differs from the rest shape').toBeGreaterThan(1);
    } finally {
      stepper.destroy();
    }
  });
});
