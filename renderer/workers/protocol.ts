/**
 * The message protocol between the UI thread and the engine worker (engine.worker.ts), in one place.
 * Plain postMessage with structured clone; big typed arrays travel as transferables (their buffers
 * move, they are not copied). Every request that expects an answer carries an `id`; answers carry it
 * back. One worker holds at most one document (the last `load`), imported once by app/io and reused
 * by every bake and lattice request until the next `load`.
 *
 *   UI → worker                       worker → UI
 *   load {documentId, file}           (none; a later request fails if the import failed)
 *   bake {id, documentId, options}    progress {id, progress}* then baked | cancelled | failed
 *   cancel {id}                       (the bake's own answer: cancelled)
 *   lattice {id, documentId, mesh,    lattice {id, ...geometry}  | failed
 *            resolution, pose}
 *   latticePose {id, pose}            latticePose {id, positions} | failed
 *   preview {id, documentId, options, previewFrame {id, frame}* then previewDone | cancelled | failed
 *            from, to}                (live preview: the bake's simulation session, frame by frame; previewRunner.ts)
 *   intersections {id, documentId,    intersections {id, intersections} | failed
 *                  pose, output}
 *   arapBegin {id, documentId, mesh,  arapBegun {id, input, fixed, centroid, contacts}    | failed
 *     pose, frame, vertices, …}
 *   arapDrag {id, translation,        arapPositions {id, positions, contacts, milliseconds, bases} | failed
 *             rotation?}
 *   arapEnd {id, translation,         arapEnded {id, positions, vertices, offsets, contacts, …} | failed
 *            rotation?}
 *
 * The arap* requests are the Pose tool's drag (docs/arap.md, "Interactive use"): `arapBegin` poses the
 * mesh at the frame with the project's corrections applied and factors the edit (the selection as the
 * moving handle, the mesh beyond a reach from it as the fixed one), with the contacts asked for (the mesh
 * itself, the scene's collider meshes at the same frame, a ground plane); every `arapDrag` moves the handle
 * rigidly (a translation and a rotation about the selection's centroid) and iterates; `arapEnd` converges,
 * removes any intersection the edit made (app/solvers/arap intersectionFreeEnd) and answers the edit as a
 * pose correction's vertices and offsets.
 *
 * Progress messages are throttled in the worker (progressThrottle.ts): a stage change, the last frame
 * of a stage and otherwise at most one every PROGRESS_INTERVAL_MS.
 */
import type { BakeMeshOptions, BakeProgress, BakeReport } from '../../app/bake/index.ts';
import type { ExportMode, MaterialPreset, OverlapProject, PoseCorrection } from '../../app/document/index.ts';

/** Least time between two progress messages of one bake [ms] (the UI redraws the bar at most this often). */
export const PROGRESS_INTERVAL_MS = 100;

/** An opened glTF as the worker needs it: the file's bytes and, for a .gltf, its external resources. */
export interface DocumentPayload {
  /** the UI's document id (sceneRegistry); requests name it so a stale answer can be recognized */
  documentId: number;
  fileName: string;
  bytes: Uint8Array;
  /** external buffers and images of a .gltf, keyed by URI as the file writes it */
  resources: Record<string, Uint8Array>;
}

/**
 * The serializable part of app/bake's BakeOptions the app sets (no signal, no callback: the worker
 * supplies those). Field meanings are BakeOptions'.
 */
export interface BakeRequestOptions {
  clip: string;
  fps?: number;
  frames?: [number, number];
  preroll?: number;
  loop?: boolean;
  mode?: ExportMode;
  preset?: MaterialPreset;
  uniformWeight?: number;
  meshes?: BakeMeshOptions[];
  sourceName?: string;
  metersPerUnit?: number;
  attachmentStiffness?: number;
  gravity?: [number, number, number];
  selfContact?: boolean;
  repair?: boolean;
  /** the painted data (weights, layers, limits) and settings, as the project file holds them */
  project?: OverlapProject;
}

