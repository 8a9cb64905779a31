import { Accessor, type Document, type Node, type Primitive, type Transform } from '@gltf-transform/core';
import { assignDefaults, createTransform } from '@gltf-transform/functions';
import { smoothingGroups, vertexNormals } from '../geometry/index.ts';
import { accessorFloats } from '../io/index.ts';
import { isTrianglePrimitive } from './appendMorphTargets.ts';
import { removeWeightsChannels, type BakedKeys, type BakedRepeat } from './bakedAnimation.ts';
import { morphTargetParts, type MorphTargetPart } from './morphTargetParts.ts';
import { bakedClip, bakedClipDefaults } from './bakedClip.ts';
import { primitiveTriangles } from './primitiveTriangles.ts';

const NAME = 'vertexCache';

/** The baked frames of one mesh node, as absolute world-space positions. */
export interface CacheMeshFrames {
  /** index of the mesh node in `document.getRoot().listNodes()` */
  node: number;
  /** #F×#R×3 world-space positions per baked frame [m], render-vertex order (triangle primitives concatenated) */
  positions: Float32Array;
}

export interface VertexCacheOptions {
  animationName?: string;
  /** index of the input clip whose channels the baked animation copies (skeleton, props), or -1 */
  sourceAnimation?: number;
  keys?: BakedKeys;
  meshes?: CacheMeshFrames[];
  interpolation?: 'LINEAR' | 'STEP';
  /** store a target sparsely when at most this fraction of its vertices moves (0 = never) */
  sparseBelow?: number;
  /** a looped bake longer than one cycle: the source clip's keys repeat every cycle (null: copied once) */
  sourceRepeat?: BakedRepeat | null;
  /** write NORMAL deltas, recomputed per frame, for primitives that have normals */
  normals?: boolean;
  /**
   * turns a mesh's per-frame offsets into the targets to write: compact shapes and their weights per frame
   * (compactShapes), over the whole mesh or its chunks (shapeChunks); null (the default): one target per frame
   */
  fitTargets?: ((entry: CacheTargetsToFit) => MorphTargetPart[]) | null;
}

/** What fitTargets is given: a cache mesh's per-frame offsets from its base (the first baked frame). */
export interface CacheTargetsToFit {
  /** index of the original mesh node */
  node: number;
  /** #F×#R×3 world-space offsets of each frame from the base [m] */
  deltas: Float32Array;
  /** #F×#R×3 normal offsets, or null */
  normalDeltas: Float32Array | null;
  frameCount: number;
}

export const VERTEX_CACHE_DEFAULTS: Required<VertexCacheOptions> = { ...bakedClipDefaults(), sparseBelow: 0.5, normals: true, fitTargets: null };

/**
 * Writes baked motion as an absolute vertex cache: each baked mesh becomes an unskinned mesh on a new
 * node at the scene root (identity transform, same name), whose base positions are the first baked
 * frame in world space and whose morph targets, one per frame, carry the offsets to every other frame.
 * glTF has no other portable vertex-cache form; every engine that plays morph targets plays this. With
 * `fitTargets` the offsets become a few compact shapes mixed per frame instead (compactShapes).
 * The original node keeps its place in the hierarchy (renamed `NAME.skinned`) without mesh or skin, so
 * anything parented to it or to the skeleton still moves; weights channels that targeted it are removed.
 *
 * Example:
 * ```ts
 * await document.transform(vertexCache({ animationName: 'Walk (baked)', sourceAnimation: 1, keys, meshes }));
 * ```
 *
 * @param _options  animation name, source clip, keys, mesh frames, interpolation, sparseBelow, normals (VERTEX_CACHE_DEFAULTS)
 * @returns the glTF-Transform transform, for `document.transform(...)`
 * @category Transforms
 */
