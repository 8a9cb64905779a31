// untangledPoints: the points of the simulated surface caught in a crossing the input does not have are taken out of
// contact (label ANY_REGION) and pulled toward the input; a crossing the input has too is the artist's and is left
// alone, and a point the step cannot move (kinematic) is checked where it will be exported, at the input.
import { describe, expect, it } from 'vitest';
import { bakeContactState } from '../../../../app/contact/bake/bakeContactState.ts';
import { setContactFrame } from '../../../../app/contact/bake/setContactFrame.ts';
import { stepSurfaces } from '../../../../app/contact/bake/stepSurfaces.ts';
import { untangledPoints } from '../../../../app/contact/bake/untangledPoints.ts';
import { ANY_REGION } from '../../../../app/intersection/index.ts';

// Cloth, two separate triangles: A lies in z = 0, B stands above it; `drop` moves B down (through A when > 0.05).
const triangles = new Uint32Array([0, 1, 2, 3, 4, 5]);
const apart = new Float32Array([-1, -1, 0, 1, -1, 0, 0, 1, 0, 0, 0, 0.05, -0.5, 0, 1, 0.5, 0, 1]);
const dropped = (drop: number): Float32Array => apart.map((x, k) => (k >= 9 && k % 3 === 2 ? x - drop : x));

function untangle(input: Float32Array, simulated: Float32Array, kinematic: number[]) {
  const state = bakeContactState({
    triangles,
    surfaceVertexCount: 6,
    embedding: null,
    simulationVertexCount: 6,
    masses: new Float64Array(6).fill(0.1),
    timeStep: 1 / 120,
    restSurface: apart,
    selfContact: true,
    colliders: [],
  });
  setContactFrame(state, input, input, [], []);
  // What ogc's kinematicPoints step leaves after a substep with these pinned vertices.
  for (let s = 0; s < 6; s++) state.ogc.kinematicPoints[s] = kinematic.includes(s) ? 1 : 0;
  stepSurfaces(state, null, 0, 1, simulated);
  return { count: untangledPoints(state), state };
}

describe('untangledPoints: simulated crossings the input does not have', () => {
  it('a free triangle the simulation dropped through another (the input holds them apart): all six corners are untangled and match every region', () => {
    const { count, state } = untangle(apart, dropped(0.3), []);
    expect(count, 'untangled points').toBe(6);
    for (let s = 0; s < 6; s++) {
      expect(state.untangle[s], `point ${s} is pulled toward the input`).toBe(1);
      expect(state.regions[s], `point ${s} is out of contact with every region`).toBe(ANY_REGION);
    }
  });

  it("the same crossing in the input (the artist's): nothing is untangled", () => {
    const { count, state } = untangle(dropped(0.3), dropped(0.35), []);
    expect(count, 'untangled points').toBe(0);
    expect(
      Array.from(state.regions).every((label) => label !== 0 && label !== ANY_REGION),
      "every point is inside the input's region",
    ).toBe(true);
  });

  it('surfaces that do not cross: nothing is untangled', () => {
    expect(untangle(apart, dropped(0.02), []).count, 'untangled points').toBe(0);
  });

  it('a kinematic triangle is checked at the input: its simulated positions crossing the other do not count', () => {
    // B is pinned (weights 0): it is exported at the input, above A, whatever the step's positions say.
    expect(untangle(apart, dropped(0.3), [3, 4, 5]).count, 'untangled points').toBe(0);
  });
});
