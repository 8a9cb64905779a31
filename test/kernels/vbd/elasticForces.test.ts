// elasticForces.wgsl against its CPU twin app/solvers/vbd/elasticForces.ts, in Node on Dawn: every vertex's elastic
// force at the substep's targets (tets with an animated rest shape, StVK triangles, hinges, springs; no damping;
// pinned vertices 0), in both block layouts. It is what `equilibriumAtTargets` subtracts from every vertex force.
//
// Tolerance: as vertexForceHessian.test.ts (f32 sums against f64 from the same rounded inputs), 2e-5 of Σ|term|.
import { afterAll, describe, expect, it } from 'vitest';
import { elasticForces } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { cpuCallParameters, cpuWorkspace, mixedModel, restShapeOf, roundedModel, substepInputs, uploadInputs, vertexMagnitudes, worstRelative } from './vbdTestKit.ts';

const TOLERANCE = 2e-5;

const node = await nodeComputeBackend();
afterAll(() => node.device?.destroy());

describe.skipIf(!node.device)(`elasticForces.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());

  for (const threadsPerVertex of [1, 16]) {
    it(`f_i = −∂E/∂x_i at the targets, within ${TOLERANCE} of Σ|term|, 0 on pinned vertices (${threadsPerVertex} lanes per vertex)`, async () => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex });
      try {
        const inputs = substepInputs(model, 31 + threadsPerVertex, { amplitude: 0.02 });
        uploadInputs(stepper, inputs);
        // Positions deformed away from the targets: a kernel that read x instead of the targets would be off by order 1.
        stepper.writeArray('positions', inputs.positions.map((x, k) => x + 0.03 * Math.sin(1.7 * k)));
        stepper.runKernel('elasticForces');
        const { sections } = await stepper.readBuffers();
        const gpu = Float64Array.from(sections.equilibriumForce);

        const ws = cpuWorkspace(model, inputs);
        const cpu = elasticForces(model, ws, inputs.targets, new Float64Array(3 * model.vertexCount), restShapeOf(model, inputs));
        const scale = vertexMagnitudes(model, ws, cpuCallParameters(inputs), inputs.targets, restShapeOf(model, inputs)).force;
        const { error, at } = worstRelative(gpu, cpu, scale, 1e-12);
        expect(error, `worst at vertex ${Math.floor(at / 3)} (gpu ${gpu[at]}, cpu ${cpu[at]})`).toBeLessThan(TOLERANCE);
        let pinned = 0;
        for (let v = 0; v < model.vertexCount; v++) {
          if (inputs.pinned[v] === 0) continue;
          pinned++;
          expect([gpu[3 * v], gpu[3 * v + 1], gpu[3 * v + 2]], `pinned vertex ${v}`).toEqual([0, 0, 0]);
        }
        expect(pinned, 'the model has pinned vertices (else the check says nothing)').toBeGreaterThan(0);
        expect(Math.max(...cpu.map(Math.abs)), 'the forces are not all zero').toBeGreaterThan(0);
      } finally {
        stepper.destroy();
      }
    });
  }
});
