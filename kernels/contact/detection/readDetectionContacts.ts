import { readBuffer } from '../../gpu/readBuffer.ts';
import { CONTACT_HEADER_WORDS, CONTACT_LAYOUT_FIELDS } from '../../vbd/packVbdContact.ts';
import type { GpuOgcDetectionContacts, GpuOgcDetectionData } from './types.ts';

/** The contact binding's contacts, lists and point limits, and the points the detection tested, read back. */
export async function readDetectionContacts(
  d: GpuOgcDetectionData,
  buffer: GPUBuffer,
  contactCount: number,
  entries: number,
): Promise<GpuOgcDetectionContacts> {
  const words = new Uint32Array(await readBuffer(d.device, buffer));
  const floats = new Float32Array(words.buffer);
  const start = (name: (typeof CONTACT_LAYOUT_FIELDS)[number]): number => words[CONTACT_LAYOUT_FIELDS.indexOf(name)];
  const C = contactCount;
  const V = d.vertexCount;
  const S = d.surfacePointCount;
  if (words[CONTACT_LAYOUT_FIELDS.indexOf('contactCount')] !== C || words.length < CONTACT_HEADER_WORDS)
    throw new Error(`GpuOgcDetection: the binding's contact count ${words[1]} is not the detection's ${C}`);
  const u32 = (name: (typeof CONTACT_LAYOUT_FIELDS)[number], n: number): Uint32Array => words.slice(start(name), start(name) + n);
  const f64 = (name: (typeof CONTACT_LAYOUT_FIELDS)[number], n: number): Float64Array => Float64Array.from(floats.subarray(start(name), start(name) + n));
  return {
    data: {
      contactCount: C,
      contactKinds: Uint8Array.from(u32('contactKinds', C)),
      contactPoints: u32('contactPoints', 4 * C),
      contactFrictionWeights: f64('contactFrictionWeights', 4 * C),
      contactNormals: f64('contactNormals', 3 * C),
      contactNormalForces: f64('contactNormalForces', C),
      vertexContactOffsets: u32('vertexContactOffsets', V + 1),
      vertexContacts: u32('vertexContacts', entries),
    },
    pointLimits: floats.slice(start('pointLimits'), start('pointLimits') + S),
    points: new Float32Array(await readBuffer(d.device, d.pointBuffer, 4 * 3 * d.pointCount)),
  };
}
