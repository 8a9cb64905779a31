/**
 * Generated glTF files that exercise what ../shared/data does not: STEP and CUBICSPLINE samplers on
 * every path, keys that start after 0, node matrices, a deep hierarchy of rigid meshes, triangle
 * strips and fans, a points primitive (skipped), multi-primitive meshes, sparse morph targets,
 * KHR_mesh_quantization (int16 positions, int8 normals, normalized uint8 weights), a .gltf with an
 * external .bin, and a skinned tube with non-uniform joint scale. Written with glTF-Transform;
 * tests read them with both Overlap and three.js.
 */
import { Accessor, Document, NodeIO, type Animation, type Node as GltfNode } from '@gltf-transform/core';
import { ALL_EXTENSIONS, KHRMeshQuantization } from '@gltf-transform/extensions';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const io = (): NodeIO => new NodeIO().registerExtensions(ALL_EXTENSIONS);

function accessor(
  document: Document,
  type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4',
  array: Accessor['getArray'] extends () => infer T ? NonNullable<T> : never,
  normalized = false,
): Accessor {
  return document.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(document.getRoot().listBuffers()[0]);
}

/** One animated property: the node, its path, the sampler's interpolation, key times [s] and values, the values' type. */
type ChannelKeys = [
  node: GltfNode,
  path: 'translation' | 'rotation' | 'scale' | 'weights',
  interpolation: 'STEP' | 'LINEAR' | 'CUBICSPLINE',
  times: number[],
  values: number[],
  type: 'VEC3' | 'VEC4' | 'SCALAR',
];

/** Adds one sampler (its keys as float accessors) and the channel that drives the node's path with it to `animation`. */
function addChannel(document: Document, animation: Animation, ...[node, path, interpolation, times, values, type]: ChannelKeys): void {
  const sampler = document
    .createAnimationSampler()
    .setInput(accessor(document, 'SCALAR', new Float32Array(times)))
    .setOutput(accessor(document, type, new Float32Array(values)))
    .setInterpolation(interpolation);
  animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
}

/** A unit cube as 24 render vertices (per-face normals, a seam on every edge), 12 indexed triangles. */
function cube(): { positions: number[]; normals: number[]; indices: number[] } {
  const positions: number[] = [];
  const normals: number[] = [];
  const indices: number[] = [];
  for (let axis = 0; axis < 3; axis++) {
    for (const sign of [-1, 1]) {
      const u = (axis + 1) % 3;
      const v = (axis + 2) % 3;
      const base = positions.length / 3;
      for (const [a, b] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ]) {
        const p = [0, 0, 0];
        p[axis] = 0.5 * sign;
        p[u] = 0.5 * a;
        p[v] = 0.5 * b * sign;
        positions.push(...p);
        const n = [0, 0, 0];
        n[axis] = sign;
        normals.push(...n);
      }
      indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
  }
  return { positions, normals, indices };
}

/**
 * rigid.gltf (+ rigid.bin): a matrix root, a three-level chain of rigid meshes animated by STEP,
 * LINEAR and CUBICSPLINE on translation, rotation and scale; a mesh with an indexed triangle
 * primitive, a strip, a fan and a points primitive; a morph-target mesh (one target sparse) with
 * LINEAR, STEP and CUBICSPLINE weight clips; a KHR_mesh_quantization mesh.
 */
