/**
 * Import and vertex-cache throughput. A skinned tube (16 joints in a chain, 4 influences per vertex,
 * a LINEAR rotation clip on every joint) is generated at growing sizes with glTF-Transform and
 * written as GLB; the same bytes are read by Overlap (readGltf) and by three.js (GLTFLoader).
 * Measured: readGltf time (import + weld), and skinned vertex-frames per second of
 * evaluateVertexCache against three.js's CPU evaluation of the same frames (AnimationMixer.setTime,
 * updateMatrixWorld, SkinnedMesh.getVertexPosition + matrixWorld per vertex) in the same run.
 * The goal is a ratio of at least 3 at >= 50k vertices; max deviation between the two is reported.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { AnimationMixer, LoopOnce, type Object3D, type SkinnedMesh, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { evaluateVertexCache } from '../app/animation/vertexCache.ts';
import { readGltf } from '../app/io/readGltf.ts';
import { medianMilliseconds } from './timing.ts';

const JOINTS = 16;
const FPS = 24;
const FRAMES = 24;

/** A tube of `sides` × `rings` vertices along y in [0, JOINTS], each vertex weighted to its 4 nearest joints. */
async function skinnedTube(sides: number, rings: number): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const accessor = (type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4', array: Float32Array | Uint16Array | Uint32Array) =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const vertexCount = sides * rings;
  const positions = new Float32Array(3 * vertexCount);
  const joints = new Uint16Array(4 * vertexCount);
  const weights = new Float32Array(4 * vertexCount);
  for (let ring = 0; ring < rings; ring++) {
    const y = (JOINTS * ring) / (rings - 1);
    const first = Math.max(0, Math.min(JOINTS - 4, Math.round(y) - 2));
    let sum = 0;
    const w = [0, 1, 2, 3].map((k) => Math.exp(-((y - (first + k + 0.5)) ** 2)));
    for (const x of w) sum += x;
    for (let side = 0; side < sides; side++) {
      const v = ring * sides + side;
      const angle = (2 * Math.PI * side) / sides;
      positions.set([0.3 * Math.cos(angle), y, 0.3 * Math.sin(angle)], 3 * v);
      joints.set([first, first + 1, first + 2, first + 3], 4 * v);
      weights.set(
        w.map((x) => x / sum),
        4 * v,
      );
    }
  }
  const indices = new Uint32Array(6 * sides * (rings - 1));
  let i = 0;
  for (let ring = 0; ring + 1 < rings; ring++) {
    for (let side = 0; side < sides; side++) {
      const a = ring * sides + side;
      const b = ring * sides + ((side + 1) % sides);
      indices.set([a, a + sides, b, b, a + sides, b + sides], i);
      i += 6;
    }
  }
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', accessor('VEC3', positions))
    .setAttribute('JOINTS_0', accessor('VEC4', joints))
    .setAttribute('WEIGHTS_0', accessor('VEC4', weights))
    .setIndices(accessor('SCALAR', indices));
  const scene = document.createScene();
  const skin = document.createSkin();
  const inverseBind = new Float32Array(16 * JOINTS);
  const animation = document.createAnimation('Bend');
  const times = accessor('SCALAR', new Float32Array([0, 0.5, 1]));
  let parent = null;
  for (let j = 0; j < JOINTS; j++) {
    const joint = document.createNode(`Joint${j}`).setTranslation([0, j === 0 ? 0 : 1, 0]);
    if (parent) parent.addChild(joint);
    else scene.addChild(joint);
    parent = joint;
    skin.addJoint(joint);
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -j, 0, 1], 16 * j);
    const angle = 0.15 + 0.01 * j;
    const keys = new Float32Array([
      0,
      0,
      0,
      1,
      Math.sin(angle / 2),
      0,
      Math.sin(angle / 2) * 0.3,
      Math.cos(angle / 2),
      0,
      0,
      -Math.sin(angle / 2),
      Math.cos(angle / 2),
    ]);
    const sampler = document.createAnimationSampler().setInput(times).setOutput(accessor('VEC4', keys)).setInterpolation('LINEAR');
    animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(joint).setTargetPath('rotation').setSampler(sampler));
  }
  skin.setInverseBindMatrices(accessor('MAT4', inverseBind));
  scene.addChild(document.createNode('Tube').setMesh(document.createMesh().addPrimitive(primitive)).setSkin(skin));
  return new NodeIO().writeBinary(document);
}

