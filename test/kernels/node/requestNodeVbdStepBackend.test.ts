// requestNodeVbdStepBackend: 'webgpu' takes the adapter Node finds (SwiftShader in CI) and steps on it; 'auto' refuses
// a software adapter with a reason that names it, so `overlap bake --backend auto` stays on the faster CPU there.
import { describe, expect, it } from 'vitest';
import { createVbdState } from '../../../app/solvers/vbd/index.ts';
import { SWIFTSHADER_VULKAN_ICD } from '../../../kernels/node/nodeGpu.ts';
import { requestNodeVbdStepBackend } from '../../../kernels/node/requestNodeVbdStepBackend.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { tetLattice } from '../vbd/vbdTestKit.ts';

const probe = await nodeComputeBackend();
const software = probe.backend.kind === 'webgpu' && probe.backend.isFallbackAdapter;

describe.skipIf(!probe.device)(`requestNodeVbdStepBackend${probe.skipReason ? ` (skipped: ${probe.skipReason})` : ''}`, () => {
  it("'webgpu' gives a backend that names its adapter and steps a model", async () => {
    const answer = await requestNodeVbdStepBackend('webgpu', { vulkanIcd: SWIFTSHADER_VULKAN_ICD });
    if (!('backend' in answer)) throw new Error(answer.reason);
    const { backend } = answer;
    try {
      expect(backend.kind, 'kind').toBe('webgpu');
      expect(backend.description, 'one line naming the adapter').toMatch(/^WebGPU: \S/);
      expect(backend.adapter?.description, 'the adapter description').toBeTruthy();
      const model = tetLattice([2, 2, 2]);
      const stepper = backend.createStepper(model);
      const state = createVbdState(model);
      stepper.setState(state);
      stepper.step({ iterations: 3 }, 1 / 60);
      const diagnostics = await stepper.readState(state);
      expect(diagnostics.iterations, 'it stepped').toBe(3);
      expect(state.positions[4], 'gravity moved the free lattice down').toBeLessThan(model.restPositions[4]);
    } finally {
      backend.dispose();
    }
  });

  it.runIf(software)("'auto' refuses the software adapter and says which it is", async () => {
    const answer = await requestNodeVbdStepBackend('auto', { vulkanIcd: SWIFTSHADER_VULKAN_ICD });
    expect('reason' in answer ? answer.reason : 'a backend', 'the reason').toMatch(/the only WebGPU adapter is a software one \(SwiftShader/);
  });
});
