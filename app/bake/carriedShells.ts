import { rigidAlignment, type RigidAlignment } from '../embedding/index.ts';
import type { Material } from '../document/index.ts';
import type { SceneShell } from '../weights/index.ts';
import { gearSwingModel, type GearSwingModel } from './gearSwingModel.ts';
import { stepGearSwing } from './stepGearSwing.ts';
import { initialMotion } from './initialMotion.ts';

/** One simulated mesh as the carried shells see it. */
export interface CarrierMesh {
  /** index into ImportedScene.meshes */
  meshIndex: number;
  /** #V×3 welded world rest positions [file units] */
  rest: Float32Array;
  /** the mesh's material, read at every frame (the swing's damping: ζ = α/(2ω) + βω/2, as every mode of the body) */
  readonly material: Material;
}

/** The input of one simulated mesh around its first frame, for a start in motion (as MeshSimulation.start takes it). */
export interface CarrierStart {
  previous: Float32Array | null;
  next: Float32Array;
  afterNext: Float32Array;
  later: Float32Array;
  /** the samples' spacing [s] */
  spacing: number;
}

/** What every carried shell of a session does, frame by frame (createCarriedShells). */
export interface CarriedShells {
  /** per simulated mesh, #V 1 on the vertices a shell carries (the lattice pins them: their motion is set here) */
  readonly carried: Uint8Array[];
  /** per simulated mesh, its gear: the shell, its mean swing's ω at weight 1 [rad/s] and its swing model */
  readonly gear: ReadonlyArray<ReadonlyArray<{ shell: SceneShell; naturalOmega: number; model: GearSwingModel }>>;
  /**
   * Moves the carried shells of every mesh for a frame: `outputs[m]` holds mesh m's output (its lattice's surface after
   * the surface guard) and is written in place on the carried vertices; `inputs[m]` its input. The first call starts
   * the swings (settled into the lag of the input's motion when `start` is given, else at rest with the animation).
   *
   * @param inputs     per simulated mesh, #V×3 welded input of the frame
   * @param outputs    per simulated mesh, #V×3 welded output (in place)
   * @param weights    per simulated mesh, #V weights of the frame (a gear's weight is its vertices' mean)
   * @param dt         the frame's length [s]
   * @param previous   per simulated mesh, the input one frame before (the first call only; a loop's start)
   * @param start      per simulated mesh, the input around the first frame (the first call of a start in motion)
   */
  apply(inputs: readonly Float32Array[], outputs: Float32Array[], weights: readonly ArrayLike<number>[], dt: number, previous?: readonly Float32Array[], start?: readonly (CarrierStart | null)[]): void;
  /** Back to before the first frame. */
  restart(): void;
  /** The state of simulated mesh m's gear (a session snapshot holds it with the mesh's simulation). */
  snapshot(mesh: number): Float64Array;
  /** Continues from snapshot(mesh) of a session built the same way. */
  restore(mesh: number, state: Float64Array): void;
}

/**
 * The damping ratio of every mode of gear's swing: a strap and a buckle, not flesh (the flesh preset's α damps a 1.5 Hz
 * mode at ζ = 0.54, which barely rings): it bounces back once or twice and is within 1% of its lag in ln(100)/(ζω),
 * 1.6 s at 1.5 Hz.
 */
export const GEAR_DAMPING_RATIO = 0.3;
/** The largest swing of gear from its animated orientation [rad] (about 29°: a strap going taut). */
export const GEAR_MAX_ANGLE = 0.5;
/** The largest displacement of gear's hinge from where its host carries it, in gear sizes. */
const GEAR_MAX_SHIFT = 0.25;
/**
 * ω_t/ω_r: the connection holds the hinge's position this much more stiffly (relative to the inertia) than it holds the
 * piece's orientation: a pouch swings from its strap more than it slides, and bounces at twice its swing's frequency.
 */
const BOUNCE_RATIO = 2;
/**
 * A piece that touches its host over a share e of its height is held along it, not hanging from its top (a strap round
 * the thigh across a holster, a plate lying on a chest, a pouch on the belt's front): its swing is
 * 1 + LYING_STIFFENING·smoothstep((e − 0.2)/0.6) times stiffer than hanging (the layered character: a pouch hanging from
 * the belt e = 0.1, 1×; the thigh holster e = 0.47, 6×; plates, pads, the pack e ≈ 1, 13×, 3.6 times the frequency).
 * Without it the thigh holster, driven by the thigh's swing near its own frequency, swung 73 mm on the settled walk
 * (38% of its size), a strapped holster flapping.
 */
