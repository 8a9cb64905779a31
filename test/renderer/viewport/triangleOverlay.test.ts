import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MeshBasicMaterial, type BufferGeometry, type Mesh, type Object3D, type SkinnedMesh } from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { documentSummary } from '../../../renderer/document/documentSummary.ts';
import { loadGltfScene } from '../../../renderer/document/loadGltfScene.ts';
import { isGhosted, setGhost } from '../../../renderer/viewport/ghostMaterial.ts';
import { isOverlayObject } from '../../../renderer/viewport/overlayObject.ts';
import { triangleOverlay } from '../../../renderer/viewport/triangleOverlay.ts';
import { crossingQuadsGlb } from '../../helpers/crossingQuads.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

beforeAll(() => installBrowserGlobals());

async function opened(name: string, bytes: Uint8Array) {
  const gltf = await loadGltfScene({ name, path: null, bytes, resources: {}, missing: [] });
  const imported = await readGltf(bytes, { fileName: name });
  return { gltf, imported, meshObjects: documentSummary(gltf, imported).meshObjects };
}

const overlaysOf = (root: Object3D): Mesh[] => {
  const found: Mesh[] = [];
  root.traverse((object) => {
    if (isOverlayObject(object)) found.push(object as Mesh);
  });
  return found;
};

describe('triangleOverlay', () => {
  it('draws exactly the chosen triangles of each mesh, in the primitive’s own vertex numbering, sharing its vertices', async () => {
    const { gltf, imported, meshObjects } = await opened('crossing-quads.glb', await crossingQuadsGlb());
    const material = new MeshBasicMaterial();
    const overlay = triangleOverlay(gltf, meshObjects, imported, material);
    const [wall, blade] = ['Wall', 'Blade'].map((name) => overlaysOf(meshObjects.get(name)!)[0]);
    expect([wall, blade].every(Boolean), 'one overlay child per primitive').toBe(true);
    expect(overlay.show([Uint32Array.of(1), null]), 'one triangle drawn').toBe(1);
    const drawn = (mesh: Mesh): number[] => Array.from((mesh.geometry as BufferGeometry).index!.array.subarray(0, mesh.geometry.drawRange.count));
    expect(drawn(wall), 'Wall’s second triangle (0, 2, 3)').toEqual([0, 2, 3]);
    expect([wall.visible, blade.visible], 'only Wall’s overlay is visible').toEqual([true, false]);
    expect(overlay.show([Uint32Array.of(), Uint32Array.of(0, 1)]), 'two triangles drawn').toBe(2);
    expect(drawn(blade), 'both of Blade’s').toEqual([0, 1, 2, 0, 2, 3]);
    expect(wall.visible, 'nothing left on Wall').toBe(false);
    const parent = blade.parent as Mesh;
    expect(blade.geometry.getAttribute('position'), 'the overlay shares its mesh’s positions (it deforms with it)').toBe(
      parent.geometry.getAttribute('position'),
    );
    expect(blade.material, 'drawn with the given material').toBe(material);
    overlay.dispose();
    expect(overlaysOf(gltf.scene).length, 'dispose removes every overlay object').toBe(0);
    expect(parent.geometry.getAttribute('position'), 'and leaves the mesh’s own attributes in place').toBeTruthy();
  });

  it('binds overlays of skinned primitives to the same skeleton, and ghosting passes them by', async () => {
    const { gltf, imported, meshObjects } = await opened('sample.glb', new Uint8Array(await readFile(path.resolve('assets/sample.glb'))));
    const material = new MeshBasicMaterial();
    const overlay = triangleOverlay(gltf, meshObjects, imported, material);
    const children = overlaysOf(gltf.scene) as SkinnedMesh[];
    expect(children.length, 'one overlay per primitive of the sample (two)').toBe(2);
    for (const child of children) {
      const parent = child.parent as SkinnedMesh;
      expect(child.isSkinnedMesh && child.skeleton === parent.skeleton, 'a SkinnedMesh on the parent’s skeleton').toBe(true);
      expect(child.bindMatrix.equals(parent.bindMatrix), 'with its bind matrix').toBe(true);
      expect(child.morphTargetInfluences, 'and its very morph weights').toBe(parent.morphTargetInfluences);
    }
    setGhost(gltf.scene, true);
    expect(isGhosted(gltf.scene), 'the sample is ghosted').toBe(true);
    expect(
      children.every((child) => child.material === material),
      'the overlays keep their own material',
    ).toBe(true);
    overlay.dispose();
  });
});
