import { describe, expect, it } from 'vitest';
import { createVbdCallParameters, createVbdModel, createVbdWorkspace, forwardStep, type VbdInitialization } from '../../../../app/solvers/vbd/index.ts';

/** seed 000 §3.1.7 and Eq. 3.14 on single vertices with chosen previous accelerations. */
describe('forwardStep', () => {
  const model = createVbdModel({
    restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
    tetrahedra: { vertices: [0, 1, 2, 3], materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 } },
  });
  const h = 0.01;
  const g = -10;
  const setup = (initialization: VbdInitialization, previousAccelerationAlongGravity: number[]) => {
    const ws = createVbdWorkspace(model);
    for (let v = 0; v < 4; v++) ws.accelerations[3 * v + 1] = g;
    const positions = new Float64Array(12);
    const velocities = Float64Array.from({ length: 12 }, (_, k) => (k % 3 === 0 ? 1 : k % 3 === 1 ? -2 : 0));
    // a^t·ĝ = previousAccelerationAlongGravity[v], with ĝ = −y
    const previous = Float64Array.from(velocities, (value, k) => (k % 3 === 1 ? value + previousAccelerationAlongGravity[Math.floor(k / 3)] * h : value));
    forwardStep(positions, velocities, previous, ws, createVbdCallParameters(h), initialization);
    return { positions, ws };
  };

  it('(d) adaptive: ã = 1 beyond |a_ext|, 0 against it, the projected ratio in between (Eq. 3.14)', () => {
    const along = [15, -3, 5, 10];
    const { positions } = setup('adaptive', along);
    const expected = [1, 0, 0.5, 1];
    for (let v = 0; v < 4; v++) {
      expect(positions[3 * v], `x of vertex ${v}`).toBeCloseTo(h * 1, 14);
      expect(positions[3 * v + 1], `y of vertex ${v}: ã = ${expected[v]}`).toBeCloseTo(h * -2 + h * h * expected[v] * g, 14);
    }
  });

  it('(a) previous, (b) inertia, (c) inertia + acceleration, and the inertia target y', () => {
    const expectations: Record<string, (v: number) => number> = {
      previous: () => 0,
      inertia: () => h * -2,
      inertiaAcceleration: () => h * -2 + h * h * g,
    };
    for (const [initialization, y] of Object.entries(expectations)) {
      const { positions, ws } = setup(initialization as VbdInitialization, [0, 0, 0, 0]);
      for (let v = 0; v < 4; v++) {
        expect(positions[3 * v + 1], `${initialization}, vertex ${v}`).toBeCloseTo(y(v), 14);
        expect(ws.inertiaTarget[3 * v + 1], 'y = x + h v + h² a').toBeCloseTo(h * -2 + h * h * g, 14);
        expect(ws.positionsStart[3 * v + 1], 'x^t stored').toBe(0);
      }
    }
  });

  it('pinned vertices start on their targets', () => {
    const ws = createVbdWorkspace(model);
    ws.pinned[2] = 1;
    ws.targets.set([7, 8, 9], 6);
    const positions = new Float64Array(12);
    forwardStep(positions, new Float64Array(12), new Float64Array(12), ws, createVbdCallParameters(h), 'adaptive');
    expect(Array.from(positions.subarray(6, 9)), 'on target').toEqual([7, 8, 9]);
  });
});