const LYING_STIFFENING = 12;
/** A vertex touches its host within this share of the gear's size beyond its closest vertex's distance. */
const TOUCHING = 0.1;
/** Gear swings at least this and at most this fast at weight 1 [Hz] (a hinge on the centre of mass, a long strap). */
const MIN_GEAR_HERTZ = 0.5;
const MAX_GEAR_HERTZ = 8;
/** Standard gravity [m/s²]: the swing's stiffness is what holds a hanging piece, gravity's. */
const GRAVITY = 9.81;
/** Nearest host vertices a carried point reads the host's displacement from. */
const HOST_SAMPLES = 4;

interface Gear {
  /** index of the simulated mesh (into the session's meshes) */
  mesh: number;
  vertices: Uint32Array;
  /** shell vertices that form the hinge (the uppermost of those touching the host) */
  hinge: Uint32Array;
  /** host sampling at the hinge (simulated mesh index or −1: the host does not move) */
  host: number;
  hostVertices: Uint32Array;
  hostWeights: Float64Array;
  /** the swing's modes and limits in the gear's rest frame */
  model: GearSwingModel;
  /** outward normal of the surface it rests on, rest frame (zeros: none) */
  normal: ArrayLike<number>;
  /** rest positions of the shell's vertices relative to their centroid, and uniform weights, for the animated rotation */
  restPoints: Float64Array;
  pointWeights: Float64Array;
  /** ω at weight 1 [rad/s] */
  naturalOmega: number;
  /** its place in the state array */
  index: number;
}

interface Glued {
  mesh: number;
  vertices: Uint32Array;
  host: number;
  /** per vertex HOST_SAMPLES host vertices and weights */
  hostVertices: Uint32Array;
  hostWeights: Float64Array;
}

/**
 * Per gear: q (6) and q̇ (6) in its rest frame (q̇ before the impulse of the last frame), the pivot's velocity over the
 * last interval (3), the animation's angular velocity over it (3), the animated orientation (4) and the pivot (3) at
 * the last frame.
 */
const GEAR_STATE = 25;
/** the pivot's velocity (3) then the animation's angular velocity (3) over the last interval */
const PIVOT_VELOCITY = 12;
const SPIN = 15;
const ORIENTATION = 18;
const PIVOT = 22;

/**
 * Builds the motion of the separate shells that ride on a host (sceneShells' `glued` and `gear`), for a session's
 * simulated meshes. Glued shells move with their host's simulated surface: each vertex takes the displacement (output −
 * input) of its nearest host vertices, so a belt stays on a belly that jiggles, and a visor on a head (whose displacement
 * is 0) is exact. Gear is a rigid piece hinged where it meets its host (the uppermost of its vertices within a quarter
 * of its size of the host's nearest vertex beyond the closest one's distance: gear hangs from its straps), carried by
 * the host's displacement at the hinge and moving on a compliant, damped connection there (gearSwingModel,
 * stepGearSwing): 6 degrees of freedom, the hinge's shift and the rotation about it, driven by the pivot's and the
 * animation's accelerations (impulses at the frames). The connection holds the piece as gravity holds a hanging one,
 * K_r = g|c|(1 − ĉĉᵀ) per unit mass (it tilts by a/g under a horizontal acceleration a, and swings at the compound
 * pendulum's √(g|c|/ĩ)), stiffer as it lies along its host (LYING_STIFFENING), its mean swing kept within [0.5, 8] Hz,
 * and about the lever as stiffly; the hinge's shift
 * BOUNCE_RATIO² times stiffer (it bounces at twice the swing's frequency). The weight divides the stiffness (the weight is
 * how much of the lag shows, as for the body: docs/bake.md); every mode is damped at GEAR_DAMPING_RATIO. It is
 * one-sided where the input rests the piece on the surface under it (it swings out and falls back, never into the
 * body) and stops at GEAR_MAX_ANGLE and a shift of GEAR_MAX_SHIFT of its size.
 *
 * DESIGN NOTES
 * - Why not the lattice: at the default resolution (12 cells along a 1.6 m character: 13 cm cells) a 10 cm pouch is one
 *   or two cells of its own lattice piece (cellPieces duplicates the cells per piece, so it shares no vertex with its
 *   host). Pinned at a hinge (weight 0) it can only shear that cell; held by springs alone it is a soft blob held at its
 *   core (the old `no-driver` case: the jelly preset moved a visor 30% of its size off the head, issue 37); gluing its
 *   cells to the host's (joinOverlappingParts) makes it flesh. A rigid body with an explicit hinge is what a strapped
 *   piece is, costs nothing next to the lattice, cannot flip a triangle, and its frequencies and settle time are those
 *   of its modes (test/app/bake/carriedShells.test.ts measures both, and the tilt a/g, against the model).
 * - A pendulum alone (rotation about a fixed hinge) does not move under the vertical bob of a walk: a pouch hanging
 *   from a belt on the generated character's walk moved 2 mm. The hinge's shift lets it bounce (7 mm), as a strap does.
 * - The flesh preset's damping (ζ = α/(2ω) + βω/2) is 0.54 at 1.5 Hz, a swing that barely rings; gear has its own,
 *   GEAR_DAMPING_RATIO (a strap is not flesh).
 * - The host's motion reaches the gear as the impulses of a pivot path linear between frames (exact for it): the state
 *   at frame k needs the pivot at frames k−1 and k only (the host's output of frame k included), no look-ahead.
 *
 * @param shells         per simulated mesh, its glued and gear shells (sceneShells; parts are left out)
 * @param meshes         the session's simulated meshes (rest positions in the world, materials)
 * @param hostRest       per scene mesh, its world rest positions (sceneShells.restPositions): hosts may be any mesh
 * @param simulatedOf    scene mesh index → simulated mesh index, or −1 (a host that is not simulated does not move)
 * @param metersPerUnit  the scene's scale (the swing's frequency is physical)
 * @param maxStep        the longest interval between two applications of the swing's limits [s]
 * @returns the carried shells
 */
