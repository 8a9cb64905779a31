/**
 * Weight painting in the viewport: the heat map on the input meshes (weights, or max distances on the
 * limits channel; shown in paint mode, or with "Weights" on outside it) and, in paint mode, the tools
 * under the left mouse button: brush strokes, the gradient, the selection brush and box select.
 *
 * A stroke: pointer down poses the picker at the current frame and starts an edit; every pointer move
 * is one sample (raycast → brushSample → heat of the touched vertices → one redraw); pointer up makes
 * the edit one undo step. Shift smooths and Ctrl inverts add/subtract, as in Blender.
 * `paintStats` records the time of each sample from the pointer event to the heat map handed to the
 * renderer, to the end of the frame that draws it (the scene's draw calls issued; the software
 * rasterizer may still be finishing them) and to the start of the next frame, for the benchmark
 * (bench/brush.bench.ts).
 *
 * DESIGN NOTES (issue 38 item 4; SwiftShader figures from this 2-core machine, shared and loaded, not GPU figures)
 * - Per sample, only what the sample reaches: the picker's vertex grid gathers the vertices in the brush
 *   (renderer/paint/vertexGrid.ts), the edit recorder marks them in typed arrays (no key string or Map entry per
 *   vertex), the display weights are blended at the changed vertices only (displayWeightsAt), and the heat map is
 *   uploaded over the changed ranges of the primitives they lie in (heatTarget.ts, addUpdateRange). The coalesced
 *   events of one pointer move are each a sample (the stroke keeps every position the pointer passed) but share
 *   one heat write and one redraw. Measured in Node on the generated character (the sample's CPU work without the
 *   browser, median, brush radius 0.1 m): 6k layered 0.068 → 0.024 ms, 24k layered 0.26 → 0.09 ms, 51k 0.36 →
 *   0.06 ms, 95k layered 1.15 → 0.43 ms; at a 4 cm radius 0.27 → 0.013 ms at 51k (the scan and the whole-mesh blend
 *   were O(V) per sample, now O(hits)).
 * - In Chromium the sample's handler was already 0.4–1.5 ms at 6k–51k before and after (handlerMs, 0.1 ms timer
 *   resolution): the brush's own work was never the lag. What the artist waits for on SwiftShader is the frame's
 *   rasterization on the CPU: the next frame starts 56–200 ms after the event (nextFrameMs: Fox 56, layered 6k
 *   64–73, layered 24k 117–128, 51k 135–149 in two runs under load), which no brush change can remove; and at the start and end of each
 *   stroke react-three-fiber raycast every mesh for the scene's click-to-select with three.js's brute-force
 *   skinned raycast (every triangle, bones applied per vertex): 147 ms of CPU profile over two strokes on the 24k
 *   layered character. A stroke now switches react-three-fiber's events off (pointer down to up) and a click selects
 *   the nearest mesh through the pickers' BVHs; that time is gone from the profile.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useRef, type ReactElement } from 'react';
import { Raycaster, Vector2, Vector3 } from 'three';
import { registeredBake, registeredDocument } from '../document/sceneRegistry.ts';
import { brushSample, clearChanged, collectChanged, type BrushTarget } from '../paint/brushSample.ts';
import type { HeatPalette } from '../paint/heatMaterial.ts';
import { showHeat, writeRenderHeat, writeWeldedHeat, type HeatTarget } from '../paint/heatTarget.ts';
import { createEditRecorder, displayWeights, displayWeightsAt, type EditRecorder } from '../paint/paintDocument.ts';
import { commitEdit, paintSession, paintTargetMesh, pixelsPerUnit, selectionChanged, type MeshTools, type PaintSession } from '../paint/paintSession.ts';
import { heatTarget } from '../paint/heatTarget.ts';
import { previewFrameAt } from '../document/livePreview.ts';
import { effectiveViewMode, frameAt, overlapStore, useOverlap, type OverlapState } from '../store/index.ts';
import { brushCursor } from './brushCursor.ts';

/**
 * Timings of brush samples [ms]: `samples` pointer event → heat written and redraw requested; `frames` → that frame's
 * draw calls issued; `nextFrame` → the start of the frame after it (the browser's next animation frame, which waits
 * for the previous frame's rasterization when the GPU, or SwiftShader, is behind: what the artist waits for);
 * `handler` the sample's own work (raycasts, brush, heat) per pointer event, its coalesced samples together.
 */
