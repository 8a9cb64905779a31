/**
 * Shared set-up of the VBD kernel tests: small models of every element kind, inputs rounded to f32 so that the CPU
 * twin and the GPU read the same numbers, the same inputs written into a CPU workspace and into a GPU stepper, and
 * per-vertex magnitudes Σ|term| that bound the f32 rounding error of a sum (the tolerance scale).
 */
import {
  boxTetrahedra,
  CONTACT_KIND,
  contactActivation,
  contactGeometry,
  contactPointPosition,
  createVbdModel,
  createVbdWorkspace,
  emptyVbdContactData,
  evaluateDihedralBendingForceHessian,
  evaluateNeoHookeanForceHessian,
  evaluateContactForceHessian,
  evaluateSpringForceHessian,
  evaluateStvkTriangleForceHessian,
  GEOMETRY,
  vertexForceHessian,
  type VbdCallParameters,
  type VbdContactData,
  type VbdModel,
  type VbdWorkspace,
} from '../../../app/solvers/vbd/index.ts';
import { mat3Inverse } from '../../../app/math/mat3/index.ts';
import type { GpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { random } from '../../app/solvers/vbd/helpers.ts';

export { random };

/** x rounded to f32 and back: the value the GPU holds. */
export const f32 = (values: ArrayLike<number>): Float64Array => Float64Array.from(Float32Array.from(values));

/**
 * Every element kind in one model: a 3×2×2 tet lattice (damped, stiff rubber), a 4×4 cloth sheet above it with
 * dihedral hinges (damped), and springs tying the sheet to the block; vertex counts large enough for several colors
 * and small enough for SwiftShader. `isolatedVertex` adds a vertex no element holds (massless: its H_i is 0, so its
 * solve is refused, the skipped-solve path).
 */
export function mixedModel(damping = 0.002, isolatedVertex = false): VbdModel {
  const lattice = boxTetrahedra([3, 2, 2], [0.3, 0.2, 0.2]);
  const tetVertexCount = lattice.positions.length / 3;
  const sheet: number[] = [];
  const n = 4;
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) sheet.push((0.3 * i) / n, 0.3, (0.2 * j) / n);
  const index = (i: number, j: number) => tetVertexCount + j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  const springs = [index(0, 0), tetVertexCount - 1, index(n, n), tetVertexCount - 4, index(2, 2), tetVertexCount - 6];
  return createVbdModel({
    restPositions: [...lattice.positions, ...sheet, ...(isolatedVertex ? [0.5, 0.5, 0.5] : [])],
    tetrahedra: { vertices: lattice.tetrahedra, materials: { youngsModulus: 2e5, poissonRatio: 0.4, density: 1000, damping } },
    triangles: { vertices: triangles, materials: { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping, thickness: 0.002 } },
    springs: { vertices: springs, materials: { youngsModulus: 1e7, poissonRatio: 0.3, density: 1000, damping, crossSectionArea: 1e-5 } },
  });
}

/** A box lattice of tets, `cells` per side, the size of a small character part. */
export function tetLattice(cells: [number, number, number], size: [number, number, number] = [0.4, 0.3, 0.3], damping = 0.002): VbdModel {
  const { positions, tetrahedra } = boxTetrahedra(cells, size);
  return createVbdModel({
    restPositions: positions,
    tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping } },
  });
}

/** A square cloth sheet of n×n cells in the xz plane at height 0 (StVK membrane + dihedral bending). */
export function clothSheet(n: number, size = 0.5, damping = 0.001): VbdModel {
  const positions: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) positions.push((size * i) / n, 0, (size * j) / n);
  const index = (i: number, j: number) => j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  return createVbdModel({
    restPositions: positions,
    triangles: { vertices: triangles, materials: { youngsModulus: 5e5, poissonRatio: 0.3, density: 300, damping, thickness: 0.001, bendingStiffness: 1e-4 } },
  });
}