interface ThreeEvaluation {
  evaluate(out: Float32Array): void;
}

async function threeEvaluation(bytes: Uint8Array): Promise<ThreeEvaluation> {
  const loader = new GLTFLoader();
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const gltf = await new Promise<Awaited<ReturnType<GLTFLoader['parseAsync']>>>((resolve, reject) => loader.parse(buffer, '', resolve, reject));
  let mesh: SkinnedMesh | null = null;
  gltf.scene.traverse((object: Object3D) => {
    if ((object as SkinnedMesh).isSkinnedMesh) mesh = object as SkinnedMesh;
  });
  const skinned = mesh as unknown as SkinnedMesh;
  const mixer = new AnimationMixer(gltf.scene);
  const action = mixer.clipAction(gltf.animations[0]).setLoop(LoopOnce, 1);
  action.clampWhenFinished = true;
  const vertexCount = skinned.geometry.attributes.position.count;
  const position = new Vector3();
  return {
    evaluate(out) {
      for (let f = 0; f < FRAMES; f++) {
        action.reset().play();
        mixer.setTime(f / FPS);
        gltf.scene.updateMatrixWorld(true);
        const offset = 3 * vertexCount * f;
        for (let v = 0; v < vertexCount; v++) {
          skinned.getVertexPosition(v, position).applyMatrix4(skinned.matrixWorld);
          out[offset + 3 * v] = position.x;
          out[offset + 3 * v + 1] = position.y;
          out[offset + 3 * v + 2] = position.z;
        }
      }
    },
  };
}

export async function run(): Promise<object> {
  const sizes: Array<[number, number]> = [
    [64, 200],
    [256, 200],
    [512, 400],
  ];
  const results = [];
  for (const [sides, rings] of sizes) {
    const vertexCount = sides * rings;
    const bytes = await skinnedTube(sides, rings);
    const importMilliseconds = await medianMilliseconds(() => readGltf(bytes, { fileName: 'tube.glb' }), 3);
    const scene = await readGltf(bytes, { fileName: 'tube.glb' });
    const ours = new Float32Array(FRAMES * 3 * vertexCount);
    const options = { fps: FPS, firstFrame: 0, lastFrame: FRAMES - 1, out: ours };
    const oursMilliseconds = await medianMilliseconds(() => evaluateVertexCache(scene, 0, 0, options), 5);
    const three = await threeEvaluation(bytes);
    const theirs = new Float32Array(FRAMES * 3 * vertexCount);
    const threeMilliseconds = await medianMilliseconds(() => three.evaluate(theirs), vertexCount > 100_000 ? 3 : 5);
    let deviation = 0;
    for (let i = 0; i < ours.length; i++) deviation = Math.max(deviation, Math.abs(ours[i] - theirs[i]));
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < theirs.length; i++) {
      min[i % 3] = Math.min(min[i % 3], theirs[i]);
      max[i % 3] = Math.max(max[i % 3], theirs[i]);
    }
    const vertexFrames = vertexCount * FRAMES;
    results.push({
      vertexCount,
      triangleCount: scene.meshes[0].triangles.length / 3,
      joints: JOINTS,
      influencesPerVertex: 4,
      frames: FRAMES,
      importMilliseconds: Number(importMilliseconds.toFixed(1)),
      vertexCacheMilliseconds: Number(oursMilliseconds.toFixed(2)),
      threeMilliseconds: Number(threeMilliseconds.toFixed(1)),
      vertexFramesPerSecond: Math.round((vertexFrames / oursMilliseconds) * 1000),
      threeVertexFramesPerSecond: Math.round((vertexFrames / threeMilliseconds) * 1000),
      speedupOverThree: Number((threeMilliseconds / oursMilliseconds).toFixed(2)),
      maxDeviationFromThree: deviation,
      boundingBoxDiagonal: Number(Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]).toFixed(3)),
    });
  }
  return { goal: 'speedupOverThree >= 3 at >= 50k vertices', sizes: results };
}
