/**
 * The painted data of the open document, outside the store (big arrays never enter it): per mesh the
 * engine's default weights (meshBlendWeights with no source, what the heat map shows before anything
 * is painted), the painted base weights, the max distances, the vertex selection, and the weight
 * layers' values and masks; plus the paint history (paintHistory.ts) that undo moves through.
 *
 * All arrays are per welded simulation vertex, the engine's unit of weights (app/document).
 */
import type { ImportedScene } from '../../app/io/index.ts';
import { layeredBlendWeights, meshBlendWeights, type BlendedLayer } from '../../app/weights/index.ts';
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
  interface Open {
    mesh: string;
    target: PaintTarget;
    layer?: string;
    array: Float32Array;
    created: boolean;
    before: Map<number, number>;
  }
  const open = new Map<string, Open>();
  const keyOf = (mesh: string, target: PaintTarget, layer?: string): string => `${mesh}\u0000${target}\u0000${layer ?? ''}`;
  const entry = (mesh: string, target: PaintTarget, layer?: string): Open => {
    const key = keyOf(mesh, target, layer);
    let found = open.get(key);
    if (!found) {
      const existing = paint.arrays.get({ mesh, target, layer });
      const array = existing ?? paint.arrays.create({ mesh, target, layer });
      found = { mesh, target, layer, array, created: existing === null, before: new Map() };
      open.set(key, found);
    }
    return found;
  };
  return {
    array: (mesh, target, layer) => entry(mesh, target, layer).array,
    touch(mesh, target, layer, index) {
      const found = entry(mesh, target, layer);
      if (!found.before.has(index)) found.before.set(index, found.array[index]);
    },
    finish() {
      const changes: PaintChange[] = [];
      for (const found of open.values()) {
        const indices: number[] = [];
        for (const [index, before] of found.before) if (!Object.is(before, found.array[index])) indices.push(index);
        if (indices.length === 0 && !found.created) continue;
        indices.sort((a, b) => a - b);
        const change: PaintChange = {
          mesh: found.mesh,
          target: found.target,
          indices: Uint32Array.from(indices),
          before: Float32Array.from(indices, (index) => found.before.get(index)!),
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
export function displayWeights(paint: PaintDocument, mesh: MeshPaint, layers: readonly LayerEntry[], activeLayer: string | null, frame: number, out: Float32Array): Float32Array {
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
