/**
 * What painting one document needs beyond its arrays, built lazily and kept until another document
 * opens: per mesh a picker (BVH on the posed welded mesh), the heat-map target on the input scene, the
 * vertex adjacency (smooth, topological mirror), the mirror maps, the brush scratch; the animation
 * evaluator that poses pickers. Operations that change painted data (strokes, fills, pins) go through
 * an EditRecorder and end as one undo step (`commitEdit`).
 */
import { Vector3, type Camera } from 'three';
import { createAnimationEvaluator, type AnimationEvaluator } from '../../app/animation/index.ts';
import { laplacianInterpolatedWeights } from '../../app/weights/index.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import type { MirrorMode, OverlapStore } from '../store/index.ts';
import { createBrushScratch, type BrushScratch } from './brushSample.ts';
import { heatTarget, type HeatTarget } from './heatTarget.ts';
import { createMeshPicker, type MeshPicker } from './meshPicker.ts';
import { mirrorVertices } from './mirrorVertices.ts';
import { createEditRecorder, type EditRecorder, type MeshPaint, type PaintDocument } from './paintDocument.ts';
import { paintDocument } from './paintRegistry.ts';
import { vertexNeighbours } from './vertexNeighbours.ts';

export interface MeshTools {
  paint: MeshPaint;
  picker: MeshPicker;
  heat: HeatTarget | null;
  neighbours: { start: Uint32Array; neighbours: Uint32Array };
  scratch: BrushScratch;
  /** #V display values (weights or limits) of the last heat write */
  display: Float32Array;
  /** #V heat flags of the last heat write (1: pinned, max distance 0; 1: no max distance), reused by every write */
  pinned: Uint8Array;
  unlimited: Uint8Array;
  mirror(mode: MirrorMode, axis: 0 | 1 | 2): Int32Array | null;
}

export interface PaintSession {
  readonly documentId: number;
  readonly paint: PaintDocument;
  readonly evaluator: AnimationEvaluator;
  tools(mesh: string): MeshTools | null;
  dispose(): void;
}

let current: PaintSession | null = null;

/** The session of the open document (null when it cannot be painted: no engine import). */
export function paintSession(documentId: number | null): PaintSession | null {
  if (documentId === null) return null;
  if (current?.documentId === documentId) return current;
  const paint = paintDocument(documentId);
  const entry = registeredDocument(documentId);
  if (!paint || !entry?.imported) return null;
  current?.dispose();
  const imported = entry.imported;
  const evaluator = createAnimationEvaluator(imported);
  const tools = new Map<string, MeshTools>();
  current = {
    documentId,
    paint,
    evaluator,
    tools(name) {
      const cached = tools.get(name);
      if (cached) return cached;
      const meshPaint = paint.meshes.get(name);
      if (!meshPaint) return null;
      const mesh = imported.meshes[meshPaint.meshIndex];
      const object = entry.meshObjects.get(name);
      const neighbours = vertexNeighbours(mesh.topology.vertexCount, mesh.topology.edges);
      const mirrors = new Map<string, Int32Array>();
      const made: MeshTools = {
        paint: meshPaint,
        picker: createMeshPicker(mesh, meshPaint.meshIndex),
        heat: object ? heatTarget(entry.gltf, object, mesh) : null,
        neighbours,
        scratch: createBrushScratch(mesh.topology.vertexCount),
        display: new Float32Array(mesh.topology.vertexCount),
        pinned: new Uint8Array(mesh.topology.vertexCount),
        unlimited: new Uint8Array(mesh.topology.vertexCount),
        mirror(mode, axis) {
          if (mode === 'off') return null;
          const key = `${mode}${axis}`;
          let map = mirrors.get(key);
          if (!map) {
            map = mirrorVertices(mesh.topology.positions, neighbours, axis, mode);
            mirrors.set(key, map);
          }
          return map;
        },
      };
      tools.set(name, made);
      return made;
    },
    dispose() {
      for (const made of tools.values()) made.picker.dispose();
      tools.clear();
    },
  };
  return current;
}

/** Records one edit (not a stroke: a fill, a pin) and makes it an undo step. */
export function editPaint(store: OverlapStore, session: PaintSession, edit: (recorder: EditRecorder) => void): boolean {
  const recorder = createEditRecorder(session.paint);
  edit(recorder);
  return commitEdit(store, session, recorder);
}

