import { emptyVbdContactData } from '../../../app/solvers/vbd/index.ts';
import { storageBuffer } from '../../gpu/storageBuffer.ts';
import { CONTACT_HEADER_WORDS, packVbdContact } from '../../vbd/packVbdContact.ts';
import type { GpuOgcDetectionData } from './types.ts';

/**
 * The contact binding (packVbdContact) with room for the capacities: the fixed arrays packed, the contact sections
 * empty; its header kept in d.contactHeader.
 * @throws RangeError when a plane has a zero normal
 */
export function packContactBuffer(d: GpuOgcDetectionData): GPUBuffer {
  const o = d.options;
  const S = d.surfacePointCount;
  const V = d.vertexCount;
  const O = d.pointCount - S;
  const planes = new Float64Array(o.planes?.length ?? 0);
  for (let k = 0; k + 3 < planes.length; k += 4) {
    const length = Math.hypot(o.planes![k], o.planes![k + 1], o.planes![k + 2]);
    if (!(length > 0)) throw new RangeError(`GpuOgcDetection: plane ${k / 4} has a zero normal`);
    for (let m = 0; m < 4; m++) planes[k + m] = o.planes![k + m] / length;
  }
  const bounds = new Float64Array(V).fill(Number.POSITIVE_INFINITY);
  for (let s = 0; s < S; s++) for (let k = 0; k < 4; k++) if (o.pointWeights[4 * s + k] !== 0) bounds[o.pointVertices[4 * s + k]] = 0;
  // The options' contact law over copies of its points; the planes normalized above.
  const data = emptyVbdContactData({
    ...o,
    pointVertices: Uint32Array.from(o.pointVertices),
    pointWeights: Float64Array.from(o.pointWeights),
    vertexCount: V,
    surfacePointCount: S,
    obstacleCount: O,
    planes,
    radius: d.radius,
  });

  const words = packVbdContact(
    data,
    d.options.vertexColors,
    { bounds, pointBounds: new Float64Array(S).fill(Number.POSITIVE_INFINITY), gammaP: d.gammaP },
    { contacts: d.capacity.contacts, entries: d.capacity.entries },
  );
  d.contactHeader = words.slice(0, CONTACT_HEADER_WORDS);
  return storageBuffer(d.device, words, 0, 'ogcDetection contacts');
}
