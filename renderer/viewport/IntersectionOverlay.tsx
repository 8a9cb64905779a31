/**
 * The intersection overlay ("Intersections"): the triangles that cut through another triangle at the current frame,
 * of the same mesh or of another, drawn in red over the meshes shown; the toolbar states the counts (the store's
 * `intersections`). The check is app/intersection's exact one (what `overlap check` runs), in the engine worker on the
 * welded surfaces: the input as the file animates it at the playhead's frame, the output from the bake's own
 * positions at its frame. The worker caches each checked frame, so scrubbing back costs nothing.
 *
 * While the bake's output is shown, the filter next to the toggle (the store's `intersectionFilter`,
 * shownIntersectionFilter) picks which set is red: *added by the bake* (the default), the output's new intersection
 * regions, which the worker finds against the input of the same frame with app/contact's input-region rule (the
 * measure of `overlap check --against` and the bake's report: a layered character's gear already cuts into its body,
 * and the simulation slides those crossings a ring or two without passing anything new through); *input*, the input's
 * intersecting triangles (on the input's ghost in Both, on the output's surface in Output: input and output share
 * their triangles); *output*, all of the output's. With only the input shown, the input's are drawn.
 *
 * Requests are latest-wins, as the lattice's poses: one check is in flight at a time, and when it returns the newest
 * frame is checked next, so a slow check skips frames during playback instead of queueing them. The red triangles
 * are drawn on the meshes' own deforming geometry (triangleOverlay.ts), so they stay on the surface between checks.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { DoubleSide, MeshBasicMaterial } from 'three';
import { registeredBake, registeredDocument } from '../document/sceneRegistry.ts';
import { effectiveViewMode, frameAt, overlapStore, shownIntersectionFilter, useOverlap } from '../store/index.ts';
import type { EngineClient } from '../workers/engineClient.ts';
import type { FrameIntersectionsView, IntersectionOutputFrame, LatticePose } from '../workers/protocol.ts';
import { triangleOverlay } from './triangleOverlay.ts';

/** Triangles the overlay draws now, on the input and on the output (for the debug handle and the e2e test). */
export const intersectionStats = { input: 0, output: 0 };

/** Drawn over the surface it covers: a negative polygon offset wins the depth test against the same triangles. */
function overlayMaterial(opacity: number): MeshBasicMaterial {
  return new MeshBasicMaterial({
    color: '#ff2d2d',
    side: DoubleSide,
    transparent: opacity < 1,
    opacity,
    depthWrite: false,
    polygonOffset: true,
    polygonOffsetFactor: -2,
    polygonOffsetUnits: -8,
  });
}

