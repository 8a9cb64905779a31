import { rigidAlignment } from '../../embedding/index.ts';
import { createContactList } from './contactList.ts';
import { intersectionFreeEnd } from './intersectionFreeEnd.ts';
import { contactPointPositions } from './contactPointPositions.ts';
import { arapEnergy } from './arapEnergy.ts';
import { createArapState } from './createArapState.ts';
import { createFullArapSolver } from './fullArapSolver.ts';
import { handleTargets } from './handleTargets.ts';
import { reducedArapBasis, type ReducedArapBasis, type ReducedArapBasisOptions } from './reducedArapBasis.ts';
import { createReducedArapSolver, type ReducedArapOptions } from './reducedArapSolver.ts';
import type { ArapCollider, ArapContactList, ArapContactPoints, ArapHandle, ArapModel } from './types.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** Options of arapEdit. */
export interface ArapEditOptions {
  colliders?: readonly ArapCollider[];
  /** the points that must stay out of colliders (default: every vertex) */
  contactPoints?: ArapContactPoints;
  /** solve in the hierarchical subspace (seed 004 §3.3–3.6) instead of full space */
  reduced?: boolean;
  /** basis and solver options of the reduced solver */
  reducedOptions?: ReducedArapBasisOptions & ReducedArapOptions;
  /** a precomputed basis for this model (reused across edits); built when absent */
  basis?: ReducedArapBasis;
  /** local/global iterations at most (default 100) */
  iterations?: number;
  /** stop once no vertex moved more than tolerance·size in an iteration (default 1e-6) */
  tolerance?: number;
  /** distance kept from colliders, fraction of the size (default 1e-4) */
  contactSkin?: number;
  /**
   * iterations over which the handles travel from where they start to their targets (default 20 with colliders,
   * else 0): the edit is dragged rather than teleported, as in the editor, so no single global step carries part of
   * the mesh through a collider or through another part before a contact can stop it
   */
  ramp?: number;
}

/** What arapEdit did. */
export interface ArapEditStats {
  solver: 'full' | 'reduced';
  vertices: number;
  rotations: number;
  handleVertices: number;
  iterations: number;
  /** stopped by the tolerance rather than the iteration cap */
  converged: boolean;
  /** ARAP energy of the result (types.ts; 0 for a rigid motion of the rest shape) */
  energy: number;
  /** largest distance of a handle vertex from its target [m] (0 in full space; the subspace's residual otherwise) */
  handleError: number;
  /** handles moved out of a collider they were dragged into (seed 004 §3.5.2) */
  handlesMovedOut: number;
  /** contact rows in the last iteration */
  contacts: number;
  /** contact points inside a collider after the edit (0 unless the input itself was unresolvable) */
  intersections: number;
  /** new intersections the iterations left (before the projection and the last resort resolve them) */
  unresolved: number;
  /** contact points pushed out of planes by the final projection because the solve left them inside */
  projectedPoints: number;
  /** contact points moved back toward their start by the last resort (an intersection nothing else removed) */
  revertedPoints: number;
  /** working basis size and active local groups at the end (reduced only) */
  basisSize?: number;
  activeGroups?: number;
  setupSeconds: number;
  solveSeconds: number;
  msPerIteration: number;
}

/**
 * One ARAP edit from handles, start to finish, as the CLI and a release of the gizmo need it: handle targets
 * (handleTargets), handles dragged into a collider moved back out (seed 004 §3.5.2), the rest shape rigidly aligned
 * to the handles when they move rigidly together (so a rigid edit is exact from the first iteration), local/global
 * iterations in full space (createFullArapSolver) or in the hierarchical subspace (createReducedArapSolver) until
 * the shape stops moving, then the guarantee the issue asks for: the edit ends with no intersection the mesh did not
 * have before it (planes: no contact point inside; self-contact: no edge–triangle intersection beyond the input's,
 * checked exactly). Iterations continue while intersections remain, planes then project what is left out along their
 * normals (projectedPoints), and as the last resort the points still involved are moved back toward where they
 * started, halving their departure until nothing new intersects (revertedPoints), as the bake's final check does.
 *
 * @param model    the ARAP model
 * @param handles  the handles (at least one vertex in all)
 * @param options  colliders, contact points, solver, iterations, tolerance
 * @returns the deformed positions (#V×3, the model's vertex order) and stats
 * @throws RangeError for bad handles (handleTargets) or no handle vertex
 */
