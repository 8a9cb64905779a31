/**
 * glTF files for the contact bake tests, written with glTF-Transform: the built-in sample with a clip that swings its
 * arms into its belly, and a cloth sleeve on an animated arm.
 */
import { Accessor, Document, Node, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import type { BakeOptions } from '../../../app/bake/index.ts';

const io = (): NodeIO => new NodeIO().registerExtensions(ALL_EXTENSIONS);

/** Clip "Bob"'s translation keys at 0, 0.25 and 0.5 s: up 0.1 m and back [m]. */
const BOB_KEYS = new Float32Array([0, 0.5, 0, 0, 0.6, 0, 0, 0.5, 0]);

/**
 * The document as GLB with one LINEAR clip `clip` driving `node`'s `path` through `keys` (VEC4 rotations or VEC3
 * translations) at `times` [s]; `accessor` makes the document's accessors in its buffer.
 */
function glbWithClip(
  document: Document,
  accessor: (type: 'SCALAR' | 'VEC3' | 'VEC4', array: Float32Array) => Accessor,
  node: Node,
  clip: string,
  path: 'rotation' | 'translation',
  times: Float32Array,
  keys: Float32Array,
): Promise<Uint8Array> {
  const sampler = document
    .createAnimationSampler()
    .setInput(accessor('SCALAR', times))
    .setOutput(accessor(path === 'rotation' ? 'VEC4' : 'VEC3', keys))
    .setInterpolation('LINEAR');
  document.createAnimation(clip).addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  return io().writeBinary(document);
}

/** Quaternion [x, y, z, w] of a rotation `angle` [rad] about the z axis. */
const aboutZ = (angle: number): number[] => [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];

/**
 * The sample with one more clip, "Swing": both arms swing down and inward by `angle` [rad] (about the body's forward
 * axis) over `seconds`, through the belly, and back.
 */
export async function sampleWithArmSwing(sample: Uint8Array, angle = 1.2, seconds = 0.5): Promise<Uint8Array> {
  const document = await io().readBinary(sample);
  const buffer = document.getRoot().listBuffers()[0];
  const accessor = (type: 'SCALAR' | 'VEC4', array: Float32Array): Accessor => document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const nodes = document.getRoot().listNodes();
  const armL = nodes.find((n) => n.getName() === 'arm.L');
  const armR = nodes.find((n) => n.getName() === 'arm.R');
  if (!armL || !armR) throw new Error('the sample has no arm.L / arm.R joints');
  const times = new Float32Array([0, seconds / 2, seconds]);
  const swing = document.createAnimation('Swing');
  for (const [node, sign] of [
    [armL, -1],
    [armR, 1],
  ] as const) {
    const base = node.getRotation();
    const keys = new Float32Array(12);
    [0, angle, 0].forEach((a, k) => {
      // rotation = swing about z composed with the joint's own rest rotation (identity in the sample)
      const q = aboutZ(sign * a);
      const [bx, by, bz, bw] = base;
      keys.set(
        [
          q[3] * bx + q[0] * bw + q[1] * bz - q[2] * by,
          q[3] * by - q[0] * bz + q[1] * bw + q[2] * bx,
          q[3] * bz + q[0] * by - q[1] * bx + q[2] * bw,
          q[3] * bw - q[0] * bx - q[1] * by - q[2] * bz,
        ],
        4 * k,
      );
    });
    const sampler = document.createAnimationSampler().setInput(accessor('SCALAR', times)).setOutput(accessor('VEC4', keys)).setInterpolation('LINEAR');
    swing.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler));
  }
  return io().writeBinary(document);
}

/** A closed cylinder along +x from x0 to x1 (caps as fans), or an open tube without caps. */
function cylinder(radius: number, x0: number, x1: number, around: number, along: number, capped: boolean): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i <= along; i++) {
    const x = x0 + ((x1 - x0) * i) / along;
    for (let j = 0; j < around; j++) {
      const a = (2 * Math.PI * j) / around;
      positions.push(x, radius * Math.cos(a), radius * Math.sin(a));
    }
  }
  const at = (i: number, j: number) => i * around + (j % around);
  for (let i = 0; i < along; i++) {
    for (let j = 0; j < around; j++) indices.push(at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1));
  }
  if (capped) {
    const start = positions.length / 3;
    positions.push(x0, 0, 0, x1, 0, 0);
    for (let j = 0; j < around; j++) {
      indices.push(start, at(0, j + 1), at(0, j));
      indices.push(start + 1, at(along, j), at(along, j + 1));
    }
  }
  return { positions, indices };
}

/**
 * Bake options for sleeveOnArm: clip "Swing" over `frames` at 24 fps, the arm a collider, the sleeve cloth (at
 * `substeps` when given, else the cloth preset's own).
 */
export function sleeveOnArmOptions(frames: [number, number], substeps?: number): BakeOptions {
  return {
    clip: 'Swing',
    frames,
    fps: 24,
    meshes: [
      { mesh: 'Arm', role: 'collider' },
      { mesh: 'Sleeve', preset: 'cloth', ...(substeps ? { substeps } : {}) },
    ],
  };
}

/**
 * sleeve.glb: a node "Shoulder" swinging down by `angle` [rad] about z and back over `seconds`, carrying a closed
 * cylinder "Arm" (radius 4 cm, 50 cm long) and an open cloth tube "Sleeve" around it (radius 5.5 cm, 30 cm long) whose
 * `_PHYSICS_WEIGHT` is 0 on the ring at the shoulder and 1 beyond, so the sleeve hangs from the shoulder and lags
 * behind the arm.
 */