/** The model with every double rounded to f32, so the CPU twin computes from the numbers the GPU holds. */
export function roundedModel(model: VbdModel): VbdModel {
  const out: Record<string, unknown> = { ...model };
  for (const [key, value] of Object.entries(model)) if (value instanceof Float64Array) out[key] = f32(value);
  return out as unknown as VbdModel;
}

/** rest + amplitude·(uniform noise in ±1), per coordinate, rounded to f32. */
export function perturbed(rest: ArrayLike<number>, amplitude: number, seed: number): Float64Array {
  const next = random(seed);
  return f32(Float64Array.from(rest, (x) => x + amplitude * (2 * next() - 1)));
}

/**
 * Inverse rest edge matrices D_m⁻¹ of the model's tets after deforming their rest corners by `amplitude` noise: an
 * animated rest shape unlike the model's, as the bake's restShapeInverses makes (#T×9, f32-rounded).
 */
export function animatedRestShape(model: VbdModel, amplitude: number, seed: number): Float64Array {
  const rest = perturbed(model.restPositions, amplitude, seed);
  const out = new Float64Array(9 * model.tetCount);
  const m = new Float64Array(9);
  for (let t = 0; t < model.tetCount; t++) {
    const corner = (k: number) => model.tetVertices[4 * t + k];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[3 * r + c] = rest[3 * corner(c + 1) + r] - rest[3 * corner(0) + r];
    mat3Inverse(m, out.subarray(9 * t, 9 * t + 9));
  }
  return f32(out);
}

/** Inputs of one substep, as step() would have left them in the workspace (all f32-rounded). */
export interface SubstepInputs {
  positions: Float64Array;
  positionsStart: Float64Array;
  inertiaTarget: Float64Array;
  targets: Float64Array;
  accelerations: Float64Array;
  attachmentStiffness: Float64Array;
  pinned: Uint8Array;
  restShapeInverse: Float64Array;
  timeStep: number;
  quasistatic: boolean;
}

/**
 * A deformed, moving substep state of `model`: positions off the rest shape, a start and inertia target near them,
 * targets off both, gravity plus a per-vertex push, attachment springs of mass-proportional stiffness on some
 * vertices and pins on others, and an animated rest shape for the tets.
 */
export function substepInputs(
  model: VbdModel,
  seed: number,
  options: { amplitude?: number; timeStep?: number; quasistatic?: boolean; pinEvery?: number } = {},
): SubstepInputs {
  const amplitude = options.amplitude ?? 0.01;
  const next = random(seed + 1000);
  const V = model.vertexCount;
  const positions = perturbed(model.restPositions, amplitude, seed);
  const attachmentStiffness = new Float64Array(V);
  const pinned = new Uint8Array(V);
  const pinEvery = options.pinEvery ?? 7;
  for (let v = 0; v < V; v++) {
    if (pinEvery > 0 && v % pinEvery === 3) pinned[v] = 1;
    else if (v % 3 === 0) attachmentStiffness[v] = model.masses[v] * 1000 * (0.2 + next());
  }
  return {
    positions,
    positionsStart: perturbed(positions, amplitude / 2, seed + 1),
    inertiaTarget: perturbed(positions, amplitude / 2, seed + 2),
    targets: perturbed(positions, amplitude, seed + 3),
    accelerations: f32(Float64Array.from({ length: 3 * V }, (_, k) => (k % 3 === 1 ? -9.81 : 0) + (2 * next() - 1))),
    attachmentStiffness: f32(attachmentStiffness),
    pinned,
    restShapeInverse: model.tetCount > 0 ? animatedRestShape(model, amplitude, seed + 4) : new Float64Array(0),
    timeStep: options.timeStep ?? 1 / 120,
    quasistatic: options.quasistatic ?? false,
  };
}

/** The D_m⁻¹ a substep of `inputs` evaluates its tets with (the CPU kernels take it as an argument). */
export function restShapeOf(model: VbdModel, inputs: SubstepInputs): Float64Array {
  return inputs.restShapeInverse.length > 0 ? inputs.restShapeInverse : model.tetRestShapeInverse;
}