export async function writeRigidScene(folder: string): Promise<string> {
  const document = new Document();
  document.createBuffer('rigid');
  document.createExtension(KHRMeshQuantization).setRequired(true);
  const scene = document.createScene('Scene');
  const c = cube();

  const root = document.createNode('Root').setTranslation([0.5, 0, 0]);
  scene.addChild(root);
  const cubePrimitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array(c.positions)))
    .setAttribute('NORMAL', accessor(document, 'VEC3', new Float32Array(c.normals)))
    .setIndices(accessor(document, 'SCALAR', new Uint16Array(c.indices)));
  // A strip and a fan over a small grid, and a points primitive that must be skipped.
  const stripPrimitive = document
    .createPrimitive()
    .setMode(5)
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array([0, 1, 0, 0, 1.2, 0.3, 0.3, 1, 0, 0.3, 1.2, 0.3, 0.6, 1, 0, 0.6, 1.3, 0.2])));
  const fanPrimitive = document
    .createPrimitive()
    .setMode(6)
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array([0, 2, 0, 0.4, 2, 0, 0.3, 2.3, 0, 0, 2.4, 0.1, -0.3, 2.3, 0])))
    .setIndices(accessor(document, 'SCALAR', new Uint8Array([0, 1, 2, 3, 4])));
  const pointsPrimitive = document
    .createPrimitive()
    .setMode(0)
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array([0, 3, 0, 1, 3, 0])));
  const boxMesh = document
    .createMesh('BoxMesh')
    .addPrimitive(cubePrimitive)
    .addPrimitive(pointsPrimitive)
    .addPrimitive(stripPrimitive)
    .addPrimitive(fanPrimitive);

  const arm = document
    .createNode('Arm')
    .setMesh(boxMesh)
    .setTranslation([0, 1, 0])
    .setRotation([0, 0, Math.sin(0.2), Math.cos(0.2)]);
  const forearm = document
    .createNode('Forearm')
    .setMesh(document.createMesh('Small').addPrimitive(cubePrimitive))
    .setTranslation([0, 1.5, 0])
    .setScale([0.5, 0.8, 0.5]);
  const hand = document.createNode('Hand').setMesh(document.createMesh('Smaller').addPrimitive(cubePrimitive)).setTranslation([0.2, 1, 0]);
  root.addChild(arm);
  arm.addChild(forearm);
  forearm.addChild(hand);

  // Morph mesh: target 0 dense, target 1 sparse (only 4 non-zero deltas).
  const delta0 = new Float32Array(c.positions.length).map((_, i) => (i % 3 === 1 ? 0.3 * c.positions[i] : 0.1));
  const delta1 = new Float32Array(c.positions.length);
  for (const v of [0, 5, 10, 17]) delta1.set([0.2, -0.4, 0.5], 3 * v);
  const normalDelta = new Float32Array(c.normals.length).map((_, i) => (i % 3 === 0 ? 0.2 : 0));
  const morphPrimitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array(c.positions)))
    .setAttribute('NORMAL', accessor(document, 'VEC3', new Float32Array(c.normals)))
    .setIndices(accessor(document, 'SCALAR', new Uint16Array(c.indices)))
    .addTarget(
      document
        .createPrimitiveTarget()
        .setAttribute('POSITION', accessor(document, 'VEC3', delta0))
        .setAttribute('NORMAL', accessor(document, 'VEC3', normalDelta)),
    )
    .addTarget(
      document
        .createPrimitiveTarget()
        .setAttribute('POSITION', accessor(document, 'VEC3', delta1).setSparse(true))
        // three.js takes a missing target attribute as the base attribute, not zero: give every target both.
        .setAttribute('NORMAL', accessor(document, 'VEC3', new Float32Array(c.normals.length))),
    );
  const morph = document
    .createNode('Morph')
    .setMesh(document.createMesh('MorphMesh').addPrimitive(morphPrimitive).setWeights([0.25, 0]))
    .setTranslation([-2, 0, 0]);
  scene.addChild(morph);

  // Quantized mesh: int16 normalized positions scaled back by the node, int8 normalized normals.
  const quantized = document
    .createPrimitive()
    .setAttribute(
      'POSITION',
      accessor(
        document,
        'VEC3',
        Int16Array.from(c.positions, (x) => Math.round(x * 2 * 32767)),
        true,
      ),
    )
    .setAttribute(
      'NORMAL',
      accessor(
        document,
        'VEC3',
        Int8Array.from(c.normals, (x) => x * 127),
        true,
      ),
    )
    .setIndices(accessor(document, 'SCALAR', new Uint16Array(c.indices)));
  const quantizedNode = document
    .createNode('Quantized')
    .setMesh(document.createMesh('QuantizedMesh').addPrimitive(quantized))
    .setTranslation([2, 0, 0])
    .setScale([0.5, 0.5, 0.5]);
  scene.addChild(quantizedNode);

  const animate = document.createAnimation('Steps');
  const channel = (...keys: ChannelKeys) => addChannel(document, animate, ...keys);
  // Keys start at 0.25 s: before it the first value holds.
  channel(root, 'translation', 'STEP', [0.25, 0.75, 1.5], [0.5, 0, 0, 0.5, 0.4, 0, -0.3, 0.4, 0.2], 'VEC3');
  const q = (angle: number, axis: number[]) => [...axis.map((a) => a * Math.sin(angle / 2)), Math.cos(angle / 2)];
  // CUBICSPLINE rotation: per key in-tangent, value, out-tangent; the spline passes through non-unit quaternions in between.
  channel(
    arm,
    'rotation',
    'CUBICSPLINE',
    [0.25, 1, 2],
    [
      0,
      0,
      0,
      0,
      ...q(0.2, [0, 0, 1]),
      0,
      0,
      1.2,
      0.3,
      0.4,
      0,
      0.6,
      0,
      ...q(1.4, [0.6, 0, 0.8]),
      -0.2,
      0.3,
      0,
      0.1,
      0,
      0.5,
      0,
      0,
      ...q(-0.7, [0, 1, 0]),
      0,
      0,
      0,
      0,
    ],
    'VEC4',
  );
  channel(
    forearm,
    'scale',
    'CUBICSPLINE',
    [0, 1, 2],
    [0, 0, 0, 0.5, 0.8, 0.5, 1, 0, -1, 0.5, 0.5, 0.5, 1.2, 0.6, 1.4, -2, 1, 0, 0, 0, 0, 0.7, 0.9, 1.1, 0, 0, 0],
    'VEC3',
  );
  channel(forearm, 'translation', 'LINEAR', [0, 0.6, 2.1], [0, 1.5, 0, 0.3, 1.7, -0.2, 0, 1.2, 0.4], 'VEC3');
  channel(
    hand,
    'rotation',
    'LINEAR',
    [0, 0.7, 1.4, 2],
    [...q(0, [1, 0, 0]), ...q(2.5, [1, 0, 0]), ...q(-2.9, [0, 0, 1]).map((x) => -x), ...q(1, [0, 1, 0])],
    'VEC4',
  );
  channel(hand, 'scale', 'STEP', [0, 1], [1, 1, 1, 1.5, 0.5, 1], 'VEC3');
  channel(quantizedNode, 'rotation', 'STEP', [0, 0.5, 1], [...q(0, [0, 1, 0]), ...q(1, [0, 1, 0]), ...q(2, [1, 0, 0])], 'VEC4');
  channel(morph, 'weights', 'CUBICSPLINE', [0.1, 1, 1.8], [0, 0, 0, 1, 1, -0.5, 2, 0, 1, 0.6, 0, -1, 0, 0, 0.2, 1, 0, 0], 'SCALAR');

  const linearWeights = document.createAnimation('MorphLinear');
  addChannel(document, linearWeights, morph, 'weights', 'LINEAR', [0, 1, 2], [0, 0, 1, 0.5, -0.5, 1], 'SCALAR');
  const stepWeights = document.createAnimation('MorphStep');
  addChannel(document, stepWeights, morph, 'weights', 'STEP', [0, 0.5, 1], [0.3, 0.2, 1, 0, 0.1, 0.9], 'SCALAR');
  addChannel(document, stepWeights, arm, 'translation', 'STEP', [0, 0.5], [0, 1, 0, 0.2, 1.1, 0], 'VEC3');

  const path = join(folder, 'rigid.gltf');
  await io().write(path, document);
  // glTF-Transform writes TRS; rewrite the root as a matrix node (translation 0.5, rotation 90° about y, scale 2).
  const json = JSON.parse(readFileSync(path, 'utf8'));
  const rootIndex = json.nodes.findIndex((n: { name?: string }) => n.name === 'Root');
  delete json.nodes[rootIndex].translation;
  json.nodes[rootIndex].matrix = [0, 0, -2, 0, 0, 2, 0, 0, 2, 0, 0, 0, 0.5, 0, 0, 1];
  writeFileSync(path, JSON.stringify(json));
  return path;
}

