/**
 * One stroke sample of the weight brush: every vertex within the radius of the brush centre (on the
 * deformed mesh at the current frame) gets alpha = strength · falloff(distance), mirrored vertices the
 * alpha of their mirror image (the larger, where both are hit), and then, as in Blender's weight paint:
 *
 *   add       w ← min(1, w + alpha·value)
 *   subtract  w ← max(0, w − alpha·value)
 *   set       w ← w + alpha·(value − w)        (Blender's "Draw"/mix)
 *   smooth    w ← w + alpha·(w̄ − w),  w̄ the mean of the neighbours' weights before this sample
 *
 * On a weight layer the mask rises toward 1 with the same alpha (m ← m + alpha·(1 − m)) so the layer
 * takes over where it is painted. On the max-distance channel the brush sets the brush's distance
 * (add, set) or clears the limit (subtract) on every vertex it reaches with alpha ≥ ½: a limit is a
 * hard boundary, not something to blend.
 *
 * Hot path (one call per stroke sample): scratch arrays come from the caller (`BrushScratch`) and are
 * reused (no allocation per sample); with the posed mesh's grid (`target.grid`, vertexGrid.ts, built once per pose)
 * the vertices within the radius are gathered from the cells the brush overlaps, else by a pass over every vertex.
 */
import type { BrushSettings, PaintChannel } from '../store/index.ts';
import { brushFalloff } from './brushFalloff.ts';
import type { EditRecorder } from './paintDocument.ts';
import type { VertexGrid } from './vertexGrid.ts';

/** Reusable per-mesh scratch of the brush (allocated once per mesh, not per sample). */
export interface BrushScratch {
  /** #V alpha of this sample */
  alpha: Float32Array;
  /** #V weights before this sample (smooth reads them) */
  previous: Float32Array;
  /** hit vertex indices of this sample; `hitCount` are valid */
  hits: Uint32Array;
  hitCount: number;
  /** the grid's candidates of this sample (vertices within the radius) */
  candidates: Uint32Array;
  /**
   * vertices changed by the samples since the heat map was last written (`changedCount` valid, each once; 1 in
   * `changedMark` for them): the samples of one frame (a pointer event's coalesced events) update the heat once
   */
  changed: Uint32Array;
  changedCount: number;
  changedMark: Uint8Array;
}

export function createBrushScratch(vertexCount: number): BrushScratch {
  return {
    alpha: new Float32Array(vertexCount),
    previous: new Float32Array(vertexCount),
    hits: new Uint32Array(vertexCount),
    hitCount: 0,
    candidates: new Uint32Array(vertexCount),
    changed: new Uint32Array(vertexCount),
    changedCount: 0,
    changedMark: new Uint8Array(vertexCount),
  };
}

/** Adds the last sample's hits (scratch.hits[0..hitCount)) to the changed set, each vertex once. */
export function collectChanged(scratch: BrushScratch): void {
  const { hits, changed, changedMark } = scratch;
  let count = scratch.changedCount;
  for (let k = 0; k < scratch.hitCount; k++) {
    const v = hits[k];
    if (changedMark[v]) continue;
    changedMark[v] = 1;
    changed[count++] = v;
  }
  scratch.changedCount = count;
}

/** Empties the changed set (after the heat map shows it). */
export function clearChanged(scratch: BrushScratch): void {
  for (let k = 0; k < scratch.changedCount; k++) scratch.changedMark[scratch.changed[k]] = 0;
  scratch.changedCount = 0;
}

/** What one sample acts on. */
export interface BrushTarget {
  mesh: string;
  channel: PaintChannel;
  /** the layer painted on (weights channel), or null for the base weights */
  layer: string | null;
  /** #V×3 deformed vertex positions at the current frame (world) */
  positions: Float32Array;
  /** CSR neighbours (smooth) */
  neighbourStart: Uint32Array;
  neighbours: Uint32Array;
  /** #V mirror image of each vertex, -1 where none; null when mirroring is off */
  mirror: Int32Array | null;
  /** a grid over `positions` (the same array) to gather the vertices near the centre; without it every vertex is tested */
  grid?: VertexGrid | null;
}

