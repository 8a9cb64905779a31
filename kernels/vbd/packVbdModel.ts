/**
 * Packs an immutable VBD model (app/solvers/vbd createVbdModel) into the two read-only storage buffers of the GPU
 * step: `indices` (u32: element vertices, the per-vertex CSR adjacency of every element kind, the vertices grouped
 * by color) and `data` (f32: masses and per-element parameters), each array a section of its buffer, and the
 * ModelLayout words that tell the WGSL where each section starts (vbdBindings.wgsl). Struct-of-arrays: one section
 * per model array, in the model's own layout, so a GPU index is the CPU index.
 *
 * The CPU model keeps doubles; the data sections are rounded to f32 (the GPU step's precision). Indices are copied
 * exactly (test/kernels/vbd checks every section against the model).
 *
 * @param model  the VBD model
 * @returns indices and data to upload, and the section starts in ModelLayout order (the dispatch-shape words after
 *          them are the stepper's to fill)
 */
import type { VbdModel } from '../../app/solvers/vbd/index.ts';

/** The index sections, in buffer order. */
export const INDEX_SECTIONS = [
  'tetVertices',
  'triangleVertices',
  'hingeVertices',
  'springVertices',
  'vertexTetOffsets',
  'vertexTets',
  'vertexTriangleOffsets',
  'vertexTriangles',
  'vertexHingeOffsets',
  'vertexHinges',
  'vertexSpringOffsets',
  'vertexSprings',
  'colorVertices',
] as const satisfies readonly (keyof VbdModel)[];

/** The data sections, in buffer order. */
export const DATA_SECTIONS = [
  'masses',
  'tetRestVolumes',
  'tetMu',
  'tetLambda',
  'tetDamping',
  'triangleRestShapeInverse',
  'triangleRestAreas',
  'triangleMu',
  'triangleLambda',
  'triangleDamping',
  'hingeRestAngles',
  'hingeStiffness',
  'hingeDamping',
  'springRestLengths',
  'springStiffness',
  'springDamping',
  // the rest shape restShapeInverses stretches (the animated rest shape); the tets are evaluated with the
  // stepper's own tetRestShapeInverse buffer, a copy of this section unless the call sets another
  'tetRestShapeInverse',
] as const satisfies readonly (keyof VbdModel)[];

/** The u32 fields of ModelLayout (vbdBindings.wgsl), in order: the count, the section starts, the dispatch shapes. */
export const MODEL_LAYOUT_FIELDS = [
  'vertexCount',
  ...INDEX_SECTIONS,
  ...DATA_SECTIONS,
  'vertexGroupsX',
  'vertexGroupCount',
  'blockGroupsX',
  'blockGroupCount',
  'scheduleStart',
  'resultsStart',
  'debugStart',
  'tetGroupsX',
] as const;

export type ModelLayoutField = (typeof MODEL_LAYOUT_FIELDS)[number];

export interface PackedVbdModel {
  indices: Uint32Array<ArrayBuffer>;
  data: Float32Array<ArrayBuffer>;
  /** ModelLayout words (MODEL_LAYOUT_FIELDS order); the section starts are filled, the rest 0 */
  layout: Uint32Array<ArrayBuffer>;
}

export function packVbdModel(model: VbdModel): PackedVbdModel {
  const layout = new Uint32Array(MODEL_LAYOUT_FIELDS.length);
  const at = (field: ModelLayoutField) => MODEL_LAYOUT_FIELDS.indexOf(field);
  layout[at('vertexCount')] = model.vertexCount;
  let indexLength = 0;
  for (const name of INDEX_SECTIONS) {
    layout[at(name)] = indexLength;
    indexLength += model[name].length;
  }
  let dataLength = 0;
  for (const name of DATA_SECTIONS) {
    layout[at(name)] = dataLength;
    dataLength += model[name].length;
  }
  const indices = new Uint32Array(Math.max(1, indexLength));
  for (const name of INDEX_SECTIONS) indices.set(model[name], layout[at(name)]);
  const data = new Float32Array(Math.max(1, dataLength));
  for (const name of DATA_SECTIONS) data.set(model[name], layout[at(name)]);
  return { indices, data, layout };
}
