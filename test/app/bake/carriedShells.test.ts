// carriedShells: gear is a rigid piece hinged on its host, driven by the host's motion. Physics it must show: under a
// steady acceleration a across its lever it settles tilted by w·a/g (a pendulum in an accelerating frame, its swing
// held by gravity's stiffness and the weight); when the acceleration stops it rings at the frequency of its model's
// swing mode and settles at that mode's decay rate; the same trajectory sampled at 24 and 60 fps gives the same
// motion; it never swings into the surface it rests on; a glued shell moves with its host's displacement exactly.
import { describe, expect, it } from 'vitest';
import { createCarriedShells, GEAR_DAMPING_RATIO } from '../../../app/bake/carriedShells.ts';
import { rigidAlignment } from '../../../app/embedding/index.ts';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { bake, bakeAnimation, resolveBakeSettings, type BakeOptions } from '../../../app/bake/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { sceneShells, type SceneShell } from '../../../app/weights/index.ts';
import { dampedMode } from '../../helpers/signalMeasures.ts';
import { testCharacterGlb, TEST_CHARACTER } from '../../helpers/testCharacter.ts';

const flesh = { model: 'neohookean' as const, youngsModulus: 20000, poissonRatio: 0.45, density: 1000, damping: 0.004, massDamping: 10 };

/** Corners of the box [x0, x1] × [y0, y1] × [z0, z1], flat #8×3. */
function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): Float32Array {
  const out: number[] = [];
  for (const x of [x0, x1]) for (const y of [y0, y1]) for (const z of [z0, z1]) out.push(x, y, z);
  return Float32Array.from(out);
}

/**
 * A host (scene mesh 0, not simulated): the +x face of a belt-like bar, 4 cm tall (y from 0.1 to 0.14) and 30 cm wide,
 * sampled every centimetre; and a 5 × 12 × 10 cm pouch hanging from it 3 mm off its plane (scene mesh 1), touching it
 * at its top only, its hinge the middle of its top inner edge, (0.203, 0.1, 0).
 */
function scene(role: 'gear' | 'glued' = 'gear', depth = 0.05) {
  const face: number[] = [];
  for (let y = 0.1; y <= 0.14 + 1e-9; y += 0.01) for (let z = -0.15; z <= 0.15 + 1e-9; z += 0.01) face.push(0.2, y, z);
  const host = Float32Array.from(face);
  const gear = box(0.203, 0.203 + depth, -0.02, 0.1, -0.05, 0.05);
  const shell: SceneShell = {
    meshIndex: 1,
    component: -1,
    vertices: Uint32Array.from([0, 1, 2, 3, 4, 5, 6, 7]),
    role,
    reason: 'test',
    host: { meshIndex: 0, component: 0, vertices: Uint32Array.from({ length: host.length / 3 }, (_, i) => i) },
    size: Math.hypot(depth, 0.12, 0.1),
    restingNormal: [1, 0, 0],
  };
  return { host, gear, shell };
}

/**
 * Runs a pouch whose whole scene moves along `offset(t)` (a rigid translation), sampled at fps; returns per frame the
 * pouch's rotation from its input pose (rotation vector) and the output minus input of its vertices.
 */
function run(offset: (t: number) => number[], seconds: number, fps: number, weight = 0.6, depth = 0.05, startInMotion = false, from = 0) {
  const { host, gear, shell } = scene('gear', depth);
  const carried = createCarriedShells([[shell]], [{ meshIndex: 1, rest: gear, material: flesh }], [host, gear], () => -1, 1, 1 / 120);
  const frames = Math.round(seconds * fps) + 1;
  const weights = new Float32Array(8).fill(weight);
  const rotations: number[][] = [];
  const offsets: Float32Array[] = [];
  const alignment = {
    rotation: new Float64Array(9),
    quaternion: new Float64Array(4),
    sourceCentroid: new Float64Array(3),
    targetCentroid: new Float64Array(3),
  };
  const inputAt = (t: number): Float32Array => {
    const o = offset(t);
    return Float32Array.from(gear, (x, k) => x + o[k % 3]);
  };
  const spacing = 1 / 30;
  for (let f = 0; f < frames; f++) {
    const t = from + f / fps;
    const input = inputAt(t);
    const output = Float32Array.from(input);
    const first = f === 0;
    const start = startInMotion
      ? { previous: inputAt(t - spacing), next: inputAt(t + spacing), afterNext: inputAt(t + 2 * spacing), later: inputAt(t + 3 * spacing), spacing }
      : null;
    carried.apply([input], [output], [weights], 1 / fps, first ? [inputAt(t - 1 / fps)] : undefined, first ? [start] : undefined);
    rigidAlignment(Float64Array.from(input), Float64Array.from(output), new Float64Array(8).fill(1 / 8), 8, alignment);
    const [x, y, z, w] = alignment.quaternion;
    const s = Math.hypot(x, y, z);
    const angle = 2 * Math.atan2(s, Math.abs(w)) * Math.sign(w || 1);
    rotations.push(s > 0 ? [(x / s) * angle, (y / s) * angle, (z / s) * angle] : [0, 0, 0]);
    offsets.push(Float32Array.from(output, (v, k) => v - input[k]));
  }
  return { rotations, offsets, carried, frames };
}

