// vertexLocalEnergy includes the contact energy of the vertex's own contacts, each once (a vertex can hold several
// slots of one contact), so the local line search sees the contact it solves against.
import { describe, expect, it } from 'vitest';
import { ogcContact, vertexContactPoints } from '../../../../app/contact/index.ts';
import {
  contactEnergy,
  createVbdCallParameters,
  createVbdModel,
  createVbdState,
  createVbdWorkspace,
  step,
  vertexLocalEnergy,
} from '../../../../app/solvers/vbd/index.ts';

describe('vertexLocalEnergy', () => {
  it('adds every contact in the vertex list once', () => {
    // A cloth strip of two triangles lying 3 mm above a floor plane (r = 5 mm): every vertex in a plane contact.
    const rest = Float64Array.from([0, 0.003, 0, 0.1, 0.003, 0, 0, 0.003, 0.1, 0.1, 0.003, 0.1]);
    const triangles = [0, 2, 1, 1, 2, 3];
    const model = createVbdModel({
      restPositions: rest,
      triangles: { vertices: triangles, materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 200, damping: 0, thickness: 1e-3 } },
    });
    const contact = ogcContact({
      simulationVertexCount: 4,
      ...vertexContactPoints(null, 4),
      triangles,
      planes: [0, 1, 0, 0],
      radius: 0.005,
      stiffness: 100,
      friction: 0.3,
    });
    const workspace = createVbdWorkspace(model);
    const state = createVbdState(model);
    step(model, state, state, { substeps: 1, iterations: 2, contact }, 1 / 240, workspace);
    const data = contact.data;
    const timeStep = 1 / 240;
    const withData = createVbdCallParameters(timeStep, { contact: data });
    const withoutData = createVbdCallParameters(timeStep, { contact: null });
    expect(data.contactCount, 'the plane holds the strip').toBeGreaterThan(0);
    for (let v = 0; v < 4; v++) {
      const withContact = vertexLocalEnergy(model, workspace, withData, v, state.positions);
      const without = vertexLocalEnergy(model, workspace, withoutData, v, state.positions);
      const contacts = new Set<number>();
      for (let e = data.vertexContactOffsets[v]; e < data.vertexContactOffsets[v + 1]; e++) contacts.add(data.vertexContacts[e] >>> 4);
      let expected = 0;
      for (const c of contacts) expected += contactEnergy(data, c, state.positions, workspace.positionsStart, timeStep);
      expect(expected, `vertex ${v}: its contacts hold energy`).toBeGreaterThan(0);
      expect(withContact - without, `vertex ${v}: G_i gains its contacts' energy, each once`).toBeCloseTo(expected, 12);
    }
  });
});
