// createReducedArapSolver: the reduced solution approaches the full-space one as hierarchy levels are added (the RMS
// error decreasing with each level); rest handles give the rest shape and a rigid handle motion that rigid motion
// (constant and linear precision of the basis, seed 004 Eqs. 3.6–3.8); the energy never increases; a contact
// activates local bases along the path to the root and the edit ends outside the plane.
import { describe, expect, it } from 'vitest';
import { arapEdit } from '../../../../app/solvers/arap/arapEdit.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { createArapState } from '../../../../app/solvers/arap/createArapState.ts';
import { createFullArapSolver } from '../../../../app/solvers/arap/fullArapSolver.ts';
import { handleTargets } from '../../../../app/solvers/arap/handleTargets.ts';
import { planeCollider } from '../../../../app/solvers/arap/planeCollider.ts';
import { reducedArapBasis } from '../../../../app/solvers/arap/reducedArapBasis.ts';
import { createReducedArapSolver } from '../../../../app/solvers/arap/reducedArapSolver.ts';
import { applyMatrix, bar, quarterTurnHandles, rigidMatrix, rotationX } from './meshes.ts';

describe('createReducedArapSolver', () => {
  const b = bar([4, 4, 32]);
  const model = createArapModel({ restPositions: b.positions, tetrahedra: b.tetrahedra, rotations: 'vertex' });
  const basis = reducedArapBasis(model, { globalCount: 10, childCount: 4, minCellSize: 8, maxLevel: 3 });

  it('builds a hierarchy with three local levels on this bar', () => {
    expect(basis.hierarchy.levelCount, 'levels L0..L3').toBe(4);
  });

  it('approaches the full-space solution as levels are added, the error decreasing with each level', () => {
    const handles = quarterTurnHandles(b);
    const { vertices, targets } = handleTargets(handles, model.restPositions);
    const full = createFullArapSolver(model, vertices);
    full.setHandleTargets(targets);
    const state = createArapState(model);
    for (let i = 0; i < 300; i++) full.iterate(state);
    const errors: number[] = [];
    for (let level = 0; level < basis.hierarchy.levelCount; level++) {
      const solver = createReducedArapSolver(basis, handles.map((h) => h.vertices), { rightHandSide: 'exact' });
      solver.setHandleTargets(targets);
      solver.reset();
      solver.activateLevels(level);
      let previous = Infinity;
      for (let i = 0; i < 300; i++) {
        const report = solver.iterate();
        if (i > 1) expect(report.energy, `level ${level}: energy at iteration ${i}`).toBeLessThanOrEqual(previous * (1 + 1e-9) + 1e-15);
        previous = report.energy;
      }
      const p = solver.positions(new Float64Array(3 * model.vertexCount));
      let sum = 0;
      for (let i = 0; i < p.length; i++) sum += (p[i] - state.positions[i]) ** 2;
      errors.push(Math.sqrt(sum / model.vertexCount) / model.size);
    }
    for (let level = 1; level < errors.length; level++) {
      expect(errors[level], `RMS error with levels 0..${level} (${errors.map((e) => e.toExponential(2)).join(', ')})`).toBeLessThan(errors[level - 1]);
    }
    expect(errors[errors.length - 1], 'all levels: within 1% of the size').toBeLessThan(0.01);
  });

  it('keeps the rest shape at rest handles and reproduces a rigid motion of the handles (clustered right-hand side)', () => {
    // Constant and linear precision: W_g·(affine image of the manipulators) is that affine image of the whole mesh.
    const identity = rotationX(0);
    const M = rigidMatrix([0.1, -0.4, 0.3, Math.sqrt(1 - 0.26)], [1, 0.5, -2]);
    for (const [name, matrix] of [['rest', identity], ['rigid', M]] as const) {
      const handles = [{ vertices: b.bottom, matrix }, { vertices: b.top, matrix }];
      // arapEdit starts from the rest shape rigidly aligned to the handles, then iterates in the subspace.
      const p = arapEdit(model, handles, { reduced: true, basis, iterations: 20 }).positions;
      const expected = applyMatrix(matrix, model.restPositions);
      let error = 0;
      for (let i = 0; i < p.length; i++) error = Math.max(error, Math.abs(p[i] - expected[i]));
      expect(error / model.size, `${name}: max deviation relative to the size`).toBeLessThan(1e-6);
    }
  });

  it('activates local bases where a plane is hit and ends the edit on the free side', () => {
    const tilt = rotationX(-Math.PI / 4);
    const c = applyMatrix(tilt, [0, 0, b.length]);
    const handles = [
      { vertices: b.bottom, matrix: rotationX(0) },
      { vertices: b.top, matrix: rotationX(-Math.PI / 4, [-c[0], -c[1], b.length - c[2]]) },
    ];
    const floor = -0.15;
    const { positions, stats } = arapEdit(model, handles, { reduced: true, basis, colliders: [planeCollider([0, 1, 0], floor)], iterations: 80 });
    expect(stats.activeGroups ?? 0, 'local groups activated by the contact').toBeGreaterThan(0);
    expect(stats.intersections, 'contact points left inside the floor').toBe(0);
    let lowest = Infinity;
    for (let v = 0; v < model.vertexCount; v++) lowest = Math.min(lowest, positions[3 * v + 1]);
    expect(lowest, 'lowest vertex').toBeGreaterThanOrEqual(floor);
  });

  it('holds parts that no handle grabs where they are (the surface of a bar leaves its interior vertices loose)', () => {
    const shell = bar([3, 3, 12]);
    const surface = createArapModel({ restPositions: shell.positions, triangles: shell.triangles });
    expect(surface.componentCount, 'loose interior vertices are components of their own').toBeGreaterThan(1);
    const { positions } = arapEdit(surface, [{ vertices: shell.bottom, matrix: rotationX(0) }, { vertices: shell.top, matrix: rotationX(0, [0.3, 0, 0]) }], { reduced: true, iterations: 30 });
    const grabbed = surface.componentOf[shell.top[0]];
    for (let v = 0; v < surface.vertexCount; v++) {
      if (surface.componentOf[v] === grabbed) continue;
      for (let c = 0; c < 3; c++) expect(positions[3 * v + c], `loose vertex ${v}`).toBeCloseTo(shell.positions[3 * v + c], 12);
    }
  });
});
