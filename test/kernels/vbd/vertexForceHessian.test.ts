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
import { describe, expect, it } from 'vitest';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { compareVertexForceHessians, cpuTwin, elementCount, mixedModel, roundedModel, substepInputs, uploadInputs, vertexMagnitudes } from './vbdTestKit.ts';

const TOLERANCE = 2e-5;

const node = await nodeComputeBackend();

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

          const { ws, callParameters, restShape } = cpuTwin(model, inputs);
          let largest = 0;
          const result = compareVertexForceHessians(
            model,
            ws,
            callParameters,
            inputs,
            reductions,
            layout.debugStart,
            (v) => elementCount(model, v),
            (cpu) => {
              largest = cpu.force.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
              return vertexMagnitudes(model, ws, callParameters, inputs.positions, restShape);
            },
          );
          expect(result.countErrors, 'every element gathered exactly once').toEqual([]);
          expect(result.force.error, `force: worst at ${result.force.where}`).toBeLessThan(TOLERANCE);
          expect(result.hessian.error, `Hessian: worst at ${result.hessian.where}`).toBeLessThan(TOLERANCE);
          // The comparison is not vacuous: the forces are far from zero at this deformation.
          expect(largest, 'the deformed model has forces to compare').toBeGreaterThan(1);
        } finally {
          stepper.destroy();
        }
        // SwiftShader: up to 18.5 s in the quiet suite, 88 s alone at load 12 (past vitest's 120 s beside other files).
      }, 450_000);
    }
  }
});
