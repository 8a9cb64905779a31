/**
 * The Pose tool and keyed pose corrections in the viewport.
 *
 * - The corrected input: a mesh with a correction active at the current frame is drawn from its welded
 *   simulation vertices with the corrections applied (pose/correctedInput.ts), in place of its own
 *   (skinned) drawing, so scrubbing shows each correction ease in, hold its edit on its frame, and ease
 *   out. While the Pose tool is on, its target mesh is drawn this way too, with the selection in orange.
 *   The stand-in is untextured: it shows the shape being authored, not the material.
 * - During a drag, the edited surface streamed back by the engine worker (pose/poseEditor.ts) every answer,
 *   with a red marker on every vertex in contact (with the mesh itself, a collider mesh or the ground).
 * - The gizmo: a translate or rotate gizmo (drei TransformControls; W / E or the toolbar switch) at the
 *   centroid of the selection; pressing it starts the edit, moving or turning it drags the handle (a rigid
 *   motion about the centroid), releasing it keys the correction.
 *
 * In the other paint tools the meshes keep their own drawing (the heat map), and the bake's output view
 * shows the output only.
 */
import { TransformControls } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactElement } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide, Mesh, MeshStandardMaterial, Object3D, Points, PointsMaterial, Quaternion } from 'three';
import type { ImportedScene } from '../../app/io/index.ts';
import { registeredDocument, type RegisteredDocument } from '../document/sceneRegistry.ts';
import { paintSession, paintTargetMesh, type PaintSession } from '../paint/paintSession.ts';
import { correctedInput } from '../pose/correctedInput.ts';
import type { PoseDragView, PoseEditor } from '../pose/poseEditor.ts';
import type { ArapHandleMotion } from '../workers/protocol.ts';
import { anyChanged, effectiveViewMode, overlapStore, useOverlap, type OverlapState } from '../store/index.ts';

const BASE_COLOUR = [0.72, 0.7, 0.66] as const;
const SELECTED_COLOUR = [1, 0.55, 0.12] as const;

/** The positions each stand-in draws (its own array, by reference), for the debug handle and tests. */
export const poseDisplay = { positions: new Map<string, Float32Array>() };

const noView = (): PoseDragView | null => null;
const noSubscribe = (): (() => void) => () => undefined;

function poseToolOn(state: OverlapState): boolean {
  return state.paintMode && state.paintTool === 'pose';
}

export function PoseLayer({ editor }: { editor: PoseEditor | null }): ReactElement | null {
  const documentId = useOverlap((state) => state.documentId);
  const correctedMeshes = useOverlap((state) => state.poseCorrections.map((correction) => correction.mesh).join('\u0000'));
  const toolOn = useOverlap(poseToolOn);
  const selectionCount = useOverlap((state) => state.selectionCount);
  const drag = useSyncExternalStore(editor?.subscribe ?? noSubscribe, editor?.view ?? noView);
  const entry = registeredDocument(documentId);
  const session = paintSession(documentId);
  const target = toolOn ? paintTargetMesh(overlapStore) : null;
  const dragMesh = drag?.mesh ?? null;
  const names = useMemo(() => {
    const set = new Set(correctedMeshes ? correctedMeshes.split('\u0000') : []);
    if (target) set.add(target);
    if (dragMesh) set.add(dragMesh);
    return [...set];
  }, [correctedMeshes, target, dragMesh]);
  if (!entry?.imported || !session) return null;
  return (
    <>
      {names.map((name) => (
        <CorrectedMesh
          key={`${documentId}:${name}`}
          name={name}
          entry={entry}
          scene={entry.imported!}
          session={session}
          drag={drag?.mesh === name ? drag : null}
        />
      ))}
      {drag && drag.contacts.length > 0 ? <ContactMarkers drag={drag} /> : null}
      {editor && target && selectionCount > 0 ? (
        <PoseGizmo key={`${documentId}:${target}`} mesh={target} scene={entry.imported} session={session} editor={editor} dragging={drag !== null} />
      ) : null}
    </>
  );
}