/** One simulated mesh's baked positions, sent with the output so the viewport can show how far it moved. */
export interface BakedPositions {
  mesh: string;
  meshIndex: number;
  /** #F×#R×3 world-space render positions [m], frame k = the first baked frame + k */
  positions: Float32Array;
  /** #F input time of each baked frame [s] */
  inputTimes: Float64Array;
}

/** Where to pose a lattice (or check intersections): a clip's time, or the rest pose (clipIndex null). */
export interface LatticePose {
  clipIndex: number | null;
  /** [s] */
  time: number;
}

/** What latticeEmbedding built for one mesh, ready to draw (world space, the mesh's rest pose). */
export interface LatticeGeometry {
  mesh: string;
  resolution: number;
  vertexCount: number;
  tetCount: number;
  /** #N×3 lattice vertex positions [m] (posed when the request asked for a pose) */
  positions: Float32Array;
  /** #E×2 lattice vertex indices of the tets' distinct edges, for LineSegments */
  edges: Uint32Array;
  /** #S×3 embedded surface points C′u [m] (each welded surface vertex from its tet and barycentrics) */
  surface: Float32Array;
  /** latticeEmbedding's statistics */
  stats: { seconds: number; cells: number; duplicatedCells: number; pieces: number; cellSize: number };
}

/** One frame of the live preview: every simulated mesh's world-space render positions. */
export interface PreviewFrame {
  /** the clip frame number (at the request's fps) */
  frame: number;
  /** its input time [s] */
  time: number;
  meshes: Array<{ mesh: string; meshIndex: number /** #R×3 world-space render positions [m] */; positions: Float32Array }>;
  /** where it was simulated: 'WebGPU: <adapter>' or 'CPU: <why>' (the bake's backend line) */
  backend: string;
}

/**
 * The baked output at one frame, as the intersection check needs it: the simulated meshes' render positions of that
 * frame (the other meshes follow the input at the request's pose, as in the output file). `bakeId` and `frame` name
 * it for the worker's cache: the same bake and frame are never checked twice.
 */
export interface IntersectionOutputFrame {
  bakeId: number;
  /** index of the baked frame (0 = the first baked frame) */
  frame: number;
  /** per simulated mesh, #R×3 world-space render positions of this frame [m] (a slice of BakedPositions.positions) */
  meshes: Array<{ meshIndex: number; positions: Float32Array }>;
}

/** One mesh's share of a frame's intersections (app/intersection's exact checker, on the welded surface). */
export interface MeshIntersections {
  mesh: string;
  meshIndex: number;
  /**
   * sorted indices of the triangles taking part (the mesh's triangles in file order, render and welded alike: the
   * welded topology keeps one triangle per render triangle, in the same order)
   */
  triangles: Uint32Array;
  /** intersecting edge–triangle pairs within this mesh */
  self: number;
}

/**
 * The output's new intersection regions at one frame (app/contact newIntersectionRegions): its intersecting triangles
 * farther than INPUT_REGION_RINGS rings from every triangle that intersects in the input at that frame, grouped into
 * connected regions.
 */
export interface NewIntersectionsView {
  /** connected new regions (0: the bake passed nothing new through anything) */
  regions: number;
  /** new triangles over all meshes */
  triangleCount: number;
  /** per mesh of the document, in its order: sorted indices of the new triangles */
  triangles: Uint32Array[];
  /** intersecting edge–triangle pairs of the output with a new side */
  pairs: number;
  /** the input's intersecting edge–triangle pairs and triangles at the same frame (the regions grow from them) */
  inputTotal: number;
  inputTriangleCount: number;
}

