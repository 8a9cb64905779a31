/**
 * The painted data of the open document, outside the store (big arrays never enter it): per mesh the
 * engine's default weights (meshBlendWeights with no source, what the heat map shows before anything
 * is painted), the painted base weights, the max distances, the vertex selection, and the weight
 * layers' values and masks; plus the paint history (paintHistory.ts) that undo moves through.
 *
 * All arrays are per welded simulation vertex, the engine's unit of weights (app/document).
 */
import type { ImportedScene } from '../../app/io/index.ts';
import { layeredBlendWeights, meshBlendWeights, weightLayerInfluence, type BlendedLayer } from '../../app/weights/index.ts';
import type { LayerEntry } from '../store/index.ts';
import { createPaintHistory, type PaintArrays, type PaintChange, type PaintHistory, type PaintTarget } from './paintHistory.ts';

export interface MeshPaint {
  name: string;
  meshIndex: number;
  vertexCount: number;
  /** meshBlendWeights with no source: the file's `_PHYSICS_WEIGHT`, else the engine's default; computed on first use */
  defaults: Float32Array | null;
  /** painted weights; null while unpainted (the bake then uses the engine's default itself) */
  base: Float32Array | null;
  /** max distance per vertex [m] (Infinity: none); null while no vertex has a limit */
  maxDistance: Float32Array | null;
  /** 1 for selected vertices */
  selection: Uint8Array;
}

export interface LayerArrays {
  mesh: string;
  values: Float32Array;
  mask: Float32Array;
}

export interface PaintDocument {
  readonly documentId: number;
  readonly scene: ImportedScene;
  readonly meshes: Map<string, MeshPaint>;
  /** layer arrays by id (kept after a layer is deleted, so undoing the deletion restores them) */
  readonly layers: Map<string, LayerArrays>;
  readonly history: PaintHistory;
  readonly arrays: PaintArrays;
  /** the engine's default weights of a mesh (computed once) */
  defaultsOf(mesh: MeshPaint): Float32Array;
  /** the base weights: painted, else the defaults */
  baseOf(mesh: MeshPaint): Float32Array;
  /** Creates an empty layer's arrays (values 0, mask 0: it changes nothing until painted). */
  createLayer(id: string, mesh: string): void;
}

export function createPaintDocument(documentId: number, scene: ImportedScene): PaintDocument {
  const meshes = new Map<string, MeshPaint>();
  scene.meshes.forEach((mesh, meshIndex) => {
    const vertexCount = mesh.topology.vertexCount;
    meshes.set(mesh.name, { name: mesh.name, meshIndex, vertexCount, defaults: null, base: null, maxDistance: null, selection: new Uint8Array(vertexCount) });
  });
  const layers = new Map<string, LayerArrays>();
  const defaultsOf = (mesh: MeshPaint): Float32Array => {
    mesh.defaults ??= meshBlendWeights(scene.meshes[mesh.meshIndex], scene, {}).values;
    return mesh.defaults;
  };
  const meshOf = (name: string): MeshPaint => {
    const mesh = meshes.get(name);
    if (!mesh) throw new Error(`no mesh "${name}" in this document`);
    return mesh;
  };
  const arrays: PaintArrays = {
    get({ mesh, target, layer }) {
      if (target === 'base') return meshOf(mesh).base;
      if (target === 'maxDistance') return meshOf(mesh).maxDistance;
      const arrays = layers.get(layer ?? '');
      return arrays ? (target === 'layerValues' ? arrays.values : arrays.mask) : null;
    },
    create({ mesh, target, layer }) {
      const paint = meshOf(mesh);
      if (target === 'base') return (paint.base = Float32Array.from(defaultsOf(paint)));
      if (target === 'maxDistance') return (paint.maxDistance = new Float32Array(paint.vertexCount).fill(Infinity));
      document.createLayer(layer ?? '', mesh);
      return arrays.get({ mesh, target, layer })!;
    },
    remove({ mesh, target }) {
      if (target === 'base') meshOf(mesh).base = null;
      else if (target === 'maxDistance') meshOf(mesh).maxDistance = null;
    },
  };
  const document: PaintDocument = {
    documentId,
    scene,
    meshes,
    layers,
    history: createPaintHistory(),
    arrays,
    defaultsOf,
    baseOf: (mesh) => mesh.base ?? defaultsOf(mesh),
    createLayer(id, mesh) {
      if (layers.has(id)) return;
      const count = meshOf(mesh).vertexCount;
      layers.set(id, { mesh, values: new Float32Array(count), mask: new Float32Array(count) });
    },
  };
  return document;
}

/**
 * Records the changes of one edit (a stroke, a fill) as they are made, so they become one undo step.
 * `array(...)` returns the array to write (creating it on first use) and remembers it was created;
 * `touch(...)` must be called before writing an entry, to keep its value before the edit.
 */
export interface EditRecorder {
  array(mesh: string, target: PaintTarget, layer?: string): Float32Array;
  touch(mesh: string, target: PaintTarget, layer: string | undefined, index: number): void;
  /** The changes (entries whose value changed), or [] when nothing changed. */
  finish(): PaintChange[];
}

