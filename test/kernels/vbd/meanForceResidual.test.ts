// meanForceResidual.wgsl (meanForceResidual and sumResidual) against its CPU twin app/solvers/vbd/meanForceResidual.ts,
// in Node on Dawn: Σ_v ‖f_v‖ over unpinned vertices (the GPU leaves the division by the count to the host; the count
// cancels in the relative residual of Eq. 5.28), written to the requested result slot, in both block layouts, with
// the per-workgroup partial sums folded into two dimensions.
//
// Tolerance: each ‖f_v‖ matches to 4e-6 of its Σ|term| (vertexForceHessian.test.ts) and the sum of 62 norms adds f32
// rounding: 1e-5 of the sum (measured: 9e-8). Dropping a vertex or a term changes it by ≥ 1%.
import { describe, expect, it } from 'vitest';
import { meanForceResidual } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { cpuTwin, mixedModel, roundedModel, substepInputs, uploadInputs } from './vbdTestKit.ts';

const TOLERANCE = 1e-5;

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`meanForceResidual.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());
  for (const threadsPerVertex of [1, 16]) {
    for (const quasistatic of [false, true]) {
      it(`Σ‖f_v‖ over unpinned vertices in slot 3 (${threadsPerVertex} lanes per vertex, ${quasistatic ? 'quasistatic' : 'dynamic'})`, async () => {
        const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex, maxWorkgroupsPerDimension: 3 });
        try {
          const inputs = substepInputs(model, 51, { quasistatic });
          uploadInputs(stepper, inputs);
          stepper.runKernel('meanForceResidual');
          stepper.runKernel('sumResidual', { residualSlot: 3 });
          const { reductions, layout } = await stepper.readBuffers();
          const unpinned = inputs.pinned.reduce((n, p) => n + (p ? 0 : 1), 0);
          const { ws, callParameters, restShape } = cpuTwin(model, inputs);
          const expected = meanForceResidual(model, ws, callParameters, inputs.positions, restShape) * unpinned;
          const actual = reductions[layout.resultsStart + 3];
          expect(expected, 'a residual to compare').toBeGreaterThan(1);
          expect(Math.abs(actual - expected) / expected, `GPU ${actual} vs CPU ${expected}`).toBeLessThan(TOLERANCE);
        } finally {
          stepper.destroy();
        }
      });
    }
  }
});