export function arapEdit(model: ArapModel, handles: readonly ArapHandle[], options: ArapEditOptions = {}): { positions: Float64Array; stats: ArapEditStats } {
  const setupStart = performance.now();
  const n = model.vertexCount;
  const colliders = options.colliders ?? [];
  const points = options.contactPoints ?? vertexContactPoints(n);
  const skin = (options.contactSkin ?? 1e-4) * model.size;
  const maxIterations = options.iterations ?? 100;
  const tolerance = (options.tolerance ?? 1e-6) * model.size;
  // Point-wise colliders (planes) judge each point alone, so a handle's own points can be tested by themselves.
  const movedOut = moveHandlesOutOfColliders(
    model,
    handles,
    colliders.filter((collider) => !collider.begin),
    points,
    skin,
  );
  const { vertices: handleVertices, targets } = handleTargets(movedOut.handles, model.restPositions);
  if (handleVertices.length === 0) throw new RangeError('arapEdit: no handle vertex');

  // Start: the rest shape, rigidly aligned to the handle targets when the handles moved (nearly) rigidly together.
  const start = Float64Array.from(model.restPositions);
  {
    const H = handleVertices.length;
    const source = new Float64Array(3 * H);
    handleVertices.forEach((v, i) => source.set(model.restPositions.subarray(3 * v, 3 * v + 3), 3 * i));
    const weights = new Float64Array(H).fill(1 / H);
    const alignment = rigidAlignment(source, targets, weights, H, {
      rotation: new Float64Array(9),
      quaternion: new Float64Array(4),
      sourceCentroid: new Float64Array(3),
      targetCentroid: new Float64Array(3),
    });
    const apply = (x: ArrayLike<number>, out: Float64Array, o: number): void => {
      const R = alignment.rotation;
      const dx = x[0] - alignment.sourceCentroid[0];
      const dy = x[1] - alignment.sourceCentroid[1];
      const dz = x[2] - alignment.sourceCentroid[2];
      out[o] = alignment.targetCentroid[0] + R[0] * dx + R[1] * dy + R[2] * dz;
      out[o + 1] = alignment.targetCentroid[1] + R[3] * dx + R[4] * dy + R[5] * dz;
      out[o + 2] = alignment.targetCentroid[2] + R[6] * dx + R[7] * dy + R[8] * dz;
    };
    let residual = 0;
    const moved = new Float64Array(3);
    for (let i = 0; i < H; i++) {
      apply(source.subarray(3 * i, 3 * i + 3), moved, 0);
      residual += ((moved[0] - targets[3 * i]) ** 2 + (moved[1] - targets[3 * i + 1]) ** 2 + (moved[2] - targets[3 * i + 2]) ** 2) / H;
    }
    if (Math.sqrt(residual) < 1e-3 * model.size) for (let v = 0; v < n; v++) apply(model.restPositions.subarray(3 * v, 3 * v + 3), start, 3 * v);
  }

  const positions = Float64Array.from(start);
  const previous = new Float64Array(3 * n);
  let iterations = 0;
  let converged = false;
  let contacts = 0;
  let basisSize: number | undefined;
  let activeGroups: number | undefined;
  let step: () => void;
  let setTargets: (values: Float64Array) => void = () => {};
  let setupSeconds: number;
  const solverOptions = { colliders, contactPoints: points, contactSkin: options.contactSkin };
  if (options.reduced) {
    const basis = options.basis ?? reducedArapBasis(model, options.reducedOptions);
    const solver = createReducedArapSolver(
      basis,
      movedOut.handles.map((h) => h.vertices),
      { ...options.reducedOptions, ...solverOptions },
    );
    setTargets = (values) => solver.setHandleTargets(values);
    solver.setHandleTargets(targets);
    solver.reset(start);
    setupSeconds = (performance.now() - setupStart) / 1000;
    step = () => {
      const report = solver.iterate(0);
      contacts = report.contacts;
      basisSize = report.basisSize;
      activeGroups = report.activeGroups;
      solver.positions(positions);
    };
  } else {
    const solver = createFullArapSolver(model, handleVertices, solverOptions);
    setTargets = (values) => solver.setHandleTargets(values);
    solver.setHandleTargets(targets);
    const state = createArapState(model, start);
    setupSeconds = (performance.now() - setupStart) / 1000;
    step = () => {
      const report = solver.iterate(state, 0);
      contacts = report.contacts;
      positions.set(state.positions);
    };
  }
  const rampFrom = new Float64Array(targets.length);
  const solveStart = performance.now();
  const pointPositions = new Float64Array(3 * points.count);
  contactPointPositions(points, start, pointPositions);
  for (const collider of colliders) collider.begin?.(pointPositions);
  const ramp = Math.max(0, Math.floor(options.ramp ?? (colliders.length > 0 ? 20 : 0)));
  const rampTargets = new Float64Array(targets.length);
  handleVertices.forEach((v, i) => rampFrom.set(start.subarray(3 * v, 3 * v + 3), 3 * i));
  while (iterations < maxIterations) {
    if (iterations < ramp) {
      const t = (iterations + 1) / ramp;
      for (let i = 0; i < targets.length; i++) rampTargets[i] = rampFrom[i] + t * (targets[i] - rampFrom[i]);
      setTargets(rampTargets);
    }
    previous.set(positions);
    step();
    iterations++;
    let move = 0;
    for (let i = 0; i < 3 * n; i++) move = Math.max(move, Math.abs(positions[i] - previous[i]));
    if (move <= tolerance && iterations >= ramp) {
      converged = true;
      break;
    }
  }
  // The edit may not end with an intersection the mesh did not have: more iterations while contacts are
  // unresolved, then plane projection, then the involved points moved back toward where they started.
  const end = intersectionFreeEnd(
    points,
    positions,
    start,
    colliders,
    () => {
      step();
      iterations++;
    },
    skin,
  );
  const { unresolved, projectedPoints, revertedPoints, intersections } = end;
  let handleError = 0;
  handleVertices.forEach((v, i) => {
    handleError = Math.max(
      handleError,
      Math.hypot(positions[3 * v] - targets[3 * i], positions[3 * v + 1] - targets[3 * i + 1], positions[3 * v + 2] - targets[3 * i + 2]),
    );
  });
  const solveSeconds = (performance.now() - solveStart) / 1000;
  return {
    positions,
    stats: {
      solver: options.reduced ? 'reduced' : 'full',
      vertices: n,
      rotations: model.rotationCount,
      handleVertices: handleVertices.length,
      iterations,
      converged,
      energy: arapEnergy(model, positions),
      handleError,
      handlesMovedOut: movedOut.count,
      contacts,
      intersections,
      unresolved,
      projectedPoints,
      revertedPoints,
      basisSize,
      activeGroups,
      setupSeconds,
      solveSeconds,
      msPerIteration: iterations > 0 ? (1000 * solveSeconds) / iterations : 0,
    },
  };
}

