/**
 * The 3D viewport: a WebGL canvas (react-three-fiber) with orbit camera, lights, grid, axis gizmo
 * and the loaded scene. Display uses three.js's WebGL renderer; WebGPU is the compute backend.
 *
 * Frames are drawn on demand (`frameloop="demand"`): while playing, PlaybackClock advances the
 * playhead once per animation frame and requests a frame; otherwise a frame is drawn only when
 * something visible changes (camera, playhead, selection, document). An idle window costs no CPU
 * or GPU, which matters on laptops and on machines that render in software.
 */
import { GizmoHelper, GizmoViewport, OrbitControls } from '@react-three/drei';
import { Canvas, useFrame, useThree } from '@react-three/fiber';
import { useEffect, useMemo, useSyncExternalStore, type ReactElement } from 'react';
import { MOUSE } from 'three';
import { useApp } from '../appContext.ts';
import { FirstRunCard } from '../panels/FirstRunCard.tsx';
import { brushCursor } from './brushCursor.ts';
import { viewportCamera } from './viewportCamera.ts';
import { PaintLayer } from './PaintLayer.tsx';
import { HeatLegend, PaintToolbar } from './PaintToolbar.tsx';
import { anyChanged, overlapStore, useOverlap } from '../store/index.ts';
import { IntersectionOverlay } from './IntersectionOverlay.tsx';
import { LatticeOverlay } from './LatticeOverlay.tsx';
import { PoseLayer } from './PoseLayer.tsx';
import { renderQuality } from './renderQuality.ts';
import { SceneContent } from './SceneContent.tsx';
import { PreviewMeshes } from './PreviewMeshes.tsx';
import { ViewToolbar } from './ViewToolbar.tsx';

/** Longest wall-clock step playback takes at once [s]: a stalled tab resumes smoothly instead of jumping. */
const MAX_FRAME_DELTA = 0.1;

/** Frames drawn so far and a way to ask for one more; the debug handle (and the e2e test) use them. */
export const renderStats = { frames: 0, invalidate: (): void => undefined };

function FrameCounter(): null {
  const invalidate = useThree((state) => state.invalidate);
  const camera = useThree((state) => state.camera);
  const gl = useThree((state) => state.gl);
  useEffect(() => {
    renderStats.invalidate = () => invalidate();
  }, [invalidate]);
  useEffect(() => {
    viewportCamera.set({ camera, element: gl.domElement });
    return () => viewportCamera.set(null);
  }, [camera, gl]);
  useFrame(() => {
    renderStats.frames++;
  });
  return null;
}

/** Advances the playhead in real time while playing, and redraws whenever visible state changes. */
function PlaybackClock(): null {
  const invalidate = useThree((state) => state.invalidate);
  const playing = useOverlap((state) => state.playing);
  useEffect(
    () =>
      overlapStore.subscribe((state, previous) => {
        if (
          anyChanged(state, previous, [
            'clipTime',
            'activeClip',
            'selectedMesh',
            'documentId',
            'frameRequest',
            'baked',
            'viewMode',
            'showLattice',
            'showIntersections',
            'paintRevision',
            'paintMode',
            'paintTool',
            'poseCorrections',
          ])
        ) {
          invalidate();
        }
      }),
    [invalidate],
  );
  useEffect(() => {
    if (!playing) return;
    let handle = 0;
    let last = performance.now();
    const tick = (now: number): void => {
      overlapStore.getState().advance(Math.min((now - last) / 1000, MAX_FRAME_DELTA));
      last = now;
      handle = requestAnimationFrame(tick);
    };
    handle = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(handle);
  }, [playing]);
  return null;
}

/** The brush outline, box-select rectangle and gradient line over the canvas. */
function BrushOverlay(): ReactElement | null {
  const cursor = useSyncExternalStore(brushCursor.subscribe, brushCursor.get);
  const paintMode = useOverlap((state) => state.paintMode);
  if (!paintMode) return null;
  return (
    <div className="brush-overlay" aria-hidden="true">
      {cursor.visible && cursor.radius > 0 ? (
        <div
          className="brush-ring"
          style={{ left: cursor.x - cursor.radius, top: cursor.y - cursor.radius, width: 2 * cursor.radius, height: 2 * cursor.radius }}
        />
      ) : null}
      {cursor.box ? (
        <div
          className="select-box"
          style={{
            left: Math.min(cursor.box.x0, cursor.box.x1),
            top: Math.min(cursor.box.y0, cursor.box.y1),
            width: Math.abs(cursor.box.x1 - cursor.box.x0),
            height: Math.abs(cursor.box.y1 - cursor.box.y0),
          }}
        />
      ) : null}
      {cursor.line ? (
        <svg className="gradient-line" width="100%" height="100%">
          <line x1={cursor.line.x0} y1={cursor.line.y0} x2={cursor.line.x1} y2={cursor.line.y1} />
        </svg>
      ) : null}
    </div>
  );
}

