import type { VertexSection } from './types.ts';

// The layout of the stepper's buffers as the WGSL declares it (vbdBindings.wgsl): vertexData's sections in units of
// #V floats, the uniforms' bytes, the residual sums' capacity. A change here is a change there.

/** Residual sums a stepper holds between two readState calls. */
export const RESIDUAL_CAPACITY = 4096;

/** The #V×3 sections of the vertexData buffer, in order (vbdBindings.wgsl). */
export const VERTEX_SECTIONS = [
  'velocities',
  'previousVelocities',
  'positionsStart',
  'inertiaTarget',
  'targets',
  'chebyshevPrevious',
  'chebyshevPrevious2',
  'dampingReference',
  'equilibriumForce',
  'targetsStart',
  'targetsEnd',
  'accelerations',
] as const;

/** Where contact's sections of vertexData start, past the scalars (vbdBindings.wgsl), in units of #V. */
export const CONTACT_SECTIONS = { truncationMoved: 40, positionsNew: 41, inContact: 44, positionsAtDetection: 45, targetsAtDetection: 48 } as const;

/** Bytes of CallParams (vbdBindings.wgsl): h, 1/h, 1/h², four mode words, ρ, the two stretch limits, padding. */
export const CALL_PARAMS_BYTES = 48;

/** Bytes of SubstepPass (vbdBindings.wgsl): α, chebyshevActive, residualSlot, α_before, atTargets and padding. */
export const SUBSTEP_PASS_BYTES = 32;

/** Where the #V scalars of vertexData start, after the #V×3 sections (vbdBindings.wgsl). */
export const SCALAR_SECTIONS = { attachmentStiffness: 36, pinned: 37, attachmentDamping: 38, maxDistance: 39 } as const;
/** Floats per vertex in vertexData: 12 sections of 3, 4 scalars, then contact's (CONTACT_SECTIONS: 1 + 3 + 1 + 3 + 3). */
export const VERTEX_DATA_FLOATS = 51;
/** Every section of vertexData (VertexSection), the #V×3 ones first, in buffer order. */
export const VERTEX_DATA_SECTIONS = [
  ...VERTEX_SECTIONS,
  'attachmentStiffness',
  'pinned',
  'attachmentDamping',
  'maxDistance',
  'inContact',
  'positionsAtDetection',
  'targetsAtDetection',
] as const satisfies readonly VertexSection[];
/** The per-call upload starts at section targetsStart (9) and runs through the scalars; contact's sections are the kernels'. */
export const UPLOAD_START = 27;
export const UPLOAD_END = CONTACT_SECTIONS.truncationMoved;

/**
 * Where a section lies in vertexData.
 *
 * @param vertexCount  #V
 * @param section      the section
 * @returns [first float, floats]: #V×3 sections take 3·#V floats, scalars #V
 */
export function sectionRange(vertexCount: number, section: VertexSection): [number, number] {
  const V = vertexCount;
  if (section === 'attachmentStiffness' || section === 'pinned' || section === 'attachmentDamping' || section === 'maxDistance')
    return [SCALAR_SECTIONS[section] * V, V];
  if (section === 'positionsAtDetection' || section === 'targetsAtDetection') return [CONTACT_SECTIONS[section] * V, 3 * V];
  if (section === 'inContact') return [CONTACT_SECTIONS.inContact * V, V];
  return [3 * V * VERTEX_SECTIONS.indexOf(section), 3 * V];
}