/** The intersecting triangles of every mesh of the document at one frame, of the input or of the baked output. */
export interface FrameIntersectionsView {
  source: 'input' | 'output';
  /** all intersecting edge–triangle pairs, self and between meshes */
  total: number;
  /** intersecting triangles over all meshes */
  triangleCount: number;
  /** one entry per mesh of the document, in the document's order */
  meshes: MeshIntersections[];
  /** pairs of meshes that intersect each other, with their edge–triangle pairs */
  between: Array<{ a: string; b: string; count: number }>;
  /**
   * for the output, what the bake added: the new intersection regions against the input at the same frame
   * (app/contact newIntersectionRegions, the measure of `overlap check --against`); null for the input
   */
  added: NewIntersectionsView | null;
  /** true when the worker answered from its cache (the same document, source and frame were checked before) */
  cached: boolean;
}

/** Starts a Pose-tool edit of one mesh at one frame. */
export interface ArapBeginRequest {
  kind: 'arapBegin';
  id: number;
  documentId: number;
  mesh: string;
  /** the clip time shown (clipIndex null: rest pose) */
  pose: LatticePose;
  /** the same time as a frame at the project's frame rate (where the project's corrections are evaluated) */
  frame: number;
  /** the moving handle: welded vertices, increasing */
  vertices: number[];
  /** the project's corrections (offsets in metres), applied to the input before the edit, so edits stack */
  corrections: PoseCorrection[];
  metersPerUnit: number;
  /** vertices farther than this from the selection are held [fraction of the mesh's bounding-box diagonal] */
  reach?: number;
  /** contact while dragging (default none) */
  contact?: ArapContactRequest;
  /**
   * meshes of at least this many welded vertices are edited in Li's hierarchical reduced subspace, smaller ones in
   * full space (default: REDUCED_ARAP_MIN_VERTICES ≤ vertices < REDUCED_ARAP_MAX_VERTICES of engineWorkerCore.ts,
   * a range now empty: full space at every size; tests ask for the subspace)
   */
  reducedFrom?: number;
}

/**
 * The reduced solver's working basis in a drag answer (seed 004 §3.4): the global bases, and the local bases that
 * contacts and the moving handle have activated, with their hierarchy levels.
 */
export interface ArapBasisReport {
  /** r₀, the global manipulators' bases */
  global: number;
  /** local basis vectors in the working basis (children of the active groups) */
  local: number;
  /** of them, those activated by contact (not by the moving handle, whose detail stays for the whole edit) */
  contact: number;
  /** local basis vectors per level: [level 1, level 2, …] */
  perLevel: number[];
}

/** What a Pose-tool drag must not pass through. */
export interface ArapContactRequest {
  /** the edited mesh itself (one part pushed into another) */
  self?: boolean;
  /** other meshes of the document (the project's collider meshes), posed at the same time and frame */
  colliders?: string[];
  /** the ground plane y = 0 (world, y up), lowered to the pose's lowest point where it already dips below */
  ground?: boolean;
}

/**
 * A rigid motion of the moving handle about the selection's centroid c (arapBegun's): x ↦ c + translation + R(x − c),
 * R the rotation of the unit quaternion `rotation` (x, y, z, w; default none). The worker checks both are finite and
 * the quaternion nonzero (it is normalized).
 */
export interface ArapHandleMotion {
  /** [scene units, world space] */
  translation: [number, number, number];
  rotation?: [number, number, number, number];
}

export type EngineRequest =
  | { kind: 'load'; document: DocumentPayload }
  | { kind: 'bake'; id: number; documentId: number; options: BakeRequestOptions }
  | { kind: 'cancel'; id: number }
  /** with `options` (the workspace's bake), the lattice is the bake's own: its session's embedding and simulated state */
  | { kind: 'lattice'; id: number; documentId: number; mesh: string; resolution: number; pose: LatticePose | null; options?: BakeRequestOptions }
  | { kind: 'latticePose'; id: number; pose: LatticePose }
  | { kind: 'preview'; id: number; documentId: number; options: BakeRequestOptions; from: number; to: number }
  /** the input at `pose`, or with `output` the baked output at that frame (its input time as `pose`) */
  | { kind: 'intersections'; id: number; documentId: number; pose: LatticePose; output: IntersectionOutputFrame | null }
  | ArapBeginRequest
  /** the moving handle's rigid motion from where it started (ArapHandleMotion) */
  | ({ kind: 'arapDrag'; id: number; iterations?: number } & ArapHandleMotion)
  | ({ kind: 'arapEnd'; id: number; iterations?: number } & ArapHandleMotion);

