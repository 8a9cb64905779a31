// createFullArapSolver: handles at rest give the rest shape; handles moved rigidly give that rigid motion; a bar bent
// a quarter turn keeps its edge lengths within a few percent with no inverted tet or collapsed triangle; the energy
// never increases across a local/global iteration; a bar pushed into a plane ends on its free side.
import { describe, expect, it } from 'vitest';
import { arapEdit } from '../../../../app/solvers/arap/arapEdit.ts';
import { arapEnergy } from '../../../../app/solvers/arap/arapEnergy.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { createArapState } from '../../../../app/solvers/arap/createArapState.ts';
import { createFullArapSolver } from '../../../../app/solvers/arap/fullArapSolver.ts';
import { handleTargets } from '../../../../app/solvers/arap/handleTargets.ts';
import { planeCollider } from '../../../../app/solvers/arap/planeCollider.ts';
import type { ArapHandle, ArapModel } from '../../../../app/solvers/arap/types.ts';
import { createVbdModel, createVbdState, step } from '../../../../app/solvers/vbd/index.ts';
import { applyMatrix, bar, edgeLengthChange, quarterTurnHandles, rigidMatrix, rotationX, tiltedTopHandles, tetVolumes, triangleFlips } from './meshes.ts';

function run(model: ArapModel, handles: ArapHandle[], iterations: number, start?: Float64Array, colliders = [] as ReturnType<typeof planeCollider>[]) {
  const { vertices, targets } = handleTargets(handles, model.restPositions);
  const solver = createFullArapSolver(model, vertices, { colliders });
  solver.setHandleTargets(targets);
  const state = createArapState(model, start);
  const energies: number[] = [];
  for (let i = 0; i < iterations; i++) energies.push(solver.iterate(state).energy);
  return { positions: state.positions, energies, solver };
}