/** A CPU workspace holding `inputs` as step() would have prepared them (the rest shape: restShapeOf). */
export function cpuWorkspace(model: VbdModel, inputs: SubstepInputs): VbdWorkspace {
  const ws = createVbdWorkspace(model);
  ws.positionsStart.set(inputs.positionsStart);
  // The WGSL step damps from x^t (the CPU's default damping reference; dampRelativeToTargets is not ported).
  ws.dampingReference.set(inputs.positionsStart);
  ws.inertiaTarget.set(inputs.inertiaTarget);
  ws.targets.set(inputs.targets);
  ws.accelerations.set(inputs.accelerations);
  ws.attachmentStiffness.set(inputs.attachmentStiffness);
  ws.pinned.set(inputs.pinned);
  return ws;
}

/** The per-call parameters of `inputs` as the GPU's CallParams uniform holds them (1/h and 1/h² rounded to f32). */
export function cpuCallParameters(inputs: SubstepInputs): VbdCallParameters {
  const h = inputs.timeStep;
  return {
    timeStep: h,
    inverseTimeStep: inputs.quasistatic ? 0 : Math.fround(1 / h),
    inverseTimeStepSquared: inputs.quasistatic ? 0 : Math.fround(1 / (h * h)),
    quasistatic: inputs.quasistatic,
    equilibrium: false,
    lineSearch: false,
    contact: null,
  };
}

/**
 * The CPU twin's side of a GPU comparison at `inputs`: a fresh workspace (cpuWorkspace), the call parameters
 * (cpuCallParameters; with `contact`, at the f32 time step the GPU's contact kernels use) and the D_m⁻¹ of the substep
 * (restShapeOf).
 */
export function cpuTwin(
  model: VbdModel,
  inputs: SubstepInputs,
  contact: VbdContactData | null = null,
): { ws: VbdWorkspace; callParameters: VbdCallParameters; restShape: Float64Array } {
  const callParameters = cpuCallParameters(inputs);
  return {
    ws: cpuWorkspace(model, inputs),
    callParameters: contact ? { ...callParameters, contact, timeStep: Math.fround(inputs.timeStep) } : callParameters,
    restShape: restShapeOf(model, inputs),
  };
}

/** Writes `inputs` into a GPU stepper's buffers (the same sections the step's kernels read). */
export function uploadInputs(stepper: GpuVbdStepper, inputs: SubstepInputs): void {
  stepper.writeArray('positions', inputs.positions);
  stepper.writeSection('positionsStart', inputs.positionsStart);
  stepper.writeSection('dampingReference', inputs.positionsStart);
  // No max-distance limit (negative) unless a test sets one.
  stepper.writeSection('maxDistance', new Float64Array(inputs.pinned.length).fill(-1));
  stepper.writeSection('inertiaTarget', inputs.inertiaTarget);
  stepper.writeSection('targets', inputs.targets);
  stepper.writeSection('accelerations', inputs.accelerations);
  stepper.writeSection('attachmentStiffness', inputs.attachmentStiffness);
  stepper.writeSection('pinned', inputs.pinned);
  if (inputs.restShapeInverse.length > 0) stepper.writeArray('tetRestShapeInverse', inputs.restShapeInverse);
  stepper.setCall(inputs.timeStep, inputs.quasistatic);
}

/** The per-vertex sums of a magnitude scale (#V×3 force, #V×9 Hessian, zero) and one term's f and H scratch. */
function magnitudeArrays(V: number): { force: Float64Array; hessian: Float64Array; f: Float64Array; H: Float64Array } {
  return { force: new Float64Array(3 * V), hessian: new Float64Array(9 * V), f: new Float64Array(3), H: new Float64Array(9) };
}