export function createCarriedShells(
  shells: readonly (readonly SceneShell[])[],
  meshes: readonly CarrierMesh[],
  hostRest: readonly Float32Array[],
  simulatedOf: (meshIndex: number) => number,
  metersPerUnit: number,
  maxStep: number,
): CarriedShells {
  const carried = meshes.map((mesh) => new Uint8Array(mesh.rest.length / 3));
  const gears: Gear[] = [];
  const glued: Glued[] = [];
  const gearOfMesh: Array<Array<{ shell: SceneShell; naturalOmega: number; model: GearSwingModel }>> = meshes.map(() => []);
  // Hosts before the pieces they carry: a host is always larger than its guest.
  const order = shells.flatMap((list, m) => list.filter((shell) => shell.role !== 'part' && shell.host).map((shell) => ({ shell, m }))).sort((a, b) => b.shell.size - a.shell.size);
  const items: Array<{ kind: 'glued' | 'gear'; index: number }> = [];
  for (const { shell, m } of order) {
    for (const v of shell.vertices) carried[m][v] = 1;
    const host = shell.host!;
    const hostPositions = hostRest[host.meshIndex];
    const hostMesh = simulatedOf(host.meshIndex);
    const rest = meshes[m].rest;
    if (shell.role === 'glued') {
      const hostVertices = new Uint32Array(HOST_SAMPLES * shell.vertices.length);
      const hostWeights = new Float64Array(HOST_SAMPLES * shell.vertices.length);
      shell.vertices.forEach((v, i) => nearestToPoint(rest[3 * v], rest[3 * v + 1], rest[3 * v + 2], hostPositions, host.vertices, HOST_SAMPLES, hostVertices, hostWeights, HOST_SAMPLES * i));
      items.push({ kind: 'glued', index: glued.length });
      glued.push({ mesh: m, vertices: shell.vertices, host: hostMesh, hostVertices, hostWeights });
      continue;
    }
    const gear = gearOf(shell, m, rest, hostPositions, host.vertices, hostMesh, metersPerUnit, gears.length);
    items.push({ kind: 'gear', index: gears.length });
    gears.push(gear);
    gearOfMesh[m].push({ shell, naturalOmega: gear.naturalOmega, model: gear.model });
  }
  const state = new Float64Array(gears.length * GEAR_STATE);
  let started = false;
  const alignment: RigidAlignment = { rotation: new Float64Array(9), quaternion: new Float64Array(4), sourceCentroid: new Float64Array(3), targetCentroid: new Float64Array(3) };
  const points = new Float64Array(3 * Math.max(1, ...gears.map((g) => g.vertices.length)));
  const rotation = new Float64Array(9);
  const turn = new Float64Array(9);
  const swing = { displacement: new Float64Array(6), rate: new Float64Array(6) };
  const pivot = new Float64Array(3);
  const displacement = new Float64Array(3);
  const qNow = new Float64Array(4);
  const qRelative = new Float64Array(4);
  const spin = new Float64Array(3);
  const pivotVelocity = new Float64Array(3);
  const hinge = new Float64Array(3);
  const impulse = new Float64Array(6);
  const shift = new Float64Array(3);
  const angle = new Float64Array(3);
  const normal = new Float64Array(3);

  /** The animated orientation of a gear in `positions` (Kabsch of its rest points onto them), as a quaternion into q. */
  const orientation = (gear: Gear, positions: ArrayLike<number>, q: Float64Array): Float64Array => {
    const n = gear.vertices.length;
    for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) points[3 * i + c] = positions[3 * gear.vertices[i] + c];
    rigidAlignment(gear.restPoints, points, gear.pointWeights, n, alignment);
    q.set(alignment.quaternion);
    return q;
  };
  const hingeOf = (gear: Gear, positions: ArrayLike<number>, out: Float64Array): Float64Array => {
    out.fill(0);
    for (const v of gear.hinge) for (let c = 0; c < 3; c++) out[c] += positions[3 * v + c] / gear.hinge.length;
    return out;
  };
  /** A gear's rotation from the orientation q0 to the one in `positions`, as a rotation vector (world). */
  const turnFrom = (gear: Gear, positions: ArrayLike<number>, q0: ArrayLike<number>): Float64Array =>
    rotationVector(multiplyConjugate(orientation(gear, positions, new Float64Array(4)), q0, new Float64Array(4)), new Float64Array(3));
  /** The host's displacement (output − input) at a sampling, into out (0 for a host that is not simulated). */
  const hostDisplacement = (host: number, vertices: Uint32Array, weights: Float64Array, first: number, count: number, inputs: readonly Float32Array[], outputs: Float32Array[], out: Float64Array): void => {
    out.fill(0);
    if (host < 0) return;
    const input = inputs[host];
    const output = outputs[host];
    for (let i = first; i < first + count; i++) {
      const u = vertices[i];
      for (let c = 0; c < 3; c++) out[c] += weights[i] * (output[3 * u + c] - input[3 * u + c]);
    }
  };
  const controlsOf = (_gear: Gear, weight: number) => ({ weight, zeta: GEAR_DAMPING_RATIO, maxStep });
  const meanWeight = (gear: Gear, weights: ArrayLike<number>): number => {
    let sum = 0;
    for (const v of gear.vertices) sum += weights[v];
    return Math.min(1, Math.max(0, sum / gear.vertices.length));
  };
  const stateOf = (gear: Gear): Float64Array => state.subarray(gear.index * GEAR_STATE, (gear.index + 1) * GEAR_STATE);
  /** A world 6-vector (two 3-vectors) into the gear's rest frame by the transpose of the row-major rotation R. */
  const toRest = (R: Float64Array, world: ArrayLike<number>, out: Float64Array): void => {
    for (let block = 0; block < 6; block += 3) {
      const [x, y, z] = [world[block], world[block + 1], world[block + 2]];
      for (let r = 0; r < 3; r++) out[block + r] = R[r] * x + R[3 + r] * y + R[6 + r] * z;
    }
  };

  /**
   * A gear's state at the first frame. A start in motion: the pivot's and the orientation's velocity, acceleration and
   * jerk from the samples `spacing` apart (initialMotion, as the lattice's start), the gear in the steady motion of that
   * acceleration changing at that jerk (its lag and the lag's rate). A loop's start (its pre-roll settles the gear): at
   * rest with the animation. The stored velocities are the last interval's, at t − dt/2, as the impulses read them.
   */
  const startGear = (gear: Gear, input: Float32Array, weight: number, dt: number, previous: Float32Array | undefined, start: CarrierStart | null | undefined): void => {
    const s = stateOf(gear);
    s.fill(0);
    const q0 = orientation(gear, input, s.subarray(ORIENTATION, ORIENTATION + 4));
    if (start) {
      const { spacing } = start;
      // The pivot path and the orientation (rotation vectors from the first) at the samples, then their velocity,
      // acceleration and jerk by initialMotion's differences.
      const samples = [start.previous, input, start.next, start.afterNext, start.later];
      const hinges = samples.map((p) => (p ? hingeOf(gear, p, new Float64Array(3)) : null));
      const turns = samples.map((p, i) => (p ? (i === 1 ? new Float64Array(3) : turnFrom(gear, p, q0)) : null));
      const pack = (values: Array<Float64Array | null>): Array<Float64Array | null> =>
        values.map((h, i) => (h ? Float64Array.from([...h, ...turns[i]!]) : null));
      const [before, now, one, two, three] = pack(hinges);
      const velocity = new Float64Array(6);
      const forcing = new Float64Array(6);
      const jerk = new Float64Array(6);
      initialMotion(before, now!, one!, two!, three!, spacing, velocity, forcing, jerk);
      for (let c = 0; c < 6; c++) s[PIVOT_VELOCITY + c] = velocity[c] - 0.5 * dt * forcing[c];
      if (weight > 0) {
        // The steady motion under f(t) = f₀ + ḟt, M q̈ + C q̇ + (K/w) q = −M f, per mode (ωᵢ² = λᵢ/w):
        // ηᵢ = (−gᵢ + 2ζġᵢ/ωᵢ)/ωᵢ², η̇ᵢ = −ġᵢ/ωᵢ², g = ΦᵀM f₀ and ġ = ΦᵀM ḟ in the gear's frame.
        quaternionMatrix(q0, rotation);
        toRest(rotation, forcing, forcing);
        toRest(rotation, jerk, jerk);
        const { model } = gear;
        swing.displacement.fill(0);
        swing.rate.fill(0);
        for (let i = 0; i < 6; i++) {
          let g = 0;
          let gRate = 0;
          for (let c = 0; c < 6; c++) {
            g += model.projection[6 * i + c] * forcing[c];
            gRate += model.projection[6 * i + c] * jerk[c];
          }
          const omega2 = model.eigenvalues[i] / weight;
          const eta = (-g + (2 * GEAR_DAMPING_RATIO * gRate) / Math.sqrt(omega2)) / omega2;
          const etaRate = -gRate / omega2;
          for (let r = 0; r < 6; r++) {
            swing.displacement[r] += model.modes[6 * r + i] * eta;
            swing.rate[r] += model.modes[6 * r + i] * etaRate;
          }
        }
        stepGearSwing(model, swing, controlsOf(gear, weight), 0);
        s.set(swing.displacement, 0);
        s.set(swing.rate, 6);
      }
    } else if (previous) {
      const h0 = hingeOf(gear, input, new Float64Array(3));
      const hp = hingeOf(gear, previous, new Float64Array(3));
      const rp = turnFrom(gear, previous, q0);
      for (let c = 0; c < 3; c++) {
        s[PIVOT_VELOCITY + c] = (h0[c] - hp[c]) / dt;
        s[SPIN + c] = -rp[c] / dt;
      }
    }
  };

  /** One frame of a gear: the impulses of the last frame, its motion over dt, the output. */
  const moveGear = (gear: Gear, first: boolean, inputs: readonly Float32Array[], outputs: Float32Array[], weights: ArrayLike<number>, dt: number, previous: Float32Array | undefined, start: CarrierStart | null | undefined): void => {
    const input = inputs[gear.mesh];
    const output = outputs[gear.mesh];
    const weight = meanWeight(gear, weights);
    if (first) startGear(gear, input, weight, dt, previous, start);
    const s = stateOf(gear);
    hostDisplacement(gear.host, gear.hostVertices, gear.hostWeights, 0, gear.hostVertices.length, inputs, outputs, displacement);
    hingeOf(gear, input, hinge);
    for (let c = 0; c < 3; c++) pivot[c] = hinge[c] + displacement[c];
    orientation(gear, input, qNow);
    const before = s.subarray(ORIENTATION, ORIENTATION + 4);
    if (!first) {
      // The interval just ended: the pivot's velocity over it (the hinge carried by its host) and the animation's
      // angular velocity; their jumps at its start (the stored velocities are the interval's before) are the impulses,
      // q̇ −= (Δv, Δω) in the gear's frame at that frame.
      rotationVector(multiplyConjugate(qNow, before, qRelative), spin);
      for (let c = 0; c < 3; c++) {
        spin[c] /= dt;
        pivotVelocity[c] = (pivot[c] - s[PIVOT + c]) / dt;
      }
      swing.displacement.set(s.subarray(0, 6));
      swing.rate.set(s.subarray(6, 12));
      if (weight > 0) {
        for (let c = 0; c < 3; c++) {
          impulse[c] = pivotVelocity[c] - s[PIVOT_VELOCITY + c];
          impulse[3 + c] = spin[c] - s[SPIN + c];
        }
        quaternionMatrix(before, rotation);
        toRest(rotation, impulse, impulse);
        for (let c = 0; c < 6; c++) swing.rate[c] -= impulse[c];
        stepGearSwing(gear.model, swing, controlsOf(gear, weight), dt);
      } else {
        swing.displacement.fill(0);
        swing.rate.fill(0);
      }
      s.set(swing.displacement, 0);
      s.set(swing.rate, 6);
      s.set(pivotVelocity, PIVOT_VELOCITY);
      s.set(spin, SPIN);
    }
    before.set(qNow);
    s.set(pivot, PIVOT);
    // The shell carried by its host at the hinge, displaced and turned about it: y = x + d + u + (R(θ) − I)(x − h),
    // u and θ turned from the gear's rest frame into the world by the animated orientation.
    quaternionMatrix(qNow, rotation);
    rotate(rotation, s.subarray(0, 3), shift);
    rotate(rotation, s.subarray(3, 6), angle);
    rotationMatrix(angle, turn);
    const dx = displacement[0] + shift[0];
    const dy = displacement[1] + shift[1];
    const dz = displacement[2] + shift[2];
    let sink = 0;
    rotate(rotation, gear.normal, normal);
    for (const v of gear.vertices) {
      const x = input[3 * v] - hinge[0];
      const y = input[3 * v + 1] - hinge[1];
      const z = input[3 * v + 2] - hinge[2];
      output[3 * v] = input[3 * v] + dx + (turn[0] - 1) * x + turn[1] * y + turn[2] * z;
      output[3 * v + 1] = input[3 * v + 1] + dy + turn[3] * x + (turn[4] - 1) * y + turn[5] * z;
      output[3 * v + 2] = input[3 * v + 2] + dz + turn[6] * x + turn[7] * y + (turn[8] - 1) * z;
      for (let c = 0; c < 3; c++) sink += (normal[c] * (output[3 * v + c] - input[3 * v + c] - displacement[c])) / gear.vertices.length;
    }
    // The limits hold the linearized centre of mass out of the surface the gear rests on; the rotation's second-order
    // part can still dip it in (½ (θ·c)(θ·n)): lift it back out along the normal.
    if (sink < 0) for (const v of gear.vertices) for (let c = 0; c < 3; c++) output[3 * v + c] -= sink * normal[c];
  };

  return {
    carried,
    gear: gearOfMesh,
    apply(inputs, outputs, weights, dt, previous, start) {
      const first = !started;
      started = true;
      // In host order over both kinds (a belt carries pouches).
      for (const item of items) {
        if (item.kind === 'gear') {
          const gear = gears[item.index];
          moveGear(gear, first, inputs, outputs, weights[gear.mesh], dt, previous?.[gear.mesh], start?.[gear.mesh]);
          continue;
        }
        const g = glued[item.index];
        const input = inputs[g.mesh];
        const output = outputs[g.mesh];
        for (let i = 0; i < g.vertices.length; i++) {
          hostDisplacement(g.host, g.hostVertices, g.hostWeights, HOST_SAMPLES * i, HOST_SAMPLES, inputs, outputs, displacement);
          const v = g.vertices[i];
          for (let c = 0; c < 3; c++) output[3 * v + c] = input[3 * v + c] + displacement[c];
        }
      }
    },
    restart() {
      started = false;
      state.fill(0);
    },
    snapshot(mesh) {
      const own = gears.filter((gear) => gear.mesh === mesh);
      const out = new Float64Array(1 + own.length * GEAR_STATE);
      out[0] = started ? 1 : 0;
      own.forEach((gear, i) => out.set(stateOf(gear), 1 + i * GEAR_STATE));
      return out;
    },
    restore(mesh, saved) {
      const own = gears.filter((gear) => gear.mesh === mesh);
      if (saved.length !== 1 + own.length * GEAR_STATE) throw new Error(`carried shells: a snapshot of ${saved.length} numbers for ${own.length} pieces of gear, expected ${1 + own.length * GEAR_STATE}`);
      started = saved[0] === 1;
      own.forEach((gear, i) => stateOf(gear).set(saved.subarray(1 + i * GEAR_STATE, 1 + (i + 1) * GEAR_STATE)));
    },
  };
}

