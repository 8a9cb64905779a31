/**
 * The first structural problem of a glTF JSON document and its resources, or null: elements of the
 * wrong type (`"meshes": [null]`, the Khronos validator's invalid_array_elements.gltf), dangling
 * references, accessors and buffer views outside their buffers, truncated or missing buffers, node
 * cycles, and declared counts beyond what Overlap will allocate. glTF-Transform trusts all of these
 * (a null element or a bad index becomes a TypeError, a huge count an allocation that exhausts
 * memory), so they are checked on the JSON first, against the rules of glTF 2.0 §5 (property
 * reference, the schema below) and §3.6 ("Binary data storage"). It reads parsed JSON; it does not
 * parse glTF itself.
 */
import type { GLTF } from '@gltf-transform/core';
import { jsonShapeProblem, type JsonShape as Shape } from './jsonShapeProblem.ts';

/** Most elements one accessor may declare (2^26 ≈ 67 million): beyond any character mesh, and small enough to allocate. */
export const MAX_ACCESSOR_COUNT = 1 << 26;

/**
 * Bytes all accessors of a file may declare together beyond twice the file's real data (its buffers): room for
 * sparse accessors without a bufferView, which glTF-Transform fills with zeros (§3.6.2.4). A 227-byte file that
 * declares four 2^26-element VEC4 accessors would otherwise make the importer allocate gigabytes.
 */
export const ACCESSOR_ALLOWANCE_BYTES = 256 * 2 ** 20;

const COMPONENT_BYTES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const TYPE_COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };
const INTERPOLATIONS = new Set(['LINEAR', 'STEP', 'CUBICSPLINE']);

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isIndex = (value: unknown, length: number): boolean => isCount(value) && value < length;

/**
 * The first structural problem of a glTF JSON document and its resources (glTF 2.0 §5 and §3.6), or null.
 *
 * @param json       the parsed glTF JSON
 * @param resources  buffer and image bytes by URI (GLB's BIN chunk under '@glb.bin'), as glTF-Transform's JSONDocument
 *                   holds them; null checks the JSON alone (before any external file is read)
 * @returns a sentence describing the first problem, or null when the document is structurally sound
 */
