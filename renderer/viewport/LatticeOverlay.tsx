/**
 * The lattice overlay ("Show lattice"): the tetrahedral lattice the bake simulates, drawn as its distinct tet edges
 * (LineSegments), and the embedded surface, each welded surface vertex drawn as a point where its tet and barycentric
 * coordinates put it (C′u). For a simulated volume mesh it is the bake's own: the live preview's engine worker runs the
 * workspace's bake as a simulation session (app/bake SimulationSession, the same the bake runs) and the overlay draws
 * that session's embedding, simulated to the playhead's frame (clamped to the bake range), so what is drawn is what
 * is simulated. It is the live preview's one session: a frame Live simulated is drawn from what it recorded, not
 * simulated again (renderer/workers/previewRunner.ts). Other meshes (colliders, cloth, a mesh the engine cannot simulate) show the lattice
 * app/embedding would build at the panel's resolution, fitted to the animated surface (tetTargetFitter, seed 004
 * Eq. 4.1).
 *
 * Posing is latest-wins: one request is in flight at a time, and when it returns the newest playhead
 * time is requested next, so a slow fit skips frames instead of queueing them.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { BufferAttribute, BufferGeometry, LineBasicMaterial, PointsMaterial } from 'three';
import { MESH_DEFAULTS } from '../../app/bake/index.ts';
import { bakeRequestOptions } from '../document/bakeRequest.ts';
import { registeredDocument } from '../document/sceneRegistry.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import { overlapStore, useOverlap, type OverlapState } from '../store/index.ts';
import type { EngineClient } from '../workers/engineClient.ts';
import type { LatticePose } from '../workers/protocol.ts';

/** Drawn lattice edges and points, for the debug handle and the e2e test. */
export const latticeStats = { edges: 0, points: 0 };

/** The mesh the overlay shows: the selection, else the first simulated mesh, else the first mesh. */
export function latticeMesh(state: Pick<OverlapState, 'selectedMesh' | 'meshes' | 'meshSettings'>): string | null {
  if (state.selectedMesh) return state.selectedMesh;
  return state.meshes.find((mesh) => state.meshSettings[mesh.name]?.role === 'simulated')?.name ?? state.meshes[0]?.name ?? null;
}

const currentPose = (): LatticePose => {
  const state = overlapStore.getState();
  return { clipIndex: state.activeClip >= 0 ? state.activeClip : null, time: state.clipTime };
};

interface Drawn {
  lines: BufferGeometry;
  points: BufferGeometry;
}

export function LatticeOverlay({ engine }: { engine: EngineClient | null }): ReactElement | null {
  const show = useOverlap((state) => state.showLattice);
  const documentId = useOverlap((state) => state.documentId);
  const mesh = useOverlap(latticeMesh);
  const resolution = useOverlap((state) => (mesh ? state.meshSettings[mesh]?.latticeResolution : undefined) ?? MESH_DEFAULTS.latticeResolution);
  const invalidate = useThree((state) => state.invalidate);
  // What the bake's session depends on: a change rebuilds the overlay from the new session.
  const meshSettings = useOverlap((state) => state.meshSettings);
  const bakeSettings = useOverlap((state) => state.bakeSettings);
  const paintRevision = useOverlap((state) => state.paintRevision);
  const fps = useOverlap((state) => state.fps);
  const activeClip = useOverlap((state) => state.activeClip);
  const layers = useOverlap((state) => state.layers);
  const poseCorrections = useOverlap((state) => state.poseCorrections);
  const [drawn, setDrawn] = useState<Drawn | null>(null);
  const lineMaterial = useMemo(() => new LineBasicMaterial({ color: '#5fd0ff', transparent: true, opacity: 0.55 }), []);
  const pointMaterial = useMemo(() => new PointsMaterial({ color: '#ffc857', size: 3, sizeAttenuation: false }), []);
  useEffect(
    () => () => {
      lineMaterial.dispose();
      pointMaterial.dispose();
    },
    [lineMaterial, pointMaterial],
  );

  // Build the lattice whenever what it depends on changes.
  useEffect(() => {
    const file = registeredDocument(documentId)?.file;
    if (!show || !engine || documentId === null || !mesh || !file) {
      setDrawn(null);
      return;
    }
    let live = true;
    let built: Drawn | null = null;
    let posing = false;
    let stale = false;
    const { setLatticeStatus } = overlapStore.getState();
    setLatticeStatus({ kind: 'computing', mesh, resolution });

    const pose = (): void => {
      if (!built) return;
      if (posing) {
        stale = true;
        return;
      }
      posing = true;
      stale = false;
      const target = built;
      engine
        .poseLattice(currentPose())
        .then(({ positions, surface }) => {
          if (!live || built !== target) return;
          (target.lines.getAttribute('position').array as Float32Array).set(positions);
          target.lines.getAttribute('position').needsUpdate = true;
          target.lines.computeBoundingSphere();
          (target.points.getAttribute('position').array as Float32Array).set(surface);
          target.points.getAttribute('position').needsUpdate = true;
          target.points.computeBoundingSphere();
          invalidate();
        })
        .catch((error: unknown) => console.warn('lattice pose failed:', error))
        .finally(() => {
          posing = false;
          if (live && stale) pose();
        });
    };

    let options;
    try {
      options = bakeRequestOptions(overlapStore.getState(), paintDocument(documentId));
    } catch {
      options = undefined; // no clip to bake: the rest lattice alone
    }
    engine
      .lattice({ documentId, fileName: file.name, bytes: file.bytes, resources: file.resources }, mesh, resolution, currentPose(), options)
      .then((geometry) => {
        if (!live) return;
        const lines = new BufferGeometry();
        lines.setAttribute('position', new BufferAttribute(geometry.positions, 3));
        lines.setIndex(new BufferAttribute(geometry.edges, 1));
        const points = new BufferGeometry();
        points.setAttribute('position', new BufferAttribute(geometry.surface, 3));
        built = { lines, points };
        setDrawn(built);
        latticeStats.edges = geometry.edges.length / 2;
        latticeStats.points = geometry.surface.length / 3;
        setLatticeStatus({
          kind: 'ready',
          mesh,
          resolution: geometry.resolution,
          vertexCount: geometry.vertexCount,
          tetCount: geometry.tetCount,
          edgeCount: geometry.edges.length / 2,
          surfacePoints: geometry.surface.length / 3,
          duplicatedCells: geometry.stats.duplicatedCells,
          seconds: geometry.stats.seconds,
        });
        invalidate();
      })
      .catch((error: unknown) => {
        if (live) setLatticeStatus({ kind: 'failed', mesh, message: error instanceof Error ? error.message : String(error) });
      });

    const unsubscribe = overlapStore.subscribe((state, previous) => {
      if (state.clipTime !== previous.clipTime || state.activeClip !== previous.activeClip) pose();
    });
    return () => {
      live = false;
      unsubscribe();
      built?.lines.dispose();
      built?.points.dispose();
      latticeStats.edges = 0;
      latticeStats.points = 0;
      setDrawn(null);
    };
  }, [show, engine, documentId, mesh, resolution, invalidate, meshSettings, bakeSettings, paintRevision, fps, activeClip, layers, poseCorrections]);

  if (!drawn) return null;
  return (
    <group>
      <lineSegments geometry={drawn.lines} material={lineMaterial} renderOrder={2} raycast={() => null} />
      <points geometry={drawn.points} material={pointMaterial} renderOrder={3} raycast={() => null} />
    </group>
  );
}
