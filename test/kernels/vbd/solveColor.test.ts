// solveColor.wgsl (with solveVertexBlock and solveSymmetric3x3) against its CPU twin app/solvers/vbd/solveColor.ts, in
// Node on Dawn: one color pass at a time on a deformed model with every element kind, in both block layouts, with
// dispatches folded into two dimensions. The coloring bookkeeping must be exact: exactly the unpinned vertices of
// the color move, every other coordinate keeps its bits; a vertex whose H_i is singular is skipped and counted.
//
// Tolerance: Δx_i = H_i⁻¹ f_i from f_i, H_i that match to 4e-6 of Σ|term| (vertexForceHessian.test.ts), solved in
// f32; the new position may differ by a few 1e-6 of the largest step of the pass, plus the f32 rounding of the
// position itself (3e-8 m at 0.3 m). We allow 2e-5 of the step plus 1e-7 m (measured worst: 1.7e-8 m on 1.8 cm
// steps). A wrong color, a missed element or an unsolved vertex errs by the step itself.
import { afterAll, describe, expect, it } from 'vitest';
import { solveColor } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { cpuCallParameters, cpuWorkspace, mixedModel, restShapeOf, roundedModel, substepInputs, uploadInputs } from './vbdTestKit.ts';

const RELATIVE_TOLERANCE = 2e-5;

const node = await nodeComputeBackend();
afterAll(() => node.device?.destroy());

describe.skipIf(!node.device)(`solveColor.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel(0.002, true));
  const isolated = model.vertexCount - 1;

  for (const threadsPerVertex of [1, 16]) {
    it(`every color: the color's unpinned vertices take the CPU's Newton step, all others keep their bits, the massless vertex is skipped (${threadsPerVertex} lanes per vertex, dispatches folded at 2 workgroups per row)`, async () => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex, maxWorkgroupsPerDimension: 2 });
      try {
        const inputs = substepInputs(model, 31 + threadsPerVertex, { amplitude: 0.015 });
        const before = Float32Array.from(inputs.positions);
        let skippedExpected = 0;
        for (let color = 0; color < model.colorCount; color++) {
          uploadInputs(stepper, inputs);
          stepper.runKernel('solveColor', { color });
          const gpu = await stepper.readBuffers();
          const ws = cpuWorkspace(model, inputs);
          const cpu = Float64Array.from(inputs.positions);
          solveColor(model, ws, cpuCallParameters(inputs), color, cpu, restShapeOf(model, inputs));
          skippedExpected += ws.skippedSolves;

          const members = new Set(model.colorVertices.subarray(model.colorOffsets[color], model.colorOffsets[color + 1]));
          let largestStep = 0;
          for (const v of members) for (let c = 0; c < 3; c++) largestStep = Math.max(largestStep, Math.abs(cpu[3 * v + c] - inputs.positions[3 * v + c]));
          let worst = 0;
          let worstAt = -1;
          for (let v = 0; v < model.vertexCount; v++) {
            const moves = members.has(v) && !inputs.pinned[v] && v !== isolated;
            for (let c = 0; c < 3; c++) {
              const k = 3 * v + c;
              if (!moves) {
                expect(gpu.positions[k], `vertex ${v} (color ${model.vertexColors[v]}${inputs.pinned[v] ? ', pinned' : ''}) is not solved in color ${color}`).toBe(before[k]);
                continue;
              }
              const error = Math.abs(gpu.positions[k] - cpu[k]);
              if (error > worst) [worst, worstAt] = [error, v];
            }
          }
          expect(largestStep, `color ${color} moves its vertices`).toBeGreaterThan(1e-4);
          expect(worst, `color ${color}: worst |gpu − cpu| at vertex ${worstAt}, largest step ${largestStep.toExponential(2)} m`).toBeLessThan(RELATIVE_TOLERANCE * largestStep + 1e-7);
        }
        const { skippedSolves } = await stepper.readBuffers();
        expect(skippedExpected, 'the CPU skips the massless vertex').toBe(1);
        expect(skippedSolves, 'skipped solves counted on the GPU').toBe(skippedExpected);
      } finally {
        stepper.destroy();
      }
    });
  }
});
