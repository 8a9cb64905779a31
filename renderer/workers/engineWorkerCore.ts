/**
 * The engine worker's logic, apart from the worker global so it runs (and is tested) in Node too:
 * it imports the document once (app/io), runs app/bake's `bake()` with an AbortController per bake
 * and throttled progress, and builds the lattice view of one mesh (app/embedding's latticeEmbedding
 * on the world-space rest surface, exactly as the bake embeds it) and poses it at a clip time by
 * fitting the lattice to the animated surface (tetTargetFitter, factored once per lattice,
 * warm-started from the last pose). It also checks a frame of the input or of the baked output for
 * intersecting triangles (app/intersection, frameIntersections.ts) for the viewport's overlay, the output with
 * its new intersection regions against the input of the same frame (app/contact's input-region rule), with a
 * cache per (document, source, frame) so scrubbing back over checked frames costs nothing.
 * It also runs the Pose tool's ARAP drag (app/solvers/arap's full-space solver, or the reduced one between
 * REDUCED_ARAP_MIN_VERTICES and REDUCED_ARAP_MAX_VERTICES welded vertices (poseSolver.ts; the release always ends in
 * full space), on the welded surface at the
 * frame, factored once per drag, with contact rows for the mesh itself, the scene's collider meshes at the
 * same frame and a ground plane; the release ends with no intersection the edit made; app/poseCorrections for
 * the corrections already keyed and for the one the drag makes).
 * And it runs the live preview (previewRunner.ts: the bake's own SimulationSession advanced frame by frame, on the
 * WebGPU step when the worker was given a hardware adapter's backend, else the CPU step).
 *
 * Nothing here touches the UI's state: a bake's only effect is its answer, so a cancelled or failed
 * bake leaves nothing behind.
 */
import { bake, BakeError, resolveBakeSettings } from '../../app/bake/index.ts';
import { createAnimationEvaluator, type AnimationEvaluator } from '../../app/animation/index.ts';
import { embeddedSurfacePositions, latticeEdges, latticeEmbedding, tetTargetFitter, type LatticeEmbedding, type TetTargetFitter } from '../../app/embedding/index.ts';
import { intersectionChecker, type IntersectionChecker } from '../../app/intersection/index.ts';
import { regionTopology, type RegionCheck, type RegionTopology } from '../../app/contact/index.ts';
import { GltfImportError, readGltf, type ImportedScene } from '../../app/io/index.ts';
import { frameIntersections } from './frameIntersections.ts';
import { type ArapHandleMotion, type BakeRequestOptions, type DocumentPayload, type EngineRequest, type EngineResponse, type FrameIntersectionsView, type LatticePose, type PostResponse, PROGRESS_INTERVAL_MS, transferables } from './protocol.ts';
import { poseCorrectedPositions, poseCorrectionFromEdit } from '../../app/poseCorrections/index.ts';
import type { PoseCorrection } from '../../app/document/index.ts';
import {
  type ArapCollider,
  type ArapModel,
  createArapModel,
  intersectionFreeEnd,
  meshCollider,
  pieceAttachments,
  type PieceAttachments,
  planeCollider,
  type ReducedArapBasis,
  reducedArapBasis,
  surfaceSelfContact,
} from '../../app/solvers/arap/index.ts';
import { poseSolver, type PoseSolver } from './poseSolver.ts';
import { arapFixedVertices, DEFAULT_REACH_FRACTION } from './arapFixedVertices.ts';
import { throttledCollider, type ThrottledCollider } from './throttledCollider.ts';
import { progressThrottle } from './progressThrottle.ts';
import { createPreviewRunner } from './previewRunner.ts';
import { cpuVbdStepBackend, type VbdStepBackend } from '../../app/solvers/vbd/index.ts';
import { requestVbdStepBackend } from '../../kernels/vbd/requestVbdStepBackend.ts';

export interface EngineWorkerCore {
  /** Handles one request; resolves when its answer (if any) has been posted. */
  handle(request: EngineRequest): Promise<void>;
}

interface LoadedDocument {
  documentId: number;
  fileName: string;
  scene: Promise<ImportedScene>;
  evaluator: AnimationEvaluator | null;
}

