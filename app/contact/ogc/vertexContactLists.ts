import { contactSlotCount } from '../../solvers/vbd/index.ts';
import type { OgcContactState } from './types.ts';

/**
 * The per-vertex gather lists of the detection's contacts (VbdContactData.vertexContactOffsets / vertexContacts, CSR
 * by simulation vertex): each entry (c << 4) | (slot << 2) | corner names a contact, the slot of its point and the
 * point's corner (a simulation vertex with nonzero weight), so the vertex solve (VBD's per-vertex Newton step, seed
 * 000 Algorithm 4 with the contact energy of Eq. 5.17) gathers its contact force and Hessian from them. Two passes:
 * count, then a prefix sum and fill in contact order; then each list sorted by content (entryBefore), as the GPU
 * does. Twin: the `countEntries`, `scanEntries`, `fillEntries` and `sortEntries` kernels of
 * kernels/contact/ogcDetection.wgsl.
 *
 * Why sorted: the order contacts are appended in depends on how the candidate pairs were found (a full search, or the
 * last search's lists reused with the hot features searched again: ogc/hotFeatures.ts), which depends on the frames
 * before; the set of contacts does not (every candidate is tested exactly). Summed in a content order, a vertex's
 * force is the same whatever the search's history, so a bake resumed from a checkpoint (whose caches start empty)
 * writes the bytes of one that never stopped; in contact order the residuals differed in their last bits.
 *
 * @param state  the contact after a detection's contacts were appended (state.data; vertexContacts grows)
 */
export function vertexContactLists(state: OgcContactState): void {
  const { data, S, V, options } = state;
  const offsets = data.vertexContactOffsets;
  offsets.fill(0);
  const C = data.contactCount;
  for (let pass = 0; pass < 2; pass++) {
    for (let c = 0; c < C; c++) {
      const slots = contactSlotCount(data.contactKinds[c]);
      for (let slot = 0; slot < slots; slot++) {
        const point = data.contactPoints[4 * c + slot];
        if (point >= S) continue;
        for (let corner = 0; corner < 4; corner++) {
          if (options.pointWeights[4 * point + corner] === 0) continue;
          const v = options.pointVertices[4 * point + corner];
          if (pass === 0) offsets[v + 1]++;
          else data.vertexContacts[offsets[v]++] = (c << 4) | (slot << 2) | corner;
        }
      }
    }
    if (pass === 0) {
      for (let v = 0; v < V; v++) offsets[v + 1] += offsets[v];
      if (data.vertexContacts.length < offsets[V]) data.vertexContacts = new Uint32Array(Math.max(offsets[V], 2 * data.vertexContacts.length));
    } else {
      for (let v = V; v > 0; v--) offsets[v] = offsets[v - 1];
      offsets[0] = 0;
    }
  }
  // Each list in content order (insertion sort: a vertex has a few to a few tens of entries).
  const entries = data.vertexContacts;
  for (let v = 0; v < V; v++) {
    const start = offsets[v];
    const end = offsets[v + 1];
    for (let i = start + 1; i < end; i++) {
      const entry = entries[i];
      let j = i;
      while (j > start && entryBefore(data, entry, entries[j - 1])) {
        entries[j] = entries[j - 1];
        j--;
      }
      entries[j] = entry;
    }
  }
}

/**
 * Whether gather entry a comes before b in content order: by contact kind, the contact's points, its normal force and
 * normal, then the entry's slot and corner (the GPU's `entryBefore`, which compares the float32 bits of the force and
 * normal where this compares the numbers: either order is fixed by content alone).
 */
function entryBefore(data: OgcContactState['data'], a: number, b: number): boolean {
  const ca = a >>> 4;
  const cb = b >>> 4;
  if (ca !== cb) {
    const kindA = data.contactKinds[ca];
    const kindB = data.contactKinds[cb];
    if (kindA !== kindB) return kindA < kindB;
    for (let k = 0; k < 4; k++) {
      const pa = data.contactPoints[4 * ca + k];
      const pb = data.contactPoints[4 * cb + k];
      if (pa !== pb) return pa < pb;
    }
    const fa = data.contactNormalForces[ca];
    const fb = data.contactNormalForces[cb];
    if (fa !== fb) return fa < fb;
    for (let k = 0; k < 3; k++) {
      const na = data.contactNormals[3 * ca + k];
      const nb = data.contactNormals[3 * cb + k];
      if (na !== nb) return na < nb;
    }
  }
  return (a & 15) < (b & 15);
}