/** Ends an edit: its changes become one undo step (nothing happens when nothing changed). */
export function commitEdit(store: OverlapStore, session: PaintSession, recorder: EditRecorder): boolean {
  const changes = recorder.finish();
  if (changes.length === 0) {
    store.getState().paintChanged();
    return false;
  }
  store.getState().paintCommitted(session.paint.history.record(changes));
  return true;
}

/** The mesh the paint tools act on: the selected mesh, else the first simulated one that can be painted. */
export function paintTargetMesh(store: OverlapStore): string | null {
  const state = store.getState();
  const session = paintSession(state.documentId);
  if (!session) return null;
  if (state.selectedMesh && session.paint.meshes.has(state.selectedMesh)) return state.selectedMesh;
  return (
    state.meshes.find((mesh) => state.meshSettings[mesh.name]?.role === 'simulated' && session.paint.meshes.has(mesh.name))?.name ??
    state.meshes.find((mesh) => session.paint.meshes.has(mesh.name))?.name ??
    null
  );
}

/** The store's state, its document's paint session and a mesh's paint tools; null where the document or mesh has none. */
function sessionTools(store: OverlapStore, mesh: string): { state: ReturnType<OverlapStore['getState']>; session: PaintSession; tools: MeshTools } | null {
  const state = store.getState();
  const session = paintSession(state.documentId);
  const tools = session?.tools(mesh);
  return session && tools ? { state, session, tools } : null;
}

/** Selected vertex indices of a mesh. */
export function selectedVertices(paint: MeshPaint): number[] {
  const list: number[] = [];
  for (let v = 0; v < paint.selection.length; v++) if (paint.selection[v]) list.push(v);
  return list;
}

/** Sets the weights of the selection (or the whole mesh without one) on the active layer or the base. */
export function fillWeights(store: OverlapStore, mesh: string, value: number): boolean {
  const found = sessionTools(store, mesh);
  if (!found) return false;
  const { state, session, tools } = found;
  const selection = selectedVertices(tools.paint);
  const vertices = selection.length > 0 ? selection : Array.from({ length: tools.paint.vertexCount }, (_, v) => v);
  const layer = state.activeLayer !== null && state.layers.find((entry) => entry.id === state.activeLayer)?.mesh === mesh ? state.activeLayer : null;
  return editPaint(store, session, (recorder) => {
    const target = layer ? 'layerValues' : 'base';
    const values = recorder.array(mesh, target, layer ?? undefined);
    const mask = layer ? recorder.array(mesh, 'layerMask', layer) : null;
    for (const v of vertices) {
      recorder.touch(mesh, target, layer ?? undefined, v);
      values[v] = value;
      if (mask) {
        recorder.touch(mesh, 'layerMask', layer!, v);
        mask[v] = 1;
      }
    }
  });
}

/**
 * Laplacian fill (app/weights laplacianInterpolatedWeights, seed 004 Eq. 4.12–4.15): the selected
 * vertices keep their weights, every other vertex of their connected parts gets the smooth
 * interpolation; parts without a selected vertex keep their weights.
 */
export function laplacianFill(store: OverlapStore, mesh: string): string | null {
  const found = sessionTools(store, mesh);
  if (!found) return 'nothing to fill';
  const { state, session, tools } = found;
  const selection = selectedVertices(tools.paint);
  if (selection.length === 0) return 'select a few vertices first: their weights are kept and the rest is filled smoothly between them';
  const imported = registeredDocument(state.documentId)!.imported!;
  const topology = imported.meshes[tools.paint.meshIndex].topology;
  const base = session.paint.baseOf(tools.paint);
  const filled = laplacianInterpolatedWeights(
    topology.vertexCount,
    topology.edges,
    selection.map((vertex) => ({ vertex, weight: base[vertex] })),
    Number.NaN,
  );
  editPaint(store, session, (recorder) => {
    const values = recorder.array(mesh, 'base');
    for (let v = 0; v < filled.length; v++) {
      if (Number.isNaN(filled[v]) || filled[v] === values[v]) continue;
      recorder.touch(mesh, 'base', undefined, v);
      values[v] = filled[v];
    }
  });
  return null;
}

/** Sets (a number [m], 0 pins) or clears (Infinity) the max distance of the selected vertices. */
export function limitSelection(store: OverlapStore, mesh: string, distance: number): string | null {
  const found = sessionTools(store, mesh);
  if (!found) return 'nothing to limit';
  const { session, tools } = found;
  const selection = selectedVertices(tools.paint);
  if (selection.length === 0) return 'select vertices first (brush, box, or by bone)';
  editPaint(store, session, (recorder) => {
    const limits = recorder.array(mesh, 'maxDistance');
    for (const v of selection) {
      recorder.touch(mesh, 'maxDistance', undefined, v);
      limits[v] = distance;
    }
  });
  return null;
}