export async function sleeveOnArm(angle = 1.0, seconds = 0.5): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const accessor = (type: 'SCALAR' | 'VEC3' | 'VEC4', array: Float32Array | Uint16Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const mesh = (name: string, shape: { positions: number[]; indices: number[] }, weights?: Float32Array) => {
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', new Float32Array(shape.positions)))
      .setIndices(accessor('SCALAR', new Uint16Array(shape.indices)));
    if (weights) primitive.setAttribute('_PHYSICS_WEIGHT', accessor('SCALAR', weights));
    return document.createMesh(name).addPrimitive(primitive);
  };
  const arm = cylinder(0.04, 0, 0.5, 16, 10, true);
  const sleeve = cylinder(0.055, 0.02, 0.32, 20, 12, false);
  const weights = new Float32Array(sleeve.positions.length / 3).map((_, v) => (v < 20 ? 0 : 1));
  const shoulder = document.createNode('Shoulder').setTranslation([0, 1, 0]);
  shoulder.addChild(document.createNode('Arm').setMesh(mesh('Arm', arm)));
  shoulder.addChild(document.createNode('Sleeve').setMesh(mesh('Sleeve', sleeve, weights)));
  document.createScene('Scene').addChild(shoulder);
  const keys = new Float32Array([...aboutZ(0), ...aboutZ(-angle), ...aboutZ(0)]);
  return glbWithClip(document, accessor, shoulder, 'Swing', 'rotation', new Float32Array([0, seconds / 2, seconds]), keys);
}

/**
 * flawed.glb: a node "Body" moving up and down (clip "Bob", 0.5 s) holding one mesh that is a closed UV sphere (radius
 * 0.2 m) plus every flaw the contact must survive: a triangle with a repeated vertex, a zero-area triangle (three
 * collinear vertices, through the sphere), a fin on one of the sphere's edges (a non-manifold edge), and a triangle whose corners are
 * duplicates of sphere vertices (welded on import).
 */
export async function flawedMesh(): Promise<Uint8Array> {
  const positions: number[] = [];
  const indices: number[] = [];
  const at = pushUvSphere(positions, indices, 0, 0.2, 8, 12);
  // a repeated vertex
  indices.push(at(3, 0), at(3, 0), at(3, 1));
  // zero area: three collinear vertices, a sliver poking out of the sphere
  const z = positions.length / 3;
  positions.push(0, 0, 0.15, 0, 0, 0.25, 0, 0, 0.35);
  indices.push(z, z + 1, z + 2);
  // a fin on edge (at(2, 5), at(2, 6)): a third triangle on it, pointing out
  const e0 = at(2, 5),
    e1 = at(2, 6);
  positions.push(
    (1.5 * (positions[3 * e0] + positions[3 * e1])) / 2,
    (1.5 * (positions[3 * e0 + 1] + positions[3 * e1 + 1])) / 2,
    (1.5 * (positions[3 * e0 + 2] + positions[3 * e1 + 2])) / 2,
  );
  indices.push(e0, e1, positions.length / 3 - 1);
  // duplicates of three sphere vertices, as a separate triangle over an existing one
  const d = positions.length / 3;
  for (const v of [at(5, 7), at(5, 8), at(6, 8)]) positions.push(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
  indices.push(d, d + 1, d + 2);
  return bobbingMeshGlb('Body', positions, indices);
}

/**
 * A mesh whose whole surface is one intersecting region (issue 33's bad input): two coarse spheres (4 rings, 6
 * segments, radius 0.2) in one primitive, their centres 0.12 apart, so every triangle lies within two rings of the
 * crossing; clip "Bob" moves it up and down.
 */
export async function tangledMesh(): Promise<Uint8Array> {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const cx of [-0.06, 0.06]) pushUvSphere(positions, indices, cx, 0.2, 4, 6);
  return bobbingMeshGlb('Tangle', positions, indices);
}

/**
 * Appends a closed UV sphere centred at (cx, 0, 0) (poles welded; triangles wound as the flawed and tangled meshes
 * have them) to `positions` and `indices`; returns the index of ring i's (1..rings−1) vertex j.
 */
function pushUvSphere(positions: number[], indices: number[], cx: number, radius: number, rings: number, segments: number): (i: number, j: number) => number {
  const base = positions.length / 3;
  positions.push(cx, radius, 0);
  for (let i = 1; i < rings; i++) {
    const theta = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const phi = (2 * Math.PI * j) / segments;
      positions.push(cx + radius * Math.sin(theta) * Math.cos(phi), radius * Math.cos(theta), radius * Math.sin(theta) * Math.sin(phi));
    }
  }
  positions.push(cx, -radius, 0);
  const bottom = positions.length / 3 - 1;
  const at = (i: number, j: number) => base + 1 + (i - 1) * segments + (j % segments);
  for (let j = 0; j < segments; j++) indices.push(base, at(1, j + 1), at(1, j));
  for (let i = 1; i < rings - 1; i++)
    for (let j = 0; j < segments; j++) indices.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
  for (let j = 0; j < segments; j++) indices.push(bottom, at(rings - 1, j), at(rings - 1, j + 1));
  return at;
}

/** A GLB of one node `name` at y = 0.5 m holding one mesh of these triangles, moved up 0.1 m and back by clip "Bob" (0.5 s). */
function bobbingMeshGlb(name: string, positions: number[], indices: number[]): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const accessor = (type: 'SCALAR' | 'VEC3' | 'VEC4', array: Float32Array | Uint16Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', new Float32Array(positions)))
    .setIndices(accessor('SCALAR', new Uint16Array(indices)));
  const body = document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)).setTranslation([0, 0.5, 0]);
  document.createScene('Scene').addChild(body);
  return glbWithClip(document, accessor, body, 'Bob', 'translation', new Float32Array([0, 0.25, 0.5]), BOB_KEYS);
}
