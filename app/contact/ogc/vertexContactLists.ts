import { CONTACT_KIND } from '../../solvers/vbd/index.ts';
import type { OgcContactState } from './types.ts';

/**
 * The per-vertex gather lists of the detection's contacts (VbdContactData.vertexContactOffsets / vertexContacts, CSR
 * by simulation vertex): each entry (c << 4) | (slot << 2) | corner names a contact, the slot of its point and the
 * point's corner (a simulation vertex with nonzero weight), so the vertex solve (VBD's per-vertex Newton step, seed
 * 000 Algorithm 4 with the contact energy of Eq. 5.17) gathers its contact force and Hessian from them. Two passes:
 * count, then a prefix sum and fill in contact order. Twin: the `countEntries`, `scanEntries`, `fillEntries` and
 * `sortEntries` kernels of kernels/contact/ogcDetection.wgsl (the GPU sorts each list by content instead).
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
      const kind = data.contactKinds[c];
      const slots = kind === CONTACT_KIND.vertexPlane || kind === CONTACT_KIND.pointTarget ? 1 : kind === CONTACT_KIND.vertexVertex ? 2 : kind === CONTACT_KIND.vertexEdge ? 3 : 4;
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
}