/**
 * The `count` host vertices nearest to (x, y, z) among `candidates`, with inverse-distance weights summing to 1, into
 * vertices/weights from `offset`.
 */
function nearestToPoint(x: number, y: number, z: number, hostPositions: Float32Array, candidates: Uint32Array, count: number, vertices: Uint32Array, weights: Float64Array, offset: number): void {
  // The `count` smallest squared distances, kept sorted by insertion.
  const bestVertex = new Int32Array(count).fill(-1);
  const bestDistance = new Float64Array(count).fill(Infinity);
  for (let i = 0; i < candidates.length; i++) {
    const u = candidates[i];
    const dx = hostPositions[3 * u] - x;
    const dy = hostPositions[3 * u + 1] - y;
    const dz = hostPositions[3 * u + 2] - z;
    const d = dx * dx + dy * dy + dz * dz;
    if (!(d < bestDistance[count - 1])) continue;
    let k = count - 1;
    while (k > 0 && bestDistance[k - 1] > d) {
      bestDistance[k] = bestDistance[k - 1];
      bestVertex[k] = bestVertex[k - 1];
      k--;
    }
    bestDistance[k] = d;
    bestVertex[k] = u;
  }
  let sum = 0;
  for (let k = 0; k < count; k++) if (bestVertex[k] >= 0) sum += 1 / Math.max(Math.sqrt(bestDistance[k]), 1e-9);
  for (let k = 0; k < count; k++) {
    vertices[offset + k] = bestVertex[k] >= 0 ? bestVertex[k] : Math.max(0, bestVertex[0]);
    weights[offset + k] = bestVertex[k] >= 0 ? 1 / Math.max(Math.sqrt(bestDistance[k]), 1e-9) / sum : 0;
  }
}

