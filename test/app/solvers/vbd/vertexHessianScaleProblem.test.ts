// Settings no vertex solve survives (every 3×3 determinant overflows or underflows) are refused before a step, by
// step() and by vbdSceneFromJson, instead of running with every solve refused and the body frozen.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createVbdModel,
  createVbdState,
  SolverSettingsError,
  step,
  vbdSceneFromJson,
  vertexHessianScaleProblem,
} from '../../../../app/solvers/vbd/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const jelly = () => JSON.parse(readFileSync(new URL('../../../fixtures/scenes/animated-jelly.json', import.meta.url), 'utf8')) as Record<string, any>;

function cube(youngsModulus: number, density: number, scale = 1) {
  const box = boxTetrahedra([2, 2, 2], [0.1 * scale, 0.1 * scale, 0.1 * scale]);
  return createVbdModel({
    restPositions: box.positions,
    tetrahedra: { vertices: box.tetrahedra, materials: { youngsModulus, poissonRatio: 0.3, density, damping: 0 } },
  });
}

describe('vertexHessianScaleProblem', () => {
  it('accepts every ordinary setting: soft to stiff materials, frame rates from 1 to 10 000 steps per second', () => {
    for (const [E, rho, h] of [
      [1e3, 1000, 1 / 30],
      [1e9, 8000, 1 / 10000],
      [20e3, 1000, 1],
      [1e6, 300, 1 / 240],
    ]) {
      const model = cube(E, rho);
      const free = new Uint8Array(model.vertexCount);
      expect(vertexHessianScaleProblem(model, free, new Float64Array(model.vertexCount), 1 / (h * h)), `E ${E}, ρ ${rho}, h ${h}`).toBeNull();
    }
  });

  it('refuses E or ρ of 1e308, a time step of 1e-300, coordinates × 1e100, κ of 1e308 and a quasistatic body with no stiffness', () => {
    const free = (n: number) => new Uint8Array(n);
    const zero = (n: number) => new Float64Array(n);
    const stiff = cube(1e308, 1000);
    expect(vertexHessianScaleProblem(stiff, free(stiff.vertexCount), zero(stiff.vertexCount), 900), 'E 1e308').toMatch(
      /\(elastic stiffness [^)]*\), too large/,
    );
    const heavy = cube(1e5, 1e308);
    expect(vertexHessianScaleProblem(heavy, free(heavy.vertexCount), zero(heavy.vertexCount), 900), 'ρ 1e308').toMatch(/\(inertia m\/h² [^)]*\), too large/);
    const model = cube(1e5, 1000);
    expect(vertexHessianScaleProblem(model, free(model.vertexCount), zero(model.vertexCount), 1 / (1e-300 * 1e-300)), 'dt 1e-300').toMatch(
      /\(inertia m\/h² [^)]*\), too large/,
    );
    const huge = cube(1e5, 1000, 1e100);
    expect(vertexHessianScaleProblem(huge, free(huge.vertexCount), zero(huge.vertexCount), 900), 'coordinates × 1e100').toMatch(/too large/);
    expect(vertexHessianScaleProblem(model, free(model.vertexCount), new Float64Array(model.vertexCount).fill(1e308 * 0.01), 900), 'κ 1e308').toMatch(
      /\(attachment stiffness [^)]*\), too large/,
    );
    const limp = cube(1e-300, 1000);
    expect(vertexHessianScaleProblem(limp, free(limp.vertexCount), zero(limp.vertexCount), 0), 'quasistatic, E 1e-300').toMatch(/too small/);
  });

  it('step() throws SolverSettingsError before solving, leaving the state as it was', () => {
    const model = cube(1e308, 1000);
    const state = createVbdState(model);
    const before = Float64Array.from(state.positions);
    expect(() => step(model, state, state, { gravity: [0, -9.81, 0] }, 1 / 30), 'refused').toThrow(SolverSettingsError);
    expect(Array.from(state.positions), 'unchanged').toEqual(Array.from(before));
  });

  it('vbdSceneFromJson refuses such a scene as the file’s problem', () => {
    const scene = jelly();
    scene.timeStep = 1e-300;
    expect(() => vbdSceneFromJson(scene), 'dt 1e-300').toThrow(/too large for the solver/);
    expect(() => vbdSceneFromJson(jelly()), 'the fixture itself is fine').not.toThrow();
  });
});