interface LatticeSession {
  documentId: number;
  meshIndex: number;
  embedding: LatticeEmbedding;
  /** built on the first pose request (factoring costs more than the embedding on small meshes) */
  fitter: TetTargetFitter | null;
  /** #N×3 last fitted lattice, the next fit's warm start */
  targets: Float64Array;
  /** #S×3 scratch: the animated surface */
  surface: Float32Array;
  /**
   * the bake's simulation session draws this lattice (the request sent the workspace's bake options and the mesh is a
   * simulated volume): poses are the simulated lattice at the frame, not a fit of their own
   */
  simulated: { options: BakeRequestOptions; mesh: string } | null;
}

interface IntersectionSession {
  documentId: number;
  checker: IntersectionChecker;
  /** the meshes as the input-region rule walks them (over checker.edges), for the output's new regions */
  topology: RegionTopology;
  /** per mesh, #V×3 scratch welded positions */
  buffers: Float32Array[];
  /** answers by source and frame, oldest first (a Map keeps insertion order: a hit moves to the end) */
  cache: Map<string, FrameIntersectionsView>;
  /** the input's checks with their pairs (the regions an output frame is measured against), by clip and time */
  inputChecks: Map<string, RegionCheck>;
}

/**
 * Checked frames kept per document: a few clips' worth at 30 fps. An entry holds only the intersecting triangles'
 * indices, so even a badly intersecting mesh costs kilobytes per frame.
 */
const INTERSECTION_CACHE_FRAMES = 1024;

/**
 * Input checks kept with their pair lists for the output's new regions: the overlay asks for the input and then the
 * output of the same frame, so a few suffice; a pair list is 4 numbers per pair (the layered test character's
 * 2,600 pairs: about 80 kB), too much to keep for every cached frame.
 */
const INPUT_CHECK_CACHE_FRAMES = 16;
/** A Pose-tool drag in progress (one at a time). */
interface ArapSession {
  documentId: number;
  /** the spokes model of the mesh's rest shape (what pose corrections are expressed against) */
  frames: ArapModel;
  /** #V×3 the input at the frame, uncorrected [scene units] */
  raw: Float32Array;
  /** #V×3 the input with the project's corrections: the pose being edited */
  input: Float64Array;
  moving: Int32Array;
  /** full space below the request's reducedFrom, Li's reduced subspace from it (poseSolver.ts) */
  solver: PoseSolver;
  /** #H×3 handle targets in the solver's handleVertices order */
  targets: Float64Array;
  /** for each solver handle vertex: 1 when it belongs to the moving handle */
  isMoving: Uint8Array;
  /** the selection's centroid on the input: the centre of the handle's rotation [scene units] */
  centroid: [number, number, number];
  /** the contacts asked for, begun on the input */
  colliders: ArapCollider[];
  /** the expensive ones (self, collider meshes): searched once per drag event, every END_SEARCH_EVERY iterations at the release */
  throttled: ThrottledCollider[];
  /** the ground plane's height (y), null without one [scene units] */
  ground: number | null;
  metersPerUnit: number;
  /** the mesh's name and the frame of the edit: where the release keys its correction */
  mesh: string;
  /** #F×3 the welded surface's triangles (the release's last resort may not fold it through itself) */
  triangles: ArrayLike<number>;
  frame: number;
  /** the project's corrections of this mesh, in scene units (as applied to make `input`) */
  corrections: PoseCorrection[];
  /** pieces no handle reaches, carried by the surface they are set into (handle vertices; app/solvers/arap) */
  attachments: PieceAttachments;
  /** per attached vertex, its index among the solver's handle vertices */
  attachedHandles: Int32Array;
}

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
 * subspace, the others in full space: reduced only where it measured faster (bench/poseTool.bench.ts, docs/arap.md
 * "Big meshes"). The tool's full-space drag factors only the vertices within reach of the handle (the rest is the
 * fixed handle, eliminated), so it does not grow like the bench's whole-tube solve: on the generated character the
 * reduced drag event was 15–25% faster at 12.8k vertices without contact and 10–25% slower at 51k (p = U·v for every
 * vertex and the clustered local step grow with the mesh, the reach-limited full solve much less).
 */
export const REDUCED_ARAP_MIN_VERTICES = 10_000;
export const REDUCED_ARAP_MAX_VERTICES = 25_000;