/**
 * A gear's rigid model from its rest geometry: the hinge (the uppermost of its vertices that touch the host: within a
 * quarter of its size of the host's nearest point beyond the nearest one's distance, within the top quarter of their
 * height range), the host sampling at the hinge, the lever, inertia and host normal, and ω at weight 1.
 */
function gearOf(shell: SceneShell, mesh: number, rest: Float32Array, hostPositions: Float32Array, candidates: Uint32Array, host: number, metersPerUnit: number, index: number): Gear {
  const { vertices } = shell;
  const n = vertices.length;
  const distance = new Float64Array(n);
  const nearest = new Uint32Array(1);
  const nearestWeight = new Float64Array(1);
  for (let i = 0; i < n; i++) {
    const v = vertices[i];
    nearestToPoint(rest[3 * v], rest[3 * v + 1], rest[3 * v + 2], hostPositions, candidates, 1, nearest, nearestWeight, 0);
    const u = nearest[0];
    distance[i] = Math.hypot(hostPositions[3 * u] - rest[3 * v], hostPositions[3 * u + 1] - rest[3 * v + 1], hostPositions[3 * u + 2] - rest[3 * v + 2]);
  }
  const closest = Math.min(...distance);
  const touching = [...vertices].filter((_, i) => distance[i] <= closest + TOUCHING * shell.size);
  const heights = touching.map((v) => rest[3 * v + 1]);
  const top = Math.max(...heights);
  const bottom = Math.min(...Array.from(vertices, (v) => rest[3 * v + 1]));
  const hinge = Uint32Array.from(touching.filter((v) => rest[3 * v + 1] >= top - 0.25 * (top - bottom)));
  // How much of its height touches its host: a pouch hanging from a belt touches at its top (≈ 0.1), a holster strapped
  // along a thigh about half (0.47), a plate lying on a chest all of it (≈ 1).
  const extent = top > bottom ? (top - Math.min(...heights)) / (top - bottom) : 1;
  const h = [0, 0, 0];
  for (const v of hinge) for (let c = 0; c < 3; c++) h[c] += rest[3 * v + c] / hinge.length;
  const hostVertices = new Uint32Array(2 * HOST_SAMPLES);
  const hostWeights = new Float64Array(2 * HOST_SAMPLES);
  nearestToPoint(h[0], h[1], h[2], hostPositions, candidates, 2 * HOST_SAMPLES, hostVertices, hostWeights, 0);
  // Mass on the surface (a shell: area-weighted vertices); lever and inertia about the hinge, per unit mass.
  const lever = new Float64Array(3);
  const inertia = new Float64Array(9);
  const centroid = [0, 0, 0];
  for (const v of vertices) for (let c = 0; c < 3; c++) centroid[c] += rest[3 * v + c] / n;
  for (const v of vertices) {
    const r = [rest[3 * v] - h[0], rest[3 * v + 1] - h[1], rest[3 * v + 2] - h[2]];
    const r2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    for (let a = 0; a < 3; a++) {
      lever[a] += r[a] / n;
      for (let b = 0; b < 3; b++) inertia[3 * a + b] += ((a === b ? r2 : 0) - r[a] * r[b]) / n;
    }
  }
  // The outward normal of the surface the gear rests on (sceneShells: nearest to its centroid, the body under a pouch
  // that hangs from a belt).
  const normal = shell.restingNormal;
  // Gravity's hold on the piece hanging from its hinge: K_r = g|c|(1 − ĉĉᵀ) per unit mass (a compound pendulum: it tilts
  // by a/g under a horizontal acceleration a, and swings at √(g|c|/ĩ) about an axis of inertia ĩ across the lever), and
  // about the lever itself (which gravity does not hold: the straps do) as stiff as across it, relative to the inertia.
  // Gravity in file units (the swing is physical); the mean swing frequency kept within [0.5, 8] Hz.
  const reach = Math.hypot(lever[0], lever[1], lever[2]);
  const axis = reach > 0 ? [lever[0] / reach, lever[1] / reach, lever[2] / reach] : [0, -1, 0];
  const along = quadratic(inertia, axis);
  const across = Math.max(1e-12, (inertia[0] + inertia[4] + inertia[8] - along) / 2);
  const held = Math.min(1, Math.max(0, (extent - 0.2) / 0.6));
  const pull = (GRAVITY / metersPerUnit) * reach * (1 + LYING_STIFFENING * held * held * (3 - 2 * held));
  const mean = Math.sqrt(pull / across);
  const clamped = Math.min(2 * Math.PI * MAX_GEAR_HERTZ, Math.max(2 * Math.PI * MIN_GEAR_HERTZ, mean));
  const scale = reach > 0 ? (clamped / mean) ** 2 : 0;
  const twist = clamped * clamped * Math.max(along, 1e-6 * across);
  const stiffness = new Float64Array(9);
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) {
      const projector = (a === b ? 1 : 0) - axis[a] * axis[b];
      // (A hinge on the centre of mass: as stiff as the fastest swing about every axis.)
      stiffness[3 * a + b] = reach > 0 ? scale * pull * projector + twist * axis[a] * axis[b] : clamped * clamped * inertia[3 * a + b];
    }
  }
  const naturalOmega = clamped;
  const model = gearSwingModel(lever, inertia, stiffness, BOUNCE_RATIO * naturalOmega, normal, GEAR_MAX_ANGLE, GEAR_MAX_SHIFT * shell.size);
  const restPoints = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) restPoints[3 * i + c] = rest[3 * vertices[i] + c];
  return {
    mesh,
    vertices,
    hinge,
    host,
    hostVertices,
    hostWeights,
    model,
    normal,
    restPoints,
    pointWeights: new Float64Array(n).fill(1 / n),
    naturalOmega,
    index,
  };
}