export type EngineResponse =
  | { kind: 'progress'; id: number; progress: BakeProgress }
  | { kind: 'baked'; id: number; bytes: Uint8Array; report: BakeReport; positions: BakedPositions[] }
  | { kind: 'cancelled'; id: number }
  | { kind: 'failed'; id: number; message: string }
  | { kind: 'lattice'; id: number; geometry: LatticeGeometry }
  | { kind: 'latticePose'; id: number; positions: Float32Array; surface: Float32Array }
  | { kind: 'previewFrame'; id: number; frame: PreviewFrame }
  | { kind: 'previewDone'; id: number; frames: number; simulationsBuilt: number }
  | { kind: 'intersections'; id: number; intersections: FrameIntersectionsView }
  /**
   * input: #V×3 the corrected input the edit starts from [scene units]; fixed: the fixed handle's vertex count;
   * centroid: the selection's centroid on it (the rotation's centre); colliders: the contact sources in use
   * ('self', mesh names, 'ground')
   */
  | { kind: 'arapBegun'; id: number; input: Float32Array; fixed: number; centroid: [number, number, number]; colliders: string[] }
  /**
   * positions: #V×3 the edited surface [scene units]; contacts: the vertices with a contact row in the last
   * iteration, increasing; milliseconds: the worker's time for this drag event (solve and copy); bases: the reduced
   * solver's working basis (null: the full-space solver, used below arapBegin's reducedFrom)
   */
  | { kind: 'arapPositions'; id: number; positions: Float32Array; contacts: Int32Array; milliseconds: number; bases: ArapBasisReport | null }
  /**
   * vertices and offsets [m, rest frame]: the new PoseCorrection's (app/poseCorrections poseCorrectionFromEdit);
   * intersections: new intersections left (0 unless the start had some it could not keep), reverted: vertices the
   * last resort moved back toward the start
   */
  | {
      kind: 'arapEnded';
      id: number;
      positions: Float32Array;
      vertices: number[];
      offsets: number[];
      contacts: Int32Array;
      intersections: number;
      reverted: number;
    };

/** The buffers of a response that can move to the receiver instead of being copied. */
export function transferables(message: EngineResponse): Transferable[] {
  switch (message.kind) {
    case 'baked':
      return [message.bytes.buffer as ArrayBuffer, ...message.positions.map((mesh) => mesh.positions.buffer as ArrayBuffer)];
    case 'lattice':
      return [message.geometry.positions.buffer as ArrayBuffer, message.geometry.edges.buffer as ArrayBuffer, message.geometry.surface.buffer as ArrayBuffer];
    case 'latticePose':
      return [message.positions.buffer as ArrayBuffer, message.surface.buffer as ArrayBuffer];
    case 'previewFrame':
      return message.frame.meshes.map((mesh) => mesh.positions.buffer as ArrayBuffer);
    case 'intersections':
      // Copied, not transferred: the worker keeps the same arrays in its cache.
      return [];
    case 'arapBegun':
      return [message.input.buffer as ArrayBuffer];
    case 'arapPositions':
    case 'arapEnded':
      return [message.positions.buffer as ArrayBuffer, message.contacts.buffer as ArrayBuffer];
    default:
      return [];
  }
}

/** What the worker side needs of `self` (a DedicatedWorkerGlobalScope), and what tests stand in for. */
export type PostResponse = (message: EngineResponse, transfer: Transferable[]) => void;