/**
 * Per vertex, Σ over the terms of vertexForceHessian of |f_term| (#V×3) and |H_term| (#V×9), from the CPU element
 * functions one at a time: a sum of n f32 terms errs by at most about n·ε·Σ|term|, so this is the scale the GPU's
 * f32 result is compared at.
 */
export function vertexMagnitudes(
  model: VbdModel,
  ws: VbdWorkspace,
  callParameters: VbdCallParameters,
  positions: Float64Array,
  restShapeInverse: Float64Array = model.tetRestShapeInverse,
): { force: Float64Array; hessian: Float64Array } {
  const V = model.vertexCount;
  const { force, hessian, f, H } = magnitudeArrays(V);
  const add = (v: number) => {
    for (let k = 0; k < 3; k++) force[3 * v + k] += Math.abs(f[k]);
    for (let k = 0; k < 9; k++) hessian[9 * v + k] += Math.abs(H[k]);
    f.fill(0);
    H.fill(0);
  };
  const lists = [
    [
      model.vertexTetOffsets,
      model.vertexTets,
      (e: number, l: number) =>
        evaluateNeoHookeanForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H, restShapeInverse),
    ],
    [
      model.vertexTriangleOffsets,
      model.vertexTriangles,
      (e: number, l: number) => evaluateStvkTriangleForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H),
    ],
    [
      model.vertexHingeOffsets,
      model.vertexHinges,
      (e: number, l: number) => evaluateDihedralBendingForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H),
    ],
    [
      model.vertexSpringOffsets,
      model.vertexSprings,
      (e: number, l: number) => evaluateSpringForceHessian(model, e, l, positions, ws.positionsStart, callParameters.inverseTimeStep, f, H),
    ],
  ] as const;
  for (let v = 0; v < V; v++) {
    for (const [offsets, entries, evaluate] of lists) {
      for (let e = offsets[v]; e < offsets[v + 1]; e++) {
        evaluate(entries[e] >>> 2, entries[e] & 3);
        add(v);
      }
    }
    const m = model.masses[v];
    const k = callParameters.quasistatic ? 0 : m * callParameters.inverseTimeStepSquared;
    const a = ws.attachmentStiffness[v];
    for (let c = 0; c < 3; c++) {
      const x = positions[3 * v + c];
      force[3 * v + c] +=
        Math.abs(k * (x - ws.inertiaTarget[3 * v + c])) +
        Math.abs(a * (x - ws.targets[3 * v + c])) +
        (callParameters.quasistatic ? Math.abs(m * ws.accelerations[3 * v + c]) : 0);
      hessian[9 * v + 4 * c] += k + a;
    }
  }
  return { force, hessian };
}

/** Largest |a − b| / (scale + floor) over all entries, and where. */
export function worstRelative(a: ArrayLike<number>, b: ArrayLike<number>, scale: ArrayLike<number>, floor: number): { error: number; at: number } {
  let worst = { error: 0, at: -1 };
  for (let k = 0; k < a.length; k++) {
    const error = Number.isFinite(a[k]) && Number.isFinite(b[k]) ? Math.abs(a[k] - b[k]) / (scale[k] + floor) : Infinity;
    if (error > worst.error) worst = { error, at: k };
  }
  return worst;
}

/** Largest |a − b| over all entries. */
export function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < a.length; k++) m = Math.max(m, Number.isFinite(a[k]) && Number.isFinite(b[k]) ? Math.abs(a[k] - b[k]) : Infinity);
  return m;
}

/**
 * Contact data on `model` at the positions of `inputs`, every kind of VbdContactData in it (all f32-rounded): the
 * points are each simulation vertex alone (weights 1, 0, 0, 0, as cloth's) followed by points embedded in random tets
 * (random barycentrics, a detail offset of a few mm) and eight kinematic obstacle points near the model; the contacts
 * are vertex–face, vertex–edge, vertex–vertex and edge–edge between nearby points (distances between 5% and 130% of
 * the radius, so both the quadratic and the logarithmic stage and the inactive side are hit), a model edge against a
 * kinematic edge parallel to it within 0.5 mrad (IPC's mollifier), vertex–plane and pointTarget. Friction data are lagged as detection would:
 * normal, slot weights and λ = −g′(d) from the geometry at x^t. The gather lists follow VbdContactData's rule.
 */