/** Whether a mesh's stand-in replaces its own drawing now. */
function standInWanted(state: OverlapState, name: string): 'tool' | 'corrections' | null {
  if (state.baked && effectiveViewMode(state) === 'output') return null;
  if (state.paintMode && state.paintTool !== 'pose') return null;
  if (poseToolOn(state) && paintTargetMesh(overlapStore) === name) return 'tool';
  return state.poseCorrections.some((correction) => correction.mesh === name) ? 'corrections' : null;
}

function CorrectedMesh({
  name,
  entry,
  scene,
  session,
  drag,
}: {
  name: string;
  entry: RegisteredDocument;
  scene: ImportedScene;
  session: PaintSession;
  drag: PoseDragView | null;
}): ReactElement | null {
  const invalidate = useThree((state) => state.invalidate);
  const meshIndex = scene.meshes.findIndex((mesh) => mesh.name === name);
  const built = useMemo(() => {
    if (meshIndex < 0) return null;
    const { topology } = scene.meshes[meshIndex];
    const geometry = new BufferGeometry();
    const positions = new Float32Array(3 * topology.vertexCount);
    geometry.setAttribute('position', new BufferAttribute(positions, 3));
    geometry.setAttribute('color', new BufferAttribute(new Float32Array(3 * topology.vertexCount), 3));
    geometry.setIndex(new BufferAttribute(Uint32Array.from(topology.triangles), 1));
    const mesh = new Mesh(geometry, new MeshStandardMaterial({ vertexColors: true, roughness: 0.75, metalness: 0, side: DoubleSide }));
    mesh.name = `pose-corrected:${name}`;
    mesh.visible = false;
    mesh.frustumCulled = false;
    return { mesh, geometry, positions };
  }, [scene, meshIndex, name]);
  const dragRef = useRef(drag);
  dragRef.current = drag;

  useEffect(() => {
    if (!built) return;
    const original = entry.meshObjects.get(name);
    const paint = session.paint.meshes.get(name);
    const update = (): void => {
      const state = overlapStore.getState();
      const current = dragRef.current;
      let shown = false;
      if (current) {
        built.positions.set(current.positions);
        shown = true;
      } else {
        const wanted = standInWanted(state, name);
        if (wanted) {
          const clipIndex = state.activeClip >= 0 ? state.activeClip : null;
          const applied = correctedInput(
            scene,
            session.evaluator,
            meshIndex,
            clipIndex,
            state.clipTime,
            state.clipTime * state.fps,
            state.poseCorrections,
            state.scene.metersPerUnit,
            built.positions,
          );
          shown = wanted === 'tool' || applied > 0;
        }
      }
      if (shown) {
        const colours = built.geometry.getAttribute('color') as BufferAttribute;
        const array = colours.array as Float32Array;
        const selection = poseToolOn(state) ? paint?.selection : undefined;
        for (let v = 0; v < array.length / 3; v++) array.set(selection?.[v] ? SELECTED_COLOUR : BASE_COLOUR, 3 * v);
        colours.needsUpdate = true;
        built.geometry.getAttribute('position').needsUpdate = true;
        built.geometry.computeVertexNormals();
        built.geometry.computeBoundingSphere();
        poseDisplay.positions.set(name, built.positions);
      } else poseDisplay.positions.delete(name);
      built.mesh.visible = shown;
      if (original) original.visible = !shown;
      invalidate();
    };
    update();
    const unsubscribe = overlapStore.subscribe((state, previous) => {
      if (
        anyChanged(state, previous, [
          'clipTime',
          'activeClip',
          'fps',
          'poseCorrections',
          'scene',
          'paintMode',
          'paintTool',
          'paintRevision',
          'selectedMesh',
          'viewMode',
          'baked',
        ])
      ) {
        update();
      }
    });
    return () => {
      unsubscribe();
      poseDisplay.positions.delete(name);
      if (original) original.visible = true;
      invalidate();
    };
  }, [built, drag, entry, name, scene, session, meshIndex, invalidate]);
  useEffect(
    () => () => {
      built?.geometry.dispose();
      (built?.mesh.material as MeshStandardMaterial | undefined)?.dispose();
    },
    [built],
  );
  return built ? <primitive object={built.mesh} /> : null;
}