describe('carriedShells: gear', () => {
  it('under a steady acceleration across its lever it settles tilted by w·a/g, its hinge lagging on its spring', () => {
    const a = 0.5;
    const { rotations, offsets, frames, carried } = run((t) => [0, 0, 0.5 * a * t * t], 3, 30);
    const tilt = Math.hypot(...rotations[frames - 1]);
    const expected = (0.6 * a) / 9.81;
    expect(Math.abs(tilt / expected - 1), `tilt ${tilt.toFixed(5)} rad against w·a/g = ${expected.toFixed(5)}`).toBeLessThan(0.02);
    // The hinge (the middle of the top inner edge: vertices 2 and 3) lags by w·a/ω_t² on its translational spring.
    const omegaT = 2 * carried.gear[0][0].naturalOmega;
    const hinge = [0, 1, 2].map((c) => (offsets[frames - 1][6 + c] + offsets[frames - 1][9 + c]) / 2);
    expect(
      Math.abs(Math.hypot(...hinge) / ((0.6 * a) / omegaT ** 2) - 1),
      `hinge lag ${Math.hypot(...hinge).toExponential(3)} m against w·a/ω_t²`,
    ).toBeLessThan(0.1);
  });

  it("when the acceleration stops it rings at its swing mode's frequency and settles at that mode's decay rate", () => {
    const a = 2;
    const stop = 1;
    const fps = 60;
    // A plate 1 cm deep: its lever nearly straight down, so the stop excites one swing (about x) and not the others.
    const { rotations, carried, frames } = run((t) => [0, 0, t < stop ? 0.5 * a * t * t : 0.5 * a * stop * stop + a * stop * (t - stop)], 4, fps, 0.6, 0.01);
    // The swing about x (the acceleration is along z, the lever down).
    const swing = rotations.map((r) => r[0]);
    const after = swing.slice(Math.round(stop * fps) + 2);
    // Prony's single mode, fitted once the faster modes the stop also excites (4–5 Hz, decaying 3× faster) are gone.
    const measured = dampedMode(after.slice(Math.round(0.5 * fps)), fps);
    // The model's prediction: the mode the stop excites most in θ_x (the velocity impulse along z, its modal amplitude
    // φᵢᵀM·e_z over ωᵢ, times the mode's θ_x), with its damped frequency and decay rate ζω.
    const { model } = carried.gear[0][0];
    const modes = [...model.eigenvalues].map((lambda, i) => {
      const omega = Math.sqrt(lambda / 0.6);
      const zeta = GEAR_DAMPING_RATIO;
      const amplitude = Math.abs((model.projection[6 * i + 2] / omega) * model.modes[6 * 3 + i]);
      return { hertz: (omega * Math.sqrt(1 - zeta * zeta)) / (2 * Math.PI), decay: zeta * omega, amplitude };
    });
    const predicted = modes.reduce((best, m) => (m.amplitude > best.amplitude ? m : best));
    expect(
      Math.abs(measured.hertz / predicted.hertz - 1),
      `frequency ${measured.hertz.toFixed(3)} Hz against the model's ${predicted.hertz.toFixed(3)} Hz (modes ${modes.map((m) => m.hertz.toFixed(2)).join(', ')})`,
    ).toBeLessThan(0.03);
    expect(Math.abs(measured.decay / predicted.decay - 1), `decay ${measured.decay.toFixed(3)}/s against ζω = ${predicted.decay.toFixed(3)}/s`).toBeLessThan(
      0.1,
    );
    // Settled: within 1% of the swing's first peak after ln(100)/(ζω), with 20% to spare.
    const peak = Math.max(...after.slice(0, fps).map(Math.abs));
    const settle = (1.2 * Math.log(100)) / predicted.decay;
    const late = after.slice(Math.ceil(settle * fps));
    expect(late.length, 'the run covers the settle time').toBeGreaterThan(0);
    expect(Math.max(...late.map(Math.abs)), `after ${settle.toFixed(2)} s`).toBeLessThan(0.01 * peak);
    expect(frames, 'frames').toBe(4 * fps + 1);
  });

  it('moves the same at 24 and at 60 fps (a trajectory sampled at either rate)', () => {
    const path = (t: number) => [0.01 * Math.sin(9 * t), 0.03 * Math.sin(11 * t) * Math.exp(-t), 0.05 * Math.sin(7 * t)];
    const slow = run(path, 2, 24);
    const fast = run(path, 2, 60);
    let largest = 0;
    let worst = 0;
    for (let f = 0; f < slow.frames; f += 2) {
      const g = Math.round((f * 60) / 24);
      if (g >= fast.frames || (f * 60) % 24 !== 0) continue;
      for (let c = 0; c < 3; c++) {
        largest = Math.max(largest, Math.abs(fast.rotations[g][c]));
        worst = Math.max(worst, Math.abs(slow.rotations[f][c] - fast.rotations[g][c]));
      }
    }
    expect(largest, 'it swings').toBeGreaterThan(0.01);
    expect(worst, `24 and 60 fps differ by ${worst.toFixed(5)} rad of ${largest.toFixed(4)}`).toBeLessThan(0.05 * largest);
  });

  it('started in motion, it continues the motion it would have had (the steady swing of its acceleration and jerk)', () => {
    // A slow sway and bob (0.5 and 0.7 Hz, under the swing's 1.9 Hz: the steady swing of the first frame's acceleration
    // and jerk is its motion there): one run started 3 s before (settled), one started at t = 0 in motion.
    const path = (t: number) => [0.03 * Math.sin(3 * t), 0.05 * Math.sin(4.5 * t), 0.1 * Math.sin(3 * t + 1)];
    const settled = run(path, 3.5, 30, 0.6, 0.05, false, -3);
    const started = run(path, 0.5, 30, 0.6, 0.05, true, 0);
    const cold = run(path, 0.5, 30, 0.6, 0.05, false, 0);
    let largest = 0;
    let startError = 0;
    let coldError = 0;
    for (let f = 0; f < started.frames; f++) {
      const reference = settled.offsets[90 + f];
      for (let k = 0; k < reference.length; k++) {
        largest = Math.max(largest, Math.abs(reference[k]));
        startError = Math.max(startError, Math.abs(started.offsets[f][k] - reference[k]));
        coldError = Math.max(coldError, Math.abs(cold.offsets[f][k] - reference[k]));
      }
    }
    expect(largest, 'it swings').toBeGreaterThan(1e-3);
    // The steady swing of a linearly changing acceleration is the motion's to the order (f_motion/f_swing)² ≈ 0.14 here.
    expect(startError, `started in motion: ${startError.toExponential(2)} m off the settled swing`).toBeLessThan(0.15 * largest);
    expect(startError, `started in motion against a cold start (${coldError.toExponential(2)} m off)`).toBeLessThan(0.2 * coldError);
  });

  it('never swings into the surface it rests on: its host accelerating toward it, its centre of mass stays out', () => {
    const { offsets, frames } = run((t) => [0.5 * 3 * t * t, 0, 0], 1.5, 30);
    for (let f = 0; f < frames; f++) {
      const centre = [0, 1, 2, 3, 4, 5, 6, 7].reduce((sum, v) => sum + offsets[f][3 * v] / 8, 0);
      expect(centre, `frame ${f}: the centre of mass's offset along the host's normal`).toBeGreaterThanOrEqual(-1e-6);
    }
    const away = run((t) => [-0.5 * 3 * t * t, 0, 0], 1.5, 30);
    const outward = Math.max(...away.offsets.map((o) => [0, 1, 2, 3, 4, 5, 6, 7].reduce((sum, v) => sum + o[3 * v] / 8, 0)));
    expect(outward, 'its host accelerating away, it swings out').toBeGreaterThan(1e-3);
  });
});