export function vertexCache(_options: VertexCacheOptions = VERTEX_CACHE_DEFAULTS): Transform {
  const options = assignDefaults(VERTEX_CACHE_DEFAULTS, _options);
  return createTransform(NAME, async (document: Document): Promise<void> => {
    const root = document.getRoot();
    const { keys } = options;
    const { nodes: originals, animation, input, frameCount } = bakedClip(document, NAME, options, true);
    const buffer = root.listBuffers()[0] ?? document.createBuffer();
    options.meshes.forEach((entry, i) => {
      const original = originals[i];
      const sourceMesh = original.getMesh()!;
      const included = sourceMesh.listPrimitives().filter(isTrianglePrimitive);
      const renderVertexCount = included.reduce((n, p) => n + (p.getAttribute('POSITION')?.getCount() ?? 0), 0);
      if (entry.positions.length !== frameCount * renderVertexCount * 3) {
        throw new Error(
          `${NAME}: node "${original.getName()}" has ${renderVertexCount} render vertices, positions hold ${entry.positions.length / 3 / frameCount} per frame`,
        );
      }
      const { targetNames: _targetNames, ...meshExtras } = sourceMesh.getExtras() as Record<string, unknown>;
      const mesh = document.createMesh(sourceMesh.getName()).setExtras(meshExtras);
      const base = entry.positions.subarray(0, renderVertexCount * 3);
      const hasNormals = options.normals && included.some((p) => p.getAttribute('NORMAL'));
      const baseNormals = hasNormals ? new Float32Array(renderVertexCount * 3) : null;
      let offset = 0;
      for (const primitive of included) {
        const count = primitive.getAttribute('POSITION')!.getCount();
        const copy = cachePrimitive(document, primitive, base.subarray(offset * 3, (offset + count) * 3));
        if (baseNormals && copy.getAttribute('NORMAL')) {
          const normals = primitiveNormals(primitive, base.subarray(offset * 3, (offset + count) * 3), count);
          baseNormals.set(normals, offset * 3);
          copy.setAttribute('NORMAL', document.createAccessor().setType(Accessor.Type.VEC3).setArray(normals).setBuffer(buffer));
        }
        mesh.addPrimitive(copy);
        offset += count;
      }
      const deltas = new Float32Array(entry.positions.length);
      const normalDeltas = baseNormals ? new Float32Array(entry.positions.length) : null;
      for (let f = 0; f < frameCount; f++) {
        const frame = entry.positions.subarray(f * renderVertexCount * 3, (f + 1) * renderVertexCount * 3);
        for (let k = 0; k < renderVertexCount * 3; k++) deltas[f * renderVertexCount * 3 + k] = frame[k] - base[k];
        if (normalDeltas && baseNormals) {
          let start = 0;
          for (const primitive of included) {
            const count = primitive.getAttribute('POSITION')!.getCount();
            if (primitive.getAttribute('NORMAL')) {
              const normals = primitiveNormals(primitive, frame.subarray(start * 3, (start + count) * 3), count);
              for (let k = 0; k < count * 3; k++) normalDeltas[(f * renderVertexCount + start) * 3 + k] = normals[k] - baseNormals[start * 3 + k];
            }
            start += count;
          }
        }
      }
      const name = original.getName();
      const cache = document
        .createNode(name)
        .setMesh(mesh)
        .setExtras({ ...original.getExtras() });
      for (const scene of root.listScenes()) {
        if (scene.listChildren().includes(topAncestor(original))) scene.addChild(cache);
      }
      original.setName(`${name}.skinned`).setMesh(null).setSkin(null);
      if (!sourceMesh.listParents().some((p) => p.propertyType === 'Node')) sourceMesh.dispose();
      removeWeightsChannels(document, original);
      const parts = options.fitTargets
        ? options.fitTargets({ node: entry.node, deltas, normalDeltas, frameCount })
        : [{ triangles: null, targets: deltas, normalTargets: normalDeltas, frameWeights: null }];
      const { interpolation, sparseBelow, animationName } = options;
      morphTargetParts(document, cache, parts, null, { animation, keys, input, frameCount, name: animationName, interpolation, sparseBelow });
    });
    document.getLogger().debug(`${NAME}: Complete.`);
  });
}

/** A copy of a primitive without skin attributes or morph targets, with the given base positions. */
function cachePrimitive(document: Document, primitive: Primitive, positions: Float32Array): Primitive {
  const copy = document.createPrimitive().setMode(primitive.getMode()).setMaterial(primitive.getMaterial()).setIndices(primitive.getIndices());
  for (const semantic of primitive.listSemantics()) {
    if (/^(JOINTS|WEIGHTS)_\d+$/.test(semantic) || semantic === 'POSITION' || semantic === 'TANGENT') continue;
    copy.setAttribute(semantic, primitive.getAttribute(semantic));
  }
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  copy.setAttribute('POSITION', document.createAccessor().setType(Accessor.Type.VEC3).setArray(Float32Array.from(positions)).setBuffer(buffer));
  return copy;
}

/** The vertex normals of a primitive's `count` vertices at `positions` (#count×3), its smoothing groups kept. */
function primitiveNormals(primitive: Primitive, positions: Float32Array, count: number): Float32Array {
  return vertexNormals(positions, cachedTriangles(primitive), count, new Float32Array(count * 3), primitiveGroups(primitive));
}

/** primitiveTriangles, computed once per primitive. */
function cachedTriangles(primitive: Primitive): Uint32Array {
  let triangles = _triangles.get(primitive);
  if (!triangles) _triangles.set(primitive, (triangles = primitiveTriangles(primitive)));
  return triangles;
}

/** Smoothing groups of a primitive's vertices (smoothingGroups on its POSITION and NORMAL). */
function primitiveGroups(primitive: Primitive): Uint32Array {
  const cached = _groups.get(primitive);
  if (cached) return cached;
  const position = primitive.getAttribute('POSITION')!;
  const normal = primitive.getAttribute('NORMAL');
  const groups = smoothingGroups(accessorFloats(position), normal ? accessorFloats(normal) : null, position.getCount());
  _groups.set(primitive, groups);
  return groups;
}

function topAncestor(node: Node): Node {
  let top = node;
  for (let parent = top.getParentNode(); parent; parent = parent.getParentNode()) top = parent;
  return top;
}

const _triangles = new WeakMap<Primitive, Uint32Array>();
const _groups = new WeakMap<Primitive, Uint32Array>();
