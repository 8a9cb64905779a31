// Contact physics against physics: Coulomb friction on an incline, a 1:1000 mass-ratio stack, forces orthogonal to the
// offset surface at a sharp edge, energy at rest, a jelly cube landing on a floor plane and on a collider mesh.
import { describe, expect, it } from 'vitest';
import { ogcContact, tetSurfaceTriangles, vertexContactPoints } from '../../../app/contact/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import {
  boxTetrahedra,
  contactActivation,
  createVbdModel,
  createVbdState,
  evaluateContactForceHessian,
  neoHookeanEnergy,
  step,
} from '../../../app/solvers/vbd/index.ts';
import { jellyScene, runChecked, twoTetBlocks, uvSphere } from './scenes.ts';

const g = 9.81;
const dt = 1 / 60;
const substeps = 4;
const h = dt / substeps;

describe('contact physics', () => {
  for (const [mu, slides] of [
    [0.2, true],
    [0.8, false],
  ] as const) {
    it(`a block on a 30° incline with μ = ${mu} ${slides ? 'slides with a = g(sin θ − μ cos θ) within 5%' : 'stays (μ > tan θ)'}`, () => {
      const theta = Math.PI / 6;
      const scene = jellyScene([2, 2, 2], [0.1, 0.1, 0.1], [0, 0.002, 0], h, { planes: [0, 1, 0, 0], friction: mu, radius: 0.004 });
      // The incline is the plane y = 0 under gravity tilted by θ: g_x = g sin θ down the slope.
      const controls = { substeps, iterations: 20, gravity: [g * Math.sin(theta), -g * Math.cos(theta), 0] };
      const model = scene.model;
      const meanX = () => {
        let sum = 0;
        for (let v = 0; v < model.vertexCount; v++) sum += scene.state.positions[3 * v];
        return sum / model.vertexCount;
      };
      const times: number[] = [];
      const xs: number[] = [];
      for (let f = 0; f < 48; f++) {
        step(model, scene.state, scene.state, { ...controls, contact: scene.contact }, dt);
        if (f >= 12) {
          times.push((f + 1) * dt);
          xs.push(meanX());
        }
      }
      if (slides) {
        const a = quadraticFitAcceleration(times, xs);
        const expected = g * (Math.sin(theta) - mu * Math.cos(theta));
        expect(Math.abs(a - expected) / expected, `a = ${a.toFixed(3)} m/s² vs g(sin θ − μ cos θ) = ${expected.toFixed(3)}`).toBeLessThan(0.05);
      } else {
        const drift = xs[xs.length - 1] - xs[0];
        // the smooth static regime lets the block creep below ε_v = 0.01 m/s at most
        expect(drift, `drift over ${(times[times.length - 1] - times[0]).toFixed(2)} s`).toBeLessThan(0.01 * (times[times.length - 1] - times[0]));
      }
      let lowest = Infinity;
      for (let v = 0; v < model.vertexCount; v++) lowest = Math.min(lowest, scene.state.positions[3 * v + 1]);
      expect(lowest, 'never below the incline').toBeGreaterThan(0);
    });
  }

  it('a cube 1000× heavier resting on a light cube on the floor: no interpenetration, the stack holds', () => {
    const { positions, tetrahedra: tets, firstVertexCount, firstTetCount } = twoTetBlocks(0.1, [0, 0.002, 0], [0, 0.11, 0]);
    const material = { youngsModulus: 1e6, poissonRatio: 0.3, density: 100, damping: 5e-3 };
    const model = createVbdModel({
      restPositions: positions,
      tetrahedra: {
        vertices: tets,
        materials: [material, { ...material, density: 1e5 }],
        materialIndices: Array.from({ length: tets.length / 4 }, (_, t) => (t < firstTetCount ? 0 : 1)),
      },
    });
    const triangles = tetSurfaceTriangles(tets);
    const contact = ogcContact({
      simulationVertexCount: model.vertexCount,
      ...vertexContactPoints(null, model.vertexCount),
      triangles,
      planes: [0, 1, 0, 0],
      radius: 0.004,
      stiffness: 1e5,
      friction: 0.5,
    });
    const scene = { model, state: createVbdState(model), contact, triangles };
    const { worst, worstFrame } = runChecked(scene, 45, dt, { substeps, iterations: 20, gravity: [0, -g, 0] });
    expect(worst, `intersections (worst at frame ${worstFrame})`).toBe(0);
    let topOfLight = -Infinity;
    let bottomOfHeavy = Infinity;
    for (let v = 0; v < model.vertexCount; v++) {
      const y = scene.state.positions[3 * v + 1];
      if (v < firstVertexCount) topOfLight = Math.max(topOfLight, y);
      else bottomOfHeavy = Math.min(bottomOfHeavy, y);
    }
    expect(bottomOfHeavy, 'the heavy cube rests above the light one').toBeGreaterThan(topOfLight);
    expect(bottomOfHeavy - topOfLight, 'within the contact radius').toBeLessThan(0.004);
    expect(topOfLight, 'the light cube is compressed, not crushed flat (E = 1 MPa, 98 kPa load)').toBeGreaterThan(0.07);
  });

  it('at a sharp edge the contact force is orthogonal to the offset surface: along the edge normal, the face normal, or from the corner', () => {
    // A unit cube collider; one free point near its top-right edge (x = 1, y = 1) at three places.
    const cube = boxTetrahedra([1, 1, 1], [1, 1, 1]);
    const cubeTriangles = tetSurfaceTriangles(cube.tetrahedra);
    const r = 0.1;
    const cases: Array<[string, [number, number, number], [number, number, number]]> = [
      ['beside the edge', [1.04, 1.05, 0.5], [0.04, 0.05, 0]],
      ['above the face', [0.9, 1.06, 0.5], [0, 0.06, 0]],
      ['beyond the corner', [1.03, 1.04, 1.05], [0.03, 0.04, 0.05]],
    ];
    for (const [name, point, direction] of cases) {
      const contact = ogcContact({
        simulationVertexCount: 1,
        ...vertexContactPoints(null, 1),
        triangles: [],
        obstacleVertexCount: 8,
        obstacleTriangles: cubeTriangles,
        radius: r,
        stiffness: 1e4,
        friction: 0,
      });
      contact.setFrame({ obstacleStart: cube.positions, obstacleEnd: cube.positions });
      const x = Float64Array.from(point);
      contact.beginSubstep(Float64Array.from(x), x, h, 1, new Uint8Array(1), x, x);
      const data = contact.data;
      const force = new Float64Array(3);
      const hessian = new Float64Array(9);
      const entries = data.vertexContactOffsets[1] - data.vertexContactOffsets[0];
      for (let e = data.vertexContactOffsets[0]; e < data.vertexContactOffsets[1]; e++) {
        const entry = data.vertexContacts[e];
        evaluateContactForceHessian(data, entry >>> 4, (entry >>> 2) & 3, 1, 0, new Uint32Array(1), x, x, h, force, hessian);
      }
      expect(entries, `${name}: exactly one feature acts (no double counting across the faces that meet there)`).toBe(1);
      const length = Math.hypot(...direction);
      const magnitude = Math.hypot(force[0], force[1], force[2]);
      const cosine = (force[0] * direction[0] + force[1] * direction[1] + force[2] * direction[2]) / (magnitude * length);
      expect(cosine, `${name}: force along the offset surface's normal`).toBeGreaterThan(1 - 1e-12);
      const out = new Float64Array(3);
      contactActivation(length, r, 1e4, out);
      expect(magnitude, `${name}: |f| = −g′(d)`).toBeCloseTo(-out[1], 9);
    }
  });

  it('a jelly cube falls onto the floor and comes to rest; its energy does not grow while it rests', () => {
    const scene = jellyScene([2, 2, 2], [0.1, 0.1, 0.1], [0, 0.1, 0], h, { planes: [0, 1, 0, 0], friction: 0.5, radius: 0.004 });
    const controls = { substeps, iterations: 20, gravity: [0, -g, 0] };
    const { model, state } = scene;
    const energy = () => {
      let total = 0;
      const out = new Float64Array(3);
      for (let v = 0; v < model.vertexCount; v++) {
        const m = model.masses[v];
        const [vx, vy, vz] = [state.velocities[3 * v], state.velocities[3 * v + 1], state.velocities[3 * v + 2]];
        total += 0.5 * m * (vx * vx + vy * vy + vz * vz) + m * g * state.positions[3 * v + 1];
        contactActivation(state.positions[3 * v + 1], scene.contact.data.radius, scene.contact.data.stiffness, out);
        total += out[0];
      }
      for (let t = 0; t < model.tetCount; t++) total += neoHookeanEnergy(model, t, state.positions);
      return total;
    };
    const { worst } = runChecked(scene, 60, dt, controls);
    expect(worst, 'no self-intersection while landing').toBe(0);
    const settled = energy();
    let highest = settled;
    for (let f = 0; f < 60; f++) {
      step(model, state, state, { ...controls, contact: scene.contact }, dt);
      highest = Math.max(highest, energy());
    }
    const weight = model.masses.reduce((s, m) => s + m, 0) * g;
    expect(highest - settled, 'energy does not grow at rest (tolerance: the work of the weight over 1 µm)').toBeLessThan(weight * 1e-6);
    let lowest = Infinity;
    for (let v = 0; v < model.vertexCount; v++) lowest = Math.min(lowest, state.positions[3 * v + 1]);
    expect(lowest, 'rests on the floor, above it').toBeGreaterThan(0);
    expect(lowest, 'rests on the floor, within r').toBeLessThan(scene.contact.data.radius);
  });

  it('a jelly cube dropped on a sphere collider mesh never passes into it', () => {
    // centred over the sphere's top, so it rests there (off centre it would roll off, as it should)
    const sphere = uvSphere(0.1, 10, 20, [0.05, 0, 0.05]);
    const scene = jellyScene([3, 3, 3], [0.1, 0.1, 0.1], [0, 0.12, 0], h, {
      obstacleVertexCount: sphere.positions.length / 3,
      obstacleTriangles: sphere.triangles,
      friction: 0.3,
      radius: 0.004,
    });
    scene.contact.setFrame({ obstacleStart: sphere.positions, obstacleEnd: sphere.positions });
    const { worst, worstFrame } = runChecked(scene, 40, dt, { substeps, iterations: 15, gravity: [0, -g, 0] }, sphere);
    expect(worst, `intersections with the sphere or itself (worst at frame ${worstFrame})`).toBe(0);
    const checker = intersectionChecker([{ name: 'cube', triangles: scene.triangles, vertexCount: scene.model.vertexCount }]);
    expect(checker.check([scene.state.positions]).total, 'clean at the end').toBe(0);
    let lowest = Infinity;
    for (let v = 0; v < scene.model.vertexCount; v++) lowest = Math.min(lowest, scene.state.positions[3 * v + 1]);
    expect(lowest, 'resting on the sphere, not fallen through').toBeGreaterThan(0.09);
  });
});

/** Least-squares fit of x(t) = c + b t + a t²/2; returns a. */
function quadraticFitAcceleration(t: number[], x: number[]): number {
  // normal equations for [1, t, t²/2]
  const A = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const y = [0, 0, 0];
  for (let i = 0; i < t.length; i++) {
    const row = [1, t[i], 0.5 * t[i] * t[i]];
    for (let r = 0; r < 3; r++) {
      y[r] += row[r] * x[i];
      for (let c = 0; c < 3; c++) A[r][c] += row[r] * row[c];
    }
  }
  // Gaussian elimination
  for (let k = 0; k < 3; k++) {
    for (let r = k + 1; r < 3; r++) {
      const f = A[r][k] / A[k][k];
      for (let c = k; c < 3; c++) A[r][c] -= f * A[k][c];
      y[r] -= f * y[k];
    }
  }
  const s = [0, 0, 0];
  for (let k = 2; k >= 0; k--) {
    let v = y[k];
    for (let c = k + 1; c < 3; c++) v -= A[k][c] * s[c];
    s[k] = v / A[k][k];
  }
  return s[2];
}
