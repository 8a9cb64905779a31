/**
 * The engine worker's Pose tool (docs/arap.md, "Interactive use"): `arapBegin` poses the mesh at the frame with the
 * project's corrections applied and factors the edit (the selection as the moving handle, the mesh beyond a reach from
 * it as the fixed one; app/solvers/arap's full-space solver, or the reduced one when the request asks for it
 * (reducedFrom; the default range REDUCED_ARAP_MIN_VERTICES..REDUCED_ARAP_MAX_VERTICES is empty), poseSolver.ts), with contact rows for the mesh itself, the scene's
 * collider meshes at the same frame and a ground plane; every `arapDrag` moves the handle rigidly and iterates;
 * `arapEnd` converges, always in full space, ends with no intersection the edit made (intersectionFreeEnd) and answers
 * the edit as a pose correction (app/poseCorrections, for the corrections already keyed and for the one the drag
 * makes). One edit at a time: the worker's ARAP session, with the rest models and reduced bases it keeps per mesh.
 *
 * Failures throw; the registry (engineWorkerCore.ts) answers them as `failed`.
 */
import { createAnimationEvaluator, type AnimationEvaluator } from '../../app/animation/index.ts';
import { quaternionMatrix } from '../../app/math/mat3/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import type { PoseCorrection } from '../../app/document/index.ts';
import { poseCorrectedPositions, poseCorrectionFromEdit } from '../../app/poseCorrections/index.ts';
import {
  type ArapCollider,
  createArapModel,
  intersectionFreeEnd,
  meshCollider,
  pieceAttachments,
  planeCollider,
  type ReducedArapBasis,
  reducedArapBasis,
  surfaceSelfContact,
} from '../../app/solvers/arap/index.ts';
import { poseSolver, type PoseSolver } from './poseSolver.ts';
import { arapFixedVertices, DEFAULT_REACH_FRACTION } from './arapFixedVertices.ts';
import { throttledCollider, type ThrottledCollider } from './throttledCollider.ts';
import type { ArapHandleMotion } from './protocol.ts';
import { type ArapSession, type EngineWorkerState, type RequestOf, type Send, sceneOf } from './engineWorkerState.ts';

/** Iterations per drag event (one displayed frame) and at the release, unless the request says otherwise. */
const DRAG_ITERATIONS = 4;
const END_ITERATIONS = 40;
/**
 * At the release, the expensive contact searches run every this many iterations (as during the drag), and at most
 * this many extra iterations chase new intersections before the last resort: on the sample's Blob with self-contact
 * (3,150 vertices) a search costs 0.1–0.3 s on the CI machine, and the release took over a minute searching every
 * iteration with 50 extra iterations.
 */
const END_SEARCH_EVERY = 4;
/** Contacts one search of the self or a collider mesh keeps, deepest first (throttledCollider). */
const MAX_CONTACTS_PER_SEARCH = 256;
const END_EXTRA_ITERATIONS = 12;
/**
 * Pieces with no handle vertex within this fraction of the mesh's size of the surface that has handles are carried by
 * it (pieceAttachments): gear set into the body straddles the skin by about a centimetre; 2% of a 1.6 m character is
 * 4.6 cm. Their targets follow the hosts every ATTACH_EVERY iterations (and at the start of each drag event).
 */
const ATTACH_REACH_FRACTION = 0.02;
const ATTACH_EVERY = 4;
/**
 * Full-space iterations at the release of a reduced drag, warm-started from the reduced result with the handles hard
 * (poseSolver's fullSpace): the subspace holds the fixed handle only through its moments (it drifted 1.5% of the size
 * on the generated character) and can fold a thin part into itself (the test bar, 39 self-crossings); the polish puts
 * every held vertex back where it belongs and irons the fold out before the end check. Measured in docs/arap.md.
 */
