/**
 * The loaded documents' heavy data, outside the store: the three.js scene and clips GLTFLoader
 * built for display, and the engine's ImportedScene (typed arrays, glTF-Transform Document) for
 * export and, later, evaluation. The store keeps only `documentId`, the key into this registry.
 */
import type { AnimationClip, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedScene } from '../../app/io/index.ts';

export interface RegisteredDocument {
  gltf: GLTF;
  /** null when the engine importer could not read the file and three.js alone displays it */
  imported: ImportedScene | null;
  /** the three.js object of each mesh node, by the outliner's mesh name */
  meshObjects: Map<string, Object3D>;
  /** three.js clips in the order of the store's `clips` */
  clips: AnimationClip[];
}

const documents = new Map<number, RegisteredDocument>();
let nextId = 1;

/** Registers a document and drops every other one (one document is open at a time). */
export function registerDocument(document: RegisteredDocument): number {
  const id = nextId++;
  for (const [oldId, old] of documents) {
    documents.delete(oldId);
    disposeScene(old.gltf.scene);
  }
  documents.set(id, document);
  return id;
}

export function registeredDocument(id: number | null): RegisteredDocument | null {
  return id === null ? null : (documents.get(id) ?? null);
}

/** Frees GPU resources (geometries, materials, textures) of a scene that is no longer shown. */
function disposeScene(scene: Object3D): void {
  scene.traverse((object) => {
    const mesh = object as Partial<{ geometry: { dispose(): void }; material: unknown }>;
    mesh.geometry?.dispose();
    const materials = Array.isArray(mesh.material) ? mesh.material : mesh.material ? [mesh.material] : [];
    for (const material of materials as Array<Record<string, unknown> & { dispose(): void }>) {
      for (const value of Object.values(material)) {
        if (value && typeof value === 'object' && 'isTexture' in value) (value as unknown as { dispose(): void }).dispose();
      }
      material.dispose();
    }
  });
}