function quadratic(m: ArrayLike<number>, v: ArrayLike<number>): number {
  let sum = 0;
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) sum += v[a] * m[3 * a + b] * v[b];
  return sum;
}

function rotate(m: ArrayLike<number>, v: ArrayLike<number>, out: Float64Array): void {
  const x = v[0], y = v[1], z = v[2];
  out[0] = m[0] * x + m[1] * y + m[2] * z;
  out[1] = m[3] * x + m[4] * y + m[5] * z;
  out[2] = m[6] * x + m[7] * y + m[8] * z;
}

function quaternionMatrix(q: ArrayLike<number>, out: Float64Array): void {
  const [x, y, z, w] = [q[0], q[1], q[2], q[3]];
  out[0] = 1 - 2 * (y * y + z * z);
  out[1] = 2 * (x * y - z * w);
  out[2] = 2 * (x * z + y * w);
  out[3] = 2 * (x * y + z * w);
  out[4] = 1 - 2 * (x * x + z * z);
  out[5] = 2 * (y * z - x * w);
  out[6] = 2 * (x * z - y * w);
  out[7] = 2 * (y * z + x * w);
  out[8] = 1 - 2 * (x * x + y * y);
}

/** a·b* (quaternions x, y, z, w). */
function multiplyConjugate(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const [ax, ay, az, aw] = [a[0], a[1], a[2], a[3]];
  const [bx, by, bz, bw] = [-b[0], -b[1], -b[2], b[3]];
  out[0] = aw * bx + ax * bw + ay * bz - az * by;
  out[1] = aw * by - ax * bz + ay * bw + az * bx;
  out[2] = aw * bz + ax * by - ay * bx + az * bw;
  out[3] = aw * bw - ax * bx - ay * by - az * bz;
  return out;
}

