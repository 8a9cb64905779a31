/**
 * World-space bounds of a scene for framing the camera and sizing the grid. Skinned and morphed
 * meshes are measured in their current pose (three.js applies skinning in `precise` mode) unless
 * the scene is large, where the bind-pose boxes are used instead: framing must stay instant.
 */
import { Box3, Sphere, Vector3, type Object3D, type SkinnedMesh } from 'three';

const PRECISE_VERTEX_LIMIT = 200_000;

export interface SceneBounds {
  box: Box3;
  center: Vector3;
  /** bounding-sphere radius [scene units], at least a small positive value */
  radius: number;
}

export function sceneBounds(scene: Object3D): SceneBounds {
  let vertexCount = 0;
  scene.traverse((object) => {
    const position = (object as { geometry?: { getAttribute?(name: string): { count: number } | undefined } }).geometry?.getAttribute?.('position');
    if (position) vertexCount += position.count;
  });
  scene.updateMatrixWorld(true);
  // Bone matrices are filled when a skeleton is first drawn; a scene measured before that would collapse to its joints.
  scene.traverse((object) => (object as SkinnedMesh).skeleton?.update());
  const box = new Box3().setFromObject(scene, vertexCount <= PRECISE_VERTEX_LIMIT);
  if (box.isEmpty()) box.set(new Vector3(-1, 0, -1), new Vector3(1, 2, 1));
  const sphere = box.getBoundingSphere(new Sphere());
  return { box, center: sphere.center, radius: Math.max(sphere.radius, 1e-3) };
}

/** Grid cell and section sizes: powers of ten so the grid reads as units at any scale. */
export function gridSpacing(radius: number): { cellSize: number; sectionSize: number } {
  const sectionSize = 10 ** Math.round(Math.log10(Math.max(radius, 1e-6)));
  return { cellSize: sectionSize / 10, sectionSize };
}