export function contactScene(
  model: VbdModel,
  inputs: SubstepInputs,
  seed: number,
  options: { radius?: number; stiffness?: number; friction?: number; perKind?: number } = {},
): VbdContactData {
  const radius = Math.fround(options.radius ?? 0.06);
  const stiffness = Math.fround(options.stiffness ?? 2e4);
  const perKind = options.perKind ?? 8;
  const next = random(seed);
  const V = model.vertexCount;
  const embedded = model.tetCount > 0 ? 24 : 0;
  const S = V + embedded;
  const pointVertices = new Uint32Array(4 * S);
  const pointWeights = new Float64Array(4 * S);
  const pointOffsets = new Float64Array(3 * S);
  for (let v = 0; v < V; v++) {
    pointVertices[4 * v] = v;
    pointWeights[4 * v] = 1;
  }
  for (let p = V; p < S; p++) {
    const t = Math.floor(next() * model.tetCount);
    const raw = [next(), next(), next(), next()];
    const sum = raw[0] + raw[1] + raw[2] + raw[3];
    for (let q = 0; q < 4; q++) {
      pointVertices[4 * p + q] = model.tetVertices[4 * t + q];
      pointWeights[4 * p + q] = Math.fround(raw[q] / sum);
    }
    for (let k = 0; k < 3; k++) pointOffsets[3 * p + k] = Math.fround(0.003 * (2 * next() - 1));
  }
  const O = 8;
  const obstaclePositions = new Float64Array(3 * O);
  const obstacleStartPositions = new Float64Array(3 * O);
  for (let o = 0; o < O - 2; o++) {
    const v = Math.floor(next() * V);
    for (let k = 0; k < 3; k++) {
      obstaclePositions[3 * o + k] = Math.fround(inputs.positions[3 * v + k] + 0.03 * (2 * next() - 1));
      obstacleStartPositions[3 * o + k] = Math.fround(obstaclePositions[3 * o + k] + 0.005 * (2 * next() - 1));
    }
  }
  // Obstacles 6 and 7: an edge 0.4 r above the first edge of the sheet (or the lattice), parallel to it within
  // 0.5 mrad, so that IPC's parallel-edge mollifier is active on their edge–edge contact.
  const [edgeA, edgeB] = model.triangleCount > 0 ? [model.triangleVertices[0], model.triangleVertices[2]] : [model.tetVertices[0], model.tetVertices[1]];
  for (let k = 0; k < 3; k++) {
    const lift = k === 1 ? 0.4 * radius : 0;
    obstaclePositions[3 * (O - 2) + k] = Math.fround(inputs.positions[3 * edgeA + k] + lift);
    obstaclePositions[3 * (O - 1) + k] = Math.fround(inputs.positions[3 * edgeB + k] + lift + (k === 1 ? 5e-4 * 0.075 : 0));
    obstacleStartPositions[3 * (O - 2) + k] = obstaclePositions[3 * (O - 2) + k];
    obstacleStartPositions[3 * (O - 1) + k] = Math.fround(obstaclePositions[3 * (O - 1) + k] + 0.002);
  }
  const planes = Float64Array.of(0, 1, 0, Math.fround(-0.17));
  const data: VbdContactData = {
    ...emptyVbdContactData({
      vertexCount: V,
      surfacePointCount: S,
      pointVertices,
      pointWeights,
      obstacleCount: O,
      planes,
      radius,
      stiffness,
      friction: Math.fround(options.friction ?? 0.3),
      frictionVelocity: Math.fround(0.1),
    }),
    pointOffsets,
    obstaclePositions,
    obstacleStartPositions,
  };
  const position = new Float64Array(3);
  for (let p = 0; p < S; p++) {
    contactPointPosition(data, p, inputs.positions, false, position, 0);
    for (let k = 0; k < 3; k++) data.pointTargets[3 * p + k] = Math.fround(position[k] + 0.01 * (2 * next() - 1));
  }

  // Candidate contacts, each kept when its distance at x suits the test (one contact in a scratch copy of the data).
  const kinds: number[] = [];
  const points: number[] = [];
  const slotsOf = [4, 3, 2, 4, 1, 1];
  const all = S + O;
  const near = (p: number, q: number): boolean => {
    const a = new Float64Array(3),
      b = new Float64Array(3);
    contactPointPosition(data, p, inputs.positions, false, a, 0);
    contactPointPosition(data, q, inputs.positions, false, b, 0);
    return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) < 3 * radius;
  };
  const geometry = new Float64Array(GEOMETRY.size);
  const one = (kind: number, ids: number[]): VbdContactData => ({
    ...data,
    contactCount: 1,
    contactKinds: Uint8Array.of(kind),
    contactPoints: Uint32Array.from([...ids, 0, 0, 0, 0].slice(0, 4)),
    contactNormals: Float64Array.of(0, 1, 0),
  });
  kinds.push(CONTACT_KIND.edgeEdge);
  points.push(edgeA, edgeB, S + O - 2, S + O - 1);
  for (const kind of [CONTACT_KIND.vertexFace, CONTACT_KIND.vertexEdge, CONTACT_KIND.vertexVertex, CONTACT_KIND.edgeEdge]) {
    let kept = 0;
    for (let attempt = 0; attempt < 20000 && kept < perKind; attempt++) {
      const first = attempt % 5 === 4 ? S + Math.floor(next() * O) : Math.floor(next() * S);
      const ids = [first];
      while (ids.length < slotsOf[kind]) {
        const q = Math.floor(next() * all);
        if (!ids.includes(q) && near(first, q)) ids.push(q);
      }
      if (ids.every((p) => p >= S)) continue;
      contactGeometry(one(kind, ids), 0, inputs.positions, geometry);
      // faces shaped like a mesh's (not slivers, whose f32 barycentrics lose digits to cancellation)
      if (kind === CONTACT_KIND.vertexFace && triangleQuality(geometry.subarray(GEOMETRY.points + 3, GEOMETRY.points + 12)) < 0.3) continue;
      const d = geometry[GEOMETRY.distance];
      if (!(d > 0.05 * radius && d < 1.3 * radius)) continue;
      kinds.push(kind);
      points.push(...ids, ...[0, 0, 0].slice(0, 4 - ids.length));
      kept++;
    }
  }
  for (let p = 0; p < S && kinds.filter((k) => k === CONTACT_KIND.vertexPlane).length < perKind; p += 3) {
    contactGeometry(one(CONTACT_KIND.vertexPlane, [p, 0]), 0, inputs.positions, geometry);
    const d = geometry[GEOMETRY.distance];
    if (!(d > 0.05 * radius && d < 1.3 * radius)) continue;
    kinds.push(CONTACT_KIND.vertexPlane);
    points.push(p, 0, 0, 0);
  }
  for (let p = 1; p < S; p += 7) {
    kinds.push(CONTACT_KIND.pointTarget);
    points.push(p, 0, 0, 0);
  }

  const C = kinds.length;
  data.contactCount = C;
  data.contactKinds = Uint8Array.from(kinds);
  data.contactPoints = Uint32Array.from(points);
  data.contactFrictionWeights = new Float64Array(4 * C);
  data.contactNormals = new Float64Array(3 * C);
  data.contactNormalForces = new Float64Array(C);
  const activation = new Float64Array(3);
  for (let c = 0; c < C; c++) {
    // lagged at x^t, as detection does
    contactGeometry(data, c, inputs.positionsStart, geometry);
    const kind = kinds[c];
    const n = geometry.subarray(GEOMETRY.normal, GEOMETRY.normal + 3);
    const length = kind === CONTACT_KIND.pointTarget ? Math.hypot(n[0], n[1], n[2]) || 1 : 1;
    for (let k = 0; k < 3; k++) data.contactNormals[3 * c + k] = Math.fround(n[k] / length);
    if (kind !== CONTACT_KIND.pointTarget) for (let k = 0; k < 4; k++) data.contactFrictionWeights[4 * c + k] = Math.fround(geometry[GEOMETRY.weights + k]);
    contactActivation(geometry[GEOMETRY.distance], radius, stiffness, activation);
    // some contacts keep a lagged λ although they have left the radius by now
    data.contactNormalForces[c] = Math.fround(c % 4 === 0 ? stiffness * radius * 0.1 : -activation[1]);
  }
  for (let c = 0; c < C; c++) if (kinds[c] === CONTACT_KIND.vertexPlane) data.contactFrictionWeights.fill(0, 4 * c + 1, 4 * c + 4);

  const lists: number[][] = Array.from({ length: V }, () => []);
  for (let c = 0; c < C; c++) {
    for (let slot = 0; slot < slotsOf[kinds[c]]; slot++) {
      const p = points[4 * c + slot];
      if (p >= S) continue;
      for (let q = 0; q < 4; q++) if (pointWeights[4 * p + q] !== 0) lists[pointVertices[4 * p + q]].push(16 * c + 4 * slot + q);
    }
  }
  const entries: number[] = [];
  for (let v = 0; v < V; v++) {
    data.vertexContactOffsets[v] = entries.length;
    entries.push(...lists[v]);
  }
  data.vertexContactOffsets[V] = entries.length;
  data.vertexContacts = Uint32Array.from(entries);
  return data;
}

