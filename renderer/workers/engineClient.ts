/**
 * The UI thread's side of the engine worker: promises instead of messages. The worker starts on the
 * first request, gets the document (`load`) whenever a request names a document it does not hold,
 * and is restarted after a crash.
 *
 * Cancel posts `cancel`; the bake aborts at its next check (between frames) and answers `cancelled`.
 * A bake stuck in a long step that cannot check (embedding a big mesh) would keep the user waiting,
 * so if no answer comes within `hardCancelMs` the worker is terminated and the bake settles as
 * cancelled anyway: either way nothing it computed reaches the document.
 */
import type { BakeProgress, BakeReport } from '../../app/bake/index.ts';
import type {
  ArapBeginRequest,
  ArapHandleMotion,
  BakedPositions,
  BakeRequestOptions,
  DocumentPayload,
  EngineRequest,
  EngineResponse,
  FrameIntersectionsView,
  IntersectionOutputFrame,
  LatticeGeometry,
  LatticePose,
  PreviewFrame,
} from './protocol.ts';

/** What the client needs of a Worker (tests hand in an in-process stand-in). */
export type WorkerLike = Pick<Worker, 'postMessage' | 'terminate' | 'onmessage' | 'onerror'>;

export type BakeOutcome = { kind: 'baked'; bytes: Uint8Array; report: BakeReport; positions: BakedPositions[] } | { kind: 'cancelled' };

export interface BakeHandle {
  /** resolves with the output or `cancelled`; rejects with the engine's message when the bake fails */
  promise: Promise<BakeOutcome>;
  cancel(): void;
}

/** A running live preview: its end (frames posted, or cancelled) and how to stop it. */
export interface PreviewHandle {
  promise: Promise<{ kind: 'done'; frames: number; simulationsBuilt: number } | { kind: 'cancelled' }>;
  cancel(): void;
}

export interface LatticePoseResult {
  positions: Float32Array;
  surface: Float32Array;
}

export interface EngineClient {
  bake(document: DocumentPayload, options: BakeRequestOptions, onProgress: (progress: BakeProgress) => void): BakeHandle;
  /**
   * Embeds `mesh` at `resolution` (posed at `pose` when given); replaces the worker's previous lattice. With `options`
   * (the workspace's bake) a simulated volume mesh shows the bake's own lattice: its session's, simulated to the pose.
   */
  lattice(document: DocumentPayload, mesh: string, resolution: number, pose: LatticePose | null, options?: BakeRequestOptions): Promise<LatticeGeometry>;
  /** Poses the last lattice at a clip time. */
  poseLattice(pose: LatticePose): Promise<LatticePoseResult>;
  /**
   * Simulates clip frames `from`..`to` with the bake's session (previewRunner.ts) and calls onFrame with each; a newer
   * preview supersedes a running one (which ends cancelled).
   */
  preview(document: DocumentPayload, options: BakeRequestOptions, from: number, to: number, onFrame: (frame: PreviewFrame) => void): PreviewHandle;
  /**
   * Intersecting triangles of every mesh at one frame: of the input at `pose`, or with `output` of the baked output
   * at that frame (`pose` then being the frame's input time). The worker caches answers per document, source and frame.
   */
  intersections(document: DocumentPayload, pose: LatticePose, output: IntersectionOutputFrame | null): Promise<FrameIntersectionsView>;
  /** Starts a Pose-tool edit (protocol.ts ArapBeginRequest); resolves with the corrected input it starts from. */
  arapBegin(document: DocumentPayload, request: Omit<ArapBeginRequest, 'kind' | 'id' | 'documentId'>): Promise<ArapBegun>;
  /** Moves the edit's handle rigidly from where it started and iterates; resolves with the surface and its contacts. */
  arapDrag(motion: ArapHandleMotion): Promise<ArapDragged>;
  /**
   * Ends the edit at `motion`: the converged surface with no intersection the edit made, and the correction's
   * vertices and offsets [m].
   */
  arapEnd(motion: ArapHandleMotion): Promise<ArapEnded>;
  /** Stops the worker; pending requests fail. */
  dispose(): void;
}

/** arapBegin's answer (protocol.ts arapBegun). */
export type ArapBegun = Omit<Extract<EngineResponse, { kind: 'arapBegun' }>, 'kind' | 'id'>;
/** arapDrag's answer (protocol.ts arapPositions). */
export type ArapDragged = Omit<Extract<EngineResponse, { kind: 'arapPositions' }>, 'kind' | 'id'>;
/** arapEnd's answer (protocol.ts arapEnded). */
export type ArapEnded = Omit<Extract<EngineResponse, { kind: 'arapEnded' }>, 'kind' | 'id'>;

interface Pending {
  resolve(response: EngineResponse): void;
  reject(error: Error): void;
  onProgress?: (progress: BakeProgress) => void;
  onFrame?: (frame: PreviewFrame) => void;
  /** bakes settle as cancelled when the worker is terminated under them */
  isBake: boolean;
}

