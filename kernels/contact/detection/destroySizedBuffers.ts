import type { GpuOgcDetectionData } from './types.ts';

/** Releases the sized buffers (made again on next use, with a new contact binding). */
export function destroySizedBuffers(d: GpuOgcDetectionData): void {
  if (!d.sized) return;
  d.sized.contact.destroy();
  d.sized.broad.destroy();
  d.sized.pointTable.destroy();
  d.sized.edgeTable.destroy();
  d.sized = null;
}
