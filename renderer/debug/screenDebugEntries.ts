/**
 * The debug handle's screen entries: where welded vertices of the current frame appear in the window (CSS pixels),
 * for end-to-end tests that click or drag on a mesh.
 */
import { Vector3 } from 'three';
import type { OverlapDebugHandle } from '../debugHandle.ts';
import { paintSession } from '../paint/paintSession.ts';
import type { OverlapStore } from '../store/index.ts';
import { screenPoint } from '../viewport/brush/screenPoint.ts';
import { viewportCamera } from '../viewport/viewportCamera.ts';
import { meshTools } from './meshTools.ts';

export function screenDebugEntries(store: OverlapStore): Pick<OverlapDebugHandle, 'screenPosition' | 'screenBounds'> {
  const state = () => store.getState();
  const tools = (mesh: string) => meshTools(store, mesh);
  return {
    screenPosition(mesh, vertices) {
      const made = tools(mesh);
      const session = paintSession(state().documentId);
      const view = viewportCamera.get();
      if (!made || !session || !view || vertices.length === 0) return null;
      made.picker.pose(session.evaluator, state().activeClip >= 0 ? state().activeClip : null, state().clipTime);
      const centroid = new Vector3();
      for (const v of vertices) centroid.add(new Vector3(made.picker.positions[3 * v], made.picker.positions[3 * v + 1], made.picker.positions[3 * v + 2]));
      const { x, y, z } = screenPoint(centroid.divideScalar(vertices.length), view.camera, view.element.getBoundingClientRect());
      if (z > 1) return null;
      return { x, y };
    },
    screenBounds(meshes) {
      const session = paintSession(state().documentId);
      const view = viewportCamera.get();
      if (!session || !view) return null;
      const box = view.element.getBoundingClientRect();
      const point = new Vector3();
      let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const mesh of meshes ?? state().meshes.map((entry) => entry.name)) {
        const made = tools(mesh);
        if (!made) continue;
        made.picker.pose(session.evaluator, state().activeClip >= 0 ? state().activeClip : null, state().clipTime);
        for (let v = 0; v < made.picker.positions.length; v += 3) {
          const { x, y } = screenPoint(point.set(made.picker.positions[v], made.picker.positions[v + 1], made.picker.positions[v + 2]), view.camera, box);
          [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
        }
      }
      if (!Number.isFinite(left)) return null;
      return { left, top, right, bottom, canvas: { left: box.left, top: box.top, right: box.right, bottom: box.bottom } };
    },
  };
}
