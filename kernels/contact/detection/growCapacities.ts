import { destroySizedBuffers } from './destroySizedBuffers.ts';
import type { GpuOgcDetectionData, GpuOgcDetectionStats } from './types.ts';

/**
 * After the gate's words were read: when a total was over its capacity, grows the capacities (1.5× the need, at
 * least doubled; list entries at least 4 a contact) and drops the sized buffers (made again on next use, with a new
 * contact binding); returns whether it grew (the work since the words were cleared must then be run again).
 */
export function growCapacities(d: GpuOgcDetectionData, stats: GpuOgcDetectionStats): boolean {
  const c = d.capacity;
  const l = stats.largest;
  const over =
    l.contacts > c.contacts ||
    l.entries > c.entries ||
    l.pointEntries > c.pointEntries ||
    l.edgeEntries > c.edgeEntries ||
    l.pointAnswers > c.pointAnswers ||
    l.edgeAnswers > c.edgeAnswers;
  if (!over) return false;
  const grow = (current: number, needed: number): number => (needed > current ? Math.max(2 * current, Math.ceil(1.5 * needed)) : current);
  c.contacts = grow(c.contacts, l.contacts);
  c.entries = grow(c.entries, Math.max(l.entries, 4 * l.contacts));
  c.pointEntries = grow(c.pointEntries, l.pointEntries);
  c.edgeEntries = grow(c.edgeEntries, l.edgeEntries);
  c.pointAnswers = grow(c.pointAnswers, l.pointAnswers);
  c.edgeAnswers = grow(c.edgeAnswers, l.edgeAnswers);
  destroySizedBuffers(d);
  return true;
}