/**
 * Tab toggles weight paint as in Blender, but only when the viewport was focused by a click (or
 * nothing is focused): a keyboard user tabbing through the panels must be able to Tab past it.
 */
let focusedByPointer = false;

export function Viewport(): ReactElement {
  const { poseEngine, previewEngine, poseEditor } = useApp();
  const loading = useOverlap((state) => state.loading);
  const source = useOverlap((state) => state.source);
  const paintMode = useOverlap((state) => state.paintMode);
  const quality = useMemo(renderQuality, []);
  return (
    <div
      className={`viewport${paintMode ? ' painting' : ''}`}
      data-testid="viewport"
      tabIndex={0}
      role="region"
      aria-label="3D viewport (F frames the selection, or everything; Tab after clicking toggles weight paint)"
      onPointerDown={(event) => {
        focusedByPointer = true;
        if (event.target instanceof HTMLCanvasElement) event.currentTarget.focus({ preventScroll: true });
      }}
      onFocus={(event) => {
        if (event.target === event.currentTarget && !event.currentTarget.matches(':focus-visible')) focusedByPointer = true;
      }}
      onBlur={() => (focusedByPointer = false)}
      onKeyDown={(event) => {
        if (event.key === 'Tab' && !event.shiftKey && !event.altKey && focusedByPointer && event.target === event.currentTarget) {
          event.preventDefault();
          overlapStore.getState().setPaintMode(!overlapStore.getState().paintMode);
        }
      }}
    >
      <Canvas
        className="viewport-canvas"
        camera={{ fov: 35, near: 0.01, far: 1000, position: [3, 2, 6] }}
        frameloop="demand"
        dpr={quality.dpr}
        gl={{ antialias: quality.antialias, powerPreference: 'high-performance' }}
        onPointerMissed={(event) => {
          if (event.button === 0 && !overlapStore.getState().paintMode) overlapStore.getState().selectMesh(null);
        }}
      >
        <color attach="background" args={['#24272d']} />
        <hemisphereLight args={['#e4ebf7', '#3b3631', 1.3]} />
        <directionalLight position={[4, 7, 5]} intensity={2.4} />
        <directionalLight position={[-6, 3, -4]} intensity={0.9} color="#a9c1ff" />
        <SceneContent />
        <PreviewMeshes />
        <PaintLayer />
        <PoseLayer editor={poseEditor ?? null} />
        <LatticeOverlay engine={previewEngine} />
        <IntersectionOverlay engine={poseEngine} />
        {/* In paint mode the left button paints: orbit moves to the middle button, as in Blender. */}
        {/* The wheel zooms toward the point under the cursor, as in Blender (Zoom to Mouse Position) and Maya. */}
        <OrbitControls
          makeDefault
          enableDamping
          dampingFactor={0.15}
          zoomToCursor
          mouseButtons={paintMode ? { MIDDLE: MOUSE.ROTATE, RIGHT: MOUSE.PAN } : { LEFT: MOUSE.ROTATE, MIDDLE: MOUSE.DOLLY, RIGHT: MOUSE.PAN }}
        />
        <GizmoHelper alignment="top-right" margin={[56, 56]}>
          <GizmoViewport axisColors={['#e5575f', '#7bc45b', '#4f8fe6']} labelColor="#15171a" />
        </GizmoHelper>
        <FrameCounter />
        <PlaybackClock />
      </Canvas>
      <div className="viewport-label" aria-hidden="true">
        {source ? source.name : 'No document'} · Perspective{quality.software ? ' · software rendering' : ''}
      </div>
      <ViewToolbar />
      <PaintToolbar />
      <HeatLegend />
      <BrushOverlay />
      <FirstRunCard />
      {loading ? <div className="viewport-loading">Loading {loading.name}…</div> : null}
      <div className="viewport-hint" aria-hidden="true">
        {paintMode
          ? 'Left-drag paint · Middle-drag orbit · Right-drag pan · Wheel zoom to the cursor · Tab leave paint mode'
          : 'Left-drag orbit · Right-drag pan · Wheel zoom to the cursor · F frame selected (or all)'}
      </div>
    </div>
  );
}
