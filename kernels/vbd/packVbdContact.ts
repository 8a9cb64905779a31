/**
 * Packs VbdContactData (app/solvers/vbd/types.ts) into the u32 words of the step's contact binding
 * (contactData.wgsl): a header of CONTACT_HEADER_WORDS words (each array's start, the counts, the four scalars as
 * f32 bits), then every array, the f32 ones as the bits of their f32 rounding, plus the simulation vertices' colors
 * (model.vertexColors, which the Jacobi-safe contact Hessian reads). One buffer rather than one binding per array: the
 * step already uses seven of WebGPU's default eight storage bindings.
 */
import type { VbdContactData } from '../../app/solvers/vbd/index.ts';

/** The header words, in contactData.wgsl's order (CONTACT_SIMULATED_POINT_COUNT = 0, …). */
export const CONTACT_LAYOUT_FIELDS = [
  'simulatedPointCount',
  'contactCount',
  'pointVertices',
  'pointWeights',
  'pointOffsets',
  'obstaclePositions',
  'obstacleStartPositions',
  'planes',
  'pointTargets',
  'contactKinds',
  'contactPoints',
  'contactFrictionWeights',
  'contactNormals',
  'contactNormalForces',
  'vertexContactOffsets',
  'vertexContacts',
  'vertexColors',
  'radius',
  'stiffness',
  'friction',
  'frictionVelocity',
  'vertexBounded',
  'pointLimits',
  'vertexPointOffsets',
  'vertexPoints',
] as const;

/**
 * Words before the first array: CONTACT_LAYOUT_FIELDS, then unused ones; the last is the GPU detection's gate flag
 * (contactData.wgsl's CONTACT_GATE_OPEN, 0 here).
 */
export const CONTACT_HEADER_WORDS = 32;

type ArraySection = Exclude<
  (typeof CONTACT_LAYOUT_FIELDS)[number],
  'simulatedPointCount' | 'contactCount' | 'radius' | 'stiffness' | 'friction' | 'frictionVelocity'
>;

/** The truncation's inputs (truncateToBounds, app/contact): what the GPU twin reads besides the contact data. */
export interface ContactTruncation {
  /** #V bound of each vertex (∞: unbounded) */
  bounds: ArrayLike<number>;
  /** #S smallest distance d_s of each point at the detection [m] (∞: none) */
  pointBounds: ArrayLike<number>;
  /** γ_p */
  gammaP: number;
}

/** Room in a contact binding for the contacts and gather entries a detection on the GPU writes. */
export interface ContactCapacity {
  contacts: number;
  entries: number;
}

/** The first `used` values of `values` in an array of `length` (zeros after them). */
function sized(values: ArrayLike<number> & { subarray(begin: number, end: number): ArrayLike<number> }, used: number, length: number): ArrayLike<number> {
  if (length === used) return values.subarray(0, used);
  const out = new Float64Array(length);
  for (let k = 0; k < used; k++) out[k] = values[k];
  return out;
}

/**
 * The words of one contact binding.
 *
 * @param data          the contact data, or null for a buffer that holds no contact (contactCount 0)
 * @param vertexColors  #V color of each simulation vertex (model.vertexColors)
 * @param truncation    the bounds of the last detection, for truncateToBounds.wgsl (the vertex → point lists are
 *                      built here from the data's points)
 * @param capacity      room for this many contacts and gather entries (at least the data's): the detection on the
 *                      GPU (kernels/contact/ogcDetection.wgsl) writes its contacts, lists and point limits into the
 *                      buffer (it needs `truncation`, whose point limits it overwrites)
 * @returns the words to upload
 */
