// vertexForceHessian.wgsl (with the element functions evaluateNeoHookeanForceHessian, evaluateStvkTriangleForceHessian,
// evaluateDihedralBendingForceHessian, evaluateSpringForceHessian, accumulateInertiaForceHessian,
// accumulateAttachmentForceHessian) against its CPU twin app/solvers/vbd/vertexForceHessian.ts, in Node on Dawn:
// every vertex's f_i and H_i on a deformed, moving model with all element kinds, damping, an animated rest shape,
// attachment springs and pins, in both block layouts (1 and 16 lanes per vertex), dynamic and quasistatic; and the
// gather bookkeeping (how many elements each vertex collected) exactly.
//
// Tolerance: the GPU sums n terms in f32, the CPU in f64 from the same f32-rounded inputs, so each entry may differ
// by a few n·ε·Σ|term| (ε = 6e-8). Inside an element, F = D_s D_m⁻¹ is formed from position differences ~30× smaller
// than the positions, which costs another factor ~30. We allow 2e-5 of Σ|term| per entry (measured worst: 4e-6);
// a wrong term, sign or index gives errors of order 1 at that scale.
import { afterAll, describe, expect, it } from 'vitest';
import { vertexForceHessian } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { cpuCallParameters, cpuWorkspace, mixedModel, restShapeOf, roundedModel, substepInputs, uploadInputs, vertexMagnitudes, worstRelative } from './vbdTestKit.ts';

const TOLERANCE = 2e-5;

const node = await nodeComputeBackend();
afterAll(() => node.device?.destroy());

describe.skipIf(!node.device)(`vertexForceHessian.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());

  for (const threadsPerVertex of [1, 16]) {
    for (const quasistatic of [false, true]) {
      it(`f_i and H_i of every vertex within ${TOLERANCE} of Σ|term|, and every element gathered exactly once (${threadsPerVertex} lanes per vertex, ${quasistatic ? 'quasistatic' : 'dynamic with damping'})`, async () => {
        const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex, debugOutputs: true });
        try {
          const inputs = substepInputs(model, 11 + threadsPerVertex, { quasistatic, amplitude: 0.015 });
          uploadInputs(stepper, inputs);
          stepper.runKernel('vertexForceHessian');
          const { reductions, layout } = await stepper.readBuffers();

          const ws = cpuWorkspace(model, inputs);
          const callParameters = cpuCallParameters(inputs);
          const V = model.vertexCount;
          const cpuForce = new Float64Array(3 * V);
          const cpuHessian = new Float64Array(9 * V);
          const gpuForce = new Float64Array(3 * V);
          const gpuHessian = new Float64Array(9 * V);
          for (let v = 0; v < V; v++) {
            vertexForceHessian(model, ws, callParameters, v, inputs.positions, restShapeOf(model, inputs));
            cpuForce.set(ws.force, 3 * v);
            cpuHessian.set(ws.hessian, 9 * v);
            const o = layout.debugStart + 13 * v;
            gpuForce.set(reductions.subarray(o, o + 3), 3 * v);
            gpuHessian.set(reductions.subarray(o + 3, o + 12), 9 * v);
            const gathered =
              model.vertexTetOffsets[v + 1] - model.vertexTetOffsets[v] +
              model.vertexTriangleOffsets[v + 1] - model.vertexTriangleOffsets[v] +
              model.vertexHingeOffsets[v + 1] - model.vertexHingeOffsets[v] +
              model.vertexSpringOffsets[v + 1] - model.vertexSpringOffsets[v];
            expect(reductions[o + 12], `elements gathered by vertex ${v}`).toBe(gathered);
          }
          const scale = vertexMagnitudes(model, ws, callParameters, inputs.positions, restShapeOf(model, inputs));
          const forceError = worstRelative(gpuForce, cpuForce, scale.force, 1e-12);
          const hessianError = worstRelative(gpuHessian, cpuHessian, scale.hessian, 1e-12);
          const where = (k: number, stride: number) => `vertex ${Math.floor(k / stride)} entry ${k % stride} (gpu ${stride === 3 ? gpuForce[k] : gpuHessian[k]}, cpu ${stride === 3 ? cpuForce[k] : cpuHessian[k]})`;
          expect(forceError.error, `force: worst at ${where(forceError.at, 3)}`).toBeLessThan(TOLERANCE);
          expect(hessianError.error, `Hessian: worst at ${where(hessianError.at, 9)}`).toBeLessThan(TOLERANCE);
          // The comparison is not vacuous: the forces are far from zero at this deformation.
          const largest = cpuForce.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
          expect(largest, 'the deformed model has forces to compare').toBeGreaterThan(1);
        } finally {
          stepper.destroy();
        }
      });
    }
  }
});
