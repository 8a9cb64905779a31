/**
 * What the outliner lists for a loaded file: mesh nodes and clips, named and counted exactly as
 * `overlap inspect` does when the engine importer read the file, or from three.js's scene when only
 * three.js could (then welded vertex counts are unknown). Also maps each mesh name to its three.js
 * object, through GLTFLoader's glTF-node associations, for selection in the viewport.
 */
import type { AnimationClip, BufferGeometry, Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedScene } from '../../app/io/index.ts';
import type { ClipSummary, MeshSummary } from '../store/index.ts';

export interface DocumentSummary {
  meshes: MeshSummary[];
  clips: ClipSummary[];
  meshObjects: Map<string, Object3D>;
  /** three.js clips, index-aligned with `clips` */
  threeClips: AnimationClip[];
}

/** glTF node index → the three.js object GLTFLoader made for that node. */
function objectsByNodeIndex(gltf: GLTF): Map<number, Object3D> {
  const byNode = new Map<number, Object3D>();
  gltf.scene.traverse((object) => {
    const association = gltf.parser.associations.get(object) as { nodes?: number } | undefined;
    if (association?.nodes !== undefined && !byNode.has(association.nodes)) byNode.set(association.nodes, object);
  });
  return byNode;
}

export function documentSummary(gltf: GLTF, imported: ImportedScene | null): DocumentSummary {
  const byNode = objectsByNodeIndex(gltf);
  const meshObjects = new Map<string, Object3D>();
  if (imported) {
    const nodeList = imported.document.getRoot().listNodes();
    const meshes = imported.meshes.map((mesh): MeshSummary => {
      const object = byNode.get(nodeList.indexOf(mesh.node));
      if (object) meshObjects.set(mesh.name, object);
      return {
        name: mesh.name,
        renderVertices: mesh.renderVertexCount,
        weldedVertices: mesh.topology.vertexCount,
        triangles: mesh.triangles.length / 3,
        skinned: mesh.skinned,
        morphTargets: mesh.morphTargetCount,
      };
    });
    const clips = imported.clips.map((clip): ClipSummary => ({ name: clip.name, duration: clip.duration, channels: clip.channelCount }));
    return { meshes, clips, meshObjects, threeClips: gltf.animations.slice(0, clips.length) };
  }
  return threeOnlySummary(gltf, byNode, meshObjects);
}

function threeOnlySummary(gltf: GLTF, byNode: Map<number, Object3D>, meshObjects: Map<string, Object3D>): DocumentSummary {
  const json = gltf.parser.json as {
    nodes?: Array<{ name?: string; mesh?: number }>;
    meshes?: Array<{ name?: string }>;
    animations?: Array<{ name?: string; channels?: unknown[] }>;
  };
  const meshes: MeshSummary[] = [];
  const taken = new Set<string>();
  const unique = (name: string): string => {
    let candidate = name;
    for (let k = 2; taken.has(candidate); k++) candidate = `${name} (${k})`;
    taken.add(candidate);
    return candidate;
  };
  [...byNode.entries()]
    .sort(([a], [b]) => a - b)
    .forEach(([nodeIndex, object]) => {
      const node = json.nodes?.[nodeIndex];
      if (node?.mesh === undefined) return;
      const name = unique(node.name || json.meshes?.[node.mesh]?.name || `mesh ${meshes.length}`);
      let renderVertices = 0;
      let triangles = 0;
      let skinned = false;
      let morphTargets = 0;
      object.traverse((child) => {
        const geometry = (child as { geometry?: BufferGeometry }).geometry;
        if (!geometry || !(child as { isMesh?: boolean }).isMesh) return;
        const count = geometry.getAttribute('position')?.count ?? 0;
        renderVertices += count;
        triangles += (geometry.index ? geometry.index.count : count) / 3;
        skinned ||= (child as { isSkinnedMesh?: boolean }).isSkinnedMesh === true;
        morphTargets = Math.max(morphTargets, geometry.morphAttributes.position?.length ?? 0);
      });
      meshObjects.set(name, object);
      meshes.push({ name, renderVertices, weldedVertices: null, triangles, skinned, morphTargets });
    });
  const clips = gltf.animations.map(
    (clip, index): ClipSummary => ({
      name: json.animations?.[index]?.name || `animation ${index}`,
      duration: clip.duration,
      channels: json.animations?.[index]?.channels?.length ?? clip.tracks.length,
    }),
  );
  return { meshes, clips, meshObjects, threeClips: gltf.animations };
}
