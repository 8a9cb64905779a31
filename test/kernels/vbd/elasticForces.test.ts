// elasticForces.wgsl against its CPU twin app/solvers/vbd/elasticForces.ts, in Node on Dawn: every vertex's elastic
// force at the substep's targets (tets with an animated rest shape, StVK triangles, hinges, springs; no damping;
// pinned vertices 0), in both block layouts. It is what `equilibriumAtTargets` subtracts from every vertex force.
//
// Tolerance: as vertexForceHessian.test.ts (f32 sums against f64 from the same rounded inputs), 2e-5 of Σ|term|.
import { describe, expect, it } from 'vitest';
import { createVbdModel, elasticForces } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { cpuTwin, mixedModel, roundedModel, substepInputs, uploadInputs, vertexMagnitudes, worstRelative } from './vbdTestKit.ts';

const TOLERANCE = 2e-5;

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`elasticForces.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());

  for (const threadsPerVertex of [1, 16]) {
    it(`f_i = −∂E/∂x_i at the targets, within ${TOLERANCE} of Σ|term|, 0 on pinned vertices (${threadsPerVertex} lanes per vertex)`, async () => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex });
      try {
        const inputs = substepInputs(model, 31 + threadsPerVertex, { amplitude: 0.02 });
        uploadInputs(stepper, inputs);
        // Positions deformed away from the targets: a kernel that read x instead of the targets would be off by order 1.
        stepper.writeArray(
          'positions',
          inputs.positions.map((x, k) => x + 0.03 * Math.sin(1.7 * k)),
        );
        stepper.runKernel('elasticForces');
        const { sections } = await stepper.readBuffers();
        const gpu = Float64Array.from(sections.equilibriumForce);

        const { ws, callParameters, restShape } = cpuTwin(model, inputs);
        const cpu = elasticForces(model, ws, inputs.targets, new Float64Array(3 * model.vertexCount), restShape);
        const scale = vertexMagnitudes(model, ws, callParameters, inputs.targets, restShape).force;
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

  it('a flat hinge whose angle comes out as −0 (a planar quad of a cloth sleeve, seen from the bake) is at rest: no force', async () => {
    // Its sine (N2 × N1)·ê is exactly −0; SwiftShader's atan2(−0, x > 0) returned π, so the hinge pushed its four
    // corners by k_e·π·∇θ at its own rest shape (4.7 N here) and every cloth bake with such quads left the CPU's.
    const corners = [0.32, 1, 0.055, 0.295, 1.016995906829834, 0.052308108657598495, 0.32, 1.016995906829834, 0.052308108657598495, 0.295, 1, 0.055].map(
      Math.fround,
    );
    const quad = createVbdModel({
      restPositions: corners,
      triangles: {
        vertices: [0, 1, 2, 1, 0, 3],
        materials: { youngsModulus: 1e-9, poissonRatio: 0.3, density: 200, damping: 0, thickness: 0.001, bendingStiffness: 1e-2 },
      },
    });
    expect(Object.is(quad.hingeRestAngles[0], -0), 'the rest angle is −0 (else the case says nothing)').toBe(true);
    const stepper = await createGpuVbdStepper(node.device!, quad, { threadsPerVertex: 1 });
    try {
      stepper.writeSection('targets', quad.restPositions);
      stepper.writeSection('pinned', new Float64Array(4));
      stepper.runKernel('elasticForces');
      const { sections } = await stepper.readBuffers();
      const largest = Math.max(...Array.from(sections.equilibriumForce, Math.abs));
      // the membrane is 1e-9 Pa: the forces are the hinge's alone, 0 at its rest angle (f32 leaves ~1e-22 N)
      expect(largest, 'largest force at rest [N]').toBeLessThan(1e-12);
    } finally {
      stepper.destroy();
    }
  });
});