const POLISH_ITERATIONS = 12;
/**
 * Meshes with REDUCED_ARAP_MIN_VERTICES ≤ welded vertices < REDUCED_ARAP_MAX_VERTICES are dragged in the reduced
 * subspace, the others in full space; the range is empty now: the tool drags in full space at every size, and the
 * subspace runs only when a request asks for it (reducedFrom). The tool's full-space drag factors only the vertices
 * within reach of the handle (the rest is the fixed handle, eliminated) and fits only the rotations its global step
 * reads (freeGroupsOnly). Measured on the generated characters, ms per drag event: at 12.8k full space 7.7 / 6.7 /
 * 26.6 (none, ground, Self and ground) against reduced 13.0 / 27.0 / 50.3; at 51k 19.3 / 33.8 against 76.4 / 178.6
 * (none, ground). Only the layered character's arm at 23k without contact dragged faster in the subspace (40.9
 * against 50.7), and there its release moved pieces nobody grabbed (the shoulder pad off the other shoulder, the chest
 * plate and the eyes displaced, rendered side by side with full space's; docs/arap.md): the range was 10k–25k.
 */
export const REDUCED_ARAP_MIN_VERTICES = 25_000;
export const REDUCED_ARAP_MAX_VERTICES = 25_000;

/** Starts a pose edit of `request.mesh` at the request's frame as the worker's ARAP session; answers `arapBegun`. */
export async function beginArap(state: EngineWorkerState, request: RequestOf<'arapBegin'>, send: Send): Promise<void> {
  state.arap = null;
  const { scene, document } = await sceneOf(state, request.documentId);
  const meshIndex = scene.meshes.findIndex((mesh) => mesh.name === request.mesh);
  if (meshIndex < 0) throw new Error(`no mesh "${request.mesh}" in ${document.fileName}`);
  const { topology } = scene.meshes[meshIndex];
  const n = topology.vertexCount;
  if (request.vertices.length === 0) throw new Error('select the vertices to move first');
  for (const v of request.vertices)
    if (!(Number.isInteger(v) && v >= 0 && v < n)) throw new Error(`vertex ${v} is not a vertex of "${request.mesh}" (0..${n - 1})`);
  const evaluator = (document.evaluator ??= createAnimationEvaluator(scene));
  const raw = new Float32Array(3 * n);
  const input = new Float64Array(3 * n);
  correctedMeshInput(state, scene, evaluator, meshIndex, request, raw, input);
  const frames = state.restModels.get(meshIndex)!;
  const model = createArapModel({ restPositions: input, triangles: topology.triangles });
  const moving = Int32Array.from(request.vertices);
  const centroid: [number, number, number] = [0, 0, 0];
  for (const v of moving) for (let c = 0; c < 3; c++) centroid[c] += input[3 * v + c] / moving.length;
  const reached = arapFixedVertices(input, moving, (request.reach ?? DEFAULT_REACH_FRACTION) * model.size);
  // Pieces no handle reaches (gear set into the body: a pad, a plate) follow the surface they are set into.
  const attachments = pieceAttachments(topology.triangles, model.componentOf, input, [...moving, ...reached], ATTACH_REACH_FRACTION * model.size);
  const fixed = attachments.vertices.length > 0 ? Int32Array.from([...reached, ...attachments.vertices]) : reached;
  // Contacts: the mesh itself, the scene's collider meshes at the same frame, the ground; each begun on the input
  // (what the mesh looked like before the edit: intersections it already has are allowed, new ones are not).
  const colliders: ArapCollider[] = [];
  const throttled: ThrottledCollider[] = [];
  const names: string[] = [];
  const contact = request.contact ?? {};
  const searchOncePerEvent = (collider: ArapCollider): ArapCollider => {
    const made = throttledCollider(collider, MAX_CONTACTS_PER_SEARCH);
    throttled.push(made);
    return made.collider;
  };
  if (contact.self) {
    colliders.push(searchOncePerEvent(surfaceSelfContact(topology.triangles, n)));
    names.push('self');
  }
  for (const name of new Set(contact.colliders ?? [])) {
    if (name === request.mesh) continue;
    const index = scene.meshes.findIndex((mesh) => mesh.name === name);
    if (index < 0) throw new Error(`no collider mesh "${name}" in ${document.fileName}`);
    const other = scene.meshes[index].topology;
    const positions = new Float64Array(3 * other.vertexCount);
    correctedMeshInput(state, scene, evaluator, index, request, new Float32Array(3 * other.vertexCount), positions);
    colliders.push(searchOncePerEvent(meshCollider(positions, other.triangles, n, { surfaceTriangles: topology.triangles })));
    names.push(name);
  }
  let ground: number | null = null;
  if (contact.ground) {
    ground = 0;
    for (let v = 0; v < n; v++) ground = Math.min(ground, input[3 * v + 1]);
    colliders.push(planeCollider([0, 1, 0], ground));
    names.push('ground');
  }
  for (const collider of colliders) collider.begin?.(input);
  let subspace: ReducedArapBasis | null = null;
  if (request.reducedFrom !== undefined ? n >= request.reducedFrom : n >= REDUCED_ARAP_MIN_VERTICES && n < REDUCED_ARAP_MAX_VERTICES) {
    subspace = state.restBases.get(meshIndex) ?? null;
    if (!subspace) state.restBases.set(meshIndex, (subspace = reducedArapBasis(frames)));
  }
  const solver = poseSolver(model, moving, fixed, colliders, subspace);
  const movingSet = new Uint8Array(n);
  for (const v of moving) movingSet[v] = 1;
  const isMoving = Uint8Array.from(solver.handleVertices, (v) => movingSet[v]);
  const targets = new Float64Array(3 * solver.handleVertices.length);
  solver.handleVertices.forEach((v, h) => targets.set(input.subarray(3 * v, 3 * v + 3), 3 * h));
  const handleIndex = new Map<number, number>();
  solver.handleVertices.forEach((v, h) => handleIndex.set(v, h));
  const attachedHandles = Int32Array.from(attachments.vertices, (v) => handleIndex.get(v)!);
  state.arap = {
    documentId: request.documentId,
    frames,
    raw,
    input,
    moving,
    solver,
    targets,
    isMoving,
    centroid,
    colliders,
    throttled,
    ground,
    metersPerUnit: request.metersPerUnit,
    mesh: request.mesh,
    triangles: topology.triangles,
    frame: request.frame,
    corrections: meshCorrections(request, request.mesh),
    attachments,
    attachedHandles,
  };
  send({ kind: 'arapBegun', id: request.id, input: Float32Array.from(input), fixed: reached.length, centroid, colliders: names });
}

