// vbdSelfTest (the check the Playwright test runs in Chromium and the app can run on its device) passes in Node on
// Dawn in both block layouts, and is not vacuous: the GPU and CPU frames differ by f32 rounding, not by zero.
import { describe, expect, it } from 'vitest';
import { vbdSelfTest } from '../../../kernels/vbd/vbdSelfTest.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`vbdSelfTest${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  for (const threadsPerVertex of [1, 16]) {
    it(`passes with ${threadsPerVertex} lanes per vertex: 5 frames of every element kind within 1e-5 of the diagonal`, async () => {
      const result = await vbdSelfTest(node.device!, threadsPerVertex);
      expect(result.passed, JSON.stringify(result)).toBe(true);
      expect(result.maxError, 'f32 rounding shows (the GPU really computed it)').toBeGreaterThan(0);
      expect(result.maxError, 'within the tolerance').toBeLessThanOrEqual(result.tolerance);
      expect(result.vertexCount, 'lattice + sheet').toBe(80 + 25);
    });
  }
});
