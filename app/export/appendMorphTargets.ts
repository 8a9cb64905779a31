import { Accessor, type Document, type Mesh, type Primitive } from '@gltf-transform/core';
import { requireFinite } from './requireFinite.ts';

/**
 * The most morph targets a primitive may carry in a file the bake writes. glTF sets no limit, but players do:
 * Filament aborts past 256 (google/filament #10409; GLES 3.0 guarantees 256 array-texture layers), the Khronos
 * sample viewer sizes morph textures by GL_MAX_ARRAY_TEXTURE_LAYERS (at least 256), three.js fails with a GL error.
 */
export const MAX_MORPH_TARGETS = 256;

/** Primitive modes whose vertices are render vertices of a mesh (points and lines are skipped by import). */
const TRIANGLE_MODES = new Set<number>([4, 5, 6]);

/**
 * True when the primitive contributes render vertices (triangles, strips, fans: glTF 2.0 §3.7.2.1 modes 4–6), as
 * app/io counts them.
 *
 * @param primitive  a glTF-Transform primitive
 * @returns whether its mode is TRIANGLES, TRIANGLE_STRIP or TRIANGLE_FAN
 */
export function isTrianglePrimitive(primitive: Primitive): boolean {
  return TRIANGLE_MODES.has(primitive.getMode());
}

/**
 * Appends morph targets (one per frame, or compact shapes) to every primitive of a mesh, keeping the mesh's
 * existing targets first, its default weights (new targets default to 0) and its `extras.targetNames`.
 *
 * glTF 2.0 §3.7.2.2: every primitive of a mesh must have the same number of targets, so primitives that
 * hold no render vertices (points, lines) get all-zero targets, written as accessors without data.
 *
 * @param document    the document that owns the mesh
 * @param mesh        the mesh to extend (not shared with nodes that should stay unchanged)
 * @param positions   #T×#R×3 POSITION deltas per target [m], render-vertex order (triangle primitives concatenated)
 * @param normals     #T×#R×3 NORMAL deltas per target, or null to write positions only
 * @param names       #T target names, written to `mesh.extras.targetNames`
 * @param sparseBelow store a target sparsely when at most this fraction of its vertices is non-zero (0 = never)
 * @returns the number of targets the mesh had before
 * @throws Error when the mesh would carry more than MAX_MORPH_TARGETS targets, or a delta is not finite
 */
export function appendMorphTargets(
  document: Document,
  mesh: Mesh,
  positions: Float32Array,
  normals: Float32Array | null,
  names: readonly string[],
  sparseBelow: number,
): number {
  const frameCount = names.length;
  const primitives = mesh.listPrimitives();
  const existingCount = primitives.length > 0 ? primitives[0].listTargets().length : 0;
  if (frameCount === 0) return existingCount;
  if (existingCount + frameCount > MAX_MORPH_TARGETS) {
    throw new Error(
      `appendMorphTargets: mesh "${mesh.getName()}" would carry ${existingCount} + ${frameCount} morph targets, more than the ${MAX_MORPH_TARGETS} players accept`,
    );
  }
  requireFinite(positions, `morph target positions of mesh "${mesh.getName()}"`);
  if (normals) requireFinite(normals, `morph target normals of mesh "${mesh.getName()}"`);
  const renderVertexCount = primitives.filter(isTrianglePrimitive).reduce((n, p) => n + (p.getAttribute('POSITION')?.getCount() ?? 0), 0);
  if (positions.length !== frameCount * renderVertexCount * 3) {
    throw new Error(
      `appendMorphTargets: mesh "${mesh.getName()}" has ${renderVertexCount} render vertices, got ${positions.length / 3 / Math.max(frameCount, 1)} per frame`,
    );
  }
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  let offset = 0;
  for (const primitive of primitives) {
    const count = primitive.getAttribute('POSITION')?.getCount() ?? 0;
    const included = isTrianglePrimitive(primitive);
    for (let f = 0; f < frameCount; f++) {
      const target = document.createPrimitiveTarget(names[f]);
      const start = (f * renderVertexCount + offset) * 3;
      target.setAttribute('POSITION', deltaAccessor(document, buffer, included ? positions.subarray(start, start + count * 3) : null, count, sparseBelow));
      if (normals && primitive.getAttribute('NORMAL')) {
        target.setAttribute('NORMAL', deltaAccessor(document, buffer, included ? normals.subarray(start, start + count * 3) : null, count, sparseBelow));
      }
      primitive.addTarget(target);
    }
    if (included) offset += count;
  }
  const weights = mesh.getWeights().slice(0, existingCount);
  while (weights.length < existingCount) weights.push(0);
  mesh.setWeights([...weights, ...new Array<number>(frameCount).fill(0)]);
  const extras = { ...(mesh.getExtras() as Record<string, unknown>) };
  const previous = Array.isArray(extras.targetNames) ? (extras.targetNames as unknown[]).map(String) : [];
  if (previous.length === existingCount || existingCount === 0) {
    extras.targetNames = [...previous.slice(0, existingCount), ...names];
    mesh.setExtras(extras);
  }
  return existingCount;
}

/** A VEC3 float accessor of deltas, sparse when few are non-zero; `data = null` means all zeros. */
function deltaAccessor(
  document: Document,
  buffer: ReturnType<Document['createBuffer']>,
  data: Float32Array | null,
  count: number,
  sparseBelow: number,
): Accessor {
  const array = data ? Float32Array.from(data) : new Float32Array(count * 3);
  let nonZero = 0;
  for (let v = 0; v < count; v++) {
    if (array[3 * v] !== 0 || array[3 * v + 1] !== 0 || array[3 * v + 2] !== 0) nonZero++;
  }
  return document
    .createAccessor()
    .setType(Accessor.Type.VEC3)
    .setArray(array)
    .setBuffer(buffer)
    .setSparse(nonZero <= sparseBelow * count);
}