/**
 * Per vertex, Σ over its contact entries of ‖f_term‖ (each of #V×3) and max |H_term entry| (each of #V×9) from the
 * CPU's evaluateContactForceHessian one entry at a time: the contact part of the tolerance scale (vertexMagnitudes).
 * Norms rather than entries: a contact's normal n = (x_v − x_c)/d comes from positions ~0.3 m apart from a gap of
 * millimetres, so f32 turns it by about ε‖x‖/d, and that rotation moves a share of the largest entry of f ∝ n and of
 * H ∝ n nᵀ into the small ones (a small n_x n_y was off by 1e-4 of itself, 2e-6 of the largest entry).
 */
export function contactMagnitudes(
  model: VbdModel,
  ws: VbdWorkspace,
  data: VbdContactData,
  positions: Float64Array,
  timeStep: number,
): { force: Float64Array; hessian: Float64Array } {
  const V = model.vertexCount;
  const { force, hessian, f, H } = magnitudeArrays(V);
  for (let v = 0; v < V; v++) {
    for (let e = data.vertexContactOffsets[v]; e < data.vertexContactOffsets[v + 1]; e++) {
      const entry = data.vertexContacts[e];
      const c = entry >>> 4;
      const slot = (entry >>> 2) & 3;
      const weight = data.pointWeights[4 * data.contactPoints[4 * c + slot] + (entry & 3)];
      f.fill(0);
      H.fill(0);
      evaluateContactForceHessian(data, c, slot, weight, model.vertexColors[v], model.vertexColors, positions, ws.positionsStart, timeStep, f, H);
      const fNorm = Math.hypot(f[0], f[1], f[2]);
      const hLargest = H.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
      for (let k = 0; k < 3; k++) force[3 * v + k] += fNorm;
      for (let k = 0; k < 9; k++) hessian[9 * v + k] += hLargest;
    }
  }
  return { force, hessian };
}