/** One drag event: the handle moved to the request's motion and a few iterations; answers `arapPositions`. */
export function dragArap(state: EngineWorkerState, request: RequestOf<'arapDrag'>, send: Send): void {
  const started = performance.now();
  const session = state.arap;
  if (!session) throw new Error('no pose edit has been started');
  moveHandle(session, request, iterationsOf(request, DRAG_ITERATIONS), Infinity);
  const positions = Float32Array.from(session.solver.positions);
  send({
    kind: 'arapPositions',
    id: request.id,
    positions,
    contacts: contactVertices(session.solver),
    milliseconds: performance.now() - started,
    bases: session.solver.bases(),
  });
}

/**
 * The release: the handle moved to the request's motion, converged, polished in full space, freed of any intersection
 * the edit made and keyed as a correction; ends the ARAP session and answers `arapEnded`.
 */
export function endArap(state: EngineWorkerState, request: RequestOf<'arapEnd'>, send: Send): void {
  const session = state.arap;
  if (!session) throw new Error('no pose edit has been started');
  moveHandle(session, request, iterationsOf(request, END_ITERATIONS), END_SEARCH_EVERY);
  state.arap = null;
  const { raw, input, frames } = session;
  // The release ends in full space whatever the drag ran in: a reduced result is polished there with every handle
  // hard (exact held vertices), and the end check runs on full-space positions.
  const solver = session.solver.fullSpace();
  if (solver !== session.solver) {
    for (let i = 0; i < POLISH_ITERATIONS; i++) {
      if (i % END_SEARCH_EVERY === 0) for (const collider of session.throttled) collider.refresh();
      solver.iterate();
    }
    solver.sync();
  }
  const edited = solver.positions;
  // The edit ends with no intersection it made (more iterations, planes projected, the last resort), checked on
  // exactly what is keyed: the positions after the round trip through the correction (keep).
  const iterate = (): void => {
    for (const collider of session.throttled) collider.refresh();
    solver.iterate();
    solver.sync();
  };
  const scale = session.metersPerUnit;
  const shifted = new Float64Array(raw.length);
  let correction: { vertices: number[]; offsets: number[] } = { vertices: [], offsets: [] };
  const keep = (positions: Float64Array): void => {
    // The correction's rotations come from the uncorrected input (poseCorrectedPositions reads them there), its
    // displacement is the edit's: so hand poseCorrectionFromEdit raw + (edited − corrected input). Drop the
    // solver's round-off far from the edit (a millionth of the mesh is below anything visible).
    for (let i = 0; i < raw.length; i++) shifted[i] = raw[i] + (positions[i] - input[i]);
    correction = poseCorrectionFromEdit(frames, raw, shifted, 1e-6 * frames.size);
    // What the project will store (metres) and what a bake, the preview or the next edit apply (scene units).
    const stored = scale === 1 ? correction.offsets : correction.offsets.map((o) => o * scale);
    const applied = scale === 1 ? stored : stored.map((o) => o / scale);
    const keyed: PoseCorrection = {
      id: 'release',
      mesh: session.mesh,
      frame: session.frame,
      easeIn: 0,
      easeOut: 0,
      vertices: correction.vertices,
      offsets: applied,
    };
    poseCorrectedPositions(frames, [...session.corrections, keyed], session.mesh, session.frame, raw, positions);
    correction = { vertices: correction.vertices, offsets: stored };
  };
  const end = intersectionFreeEnd(solver.contactPoints, edited, input, session.colliders, iterate, solver.contactSkin, END_EXTRA_ITERATIONS, {
    keep,
    surfaceTriangles: session.triangles,
  });
  const positions = Float32Array.from(edited);
  const { vertices, offsets } = correction;
  send({
    kind: 'arapEnded',
    id: request.id,
    positions,
    vertices,
    offsets,
    contacts: contactVertices(solver),
    intersections: end.intersections,
    reverted: end.revertedPoints,
  });
}