/**
 * skinned.glb: a tube along y (8 sides × 16 rings, radial normals) skinned to a three-joint chain
 * with normalized uint8 weights (two influences per vertex, sums exactly 255) and a morph target,
 * animated with STEP
 * translation on the root joint, CUBICSPLINE rotation on the middle joint and LINEAR non-uniform
 * scale on the tip joint, LINEAR morph weights; the joints hang under a transformed parent, and the mesh node has its own
 * transform, which glTF ignores for skinned meshes.
 */
export async function writeSkinnedScene(folder: string): Promise<string> {
  const document = new Document();
  document.createBuffer('skinned');
  const scene = document.createScene('Scene');
  const sides = 8;
  const rings = 16;
  const positions: number[] = [];
  const normals: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  for (let ring = 0; ring < rings; ring++) {
    const y = (3 * ring) / (rings - 1);
    // Joint j sits at y = j; blend between the two nearest joints.
    const j0 = Math.min(1, Math.floor(y));
    const t = Math.min(1, Math.max(0, y - j0));
    const w1 = Math.round(255 * t);
    for (let side = 0; side < sides; side++) {
      const angle = (2 * Math.PI * side) / sides;
      positions.push(0.3 * Math.cos(angle), y, 0.3 * Math.sin(angle));
      normals.push(Math.cos(angle), 0, Math.sin(angle));
      joints.push(j0, j0 + 1, 0, 0);
      weights.push(255 - w1, w1, 0, 0);
    }
  }
  for (let ring = 0; ring + 1 < rings; ring++) {
    for (let side = 0; side < sides; side++) {
      const a = ring * sides + side;
      const b = ring * sides + ((side + 1) % sides);
      indices.push(a, a + sides, b, b, a + sides, b + sides);
    }
  }
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor(document, 'VEC3', new Float32Array(positions)))
    .setAttribute('NORMAL', accessor(document, 'VEC3', new Float32Array(normals)))
    .setAttribute('JOINTS_0', accessor(document, 'VEC4', new Uint8Array(joints)))
    .setAttribute('WEIGHTS_0', accessor(document, 'VEC4', new Uint8Array(weights), true))
    .setIndices(accessor(document, 'SCALAR', new Uint16Array(indices)))
    // A bulge morph target, applied in bind space before skinning (§3.7.2.2 then §3.7.3).
    .addTarget(
      document
        .createPrimitiveTarget()
        .setAttribute(
          'POSITION',
          accessor(document, 'VEC3', new Float32Array(positions.map((x, i) => (i % 3 === 1 ? 0 : 0.5 * x * Math.sin(positions[i - (i % 3) + 1]))))),
        )
        .setAttribute('NORMAL', accessor(document, 'VEC3', new Float32Array(normals.length))),
    );

  const holder = document
    .createNode('Holder')
    .setTranslation([1, 0, 0])
    .setRotation([0, Math.sin(0.3), 0, Math.cos(0.3)]);
  scene.addChild(holder);
  const jointNodes = [0, 1, 2].map((j) => document.createNode(`Joint${j}`).setTranslation([0, j === 0 ? 0 : 1, 0]));
  holder.addChild(jointNodes[0]);
  jointNodes[0].addChild(jointNodes[1]);
  jointNodes[1].addChild(jointNodes[2]);
  // Bind pose: joint j at holder · (0, j, 0). Inverse bind matrices are the inverses of those world matrices.
  const inverseBind: number[] = [];
  const c = Math.cos(0.6);
  const s = Math.sin(0.6);
  for (let j = 0; j < 3; j++) {
    // holder = T(1,0,0) · Ry(0.6); joint world = holder · T(0,j,0); inverse = T(0,-j,0) · Ry(-0.6) · T(-1,0,0)
    inverseBind.push(c, 0, s, 0, 0, 1, 0, 0, -s, 0, c, 0, -c * 1, -j, -s * 1, 1);
  }
  const skin = document.createSkin('Skin').setInverseBindMatrices(accessor(document, 'MAT4', new Float32Array(inverseBind)));
  for (const joint of jointNodes) skin.addJoint(joint);
  // The skinned mesh node's own transform must be ignored (glTF 2.0 §3.7.3).
  const tube = document.createNode('Tube').setMesh(document.createMesh('TubeMesh').addPrimitive(primitive)).setSkin(skin).setTranslation([5, 0, 0]);
  scene.addChild(tube);

  const animation = document.createAnimation('Wiggle');
  const channel = (...keys: ChannelKeys) => addChannel(document, animation, ...keys);
  channel(jointNodes[0], 'translation', 'STEP', [0, 0.5, 1.2], [0, 0, 0, 0.2, 0.1, 0, -0.1, 0.3, 0.2], 'VEC3');
  const q = (angle: number, axis: number[]) => [...axis.map((a) => a * Math.sin(angle / 2)), Math.cos(angle / 2)];
  channel(
    jointNodes[1],
    'rotation',
    'CUBICSPLINE',
    [0, 0.8, 1.6],
    [0, 0, 0, 0, ...q(0, [0, 0, 1]), 0, 0, 2, 0, 0, 0.3, 1, 0, ...q(1.2, [0, 0, 1]), 0, 0, -1, 0.2, 0, 0, 0, 0, ...q(-0.6, [1, 0, 0]), 0, 0, 0, 0],
    'VEC4',
  );
  channel(jointNodes[2], 'scale', 'LINEAR', [0, 1, 1.6], [1, 1, 1, 1.8, 0.6, 1, 0.7, 1.3, 0.5], 'VEC3');
  const sampler = document
    .createAnimationSampler()
    .setInput(accessor(document, 'SCALAR', new Float32Array([0, 0.7, 1.6])))
    .setOutput(accessor(document, 'SCALAR', new Float32Array([0, 1, 0.3])))
    .setInterpolation('LINEAR');
  animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(tube).setTargetPath('weights').setSampler(sampler));

  const path = join(folder, 'skinned.glb');
  await io().write(path, document);
  return path;
}
