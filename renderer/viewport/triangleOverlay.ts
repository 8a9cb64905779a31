/**
 * Chosen triangles of a loaded glTF scene drawn again in a material of their own, on top of the scene's own surface
 * (the intersection overlay's red triangles). Each three.js mesh of a primitive gets a child that shares its
 * geometry's vertex attributes, morph targets, skeleton and morph weights, with an index of only the chosen
 * triangles: three.js deforms it exactly as the mesh it covers, whatever the playhead, so the overlay sits on the
 * drawn surface at every time, skinned or morphed, input or baked output.
 *
 * DESIGN NOTES
 * - Children with an identity transform have their parent's world matrix; a SkinnedMesh child is bound to the same
 *   skeleton and bind matrix, so its bindMatrixInverse (from the same world matrix) is the parent's too.
 * - The index is allocated once per primitive at its full triangle count and rewritten in place with a draw range, so
 *   a new frame's triangles allocate nothing.
 * - Disposing the child's geometry would make three.js free the shared attributes' GPU buffers under the parent
 *   (WebGLGeometries removes every attribute of a disposed geometry), so they are detached first: only the
 *   overlay's own index is freed.
 */
import { BufferAttribute, BufferGeometry, DynamicDrawUsage, Mesh, SkinnedMesh, type Material, type Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedScene } from '../../app/io/index.ts';
import { markedOverlay } from './overlayObject.ts';
import { primitiveMeshes } from './primitiveMeshes.ts';

export interface TriangleOverlay {
  /**
   * Draws the given triangles of each mesh and nothing else.
   * @param triangles  per mesh of the scene (by index), sorted triangle indices into the mesh's triangles; null or missing: none
   * @returns the number of triangles drawn
   */
  show(triangles: ReadonlyArray<ArrayLike<number> | null>): number;
  /** Removes the overlay's objects from the scene and frees what is its own. */
  dispose(): void;
}

interface Part {
  meshIndex: number;
  overlay: Mesh;
  index: BufferAttribute;
  firstVertex: number;
  firstTriangle: number;
  triangleCount: number;
}

/**
 * An overlay of chosen triangles on a displayed glTF scene.
 *
 * @param gltf         the GLTFLoader result that draws the scene (the input's, or the bake output's)
 * @param meshObjects  its three.js object of each mesh node, by the engine's mesh name
 * @param imported     the engine's import of the document (mesh order, primitive ranges, triangles)
 * @param material     what the triangles are drawn with (not disposed here)
 * @returns the overlay, drawing nothing until show()
 */
export function triangleOverlay(gltf: GLTF, meshObjects: ReadonlyMap<string, Object3D>, imported: ImportedScene, material: Material): TriangleOverlay {
  const parts: Part[] = [];
  imported.meshes.forEach((mesh, meshIndex) => {
    const object = meshObjects.get(mesh.name);
    if (!object) return;
    for (const { mesh: drawn, range } of primitiveMeshes(gltf, object, mesh)) {
      const source = drawn.geometry as BufferGeometry;
      const geometry = new BufferGeometry();
      for (const [name, attribute] of Object.entries(source.attributes)) geometry.setAttribute(name, attribute);
      geometry.morphAttributes = source.morphAttributes;
      geometry.morphTargetsRelative = source.morphTargetsRelative;
      const index = new BufferAttribute(new Uint32Array(3 * range.triangleCount), 1).setUsage(DynamicDrawUsage);
      geometry.setIndex(index);
      geometry.setDrawRange(0, 0);
      let overlay: Mesh;
      if ((drawn as SkinnedMesh).isSkinnedMesh) {
        const skinned = drawn as SkinnedMesh;
        const child = new SkinnedMesh(geometry, material);
        child.bindMode = skinned.bindMode;
        child.bind(skinned.skeleton, skinned.bindMatrix);
        overlay = child;
      } else {
        overlay = new Mesh(geometry, material);
      }
      // The same arrays, not copies: the overlay follows the mesh's morph weights as the mixer sets them.
      overlay.morphTargetInfluences = drawn.morphTargetInfluences;
      overlay.morphTargetDictionary = drawn.morphTargetDictionary;
      overlay.name = `${drawn.name} (overlay)`;
      overlay.frustumCulled = false; // its bounds would be the bind pose's; the mesh it covers is culled already
      overlay.renderOrder = 10;
      overlay.visible = false;
      overlay.raycast = () => undefined; // clicks select the mesh underneath
      drawn.add(markedOverlay(overlay));
      parts.push({ meshIndex, overlay, index, firstVertex: range.firstVertex, firstTriangle: range.firstTriangle, triangleCount: range.triangleCount });
    }
  });

  return {
    show(triangles) {
      let drawnCount = 0;
      for (const part of parts) {
        const list = triangles[part.meshIndex];
        const corners = imported.meshes[part.meshIndex].triangles;
        const out = part.index.array as Uint32Array;
        let count = 0;
        const end = part.firstTriangle + part.triangleCount;
        for (let k = 0; list && k < list.length; k++) {
          const t = list[k];
          if (t < part.firstTriangle || t >= end) continue;
          out[3 * count] = corners[3 * t] - part.firstVertex;
          out[3 * count + 1] = corners[3 * t + 1] - part.firstVertex;
          out[3 * count + 2] = corners[3 * t + 2] - part.firstVertex;
          count++;
        }
        if (count > 0) {
          part.index.clearUpdateRanges();
          part.index.addUpdateRange(0, 3 * count);
          part.index.needsUpdate = true;
        }
        part.overlay.geometry.setDrawRange(0, 3 * count);
        part.overlay.visible = count > 0;
        drawnCount += count;
      }
      return drawnCount;
    },
    dispose() {
      for (const part of parts) {
        part.overlay.removeFromParent();
        const geometry = part.overlay.geometry;
        for (const name of Object.keys(geometry.attributes)) geometry.deleteAttribute(name);
        geometry.morphAttributes = {};
        geometry.dispose();
      }
      parts.length = 0;
    },
  };
}
