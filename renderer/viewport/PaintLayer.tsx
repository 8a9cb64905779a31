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
import type { HeatPalette } from '../paint/heatMaterial.ts';
import { showHeat, writeRenderHeat, type HeatTarget } from '../paint/heatTarget.ts';
import { paintSession, type MeshTools } from '../paint/paintSession.ts';
import { heatTarget } from '../paint/heatTarget.ts';
import { effectiveViewMode, overlapStore, useOverlap, type OverlapState } from '../store/index.ts';
import { brushCursor } from './brushCursor.ts';
import { paintStats } from './brush/paintStats.ts';
import { pointerDown } from './brush/pointerDown.ts';
import { pointerMove } from './brush/pointerMove.ts';
import { pointerUp } from './brush/pointerUp.ts';
import type { BrushContext, BrushStroke } from './brush/types.ts';
import { writeMeshHeat } from './brush/writeMeshHeat.ts';

export { paintStats } from './brush/paintStats.ts';
export { LIMIT_DISPLAY_RANGE } from './brush/writeMeshHeat.ts';

function palette(state: OverlapState): HeatPalette | null {
  if (state.paintMode) return state.paintChannel === 'weights' ? 'weights' : 'limits';
  return state.showWeights ? 'weights' : null;
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

/**
 * Pointer handling of the paint tools on the canvas: builds the steps' BrushContext (renderer/viewport/brush/) and
 * registers their pointer handlers; records when the frame that shows a sample has been drawn (paintStats).
 */
function useBrush(documentId: number | null): void {
  const gl = useThree((state) => state.gl);
  const camera = useThree((state) => state.camera);
  const size = useThree((state) => state.size);
  const invalidate = useThree((state) => state.invalidate);
  const setEvents = useThree((state) => state.setEvents);
  const view = useRef({ camera, size });
  view.current = { camera, size };
  const stroke = useRef<BrushStroke | null>(null);

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
    const context: BrushContext = {
      documentId,
      element,
      view,
      stroke,
      raycaster: new Raycaster(),
      ndc: new Vector2(),
      hitPoint: new Vector3(),
      invalidate,
      setEvents,
    };
    const onPointerDown = (event: PointerEvent): void => pointerDown(context, event);
    const onPointerMove = (event: PointerEvent): void => pointerMove(context, event);
    const onPointerUp = (event: PointerEvent): void => pointerUp(context, event);
    const onPointerLeave = (): void => brushCursor.set({ visible: false });
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
    const targets: Array<{
      heat: HeatTarget;
      meshIndex: number;
      positions: Float32Array;
      inputTimes: Float64Array;
      input: Float32Array;
      values: Float32Array;
      renderCount: number;
      scale: number;
    }> = [];
    for (const baked of bake.positions) {
      const object = bake.meshObjects.get(baked.mesh);
      const mesh = imported.meshes[baked.meshIndex];
      const heat = object ? heatTarget(bake.gltf, object, mesh) : null;
      if (!heat) continue;
      const summary = overlapStore.getState().baked?.meshes.find((item) => item.mesh === baked.mesh);
      targets.push({
        heat,
        meshIndex: baked.meshIndex,
        positions: baked.positions,
        inputTimes: baked.inputTimes,
        input: new Float32Array(3 * mesh.renderVertexCount),
        values: new Float32Array(mesh.renderVertexCount),
        renderCount: mesh.renderVertexCount,
        scale: Math.max(summary?.maxDisplacement ?? 0, 1e-9),
      });
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
