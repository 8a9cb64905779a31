/**
 * Checks the GPU detail transfer (GpuDetailTransfer, detailTransfer.wgsl) against the CPU's detailTransfer on whatever
 * device the caller has (Chromium's WebGPU in the Playwright test; Node's Dawn runs the fuller
 * test/kernels/embedding/gpuDetailTransfer.test.ts): a bumpy UV sphere embedded in a lattice at resolution 6, fitted as
 * the bake fits (strain-limited), the simulated lattice twisted and sagging above the equator (twistedLattice), the
 * lower half left on its fitted positions; two frames, cold and warm-started.
 *
 * @param device  the WebGPU device to test
 * @returns surfaceVertexCount, maxError (largest |gpu − cpu| over both frames relative to the bounding-box diagonal),
 *          exactCopies (vertices the CPU copies from the input that the GPU copied exactly, of `copies`), tolerance,
 *          passed (maxError ≤ tolerance, every copy exact, everything finite)
 */
import { detailTransfer, latticeEmbedding, latticeSplineWeights, tetTargetFitter } from '../../app/embedding/index.ts';
import { GpuDetailTransfer } from './gpuDetailTransfer.ts';

export interface DetailTransferSelfTestResult {
  surfaceVertexCount: number;
  maxError: number;
  copies: number;
  exactCopies: number;
  tolerance: number;
  passed: boolean;
}

const TOLERANCE = 1e-5;

/**
 * A simulated lattice that departs from `fitted` nonlinearly above y = 0 (twisted about y by 0.3 rad per unit of
 * height, sagging by 0.05·y², sheared by 0.02·x²), so that every surface vertex there gets its own rotation, and that
 * equals it bit for bit below (where the transfer must copy the input).
 */
export function twistedLattice(fitted: Float64Array): Float64Array {
  const simulated = Float64Array.from(fitted);
  for (let v = 0; v < fitted.length / 3; v++) {
    const y = fitted[3 * v + 1];
    if (y < 0) continue;
    const angle = 0.3 * y;
    const x = fitted[3 * v];
    const z = fitted[3 * v + 2];
    simulated[3 * v] = Math.cos(angle) * x + Math.sin(angle) * z;
    simulated[3 * v + 1] = y - 0.05 * y * y + 0.02 * x * x;
    simulated[3 * v + 2] = -Math.sin(angle) * x + Math.cos(angle) * z;
  }
  return simulated;
}

export async function detailTransferSelfTest(device: GPUDevice): Promise<DetailTransferSelfTestResult> {
  // A UV sphere of radius 1 with bumps of ±1 cm (deterministic), 12 rings × 16 segments.
  const positions: number[] = [];
  const triangles: number[] = [];
  const rings = 12;
  const segments = 16;
  positions.push(0, 1, 0);
  for (let r = 1; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const theta = (Math.PI * r) / rings;
      const phi = (2 * Math.PI * s) / segments;
      const bump = 1 + 0.01 * Math.sin(5 * phi) * Math.sin(3 * theta);
      positions.push(bump * Math.sin(theta) * Math.cos(phi), bump * Math.cos(theta), bump * Math.sin(theta) * Math.sin(phi));
    }
  }
  positions.push(0, -1, 0);
  const bottom = positions.length / 3 - 1;
  const at = (r: number, s: number) => 1 + (r - 1) * segments + (s % segments);
  for (let s = 0; s < segments; s++) triangles.push(0, at(1, s + 1), at(1, s));
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) triangles.push(at(r, s), at(r, s + 1), at(r + 1, s), at(r, s + 1), at(r + 1, s + 1), at(r + 1, s));
  }
  for (let s = 0; s < segments; s++) triangles.push(bottom, at(rings - 1, s), at(rings - 1, s + 1));
  const input = Float32Array.from(positions);
  const embedding = latticeEmbedding(input, triangles, { resolution: 6 });
  const spline = latticeSplineWeights(embedding);
  const fitted = new Float64Array(3 * embedding.vertexCount);
  tetTargetFitter(embedding, { surfaceTriangles: triangles, stretchLimits: { min: 0.5, max: 2 } }).fit(input, fitted);
  const simulated = twistedLattice(fitted);
  const S = embedding.surfaceVertexCount;
  const transfer = await GpuDetailTransfer.create(device, embedding, spline);
  try {
    const cpuQuaternions = new Float64Array(4 * S);
    const gpuQuaternions = new Float64Array(4 * S);
    let maxError = 0;
    let copies = 0;
    let exactCopies = 0;
    let finite = true;
    for (let frame = 0; frame < 2; frame++) {
      const cpu = new Float32Array(3 * S);
      const gpu = new Float32Array(3 * S);
      detailTransfer(embedding, fitted, simulated, input, cpu, cpuQuaternions, spline);
      await transfer.run(fitted, simulated, input, gpu, gpuQuaternions);
      for (let s = 0; s < S; s++) {
        let copied = true;
        let exact = true;
        for (let c = 3 * s; c < 3 * s + 3; c++) {
          if (!Number.isFinite(gpu[c])) finite = false;
          maxError = Math.max(maxError, Math.abs(gpu[c] - cpu[c]) / (2 * Math.sqrt(3)));
          if (cpu[c] !== input[c]) copied = false;
          if (gpu[c] !== input[c]) exact = false;
        }
        if (copied) {
          copies++;
          if (exact) exactCopies++;
        }
      }
    }
    return { surfaceVertexCount: S, maxError, copies, exactCopies, tolerance: TOLERANCE, passed: finite && maxError <= TOLERANCE && exactCopies === copies };
  } finally {
    transfer.destroy();
  }
}
