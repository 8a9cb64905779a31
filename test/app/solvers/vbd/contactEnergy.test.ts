// contactEnergy is the potential of evaluateContactForceHessian's force: the force on a vertex is minus the gradient
// (central differences) of the summed contact energy, for every contact kind, with and without friction (the force
// holds the friction's normal force λ fixed, as Warp and Newton do, so with friction only the tangential directions
// are compared: λ's own gradient points along the normal); and the
// edge manifold keeps the energy continuous where an edge–edge pair's closest point passes an endpoint.
import { describe, expect, it } from 'vitest';
import { ogcContact, vertexContactPoints } from '../../../../app/contact/index.ts';
import { CONTACT_KIND, contactEnergy, evaluateContactForceHessian, type VbdContactData } from '../../../../app/solvers/vbd/index.ts';

/** Two triangles crossing above each other (separate components) and a floor plane under them. */
function scene(friction: number) {
  // Triangle 0–2 flat at y = 0.01; triangle 3–5 at y = 0.016, rotated so its edges cross the first one's.
  const positions = Float64Array.from([0, 0.01, 0, 0.1, 0.01, 0, 0, 0.01, 0.1, 0.03, 0.016, 0.02, -0.02, 0.016, 0.08, 0.09, 0.018, 0.07]);
  const triangles = Uint32Array.from([0, 2, 1, 3, 4, 5]);
  const contact = ogcContact({
    simulationVertexCount: 6,
    ...vertexContactPoints(null, 6),
    triangles,
    planes: [0, 1, 0, 0],
    radius: 0.012,
    stiffness: 500,
    friction,
  });
  return { positions, contact };
}

const totalEnergy = (data: VbdContactData, x: Float64Array, start: Float64Array, h: number) => {
  let sum = 0;
  for (let c = 0; c < data.contactCount; c++) sum += contactEnergy(data, c, x, start, h);
  return sum;
};

describe('contactEnergy', () => {
  for (const friction of [0, 0.4]) {
    it(`the force on every vertex is −∇E (central differences), μ = ${friction}`, () => {
      const { positions, contact } = scene(friction);
      const h = 1 / 240;
      const start = Float64Array.from(positions);
      contact.beginSubstep(start, Float64Array.from(positions), h, 1, new Uint8Array(6), positions, positions);
      const data = contact.data;
      const kinds = new Set(Array.from(data.contactKinds.subarray(0, data.contactCount)));
      expect(kinds.has(CONTACT_KIND.vertexPlane) && kinds.has(CONTACT_KIND.vertexFace), 'plane and vertex–face contacts present').toBe(true);
      // Move tangentially by more than ε_v h (sliding friction) and a little along y.
      const x = Float64Array.from(positions, (value, k) => value + (k % 3 === 0 ? 2e-4 : k % 3 === 1 ? -1e-4 : 1e-4));
      for (let v = 0; v < 6; v++) {
        const force = new Float64Array(3);
        const hessian = new Float64Array(9);
        for (let e = data.vertexContactOffsets[v]; e < data.vertexContactOffsets[v + 1]; e++) {
          const entry = data.vertexContacts[e];
          evaluateContactForceHessian(data, entry >>> 4, (entry >>> 2) & 3, 1, 0, new Uint32Array(6).fill(1), x, start, h, force, hessian);
        }
        for (const axis of friction > 0 ? [0, 2] : [0, 1, 2]) {
          const step = 1e-7;
          const plus = Float64Array.from(x);
          const minus = Float64Array.from(x);
          plus[3 * v + axis] += step;
          minus[3 * v + axis] -= step;
          const gradient = (totalEnergy(data, plus, start, h) - totalEnergy(data, minus, start, h)) / (2 * step);
          const scale = Math.max(1e-6, Math.hypot(force[0], force[1], force[2]));
          expect(Math.abs(force[axis] + gradient) / scale, `vertex ${v} axis ${axis}: f = ${force[axis]}, −∂E/∂x = ${-gradient}`).toBeLessThan(
            friction > 0 ? 2e-3 : 1e-4,
          );
        }
      }
    });
  }

  it('is continuous where an edge–edge pair becomes a point–edge pair (the edge manifold, seed 000 Algorithm 3)', () => {
    // Edge (0, 1) of a flat triangle and edge (3, 4) of a second one 5 mm above it, crossing at right angles; the upper
    // triangle slides along x so the crossing point runs off the end of the lower edge at x = 0.1.
    const energies: number[] = [];
    for (let k = 0; k <= 40; k++) {
      const shift = 0.09 + (0.02 * k) / 40;
      const positions = Float64Array.from([0, 0, 0, 0.1, 0, 0, 0.05, 0, -0.1, shift, 0.005, -0.05, shift, 0.005, 0.05, shift + 0.1, 0.005, 0]);
      const contact = ogcContact({
        simulationVertexCount: 6,
        ...vertexContactPoints(null, 6),
        triangles: [0, 1, 2, 3, 4, 5],
        radius: 0.01,
        stiffness: 500,
        friction: 0,
      });
      contact.beginSubstep(Float64Array.from(positions), Float64Array.from(positions), 1 / 240, 1, new Uint8Array(6), positions, positions);
      energies.push(totalEnergy(contact.data, positions, positions, 1 / 240));
    }
    const scale = Math.max(...energies);
    expect(scale, 'the pair is in contact').toBeGreaterThan(0);
    for (let k = 1; k < energies.length; k++) {
      expect(Math.abs(energies[k] - energies[k - 1]) / scale, `step ${k}: no jump in the contact energy`).toBeLessThan(0.1);
    }
  });
});
