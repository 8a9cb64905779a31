// forwardStep.wgsl against its CPU twin app/solvers/vbd/forwardStep.ts (and step.ts's target interpolation, which the
// kernel does too), in Node on Dawn: x^t, the inertia target y = x^t + h v^t + h² a_ext (Eq. 2.3), every initial
// guess of §3.1.7 including the adaptive one of Eq. 3.14 in all three of its regimes (ã_s = 0, a fraction, 1), pins
// placed on their targets, quasistatic steps, and the Chebyshev history reset.
//
// Tolerance: each output is a short f32 expression of O(1) m inputs, so it may differ from the f64 result by a few
// ulp of 1 m; we allow 1e-6 m (measured worst: 1.5e-8 m). A wrong branch or coefficient errs by h·|v| ≥ 1e-3 m here.
import { describe, expect, it } from 'vitest';
import { forwardStep, type VbdInitialization } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { cpuCallParameters, cpuWorkspace, f32, maxDifference, mixedModel, perturbed, random, roundedModel, substepInputs } from './vbdTestKit.ts';

const TOLERANCE = 1e-6;

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`forwardStep.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());
  const V = model.vertexCount;
  const h = 1 / 120;
  const alpha = 0.75;
  const next = random(5);
  const accelerations = f32(Float64Array.from({ length: 3 * V }, (_, k) => (Math.floor(k / 3) % 5 === 0 ? 0 : k % 3 === 1 ? -9.81 : 2 * next() - 1)));
  const velocities = f32(Float64Array.from({ length: 3 * V }, () => 2 * next() - 1));
  // v^t − v^{t−1} = c·h·a with c per vertex in {−0.5, 0.3, 0.7, 2}: ã_s = 0, 0.3, 0.7 and 1 (Eq. 3.14's three regimes)
  const factors = [-0.5, 0.3, 0.7, 2];
  const previousVelocities = f32(Float64Array.from(velocities, (x, k) => x - factors[Math.floor(k / 3) % 4] * h * accelerations[k]));
  const targetsStart = perturbed(model.restPositions, 0.02, 6);
  const targetsEnd = perturbed(model.restPositions, 0.02, 7);

  const cases: { initialization: Exclude<VbdInitialization, 'targetOffset'>; quasistatic: boolean }[] = [
    { initialization: 'previous', quasistatic: false },
    { initialization: 'inertia', quasistatic: false },
    { initialization: 'inertiaAcceleration', quasistatic: false },
    { initialization: 'adaptive', quasistatic: false },
    { initialization: 'adaptive', quasistatic: true },
  ];
  it.each(cases)(
    '$initialization guess (quasistatic $quasistatic): x^t, y, the guess, pinned vertices on their interpolated targets, Chebyshev history',
    async ({ initialization, quasistatic }) => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 1 });
      try {
        const inputs = substepInputs(model, 21, { quasistatic, timeStep: h });
        stepper.setState({ positions: inputs.positions, velocities, previousVelocities });
        stepper.writeSection('targetsStart', targetsStart);
        stepper.writeSection('targetsEnd', targetsEnd);
        stepper.writeSection('accelerations', accelerations);
        stepper.writeSection('pinned', inputs.pinned);
        stepper.setCall(h, quasistatic, initialization, 0.9);
        stepper.runKernel('forwardStep', { alpha });
        const gpu = await stepper.readBuffers();

        const ws = cpuWorkspace(model, { ...inputs, accelerations });
        for (let k = 0; k < 3 * V; k++) ws.targets[k] = targetsStart[k] + alpha * (targetsEnd[k] - targetsStart[k]);
        const x = Float64Array.from(inputs.positions);
        forwardStep(x, velocities, previousVelocities, ws, cpuCallParameters(inputs), initialization);

        expect(maxDifference(gpu.sections.targets, ws.targets), 'targets interpolated to α = 0.75').toBeLessThan(TOLERANCE);
        expect(maxDifference(gpu.sections.positionsStart, ws.positionsStart), 'x^t').toBeLessThan(TOLERANCE);
        expect(maxDifference(gpu.sections.inertiaTarget, ws.inertiaTarget), 'inertia target y').toBeLessThan(TOLERANCE);
        expect(maxDifference(gpu.positions, x), 'initial guess').toBeLessThan(TOLERANCE);
        for (let v = 0; v < V; v++) {
          if (!inputs.pinned[v]) continue;
          for (let c = 0; c < 3; c++) expect(gpu.positions[3 * v + c], `pinned vertex ${v} sits on its target`).toBe(gpu.sections.targets[3 * v + c]);
        }
        expect(Array.from(gpu.sections.chebyshevPrevious), 'Chebyshev x^(n−1) = the guess').toEqual(Array.from(gpu.positions));
        expect(Array.from(gpu.sections.chebyshevPrevious2), 'Chebyshev x^(n−2) = the guess').toEqual(Array.from(gpu.positions));
        const schedule = gpu.reductions.subarray(gpu.layout.scheduleStart, gpu.layout.scheduleStart + 4);
        expect(Array.from(schedule), 'schedule reset to [n 0, ω 1, change –, no last change]').toEqual([0, 1, 0, 0]);
        // the guesses differ from each other by h·|v| ≥ 1e-4 m, so the tolerance tells them apart
        if (!quasistatic && initialization !== 'previous') expect(maxDifference(x, inputs.positions), 'the guess moved').toBeGreaterThan(1e-3);
      } finally {
        stepper.destroy();
      }
    },
  );
});
