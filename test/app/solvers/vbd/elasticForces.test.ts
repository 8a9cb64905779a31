// elasticForces: the per-vertex elastic force is minus the gradient of the elastic energy (central differences of
// variationalEnergy with inertia and attachments off), for tets with an animated reference, membranes with
// hinges, and springs; zero at the rest shape; pinned vertices get 0.
import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createVbdCallParameters,
  createVbdModel,
  createVbdWorkspace,
  elasticForces,
  variationalEnergy,
  type VbdModel,
} from '../../../../app/solvers/vbd/index.ts';
import { finiteDifferenceForce, maxAbs, perturbed, rubber } from './helpers.ts';

/** E(x): variationalEnergy with the unary terms switched off (quasistatic, no acceleration, no attachment). */
function elasticEnergy(model: VbdModel, ws: ReturnType<typeof createVbdWorkspace>, restShapeInverse: Float64Array): (x: Float64Array) => number {
  ws.accelerations.fill(0);
  ws.attachmentStiffness.fill(0);
  const callParameters = createVbdCallParameters(1 / 60, { quasistatic: true, equilibrium: false });
  return (x) => variationalEnergy(model, ws, callParameters, x, restShapeInverse);
}

describe('elasticForces', () => {
  const box = boxTetrahedra([2, 1, 1], [1, 0.5, 0.5]);
  const tets = createVbdModel({ restPositions: box.positions, tetrahedra: { vertices: box.tetrahedra, materials: rubber } });
  const sheet = createVbdModel({
    restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0.2],
    triangles: { vertices: [0, 1, 2, 1, 3, 2], materials: { ...rubber, thickness: 0.01 } },
    springs: { vertices: [0, 3], materials: rubber },
  });

  it.each([
    ['tets with an animated (scaled) reference', tets, 1.2],
    ['a membrane with a hinge and a spring', sheet, 1],
  ] as const)('%s: equal −∂E/∂x_i at a deformed pose (central differences, 1e-5 relative)', (_, model, scale) => {
    const ws = createVbdWorkspace(model);
    const reference = model.tetRestShapeInverse.map((value) => value / scale);
    const x = perturbed(model.restPositions, 0.05, 3);
    const forces = elasticForces(model, ws, x, new Float64Array(3 * model.vertexCount), reference);
    const energy = elasticEnergy(model, ws, reference);
    const scaleOfForces = maxAbs(forces);
    for (let v = 0; v < model.vertexCount; v++) {
      const reference = finiteDifferenceForce(energy, x, v, 1e-6);
      for (let k = 0; k < 3; k++) expect(Math.abs(forces[3 * v + k] - reference[k]) / scaleOfForces, `vertex ${v}, axis ${k}`).toBeLessThan(1e-5);
    }
  });

  it('is zero at the rest shape and for pinned vertices', () => {
    const ws = createVbdWorkspace(tets);
    expect(maxAbs(elasticForces(tets, ws, tets.restPositions, new Float64Array(3 * tets.vertexCount))), 'rest: largest force [N]').toBeLessThan(1e-9);
    ws.pinned.fill(1);
    expect(maxAbs(elasticForces(tets, ws, perturbed(tets.restPositions, 0.1, 5), new Float64Array(3 * tets.vertexCount))), 'all pinned').toBe(0);
  });
});