describe('carriedShells: glued', () => {
  it('moves with its host: a host displaced by d carries its glued shell by d exactly', () => {
    const { host, gear, shell } = scene('glued');
    // The host is simulated here (simulated mesh 0), the glued shell is simulated mesh 1.
    const carried = createCarriedShells(
      [[], [shell]],
      [
        { meshIndex: 0, rest: host, material: flesh },
        { meshIndex: 1, rest: gear, material: flesh },
      ],
      [host, gear],
      (m) => m,
      1,
      1 / 120,
    );
    const d = [0.004, -0.002, 0.007];
    const hostOutput = Float32Array.from(host, (x, k) => x + d[k % 3]);
    const gearOutput = Float32Array.from(gear);
    carried.apply([host, gear], [hostOutput, gearOutput], [new Float32Array(8), new Float32Array(8)], 1 / 30, [host, gear], [null, null]);
    for (let k = 0; k < gear.length; k++) expect(Math.abs(gearOutput[k] - gear[k] - d[k % 3]), `coordinate ${k}`).toBeLessThan(1e-7);
  });
});

describe('the layered character walking at its defaults', () => {
  it('its gear swings at least 1 cm and settles, its glued accessories stay on their hosts, nothing flips, no warning', async () => {
    const scene = await readGltf(await testCharacterGlb({ gear: true }), { fileName: 'layered.glb' });
    const clip = TEST_CHARACTER.clips.walk;
    const fps = 30;
    const end = Math.round(scene.clips.find((c) => c.name === clip)!.duration * fps);
    const options: BakeOptions = { clip, frames: [0, end + fps] };
    const { report } = await bake(scene, options);
    const result = await bakeAnimation(scene, resolveBakeSettings(scene, options), options);
    const evaluator = createAnimationEvaluator(scene);
    const shells = sceneShells(scene);
    let gearMotion = 0;
    let gearLate = 0;
    let gluedDrift = 0;
    for (const mesh of result.meshes) {
      const imported = scene.meshes[mesh.meshIndex];
      const R = imported.renderVertexCount;
      const input = new Float32Array(3 * R);
      const rest = new Float32Array(3 * R);
      evaluator.evaluateMesh(mesh.meshIndex, null, 0, rest);
      for (let f = 0; f < result.inputTimes.length; f++) {
        evaluator.evaluateMesh(mesh.meshIndex, result.settings.clipIndex, result.inputTimes[f], input);
        const output = mesh.positions.subarray(3 * R * f, 3 * R * (f + 1));
        for (const shell of shells.meshes[mesh.meshIndex]) {
          for (let r = 0; r < R; r++) {
            if (!shell.vertices.includes(imported.topology.renderToSimulation[r])) continue;
            const moved = Math.hypot(output[3 * r] - input[3 * r], output[3 * r + 1] - input[3 * r + 1], output[3 * r + 2] - input[3 * r + 2]);
            if (shell.role === 'gear') {
              gearMotion = Math.max(gearMotion, moved);
              if (f >= end + fps - 3) gearLate = Math.max(gearLate, moved);
            }
          }
        }
      }
      // Glued: each glued vertex's offset from its nearest host vertex changes by at most its host's own stretch there.
      for (const shell of shells.meshes[mesh.meshIndex].filter((s) => s.role === 'glued')) {
        const host = result.meshes.find((other) => other.meshIndex === shell.host!.meshIndex)!;
        const hostMesh = scene.meshes[host.meshIndex];
        const hostRest = new Float32Array(3 * hostMesh.renderVertexCount);
        evaluator.evaluateMesh(host.meshIndex, null, 0, hostRest);
        const pairs: Array<[number, number]> = [];
        for (let r = 0; r < R; r += 7) {
          if (!shell.vertices.includes(imported.topology.renderToSimulation[r])) continue;
          let best = -1;
          let bestDistance = Infinity;
          for (let u = 0; u < hostMesh.renderVertexCount; u++) {
            if (!shell.host!.vertices.includes(hostMesh.topology.renderToSimulation[u])) continue;
            const d = Math.hypot(hostRest[3 * u] - rest[3 * r], hostRest[3 * u + 1] - rest[3 * r + 1], hostRest[3 * u + 2] - rest[3 * r + 2]);
            if (d < bestDistance) [best, bestDistance] = [u, d];
          }
          pairs.push([r, best]);
        }
        const HR = 3 * hostMesh.renderVertexCount;
        const hostInput = new Float32Array(HR);
        for (let f = 0; f < result.inputTimes.length; f++) {
          evaluator.evaluateMesh(mesh.meshIndex, result.settings.clipIndex, result.inputTimes[f], input);
          evaluator.evaluateMesh(host.meshIndex, result.settings.clipIndex, result.inputTimes[f], hostInput);
          for (const [r, u] of pairs) {
            for (let c = 0; c < 3; c++) {
              const before = input[3 * r + c] - hostInput[3 * u + c];
              const after = mesh.positions[3 * R * f + 3 * r + c] - host.positions[HR * f + 3 * u + c];
              gluedDrift = Math.max(gluedDrift, Math.abs(after - before));
            }
          }
        }
      }
    }
    expect(gearMotion, 'the gear swings at least 1 cm').toBeGreaterThan(0.01);
    expect(gearLate, 'and settles: within 1 mm of the input one second after the clip holds still').toBeLessThan(1e-3);
    expect(gluedDrift, 'glued accessories stay within 2 mm of their host (offset from the nearest host vertex)').toBeLessThan(2e-3);
    for (const mesh of report.meshes.filter((m) => m.simulation)) expect(mesh.simulation!.flippedTriangles, `${mesh.name}: flipped triangles`).toBe(0);
    expect(
      report.warnings.map((w) => w.code),
      'no warning (no-driver, not-converged, large-motion, flips)',
    ).toEqual([]);
  }, 300_000);
});