export function gltfJsonProblem(json: GLTF.IGLTF, resources: Record<string, Uint8Array> | null): string | null {
  const asset = (json as { asset?: unknown }).asset;
  if (typeof asset !== 'object' || asset === null || typeof (asset as { version?: unknown }).version !== 'string')
    return 'missing asset.version: not a glTF 2.0 file';
  const version = (asset as { version: string }).version;
  if (!version.startsWith('2.')) return `glTF version ${version} is not supported (only glTF 2.0)`;
  const shape = jsonShapeProblem(json, ROOT, '', { extensions: true });
  if (shape) return shape;

  const buffers = json.buffers ?? [];
  const bufferViews = json.bufferViews ?? [];
  const accessors = json.accessors ?? [];
  const meshes = json.meshes ?? [];
  const nodes = json.nodes ?? [];
  const skins = json.skins ?? [];

  for (let i = 0; i < buffers.length && resources; i++) {
    const buffer = buffers[i];
    if (!isCount(buffer.byteLength)) return `buffer ${i} has an invalid byteLength`;
    // Only the first buffer may be the GLB's BIN chunk (§4.4.3.3).
    const data = buffer.uri !== undefined ? resources[buffer.uri] : i === 0 ? resources['@glb.bin'] : undefined;
    if (data === undefined || data === null) {
      if (buffer.byteLength === 0) continue;
      // Buffers only EXT_meshopt_compression reads may be left out (its fallback buffers).
      if (buffer.extensions && 'EXT_meshopt_compression' in buffer.extensions) continue;
      return buffer.uri ? `buffer ${i} ("${buffer.uri}") is missing` : `buffer ${i} has no data: the GLB has no BIN chunk`;
    }
    if (data.byteLength < buffer.byteLength) {
      return `buffer ${i}${buffer.uri && !buffer.uri.startsWith('__') ? ` ("${buffer.uri}")` : ''} declares ${buffer.byteLength} bytes but has ${data.byteLength}: truncated`;
    }
  }

  for (let i = 0; i < bufferViews.length; i++) {
    const view = bufferViews[i];
    if (!isIndex(view.buffer, buffers.length)) return `bufferView ${i} refers to buffer ${view.buffer}, which does not exist`;
    const offset = view.byteOffset ?? 0;
    if (!isCount(offset) || !isCount(view.byteLength)) return `bufferView ${i} has an invalid byteOffset or byteLength`;
    if (offset + view.byteLength > buffers[view.buffer].byteLength) {
      return `bufferView ${i} (bytes ${offset}..${offset + view.byteLength}) lies outside buffer ${view.buffer} (${buffers[view.buffer].byteLength} bytes)`;
    }
    if (view.byteStride !== undefined && (!isCount(view.byteStride) || view.byteStride < 4 || view.byteStride > 252)) {
      return `bufferView ${i} has an invalid byteStride ${view.byteStride}`;
    }
  }

  for (let i = 0; i < accessors.length; i++) {
    const problem = accessorProblem(accessors[i], bufferViews);
    if (problem) return `accessor ${i}${accessors[i].name ? ` ("${accessors[i].name}")` : ''}: ${problem}`;
  }
  if (resources) {
    let declared = 0;
    for (const accessor of accessors) declared += accessor.count * COMPONENT_BYTES[accessor.componentType] * TYPE_COMPONENTS[accessor.type];
    let real = 0;
    for (const data of Object.values(resources)) real += data?.byteLength ?? 0;
    const allowed = 2 * real + ACCESSOR_ALLOWANCE_BYTES;
    if (declared > allowed) {
      return `its accessors declare ${mebibytes(declared)} of data but the file holds ${mebibytes(real)} (at most twice that plus ${mebibytes(ACCESSOR_ALLOWANCE_BYTES)} for zero-filled sparse accessors is read)`;
    }
  }

  for (let m = 0; m < meshes.length; m++) {
    const primitives = meshes[m].primitives;
    if (!Array.isArray(primitives)) return `mesh ${m} has no primitives`;
    for (let p = 0; p < primitives.length; p++) {
      const primitive = primitives[p];
      const where = `mesh ${m} ("${meshes[m].name ?? ''}") primitive ${p}`;
      for (const [semantic, index] of Object.entries(primitive.attributes ?? {})) {
        if (!isIndex(index, accessors.length)) return `${where}: attribute ${semantic} refers to accessor ${index}, which does not exist`;
      }
      if (primitive.indices !== undefined && !isIndex(primitive.indices, accessors.length)) {
        return `${where}: indices refer to accessor ${primitive.indices}, which does not exist`;
      }
      for (const target of primitive.targets ?? []) {
        for (const [semantic, index] of Object.entries(target)) {
          if (!isIndex(index, accessors.length)) return `${where}: morph target ${semantic} refers to accessor ${index}, which does not exist`;
        }
      }
      if (primitive.material !== undefined && !isIndex(primitive.material, (json.materials ?? []).length)) {
        return `${where}: material ${primitive.material} does not exist`;
      }
    }
  }

  const parentOf = new Int32Array(nodes.length).fill(-1);
  for (let n = 0; n < nodes.length; n++) {
    const node = nodes[n];
    if (node.mesh !== undefined && !isIndex(node.mesh, meshes.length)) return `node ${n} refers to mesh ${node.mesh}, which does not exist`;
    if (node.skin !== undefined && !isIndex(node.skin, skins.length)) return `node ${n} refers to skin ${node.skin}, which does not exist`;
    if (node.camera !== undefined && !isIndex(node.camera, (json.cameras ?? []).length))
      return `node ${n} refers to camera ${node.camera}, which does not exist`;
    for (const child of node.children ?? []) {
      if (!isIndex(child, nodes.length)) return `node ${n} has child ${child}, which does not exist`;
      if (parentOf[child] !== -1 || child === n) return `node ${child} has more than one parent (nodes must form a tree)`;
      parentOf[child] = n;
    }
    for (const key of ['translation', 'rotation', 'scale', 'matrix', 'weights'] as const) {
      const value = node[key] as number[] | undefined;
      if (value !== undefined && (!Array.isArray(value) || value.some((x) => typeof x !== 'number' || !Number.isFinite(x)))) {
        return `node ${n} has a non-finite ${key}`;
      }
    }
  }
  for (let n = 0; n < nodes.length; n++) {
    // With at most one parent each, a walk up that runs longer than the node count is a cycle.
    let steps = 0;
    for (let p = parentOf[n]; p !== -1; p = parentOf[p]) {
      if (++steps > nodes.length) return `node ${n} is its own ancestor (the node hierarchy has a cycle)`;
    }
  }

  const scenes = json.scenes ?? [];
  if (json.scene !== undefined && !isIndex(json.scene, scenes.length)) return `the default scene ${json.scene} does not exist`;
  for (let s = 0; s < scenes.length; s++) {
    for (const root of scenes[s].nodes ?? []) {
      if (!isIndex(root, nodes.length)) return `scene ${s} refers to node ${root}, which does not exist`;
      // §3.5.1: scene nodes must be roots; a child listed as a root would be visited before its parent.
      if (parentOf[root] !== -1) return `scene ${s} lists node ${root} as a root, but it is a child of node ${parentOf[root]}`;
    }
  }

  for (let s = 0; s < skins.length; s++) {
    const skin = skins[s];
    if (!Array.isArray(skin.joints) || skin.joints.length === 0) return `skin ${s} has no joints`;
    for (const joint of skin.joints) if (!isIndex(joint, nodes.length)) return `skin ${s} refers to joint node ${joint}, which does not exist`;
    if (skin.skeleton !== undefined && !isIndex(skin.skeleton, nodes.length)) return `skin ${s} refers to skeleton node ${skin.skeleton}, which does not exist`;
    if (skin.inverseBindMatrices !== undefined) {
      if (!isIndex(skin.inverseBindMatrices, accessors.length)) return `skin ${s} refers to accessor ${skin.inverseBindMatrices}, which does not exist`;
      const matrices = accessors[skin.inverseBindMatrices];
      if (matrices.type !== 'MAT4' || matrices.count < skin.joints.length) {
        return `skin ${s}: inverseBindMatrices must hold one MAT4 per joint (${skin.joints.length}), found ${matrices.count} ${matrices.type}`;
      }
    }
  }

  const animations = json.animations ?? [];
  for (let a = 0; a < animations.length; a++) {
    const animation = animations[a];
    const where = `animation ${a}${animation.name ? ` ("${animation.name}")` : ''}`;
    const samplers = animation.samplers ?? [];
    for (let s = 0; s < samplers.length; s++) {
      const sampler = samplers[s];
      if (!isIndex(sampler.input, accessors.length) || !isIndex(sampler.output, accessors.length)) {
        return `${where} sampler ${s} refers to an accessor that does not exist`;
      }
      if (sampler.interpolation !== undefined && !INTERPOLATIONS.has(sampler.interpolation)) {
        return `${where} sampler ${s} has unknown interpolation "${sampler.interpolation}"`;
      }
    }
    for (let c = 0; c < (animation.channels ?? []).length; c++) {
      const channel = animation.channels[c];
      if (!isIndex(channel.sampler, samplers.length)) return `${where} channel ${c} refers to sampler ${channel.sampler}, which does not exist`;
      if (channel.target?.node !== undefined && !isIndex(channel.target.node, nodes.length)) {
        return `${where} channel ${c} targets node ${channel.target.node}, which does not exist`;
      }
      // A path the core spec does not list is an extension's (KHR_animation_pointer's "pointer", declared or not: the
      // validator accepts both); importedClip ignores such a channel with a warning.
      if (typeof channel.target?.path !== 'string') return `${where} channel ${c} has no target path`;
    }
  }

  const images = json.images ?? [];
  for (let i = 0; i < images.length; i++) {
    if (images[i].uri === undefined && images[i].bufferView === undefined) return `images[${i}] has neither a uri nor a bufferView`;
    if (images[i].bufferView !== undefined && !isIndex(images[i].bufferView, bufferViews.length))
      return `image ${i} refers to bufferView ${images[i].bufferView}, which does not exist`;
  }
  const textures = json.textures ?? [];
  for (let t = 0; t < textures.length; t++) {
    if (textures[t].source !== undefined && !isIndex(textures[t].source, images.length))
      return `texture ${t} refers to image ${textures[t].source}, which does not exist`;
    if (textures[t].sampler !== undefined && !isIndex(textures[t].sampler, (json.samplers ?? []).length))
      return `texture ${t} refers to sampler ${textures[t].sampler}, which does not exist`;
  }
  const materials = json.materials ?? [];
  for (let m = 0; m < materials.length; m++) {
    const material = materials[m];
    const infos = [
      material.pbrMetallicRoughness?.baseColorTexture,
      material.pbrMetallicRoughness?.metallicRoughnessTexture,
      material.normalTexture,
      material.occlusionTexture,
      material.emissiveTexture,
    ];
    for (const info of infos) {
      if (info !== undefined && !isIndex(info.index, textures.length)) return `material ${m} refers to texture ${info.index}, which does not exist`;
    }
  }
  return null;
}