/**
 * Translates each handle out of any collider its own points would end up inside (points whose vertices all belong
 * to the handle), by the deepest penetration along that contact's normal plus the skin; repeated a few times for
 * handles between several colliders.
 */
function moveHandlesOutOfColliders(
  model: ArapModel,
  handles: readonly ArapHandle[],
  colliders: readonly ArapCollider[],
  points: ArapContactPoints,
  skin: number,
): { handles: ArapHandle[]; count: number } {
  const result = handles.map((h) => ({ vertices: h.vertices, matrix: Array.from(h.matrix) }));
  if (colliders.length === 0) return { handles: result, count: 0 };
  let count = 0;
  const list: ArapContactList = createContactList();
  result.forEach((handle) => {
    const members = new Set<number>(Array.from(handle.vertices));
    const own: number[] = [];
    for (let p = 0; p < points.count; p++) {
      let all = points.offsets[p + 1] > points.offsets[p];
      for (let e = points.offsets[p]; e < points.offsets[p + 1] && all; e++) if (!members.has(points.vertices[e]) && points.weights[e] !== 0) all = false;
      if (all) own.push(p);
    }
    if (own.length === 0) return;
    let moved = false;
    for (let pass = 0; pass < 4; pass++) {
      const M = handle.matrix;
      const positions = new Float64Array(3 * own.length);
      own.forEach((p, i) => {
        for (let e = points.offsets[p]; e < points.offsets[p + 1]; e++) {
          const v = 3 * points.vertices[e];
          const w = points.weights[e];
          const x = model.restPositions[v];
          const y = model.restPositions[v + 1];
          const z = model.restPositions[v + 2];
          for (let r = 0; r < 3; r++) positions[3 * i + r] += w * (M[r] * x + M[4 + r] * y + M[8 + r] * z + M[12 + r]);
        }
      });
      list.count = 0;
      colliders.forEach((collider) => collider.detect(positions, skin, list));
      let deepest = -1;
      for (let c = 0; c < list.count; c++) if (list.otherPoints[3 * c] < 0 && (deepest < 0 || list.distance[c] < list.distance[deepest])) deepest = c;
      if (deepest < 0) break;
      const push = skin - list.distance[deepest];
      for (let r = 0; r < 3; r++) M[12 + r] += push * list.normal[3 * deepest + r];
      moved = true;
    }
    if (moved) count++;
  });
  return { handles: result, count };
}
