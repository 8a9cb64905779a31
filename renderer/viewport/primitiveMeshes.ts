/**
 * Which three.js mesh draws which primitive of an engine mesh: GLTFLoader makes one Mesh per triangle primitive (a
 * Group of them when a glTF mesh has several) and records the glTF mesh and primitive index it came from in
 * `parser.associations`; app/io concatenates the same primitives, in the same order, into one range of render vertices
 * and triangles each. Overlay objects the viewport added (overlayObject.ts) are not the file's and are passed by.
 */
import type { BufferGeometry, Mesh, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedMesh, ImportedPrimitiveRange } from '../../app/io/index.ts';
import { isOverlayObject } from './overlayObject.ts';

/**
 * The three.js meshes that draw an engine mesh's primitives, each with its range of render vertices and triangles.
 *
 * @param gltf    the GLTFLoader result `object` belongs to (input or baked output: both keep the input's primitives)
 * @param object  the mesh node's three.js object (a Mesh, or a Group of one Mesh per primitive)
 * @param mesh    the engine's mesh
 * @returns one entry per matched three.js mesh (a primitive whose vertex count differs is left out); may be empty
 */
export function primitiveMeshes(gltf: GLTF, object: Object3D, mesh: ImportedMesh): Array<{ mesh: Mesh; range: ImportedPrimitiveRange }> {
  const primitives = mesh.mesh.listPrimitives();
  const found: Array<{ mesh: Mesh; range: ImportedPrimitiveRange }> = [];
  object.traverse((child) => {
    const candidate = child as Mesh;
    if (!candidate.isMesh || isOverlayObject(candidate)) return;
    const association = gltf.parser.associations.get(candidate) as { primitives?: number } | undefined;
    const primitive = association?.primitives !== undefined ? primitives[association.primitives] : primitives.length === 1 ? primitives[0] : undefined;
    const range = mesh.primitives.find((entry) => entry.primitive === primitive);
    const count = (candidate.geometry as BufferGeometry).getAttribute('position')?.count ?? -1;
    if (range && range.vertexCount === count) found.push({ mesh: candidate, range });
  });
  return found;
}