/** 4√3·area / Σ edge² of the triangle (three xyz corners): 1 equilateral, 0 degenerate. */
function triangleQuality(corners: ArrayLike<number>): number {
  const e = (i: number, j: number, k: number) => corners[3 * j + k] - corners[3 * i + k];
  const ab = [e(0, 1, 0), e(0, 1, 1), e(0, 1, 2)];
  const ac = [e(0, 2, 0), e(0, 2, 1), e(0, 2, 2)];
  const bc = [e(1, 2, 0), e(1, 2, 1), e(1, 2, 2)];
  const cross = [ab[1] * ac[2] - ab[2] * ac[1], ab[2] * ac[0] - ab[0] * ac[2], ab[0] * ac[1] - ab[1] * ac[0]];
  const area = 0.5 * Math.hypot(cross[0], cross[1], cross[2]);
  const squares = [ab, ac, bc].reduce((sum, v) => sum + v[0] * v[0] + v[1] * v[1] + v[2] * v[2], 0);
  return (4 * Math.sqrt(3) * area) / squares;
}

/**
 * The vertexForceHessian debug kernel's output read back (reductions from readBuffers) and compared with the CPU's
 * vertexForceHessian on the same inputs: every vertex's gathered count must be `expectedCount(v)` exactly, and the
 * worst entry error relative to the given per-entry scales (#V×3, #V×9) is returned with where it is.
 */
