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
import { useEffect, useMemo, type ReactElement } from 'react';
import { useApp } from '../appContext.ts';
import { overlapStore, useOverlap } from '../store/index.ts';
import { LatticeOverlay } from './LatticeOverlay.tsx';
import { renderQuality } from './renderQuality.ts';
import { SceneContent } from './SceneContent.tsx';
import { ViewToolbar } from './ViewToolbar.tsx';

/** Longest wall-clock step playback takes at once [s]: a stalled tab resumes smoothly instead of jumping. */
const MAX_FRAME_DELTA = 0.1;

/** Frames drawn so far and a way to ask for one more; the debug handle (and the e2e test) use them. */
export const renderStats = { frames: 0, invalidate: (): void => undefined };

function FrameCounter(): null {
  const invalidate = useThree((state) => state.invalidate);
  useEffect(() => {
    renderStats.invalidate = () => invalidate();
  }, [invalidate]);
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
          state.clipTime !== previous.clipTime ||
          state.activeClip !== previous.activeClip ||
          state.selectedMesh !== previous.selectedMesh ||
          state.documentId !== previous.documentId ||
          state.frameRequest !== previous.frameRequest ||
          state.baked !== previous.baked ||
          state.viewMode !== previous.viewMode ||
          state.showLattice !== previous.showLattice
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

export function Viewport(): ReactElement {
  const { latticeEngine } = useApp();
  const loading = useOverlap((state) => state.loading);
  const source = useOverlap((state) => state.source);
  const quality = useMemo(renderQuality, []);
  return (
    <div className="viewport" data-testid="viewport">
      <Canvas
        className="viewport-canvas"
        camera={{ fov: 35, near: 0.01, far: 1000, position: [3, 2, 6] }}
        frameloop="demand"
        dpr={quality.dpr}
        gl={{ antialias: quality.antialias, powerPreference: 'high-performance' }}
        onPointerMissed={(event) => {
          if (event.button === 0) overlapStore.getState().selectMesh(null);
        }}
      >
        <color attach="background" args={['#24272d']} />
        <hemisphereLight args={['#e4ebf7', '#3b3631', 1.3]} />
        <directionalLight position={[4, 7, 5]} intensity={2.4} />
        <directionalLight position={[-6, 3, -4]} intensity={0.9} color="#a9c1ff" />
        <SceneContent />
        <LatticeOverlay engine={latticeEngine} />
        <OrbitControls makeDefault enableDamping dampingFactor={0.15} />
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
      {loading ? <div className="viewport-loading">Loading {loading.name}…</div> : null}
      <div className="viewport-hint" aria-hidden="true">
        Left-drag orbit · Right-drag pan · Wheel zoom · F frame all
      </div>
    </div>
  );
}