export const paintStats = { samples: [] as number[], frames: [] as number[], handler: [] as number[], nextFrame: [] as number[], pending: null as number | null };

/** The limits palette's range: max distances at or above this show as the far end [m]. */
export const LIMIT_DISPLAY_RANGE = 0.1;

function palette(state: OverlapState): HeatPalette | null {
  if (state.paintMode) return state.paintChannel === 'weights' ? 'weights' : 'limits';
  return state.showWeights ? 'weights' : null;
}

/**
 * Writes one mesh's heat values: all vertices, or just `only` (a brush sample's changed vertices: the display values
 * and flags are computed for those alone, and only their parts' changed ranges are uploaded).
 */
function writeMeshHeat(session: PaintSession, tools: MeshTools, state: OverlapState, shown: HeatPalette, only?: { indices: ArrayLike<number>; count: number }): void {
  if (!tools.heat) return;
  const { paint, display, pinned, unlimited } = tools;
  const selected = state.paintMode ? paint.selection : null;
  const limits = paint.maxDistance;
  const count = only ? only.count : paint.vertexCount;
  const at = (k: number): number => (only ? only.indices[k] : k);
  if (shown === 'limits') {
    for (let k = 0; k < count; k++) {
      const v = at(k);
      const d = limits ? limits[v] : Infinity;
      unlimited[v] = d < Infinity ? 0 : 1;
      pinned[v] = d === 0 ? 1 : 0;
      display[v] = d < Infinity ? Math.min(1, d / LIMIT_DISPLAY_RANGE) : 0;
    }
    writeWeldedHeat(tools.heat, { values: display, pinned, selected, unlimited }, only);
    return;
  }
  const frame = state.clipTime * state.fps;
  const activeLayer = state.paintMode && state.activeLayer !== null && state.layers.some((layer) => layer.id === state.activeLayer && layer.mesh === paint.name) ? state.activeLayer : null;
  if (only) displayWeightsAt(session.paint, paint, state.layers, activeLayer, frame, only.indices, only.count, display);
  else displayWeights(session.paint, paint, state.layers, activeLayer, frame, display);
  if (limits) for (let k = 0; k < count; k++) pinned[at(k)] = limits[at(k)] === 0 ? 1 : 0;
  writeWeldedHeat(tools.heat, { values: display, pinned: limits ? pinned : null, selected, unlimited: null }, only);
}

export function PaintLayer(): ReactElement | null {
  const documentId = useOverlap((state) => state.documentId);
  const shown = useOverlap(palette);
  const view = useOverlap(effectiveViewMode);
  const revision = useOverlap((state) => state.paintRevision);
  const layers = useOverlap((state) => state.layers);
  const activeLayer = useOverlap((state) => state.activeLayer);
  const paintMode = useOverlap((state) => state.paintMode);
  const hasKeys = useOverlap((state) => state.layers.some((layer) => layer.keys.length > 0));
  const clipTime = useOverlap((state) => (hasKeys ? state.clipTime : 0));
  const invalidate = useThree((state) => state.invalidate);

  // The heat map: applied to every paintable mesh of the input while a palette is shown.
  useEffect(() => {
    const session = paintSession(documentId);
    if (!session || !shown || view === 'output') return;
    const state = overlapStore.getState();
    const targets: MeshTools[] = [];
    for (const mesh of state.meshes) {
      const tools = session.tools(mesh.name);
      if (!tools?.heat) continue;
      writeMeshHeat(session, tools, state, shown);
      showHeat(tools.heat, shown);
      targets.push(tools);
    }
    invalidate();
    return () => {
      for (const tools of targets) if (tools.heat) showHeat(tools.heat, null);
      invalidate();
    };
  }, [documentId, shown, view, revision, layers, activeLayer, paintMode, clipTime, invalidate]);

  useBrush(documentId);
  useDisplacementHeat(documentId);
  return null;
}