function accessorProblem(accessor: GLTF.IAccessor, bufferViews: GLTF.IBufferView[]): string | null {
  const componentBytes = COMPONENT_BYTES[accessor.componentType];
  const components = TYPE_COMPONENTS[accessor.type];
  if (!componentBytes) return `unknown componentType ${accessor.componentType}`;
  if (!components) return `unknown type "${accessor.type}"`;
  if (!isCount(accessor.count)) return `invalid count ${accessor.count}`;
  if (accessor.count > MAX_ACCESSOR_COUNT) return `declares ${accessor.count} elements, more than the limit of ${MAX_ACCESSOR_COUNT}`;
  const elementBytes = componentBytes * components;
  if (accessor.bufferView !== undefined) {
    if (!isIndex(accessor.bufferView, bufferViews.length)) return `refers to bufferView ${accessor.bufferView}, which does not exist`;
    const view = bufferViews[accessor.bufferView];
    const offset = accessor.byteOffset ?? 0;
    if (!isCount(offset)) return `invalid byteOffset ${accessor.byteOffset}`;
    const stride = view.byteStride ?? elementBytes;
    const needed = accessor.count === 0 ? offset : offset + stride * (accessor.count - 1) + elementBytes;
    if (needed > view.byteLength) {
      return `${accessor.count} elements need ${needed} bytes but bufferView ${accessor.bufferView} has ${view.byteLength}`;
    }
  }
  const sparse = accessor.sparse;
  if (sparse) {
    if (!isCount(sparse.count) || sparse.count > accessor.count) return `sparse count ${sparse.count} exceeds the accessor count ${accessor.count}`;
    const indexBytes = COMPONENT_BYTES[sparse.indices?.componentType];
    if (!indexBytes || sparse.indices.componentType === 5120 || sparse.indices.componentType === 5122) return 'sparse indices have an invalid componentType';
    for (const [what, part, bytes] of [
      ['indices', sparse.indices, indexBytes],
      ['values', sparse.values, elementBytes],
    ] as const) {
      if (!part || !isIndex(part.bufferView, bufferViews.length)) return `sparse ${what} refer to a bufferView that does not exist`;
      const offset = part.byteOffset ?? 0;
      if (!isCount(offset) || offset + bytes * sparse.count > bufferViews[part.bufferView].byteLength) {
        return `sparse ${what} lie outside bufferView ${part.bufferView}`;
      }
    }
  }
  return null;
}