/** The request's iteration count (default `fallback`), clamped to 1..500. */
function iterationsOf(request: { iterations?: number }, fallback: number): number {
  return Math.max(1, Math.min(500, Math.round(request.iterations ?? fallback)));
}

/**
 * Moves the moving handle rigidly (about the selection's centroid) from the input and iterates; the expensive
 * contact searches run before the first iteration and every `searchEvery` iterations after it.
 */
function moveHandle(session: ArapSession, motion: ArapHandleMotion, iterations: number, searchEvery: number): void {
  const { translation, rotation } = motion;
  if (!Array.isArray(translation) || translation.length !== 3 || !translation.every(Number.isFinite))
    throw new Error('the handle translation must be three finite numbers');
  const R = Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1);
  if (rotation !== undefined) {
    if (!Array.isArray(rotation) || rotation.length !== 4 || !rotation.every(Number.isFinite))
      throw new Error('the handle rotation must be a quaternion of four finite numbers (x, y, z, w)');
    const length = Math.hypot(...rotation);
    if (!(length > 1e-12)) throw new Error('the handle rotation must be a nonzero quaternion');
    const unit = rotation.map((q) => q / length);
    quaternionMatrix(unit, R);
  }
  const { solver, targets, input, isMoving, centroid } = session;
  solver.handleVertices.forEach((v, h) => {
    if (!isMoving[h]) {
      for (let c = 0; c < 3; c++) targets[3 * h + c] = input[3 * v + c];
      return;
    }
    const dx = input[3 * v] - centroid[0];
    const dy = input[3 * v + 1] - centroid[1];
    const dz = input[3 * v + 2] - centroid[2];
    for (let c = 0; c < 3; c++) targets[3 * h + c] = centroid[c] + translation[c] + R[3 * c] * dx + R[3 * c + 1] * dy + R[3 * c + 2] * dz;
  });
  // A handle dragged into the ground is lifted back onto it (seed 004 §3.5.2: "the system moves it out of
  // contact"): the solve holds handles exactly, so no contact row could stop them.
  if (session.ground !== null) {
    let lowest = Infinity;
    solver.handleVertices.forEach((_, h) => {
      if (isMoving[h]) lowest = Math.min(lowest, targets[3 * h + 1]);
    });
    const lift = session.ground + solver.contactSkin - lowest;
    if (lift > 0)
      solver.handleVertices.forEach((_, h) => {
        if (isMoving[h]) targets[3 * h + 1] += lift;
      });
  }
  solver.setHandleTargets(targets);
  for (let i = 0; i < iterations; i++) {
    if (i % Math.min(searchEvery, ATTACH_EVERY) === 0 && (i > 0 || session.attachedHandles.length > 0)) followHosts(session, i > 0);
    if (i % searchEvery === 0) for (const collider of session.throttled) collider.refresh();
    solver.iterate();
  }
  solver.sync();
}

