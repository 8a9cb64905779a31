// GpuDetailTransfer (kernels/embedding/detailTransfer.wgsl), the GPU twin of app/embedding/detailTransfer.ts with its
// spline, against the CPU on the same inputs, in Node on Dawn: a bumpy sphere embedded in a lattice at resolution 8,
// the fitted lattice from tetTargetFitter as the bake fits it, a simulated lattice that bends away from it (a twist and a sag, nonlinear,
// so every surface vertex gets its own rotation) with one half pinned (u = ū bit for bit there):
// - q′ agrees with the CPU's within 1e-5 of the diagonal (f32: positions ~1e-7 relative; a dropped detail term or a
//   wrong rotation moves the bumps by ~1e-2), cold and then warm-started from the first call's quaternions;
// - where every lattice vertex the spline reads follows its fitted position, q′ is the input exactly (f32);
// - the warm starts come back as the CPU's (up to sign, 1e-4);
// - a flat fitted lattice (every fitted gradient singular) takes the rest-relative branch as the CPU does;
// - the runner refuses arrays that are too short.
import { describe, expect, it } from 'vitest';
import { detailTransfer, latticeEmbedding, latticeSplineWeights, tetTargetFitter } from '../../../app/embedding/index.ts';
import { twistedLattice } from '../../../kernels/embedding/detailTransferSelfTest.ts';
import { GpuDetailTransfer } from '../../../kernels/embedding/gpuDetailTransfer.ts';
import { axisAngle, transformed, uvSphere } from '../../app/embedding/meshes.ts';
import { diagonalOf } from '../../app/embedding/helpers.ts';
import { random } from '../../helpers/random.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';

const node = await nodeComputeBackend();

const TOLERANCE = 1e-5;

describe.skipIf(!node.device)(`detailTransfer on WebGPU matches the CPU${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const sphere = uvSphere([0, 0, 0], 1, 16, 24);
  const embedding = latticeEmbedding(sphere.positions, sphere.triangles, { resolution: 8 });
  const spline = latticeSplineWeights(embedding);
  const next = random(8);
  const input = transformed(sphere.positions, axisAngle([0, 1, 0], 0.4), [0, 0.1, 0]);
  for (let i = 0; i < input.length; i++) input[i] += 0.02 * (next() - 0.5);
  const inputF32 = Float32Array.from(input);
  const fitted = new Float64Array(3 * embedding.vertexCount);
  // The bake's fit (strain-limited: no inverted tet). The tight fit inverts tets under these bumps, and the polar
  // rotation of an inverted relative gradient is ill-conditioned: f32 and f64 then pick rotations 0.3 of the diagonal
  // apart (measured), both within rounding of the maximum.
  tetTargetFitter(embedding, { surfaceTriangles: sphere.triangles, stretchLimits: { min: 0.5, max: 2 } }).fit(inputF32, fitted);
  // Simulated: the fitted lattice twisted about y and sagging, growing with height; the lower half left as fitted.
  const simulated = twistedLattice(fitted);
  const S = embedding.surfaceVertexCount;
  const size = diagonalOf(sphere.positions);

  const compare = (cpu: Float32Array, gpu: Float32Array): number => {
    let worst = 0;
    for (let i = 0; i < cpu.length; i++) worst = Math.max(worst, Math.abs(cpu[i] - gpu[i]));
    return worst / size;
  };

  it(`q′ within ${TOLERANCE} of the diagonal, cold then warm; exact where the lattice follows; the same warm starts`, async () => {
    const transfer = await GpuDetailTransfer.create(node.device!, embedding, spline);
    try {
      const cpuQuaternions = new Float64Array(4 * S);
      const gpuQuaternions = new Float64Array(4 * S);
      for (const pass of ['cold', 'warm']) {
        const cpu = new Float32Array(3 * S);
        const gpu = new Float32Array(3 * S);
        detailTransfer(embedding, fitted, simulated, inputF32, cpu, cpuQuaternions, spline);
        await transfer.run(fitted, simulated, inputF32, gpu, gpuQuaternions);
        const moved = compare(cpu, inputF32);
        expect(moved, `${pass}: the simulation moves the surface (else the comparison says nothing)`).toBeGreaterThan(1e-2);
        expect(compare(cpu, gpu), `${pass}: worst |gpu − cpu| / diagonal`).toBeLessThan(TOLERANCE);
        let exact = 0;
        let copied = 0;
        for (let s = 0; s < S; s++) {
          const same = cpu[3 * s] === inputF32[3 * s] && cpu[3 * s + 1] === inputF32[3 * s + 1] && cpu[3 * s + 2] === inputF32[3 * s + 2];
          if (!same) continue;
          copied++;
          if (gpu[3 * s] === inputF32[3 * s] && gpu[3 * s + 1] === inputF32[3 * s + 1] && gpu[3 * s + 2] === inputF32[3 * s + 2]) exact++;
        }
        expect(copied, `${pass}: the pinned half copies the input`).toBeGreaterThan(S / 4);
        expect(exact, `${pass}: vertices the CPU copies from the input, copied exactly on the GPU`).toBe(copied);
        let worstQuaternion = 0;
        for (let s = 0; s < S; s++) {
          let dot = 0;
          for (let k = 0; k < 4; k++) dot += cpuQuaternions[4 * s + k] * gpuQuaternions[4 * s + k];
          const sign = dot < 0 ? -1 : 1;
          for (let k = 0; k < 4; k++) worstQuaternion = Math.max(worstQuaternion, Math.abs(cpuQuaternions[4 * s + k] - sign * gpuQuaternions[4 * s + k]));
        }
        expect(worstQuaternion, `${pass}: warm starts`).toBeLessThan(1e-4);
      }
      await expect(transfer.run(fitted, simulated, inputF32, new Float32Array(3), new Float64Array(4 * S))).rejects.toThrow(/need \d+×3 numbers/);
    } finally {
      transfer.destroy();
    }
  });

  it('a flat fitted lattice (singular fitted gradients) takes the rest-relative rotations, as on the CPU', async () => {
    const flat = Float64Array.from(fitted);
    for (let v = 0; v < embedding.vertexCount; v++) flat[3 * v + 2] = 0;
    const transfer = await GpuDetailTransfer.create(node.device!, embedding, spline);
    try {
      const cpu = new Float32Array(3 * S);
      const gpu = new Float32Array(3 * S);
      detailTransfer(embedding, flat, simulated, inputF32, cpu, new Float64Array(4 * S), spline);
      await transfer.run(flat, simulated, inputF32, gpu, new Float64Array(4 * S));
      expect(compare(cpu, gpu), 'worst |gpu − cpu| / diagonal').toBeLessThan(TOLERANCE);
    } finally {
      transfer.destroy();
    }
  });
});
