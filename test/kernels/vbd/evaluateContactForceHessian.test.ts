// evaluateContactForceHessian.wgsl (with contactGeometry, contactActivation, contactSlip, contactPointPosition,
// pointTriangleClosestPoint and segmentSegmentClosestPoints) against its CPU twin, gathered through the vertex's contact
// list (VbdContactData.vertexContacts) by the vertexForceHessian debug kernel and by meanForceResidual, in Node on
// Dawn: every vertex's f_i and H_i with every contact kind (vertex–face, –edge, –vertex, edge–edge with and without
// IPC's parallel mollifier, vertex–plane, pointTarget), embedded and kinematic points, both activation stages, lagged
// friction, in both block layouts; the number of entries gathered exactly; and a contact buffer that holds no contact
// leaves the kernels as they were.
//
// Tolerance: as vertexForceHessian.test.ts, 2e-5 of Σ|term| per entry, the contact terms' Σ|term| added to the
// elements'. Contact distances are kept above 5% of the radius, where f32 positions (~0.3 m, ε·x ≈ 2e-8 m) give
// the distance to about 1e-5 relative; g″ = k r²/(4 d²) doubles that. A wrong sign, slot, weight or index gives
// errors of order 1 at that scale: each kind is checked to carry a share of some vertex's scale.
import { describe, expect, it } from 'vitest';
import { CONTACT_KIND, contactGeometry, GEOMETRY, meanForceResidual, type VbdContactData } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import {
  compareVertexForceHessians,
  contactMagnitudes,
  contactScene,
  cpuTwin,
  elementCount,
  mixedModel,
  roundedModel,
  substepInputs,
  uploadInputs,
  vertexMagnitudes,
} from './vbdTestKit.ts';

const TOLERANCE = 2e-5;

const node = await nodeComputeBackend();

describe.skipIf(!node.device)(`contact gathered on the GPU matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());
  const inputs = substepInputs(model, 23, { amplitude: 0.015 });
  const contact = contactScene(model, inputs, 5);
  const { callParameters } = cpuTwin(model, inputs, contact);

  it('the scene has every contact kind, active, carrying a real share of some vertex', () => {
    const { ws, callParameters: plain, restShape } = cpuTwin(model, inputs);
    const elements = vertexMagnitudes(model, ws, plain, inputs.positions, restShape);
    for (const kind of Object.values(CONTACT_KIND)) {
      const only = filterKind(contact, kind);
      const share = contactMagnitudes(model, ws, only, inputs.positions, callParameters.timeStep).force;
      let best = 0;
      for (let k = 0; k < share.length; k++) best = Math.max(best, share[k] / (share[k] + elements.force[k] + 1e-12));
      expect(best, `kind ${kind}: largest share of a vertex's force scale`).toBeGreaterThan(0.3);
    }
    const geometry = new Float64Array(GEOMETRY.size);
    contactGeometry(contact, 0, inputs.positions, geometry);
    expect(contact.contactKinds[0], 'contact 0 is the parallel edge pair').toBe(CONTACT_KIND.edgeEdge);
    expect(geometry[GEOMETRY.mollifier], 'its mollifier is active').toBeLessThan(0.5);
    expect(geometry[GEOMETRY.distance] / contact.radius, 'inside the radius').toBeLessThan(0.6);
  });

  for (const threadsPerVertex of [1, 16]) {
    it(`f_i and H_i of every vertex within ${TOLERANCE} of Σ|term|, every contact entry gathered once (${threadsPerVertex} lanes per vertex)`, async () => {
      const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex, debugOutputs: true, contact: true });
      try {
        uploadInputs(stepper, inputs);
        stepper.writeContact(contact);
        stepper.runKernel('vertexForceHessian');
        const { reductions, layout } = await stepper.readBuffers();

        const { ws, callParameters: plain, restShape } = cpuTwin(model, inputs);
        const entries = (v: number) => contact.vertexContactOffsets[v + 1] - contact.vertexContactOffsets[v];
        const result = compareVertexForceHessians(
          model,
          ws,
          callParameters,
          inputs,
          reductions,
          layout.debugStart,
          (v) => elementCount(model, v) + entries(v),
          () => {
            const elements = vertexMagnitudes(model, ws, plain, inputs.positions, restShape);
            const contacts = contactMagnitudes(model, ws, contact, inputs.positions, callParameters.timeStep);
            return { force: elements.force.map((x, k) => x + contacts.force[k]), hessian: elements.hessian.map((x, k) => x + contacts.hessian[k]) };
          },
        );
        expect(result.countErrors, 'every element and contact entry gathered exactly once').toEqual([]);
        expect(result.force.error, `force: worst at ${result.force.where}`).toBeLessThan(TOLERANCE);
        expect(result.hessian.error, `Hessian: worst at ${result.hessian.where}`).toBeLessThan(TOLERANCE);
      } finally {
        stepper.destroy();
      }
    });
  }

  it('a stepper made without contact refuses contact data rather than ignore it', async () => {
    const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 1 });
    try {
      expect(() => stepper.writeContact(contact)).toThrow(/created without contact/);
      expect(() => stepper.writeContact(null), 'no contact is fine').not.toThrow();
    } finally {
      stepper.destroy();
    }
  });

  it('meanForceResidual gathers contact too (Σ‖f_v‖ within 1e-5), and an empty contact buffer restores the plain sum', async () => {
    const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 16, contact: true });
    try {
      uploadInputs(stepper, inputs);
      const unpinned = inputs.pinned.reduce((n, p) => n + (p ? 0 : 1), 0);
      const residual = async (data: VbdContactData | null): Promise<[number, number]> => {
        stepper.writeContact(data);
        stepper.runKernel('meanForceResidual');
        stepper.runKernel('sumResidual', { residualSlot: 0 });
        const { reductions, layout } = await stepper.readBuffers();
        const { ws, restShape } = cpuTwin(model, inputs);
        const cpu = meanForceResidual(model, ws, { ...callParameters, contact: data }, inputs.positions, restShape) * unpinned;
        return [reductions[layout.resultsStart], cpu];
      };
      const [withContact, cpuWith] = await residual(contact);
      const [without, cpuWithout] = await residual(null);
      expect(Math.abs(cpuWith - cpuWithout) / cpuWithout, 'contact changes the residual').toBeGreaterThan(0.1);
      expect(Math.abs(withContact - cpuWith) / cpuWith, `with contact: GPU ${withContact} vs CPU ${cpuWith}`).toBeLessThan(1e-5);
      expect(Math.abs(without - cpuWithout) / cpuWithout, `without: GPU ${without} vs CPU ${cpuWithout}`).toBeLessThan(1e-5);
    } finally {
      stepper.destroy();
    }
  });
});

/** The contact data with only the contacts of one kind in the gather lists. */
function filterKind(data: VbdContactData, kind: number): VbdContactData {
  const V = data.vertexContactOffsets.length - 1;
  const offsets = new Uint32Array(V + 1);
  const entries: number[] = [];
  for (let v = 0; v < V; v++) {
    offsets[v] = entries.length;
    for (let e = data.vertexContactOffsets[v]; e < data.vertexContactOffsets[v + 1]; e++)
      if (data.contactKinds[data.vertexContacts[e] >>> 4] === kind) entries.push(data.vertexContacts[e]);
  }
  offsets[V] = entries.length;
  return { ...data, vertexContactOffsets: offsets, vertexContacts: Uint32Array.from(entries) };
}
