/**
 * The Pose tool's drag, from the gizmo (or the debug handle) to a keyed correction in the document:
 *
 *   begin(mesh)       the selected vertices become the moving handle; the engine worker poses the mesh at
 *                     the current frame with the corrections already keyed and factors the edit (arapBegin),
 *                     with the contacts the toolbar asks for (the mesh itself, the meshes whose role is
 *                     collider, the ground)
 *   drag(motion)      the handle's rigid motion from where it started (a translation and a rotation about the
 *                     selection's centroid); at most one request is in flight, the latest motion is sent when
 *                     it answers (a slow solve drops stale drag events, never queues them), and every answer is
 *                     shown (`view`, PoseLayer draws it with its contacts)
 *   end(motion)       converges, removes any intersection the edit made (arapEnd) and adds a PoseCorrection at
 *                     the frame, eased in and out over the tool's ease setting: one undo step (the store's
 *                     poseCorrections are undoable)
 *
 * Nothing reaches the document before the release; a failed or cancelled drag leaves it as it was.
 */
import type { PoseCorrection } from '../../app/document/index.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { paintSession, selectedVertices } from '../paint/paintSession.ts';
import type { OverlapStore } from '../store/index.ts';
import type { EngineClient } from '../workers/engineClient.ts';
import type { ArapBasisReport, ArapContactRequest, ArapHandleMotion } from '../workers/protocol.ts';

/** What the viewport shows during a drag. */
export interface PoseDragView {
  mesh: string;
  /** #V×3 the edited surface [scene units, world space] */
  positions: Float32Array;
  /** the vertices in contact in the latest answer, increasing */
  contacts: Int32Array;
  /** the contact sources in use ('self', collider mesh names, 'ground') */
  colliders: string[];
  /** the worker's time for the latest drag event [ms] (0 before the first) */
  milliseconds: number;
  /** the reduced solver's working basis in the latest answer (null: full space, or before the first) */
  bases: ArapBasisReport | null;
  /** bumped with every new surface */
  revision: number;
}

/** How the last release ended (for the toolbar and tests). */
export interface PoseEndReport {
  /** new intersections left (0 unless the input had some it could not keep) */
  intersections: number;
  /** vertices the last resort moved back toward the start */
  reverted: number;
  /** the worker's time per drag event over the drag [ms] */
  dragMilliseconds: number[];
}

export interface PoseEditor {
  /** Starts a drag of the selected vertices of `mesh`; resolves false (with a notice) when it cannot start. */
  begin(mesh: string): Promise<boolean>;
  /** The handle moved rigidly from where it started (translation [scene units], rotation about the selection's centroid). */
  drag(motion: ArapHandleMotion): void;
  /** Releases the handle at `motion`: the new correction (also added to the store), or null when nothing moved or it failed. */
  end(motion: ArapHandleMotion): Promise<PoseCorrection | null>;
  /** The drag in progress, or null. */
  view(): PoseDragView | null;
  /** How the last release ended, or null before the first. */
  lastEnd(): PoseEndReport | null;
  subscribe(listener: () => void): () => void;
}

interface Drag {
  mesh: string;
  documentId: number;
  frame: number;
  begun: Promise<boolean>;
  /** the request in flight (a drag or the begin) */
  busy: Promise<void> | null;
  /** the latest motion not sent yet */
  pending: ArapHandleMotion | null;
  failed: boolean;
  colliders: string[];
  milliseconds: number[];
}

/** A copy of a motion (the gizmo reuses its arrays). */
function copyMotion(motion: ArapHandleMotion): ArapHandleMotion {
  return motion.rotation ? { translation: [...motion.translation], rotation: [...motion.rotation] } : { translation: [...motion.translation] };
}

