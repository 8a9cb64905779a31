// solveColor.wgsl (with solveVertexBlock and solveSymmetric3x3) against its CPU twin app/solvers/vbd/solveColor.ts, in
// Node on Dawn: one color pass at a time on a deformed model with every element kind, in both block layouts, with
// dispatches folded into two dimensions. The coloring bookkeeping must be exact: exactly the unpinned vertices of
// the color move, every other coordinate keeps its bits; a vertex whose H_i is singular is skipped and counted.
//
// Tolerance: Δx_i = H_i⁻¹ f_i from f_i, H_i that match to 4e-6 of Σ|term| (vertexForceHessian.test.ts), solved in
// f32; the new position may differ by a few 1e-6 of the largest step of the pass, plus the f32 rounding of the
// position itself (3e-8 m at 0.3 m). We allow 2e-5 of the step plus 1e-7 m (measured worst: 1.7e-8 m on 1.8 cm
// steps). A wrong color, a missed element or an unsolved vertex errs by the step itself.
import { describe, expect, it } from 'vitest';
import { solveColor, type VbdContactData, type VbdModel } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { contactScene, cpuTwin, mixedModel, roundedModel, substepInputs, type SubstepInputs, uploadInputs } from './vbdTestKit.ts';

const RELATIVE_TOLERANCE = 2e-5;

const node = await nodeComputeBackend();

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
          const { ws, callParameters, restShape } = cpuTwin(model, inputs);
          const cpu = Float64Array.from(inputs.positions);
          solveColor(model, ws, callParameters, color, cpu, restShape);
          skippedExpected += ws.skippedSolves;

          const largestStep = expectColorPass(model, inputs, color, before, gpu.positions, cpu, (v) => v !== isolated);
          expect(largestStep, `color ${color} moves its vertices`).toBeGreaterThan(1e-4);
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

// With contact (contactScene: every kind, embedded and kinematic points, friction): contact couples vertices of one
// color, and the CPU solves a color as Jacobi (each vertex sees the others' old positions, its contact Hessian the
// Jacobi-safe majorizer). The GPU must do the same: solveColor writes positionsNew, commitColor copies it back. An
// in-place write lets a vertex read a partner's new position: the test fails then on the coupled vertices.
describe.skipIf(!node.device)(`solveColor.wgsl + commitColor with contact match the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());
  for (const threadsPerVertex of [1, 16]) {
    it(`every color: the color's unpinned vertices take the CPU's Jacobi step with contact, all others keep their bits (${threadsPerVertex} lanes per vertex)`, async () => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex, contact: true });
      try {
        const inputs = substepInputs(model, 41 + threadsPerVertex, { amplitude: 0.015 });
        const contact = contactScene(model, inputs, 9);
        const { callParameters } = cpuTwin(model, inputs, contact);
        const before = Float32Array.from(inputs.positions);
        let coupledColors = 0;
        for (let color = 0; color < model.colorCount; color++) {
          uploadInputs(stepper, inputs);
          stepper.writeContact(contact);
          stepper.runKernel('solveColor', { color });
          stepper.runKernel('commitColor', { color });
          const gpu = await stepper.readBuffers();
          const { ws, restShape } = cpuTwin(model, inputs);
          const cpu = Float64Array.from(inputs.positions);
          solveColor(model, ws, callParameters, color, cpu, restShape);

          if (sameColorPartners(contact, model.vertexColors, color)) coupledColors++;
          expectColorPass(model, inputs, color, before, gpu.positions, cpu, () => true);
        }
        expect(coupledColors, 'some color has two of its vertices in one contact (the Jacobi case)').toBeGreaterThan(0);
      } finally {
        stepper.destroy();
      }
    });
  }
});

/**
 * One color pass compared: the color's unpinned vertices that `solved` accepts match the CPU's positions within
 * RELATIVE_TOLERANCE of the pass's largest step plus 1e-7 m, every other coordinate keeps its bits.
 * @returns the largest step of the pass [m]
 */
function expectColorPass(
  model: VbdModel,
  inputs: SubstepInputs,
  color: number,
  before: Float32Array,
  gpu: Float32Array,
  cpu: Float64Array,
  solved: (v: number) => boolean,
): number {
  const members = new Set(model.colorVertices.subarray(model.colorOffsets[color], model.colorOffsets[color + 1]));
  let largestStep = 0;
  for (const v of members) for (let c = 0; c < 3; c++) largestStep = Math.max(largestStep, Math.abs(cpu[3 * v + c] - inputs.positions[3 * v + c]));
  let worst = 0;
  let worstAt = -1;
  for (let v = 0; v < model.vertexCount; v++) {
    const moves = members.has(v) && !inputs.pinned[v] && solved(v);
    for (let c = 0; c < 3; c++) {
      const k = 3 * v + c;
      if (!moves) {
        expect(gpu[k], `vertex ${v} (color ${model.vertexColors[v]}${inputs.pinned[v] ? ', pinned' : ''}) is not solved in color ${color}`).toBe(before[k]);
        continue;
      }
      const error = Math.abs(gpu[k] - cpu[k]);
      if (error > worst) [worst, worstAt] = [error, v];
    }
  }
  expect(worst, `color ${color}: worst |gpu − cpu| at vertex ${worstAt}, largest step ${largestStep.toExponential(2)} m`).toBeLessThan(
    RELATIVE_TOLERANCE * largestStep + 1e-7,
  );
  return largestStep;
}

/** Whether some contact has simulation vertices of `color` in two different (slot, corner) entries. */
function sameColorPartners(data: VbdContactData, colors: Uint32Array, color: number): boolean {
  const byContact = new Map<number, Set<number>>();
  const V = data.vertexContactOffsets.length - 1;
  for (let v = 0; v < V; v++) {
    if (colors[v] !== color) continue;
    for (let e = data.vertexContactOffsets[v]; e < data.vertexContactOffsets[v + 1]; e++) {
      const c = data.vertexContacts[e] >>> 4;
      const set = byContact.get(c) ?? new Set<number>();
      set.add(v);
      byContact.set(c, set);
    }
  }
  for (const set of byContact.values()) if (set.size > 1) return true;
  return false;
}
