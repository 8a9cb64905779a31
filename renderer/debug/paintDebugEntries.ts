/**
 * The debug handle's paint entries: the weights the heat map shows, the painted base weights, max distances and
 * layers of a mesh, its bones and the vertices bound to one, selecting vertices, and the brush's timings.
 */
import type { OverlapDebugHandle } from '../debugHandle.ts';
import { displayWeights } from '../paint/paintDocument.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import { boneVertexList, meshBones, paintSession, selectionChanged } from '../paint/paintSession.ts';
import type { OverlapStore } from '../store/index.ts';
import { paintStats } from '../viewport/PaintLayer.tsx';
import { meshTools } from './meshTools.ts';

type PaintEntry =
  | 'weights'
  | 'paintedWeights'
  | 'maxDistances'
  | 'layerArrays'
  | 'boneVertices'
  | 'bones'
  | 'selectVertices'
  | 'paintStats'
  | 'resetPaintStats';

export function paintDebugEntries(store: OverlapStore): Pick<OverlapDebugHandle, PaintEntry> {
  const state = () => store.getState();
  const tools = (mesh: string) => meshTools(store, mesh);
  return {
    weights(mesh) {
      const session = paintSession(state().documentId);
      const made = tools(mesh);
      if (!session || !made) return null;
      const current = state();
      return Array.from(
        displayWeights(session.paint, made.paint, current.layers, null, current.clipTime * current.fps, new Float32Array(made.paint.vertexCount)),
      );
    },
    paintedWeights(mesh) {
      const base = tools(mesh)?.paint.base;
      return base ? Array.from(base) : null;
    },
    maxDistances(mesh) {
      const limits = tools(mesh)?.paint.maxDistance;
      return limits ? Array.from(limits, (d) => (Number.isFinite(d) ? d : null)) : null;
    },
    layerArrays(mesh) {
      const paint = paintDocument(state().documentId);
      const out: Record<string, { values: number[]; mask: number[] }> = {};
      for (const [id, layer] of paint?.layers ?? []) if (layer.mesh === mesh) out[id] = { values: Array.from(layer.values), mask: Array.from(layer.mask) };
      return out;
    },
    boneVertices(mesh, bone, descendants) {
      const index = meshBones(state().documentId, mesh).indexOf(bone);
      return index < 0 ? [] : boneVertexList(state().documentId, mesh, index, descendants);
    },
    bones(mesh) {
      return meshBones(state().documentId, mesh);
    },
    selectVertices(mesh, vertices) {
      const made = tools(mesh);
      if (!made) return;
      made.paint.selection.fill(0);
      for (const v of vertices) made.paint.selection[v] = 1;
      selectionChanged(store, made);
    },
    get paintStats() {
      return { samples: [...paintStats.samples], frames: [...paintStats.frames], handler: [...paintStats.handler], nextFrame: [...paintStats.nextFrame] };
    },
    resetPaintStats() {
      paintStats.samples.length = 0;
      paintStats.frames.length = 0;
      paintStats.handler.length = 0;
      paintStats.nextFrame.length = 0;
    },
  };
}
