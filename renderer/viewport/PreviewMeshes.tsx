/**
 * The live preview in the viewport: at the playhead's frame, when the preview has simulated it
 * (document/livePreview.ts), each simulated mesh is drawn from the simulated render positions (world space) in place
 * of its animated input: one plain three.js mesh per glTF primitive, sharing the primitive's index and UVs and a copy
 * of its material, so it looks like the mesh it replaces. Frames not simulated yet show the input.
 *
 * While a heat map is shown (paint mode, or Weights), the simulated surface wears it: each part shares its source's
 * `overlapHeat` attribute (the one PaintLayer writes, so a stroke shows on it at once) and is drawn with the heat
 * material, so the artist paints on what is simulated rather than blind. The live preview is drawn only while the
 * viewport shows the input (the Show control's Live); Output and Both show the bake.
 */
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, type ReactElement } from 'react';
import { BufferAttribute, BufferGeometry, Group, Mesh, type Material } from 'three';
import { previewFrameAt } from '../document/livePreview.ts';
import { registeredDocument, type RegisteredDocument } from '../document/sceneRegistry.ts';
import { heatMaterials, type HeatPalette } from '../paint/heatMaterial.ts';
import { heatTarget } from '../paint/heatTarget.ts';
import { effectiveViewMode, frameAt, overlapStore, useOverlap, type OverlapState } from '../store/index.ts';

interface PreviewPart {
  /** the input's three.js mesh this part replaces */
  source: Mesh;
  preview: Mesh;
  /** the preview's own material (a copy of the source's), shown when no heat map is */
  material: Material | Material[];
  firstVertex: number;
  count: number;
}

export function PreviewMeshes(): ReactElement | null {
  const documentId = useOverlap((state) => state.documentId);
  const live = useOverlap((state) => state.livePreview);
  const entry = registeredDocument(documentId);
  if (!entry || !live) return null;
  return <PreviewGroup key={documentId} entry={entry} documentId={documentId!} />;
}

function PreviewGroup({ entry, documentId }: { entry: RegisteredDocument; documentId: number }): ReactElement {
  const group = useMemo(() => new Group(), []);
  /** per mesh name, its parts (built on the first frame that shows it) */
  const parts = useMemo(() => new Map<string, PreviewPart[]>(), []);

  const partsOf = (name: string, meshIndex: number): PreviewPart[] => {
    let list = parts.get(name);
    if (list) return list;
    list = [];
    const object = entry.meshObjects.get(name);
    const imported = entry.imported?.meshes[meshIndex];
    const target = object && imported ? heatTarget(entry.gltf, object, imported) : null;
    for (const part of target?.parts ?? []) {
      const geometry = new BufferGeometry();
      const source = part.mesh.geometry as BufferGeometry;
      if (source.index) geometry.setIndex(source.index);
      const uv = source.getAttribute('uv');
      if (uv) geometry.setAttribute('uv', uv);
      const heat = source.getAttribute('overlapHeat');
      if (heat) geometry.setAttribute('overlapHeat', heat);
      geometry.setAttribute('position', new BufferAttribute(new Float32Array(3 * part.count), 3));
      const material = Array.isArray(part.mesh.material) ? part.mesh.material.map((m) => m.clone()) : (part.mesh.material as Material).clone();
      const preview = new Mesh(geometry, material);
      preview.frustumCulled = false;
      preview.name = `${name} (live preview)`;
      preview.userData.livePreview = true;
      group.add(preview);
      list.push({ source: part.mesh, preview, material, firstVertex: part.firstVertex, count: part.count });
    }
    parts.set(name, list);
    return list;
  };

  useFrame(() => {
    const state = overlapStore.getState();
    const frame = effectiveViewMode(state) === 'input' ? previewFrameAt(documentId, frameAt(state.clipTime, state.fps)) : null;
    const palette = heatPalette(state);
    const shown = new Set<string>();
    for (const mesh of frame?.meshes ?? []) {
      shown.add(mesh.mesh);
      for (const part of partsOf(mesh.mesh, mesh.meshIndex)) {
        part.preview.material = palette ? heatMaterials[palette] : part.material;
        const attribute = part.preview.geometry.getAttribute('position') as BufferAttribute;
        (attribute.array as Float32Array).set(mesh.positions.subarray(3 * part.firstVertex, 3 * (part.firstVertex + part.count)));
        attribute.needsUpdate = true;
        part.preview.geometry.computeVertexNormals();
        part.preview.visible = true;
        part.source.visible = false;
      }
    }
    for (const [name, list] of parts) {
      if (shown.has(name)) continue;
      for (const part of list) {
        part.preview.visible = false;
        part.source.visible = true;
      }
    }
  });

  useEffect(
    () => () => {
      for (const list of parts.values()) {
        for (const part of list) {
          part.source.visible = true;
          part.preview.geometry.dispose();
          for (const material of [part.material].flat()) material.dispose();
        }
      }
      parts.clear();
    },
    [parts],
  );
  return <primitive object={group} />;
}

/** The heat map the viewport shows (PaintLayer's rule): paint mode's channel, or Weights outside it. */
function heatPalette(state: OverlapState): HeatPalette | null {
  if (state.paintMode) return state.paintChannel === 'weights' ? 'weights' : 'limits';
  return state.showWeights ? 'weights' : null;
}