/** The attached pieces' targets from where their hosts are now (synced first when the solver has iterated). */
function followHosts(session: ArapSession, sync: boolean): void {
  const { solver, targets, attachments, attachedHandles } = session;
  if (attachedHandles.length === 0) return;
  if (sync) solver.sync();
  const out = new Float64Array(3 * attachedHandles.length);
  attachments.targets(solver.positions, out);
  attachedHandles.forEach((h, k) => targets.set(out.subarray(3 * k, 3 * k + 3), 3 * h));
  solver.setHandleTargets(targets);
}

/** The vertices with a contact row in the solver's last iteration, increasing. */
function contactVertices(solver: PoseSolver): Int32Array {
  const list = solver.contacts();
  const vertices = new Set<number>();
  for (let c = 0; c < list.count; c++) vertices.add(list.point[c]);
  return Int32Array.from([...vertices].sort((a, b) => a - b));
}

/**
 * The welded input of a mesh at the request's time with the project's corrections of that mesh applied; builds the
 * mesh's rest model (state.restModels, what corrections are expressed against) on first use.
 */
function correctedMeshInput(
  state: EngineWorkerState,
  scene: ImportedScene,
  evaluator: AnimationEvaluator,
  meshIndex: number,
  request: RequestOf<'arapBegin'>,
  raw: Float32Array,
  out: Float64Array | Float32Array,
): void {
  const name = scene.meshes[meshIndex].name;
  const { topology } = scene.meshes[meshIndex];
  let frames = state.restModels.get(meshIndex);
  if (!frames) {
    const rest = new Float32Array(3 * topology.vertexCount);
    evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
    frames = createArapModel({ restPositions: rest, triangles: topology.triangles });
    state.restModels.set(meshIndex, frames);
  }
  const clipIndex =
    request.pose.clipIndex !== null && request.pose.clipIndex >= 0 && request.pose.clipIndex < scene.clips.length ? request.pose.clipIndex : null;
  evaluator.evaluateSimulationPositions(meshIndex, clipIndex, request.pose.time, raw);
  // The project stores offsets in metres; the surface is in scene units (as app/bake meshAuthoring does).
  const corrections = meshCorrections(request, name);
  if (corrections.length > 0) poseCorrectedPositions(frames, corrections, name, request.frame, raw, out);
  else out.set(raw);
}

/** The request's corrections of a mesh, their offsets in scene units (the project stores metres). */
function meshCorrections(request: RequestOf<'arapBegin'>, name: string): PoseCorrection[] {
  const scale = request.metersPerUnit;
  return request.corrections.filter((c) => c.mesh === name).map((c) => (scale === 1 ? c : { ...c, offsets: c.offsets.map((o) => o / scale) }));
}
