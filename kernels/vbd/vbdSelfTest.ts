/**
 * Checks the WebGPU VBD step against the CPU step on whatever device the caller has (Node's Dawn in the tests,
 * Chromium's WebGPU in the Playwright test, later the app's status bar), frame by frame on a small scene with
 * every element kind: a 4×3×3 tet lattice with a moving animated rest shape, a damped cloth sheet with dihedral
 * bending above it, and springs tying the two; pins and blending springs toward moving targets, gravity, adaptive
 * initialization and Chebyshev acceleration; 5 frames × 2 substeps × 8 iterations.
 *
 * Both read the same f32-representable inputs; the GPU rounds to f32 as it goes, so they differ by f32 rounding
 * carried through the iterations (measured about 1e-7 of the scene's diagonal); `tolerance` allows 1e-5.
 *
 * @param device  the WebGPU device to test
 * @returns vertexCount, frames, maxError (the largest |gpu − cpu| position difference over all frames, relative to
 *          the bounding-box diagonal), tolerance, milliseconds (wall time of the GPU frames, readbacks included),
 *          passed (maxError ≤ tolerance and everything finite)
 */
import { boxTetrahedra, createVbdModel, createVbdState, step, type VbdControls } from '../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from './createGpuVbdStepper.ts';

export interface VbdSelfTestResult {
  vertexCount: number;
  frames: number;
  maxError: number;
  tolerance: number;
  milliseconds: number;
  passed: boolean;
}

const TOLERANCE = 1e-5;
const FRAMES = 5;

export async function vbdSelfTest(device: GPUDevice, threadsPerVertex = 16): Promise<VbdSelfTestResult> {
  const round = (values: ArrayLike<number>): Float64Array => Float64Array.from(Float32Array.from(values));
  const lattice = boxTetrahedra([4, 3, 3], [0.4, 0.3, 0.3]);
  const tetVertexCount = lattice.positions.length / 3;
  const n = 4;
  const sheet: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) sheet.push((0.4 * i) / n, 0.4, (0.3 * j) / n);
  const index = (i: number, j: number) => tetVertexCount + j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  const model = createVbdModel({
    restPositions: round([...lattice.positions, ...sheet]),
    tetrahedra: { vertices: lattice.tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping: 0.002 } },
    triangles: { vertices: triangles, materials: { youngsModulus: 5e5, poissonRatio: 0.3, density: 300, damping: 0.001, thickness: 0.001 } },
    springs: {
      vertices: [index(0, 0), tetVertexCount - 1, index(n, n), tetVertexCount - 5],
      materials: { youngsModulus: 1e7, poissonRatio: 0.3, density: 1000, damping: 0.001, crossSectionArea: 1e-5 },
    },
  });
  const V = model.vertexCount;
  const rest = model.restPositions;
  const weights = Float64Array.from({ length: V }, (_, v) => (rest[3 * v] === 0 ? 0 : rest[3 * v] < 0.11 ? 0.5 : 1));
  const poses = Array.from({ length: FRAMES + 1 }, (_, f) =>
    round(Float64Array.from(rest, (x, k) => x + (k % 3 === 1 ? 0.02 * Math.sin(f) : k % 3 === 0 ? 0.01 * f : 0))),
  );
  // an animated rest shape: each frame the tets' rest edges stretched along x by a few percent
  const rests = Array.from({ length: FRAMES }, (_, f) => {
    const out = Float64Array.from(model.tetRestShapeInverse);
    const stretch = 1 + 0.03 * Math.sin(f + 1);
    for (let t = 0; t < model.tetCount; t++) for (let c = 0; c < 3; c++) out[9 * t + c] /= stretch;
    return round(out);
  });
  const controls = (frame: number): VbdControls => ({
    substeps: 2,
    iterations: 8,
    targetsStart: poses[frame],
    targets: poses[frame + 1],
    blendWeights: weights,
    attachmentStiffness: 800,
    tetRestShapeInverse: rests[frame],
    chebyshevRho: 0.9,
    chebyshevDelay: 3,
  });

  const size = diagonal(rest);
  const cpu = createVbdState(model);
  const gpu = createVbdState(model, { precision: 'float32' });
  const stepper = await createGpuVbdStepper(device, model, { threadsPerVertex });
  try {
    stepper.setState(gpu);
    let maxError = 0;
    let finite = true;
    let milliseconds = 0;
    for (let frame = 0; frame < FRAMES; frame++) {
      step(model, cpu, cpu, controls(frame), 1 / 30);
      const start = performance.now();
      stepper.step(controls(frame), 1 / 30);
      await stepper.readState(gpu);
      milliseconds += performance.now() - start;
      for (let k = 0; k < 3 * V; k++) {
        if (!Number.isFinite(gpu.positions[k])) finite = false;
        maxError = Math.max(maxError, Math.abs(gpu.positions[k] - cpu.positions[k]) / size);
      }
    }
    return { vertexCount: V, frames: FRAMES, maxError, tolerance: TOLERANCE, milliseconds, passed: finite && maxError <= TOLERANCE };
  } finally {
    stepper.destroy();
  }
}

function diagonal(positions: ArrayLike<number>): number {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let k = 0; k < positions.length; k++) {
    min[k % 3] = Math.min(min[k % 3], positions[k]);
    max[k % 3] = Math.max(max[k % 3], positions[k]);
  }
  return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}
