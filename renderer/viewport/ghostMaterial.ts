/**
 * Ghosting: a scene drawn as a translucent, untextured tint instead of its own materials, for the
 * input when the viewport compares it with the bake's output (Both), and for whatever is shown while
 * the lattice overlay is on, so the lattice and the embedded surface points read through the surface.
 * One shared material: three.js compiles skinning and morph-target variants per object, so skinned
 * and morphed meshes deform under it exactly as under their own materials.
 */
import { DoubleSide, MeshStandardMaterial, type Material, type Object3D } from 'three';
import { isOverlayObject } from './overlayObject.ts';

/**
 * The ghost look: a cool tint, a quarter opaque; it writes no depth so what is inside stays visible.
 * Where the ghost (the input) and the output coincide (weight-0 regions follow the animation exactly)
 * the two surfaces have the same depth and would z-fight, flickering from frame to frame; a polygon
 * offset pushes the ghost just behind, so it shows exactly where the output moved away from the input.
 */
export const ghostMaterial = new MeshStandardMaterial({
  color: '#8fb4ff',
  transparent: true,
  opacity: 0.3,
  depthWrite: false,
  roughness: 0.85,
  metalness: 0,
  side: DoubleSide,
  polygonOffset: true,
  polygonOffsetFactor: 2,
  polygonOffsetUnits: 8,
});

const originals = new WeakMap<Object3D, Material | Material[]>();

/** Draws `scene` as a ghost (true) or with its own materials again (false). Idempotent. */
export function setGhost(scene: Object3D, ghost: boolean): void {
  scene.traverse((object) => {
    const mesh = object as Object3D & { isMesh?: boolean; material?: Material | Material[] };
    if (!mesh.isMesh || !mesh.material || isOverlayObject(mesh)) return;
    if (ghost) {
      if (!originals.has(mesh)) originals.set(mesh, mesh.material);
      mesh.material = ghostMaterial;
    } else {
      const original = originals.get(mesh);
      if (original) mesh.material = original;
      originals.delete(mesh);
    }
  });
}

/** True when setGhost(scene, true) is in effect on any of its meshes (for tests and the debug handle). */
export function isGhosted(scene: Object3D): boolean {
  let ghosted = false;
  scene.traverse((object) => {
    if ((object as { material?: unknown }).material === ghostMaterial) ghosted = true;
  });
  return ghosted;
}