/** Red points on the vertices in contact during a drag (the edited surface's own positions). */
function ContactMarkers({ drag }: { drag: PoseDragView }): ReactElement {
  const invalidate = useThree((state) => state.invalidate);
  const points = useMemo(() => {
    const geometry = new BufferGeometry();
    const made = new Points(geometry, new PointsMaterial({ color: 0xff2a2a, size: 6, sizeAttenuation: false, depthTest: false }));
    made.name = 'pose-contacts';
    made.frustumCulled = false;
    made.renderOrder = 10;
    return made;
  }, []);
  useEffect(() => {
    const positions = new Float32Array(3 * drag.contacts.length);
    drag.contacts.forEach((v, i) => positions.set(drag.positions.subarray(3 * v, 3 * v + 3), 3 * i));
    points.geometry.setAttribute('position', new BufferAttribute(positions, 3));
    points.geometry.computeBoundingSphere();
    invalidate();
  }, [drag, points, invalidate]);
  useEffect(
    () => () => {
      points.geometry.dispose();
      (points.material as PointsMaterial).dispose();
    },
    [points],
  );
  return <primitive object={points} />;
}

/** The translate or rotate gizmo at the selection's centroid on the shown (corrected) pose. */
function PoseGizmo({
  mesh,
  scene,
  session,
  editor,
  dragging,
}: {
  mesh: string;
  scene: ImportedScene;
  session: PaintSession;
  editor: PoseEditor;
  dragging: boolean;
}): ReactElement | null {
  const anchor = useMemo(() => new Object3D(), []);
  const start = useRef<{ position: [number, number, number]; inverse: Quaternion } | null>(null);
  const invalidate = useThree((state) => state.invalidate);
  const mode = useOverlap((state) => state.poseGizmo);
  const meshIndex = scene.meshes.findIndex((entry) => entry.name === mesh);
  const paint = session.paint.meshes.get(mesh);

  useEffect(() => {
    if (meshIndex < 0 || !paint) return;
    const scratch = new Float32Array(3 * paint.vertexCount);
    const place = (): void => {
      if (start.current) return; // the user is holding the gizmo
      const state = overlapStore.getState();
      correctedInput(
        scene,
        session.evaluator,
        meshIndex,
        state.activeClip >= 0 ? state.activeClip : null,
        state.clipTime,
        state.clipTime * state.fps,
        state.poseCorrections,
        state.scene.metersPerUnit,
        scratch,
      );
      let count = 0;
      const sum = [0, 0, 0];
      for (let v = 0; v < paint.vertexCount; v++) {
        if (!paint.selection[v]) continue;
        count++;
        for (let c = 0; c < 3; c++) sum[c] += scratch[3 * v + c];
      }
      if (count > 0) anchor.position.set(sum[0] / count, sum[1] / count, sum[2] / count);
      // The rotate gizmo starts square to the world each edit (the last edit's turn is in the pose now).
      anchor.quaternion.identity();
      anchor.updateMatrixWorld();
      invalidate();
    };
    place();
    return overlapStore.subscribe((state, previous) => {
      if (anyChanged(state, previous, ['clipTime', 'activeClip', 'poseCorrections', 'paintRevision', 'scene'])) place();
    });
  }, [anchor, scene, session, meshIndex, paint, invalidate, dragging]);

  /** The handle's rigid motion since the press: the anchor's translation, and its turn as a world-space quaternion. */
  const motion = (): ArapHandleMotion => {
    const from = start.current;
    if (!from) return { translation: [0, 0, 0] };
    const translation: [number, number, number] = [
      anchor.position.x - from.position[0],
      anchor.position.y - from.position[1],
      anchor.position.z - from.position[2],
    ];
    const turn = anchor.quaternion.clone().multiply(from.inverse);
    return { translation, rotation: [turn.x, turn.y, turn.z, turn.w] };
  };
  return (
    <>
      <primitive object={anchor} />
      <TransformControls
        object={anchor}
        mode={mode}
        size={0.9}
        onMouseDown={() => {
          start.current = { position: [anchor.position.x, anchor.position.y, anchor.position.z], inverse: anchor.quaternion.clone().invert() };
          void editor.begin(mesh);
        }}
        onObjectChange={() => {
          if (start.current) editor.drag(motion());
        }}
        onMouseUp={() => {
          const moved = motion();
          start.current = null;
          void editor.end(moved);
        }}
      />
    </>
  );
}