/** Pointer handling of the paint tools on the canvas. */
function useBrush(documentId: number | null): void {
  const gl = useThree((state) => state.gl);
  const camera = useThree((state) => state.camera);
  const size = useThree((state) => state.size);
  const invalidate = useThree((state) => state.invalidate);
  const setEvents = useThree((state) => state.setEvents);
  const context = useRef({ camera, size });
  context.current = { camera, size };
  const stroke = useRef<null | { mesh: string; tools: MeshTools; recorder: EditRecorder | null; start: Vector2; startDown: Vector2; baseline?: Float32Array; lastWorldRadius: number }>(null);

  const scene = useThree((state) => state.scene);
  // "Repainted" = the frame that shows the sample has been drawn (the scene's draw calls issued).
  useEffect(() => {
    const previous = scene.onAfterRender;
    scene.onAfterRender = (...args) => {
      previous.apply(scene, args);
      if (paintStats.pending !== null) {
        const eventTime = paintStats.pending;
        paintStats.frames.push(performance.now() - eventTime);
        paintStats.pending = null;
        requestAnimationFrame(() => paintStats.nextFrame.push(performance.now() - eventTime));
      }
    };
    return () => {
      scene.onAfterRender = previous;
    };
  }, [scene]);

  useEffect(() => {
    const element = gl.domElement;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const hitPoint = new Vector3();

    const session = (): PaintSession | null => paintSession(documentId);
    const rayAt = (event: PointerEvent): void => {
      const box = element.getBoundingClientRect();
      ndc.set(((event.clientX - box.left) / box.width) * 2 - 1, -((event.clientY - box.top) / box.height) * 2 + 1);
      raycaster.setFromCamera(ndc, context.current.camera);
    };
    const posed = (tools: MeshTools, active: PaintSession): void => {
      const state = overlapStore.getState();
      // With the live preview drawn at this frame, the brush picks the simulated surface the artist sees.
      const frame = effectiveViewMode(state) === 'input' ? previewFrameAt(documentId, frameAt(state.clipTime, state.fps)) : null;
      const simulated = frame?.meshes.find((mesh) => mesh.mesh === tools.paint.name);
      if (simulated) tools.picker.poseOn(simulated.positions, simulated);
      else tools.picker.pose(active.evaluator, state.activeClip >= 0 ? state.activeClip : null, state.clipTime);
    };
    const worldRadius = (point: Vector3): number => {
      const { brush } = overlapStore.getState();
      if (brush.radiusUnit === 'world') return brush.radius;
      const { camera: view, size: viewport } = context.current;
      return brush.radius / pixelsPerUnit(view, point, viewport.height);
    };

    /**
     * One stroke sample: raycast on the picked mesh's BVH, the brush on the vertices the grid gathers; the changed
     * vertices join the frame's set, which `showSamples` draws once (every coalesced event of a pointer move is a
     * sample, one heat write and one redraw for all of them). Returns the time the sample's work took [ms].
     */
    const sample = (event: PointerEvent): number => {
      const current = stroke.current;
      const active = session();
      if (!current || !active || !current.recorder) return 0;
      const state = overlapStore.getState();
      const begin = performance.now();
      rayAt(event);
      const hit = current.tools.picker.raycast(raycaster.ray);
      if (!hit) return 0;
      hitPoint.set(...hit.point);
      const radius = worldRadius(hitPoint);
      current.lastWorldRadius = radius;
      brushCursor.set({ x: event.clientX, y: event.clientY, radius: radius * pixelsPerUnit(context.current.camera, hitPoint, context.current.size.height), visible: true });
      let brush = state.brush;
      // Blender's modifiers: Shift smooths, Ctrl inverts add/subtract.
      if (event.shiftKey) brush = { ...brush, mode: 'smooth' };
      else if (event.ctrlKey || event.metaKey) brush = { ...brush, mode: brush.mode === 'add' ? 'subtract' : brush.mode === 'subtract' ? 'add' : brush.mode };
      const layer = state.paintChannel === 'weights' && state.activeLayer !== null && state.layers.some((entry) => entry.id === state.activeLayer && entry.mesh === current.mesh) ? state.activeLayer : null;
      const target: BrushTarget = {
        mesh: current.mesh,
        channel: state.paintChannel,
        layer,
        positions: current.tools.picker.positions,
        neighbourStart: current.tools.neighbours.start,
        neighbours: current.tools.neighbours.neighbours,
        mirror: current.tools.mirror(brush.mirror, brush.mirrorAxis),
        grid: current.tools.picker.grid(),
      };
      const count = brushSample(current.recorder, target, hit.point, radius, brush, current.tools.scratch);
      if (count > 0) collectChanged(current.tools.scratch);
      return performance.now() - begin;
    };

    /** Draws the samples of this pointer event: the heat of the vertices they changed, one write, one redraw. */
    const showSamples = (event: PointerEvent, sampleMs: number): void => {
      const current = stroke.current;
      const active = session();
      if (!current || !active) return;
      const { scratch } = current.tools;
      if (scratch.changedCount === 0) return;
      const begin = performance.now();
      const state = overlapStore.getState();
      writeMeshHeat(active, current.tools, state, state.paintChannel === 'weights' ? 'weights' : 'limits', { indices: scratch.changed, count: scratch.changedCount });
      clearChanged(scratch);
      invalidate();
      // event.timeStamp and performance.now() share the page's time origin (DOMHighResTimeStamp).
      const now = performance.now();
      paintStats.samples.push(now - event.timeStamp);
      paintStats.handler.push(sampleMs + now - begin);
      paintStats.pending = event.timeStamp;
    };

    /** Vertices of the mesh whose screen position lies in the rectangle a–b (box select, through the mesh). */
    const boxSelect = (tools: MeshTools, a: Vector2, b: Vector2, mode: 'replace' | 'add' | 'remove'): void => {
      const box = element.getBoundingClientRect();
      const [x0, x1] = [Math.min(a.x, b.x), Math.max(a.x, b.x)];
      const [y0, y1] = [Math.min(a.y, b.y), Math.max(a.y, b.y)];
      const point = new Vector3();
      const { positions } = tools.picker;
      const selection = tools.paint.selection;
      if (mode === 'replace') selection.fill(0);
      for (let v = 0; v < selection.length; v++) {
        point.set(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]).project(context.current.camera);
        const x = box.left + ((point.x + 1) / 2) * box.width;
        const y = box.top + ((1 - point.y) / 2) * box.height;
        if (point.z < 1 && x >= x0 && x <= x1 && y >= y0 && y <= y1) selection[v] = mode === 'remove' ? 0 : 1;
      }
      selectionChanged(overlapStore, tools);
    };

    /** Gradient: weights along the dragged line, from the brush value at its start to 0 at its end. */
    const gradient = (tools: MeshTools, a: Vector2, b: Vector2, recorder: EditRecorder, baseline: Float32Array): void => {
      const state = overlapStore.getState();
      const box = element.getBoundingClientRect();
      const { positions } = tools.picker;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const lengthSquared = dx * dx + dy * dy;
      if (lengthSquared < 4) return;
      const mesh = tools.paint.name;
      const values = recorder.array(mesh, 'base');
      const selection = tools.paint.selection;
      let selected = false;
      for (let v = 0; v < selection.length && !selected; v++) selected = selection[v] === 1;
      const point = new Vector3();
      const strength = state.brush.strength;
      for (let v = 0; v < values.length; v++) {
        if (selected && !selection[v]) continue;
        point.set(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]).project(context.current.camera);
        const x = box.left + ((point.x + 1) / 2) * box.width;
        const y = box.top + ((1 - point.y) / 2) * box.height;
        let t = ((x - a.x) * dx + (y - a.y) * dy) / lengthSquared;
        // Without a selection only the band between the ends changes; with one, the whole selection (clamped).
        if (!selected && (t < 0 || t > 1)) {
          if (values[v] !== baseline[v]) {
            recorder.touch(mesh, 'base', undefined, v);
            values[v] = baseline[v];
          }
          continue;
        }
        t = Math.min(1, Math.max(0, t));
        const target = state.brush.weight * (1 - t);
        recorder.touch(mesh, 'base', undefined, v);
        values[v] = baseline[v] + strength * (target - baseline[v]);
      }
      const active = session();
      if (active) writeMeshHeat(active, tools, state, 'weights');
      invalidate();
    };

    const onPointerDown = (event: PointerEvent): void => {
      const state = overlapStore.getState();
      // The Pose tool's gizmo handles its own pointer (drei TransformControls).
      if (!state.paintMode || event.button !== 0 || state.paintTool === 'pose') return;
      const active = session();
      const mesh = paintTargetMesh(overlapStore);
      const tools = mesh ? active?.tools(mesh) : null;
      if (!active || !mesh || !tools) return;
      posed(tools, active);
      event.preventDefault();
      element.setPointerCapture(event.pointerId);
      // The scene's click-to-select (SceneContent's onClick) makes react-three-fiber raycast every mesh on pointer down
      // and up with three.js's brute-force skinned raycast (every triangle, bones applied per vertex: 37 ms a event on
      // the 24k layered character here, 150 ms at 95k): off for the stroke, and a click selects through the BVHs.
      setEvents({ enabled: false });
      const down = new Vector2(event.clientX, event.clientY);
      if (state.paintTool === 'brush') {
        stroke.current = { mesh, tools, recorder: createEditRecorder(active.paint), start: down, startDown: down, lastWorldRadius: 0 };
        clearChanged(tools.scratch);
        showSamples(event, sample(event));
      } else if (state.paintTool === 'gradient') {
        const recorder = createEditRecorder(active.paint);
        stroke.current = { mesh, tools, recorder, start: down, startDown: down, baseline: Float32Array.from(recorder.array(mesh, 'base')), lastWorldRadius: 0 };
      } else if (state.paintTool === 'select') {
        stroke.current = { mesh, tools, recorder: null, start: down, startDown: down, lastWorldRadius: 0 };
        selectSample(event);
      } else {
        stroke.current = { mesh, tools, recorder: null, start: down, startDown: down, lastWorldRadius: 0 };
        brushCursor.set({ box: { x0: down.x, y0: down.y, x1: down.x, y1: down.y } });
      }
    };

    /** The selection brush: selects (Ctrl: deselects) the vertices under the brush. */
    const selectSample = (event: PointerEvent): void => {
      const current = stroke.current;
      if (!current) return;
      rayAt(event);
      const hit = current.tools.picker.raycast(raycaster.ray);
      if (!hit) return;
      hitPoint.set(...hit.point);
      const radius = worldRadius(hitPoint);
      const selection = current.tools.paint.selection;
      const value = event.ctrlKey || event.metaKey ? 0 : 1;
      const { candidates } = current.tools.scratch;
      const count = current.tools.picker.grid().gather(hit.point, radius, candidates);
      for (let k = 0; k < count; k++) selection[candidates[k]] = value;
      selectionChanged(overlapStore, current.tools);
    };

    const onPointerMove = (event: PointerEvent): void => {
      const state = overlapStore.getState();
      if (!state.paintMode) return;
      const current = stroke.current;
      if (!current) {
        // Hover: the brush outline follows the pointer on the mesh.
        if (state.paintTool !== 'brush' && state.paintTool !== 'select') return brushCursor.set({ visible: false });
        const active = session();
        const mesh = paintTargetMesh(overlapStore);
        const tools = mesh ? active?.tools(mesh) : null;
        if (!active || !tools) return;
        posed(tools, active);
        rayAt(event);
        const hit = tools.picker.raycast(raycaster.ray);
        if (!hit) return brushCursor.set({ x: event.clientX, y: event.clientY, radius: state.brush.radiusUnit === 'screen' ? state.brush.radius : 0, visible: state.brush.radiusUnit === 'screen' });
        hitPoint.set(...hit.point);
        return brushCursor.set({ x: event.clientX, y: event.clientY, radius: worldRadius(hitPoint) * pixelsPerUnit(context.current.camera, hitPoint, context.current.size.height), visible: true });
      }
      if (state.paintTool === 'brush') {
        let sampleMs = 0;
        const coalesced = event.getCoalescedEvents?.() ?? [];
        for (const each of coalesced.length > 0 ? coalesced : [event]) sampleMs += sample(each);
        showSamples(event, sampleMs);
      } else if (state.paintTool === 'select') selectSample(event);
      else if (state.paintTool === 'gradient' && current.recorder && current.baseline) {
        gradient(current.tools, current.startDown, new Vector2(event.clientX, event.clientY), current.recorder, current.baseline);
        brushCursor.set({ line: { x0: current.startDown.x, y0: current.startDown.y, x1: event.clientX, y1: event.clientY } });
      } else if (state.paintTool === 'box') brushCursor.set({ box: { x0: current.startDown.x, y0: current.startDown.y, x1: event.clientX, y1: event.clientY } });
    };

    const onPointerUp = (event: PointerEvent): void => {
      const current = stroke.current;
      if (!current) return;
      stroke.current = null;
      // After this event has reached react-three-fiber's listener (on the canvas's parent), which must not raycast it.
      setTimeout(() => setEvents({ enabled: true }), 0);
      if (Math.hypot(event.clientX - current.startDown.x, event.clientY - current.startDown.y) <= 4) selectMeshAt(event);
      if (element.hasPointerCapture(event.pointerId)) element.releasePointerCapture(event.pointerId);
      brushCursor.set({ box: null, line: null });
      const active = session();
      if (!active) return;
      const state = overlapStore.getState();
      if (state.paintTool === 'box') {
        boxSelect(current.tools, current.startDown, new Vector2(event.clientX, event.clientY), event.shiftKey ? 'add' : event.ctrlKey || event.metaKey ? 'remove' : 'replace');
        return;
      }
      if (current.recorder) commitEdit(overlapStore, active, current.recorder);
    };
    const onPointerLeave = (): void => brushCursor.set({ visible: false });

    /** A click in paint mode selects the nearest mesh under the pointer, as the scene's onClick does outside it. */
    const selectMeshAt = (event: PointerEvent): void => {
      const active = session();
      if (!active) return;
      rayAt(event);
      let nearest: string | null = null;
      let nearestDistance = Infinity;
      for (const name of active.paint.meshes.keys()) {
        const tools = active.tools(name);
        if (!tools) continue;
        posed(tools, active);
        const hit = tools.picker.raycast(raycaster.ray);
        if (hit && hit.distance < nearestDistance) {
          nearestDistance = hit.distance;
          nearest = name;
        }
      }
      if (nearest !== null) overlapStore.getState().selectMesh(nearest);
    };

    element.addEventListener('pointerdown', onPointerDown);
    element.addEventListener('pointermove', onPointerMove);
    element.addEventListener('pointerup', onPointerUp);
    element.addEventListener('pointercancel', onPointerUp);
    element.addEventListener('pointerleave', onPointerLeave);
    return () => {
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointermove', onPointerMove);
      element.removeEventListener('pointerup', onPointerUp);
      element.removeEventListener('pointercancel', onPointerUp);
      element.removeEventListener('pointerleave', onPointerLeave);
    };
  }, [gl, documentId, invalidate, setEvents]);
}