/** A failure's message for the user: file-level problems name the file. */
function messageOf(error: unknown): string {
  if (error instanceof GltfImportError) return `${error.file}: ${error.message}`;
  if (error instanceof BakeError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** What the worker can reach besides its messages. */
export interface EngineWorkerOptions {
  /** the worker's WebGPU entry point (`navigator.gpu`); undefined: bakes and previews run on the CPU step */
  gpu?: GPU;
}

export function createEngineWorkerCore(post: PostResponse, workerOptions: EngineWorkerOptions = {}): EngineWorkerCore {
  let loaded: LoadedDocument | null = null;
  let lattice: LatticeSession | null = null;
  let intersections: IntersectionSession | null = null;
  let arap: ArapSession | null = null;
  /** the rest-shape spokes model per mesh index (built once per document) */
  let restModels = new Map<number, ArapModel>();
  /** the reduced subspace per mesh index, on its rest model (built on the first reduced drag of the mesh) */
  let restBases = new Map<number, ReducedArapBasis>();
  const bakes = new Map<number, AbortController>();
  const preview = createPreviewRunner();
  /**
   * The VBD step of this worker's bakes and previews, requested once: WebGPU on a hardware adapter ('auto'), else the
   * CPU with the reason. The device lives here, in the worker that runs the simulation, not on the UI thread.
   */
  let stepBackend: Promise<VbdStepBackend> | null = null;
  const stepBackendOf = (): Promise<VbdStepBackend> =>
    (stepBackend ??= requestVbdStepBackend(workerOptions.gpu, 'auto', 'overlap engine worker').then((answer) => ('backend' in answer ? answer.backend : cpuVbdStepBackend(answer.reason))));
  /** ids of running preview requests (in `bakes` for their cancel), and the running one's end */
  const previews = new Set<number>();
  let previewRun: Promise<void> = Promise.resolve();
  const send = (message: EngineResponse): void => post(message, transferables(message));

  async function sceneOf(documentId: number): Promise<{ scene: ImportedScene; document: LoadedDocument }> {
    if (!loaded || loaded.documentId !== documentId) throw new Error(`the engine has not loaded document ${documentId}`);
    const document = loaded;
    return { scene: await document.scene, document };
  }

  function load(payload: DocumentPayload): void {
    // One document at a time: a new load drops the previous scene and any lattice or preview built on it.
    lattice = null;
    preview.dispose();
    intersections = null;
    arap = null;
    restModels = new Map();
    restBases = new Map();
    const scene = readGltf(payload.bytes, {
      fileName: payload.fileName,
      readResource: async (uri) => {
        const bytes = payload.resources[uri];
        if (!bytes) throw new Error('not provided with the file');
        return bytes;
      },
    });
    scene.catch(() => undefined); // reported by the request that needs it
    loaded = { documentId: payload.documentId, fileName: payload.fileName, scene, evaluator: null };
  }

  async function runBake(request: Extract<EngineRequest, { kind: 'bake' }>): Promise<void> {
    const controller = new AbortController();
    bakes.set(request.id, controller);
    const pass = progressThrottle(PROGRESS_INTERVAL_MS);
    try {
      const { scene, document } = await sceneOf(request.documentId);
      const output = await bake(scene, {
        ...request.options,
        backend: 'auto',
        stepBackend: await stepBackendOf(),
        sourceName: request.options.sourceName ?? document.fileName,
        signal: controller.signal,
        onProgress: (progress) => {
          if (pass(progress)) send({ kind: 'progress', id: request.id, progress: { ...progress } });
        },
      });
      if (controller.signal.aborted) return send({ kind: 'cancelled', id: request.id });
      // Transfer a buffer that holds exactly the file (bakedBytes may return a view into a larger one).
      const bytes = output.bytes.byteOffset === 0 && output.bytes.byteLength === output.bytes.buffer.byteLength ? output.bytes : output.bytes.slice();
      // Each mesh's baked frames are their own array (bakeAnimation allocates one per mesh), so they can move, not copy.
      const positions = output.result.meshes.map((mesh) => ({ mesh: mesh.name, meshIndex: mesh.meshIndex, positions: mesh.positions, inputTimes: Float64Array.from(output.result.inputTimes) }));
      send({ kind: 'baked', id: request.id, bytes, report: output.report, positions });
    } catch (error) {
      if (controller.signal.aborted) send({ kind: 'cancelled', id: request.id });
      else send({ kind: 'failed', id: request.id, message: messageOf(error) });
    } finally {
      bakes.delete(request.id);
    }
  }

  async function runPreview(request: Extract<EngineRequest, { kind: 'preview' }>): Promise<void> {
    // One preview at a time: a newer request supersedes the running one (it stops between frames).
    for (const [id, controller] of bakes) if (previews.has(id)) controller.abort(new DOMException('superseded', 'AbortError'));
    const controller = new AbortController();
    bakes.set(request.id, controller);
    previews.add(request.id);
    try {
      // The superseded run leaves the session between two frames; this one starts after it.
      await exclusively(async () => {
        controller.signal.throwIfAborted();
        const { scene } = await sceneOf(request.documentId);
        const frames = await preview.run(request.documentId, scene, request.options, request.from, request.to, {
          signal: controller.signal,
          frame: (frame) => send({ kind: 'previewFrame', id: request.id, frame }),
          stepBackend: await stepBackendOf(),
        });
        send({ kind: 'previewDone', id: request.id, frames, simulationsBuilt: preview.simulationsBuilt });
      });
    } catch (error) {
      if (controller.signal.aborted) send({ kind: 'cancelled', id: request.id });
      else send({ kind: 'failed', id: request.id, message: messageOf(error) });
    } finally {
      bakes.delete(request.id);
      previews.delete(request.id);
    }
  }

  /**
   * The lattice at `pose`: with a simulation session, the simulated lattice of the bake's session at the pose's frame
   * (clamped to the bake's range; what the bake simulates, strain limits and all); otherwise a fit of the lattice to the
   * surface at the pose (rest pose: the rest lattice itself).
   */
  async function posedLattice(session: LatticeSession, document: LoadedDocument, scene: ImportedScene, pose: LatticePose | null): Promise<{ positions: Float32Array; surface: Float32Array }> {
    const { embedding } = session;
    if (session.simulated && pose && pose.clipIndex !== null) {
      const { options, mesh } = session.simulated;
      const simulated = await sessionLattice(document, scene, options, mesh, pose.time);
      if (simulated) return simulated;
    }
    if (pose && pose.clipIndex !== null && pose.clipIndex >= 0 && pose.clipIndex < scene.clips.length) {
      document.evaluator ??= createAnimationEvaluator(scene);
      document.evaluator.evaluateSimulationPositions(session.meshIndex, pose.clipIndex, pose.time, session.surface);
      session.fitter ??= tetTargetFitter(embedding, { surfaceTriangles: scene.meshes[session.meshIndex].topology.triangles });
      session.fitter.fit(session.surface, session.targets, session.targets);
    } else {
      session.targets.set(embedding.positions);
    }
    const positions = Float32Array.from(session.targets);
    const surface = embeddedSurfacePositions(embedding, session.targets, new Float32Array(3 * embedding.surfaceVertexCount)) as Float32Array;
    return { positions, surface };
  }

  /**
   * Mesh `name`'s simulated lattice and embedded surface at the frame at `time`, from the worker's one simulation
   * session (the preview runner's, which the live preview advances): the lattice the live preview recorded at that
   * frame when it has simulated it with these options (nothing simulated twice), else the session advanced to the frame,
   * queued behind the live preview's requests. Null when that mesh is not a simulated volume of the session.
   */
  async function sessionLattice(document: LoadedDocument, scene: ImportedScene, options: BakeRequestOptions, name: string, time: number): Promise<{ positions: Float32Array; surface: Float32Array; embedding: LatticeEmbedding } | null> {
    const settings = resolveBakeSettings(scene, options);
    const frame = Math.min(Math.max(Math.round(time * settings.fps + 1e-6), settings.firstFrame), settings.lastFrame);
    const recorded = preview.recordedLattice(document.documentId, options, name, frame);
    const recordedEmbedding = preview.session?.meshes.find((entry) => entry.name === name)?.simulation.embedding;
    if (recorded && recordedEmbedding) {
      return { positions: Float32Array.from(recorded), surface: embeddedSurfacePositions(recordedEmbedding, recorded, new Float32Array(3 * recordedEmbedding.surfaceVertexCount)) as Float32Array, embedding: recordedEmbedding };
    }
    return exclusively(async () => {
      const abort = new AbortController();
      await preview.run(document.documentId, scene, options, frame, frame, { signal: abort.signal, frame: () => undefined, stepBackend: await stepBackendOf() });
      const mesh = preview.session?.meshes.find((entry) => entry.name === name);
      const embedding = mesh?.simulation.embedding;
      if (!mesh || !embedding) return null;
      const lattice = mesh.simulation.positions();
      return { positions: Float32Array.from(lattice), surface: embeddedSurfacePositions(embedding, lattice, new Float32Array(3 * embedding.surfaceVertexCount)) as Float32Array, embedding };
    });
  }

  /** Runs `work` when no other use of the preview runner's session is running (they take turns, in order). */
  function exclusively<T>(work: () => Promise<T>): Promise<T> {
    const result = previewRun.then(work);
    previewRun = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  async function buildLattice(request: Extract<EngineRequest, { kind: 'lattice' }>): Promise<void> {
    try {
      const { scene, document } = await sceneOf(request.documentId);
      const meshIndex = scene.meshes.findIndex((mesh) => mesh.name === request.mesh);
      if (meshIndex < 0) throw new Error(`no mesh "${request.mesh}" in ${document.fileName}`);
      const mesh = scene.meshes[meshIndex];
      document.evaluator ??= createAnimationEvaluator(scene);
      // The bake embeds the world-space rest surface of the welded vertices (app/bake/bakeAnimation.ts): so do we.
      const rest = new Float32Array(3 * mesh.topology.vertexCount);
      document.evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
      // With the workspace's bake options, the lattice is the bake's own (its session's embedding and simulated state).
      const simulated = request.options ? await sessionLattice(document, scene, request.options, request.mesh, request.pose?.time ?? 0) : null;
      const embedding = simulated?.embedding ?? latticeEmbedding(rest, mesh.topology.triangles, { resolution: request.resolution });
      const session: LatticeSession = {
        simulated: simulated && request.options ? { options: request.options, mesh: request.mesh } : null,
        documentId: request.documentId,
        meshIndex,
        embedding,
        fitter: null,
        targets: Float64Array.from(embedding.positions),
        surface: new Float32Array(3 * embedding.surfaceVertexCount),
      };
      lattice = session;
      const { positions, surface } = simulated && request.pose ? simulated : await posedLattice(session, document, scene, request.pose);
      const { stats } = embedding;
      send({
        kind: 'lattice',
        id: request.id,
        geometry: {
          mesh: request.mesh,
          resolution: stats.resolution,
          vertexCount: embedding.vertexCount,
          tetCount: embedding.tetCount,
          positions,
          edges: latticeEdges(embedding),
          surface,
          stats: { seconds: stats.seconds, cells: stats.cells, duplicatedCells: stats.duplicatedCells, pieces: stats.pieces, cellSize: embedding.cellSize },
        },
      });
    } catch (error) {
      send({ kind: 'failed', id: request.id, message: messageOf(error) });
    }
  }

  async function poseLattice(request: Extract<EngineRequest, { kind: 'latticePose' }>): Promise<void> {
    try {
      const session = lattice;
      if (!session) throw new Error('no lattice has been built');
      const { scene, document } = await sceneOf(session.documentId);
      send({ kind: 'latticePose', id: request.id, ...(await posedLattice(session, document, scene, request.pose)) });
    } catch (error) {
      send({ kind: 'failed', id: request.id, message: messageOf(error) });
    }
  }

  async function checkIntersections(request: Extract<EngineRequest, { kind: 'intersections' }>): Promise<void> {
    try {
      const { scene, document } = await sceneOf(request.documentId);
      if (!intersections || intersections.documentId !== request.documentId) {
        const checker = intersectionChecker(scene.meshes.map((mesh) => ({ name: mesh.name, triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount })));
        intersections = {
          documentId: request.documentId,
          checker,
          topology: regionTopology(scene.meshes.map((mesh, m) => ({ triangles: mesh.topology.triangles, vertexCount: mesh.topology.vertexCount, edges: checker.edges[m] }))),
          buffers: scene.meshes.map((mesh) => new Float32Array(3 * mesh.topology.vertexCount)),
          cache: new Map(),
          inputChecks: new Map(),
        };
      }
      const session = intersections;
      const { pose, output } = request;
      // The output's key is its bake and frame (its positions are that frame's); the input's the clip and time.
      const inputKey = (at: LatticePose): string => `input ${at.clipIndex} ${at.time}`;
      const key = output ? `output ${output.bakeId} ${output.frame}` : inputKey(pose);
      const hit = session.cache.get(key);
      if (hit) {
        session.cache.delete(key);
        session.cache.set(key, hit);
        return send({ kind: 'intersections', id: request.id, intersections: { ...hit, cached: true } });
      }
      const evaluator = (document.evaluator ??= createAnimationEvaluator(scene));
      const remember = <T>(cache: Map<string, T>, at: string, value: T, limit: number): void => {
        cache.delete(at);
        cache.set(at, value);
        if (cache.size > limit) cache.delete(cache.keys().next().value!);
      };
      /** The input's check at a pose with its pairs: kept from the input request the overlay sent first, or made now. */
      const inputCheck = (at: LatticePose): RegionCheck => {
        const kept = session.inputChecks.get(inputKey(at));
        if (kept) return kept;
        const { view, check } = frameIntersections(scene, evaluator, session.checker, at, null, session.buffers);
        remember(session.cache, inputKey(at), view, INTERSECTION_CACHE_FRAMES);
        remember(session.inputChecks, inputKey(at), check, INPUT_CHECK_CACHE_FRAMES);
        return check;
      };
      // The output is measured against the input at its own frame's time (the pose it was baked from).
      const against = output ? { topology: session.topology, input: inputCheck(pose) } : null;
      const { view, check } = frameIntersections(scene, evaluator, session.checker, pose, output, session.buffers, against);
      remember(session.cache, key, view, INTERSECTION_CACHE_FRAMES);
      if (!output) remember(session.inputChecks, key, check, INPUT_CHECK_CACHE_FRAMES);
      send({ kind: 'intersections', id: request.id, intersections: view });
    } catch (error) {
      send({ kind: 'failed', id: request.id, message: messageOf(error) });
    }
  }

  /** The welded input of a mesh at the request's time with the project's corrections of that mesh applied. */
  function correctedMeshInput(scene: ImportedScene, evaluator: AnimationEvaluator, meshIndex: number, request: Extract<EngineRequest, { kind: 'arapBegin' }>, raw: Float32Array, out: Float64Array | Float32Array): void {
    const name = scene.meshes[meshIndex].name;
    const { topology } = scene.meshes[meshIndex];
    let frames = restModels.get(meshIndex);
    if (!frames) {
      const rest = new Float32Array(3 * topology.vertexCount);
      evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
      frames = createArapModel({ restPositions: rest, triangles: topology.triangles });
      restModels.set(meshIndex, frames);
    }
    const clipIndex = request.pose.clipIndex !== null && request.pose.clipIndex >= 0 && request.pose.clipIndex < scene.clips.length ? request.pose.clipIndex : null;
    evaluator.evaluateSimulationPositions(meshIndex, clipIndex, request.pose.time, raw);
    // The project stores offsets in metres; the surface is in scene units (as app/bake meshAuthoring does).
    const corrections = meshCorrections(request, name);
    if (corrections.length > 0) poseCorrectedPositions(frames, corrections, name, request.frame, raw, out);
    else out.set(raw);
  }

  /** The request's corrections of a mesh, their offsets in scene units (the project stores metres). */
  function meshCorrections(request: Extract<EngineRequest, { kind: 'arapBegin' }>, name: string): PoseCorrection[] {
    const scale = request.metersPerUnit;
    return request.corrections.filter((c) => c.mesh === name).map((c) => (scale === 1 ? c : { ...c, offsets: c.offsets.map((o) => o / scale) }));
  }

  async function beginArap(request: Extract<EngineRequest, { kind: 'arapBegin' }>): Promise<void> {
    try {
      arap = null;
      const { scene, document } = await sceneOf(request.documentId);
      const meshIndex = scene.meshes.findIndex((mesh) => mesh.name === request.mesh);
      if (meshIndex < 0) throw new Error(`no mesh "${request.mesh}" in ${document.fileName}`);
      const { topology } = scene.meshes[meshIndex];
      const n = topology.vertexCount;
      if (request.vertices.length === 0) throw new Error('select the vertices to move first');
      for (const v of request.vertices) if (!(Number.isInteger(v) && v >= 0 && v < n)) throw new Error(`vertex ${v} is not a vertex of "${request.mesh}" (0..${n - 1})`);
      const evaluator = (document.evaluator ??= createAnimationEvaluator(scene));
      const raw = new Float32Array(3 * n);
      const input = new Float64Array(3 * n);
      correctedMeshInput(scene, evaluator, meshIndex, request, raw, input);
      const frames = restModels.get(meshIndex)!;
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
        correctedMeshInput(scene, evaluator, index, request, new Float32Array(3 * other.vertexCount), positions);
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
        subspace = restBases.get(meshIndex) ?? null;
        if (!subspace) restBases.set(meshIndex, (subspace = reducedArapBasis(frames)));
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
      arap = { documentId: request.documentId, frames, raw, input, moving, solver, targets, isMoving, centroid, colliders, throttled, ground, metersPerUnit: request.metersPerUnit, mesh: request.mesh, triangles: topology.triangles, frame: request.frame, corrections: meshCorrections(request, request.mesh), attachments, attachedHandles };
      send({ kind: 'arapBegun', id: request.id, input: Float32Array.from(input), fixed: reached.length, centroid, colliders: names });
    } catch (error) {
      send({ kind: 'failed', id: request.id, message: messageOf(error) });
    }
  }

  /**
   * Moves the moving handle rigidly (about the selection's centroid) from the input and iterates; the expensive
   * contact searches run before the first iteration and every `searchEvery` iterations after it.
   */
  function dragArap(session: ArapSession, motion: ArapHandleMotion, iterations: number, searchEvery: number): void {
    const { translation, rotation } = motion;
    if (!Array.isArray(translation) || translation.length !== 3 || !translation.every(Number.isFinite)) throw new Error('the handle translation must be three finite numbers');
    let R = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    if (rotation !== undefined) {
      if (!Array.isArray(rotation) || rotation.length !== 4 || !rotation.every(Number.isFinite)) throw new Error('the handle rotation must be a quaternion of four finite numbers (x, y, z, w)');
      const length = Math.hypot(...rotation);
      if (!(length > 1e-12)) throw new Error('the handle rotation must be a nonzero quaternion');
      const [x, y, z, w] = rotation.map((q) => q / length);
      R = [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w), 2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w), 2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)];
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
      if (lift > 0) solver.handleVertices.forEach((_, h) => {
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

  function arapRequest(request: Extract<EngineRequest, { kind: 'arapDrag' | 'arapEnd' }>): void {
    try {
      const started = performance.now();
      const session = arap;
      if (!session) throw new Error('no pose edit has been started');
      const ending = request.kind === 'arapEnd';
      dragArap(session, request, Math.max(1, Math.min(500, Math.round(request.iterations ?? (ending ? END_ITERATIONS : DRAG_ITERATIONS)))), ending ? END_SEARCH_EVERY : Infinity);
      if (!ending) {
        const positions = Float32Array.from(session.solver.positions);
        return send({ kind: 'arapPositions', id: request.id, positions, contacts: contactVertices(session.solver), milliseconds: performance.now() - started, bases: session.solver.bases() });
      }
      arap = null;
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
        const keyed: PoseCorrection = { id: 'release', mesh: session.mesh, frame: session.frame, easeIn: 0, easeOut: 0, vertices: correction.vertices, offsets: applied };
        poseCorrectedPositions(frames, [...session.corrections, keyed], session.mesh, session.frame, raw, positions);
        correction = { vertices: correction.vertices, offsets: stored };
      };
      const end = intersectionFreeEnd(solver.contactPoints, edited, input, session.colliders, iterate, solver.contactSkin, END_EXTRA_ITERATIONS, { keep, surfaceTriangles: session.triangles });
      const positions = Float32Array.from(edited);
      const { vertices, offsets } = correction;
      send({ kind: 'arapEnded', id: request.id, positions, vertices, offsets, contacts: contactVertices(solver), intersections: end.intersections, reverted: end.revertedPoints });
    } catch (error) {
      send({ kind: 'failed', id: request.id, message: messageOf(error) });
    }
  }

  return {
    async handle(request) {
      switch (request.kind) {
        case 'load':
          return load(request.document);
        case 'bake':
          return runBake(request);
        case 'cancel':
          // The bake notices at its next check (between frames) and answers `cancelled` itself.
          bakes.get(request.id)?.abort(new DOMException('bake cancelled', 'AbortError'));
          return;
        case 'lattice':
          return buildLattice(request);
        case 'latticePose':
          return poseLattice(request);
        case 'preview':
          return runPreview(request);
        case 'intersections':
          return checkIntersections(request);
        case 'arapBegin':
          return beginArap(request);
        case 'arapDrag':
        case 'arapEnd':
          return arapRequest(request);
      }
    },
  };
}