function mebibytes(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 20 ? 3 : 1)} MiB`;
}

/**
 * The shape of the glTF 2.0 JSON that Overlap and glTF-Transform read (glTF 2.0 §5, schema/*.schema.json): which
 * properties are objects, arrays, indices, numbers, strings. Type only; ranges and references are checked after.
 * Properties not listed (extras, names, extension contents) are not read blindly and are not checked here; every
 * object may carry `extensions` (an object of objects).
 */
const NUMBERS = (length?: number): Shape => ({ array: 'number', length });
const TEXTURE_INFO: Shape = { object: { index: 'index', texCoord: 'index', scale: 'number', strength: 'number' }, required: ['index'] };
const ATTRIBUTES: Shape = { record: 'index' };
const ROOT: Shape = {
  object: {
    extensionsUsed: { array: 'string' },
    extensionsRequired: { array: 'string' },
    scene: 'index',
    buffers: { array: { object: { uri: 'string', byteLength: 'index' }, required: ['byteLength'] } },
    bufferViews: {
      array: {
        object: { buffer: 'index', byteOffset: 'index', byteLength: 'index', byteStride: 'index', target: 'index' },
        required: ['buffer', 'byteLength'],
      },
    },
    accessors: {
      array: {
        object: {
          bufferView: 'index',
          byteOffset: 'index',
          componentType: 'index',
          normalized: 'boolean',
          count: 'index',
          type: 'string',
          max: NUMBERS(),
          min: NUMBERS(),
          sparse: {
            object: {
              count: 'index',
              indices: { object: { bufferView: 'index', byteOffset: 'index', componentType: 'index' }, required: ['bufferView', 'componentType'] },
              values: { object: { bufferView: 'index', byteOffset: 'index' }, required: ['bufferView'] },
            },
            required: ['count', 'indices', 'values'],
          },
        },
        required: ['componentType', 'count', 'type'],
      },
    },
    meshes: {
      array: {
        object: {
          primitives: {
            array: {
              object: { attributes: ATTRIBUTES, indices: 'index', material: 'index', mode: 'index', targets: { array: ATTRIBUTES } },
              required: ['attributes'],
            },
          },
          weights: NUMBERS(),
        },
        required: ['primitives'],
      },
    },
    nodes: {
      array: {
        object: {
          camera: 'index',
          children: { array: 'index' },
          skin: 'index',
          matrix: NUMBERS(16),
          mesh: 'index',
          rotation: NUMBERS(4),
          scale: NUMBERS(3),
          translation: NUMBERS(3),
          weights: NUMBERS(),
        },
      },
    },
    skins: { array: { object: { inverseBindMatrices: 'index', skeleton: 'index', joints: { array: 'index' } }, required: ['joints'] } },
    animations: {
      array: {
        object: {
          channels: {
            array: { object: { sampler: 'index', target: { object: { node: 'index', path: 'string' }, required: ['path'] } }, required: ['sampler', 'target'] },
          },
          samplers: { array: { object: { input: 'index', interpolation: 'string', output: 'index' }, required: ['input', 'output'] } },
        },
        required: ['channels', 'samplers'],
      },
    },
    images: { array: { object: { uri: 'string', mimeType: 'string', bufferView: 'index' } } },
    textures: { array: { object: { sampler: 'index', source: 'index' } } },
    samplers: { array: { object: { magFilter: 'index', minFilter: 'index', wrapS: 'index', wrapT: 'index' } } },
    materials: {
      array: {
        object: {
          pbrMetallicRoughness: {
            object: {
              baseColorFactor: NUMBERS(4),
              baseColorTexture: TEXTURE_INFO,
              metallicFactor: 'number',
              roughnessFactor: 'number',
              metallicRoughnessTexture: TEXTURE_INFO,
            },
          },
          normalTexture: TEXTURE_INFO,
          occlusionTexture: TEXTURE_INFO,
          emissiveTexture: TEXTURE_INFO,
          emissiveFactor: NUMBERS(3),
          alphaMode: 'string',
          alphaCutoff: 'number',
          doubleSided: 'boolean',
        },
      },
    },
    cameras: {
      array: {
        object: {
          type: 'string',
          perspective: { object: { aspectRatio: 'number', yfov: 'number', zfar: 'number', znear: 'number' } },
          orthographic: { object: { xmag: 'number', ymag: 'number', zfar: 'number', znear: 'number' } },
        },
      },
    },
    scenes: { array: { object: { nodes: { array: 'index' } } } },
  },
};