export function IntersectionOverlay({ engine }: { engine: EngineClient | null }): null {
  const show = useOverlap((state) => state.showIntersections);
  const documentId = useOverlap((state) => state.documentId);
  const bakeId = useOverlap((state) => state.baked?.bakeId ?? null);
  const view = useOverlap(effectiveViewMode);
  const filter = useOverlap(shownIntersectionFilter);
  const invalidate = useThree((state) => state.invalidate);
  const solid = useMemo(() => overlayMaterial(0.9), []);
  // On the input while it is a ghost behind the output (Both): as faint as the ghost's own tint is strong.
  const faint = useMemo(() => overlayMaterial(0.45), []);
  useEffect(
    () => () => {
      solid.dispose();
      faint.dispose();
    },
    [solid, faint],
  );

  useEffect(() => {
    const { setIntersectionStatus } = overlapStore.getState();
    const entry = registeredDocument(documentId);
    if (!show || !engine || !entry) return;
    const { file, imported } = entry;
    if (!file || !imported) {
      setIntersectionStatus({ kind: 'failed', message: 'this file was read for viewing only: it cannot be checked' });
      return;
    }
    const bake = view === 'input' ? null : registeredBake(documentId, bakeId);
    const baked = bake?.positions ? { bake, positions: bake.positions } : null;
    const inputOverlay = view === 'output' ? null : triangleOverlay(entry.gltf, entry.meshObjects, imported, view === 'both' ? faint : solid);
    const outputOverlay = baked ? triangleOverlay(baked.bake.gltf, baked.bake.meshObjects, imported, solid) : null;
    const payload = { documentId: documentId!, fileName: file.name, bytes: file.bytes, resources: file.resources };
    let live = true;
    let checking = false;
    let stale = false;
    if (overlapStore.getState().intersections.kind !== 'ready') setIntersectionStatus({ kind: 'computing' });

    /** The input at the playhead's frame, and the output's frame of it when the output is shown. */
    const requests = (): { frame: number; input: LatticePose; output: { pose: LatticePose; frame: IntersectionOutputFrame } | null } => {
      const state = overlapStore.getState();
      const clipIndex = state.activeClip >= 0 && state.activeClip < state.clips.length ? state.activeClip : null;
      const frame = clipIndex === null ? 0 : frameAt(state.clipTime, state.fps);
      const input = { clipIndex, time: clipIndex === null ? 0 : Math.min(frame / state.fps, state.clips[clipIndex].duration) };
      const summary = state.baked;
      if (!baked || !summary || summary.bakeId !== baked.bake.bakeId || summary.clipIndex !== clipIndex) return { frame, input, output: null };
      // The frame the output shows (as the Distance heat map picks it): the playhead's, clamped to the baked range.
      const k = Math.min(Math.max(frameAt(state.clipTime, summary.fps) - summary.frames[0], 0), summary.frames[1] - summary.frames[0]);
      const meshes = baked.positions.map((mesh) => {
        const stride = 3 * imported.meshes[mesh.meshIndex].renderVertexCount;
        return { meshIndex: mesh.meshIndex, positions: mesh.positions.slice(k * stride, (k + 1) * stride) };
      });
      const time = baked.positions[0]?.inputTimes[k] ?? (summary.frames[0] + k) / summary.fps;
      return { frame, input, output: { pose: { clipIndex: summary.clipIndex, time }, frame: { bakeId: summary.bakeId, frame: k, meshes } } };
    };

    const check = async (): Promise<void> => {
      if (checking) {
        stale = true;
        return;
      }
      checking = true;
      stale = false;
      try {
        const next = requests();
        const input = await engine.intersections(payload, next.input, null);
        const output: FrameIntersectionsView | null = next.output ? await engine.intersections(payload, next.output.pose, next.output.frame) : null;
        if (!live) return;
        const triangles = (result: FrameIntersectionsView): Uint32Array[] => result.meshes.map((mesh) => mesh.triangles);
        // Only the chosen set is red, on the surface that shows it: the input's on the input (or its ghost) where
        // that is drawn, else on the output (same triangles); the output's and the added ones on the output.
        const shown = output ? filter : 'input';
        const onInput = shown === 'input' && inputOverlay !== null;
        const outputSet = !output
          ? []
          : shown === 'added'
            ? (output.added?.triangles ?? [])
            : shown === 'output'
              ? triangles(output)
              : onInput
                ? []
                : triangles(input);
        intersectionStats.input = inputOverlay?.show(onInput ? triangles(input) : []) ?? 0;
        intersectionStats.output = outputOverlay?.show(outputSet) ?? 0;
        setIntersectionStatus({
          kind: 'ready',
          frame: next.frame,
          filter: shown,
          input: input.triangleCount,
          inputPairs: input.total,
          output: output ? output.triangleCount : null,
          outputPairs: output ? output.total : null,
          newRegions: output?.added ? output.added.regions : null,
          added: output?.added ? output.added.triangleCount : null,
        });
        invalidate();
      } catch (error) {
        if (live) setIntersectionStatus({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      } finally {
        checking = false;
        if (live && stale) void check();
      }
    };

    void check();
    const unsubscribe = overlapStore.subscribe((state, previous) => {
      if (state.clipTime !== previous.clipTime || state.activeClip !== previous.activeClip || state.fps !== previous.fps) void check();
    });
    return () => {
      live = false;
      unsubscribe();
      inputOverlay?.dispose();
      outputOverlay?.dispose();
      intersectionStats.input = 0;
      intersectionStats.output = 0;
      invalidate();
    };
  }, [show, engine, documentId, bakeId, view, filter, solid, faint, invalidate]);

  return null;
}