/** Puts the mesh back on the engine's default weights (an undo step). */
export function resetWeights(store: OverlapStore, mesh: string): void {
  const found = sessionTools(store, mesh);
  if (!found || !found.tools.paint.base) return;
  const { session, tools } = found;
  const defaults = session.paint.defaultsOf(tools.paint);
  editPaint(store, session, (recorder) => {
    const values = recorder.array(mesh, 'base');
    for (let v = 0; v < values.length; v++) {
      if (values[v] === defaults[v]) continue;
      recorder.touch(mesh, 'base', undefined, v);
      values[v] = defaults[v];
    }
  });
}

/** The skin's joints of a mesh, by name, in skin order (for "select by bone"). */
export function meshBones(documentId: number | null, mesh: string): string[] {
  const imported = registeredDocument(documentId)?.imported;
  const found = imported?.meshes.find((entry) => entry.name === mesh);
  if (!imported || !found?.skin) return [];
  return Array.from(found.skin.jointNodeIndices, (node, j) => imported.hierarchy.nodes[node].getName() || `joint ${j}`);
}

/**
 * The welded vertices bound mostly to a bone ("everything bound mostly to the head"): those whose
 * largest skin weight is on that joint or, with `descendants`, on any joint below it.
 * @param bone  index into the skin's joints (meshBones order)
 */
export function boneVertexList(documentId: number | null, mesh: string, bone: number, descendants: boolean): number[] {
  const imported = registeredDocument(documentId)?.imported;
  const found = imported?.meshes.find((entry) => entry.name === mesh);
  if (!imported || !found?.skin) return [];
  const { joints, weights, influencesPerVertex: k, jointNodeIndices } = found.skin;
  const chosen = new Set<number>([bone]);
  if (descendants) {
    const { parentIndices } = imported.hierarchy;
    const root = jointNodeIndices[bone];
    jointNodeIndices.forEach((node, j) => {
      for (let n = node; n >= 0; n = parentIndices[n]) if (n === root) chosen.add(j);
    });
  }
  const { simulationToRender, vertexCount } = found.topology;
  const list: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    const r = simulationToRender[v];
    let best = -1;
    let bestWeight = -1;
    for (let i = 0; i < k; i++) {
      if (weights[r * k + i] > bestWeight) {
        bestWeight = weights[r * k + i];
        best = joints[r * k + i];
      }
    }
    if (chosen.has(best)) list.push(v);
  }
  return list;
}

/**
 * Selects the vertices bound mostly to a bone (boneVertexList).
 * @param mode  'replace', 'add' or 'remove'
 * @returns the number of vertices matched
 */
export function selectByBone(store: OverlapStore, mesh: string, bone: number, descendants: boolean, mode: 'replace' | 'add' | 'remove'): number {
  const tools = paintSession(store.getState().documentId)?.tools(mesh);
  if (!tools) return 0;
  const list = boneVertexList(store.getState().documentId, mesh, bone, descendants);
  const selection = tools.paint.selection;
  if (mode === 'replace') selection.fill(0);
  for (const v of list) selection[v] = mode === 'remove' ? 0 : 1;
  selectionChanged(store, tools);
  return list.length;
}

export function selectionChanged(store: OverlapStore, tools: MeshTools): void {
  let count = 0;
  for (let v = 0; v < tools.paint.selection.length; v++) count += tools.paint.selection[v];
  store.getState().setSelectionCount(count);
  store.getState().paintChanged();
}

/** Window pixels per world unit at `point` seen from `camera` (for a screen-sized brush). */
export function pixelsPerUnit(
  camera: Camera & { fov?: number; isPerspectiveCamera?: boolean; zoom?: number; top?: number; bottom?: number },
  point: Vector3,
  viewportHeight: number,
): number {
  if (camera.isPerspectiveCamera && camera.fov !== undefined) {
    const distance = camera.position.distanceTo(point);
    return viewportHeight / (2 * distance * Math.tan((camera.fov * Math.PI) / 360));
  }
  return (viewportHeight * (camera.zoom ?? 1)) / ((camera.top ?? 1) - (camera.bottom ?? -1));
}
