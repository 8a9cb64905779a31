/**
 * Everything the engine worker holds between two requests, as one plain struct (EngineWorkerState), and the few
 * accessors every handler shares: the loaded document's scene (sceneOf), the VBD step backend requested once
 * (stepBackendOf), the preview runner's session taken in turns (exclusively) and a failure's message for the user
 * (messageOf). The handlers (documentHandler, bakeHandler, previewHandler, latticeHandler, intersectionsHandler,
 * poseHandler) read and write this struct; engineWorkerCore.ts registers them. Nothing here touches the UI's state.
 *
 * Who resets what: a `load` (documentHandler) drops every session built on the previous document (lattice,
 * intersections, pose edit, the rest models and bases, the preview runner's session); a bake's or preview's abort
 * controller leaves `bakes` when that request answers; the step backend and the preview turn chain live as long as the
 * worker.
 */
import { BakeError } from '../../app/bake/index.ts';
import type { RegionCheck, RegionTopology } from '../../app/intersection/index.ts';
import type { AnimationEvaluator } from '../../app/animation/index.ts';
import type { LatticeEmbedding, TetTargetFitter } from '../../app/embedding/index.ts';
import type { IntersectionChecker } from '../../app/intersection/index.ts';
import { GltfImportError, type ImportedScene } from '../../app/io/index.ts';
import type { PoseCorrection } from '../../app/document/index.ts';
import type { ArapCollider, ArapModel, PieceAttachments, ReducedArapBasis } from '../../app/solvers/arap/index.ts';
import { cpuVbdStepBackend, type VbdStepBackend } from '../../app/solvers/vbd/index.ts';
import { requestVbdStepBackend } from '../../kernels/index.ts';
import { createPreviewRunner, type PreviewRunner } from './previewRunner.ts';
import type { PoseSolver } from './poseSolver.ts';
import type { ThrottledCollider } from './throttledCollider.ts';
import type { BakeRequestOptions, EngineRequest, EngineResponse, FrameIntersectionsView } from './protocol.ts';

/** What the worker can reach besides its messages. */
export interface EngineWorkerOptions {
  /** the worker's WebGPU entry point (`navigator.gpu`); undefined: bakes and previews run on the CPU step */
  gpu?: GPU;
}

/** Posts one answer to the UI thread (its big buffers transferred, protocol.ts `transferables`). */
export type Send = (message: EngineResponse) => void;

/** The request of one kind, as its handler receives it. */
export type RequestOf<K extends EngineRequest['kind']> = Extract<EngineRequest, { kind: K }>;

/** The one document the worker holds (the last `load`). */
export interface LoadedDocument {
  /** the UI's document id: requests name it, and one naming another fails */
  documentId: number;
  /** the file's name, for messages and the bake's source name */
  fileName: string;
  /** the import under way or done (a failed import rejects here, reported by the request that awaits it) */
  scene: Promise<ImportedScene>;
  /** made on the first request that evaluates the animation, then shared by lattice, intersection and pose requests */
  evaluator: AnimationEvaluator | null;
}

/** The lattice overlay of one mesh (latticeHandler), kept for the latticePose requests that follow its `lattice`. */
export interface LatticeSession {
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

/** The intersection overlay's checker and caches for one document (intersectionsHandler). */
export interface IntersectionSession {
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

/** A Pose-tool drag in progress (one at a time; poseHandler). */
export interface ArapSession {
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

/** The engine worker's state: one document and what the requests built on it. */
export interface EngineWorkerState {
  /** what createEngineWorkerCore was given (the GPU entry point for the step backend) */
  readonly options: EngineWorkerOptions;
  /** the last `load`'s document; null before the first (every other request then fails) */
  loaded: LoadedDocument | null;
  /** the lattice overlay's session: set by `lattice`, read by `latticePose`; null after a `load` */
  lattice: LatticeSession | null;
  /** the intersection overlay's checker and caches: built by the first `intersections` of a document; null after a `load` */
  intersections: IntersectionSession | null;
  /** the Pose tool's edit: set by `arapBegin` (null while it starts, so a failed begin leaves none), cleared by `arapEnd` and `load` */
  arap: ArapSession | null;
  /** the rest-shape spokes model per mesh index (built once per document by the first edit of the mesh; new Map on `load`) */
  restModels: Map<number, ArapModel>;
  /** the reduced subspace per mesh index, on its rest model (built on the first reduced drag of the mesh; new Map on `load`) */
  restBases: Map<number, ReducedArapBasis>;
  /** the abort controller of every running bake and preview by request id (`cancel` aborts it); deleted when it answers */
  readonly bakes: Map<number, AbortController>;
  /** the ids of the running preview requests among `bakes` (a newer preview aborts them) */
  readonly previews: Set<number>;
  /** the live preview's simulation session, shared with the lattice overlay (disposed on `load`) */
  readonly preview: PreviewRunner;
  /** the end of the last use of the preview runner's session queued by `exclusively` (the next one starts after it) */
  previewTurn: Promise<void>;
  /**
   * The VBD step of this worker's bakes and previews, requested once by the first that needs it: WebGPU on a hardware
   * adapter ('auto'), else the CPU with the reason. The device lives here, in the worker that runs the simulation, not
   * on the UI thread. Kept for the worker's life.
   */
  stepBackend: Promise<VbdStepBackend> | null;
}

/** A worker's state before its first request. */
export function createEngineWorkerState(options: EngineWorkerOptions = {}): EngineWorkerState {
  return {
    options,
    loaded: null,
    lattice: null,
    intersections: null,
    arap: null,
    restModels: new Map(),
    restBases: new Map(),
    bakes: new Map(),
    previews: new Set(),
    preview: createPreviewRunner(),
    previewTurn: Promise.resolve(),
    stepBackend: null,
  };
}

/** The loaded document's imported scene, when `documentId` is the loaded one; throws otherwise (or if its import failed). */
export async function sceneOf(state: EngineWorkerState, documentId: number): Promise<{ scene: ImportedScene; document: LoadedDocument }> {
  const { loaded } = state;
  if (!loaded || loaded.documentId !== documentId) throw new Error(`the engine has not loaded document ${documentId}`);
  return { scene: await loaded.scene, document: loaded };
}

/** The worker's VBD step backend, requested on first use and kept. */
export function stepBackendOf(state: EngineWorkerState): Promise<VbdStepBackend> {
  return (state.stepBackend ??= requestVbdStepBackend(state.options.gpu, 'auto', 'overlap engine worker').then((answer) =>
    'backend' in answer ? answer.backend : cpuVbdStepBackend(answer.reason),
  ));
}

/**
 * Runs `work` when no other use of the preview runner's session is running: the live preview and the lattice overlay
 * take turns, in the order they asked, and a failed turn does not block the next.
 */
export function exclusively<T>(state: EngineWorkerState, work: () => Promise<T>): Promise<T> {
  const result = state.previewTurn.then(work);
  state.previewTurn = result.then(
    () => undefined,
    () => undefined,
  );
  return result;
}

/** A failure's message for the user: file-level problems name the file. */
export function messageOf(error: unknown): string {
  if (error instanceof GltfImportError) return `${error.file}: ${error.message}`;
  if (error instanceof BakeError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
