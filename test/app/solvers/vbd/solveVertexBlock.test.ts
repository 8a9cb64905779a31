import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createVbdCallParameters,
  createVbdModel,
  createVbdState,
  createVbdWorkspace,
  forwardStep,
  solveVertexBlock,
  variationalEnergy,
  vertexLocalEnergy,
} from '../../../../app/solvers/vbd/index.ts';
import { random } from './helpers.ts';

/**
 * seed 000 §3.1.1: changing one vertex changes G by exactly the change of its local energy G_i, so a vertex update
 * that descends G_i descends G. This checks it on the real solver with all element kinds at once.
 */
describe('solveVertexBlock', () => {
  const cases = [
    // plain Newton steps: a cloth-typical substep (seed 000 Table 3.1 uses h = 1/300 and below for cloth); at h = 1/60
    // a 3 g cloth vertex's quadratic model is too flat out of plane and the full step can overshoot
    { name: 'moderate deformation at h = 1/300, plain Newton steps', amplitude: 0.01, timeStep: 1 / 300, lineSearch: false },
    { name: 'large deformation (40% strains) at h = 1/60, with the local line search', amplitude: 0.04, timeStep: 1 / 60, lineSearch: true },
  ];
  for (const { name, amplitude, timeStep, lineSearch } of cases)
    it(`no single vertex update increases the total variational energy G, and ΔG = ΔG_i (${name}; tets, cloth with bending, springs, attachments)`, () => {
      const lattice = boxTetrahedra([2, 2, 2], [0.4, 0.4, 0.4]);
      const tetVertexCount = lattice.positions.length / 3;
      // a cloth sheet above the block and a few springs tying it down
      const sheet: number[] = [];
      const n = 4;
      for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) sheet.push((0.4 * i) / n, 0.5, (0.4 * j) / n);
      const triangles: number[] = [];
      const index = (i: number, j: number) => tetVertexCount + j * (n + 1) + i;
      for (let j = 0; j < n; j++)
        for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
      const springs = [index(0, 0), 24, index(n, n), 26, index(2, 2), 25];
      const rest = Float64Array.from([...lattice.positions, ...sheet]);
      const model = createVbdModel({
        restPositions: rest,
        tetrahedra: { vertices: lattice.tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.35, density: 1000, damping: 0 } },
        triangles: { vertices: triangles, materials: { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0, thickness: 0.002 } },
        springs: { vertices: springs, materials: { youngsModulus: 1e6, poissonRatio: 0.3, density: 1000, damping: 0, crossSectionArea: 1e-5 } },
      });
      expect(model.hingeCount, 'the sheet has bending hinges').toBeGreaterThan(0);
      const r = random(17);
      const positions = Float64Array.from(rest, (x) => x + amplitude * (2 * r() - 1));
      const velocities = Float64Array.from(rest, () => 0.5 * (2 * r() - 1));
      const state = createVbdState(model, { positions, velocities });
      const ws = createVbdWorkspace(model);
      const callParameters = createVbdCallParameters(timeStep, { lineSearch });
      for (let v = 0; v < model.vertexCount; v++) {
        ws.accelerations[3 * v + 1] = -9.81;
        ws.attachmentStiffness[v] = v % 5 === 0 ? 50 * model.masses[v] : 0;
      }
      ws.targets.set(rest);
      forwardStep(state.positions, state.velocities, state.previousVelocities, ws, callParameters, 'inertia');
      const x = state.positions;
      let updates = 0;
      for (let iteration = 0; iteration < 3; iteration++) {
        for (let c = 0; c < model.colorCount; c++) {
          for (let k = model.colorOffsets[c]; k < model.colorOffsets[c + 1]; k++) {
            const v = model.colorVertices[k];
            const before = variationalEnergy(model, ws, callParameters, x);
            const localBefore = vertexLocalEnergy(model, ws, callParameters, v, x);
            solveVertexBlock(model, ws, callParameters, v, x);
            x[3 * v] = ws.positionsNew[3 * v];
            x[3 * v + 1] = ws.positionsNew[3 * v + 1];
            x[3 * v + 2] = ws.positionsNew[3 * v + 2];
            const after = variationalEnergy(model, ws, callParameters, x);
            const localChange = vertexLocalEnergy(model, ws, callParameters, v, x) - localBefore;
            expect(Math.abs(after - before - localChange), `vertex ${v}: ΔG = ΔG_i`).toBeLessThan(1e-9 * Math.abs(before));
            expect(after, `iteration ${iteration}, vertex ${v}: G ${before} → ${after}`).toBeLessThanOrEqual(before + 1e-12 * Math.abs(before));
            updates++;
          }
        }
      }
      expect(updates, 'every vertex updated three times').toBe(3 * model.vertexCount);
      expect(ws.skippedSolves, 'no singular Hessian').toBe(0);
    });

  it('skips a vertex whose Hessian is singular and leaves it where it was', () => {
    // one free-floating vertex with no element and no mass, in quasistatic mode: H = 0
    const model = createVbdModel({
      restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 5, 5],
      tetrahedra: { vertices: [0, 1, 2, 3], materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 } },
    });
    const ws = createVbdWorkspace(model);
    const x = Float64Array.from(model.restPositions);
    expect(solveVertexBlock(model, ws, createVbdCallParameters(1 / 60, { quasistatic: true }), 4, x), 'refused').toBe(false);
    expect(Array.from(ws.positionsNew.subarray(12, 15)), 'unchanged').toEqual([5, 5, 5]);
    expect(ws.skippedSolves, 'counted').toBe(1);
  });
});
