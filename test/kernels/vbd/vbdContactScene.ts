/**
 * A contact scene for the VBD kernel tests (vbdTestKit.ts re-exports it): contact data of every kind on a model, and
 * the per-vertex magnitudes of its contact terms.
 */
import {
  CONTACT_KIND,
  contactActivation,
  contactGeometry,
  contactPointPosition,
  emptyVbdContactData,
  evaluateContactForceHessian,
  GEOMETRY,
  type VbdContactData,
  type VbdModel,
  type VbdWorkspace,
} from '../../../app/solvers/vbd/index.ts';
import { random } from '../../app/solvers/vbd/helpers.ts';
import { magnitudeArrays } from './vbdMagnitudes.ts';
import { type SubstepInputs } from './vbdSubstepInputs.ts';

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
