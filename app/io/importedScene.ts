/**
 * The imported form of a glTF file: what the simulation, the painting tools and the bake read.
 *
 * The glTF-Transform `Document` stays the source of truth for export; everything else here is a
 * flattened, typed-array view of it that the evaluator (app/animation) consumes without touching
 * the document again. Units are glTF's: meters, seconds, radians. Matrices are column-major 4×4.
 */
import type { Document, Node as GltfNode, Mesh as GltfMesh, Primitive as GltfPrimitive } from '@gltf-transform/core';
import type { WeldedTopology } from '../geometry/index.ts';

/** Interpolation of an animation sampler, glTF 2.0 §3.11 ("Animations"). */
export type ImportedInterpolation = 'STEP' | 'LINEAR' | 'CUBICSPLINE';

/** Animated property of a channel. */
export type ImportedChannelPath = 'translation' | 'rotation' | 'scale' | 'weights';

/** The node hierarchy of the imported scene, flattened in parent-before-child order. */
export interface ImportedHierarchy {
  /** #N glTF-Transform nodes reachable from the imported scene, parents before children */
  nodes: GltfNode[];
  /** #N index of each node's parent in `nodes`, -1 for scene roots */
  parentIndices: Int32Array;
  /** #N×3 rest translations [m] */
  translations: Float64Array;
  /** #N×4 rest rotations, unit quaternions x, y, z, w */
  rotations: Float64Array;
  /** #N×3 rest scales */
  scales: Float64Array;
}

/** One animation channel with its sampler, resolved to a node of the hierarchy. */
export interface ImportedChannel {
  /** index into ImportedHierarchy.nodes */
  nodeIndex: number;
  path: ImportedChannelPath;
  interpolation: ImportedInterpolation;
  /** #K keyframe times [s], strictly increasing */
  times: Float32Array;
  /**
   * #K×C keyframe values (C = 3 translation/scale, 4 rotation, #morph targets for weights); for
   * CUBICSPLINE #K×3×C laid out as the spec stores them: in-tangent, value, out-tangent per key.
   * Normalized-integer outputs are already converted to floats.
   */
  values: Float32Array;
  /** C, the number of components of one value */
  componentCount: number;
}

/** One glTF animation. */
export interface ImportedClip {
  name: string;
  /** last keyframe time over all channels [s] (clips are evaluated on [0, duration]) */
  duration: number;
  /** number of channels that target a node of the imported scene */
  channelCount: number;
  channels: ImportedChannel[];
}

/** Skin binding of one mesh, glTF 2.0 §3.7.3 ("Skins"). */
export interface ImportedSkin {
  /** #J indices into ImportedHierarchy.nodes of the joints, in the skin's joint order */
  jointNodeIndices: Uint32Array;
  /** #J×16 inverse bind matrices, column-major (identity where the file gives none) */
  inverseBindMatrices: Float32Array;
  /** K, influences per render vertex: 4 per JOINTS_n/WEIGHTS_n set */
  influencesPerVertex: number;
  /** #R×K joint indices (into jointNodeIndices) */
  joints: Uint16Array | Uint32Array;
  /** #R×K weights, normalized to sum 1 per vertex */
  weights: Float32Array;
}

/** Where one glTF primitive lies in the concatenated render vertices and triangles of its mesh. */
export interface ImportedPrimitiveRange {
  primitive: GltfPrimitive;
  firstVertex: number;
  vertexCount: number;
  firstTriangle: number;
  triangleCount: number;
}

/** One mesh node of the imported scene (a glTF mesh instanced by a node). */
export interface ImportedMesh {
  /** the node's name, or the mesh's name when the node has none (unique within the scene) */
  name: string;
  node: GltfNode;
  mesh: GltfMesh;
  /** index of `node` in ImportedHierarchy.nodes */
  nodeIndex: number;
  /** #R, render vertices: the triangle primitives' vertices concatenated in order */
  renderVertexCount: number;
  /** #R×3 mesh-local bind positions [m] */
  restPositions: Float32Array;
  /** #R×3 mesh-local bind normals, when every triangle primitive has them */
  restNormals?: Float32Array;
  /** #T×3 triangles, indices into the concatenated render vertices */
  triangles: Uint32Array;
  primitives: ImportedPrimitiveRange[];
  /** the welded simulation topology of the render vertices */
  topology: WeldedTopology;
  skinned: boolean;
  skin?: ImportedSkin;
  morphTargetCount: number;
  /** per morph target: #R×3 position deltas [m] */
  morphPositionDeltas: Float32Array[];
  /** per morph target: #R×3 normal deltas, when every target has them */
  morphNormalDeltas?: Float32Array[];
  /** #M default morph weights (node weights, else mesh weights, else 0) */
  defaultMorphWeights: Float32Array;
}

/** The result of readGltf. */
export interface ImportedScene {
  /** the glTF-Transform document, kept for export */
  document: Document;
  /** index of the imported scene in the document */
  sceneIndex: number;
  hierarchy: ImportedHierarchy;
  meshes: ImportedMesh[];
  clips: ImportedClip[];
  /** partial support and oddities found while importing (skipped primitives, renormalized weights, ...) */
  warnings: string[];
}