describe('createFullArapSolver', () => {
  const b = bar([3, 3, 12]);
  const surface = bar([2, 2, 12]);
  const volume = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra });
  const spokes = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra, rotations: 'vertex' });
  const shell = createArapModel({ restPositions: surface.positions, triangles: surface.triangles });
  const models: [string, ArapModel, typeof b][] = [
    ['tets, per-tet rotations', volume, b],
    ['tets, per-vertex rotations', spokes, b],
    ['surface', shell, surface],
  ];

  for (const [name, model, mesh] of models) {
    it(`${name}: freeGroupsOnly (the Pose tool) gives the same positions to the bit, fitting only the groups with a free vertex`, () => {
      // The bar's lower half held, turned rigidly (most of a Pose-tool drag is held beyond the handle's reach, and a
      // held group's fitted rotation is then not the identity a state starts with), its top turned further.
      const held = mesh.bottom.concat(Array.from({ length: model.vertexCount }, (_, v) => v).filter((v) => model.restPositions[3 * v + 2] < 0.5 * mesh.length));
      const handles = [
        { vertices: Array.from(new Set(held)), matrix: rotationX(0.2) },
        { vertices: mesh.top, matrix: rotationX(0.6, [0, 0.2, 0]) },
      ];
      const { vertices, targets } = handleTargets(handles, model.restPositions);
      const solve = (freeGroupsOnly: boolean) => {
        const solver = createFullArapSolver(model, vertices, { freeGroupsOnly });
        solver.setHandleTargets(targets);
        const state = createArapState(model);
        const energies: number[] = [];
        for (let i = 0; i < 5; i++) energies.push(solver.iterate(state).energy);
        return { positions: state.positions, energies, quaternions: state.quaternions };
      };
      const all = solve(false);
      const free = solve(true);
      expect(Array.from(free.positions), 'positions').toEqual(Array.from(all.positions));
      expect(free.energies.every(Number.isNaN), 'no energy is reported').toBe(true);
      expect(all.energies.every(Number.isFinite), 'the full local step reports it').toBe(true);
      // The groups with no free vertex kept their start (never fitted): fewer rotations were fitted.
      let untouched = 0;
      for (let k = 0; k < model.rotationCount; k++) if (free.quaternions[4 * k] !== all.quaternions[4 * k]) untouched++;
      expect(untouched, 'rotation groups left unfitted').toBeGreaterThan(0);
    });

    it(`${name}: handles at rest keep the rest shape exactly`, () => {
      const identity = rotationX(0);
      const { positions } = run(
        model,
        [
          { vertices: mesh.bottom, matrix: identity },
          { vertices: mesh.top, matrix: identity },
        ],
        3,
      );
      let error = 0;
      for (let i = 0; i < positions.length; i++) error = Math.max(error, Math.abs(positions[i] - model.restPositions[i]));
      expect(error, 'max deviation from rest [m]').toBeLessThan(1e-12 * model.size + 1e-14);
    });

    it(`${name}: a rigid motion of all handles moves the whole mesh rigidly (1e-6 of its size)`, () => {
      const M = rigidMatrix([0.3, 0.5, -0.1, Math.sqrt(1 - 0.35)], [0.4, -2, 1]);
      const handles = [
        { vertices: mesh.bottom, matrix: M },
        { vertices: mesh.top, matrix: M },
      ];
      const expected = applyMatrix(M, model.restPositions);
      const maxError = (positions: Float64Array) => {
        let error = 0;
        for (let v = 0; v < model.vertexCount; v++)
          if (model.componentOf[v] === model.componentOf[mesh.top[0]])
            for (let c = 0; c < 3; c++) error = Math.max(error, Math.abs(positions[3 * v + c] - expected[3 * v + c]));
        return error / model.size;
      };
      // The edit (rigid pre-alignment, then iterations) reproduces it to rounding.
      const edit = arapEdit(model, handles);
      expect(maxError(edit.positions), 'arapEdit: max deviation from the rigid motion, relative to the size').toBeLessThan(1e-6);
      // From the rest shape, the local/global iteration alone heads there (monotonically in energy, slowly).
      const early = maxError(run(model, handles, 10).positions);
      const late = maxError(run(model, handles, 100).positions);
      expect(late, 'plain iterations reduce the deviation').toBeLessThan(0.5 * early);
    });

    it(`${name}: a quarter-turn bend keeps edge lengths within a few percent, nothing collapses, E never increases`, () => {
      const { positions, energies } = run(model, quarterTurnHandles(mesh), 150);
      const change = edgeLengthChange(model.edges, model.restPositions, positions);
      expect(change.mean, 'mean relative edge-length change').toBeLessThan(0.06);
      // The outermost fibres of a bar of width w bent to radius R stretch by (w/2)/R ≈ 16% here: allow 25%.
      expect(change.max, 'max relative edge-length change').toBeLessThan(0.25);
      const flips = triangleFlips(mesh.triangles, model.restPositions, positions);
      expect(flips.minAreaRatio, 'smallest triangle area ratio').toBeGreaterThan(0.5);
      if (model.rotations === 'element' || name.includes('tets')) {
        const rest = tetVolumes(mesh.tetrahedra, model.restPositions);
        const now = tetVolumes(mesh.tetrahedra, positions);
        let worst = Infinity;
        for (let t = 0; t < now.length; t++) worst = Math.min(worst, now[t] / rest[t]);
        expect(worst, 'smallest tet volume ratio (no inversion or collapse)').toBeGreaterThan(0.5);
      }
      for (let i = 1; i < energies.length; i++) {
        expect(energies[i], `energy at iteration ${i} vs ${i - 1}`).toBeLessThanOrEqual(energies[i - 1] * (1 + 1e-12) + 1e-15);
      }
      expect(arapEnergy(model, positions), 'the bend costs energy').toBeGreaterThan(0);
    });
  }

  it('a bar pushed into a floor plane ends on the free side; without the collider it goes through', () => {
    // Bottom end held, top end tilted 45° about its own centre: ARAP bends the bar down through y = −0.15.
    const handles = tiltedTopHandles(b);
    const floor = -0.15;
    const free = run(volume, handles, 80);
    let lowestFree = Infinity;
    for (let v = 0; v < volume.vertexCount; v++) lowestFree = Math.min(lowestFree, free.positions[3 * v + 1]);
    expect(lowestFree, 'without a collider the bar dips below the floor (the set-up bites)').toBeLessThan(floor - 0.02);
    const { positions } = run(volume, handles, 80, undefined, [planeCollider([0, 1, 0], floor)]);
    let lowest = Infinity;
    for (let v = 0; v < volume.vertexCount; v++) lowest = Math.min(lowest, positions[3 * v + 1]);
    expect(lowest, 'lowest vertex with the floor collider').toBeGreaterThanOrEqual(floor);
    expect(lowest, 'the bar rests on the floor (contact, not a gap)').toBeLessThan(floor + 1e-3);
  });
});

describe('cross-check: full-space ARAP vs VBD quasistatic with a corotated λ = 0 material (seed 002, the PBNG view)', () => {
  it('the quarter-turn bar of both solvers agrees to 1e-6 of its size', () => {
    // Same energy (Σ_t V_t‖F_t − R_t‖², up to the factor 2μ), same pinned handles, two different minimizers:
    // local/global with a factored Laplacian, and vertex Gauss–Seidel Newton with PBNG's SPD blocks.
    const b = bar([2, 2, 8]);
    const handles = quarterTurnHandles(b);
    const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra });
    const arap = arapEdit(model, handles, { iterations: 3000, tolerance: 1e-12 });
    expect(arap.stats.converged, 'ARAP converged').toBe(true);
    const vbd = createVbdModel({
      restPositions: b.positions,
      tetrahedra: { vertices: b.tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0, density: 1000, damping: 0 } },
      tetEnergy: 'corotated',
    });
    const { vertices, targets } = handleTargets(handles, model.restPositions);
    const blendWeights = new Float64Array(vbd.vertexCount).fill(1);
    const goal = Float64Array.from(b.positions);
    vertices.forEach((v, i) => {
      blendWeights[v] = 0;
      goal.set(targets.subarray(3 * i, 3 * i + 3), 3 * v);
    });
    const state = createVbdState(vbd);
    step(vbd, state, state, { quasistatic: true, gravity: [0, 0, 0], blendWeights, targets: goal, attachmentStiffness: 0, iterations: 2500 }, 1);
    let difference = 0;
    for (let i = 0; i < goal.length; i++) difference = Math.max(difference, Math.abs(state.positions[i] - arap.positions[i]));
    expect(difference / model.size, 'max difference relative to the size').toBeLessThan(1e-6);
  });
});