/** The rotation vector (axis × angle, angle in [0, π]) of a unit quaternion. */
function rotationVector(q: ArrayLike<number>, out: Float64Array): Float64Array {
  const sign = q[3] < 0 ? -1 : 1;
  const x = sign * q[0], y = sign * q[1], z = sign * q[2], w = sign * q[3];
  const s = Math.hypot(x, y, z);
  const scale = s > 1e-12 ? (2 * Math.atan2(s, w)) / s : 2;
  out[0] = scale * x;
  out[1] = scale * y;
  out[2] = scale * z;
  return out;
}

/** Rodrigues: the rotation matrix (row-major) of a rotation vector. */
function rotationMatrix(r: ArrayLike<number>, out: Float64Array): void {
  const angle = Math.hypot(r[0], r[1], r[2]);
  if (angle < 1e-12) {
    out.set([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    return;
  }
  const x = r[0] / angle, y = r[1] / angle, z = r[2] / angle;
  const c = Math.cos(angle), s = Math.sin(angle), t = 1 - c;
  out[0] = c + t * x * x;
  out[1] = t * x * y - s * z;
  out[2] = t * x * z + s * y;
  out[3] = t * x * y + s * z;
  out[4] = c + t * y * y;
  out[5] = t * y * z - s * x;
  out[6] = t * x * z - s * y;
  out[7] = t * y * z + s * x;
  out[8] = c + t * z * z;
}
