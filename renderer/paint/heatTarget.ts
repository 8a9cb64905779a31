/**
 * Where a mesh's per-vertex heat values go on screen: the three.js meshes GLTFLoader made for the
 * engine mesh's primitives (matched through GLTFLoader's associations, glTF mesh and primitive index,
 * to app/io's primitive ranges of concatenated render vertices), each given an `overlapHeat`
 * attribute (heatMaterial.ts). Writes go from welded vertices (weights, limits) through the welded
 * topology's render↔welded maps, or from render vertices directly (displacement); a brush sample
 * rewrites only the render vertices of the welded vertices it touched.
 */
import { BufferAttribute, type BufferGeometry, type Material, type Mesh, type Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedMesh } from '../../app/io/index.ts';
import { primitiveMeshes } from '../viewport/primitiveMeshes.ts';
import { heatMaterials, type HeatPalette } from './heatMaterial.ts';

export interface HeatTarget {
  /** the three.js meshes of the primitives, with the first render vertex of each */
  parts: Array<{ mesh: Mesh; attribute: BufferAttribute; firstVertex: number; count: number }>;
  /** #R part index of each render vertex (-1: no three.js mesh shows it) and its index in that part */
  renderPart: Int16Array;
  renderLocal: Uint32Array;
  /** CSR: render vertices of each welded vertex */
  weldedStart: Uint32Array;
  weldedRender: Uint32Array;
  renderToSimulation: Uint32Array;
}

/**
 * @param gltf       the GLTFLoader result whose meshes to paint
 * @param object     the mesh node's three.js object (a Mesh, or a Group of one Mesh per primitive)
 * @param mesh       the engine's mesh (primitives in the same glTF mesh)
 * @returns the target, or null when no three.js mesh matches a primitive (nothing to draw on)
 */
export function heatTarget(gltf: GLTF, object: Object3D, mesh: ImportedMesh): HeatTarget | null {
  const parts: HeatTarget['parts'] = [];
  for (const { mesh: candidate, range } of primitiveMeshes(gltf, object, mesh)) {
    const geometry = candidate.geometry as BufferGeometry;
    const count = range.vertexCount;
    let attribute = geometry.getAttribute('overlapHeat') as BufferAttribute | undefined;
    if (!attribute || attribute.count !== count) {
      attribute = new BufferAttribute(new Uint8Array(4 * count), 4, true);
      geometry.setAttribute('overlapHeat', attribute);
    }
    parts.push({ mesh: candidate, attribute, firstVertex: range.firstVertex, count });
  }
  if (parts.length === 0) return null;
  const renderCount = mesh.renderVertexCount;
  const renderPart = new Int16Array(renderCount).fill(-1);
  const renderLocal = new Uint32Array(renderCount);
  parts.forEach((part, index) => {
    for (let i = 0; i < part.count; i++) {
      renderPart[part.firstVertex + i] = index;
      renderLocal[part.firstVertex + i] = i;
    }
  });
  const { renderToSimulation, vertexCount } = mesh.topology;
  const weldedStart = new Uint32Array(vertexCount + 1);
  for (let r = 0; r < renderCount; r++) weldedStart[renderToSimulation[r] + 1]++;
  for (let v = 0; v < vertexCount; v++) weldedStart[v + 1] += weldedStart[v];
  const weldedRender = new Uint32Array(renderCount);
  const cursor = weldedStart.slice(0, vertexCount);
  for (let r = 0; r < renderCount; r++) weldedRender[cursor[renderToSimulation[r]]++] = r;
  return { parts, renderPart, renderLocal, weldedStart, weldedRender, renderToSimulation };
}

/** Per-vertex inputs of a welded write: value in [0, 1] and flags. */
export interface WeldedHeat {
  /** #V value in [0, 1] */
  values: ArrayLike<number>;
  /** #V 1 where pinned (drawn in the pin colour), or null */
  pinned: ArrayLike<number> | null;
  /** #V 1 where selected, or null */
  selected: ArrayLike<number> | null;
  /** #V 1 where unlimited (limits palette), or null */
  unlimited: ArrayLike<number> | null;
}

const byte = (value: number): number => Math.round(Math.min(1, Math.max(0, value)) * 255);

function writeRender(target: HeatTarget, r: number, value: number, pinned: number, selected: number, unlimited: number): void {
  const part = target.renderPart[r];
  if (part < 0) return;
  const array = target.parts[part].attribute.array as Uint8Array;
  const i = 4 * target.renderLocal[r];
  array[i] = byte(value);
  array[i + 1] = pinned ? 255 : 0;
  array[i + 2] = selected ? 255 : 0;
  array[i + 3] = unlimited ? 255 : 0;
}

function touched(target: HeatTarget): void {
  for (const part of target.parts) part.attribute.needsUpdate = true;
}

/**
 * Writes welded values to the render vertices; `only` limits the write to those welded vertices
 * (a brush sample), else every vertex is written.
 */
export function writeWeldedHeat(target: HeatTarget, heat: WeldedHeat, only?: { indices: ArrayLike<number>; count: number }): void {
  const { weldedStart, weldedRender } = target;
  const one = (v: number): void => {
    const value = heat.values[v];
    const pinned = heat.pinned ? heat.pinned[v] : 0;
    const selected = heat.selected ? heat.selected[v] : 0;
    const unlimited = heat.unlimited ? heat.unlimited[v] : 0;
    for (let k = weldedStart[v]; k < weldedStart[v + 1]; k++) writeRender(target, weldedRender[k], value, pinned, selected, unlimited);
  };
  if (only) for (let k = 0; k < only.count; k++) one(only.indices[k]);
  else for (let v = 0; v + 1 < weldedStart.length; v++) one(v);
  touched(target);
}

/** Writes one value per render vertex (displacement). */
export function writeRenderHeat(target: HeatTarget, values: ArrayLike<number>): void {
  for (let r = 0; r < target.renderPart.length; r++) writeRender(target, r, values[r], 0, 0, 0);
  touched(target);
}

const originals = new WeakMap<Mesh, Material | Material[]>();

/** Draws the target's meshes with a palette (or their own materials again, with null). */
export function showHeat(target: HeatTarget, palette: HeatPalette | null): void {
  for (const { mesh } of target.parts) {
    if (palette) {
      if (!originals.has(mesh)) originals.set(mesh, mesh.material);
      mesh.material = heatMaterials[palette];
    } else {
      const original = originals.get(mesh);
      if (original) mesh.material = original;
      originals.delete(mesh);
    }
  }
}