export function packVbdContact(
  data: VbdContactData | null,
  vertexColors: ArrayLike<number>,
  truncation?: ContactTruncation,
  capacity?: ContactCapacity,
): Uint32Array<ArrayBuffer> {
  if (data === null || (data.contactCount === 0 && !truncation)) return new Uint32Array(CONTACT_HEADER_WORDS);
  const V = vertexColors.length;
  if (data.vertexContactOffsets.length < V + 1)
    throw new Error(`packVbdContact: vertexContactOffsets has ${data.vertexContactOffsets.length} entries, expected ${V + 1} (#V + 1)`);
  const C = data.contactCount;
  const S = data.simulatedPointCount;
  const entries = data.vertexContactOffsets[V];
  if (capacity && !(capacity.contacts >= C && capacity.entries >= entries))
    throw new Error(`packVbdContact: capacity for ${capacity.contacts} contacts and ${capacity.entries} entries, the data has ${C} and ${entries}`);
  const room = capacity?.contacts ?? C;
  const entryRoom = capacity?.entries ?? entries;
  // Only the live part of each array (the contact module's buffers are grown, not trimmed).
  const sections: [ArraySection, ArrayLike<number>, 'u32' | 'f32'][] = [
    ['pointVertices', data.pointVertices.subarray(0, 4 * S), 'u32'],
    ['pointWeights', data.pointWeights.subarray(0, 4 * S), 'f32'],
    ['pointOffsets', data.pointOffsets.subarray(0, 3 * S), 'f32'],
    ['obstaclePositions', data.obstaclePositions, 'f32'],
    ['obstacleStartPositions', data.obstacleStartPositions, 'f32'],
    ['planes', data.planes, 'f32'],
    ['pointTargets', data.pointTargets, 'f32'],
    ['contactKinds', sized(data.contactKinds, C, room), 'u32'],
    ['contactPoints', sized(data.contactPoints, 4 * C, 4 * room), 'u32'],
    ['contactFrictionWeights', sized(data.contactFrictionWeights, 4 * C, 4 * room), 'f32'],
    ['contactNormals', sized(data.contactNormals, 3 * C, 3 * room), 'f32'],
    ['contactNormalForces', sized(data.contactNormalForces, C, room), 'f32'],
    ['vertexContactOffsets', data.vertexContactOffsets.subarray(0, V + 1), 'u32'],
    ['vertexContacts', sized(data.vertexContacts, entries, entryRoom), 'u32'],
    ['vertexColors', vertexColors, 'u32'],
  ];
  if (truncation) {
    if (truncation.bounds.length !== V || truncation.pointBounds.length !== S)
      throw new Error(
        `packVbdContact: truncation needs ${V} vertex bounds and ${S} point bounds, got ${truncation.bounds.length} and ${truncation.pointBounds.length}`,
      );
    const lists: number[][] = Array.from({ length: V }, () => []);
    for (let s = 0; s < S; s++) for (let k = 0; k < 4; k++) if (data.pointWeights[4 * s + k] !== 0) lists[data.pointVertices[4 * s + k]].push(4 * s + k);
    const offsets = new Uint32Array(V + 1);
    for (let v = 0; v < V; v++) offsets[v + 1] = offsets[v] + lists[v].length;
    sections.push(
      ['vertexBounded', Uint32Array.from({ length: V }, (_, v) => (truncation.bounds[v] === Number.POSITIVE_INFINITY ? 0 : 1)), 'u32'],
      [
        'pointLimits',
        Float64Array.from({ length: S }, (_, s) =>
          truncation.pointBounds[s] === Number.POSITIVE_INFINITY ? -1 : truncation.gammaP * truncation.pointBounds[s],
        ),
        'f32',
      ],
      ['vertexPointOffsets', offsets, 'u32'],
      ['vertexPoints', Uint32Array.from(lists.flat()), 'u32'],
    );
  }
  let length = CONTACT_HEADER_WORDS;
  for (const [, values] of sections) length += values.length;
  const words = new Uint32Array(length);
  const floats = new Float32Array(words.buffer);
  const field = (name: (typeof CONTACT_LAYOUT_FIELDS)[number]): number => CONTACT_LAYOUT_FIELDS.indexOf(name);
  words[field('simulatedPointCount')] = S;
  words[field('contactCount')] = C;
  floats[field('radius')] = data.radius;
  floats[field('stiffness')] = data.stiffness;
  floats[field('friction')] = data.friction;
  floats[field('frictionVelocity')] = data.frictionVelocity;
  let at = CONTACT_HEADER_WORDS;
  for (const [name, values, type] of sections) {
    words[field(name)] = at;
    if (type === 'u32') words.set(values, at);
    else floats.set(values, at);
    at += values.length;
  }
  return words;
}
