/**
 * The loaded documents' heavy data, outside the store: the three.js scene and clips GLTFLoader
 * built for display, the engine's ImportedScene (typed arrays, glTF-Transform Document) for
 * export and evaluation, the opened file (the engine worker imports its own copy from it), and the
 * document's last bake (the output GLB and its three.js scene). The store keeps only `documentId`
 * and `baked.bakeId`, the keys into this registry.
 */
import type { AnimationClip, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { BakeReport } from '../../app/bake/index.ts';
import type { ImportedScene } from '../../app/io/index.ts';
import type { OpenedFile } from '../../main/ipcContract.ts';
import type { BakedPositions } from '../workers/protocol.ts';

export interface RegisteredDocument {
  gltf: GLTF;
  /** null when the engine importer could not read the file and three.js alone displays it */
  imported: ImportedScene | null;
  /** the three.js object of each mesh node, by the outliner's mesh name */
  meshObjects: Map<string, Object3D>;
  /** three.js clips in the order of the store's `clips` */
  clips: AnimationClip[];
  /** the file as opened (bytes and .gltf resources), for the engine worker; null in tests that build scenes directly */
  file: OpenedFile | null;
  /** the last finished bake of this document, if any */
  bake?: RegisteredBake;
}

/** A finished bake: the output file and what displays it. */
export interface RegisteredBake {
  bakeId: number;
  /** the output GLB, as written by app/bake (Export glTF writes these bytes) */
  bytes: Uint8Array;
  report: BakeReport;
  /** GLTFLoader's scene of the output */
  gltf: GLTF;
  /** the baked clip (the output's first animation) */
  clip: AnimationClip | null;
  /** the output's three.js object of each mesh node, by the outliner's mesh name */
  meshObjects: Map<string, Object3D>;
  /** per simulated mesh, the baked world-space render positions (#F×#R×3 [m], frame k = frames[0] + k) and the input time of each frame [s] */
  positions?: BakedPositions[];
}

const documents = new Map<number, RegisteredDocument>();
let nextId = 1;

/** Registers a document and drops every other one (one document is open at a time). */
export function registerDocument(document: RegisteredDocument): number {
  const id = nextId++;
  for (const [oldId, old] of documents) {
    documents.delete(oldId);
    disposeScene(old.gltf.scene);
    if (old.bake) disposeScene(old.bake.gltf.scene);
  }
  documents.set(id, document);
  return id;
}

export function registeredDocument(id: number | null): RegisteredDocument | null {
  return id === null ? null : (documents.get(id) ?? null);
}

/** Makes `bake` the document's bake (freeing the previous one's scene); false when the document is gone. */
export function registerBake(documentId: number, bake: RegisteredBake): boolean {
  const document = documents.get(documentId);
  if (!document) return false;
  if (document.bake) disposeScene(document.bake.gltf.scene);
  document.bake = bake;
  return true;
}

/** The document's bake with that id (null when another bake replaced it or the document closed). */
export function registeredBake(documentId: number | null, bakeId: number | null): RegisteredBake | null {
  const bake = registeredDocument(documentId)?.bake;
  return bake && bake.bakeId === bakeId ? bake : null;
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
