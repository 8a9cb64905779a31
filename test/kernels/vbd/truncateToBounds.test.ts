// truncateToBounds.wgsl (truncationMoved, truncateToBounds, waterLevel) against its CPU twin
// app/contact/truncateToBounds.ts, in Node on Dawn: OGC's per-point truncation (seed 000 Eqs. 5.20, 5.27) of every
// free vertex's motion since the detection, relative to its targets' motion, on the points of contactScene (each
// vertex alone, as cloth, and points embedded in tets with four weights), with unbounded points and vertices and
// pinned vertices among them. The GPU gathers each vertex's points where the CPU scatters each point's cut: the same
// minimum. Exactly the CPU's vertices are truncated, each to the CPU's position.
//
// Tolerance: the cut point is x_det + a_now − a_det + s (x − that) with s = L/|δ| from f32 inputs: a few ulps of the
// displacement (~1 cm here) plus the f32 rounding of the position (3e-8 m at 0.3 m): 1e-6 of the largest
// displacement + 1e-7 m. A vertex cut by the wrong point, or not cut, errs by millimetres. The count is exact unless
// a vertex sits within f32 rounding of its bound (the test says so: none does here).
import { describe, expect, it } from 'vitest';
import { truncateToBounds } from '../../../app/contact/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { contactScene, f32, mixedModel, perturbed, random, roundedModel, substepInputs, uploadInputs } from './vbdTestKit.ts';

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`truncateToBounds.wgsl matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());
  const V = model.vertexCount;
  const inputs = substepInputs(model, 61, { amplitude: 0.015 });
  const contact = contactScene(model, inputs, 3);
  const S = contact.simulatedPointCount;
  const next = random(17);
  const gammaP = 0.45;
  // d_s of 2–20 mm (a displacement of ~1.5 cm crosses most), every fifth point unbounded
  const pointBounds = f32(Float64Array.from({ length: S }, (_, s) => (s % 5 === 2 ? Infinity : 0.002 + 0.018 * next())));
  // a vertex is bounded when a bounded point holds it (as ogcContact's bounds), but vertex 1 is left unbounded
  const bounds = new Float64Array(V).fill(Infinity);
  for (let s = 0; s < S; s++) {
    if (pointBounds[s] === Infinity) continue;
    for (let k = 0; k < 4; k++) if (contact.pointWeights[4 * s + k] !== 0) bounds[contact.pointVertices[4 * s + k]] = 0.001;
  }
  bounds[1] = Infinity;
  const positionsAtDetection = inputs.positionsStart;
  const targetsAtDetection = perturbed(inputs.targets, 0.004, 5);
  const targetsNow = inputs.targets;

  {
    it(`exactly the CPU's vertices are truncated, each to the CPU's position`, async () => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 1, contact: true });
      try {
        uploadInputs(stepper, inputs);
        stepper.writeSection('positionsAtDetection', positionsAtDetection);
        stepper.writeSection('targetsAtDetection', targetsAtDetection);
        stepper.writeSection('targets', targetsNow);
        stepper.writeContact(contact, { bounds, pointBounds, gammaP });
        stepper.runKernel('truncationMoved');
        stepper.runKernel('truncateToBounds');
        const gpu = await stepper.readBuffers();

        const cpu = Float64Array.from(inputs.positions);
        const t = {
          pointVertices: contact.pointVertices,
          pointWeights: contact.pointWeights,
          gammaP,
          bounds,
          pointBounds,
          positionsAtDetection,
          targetsAtDetection,
          targetsNow,
          vertexMoved: new Float64Array(V),
          vertexScale: new Float64Array(V),
        };
        const expected = truncateToBounds(t, cpu, inputs.pinned);
        const scales = Float64Array.from(t.vertexScale);
        expect(expected, 'the scene truncates a good share of the vertices').toBeGreaterThan(V / 4);
        expect(expected, 'and leaves some').toBeLessThan(V);
        let nearBound = 0;
        for (const s of scales) if (s < 1 && s > 1 - 1e-5) nearBound++;
        expect(nearBound, 'no vertex within f32 rounding of its bound (else the count could differ)').toBe(0);
        expect(gpu.truncated, 'vertices truncated on the GPU').toBe(expected);

        let largest = 0;
        for (let k = 0; k < 3 * V; k++) largest = Math.max(largest, Math.abs(cpu[k] - inputs.positions[k]));
        let worst = 0;
        let worstAt = -1;
        for (let v = 0; v < V; v++) {
          for (let c = 0; c < 3; c++) {
            const k = 3 * v + c;
            if (cpu[k] === inputs.positions[k]) {
              expect(gpu.positions[k], `vertex ${v} is not truncated`).toBe(Math.fround(inputs.positions[k]));
              continue;
            }
            const error = Math.abs(gpu.positions[k] - cpu[k]);
            if (error > worst) [worst, worstAt] = [error, v];
          }
        }
        expect(worst, `worst |gpu − cpu| at vertex ${worstAt}, largest cut ${largest.toExponential(2)} m`).toBeLessThan(1e-6 * largest + 1e-7);
        expect(
          inputs.pinned.some((p, v) => p !== 0 && cpu[3 * v] === inputs.positions[3 * v]),
          'pinned vertices are among those left',
        ).toBe(true);
      } finally {
        stepper.destroy();
      }
    });
  }
});