export function createPoseEditor(store: OverlapStore, engine: () => EngineClient | null): PoseEditor {
  let drag: Drag | null = null;
  let view: PoseDragView | null = null;
  let ended: PoseEndReport | null = null;
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((listener) => listener());
  const notify = (text: string): void => void store.getState().notify('warning', text, 'pose');
  const show = (current: Drag, positions: Float32Array, contacts: Int32Array, milliseconds: number, bases: ArapBasisReport | null): void => {
    view = { mesh: current.mesh, positions, contacts, colliders: current.colliders, milliseconds, bases, revision: (view?.revision ?? 0) + 1 };
    changed();
  };
  const stop = (): void => {
    drag = null;
    view = null;
    changed();
  };

  /** Sends the latest pending motion, then the next one, until none is left. */
  const pump = (current: Drag): void => {
    const client = engine();
    if (current.busy || !current.pending || current.failed || !client) return;
    const motion = current.pending;
    current.pending = null;
    current.busy = client
      .arapDrag(motion)
      .then(
        ({ positions, contacts, milliseconds, bases }) => {
          current.milliseconds.push(milliseconds);
          if (drag === current) show(current, positions, contacts, milliseconds, bases);
        },
        (error: unknown) => {
          current.failed = true;
          notify(`Pose: ${error instanceof Error ? error.message : String(error)}`);
        },
      )
      .finally(() => {
        current.busy = null;
        if (drag === current) pump(current);
      });
  };

  return {
    async begin(mesh) {
      const state = store.getState();
      const client = engine();
      const entry = registeredDocument(state.documentId);
      const tools = paintSession(state.documentId)?.tools(mesh);
      if (state.documentId === null || !client || !entry?.file || !tools) {
        notify('Pose: this document cannot be edited (the engine could not read it)');
        return false;
      }
      const vertices = selectedVertices(tools.paint);
      if (vertices.length === 0) {
        notify('Pose: select the vertices to move first (Select or Box tool)');
        return false;
      }
      if (vertices.length === tools.paint.vertexCount) {
        notify('Pose: the whole mesh is selected; select only the part to move');
        return false;
      }
      if (state.playing) state.setPlaying(false);
      const documentId = state.documentId;
      const file = entry.file;
      const frame = state.clipTime * state.fps;
      const current: Drag = {
        mesh,
        documentId,
        frame,
        begun: Promise.resolve(false),
        busy: null,
        pending: null,
        failed: false,
        colliders: [],
        milliseconds: [],
      };
      drag = current;
      const { self, colliders, ground } = state.poseContact;
      const contact: ArapContactRequest = {
        self,
        ground,
        colliders: colliders
          ? Object.entries(state.meshSettings)
              .filter(([name, settings]) => name !== mesh && settings.role === 'collider')
              .map(([name]) => name)
          : [],
      };
      current.begun = client
        .arapBegin(
          { documentId, fileName: file.name, bytes: file.bytes, resources: file.resources },
          {
            mesh,
            pose: { clipIndex: state.activeClip >= 0 ? state.activeClip : null, time: state.clipTime },
            frame,
            vertices,
            corrections: state.poseCorrections,
            metersPerUnit: state.scene.metersPerUnit,
            contact,
          },
        )
        .then(
          ({ input, colliders: using }) => {
            if (drag !== current) return false;
            current.colliders = using;
            show(current, input, new Int32Array(0), 0, null);
            pump(current);
            return true;
          },
          (error: unknown) => {
            current.failed = true;
            notify(`Pose: ${error instanceof Error ? error.message : String(error)}`);
            if (drag === current) stop();
            return false;
          },
        );
      return current.begun;
    },
    drag(motion) {
      const current = drag;
      if (!current) return;
      current.pending = copyMotion(motion);
      void current.begun.then((ok) => {
        if (ok) pump(current);
      });
    },
    async end(motion) {
      const current = drag;
      if (!current) return null;
      current.pending = null;
      const ok = await current.begun;
      while (current.busy) await current.busy;
      const client = engine();
      if (!ok || current.failed || drag !== current || !client) {
        if (drag === current) stop();
        return null;
      }
      try {
        const { vertices, offsets, intersections, reverted } = await client.arapEnd(copyMotion(motion));
        ended = { intersections, reverted, dragMilliseconds: current.milliseconds };
        const state = store.getState();
        if (drag !== current || state.documentId !== current.documentId || vertices.length === 0) return null;
        const ids = new Set(state.poseCorrections.map((correction) => correction.id));
        let number = state.poseCorrections.length + 1;
        while (ids.has(`pose-${number}`)) number++;
        const ease = state.poseEase;
        const correction: PoseCorrection = {
          id: `pose-${number}`,
          name: `${current.mesh} at frame ${Math.round(current.frame * 100) / 100}`,
          mesh: current.mesh,
          frame: current.frame,
          easeIn: ease,
          easeOut: ease,
          vertices,
          offsets,
        };
        state.addPoseCorrection(correction);
        return correction;
      } catch (error) {
        notify(`Pose: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      } finally {
        if (drag === current) stop();
      }
    },
    view: () => view,
    lastEnd: () => ended,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