/** The output's distance from the input at the current frame, as a heat map on the output meshes. */
function useDisplacementHeat(documentId: number | null): void {
  const show = useOverlap((state) => state.showDisplacement);
  const bakeId = useOverlap((state) => state.baked?.bakeId ?? null);
  const view = useOverlap(effectiveViewMode);
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    const entry = registeredDocument(documentId);
    const bake = registeredBake(documentId, bakeId);
    const session = paintSession(documentId);
    if (!show || !entry?.imported || !bake?.positions || !session || view === 'input') return;
    const imported = entry.imported;
    const targets: Array<{ heat: HeatTarget; meshIndex: number; positions: Float32Array; inputTimes: Float64Array; input: Float32Array; values: Float32Array; renderCount: number; scale: number }> = [];
    for (const baked of bake.positions) {
      const object = bake.meshObjects.get(baked.mesh);
      const mesh = imported.meshes[baked.meshIndex];
      const heat = object ? heatTarget(bake.gltf, object, mesh) : null;
      if (!heat) continue;
      const summary = overlapStore.getState().baked?.meshes.find((item) => item.mesh === baked.mesh);
      targets.push({ heat, meshIndex: baked.meshIndex, positions: baked.positions, inputTimes: baked.inputTimes, input: new Float32Array(3 * mesh.renderVertexCount), values: new Float32Array(mesh.renderVertexCount), renderCount: mesh.renderVertexCount, scale: Math.max(summary?.maxDisplacement ?? 0, 1e-9) });
    }
    const update = (): void => {
      const state = overlapStore.getState();
      const baked = state.baked;
      if (!baked) return;
      const frame = Math.min(Math.max(Math.round(state.clipTime * baked.fps) - baked.frames[0], 0), baked.frames[1] - baked.frames[0]);
      for (const target of targets) {
        const stride = 3 * target.renderCount;
        session.evaluator.evaluateMesh(target.meshIndex, baked.clipIndex, target.inputTimes[frame], target.input);
        const output = target.positions.subarray(frame * stride, (frame + 1) * stride);
        for (let r = 0; r < target.renderCount; r++) {
          const d = Math.hypot(output[3 * r] - target.input[3 * r], output[3 * r + 1] - target.input[3 * r + 1], output[3 * r + 2] - target.input[3 * r + 2]);
          target.values[r] = d / target.scale;
        }
        writeRenderHeat(target.heat, target.values);
      }
      invalidate();
    };
    for (const target of targets) showHeat(target.heat, 'displacement');
    update();
    const unsubscribe = overlapStore.subscribe((state, previous) => {
      if (state.clipTime !== previous.clipTime) update();
    });
    return () => {
      unsubscribe();
      for (const target of targets) showHeat(target.heat, null);
      invalidate();
    };
  }, [documentId, bakeId, show, view, invalidate]);
}
