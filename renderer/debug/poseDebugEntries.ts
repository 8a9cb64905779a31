/**
 * The debug handle's pose entries: the keyed pose corrections, a Pose-tool drag as the gizmo makes it and how the
 * last one ended, and the positions the viewport draws for a mesh with and without corrections.
 */
import type { OverlapDebugHandle } from '../debugHandle.ts';
import { paintSession, selectionChanged } from '../paint/paintSession.ts';
import type { PoseEditor } from '../pose/poseEditor.ts';
import type { OverlapStore } from '../store/index.ts';
import { poseDisplay } from '../viewport/PoseLayer.tsx';
import { meshTools } from './meshTools.ts';

/** @param extra  its poseEditor (absent: no Pose tool, poseDrag resolves null), read when an entry is used */
export function poseDebugEntries(
  store: OverlapStore,
  extra: { poseEditor?: PoseEditor },
): Pick<OverlapDebugHandle, 'poseCorrections' | 'poseLastEnd' | 'poseDrag' | 'shownPosePositions' | 'inputPositions'> {
  const state = () => store.getState();
  const tools = (mesh: string) => meshTools(store, mesh);
  return {
    get poseCorrections() {
      return state().poseCorrections.map((c) => ({
        id: c.id,
        mesh: c.mesh,
        frame: c.frame,
        easeIn: c.easeIn,
        easeOut: c.easeOut,
        vertexCount: c.vertices.length,
      }));
    },
    get poseLastEnd() {
      return extra.poseEditor?.lastEnd() ?? null;
    },
    async poseDrag(mesh, vertices, translation, steps = 3, rotation) {
      const made = tools(mesh);
      const editor = extra.poseEditor;
      if (!made || !editor) return null;
      made.paint.selection.fill(0);
      for (const v of vertices) made.paint.selection[v] = 1;
      selectionChanged(store, made);
      if (!(await editor.begin(mesh))) return null;
      // The rotation's share of each step: the same axis, a fraction of the angle (the quaternion's power).
      const partial = (k: number): [number, number, number, number] | undefined => {
        if (!rotation) return undefined;
        const length = Math.hypot(...rotation);
        const [x, y, z, w] = rotation.map((q) => q / length);
        const half = Math.atan2(Math.hypot(x, y, z), w);
        const sine = Math.sin(half);
        const scale = sine > 1e-12 ? Math.sin((half * k) / steps) / sine : 0;
        return [x * scale, y * scale, z * scale, Math.cos((half * k) / steps)];
      };
      for (let k = 1; k <= steps; k++)
        editor.drag({ translation: [(translation[0] * k) / steps, (translation[1] * k) / steps, (translation[2] * k) / steps], rotation: partial(k) });
      return (await editor.end({ translation, rotation }))?.id ?? null;
    },
    shownPosePositions(mesh) {
      const shown = poseDisplay.positions.get(mesh);
      return shown ? Array.from(shown) : null;
    },
    inputPositions(mesh) {
      const made = tools(mesh);
      const session = paintSession(state().documentId);
      if (!made || !session) return null;
      const out = new Float32Array(3 * made.paint.vertexCount);
      session.evaluator.evaluateSimulationPositions(made.paint.meshIndex, state().activeClip >= 0 ? state().activeClip : null, state().clipTime, out);
      return Array.from(out);
    },
  };
}
