// chebyshevAccelerate.wgsl (its three dispatches chebyshevChange, chebyshevSchedule, chebyshevAccelerate) against
// its CPU twin app/solvers/vbd/chebyshevAccelerate.ts driven as step.ts drives it, in Node on Dawn: a sequence of
// Gauss-Seidel results through the delay (ρ = 0, the schedule held at n = 0), the Chebyshev weights ω_n of Eq. 3.16,
// the extrapolation of Eq. 3.15 for unpinned vertices only (and, with contact, only those markInContact left
// unmarked), the history shift, and the adaptive restart when the change grows.
//
// Tolerance: ω is a few f32 operations (1e-6 relative); x^(n) = ω(x̄ − x^(n−2)) + x^(n−2) of O(0.3 m) positions
// in f32: 1e-6 m (measured worst: 1.5e-8 m). Skipping the restart or the delay changes x by ~1 mm here.
import { describe, expect, it } from 'vitest';
import { chebyshevAccelerate } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { contactScene, f32, maxDifference, perturbed, roundedModel, substepInputs, tetLattice } from './vbdTestKit.ts';

const TOLERANCE = 1e-6;
const RHO = 0.9;
const DELAY = 2;

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`chebyshevAccelerate.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  for (const withContact of [false, true]) {
    it(`8 iterations with a ${DELAY}-iteration delay and a restart at iteration 6: positions, history and ω match (ρ = ${RHO})${withContact ? ', vertices in contact left alone (markInContact)' : ''}`, async () => {
      // 150 vertices > 64: the change is summed over several workgroups
      const model = roundedModel(tetLattice([4, 4, 5]));
      const V = model.vertexCount;
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 1, contact: withContact });
      try {
        const inputs = substepInputs(model, 3);
        const { pinned } = inputs;
        const x0 = perturbed(model.restPositions, 0.01, 40);
        const solution = perturbed(model.restPositions, 0.01, 41);
        // forwardStep with the 'previous' guess and targets = x0 resets the history to x0 and the schedule
        stepper.setState({ positions: x0, velocities: new Float64Array(3 * V), previousVelocities: new Float64Array(3 * V) });
        stepper.writeSection('targetsStart', x0);
        stepper.writeSection('targetsEnd', x0);
        stepper.writeSection('pinned', pinned);
        stepper.setCall(1 / 60, false, 'previous', RHO);
        stepper.runKernel('forwardStep');
        // with contact: the vertices with a contact list (step.ts markInContact) are marked after the detection
        const inContact = new Uint8Array(V);
        if (withContact) {
          const contact = contactScene(model, inputs, 4);
          stepper.writeContact(contact);
          stepper.runKernel('markInContact');
          for (let v = 0; v < V; v++) if (contact.vertexContactOffsets[v + 1] > contact.vertexContactOffsets[v]) inContact[v] = 1;
          expect(
            inContact.some((c, v) => c !== 0 && pinned[v] === 0),
            'unpinned vertices in contact',
          ).toBe(true);
          expect(
            inContact.some((c, v) => c === 0 && pinned[v] === 0),
            'and some not',
          ).toBe(true);
        }

        const x = Float64Array.from(x0);
        const previous = Float64Array.from(x0);
        const previous2 = Float64Array.from(x0);
        const schedule = Float64Array.of(0, 1, Number.POSITIVE_INFINITY);
        const omegas: number[] = [];
        for (let iteration = 1; iteration <= 8; iteration++) {
          // the Gauss-Seidel result of this iteration: halfway closer to the solution each time, a jump at iteration 6
          const jump = iteration === 6 ? 0.02 : 0;
          const gaussSeidel = f32(
            Float64Array.from(x, (value, k) => (pinned[Math.floor(k / 3)] ? value : value + 0.5 * (solution[k] - value) + jump * Math.sin(k))),
          );
          x.set(gaussSeidel);
          stepper.writeArray('positions', gaussSeidel);
          const active = iteration > DELAY;
          stepper.runKernel('chebyshevChange');
          stepper.runKernel('chebyshevSchedule', { chebyshevActive: active });
          stepper.runKernel('chebyshevAccelerate');
          const omega = chebyshevAccelerate(x, previous, previous2, active ? RHO : 0, schedule, pinned, inContact);
          if (!active) schedule[0] = 0;
          omegas.push(omega);

          const gpu = await stepper.readBuffers();
          const gpuSchedule = gpu.reductions.subarray(gpu.layout.scheduleStart, gpu.layout.scheduleStart + 2);
          expect(gpuSchedule[0], `iteration ${iteration}: n`).toBe(schedule[0]);
          expect(Math.abs(gpuSchedule[1] - omega), `iteration ${iteration}: ω = ${omega}`).toBeLessThan(1e-6 * omega);
          expect(maxDifference(gpu.positions, x), `iteration ${iteration}: accelerated positions`).toBeLessThan(TOLERANCE);
          expect(maxDifference(gpu.sections.chebyshevPrevious, previous), `iteration ${iteration}: x^(n−1)`).toBeLessThan(TOLERANCE);
          expect(maxDifference(gpu.sections.chebyshevPrevious2, previous2), `iteration ${iteration}: x^(n−2)`).toBeLessThan(TOLERANCE);
          for (let v = 0; v < V; v++)
            if (pinned[v] || inContact[v])
              expect(gpu.positions[3 * v], `${pinned[v] ? 'pinned' : 'in-contact'} vertex ${v} is not extrapolated`).toBe(Math.fround(x[3 * v]));
          if (withContact) expect(Array.from(gpu.sections.inContact), 'the GPU mark').toEqual(Array.from(inContact));
          // continue from the GPU's own state, rounded as it holds it
          x.set(gpu.positions);
          previous.set(gpu.sections.chebyshevPrevious);
          previous2.set(gpu.sections.chebyshevPrevious2);
        }
        expect(omegas.slice(0, DELAY), 'ω = 1 during the delay').toEqual([1, 1]);
        expect(omegas[DELAY + 1], 'ω_2 = 2/(2 − ρ²) once active').toBeCloseTo(2 / (2 - RHO * RHO), 12);
        expect(omegas[5], 'the jump at iteration 6 restarts the schedule at ω = 1').toBe(1);
        if (withContact) {
          stepper.runKernel('forwardStep');
          expect(
            (await stepper.readBuffers()).sections.inContact.every((c) => c === 0),
            'the next substep starts with no vertex in contact',
          ).toBe(true);
        }
      } finally {
        stepper.destroy();
      }
    });
  }
});
