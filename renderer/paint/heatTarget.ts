/**
 * Where a mesh's per-vertex heat values go on screen: the three.js meshes GLTFLoader made for the
 * engine mesh's primitives (matched through GLTFLoader's associations, glTF mesh and primitive index,
 * to app/io's primitive ranges of concatenated render vertices), each given an `overlapHeat`
 * attribute (heatMaterial.ts). Writes go from welded vertices (weights, limits) through the welded
 * topology's render↔welded maps, or from render vertices directly (displacement); a brush sample
 * rewrites only the render vertices of the welded vertices it touched, and only the parts (primitives) they lie in
 * are uploaded again, each over the ranges of its attribute that changed (`BufferAttribute.addUpdateRange`, ranges
 * closer than HEAT_RANGE_GAP vertices merged: heatUpdateRanges.ts), not the whole attribute of every part.
 */
import { BufferAttribute, type BufferGeometry, type Material, type Mesh, type Object3D } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { ImportedMesh } from '../../app/io/index.ts';
import { primitiveMeshes } from '../viewport/primitiveMeshes.ts';
import { heatMaterials, type HeatPalette } from './heatMaterial.ts';
import { heatUpdateRanges } from './heatUpdateRanges.ts';

/** Touched vertices of a part closer than this (in its attribute) are uploaded as one range: fewer bufferSubData calls. */
export const HEAT_RANGE_GAP = 64;
/** More ranges than this in one part are uploaded as one range from the first to the last. */
export const HEAT_MAX_RANGES = 32;

export interface HeatTarget {
  /** the three.js meshes of the primitives, with the first render vertex of each */
  parts: Array<{ mesh: Mesh; attribute: BufferAttribute; firstVertex: number; count: number; touched: Uint32Array; touchedCount: number }>;
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
    parts.push({ mesh: candidate, attribute, firstVertex: range.firstVertex, count, touched: new Uint32Array(count), touchedCount: 0 });
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

function writeRender(target: HeatTarget, r: number, value: number, pinned: number, selected: number, unlimited: number, track: boolean): void {
  const index = target.renderPart[r];
  if (index < 0) return;
  const part = target.parts[index];
  const array = part.attribute.array as Uint8Array;
  const local = target.renderLocal[r];
  const i = 4 * local;
  array[i] = byte(value);
  array[i + 1] = pinned ? 255 : 0;
  array[i + 2] = selected ? 255 : 0;
  array[i + 3] = unlimited ? 255 : 0;
  if (track) part.touched[part.touchedCount++] = local;
}

/**
 * Whether a whole-attribute upload is pending (three.js uploads the whole array when an attribute has no update
 * ranges): a partial write then must not add ranges, or only those would be uploaded. Cleared by the upload.
 */
const fullUploadPending = new WeakMap<BufferAttribute, boolean>();

function uploadAll(target: HeatTarget): void {
  for (const part of target.parts) {
    const { attribute } = part;
    part.touchedCount = 0;
    attribute.clearUpdateRanges();
    if (!fullUploadPending.has(attribute)) attribute.onUpload(() => fullUploadPending.set(attribute, false));
    fullUploadPending.set(attribute, true);
    attribute.needsUpdate = true;
  }
}

/** Uploads the parts a partial write touched, over the changed ranges only. */
function uploadTouched(target: HeatTarget): void {
  for (const part of target.parts) {
    const count = part.touchedCount;
    if (count === 0) continue;
    part.touchedCount = 0;
    const { attribute } = part;
    if (fullUploadPending.get(attribute) !== true) {
      const indices = part.touched.subarray(0, count).sort();
      heatUpdateRanges(indices, count, HEAT_RANGE_GAP, HEAT_MAX_RANGES, (first, vertices) => attribute.addUpdateRange(4 * first, 4 * vertices));
    }
    attribute.needsUpdate = true;
  }
}

/**
 * Writes welded values to the render vertices; `only` limits the write to those welded vertices
 * (a brush sample: distinct indices), else every vertex is written.
 */
export function writeWeldedHeat(target: HeatTarget, heat: WeldedHeat, only?: { indices: ArrayLike<number>; count: number }): void {
  const { weldedStart, weldedRender } = target;
  const track = only !== undefined;
  const one = (v: number): void => {
    const value = heat.values[v];
    const pinned = heat.pinned ? heat.pinned[v] : 0;
    const selected = heat.selected ? heat.selected[v] : 0;
    const unlimited = heat.unlimited ? heat.unlimited[v] : 0;
    for (let k = weldedStart[v]; k < weldedStart[v + 1]; k++) writeRender(target, weldedRender[k], value, pinned, selected, unlimited, track);
  };
  if (only) {
    for (let k = 0; k < only.count; k++) one(only.indices[k]);
    uploadTouched(target);
  } else {
    for (let v = 0; v + 1 < weldedStart.length; v++) one(v);
    uploadAll(target);
  }
}

/** Writes one value per render vertex (displacement). */
export function writeRenderHeat(target: HeatTarget, values: ArrayLike<number>): void {
  for (let r = 0; r < target.renderPart.length; r++) writeRender(target, r, values[r], 0, 0, 0, false);
  uploadAll(target);
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