export function createEditRecorder(paint: PaintDocument): EditRecorder {
  // A brush sample touches thousands of entries: `touch` is a mark in a typed array (no key string, no Map entry per
  // touched vertex), and the last target used is found without building its key.
  interface Open {
    mesh: string;
    target: PaintTarget;
    layer?: string;
    array: Float32Array;
    created: boolean;
    /** value before the edit of each touched entry (valid where `touched` is 1) */
    before: Float32Array;
    touched: Uint8Array;
    /** touched entries, in the order first touched */
    order: number[];
  }
  const open = new Map<string, Open>();
  let last: Open | null = null;
  const keyOf = (mesh: string, target: PaintTarget, layer?: string): string => `${mesh}\u0000${target}\u0000${layer ?? ''}`;
  const entry = (mesh: string, target: PaintTarget, layer?: string): Open => {
    if (last && last.mesh === mesh && last.target === target && last.layer === layer) return last;
    const key = keyOf(mesh, target, layer);
    let found = open.get(key);
    if (!found) {
      const existing = paint.arrays.get({ mesh, target, layer });
      const array = existing ?? paint.arrays.create({ mesh, target, layer });
      found = {
        mesh,
        target,
        layer,
        array,
        created: existing === null,
        before: new Float32Array(array.length),
        touched: new Uint8Array(array.length),
        order: [],
      };
      open.set(key, found);
    }
    last = found;
    return found;
  };
  return {
    array: (mesh, target, layer) => entry(mesh, target, layer).array,
    touch(mesh, target, layer, index) {
      const found = entry(mesh, target, layer);
      if (found.touched[index]) return;
      found.touched[index] = 1;
      found.before[index] = found.array[index];
      found.order.push(index);
    },
    finish() {
      const changes: PaintChange[] = [];
      for (const found of open.values()) {
        const indices: number[] = [];
        for (const index of found.order) if (!Object.is(found.before[index], found.array[index])) indices.push(index);
        if (indices.length === 0 && !found.created) continue;
        indices.sort((a, b) => a - b);
        const change: PaintChange = {
          mesh: found.mesh,
          target: found.target,
          indices: Uint32Array.from(indices),
          before: Float32Array.from(indices, (index) => found.before[index]),
          after: Float32Array.from(indices, (index) => found.array[index]),
          created: found.created,
        };
        if (found.layer !== undefined) change.layer = found.layer;
        changes.push(change);
      }
      return changes;
    },
  };
}

/**
 * The weights the heat map shows: with no active layer, the weights the bake uses at `frame` (base,
 * then every enabled layer of the mesh at its keyed influence: app/weights layeredBlendWeights); with a
 * layer being painted, that layer at full influence over the base, so what the brush does is visible
 * whatever the layer's keys say at this frame.
 */
export function displayWeights(
  paint: PaintDocument,
  mesh: MeshPaint,
  layers: readonly LayerEntry[],
  activeLayer: string | null,
  frame: number,
  out: Float32Array,
): Float32Array {
  const base = paint.baseOf(mesh);
  const blended: BlendedLayer[] = [];
  for (const layer of layers) {
    if (layer.mesh !== mesh.name) continue;
    const arrays = paint.layers.get(layer.id);
    if (!arrays) continue;
    if (activeLayer !== null) {
      if (layer.id === activeLayer) blended.push({ values: arrays.values, mask: arrays.mask, keys: [] });
    } else if (layer.enabled) blended.push({ values: arrays.values, mask: arrays.mask, keys: layer.keys });
  }
  return layeredBlendWeights(base, blended, frame, out);
}

/**
 * displayWeights at some vertices only (a brush sample's): `out[v]` for v in `indices[0..count)`, the rest of `out`
 * left as it is. The same blend as app/weights layeredBlendWeights (base, then each layer at influence·mask:
 * w ← w + a·(value − w)), per vertex, so a stroke sample costs its hits and not the whole mesh.
 */
export function displayWeightsAt(
  paint: PaintDocument,
  mesh: MeshPaint,
  layers: readonly LayerEntry[],
  activeLayer: string | null,
  frame: number,
  indices: ArrayLike<number>,
  count: number,
  out: Float32Array,
): Float32Array {
  const base = paint.baseOf(mesh);
  for (let k = 0; k < count; k++) out[indices[k]] = base[indices[k]];
  for (const layer of layers) {
    if (layer.mesh !== mesh.name) continue;
    const arrays = paint.layers.get(layer.id);
    if (!arrays) continue;
    let influence: number;
    if (activeLayer !== null) {
      if (layer.id !== activeLayer) continue;
      influence = 1;
    } else {
      if (!layer.enabled) continue;
      influence = weightLayerInfluence(layer.keys, frame);
    }
    if (influence === 0) continue;
    const { values, mask } = arrays;
    for (let k = 0; k < count; k++) {
      const v = indices[k];
      const a = influence * mask[v];
      if (a !== 0) out[v] += a * (values[v] - out[v]);
    }
  }
  return out;
}