export function compareVertexForceHessians(
  model: VbdModel,
  ws: VbdWorkspace,
  callParameters: VbdCallParameters,
  inputs: SubstepInputs,
  reductions: Float32Array,
  debugStart: number,
  expectedCount: (v: number) => number,
  scale: (cpu: { force: Float64Array; hessian: Float64Array }) => { force: ArrayLike<number>; hessian: ArrayLike<number> },
): { force: { error: number; where: string }; hessian: { error: number; where: string }; countErrors: string[] } {
  const V = model.vertexCount;
  const cpuForce = new Float64Array(3 * V);
  const cpuHessian = new Float64Array(9 * V);
  const gpuForce = new Float64Array(3 * V);
  const gpuHessian = new Float64Array(9 * V);
  const countErrors: string[] = [];
  for (let v = 0; v < V; v++) {
    vertexForceHessian(model, ws, callParameters, v, inputs.positions, restShapeOf(model, inputs));
    cpuForce.set(ws.force, 3 * v);
    cpuHessian.set(ws.hessian, 9 * v);
    const o = debugStart + 13 * v;
    gpuForce.set(reductions.subarray(o, o + 3), 3 * v);
    gpuHessian.set(reductions.subarray(o + 3, o + 12), 9 * v);
    if (reductions[o + 12] !== expectedCount(v)) countErrors.push(`vertex ${v} gathered ${reductions[o + 12]}, expected ${expectedCount(v)}`);
  }
  const scales = scale({ force: cpuForce, hessian: cpuHessian });
  const forceError = worstRelative(gpuForce, cpuForce, scales.force, 1e-12);
  const hessianError = worstRelative(gpuHessian, cpuHessian, scales.hessian, 1e-12);
  const where = (k: number, stride: number) =>
    `vertex ${Math.floor(k / stride)} entry ${k % stride} (gpu ${stride === 3 ? gpuForce[k] : gpuHessian[k]}, cpu ${stride === 3 ? cpuForce[k] : cpuHessian[k]})`;
  return {
    force: { error: forceError.error, where: where(forceError.at, 3) },
    hessian: { error: hessianError.error, where: where(hessianError.at, 9) },
    countErrors,
  };
}

/** How many elements (tets, triangles, hinges, springs) vertex v gathers. */
export function elementCount(model: VbdModel, v: number): number {
  return (
    model.vertexTetOffsets[v + 1] -
    model.vertexTetOffsets[v] +
    model.vertexTriangleOffsets[v + 1] -
    model.vertexTriangleOffsets[v] +
    model.vertexHingeOffsets[v + 1] -
    model.vertexHingeOffsets[v] +
    model.vertexSpringOffsets[v + 1] -
    model.vertexSpringOffsets[v]
  );
}