/**
 * @param recorder  the stroke's edit recorder (creates arrays on first write, keeps old values for undo)
 * @param target    mesh, channel, positions, adjacency, mirror
 * @param centre    brush centre [x, y, z] (world)
 * @param radius    world radius of the brush at the centre
 * @param brush     mode, value, strength, falloff
 * @param scratch   reusable arrays
 * @returns the number of vertices changed; their indices are scratch.hits[0..count)
 */
export function brushSample(
  recorder: EditRecorder,
  target: BrushTarget,
  centre: ArrayLike<number>,
  radius: number,
  brush: BrushSettings,
  scratch: BrushScratch,
): number {
  const { positions, mirror, grid } = target;
  const { alpha, hits, candidates } = scratch;
  let count = 0;
  const radiusSquared = radius * radius;
  // Candidates: the grid's gather (the vertices within the radius), or every vertex.
  const gathered = grid && grid.positions === positions;
  const candidateCount = gathered ? grid.gather(centre, radius, candidates) : positions.length / 3;
  for (let k = 0; k < candidateCount; k++) {
    const v = gathered ? candidates[k] : k;
    const dx = positions[3 * v] - centre[0];
    const dy = positions[3 * v + 1] - centre[1];
    const dz = positions[3 * v + 2] - centre[2];
    const distanceSquared = dx * dx + dy * dy + dz * dz;
    if (distanceSquared >= radiusSquared) continue;
    const a = brush.strength * brushFalloff(brush.falloff, Math.sqrt(distanceSquared), radius);
    if (a <= 0) continue;
    if (alpha[v] === 0) hits[count++] = v;
    alpha[v] = Math.max(alpha[v], a);
    if (mirror) {
      const m = mirror[v];
      if (m >= 0 && m !== v) {
        if (alpha[m] === 0) hits[count++] = m;
        alpha[m] = Math.max(alpha[m], a);
      }
    }
  }
  scratch.hitCount = count;
  if (count > 0) applyAlpha(recorder, target, brush, scratch, count);
  for (let k = 0; k < count; k++) alpha[hits[k]] = 0;
  return count;
}

function applyAlpha(recorder: EditRecorder, target: BrushTarget, brush: BrushSettings, scratch: BrushScratch, count: number): void {
  const { alpha, hits, previous } = scratch;
  const { mesh, layer } = target;
  if (target.channel === 'maxDistance') {
    const limits = recorder.array(mesh, 'maxDistance');
    const value = brush.mode === 'subtract' ? Infinity : brush.distance;
    for (let k = 0; k < count; k++) {
      const v = hits[k];
      if (alpha[v] < 0.5 * brush.strength && brush.strength > 0) continue;
      recorder.touch(mesh, 'maxDistance', undefined, v);
      limits[v] = value;
    }
    return;
  }
  const valuesTarget = layer === null ? 'base' : 'layerValues';
  const weights = recorder.array(mesh, valuesTarget, layer ?? undefined);
  const mask = layer === null ? null : recorder.array(mesh, 'layerMask', layer);
  if (brush.mode === 'smooth') {
    // Neighbour means are taken from the weights before this sample, not from ones it already changed.
    for (let k = 0; k < count; k++) {
      const v = hits[k];
      let sum = 0;
      const start = target.neighbourStart[v];
      const end = target.neighbourStart[v + 1];
      for (let n = start; n < end; n++) sum += weights[target.neighbours[n]];
      previous[v] = end > start ? sum / (end - start) : weights[v];
    }
  }
  for (let k = 0; k < count; k++) {
    const v = hits[k];
    const a = alpha[v];
    recorder.touch(mesh, valuesTarget, layer ?? undefined, v);
    const w = weights[v];
    let next: number;
    switch (brush.mode) {
      case 'add':
        next = Math.min(1, w + a * brush.weight);
        break;
      case 'subtract':
        next = Math.max(0, w - a * brush.weight);
        break;
      case 'smooth':
        next = w + a * (previous[v] - w);
        break;
      default:
        next = w + a * (brush.weight - w);
    }
    weights[v] = next;
    if (mask) {
      recorder.touch(mesh, 'layerMask', layer ?? undefined, v);
      mask[v] += a * (1 - mask[v]);
    }
  }
}
