// stepSurfaces: the contact surface of an embedded mesh is the surface that is exported (seed 000 Eq. 4.10,
// q′ = C′u + R(q̄ − C′ū)). Two consequences of the equation are tested, neither read from the code's output: a lattice
// at its fitted state carries the input exactly, and a lattice turned rigidly by R carries the input turned by R.
import { describe, expect, it } from 'vitest';
import { bakeContactState } from '../../../../app/contact/bake/bakeContactState.ts';
import { setContactFrame } from '../../../../app/contact/bake/setContactFrame.ts';
import { stepSurfaces } from '../../../../app/contact/bake/stepSurfaces.ts';
import { latticeEmbedding } from '../../../../app/embedding/index.ts';
import { uvSphere } from '../../embedding/meshes.ts';

const sphere = uvSphere([0, 0, 0], 0.5, 8, 12);
const surface = Float32Array.from(sphere.positions);
const triangles = Uint32Array.from(sphere.triangles);
const S = surface.length / 3;
const embedding = latticeEmbedding(surface, triangles, { resolution: 6 });
const N = embedding.vertexCount;

function embeddedState() {
  const state = bakeContactState({
    triangles,
    surfaceVertexCount: S,
    embedding,
    simulationVertexCount: N,
    masses: new Float64Array(N).fill(0.01),
    timeStep: 1 / 120,
    restSurface: surface,
    selfContact: true,
    colliders: [],
  });
  setContactFrame(state, surface, surface, [], []);
  return state;
}

/** The largest distance between two #S×3 arrays [m]. */
function largestGap(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let largest = 0;
  for (let v = 0; v < a.length / 3; v++) largest = Math.max(largest, Math.hypot(a[3 * v] - b[3 * v], a[3 * v + 1] - b[3 * v + 1], a[3 * v + 2] - b[3 * v + 2]));
  return largest;
}

describe('stepSurfaces: the contact surface of an embedded mesh (Eq. 4.10)', () => {
  it('a simulated lattice at its fitted state (u = ū) carries the input surface itself', () => {
    const state = embeddedState();
    stepSurfaces(state, embedding.positions, 0, 1, embedding.positions);
    expect(largestGap(state.current, surface), 'contact surface against the input [m]').toBeLessThan(1e-6);
  });

  it('a lattice turned rigidly by R (u = Rū) carries the input turned by R, offsets included', () => {
    const state = embeddedState();
    // The fitted lattice ū: the rest lattice grown by 10% (at rest the embedding reproduces the surface exactly, so the
    // offsets q̄ − C′ū would vanish); the offsets are then −0.1 q̄, and only their rotation brings them to R q̄.
    const fitted = embedding.positions.map((x) => 1.1 * x);
    const angle = 0.7;
    const c = Math.cos(angle),
      s = Math.sin(angle);
    const turn = (p: ArrayLike<number>, out: Float64Array): Float64Array => {
      for (let v = 0; v < p.length / 3; v++) {
        const x = p[3 * v],
          y = p[3 * v + 1],
          z = p[3 * v + 2];
        out[3 * v] = c * x - s * z;
        out[3 * v + 1] = y;
        out[3 * v + 2] = s * x + c * z;
      }
      return out;
    };
    const turnedLattice = turn(fitted, new Float64Array(3 * N));
    stepSurfaces(state, fitted, 0, 1, turnedLattice);
    const turnedInput = turn(surface, new Float64Array(3 * S));
    expect(largestGap(state.current, turnedInput), 'contact surface against R q̄ [m]').toBeLessThan(1e-5);
    // Without R (offsets q̄ − C′ū unturned) the surface would part from R q̄ by about the offsets turned by 0.7 rad.
    const unturned = new Float64Array(3 * S);
    for (let i = 0; i < S; i++) {
      for (let k = 0; k < 3; k++) {
        let x = 0;
        for (let j = 0; j < 4; j++) x += embedding.surfaceBarycentric[4 * i + j] * turnedLattice[3 * embedding.tetrahedra[4 * embedding.surfaceTet[i] + j] + k];
        let rest = 0;
        for (let j = 0; j < 4; j++) rest += embedding.surfaceBarycentric[4 * i + j] * fitted[3 * embedding.tetrahedra[4 * embedding.surfaceTet[i] + j] + k];
        unturned[3 * i + k] = x + surface[3 * i + k] - rest;
      }
    }
    expect(largestGap(unturned, turnedInput), 'the test can tell R from no R').toBeGreaterThan(1e-3);
  });

  it("cloth: the contact surface is the simulated positions, and the input and colliders are taken at the call's ends", () => {
    const quad = new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    const later = quad.map((x, k) => (k % 3 === 2 ? 0.2 : x));
    const wall = new Float32Array([2, 0, 0, 2, 1, 0, 2, 0, 1]);
    const wallLater = wall.map((x, k) => (k % 3 === 0 ? x + 1 : x));
    const state = bakeContactState({
      triangles: new Uint32Array([0, 1, 2, 1, 3, 2]),
      surfaceVertexCount: 4,
      embedding: null,
      simulationVertexCount: 4,
      masses: new Float64Array(4).fill(0.1),
      timeStep: 1 / 120,
      restSurface: quad,
      selfContact: false,
      colliders: [{ name: 'wall', triangles: new Uint32Array([0, 1, 2]), vertexCount: 3 }],
    });
    setContactFrame(state, quad, later, [wall], [wallLater]);
    const simulated = new Float64Array(12).fill(0.3);
    stepSurfaces(state, null, 0.25, 0.75, simulated);
    expect(Array.from(state.current), 'the simulated positions').toEqual(Array.from(simulated));
    expect(state.subReferenceStart[2], 'input z at a quarter of the frame').toBeCloseTo(0.05, 6);
    expect(state.subReferenceEnd[2], 'input z at three quarters').toBeCloseTo(0.15, 6);
    expect(state.subStart[0], 'collider x at a quarter').toBeCloseTo(2.25, 6);
    expect(state.subEnd[0], 'collider x at three quarters').toBeCloseTo(2.75, 6);
  });
});
