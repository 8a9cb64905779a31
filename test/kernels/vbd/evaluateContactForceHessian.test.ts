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
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_KIND, contactGeometry, GEOMETRY, meanForceResidual, vertexForceHessian, type VbdContactData } from '../../../app/solvers/vbd/index.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { contactMagnitudes, contactScene, cpuCallParameters, cpuWorkspace, mixedModel, restShapeOf, roundedModel, substepInputs, uploadInputs, vertexMagnitudes, worstRelative } from './vbdTestKit.ts';

const TOLERANCE = 2e-5;

const node = await nodeComputeBackend();
afterAll(() => node.device?.destroy());

describe.skipIf(!node.device)(`contact gathered on the GPU matches the CPU twin${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const model = roundedModel(mixedModel());
  const inputs = substepInputs(model, 23, { amplitude: 0.015 });
  const contact = contactScene(model, inputs, 5);
  const callParameters = { ...cpuCallParameters(inputs), contact, timeStep: Math.fround(inputs.timeStep) };

  it('the scene has every contact kind, active, carrying a real share of some vertex', () => {
    const ws = cpuWorkspace(model, inputs);
    const elements = vertexMagnitudes(model, ws, cpuCallParameters(inputs), inputs.positions, restShapeOf(model, inputs));
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

        const ws = cpuWorkspace(model, inputs);
        const V = model.vertexCount;
        const cpuForce = new Float64Array(3 * V);
        const cpuHessian = new Float64Array(9 * V);
        const gpuForce = new Float64Array(3 * V);
        const gpuHessian = new Float64Array(9 * V);
        for (let v = 0; v < V; v++) {
          vertexForceHessian(model, ws, callParameters, v, inputs.positions, restShapeOf(model, inputs));
          cpuForce.set(ws.force, 3 * v);
          cpuHessian.set(ws.hessian, 9 * v);
          const o = layout.debugStart + 13 * v;
          gpuForce.set(reductions.subarray(o, o + 3), 3 * v);
          gpuHessian.set(reductions.subarray(o + 3, o + 12), 9 * v);
          const gathered =
            model.vertexTetOffsets[v + 1] - model.vertexTetOffsets[v] +
            model.vertexTriangleOffsets[v + 1] - model.vertexTriangleOffsets[v] +
            model.vertexHingeOffsets[v + 1] - model.vertexHingeOffsets[v] +
            model.vertexSpringOffsets[v + 1] - model.vertexSpringOffsets[v] +
            contact.vertexContactOffsets[v + 1] - contact.vertexContactOffsets[v];
          expect(reductions[o + 12], `elements and contact entries gathered by vertex ${v}`).toBe(gathered);
        }
        const elements = vertexMagnitudes(model, ws, cpuCallParameters(inputs), inputs.positions, restShapeOf(model, inputs));
        const contacts = contactMagnitudes(model, ws, contact, inputs.positions, callParameters.timeStep);
        const forceScale = elements.force.map((x, k) => x + contacts.force[k]);
        const hessianScale = elements.hessian.map((x, k) => x + contacts.hessian[k]);
        const forceError = worstRelative(gpuForce, cpuForce, forceScale, 1e-12);
        const hessianError = worstRelative(gpuHessian, cpuHessian, hessianScale, 1e-12);
        const where = (k: number, stride: number) => `vertex ${Math.floor(k / stride)} entry ${k % stride} (gpu ${stride === 3 ? gpuForce[k] : gpuHessian[k]}, cpu ${stride === 3 ? cpuForce[k] : cpuHessian[k]})`;
        expect(forceError.error, `force: worst at ${where(forceError.at, 3)}`).toBeLessThan(TOLERANCE);
        expect(hessianError.error, `Hessian: worst at ${where(hessianError.at, 9)}`).toBeLessThan(TOLERANCE);
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
        const cpu = meanForceResidual(model, cpuWorkspace(model, inputs), { ...callParameters, contact: data }, inputs.positions, restShapeOf(model, inputs)) * unpinned;
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
    for (let e = data.vertexContactOffsets[v]; e < data.vertexContactOffsets[v + 1]; e++) if (data.contactKinds[data.vertexContacts[e] >>> 4] === kind) entries.push(data.vertexContacts[e]);
  }
  offsets[V] = entries.length;
  return { ...data, vertexContactOffsets: offsets, vertexContacts: Uint32Array.from(entries) };
}