export function createEngineClient(spawn: () => WorkerLike, options: { hardCancelMs?: number } = {}): EngineClient {
  const hardCancelMs = options.hardCancelMs ?? 3000;
  let worker: WorkerLike | null = null;
  let loadedDocumentId: number | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function stop(reason: string): void {
    worker?.terminate();
    worker = null;
    loadedDocumentId = null;
    const entries = [...pending.values()];
    pending.clear();
    for (const entry of entries) {
      if (entry.isBake && reason === 'cancel') entry.resolve({ kind: 'cancelled', id: 0 });
      else entry.reject(new Error(reason === 'cancel' ? 'the engine worker was restarted' : reason));
    }
  }

  function started(): WorkerLike {
    if (worker) return worker;
    const created = spawn();
    created.onmessage = (event: MessageEvent<EngineResponse>) => {
      const message = event.data;
      const entry = pending.get(message.id);
      if (!entry) return; // an answer to a request that was given up (cancelled, restarted)
      if (message.kind === 'progress') return entry.onProgress?.(message.progress);
      if (message.kind === 'previewFrame') return entry.onFrame?.(message.frame);
      pending.delete(message.id);
      if (message.kind === 'failed') entry.reject(new Error(message.message));
      else entry.resolve(message);
    };
    created.onerror = (event: ErrorEvent) => {
      event.preventDefault?.();
      stop(`the engine worker stopped: ${event.message || 'it could not be started'}`);
    };
    worker = created;
    return created;
  }

  function withDocument(document: DocumentPayload): WorkerLike {
    const target = started();
    if (loadedDocumentId !== document.documentId) {
      const request: EngineRequest = { kind: 'load', document };
      target.postMessage(request); // copied, not transferred: the UI keeps the file for export and re-loads
      loadedDocumentId = document.documentId;
    }
    return target;
  }

  function request(target: WorkerLike, message: EngineRequest & { id: number }, extra: Partial<Pending> = {}): Promise<EngineResponse> {
    return new Promise((resolve, reject) => {
      pending.set(message.id, { resolve, reject, isBake: false, ...extra });
      target.postMessage(message);
    });
  }

  return {
    bake(document, bakeOptions, onProgress) {
      const id = nextId++;
      const target = withDocument(document);
      let settled = false;
      const promise = request(target, { kind: 'bake', id, documentId: document.documentId, options: bakeOptions }, { isBake: true, onProgress }).then(
        (message): BakeOutcome => {
          if (message.kind === 'baked') return { kind: 'baked', bytes: message.bytes, report: message.report, positions: message.positions };
          return { kind: 'cancelled' };
        },
      );
      promise.then(
        () => (settled = true),
        () => (settled = true),
      );
      return {
        promise,
        cancel() {
          if (settled || !pending.has(id) || worker !== target) return;
          target.postMessage({ kind: 'cancel', id } satisfies EngineRequest);
          setTimeout(() => {
            if (!settled && pending.has(id) && worker === target) stop('cancel');
          }, hardCancelMs);
        },
      };
    },
    async lattice(document, mesh, resolution, pose, latticeOptions) {
      const target = withDocument(document);
      const message = await request(target, {
        kind: 'lattice',
        id: nextId++,
        documentId: document.documentId,
        mesh,
        resolution,
        pose,
        ...(latticeOptions ? { options: latticeOptions } : {}),
      });
      if (message.kind !== 'lattice') throw new Error(`unexpected answer ${message.kind}`);
      return message.geometry;
    },
    async poseLattice(pose) {
      const message = await request(started(), { kind: 'latticePose', id: nextId++, pose });
      if (message.kind !== 'latticePose') throw new Error(`unexpected answer ${message.kind}`);
      return { positions: message.positions, surface: message.surface };
    },
    preview(document, previewOptions, from, to, onFrame) {
      const id = nextId++;
      const target = withDocument(document);
      const promise = request(
        target,
        { kind: 'preview', id, documentId: document.documentId, options: previewOptions, from, to },
        { isBake: true, onFrame },
      ).then((message) =>
        message.kind === 'previewDone'
          ? { kind: 'done' as const, frames: message.frames, simulationsBuilt: message.simulationsBuilt }
          : { kind: 'cancelled' as const },
      );
      return {
        promise,
        cancel() {
          if (pending.has(id) && worker === target) target.postMessage({ kind: 'cancel', id } satisfies EngineRequest);
        },
      };
    },
    async intersections(document, pose, output) {
      const target = withDocument(document);
      const message = await request(target, { kind: 'intersections', id: nextId++, documentId: document.documentId, pose, output });
      if (message.kind !== 'intersections') throw new Error(`unexpected answer ${message.kind}`);
      return message.intersections;
    },
    async arapBegin(document, begin) {
      const target = withDocument(document);
      const message = await request(target, { kind: 'arapBegin', id: nextId++, documentId: document.documentId, ...begin });
      if (message.kind !== 'arapBegun') throw new Error(`unexpected answer ${message.kind}`);
      return { input: message.input, fixed: message.fixed, centroid: message.centroid, colliders: message.colliders };
    },
    async arapDrag(motion) {
      const message = await request(started(), { kind: 'arapDrag', id: nextId++, ...motion });
      if (message.kind !== 'arapPositions') throw new Error(`unexpected answer ${message.kind}`);
      return { positions: message.positions, contacts: message.contacts, milliseconds: message.milliseconds, bases: message.bases };
    },
    async arapEnd(motion) {
      const message = await request(started(), { kind: 'arapEnd', id: nextId++, ...motion });
      if (message.kind !== 'arapEnded') throw new Error(`unexpected answer ${message.kind}`);
      return {
        positions: message.positions,
        vertices: message.vertices,
        offsets: message.offsets,
        contacts: message.contacts,
        intersections: message.intersections,
        reverted: message.reverted,
      };
    },
    dispose() {
      stop('the engine worker was stopped');
    },
  };
}
