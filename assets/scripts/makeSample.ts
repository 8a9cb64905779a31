/**
 * Generates Overlap's built-in sample, `assets/sample.glb`: "Blob", a soft pear-shaped creature about 1 m tall
 * (glTF units are meters, +Y up, facing +Z) with a round belly, two stubby arms, two ears and two eyes, skinned to
 * six joints and playing a looping 2 s clip "Bounce" (two hops with squash and stretch, a sway of the spine and
 * flapping arms). The landing stops the root abruptly, so a physics-blended belly has something to jiggle about.
 *
 * Usage: `npm run sample` (writes assets/sample.glb), or `node --import tsx assets/scripts/makeSample.ts --out FILE`.
 * The output is deterministic: the same bytes on every run (test/assets/sample.test.ts checks that the committed
 * file is exactly what this script writes, and that gltf-validator reports 0 errors and 0 warnings).
 *
 * DESIGN NOTES
 * - Geometry: one primitive for the skin (body + arms + ears, closed shells that overlap where they join, like a
 *   sculpt made of blobs) and one for the eyes, both in one mesh with one skin. The body is a surface of revolution
 *   whose profile is a Catmull-Rom spline through hand-placed (radius, height) points; arms and ears are ellipsoids.
 *   Every shell is a closed latitude-longitude sphere with single pole vertices (no seam duplicates, no UVs: the
 *   colour is per vertex), so area-weighted vertex normals are smooth everywhere.
 * - Colour: COLOR_0 (linear RGB) carries a coral body with a cream belly patch; baseColorFactor stays white.
 * - Skin: joints root (ground contact, carries the hop and the squash scale, so the feet stay planted) → hips →
 *   chest → head, and chest → arm.L / arm.R. Body weights are a smooth partition of unity over height (smoothstep
 *   between neighbouring joint heights, ≤ 2 influences); arm weights blend from chest to arm along the arm; ears and
 *   eyes follow the head rigidly. JOINTS_0 is UNSIGNED_BYTE, WEIGHTS_0 FLOAT summing to 1; unused slots are joint 0
 *   with weight 0 (gltf-validator warns about a non-zero joint index under a zero weight).
 * - Clip: sampled at 30 fps with LINEAR interpolation (61 keys over [0, 2] s, the last equal to the first so it
 *   loops). The hop is ballistic (parabolic height, 0.24 m apex), so velocity jumps at take-off and landing.
 */
import { Document, NodeIO, type Accessor, type GLTF, type Node as GltfNode } from '@gltf-transform/core';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Vec3 = [number, number, number];

/** A triangle mesh under construction, with per-vertex skin data (≤ 4 influences). */
interface Builder {
  positions: number[];
  colors: number[];
  joints: number[];
  weights: number[];
  indices: number[];
}

const newBuilder = (): Builder => ({ positions: [], colors: [], joints: [], weights: [], indices: [] });

// Joint indices (order of skin.joints) and bind-pose positions (world space, all joints unrotated).
const ROOT = 0;
const HIPS = 1;
const CHEST = 2;
const HEAD = 3;
const ARM_L = 4;
const ARM_R = 5;
const JOINT_NAMES = ['root', 'hips', 'chest', 'head', 'arm.L', 'arm.R'];
const JOINT_PARENTS = [-1, ROOT, HIPS, CHEST, CHEST, CHEST];
const JOINT_WORLD: Vec3[] = [
  [0, 0, 0],
  [0, 0.3, 0],
  [0, 0.56, 0],
  [0, 0.8, 0],
  [0.26, 0.52, 0.02],
  [-0.26, 0.52, 0.02],
];
const SPINE = [ROOT, HIPS, CHEST, HEAD];

const smoothstep = (t: number): number => {
  const s = Math.min(1, Math.max(0, t));
  return s * s * (3 - 2 * s);
};

// sRGB → linear for colours picked by eye.
const linear = (c: number): number => (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
const CORAL: Vec3 = [linear(0.96), linear(0.52), linear(0.42)];
const CREAM: Vec3 = [linear(1.0), linear(0.86), linear(0.7)];
const INNER_EAR: Vec3 = [linear(0.98), linear(0.66), linear(0.62)];

/**
 * Adds a closed latitude-longitude shell. `surface(u, v)` maps u ∈ [0, 1] (pole to pole) and v ∈ [0, 1) (around)
 * to a point; the poles (u = 0 and u = 1) are single vertices. Triangles wind counter-clockwise seen from outside
 * when `surface` turns counter-clockwise around its axis as v grows seen from the u = 1 pole.
 */
function addShell(
  builder: Builder,
  rings: number,
  segments: number,
  surface: (u: number, v: number) => Vec3,
  skin: (p: Vec3) => { joints: number[]; weights: number[] },
  color: (p: Vec3) => Vec3,
): void {
  const base = builder.positions.length / 3;
  const push = (p: Vec3): void => {
    builder.positions.push(p[0], p[1], p[2]);
    builder.colors.push(...color(p));
    const influence = skin(p);
    const used = influence.joints.filter((_, k) => influence.weights[k] > 0);
    const weights = influence.weights.filter((w) => w > 0);
    for (let k = 0; k < 4; k++) {
      builder.joints.push(used[k] ?? 0);
      builder.weights.push(weights[k] ?? 0);
    }
  };
  push(surface(0, 0));
  for (let r = 1; r < rings; r++) for (let s = 0; s < segments; s++) push(surface(r / rings, s / segments));
  push(surface(1, 0));
  const ring = (r: number, s: number): number => base + 1 + (r - 1) * segments + (s % segments);
  const top = base + 1 + (rings - 1) * segments;
  for (let s = 0; s < segments; s++) {
    builder.indices.push(base, ring(1, s + 1), ring(1, s));
    for (let r = 1; r < rings - 1; r++) {
      builder.indices.push(ring(r, s), ring(r, s + 1), ring(r + 1, s + 1));
      builder.indices.push(ring(r, s), ring(r + 1, s + 1), ring(r + 1, s));
    }
    builder.indices.push(ring(rings - 1, s), ring(rings - 1, s + 1), top);
  }
}

/** Catmull-Rom interpolation through 2D control points, t ∈ [0, 1] over the whole polyline (uniform in index). */
function catmullRom(points: [number, number][], t: number): [number, number] {
  const n = points.length - 1;
  const x = Math.min(n - 1e-9, Math.max(0, t * n));
  const i = Math.floor(x);
  const f = x - i;
  const p0 = points[Math.max(0, i - 1)];
  const p1 = points[i];
  const p2 = points[i + 1];
  const p3 = points[Math.min(n, i + 2)];
  const c = (a: number, b: number, d: number, e: number): number =>
    0.5 * (2 * b + (-a + d) * f + (2 * a - 5 * b + 4 * d - e) * f * f + (-a + 3 * b - 3 * d + e) * f * f * f);
  return [c(p0[0], p1[0], p2[0], p3[0]), c(p0[1], p1[1], p2[1], p3[1])];
}

// Body profile (radius, height) [m] from the bottom pole to the top pole: a wide belly, a soft neck, a round head.
const PROFILE: [number, number][] = [
  [0, 0],
  [0.2, 0.012],
  [0.31, 0.07],
  [0.365, 0.19],
  [0.375, 0.32],
  [0.345, 0.46],
  [0.29, 0.58],
  [0.275, 0.68],
  [0.27, 0.79],
  [0.235, 0.9],
  [0.14, 0.975],
  [0, 1.0],
];

/** Spine weights: smoothstep partition of unity between neighbouring spine joints by height. */
function spineSkin(p: Vec3): { joints: number[]; weights: number[] } {
  const y = p[1];
  for (let i = 0; i + 1 < SPINE.length; i++) {
    const y0 = JOINT_WORLD[SPINE[i]][1];
    const y1 = JOINT_WORLD[SPINE[i + 1]][1];
    if (y < y1) {
      const s = smoothstep((y - y0) / (y1 - y0));
      if (s <= 0) return { joints: [SPINE[i]], weights: [1] };
      return { joints: [SPINE[i], SPINE[i + 1]], weights: [1 - s, s] };
    }
  }
  return { joints: [HEAD], weights: [1] };
}

/**
 * The point at shell parameters (u, v) of an ellipsoid about the origin with semi-axes rx, ry, rz: u = 0 at the
 * bottom pole (−y, so addShell winds it outward), v turning from +z towards +x.
 */
function ellipsoidPoint(u: number, v: number, rx: number, ry: number, rz: number): Vec3 {
  const theta = Math.PI * u;
  const a = 2 * Math.PI * v;
  return [Math.sin(theta) * rx * Math.sin(a), -Math.cos(theta) * ry, Math.sin(theta) * rz * Math.cos(a)];
}

const rigid = (joint: number) => (): { joints: number[]; weights: number[] } => ({ joints: [joint], weights: [1] });

function buildSkinGeometry(): Builder {
  const b = newBuilder();
  // Body: surface of revolution about +Y. Turning from +Z towards +X as v grows is counter-clockwise seen from +Y.
  addShell(
    b,
    44,
    48,
    (u, v) => {
      const [r, y] = catmullRom(PROFILE, u);
      const a = 2 * Math.PI * v;
      // A slightly deeper front (+Z) than back gives the belly.
      const depth = 1 + 0.08 * Math.max(0, Math.cos(a)) * smoothstep((0.62 - y) / 0.3);
      return [r * Math.sin(a), y, r * Math.cos(a) * depth];
    },
    spineSkin,
    (p) => {
      // Cream belly patch on the front, blended softly into coral.
      const belly = smoothstep((p[2] - 0.12) / 0.18) * smoothstep((0.6 - p[1]) / 0.12) * smoothstep((p[1] - 0.05) / 0.1);
      return [0, 1, 2].map((k) => CORAL[k] + (CREAM[k] - CORAL[k]) * belly) as Vec3;
    },
  );
  // Arms: ellipsoids along the arm direction, drooping 35° below horizontal, their inner half buried in the body.
  for (const side of [1, -1]) {
    const shoulder = JOINT_WORLD[side > 0 ? ARM_L : ARM_R];
    const droop = (-35 * Math.PI) / 180;
    const dir: Vec3 = [side * Math.cos(droop), Math.sin(droop), 0];
    const up: Vec3 = [-side * Math.sin(droop), Math.cos(droop), 0]; // ⟂ dir, pointing up
    const length = 0.17;
    const centre: Vec3 = [shoulder[0] + dir[0] * 0.09, shoulder[1] + dir[1] * 0.09, shoulder[2]];
    addShell(
      b,
      14,
      18,
      (u, v) => {
        // Local frame (dir, up, z); the shell runs from the inner pole (u = 0) to the hand (u = 1).
        const [x, along, ry] = ellipsoidPoint(u, v, 0.08, length, 0.075);
        const rz = x * side;
        return [centre[0] + dir[0] * along + up[0] * ry, centre[1] + dir[1] * along + up[1] * ry, centre[2] + rz];
      },
      (p) => {
        const arm = side > 0 ? ARM_L : ARM_R;
        // Distance along the arm from the shoulder [m]; the chest→arm blend spans 0.2 m so the weights stay smooth.
        const along = (p[0] - shoulder[0]) * dir[0] + (p[1] - shoulder[1]) * dir[1];
        const s = smoothstep((along + 0.04) / 0.2);
        return s >= 1 ? { joints: [arm], weights: [1] } : { joints: [CHEST, arm], weights: [1 - s, s] };
      },
      () => CORAL,
    );
  }
  // Ears: upright ellipsoids on top of the head, tilted outward by 20°.
  for (const side of [1, -1]) {
    const tilt = (side * -20 * Math.PI) / 180;
    const base: Vec3 = [side * 0.13, 0.9, -0.01];
    addShell(
      b,
      12,
      16,
      (u, v) => {
        const [lx, y, lz] = ellipsoidPoint(u, v, 0.055, 0.12, 0.04);
        const ly = 0.1 + y;
        return [base[0] + lx * Math.cos(tilt) - ly * Math.sin(tilt), base[1] + lx * Math.sin(tilt) + ly * Math.cos(tilt), base[2] + lz];
      },
      rigid(HEAD),
      (p) => (p[2] > 0.01 && p[1] > 0.97 ? INNER_EAR : CORAL),
    );
  }
  return b;
}

function buildEyeGeometry(): Builder {
  const b = newBuilder();
  for (const side of [1, -1]) {
    const centre: Vec3 = [side * 0.095, 0.8, 0.235];
    addShell(
      b,
      10,
      14,
      (u, v) => {
        const [x, y, z] = ellipsoidPoint(u, v, 0.042, 0.055, 0.03);
        return [centre[0] + x, centre[1] + y, centre[2] + z];
      },
      rigid(HEAD),
      () => [1, 1, 1],
    );
  }
  return b;
}

/** Area-weighted vertex normals (unit length), from counter-clockwise triangles. */
function vertexNormals(positions: Float32Array, indices: Uint16Array): Float32Array {
  const normals = new Float64Array(positions.length);
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t] * 3, indices[t + 1] * 3, indices[t + 2] * 3];
    const e1 = [positions[b] - positions[a], positions[b + 1] - positions[a + 1], positions[b + 2] - positions[a + 2]];
    const e2 = [positions[c] - positions[a], positions[c + 1] - positions[a + 1], positions[c + 2] - positions[a + 2]];
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    for (const v of [a, b, c]) for (let k = 0; k < 3; k++) normals[v + k] += n[k];
  }
  const out = new Float32Array(positions.length);
  for (let v = 0; v < positions.length; v += 3) {
    const l = Math.hypot(normals[v], normals[v + 1], normals[v + 2]);
    for (let k = 0; k < 3; k++) out[v + k] = normals[v + k] / l;
  }
  return out;
}

/** Quaternion [x, y, z, w] of a rotation `angle` [rad] about a unit axis. */
const axisAngle = (axis: Vec3, angle: number): number[] => [
  axis[0] * Math.sin(angle / 2),
  axis[1] * Math.sin(angle / 2),
  axis[2] * Math.sin(angle / 2),
  Math.cos(angle / 2),
];

/** Hamilton product a·b of quaternions [x, y, z, w]. */
const multiply = (a: number[], b: number[]): number[] => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];

/** Piecewise smooth (smoothstep-eased) interpolation of (time, value) keys. */
function eased(keys: [number, number][], t: number): number {
  for (let i = 0; i + 1 < keys.length; i++) {
    const [t0, v0] = keys[i];
    const [t1, v1] = keys[i + 1];
    if (t <= t1) return v0 + (v1 - v0) * smoothstep((t - t0) / (t1 - t0));
  }
  return keys[keys.length - 1][1];
}

const CLIP_SECONDS = 2;
const FPS = 30;
const TAKE_OFF = 0.2;
const LANDING = 0.8;
const APEX = 0.24;

/** The pose of the Bounce clip at time t [s]: joint-local translation, scale and rotation per animated joint. */
function bouncePose(t: number) {
  const u = t - Math.floor(t); // phase within one hop (1 s)
  const air = u > TAKE_OFF && u < LANDING ? (u - TAKE_OFF) / (LANDING - TAKE_OFF) : -1;
  const height = air >= 0 ? 4 * APEX * air * (1 - air) : 0;
  // Squash before take-off, stretch in the air, hard squash on landing, a small rebound.
  const stretch = eased(
    [
      [0, 1],
      [0.12, 0.8],
      [0.22, 1.14],
      [0.5, 1.0],
      [0.76, 1.08],
      [0.86, 0.76],
      [0.94, 1.04],
      [1, 1],
    ],
    u,
  );
  const wide = 1 / Math.sqrt(stretch); // volume preserving
  const sway = Math.PI * t; // one sway cycle per clip (2 s)
  const flap = air >= 0 ? Math.sin(Math.PI * air) : 0;
  const wave = 0.2 * Math.sin(4 * Math.PI * t);
  return {
    rootTranslation: [0, height, 0],
    rootScale: [wide, stretch, wide],
    hips: axisAngle([0, 0, 1], 0.07 * Math.sin(sway)),
    chest: axisAngle([0, 0, 1], 0.09 * Math.sin(sway - 0.5)),
    head: multiply(axisAngle([0, 0, 1], 0.12 * Math.sin(sway - 1.0)), axisAngle([1, 0, 0], -0.6 * (stretch - 1))),
    armL: axisAngle([0, 0, 1], 1.1 * flap + wave),
    armR: axisAngle([0, 0, 1], -(1.1 * flap + wave)),
  };
}

/** Builds the sample document and returns it as GLB bytes (deterministic). */
export async function makeSample(): Promise<Uint8Array> {
  const document = new Document();
  const root = document.getRoot();
  root.getAsset().generator = 'Overlap assets/scripts/makeSample.ts';
  const buffer = document.createBuffer();

  const accessor = (type: GLTF.AccessorType, array: Float32Array | Uint16Array | Uint8Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);

  const skinMaterial = document.createMaterial('Blob skin').setBaseColorFactor([1, 1, 1, 1]).setRoughnessFactor(0.55).setMetallicFactor(0);
  const eyeMaterial = document.createMaterial('Blob eyes').setBaseColorFactor([0.015, 0.015, 0.02, 1]).setRoughnessFactor(0.15).setMetallicFactor(0);

  const mesh = document.createMesh('Blob');
  for (const [builder, material, withColor] of [
    [buildSkinGeometry(), skinMaterial, true],
    [buildEyeGeometry(), eyeMaterial, false],
  ] as const) {
    const positions = new Float32Array(builder.positions);
    const indices = new Uint16Array(builder.indices);
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', positions))
      .setAttribute('NORMAL', accessor('VEC3', vertexNormals(positions, indices)))
      .setAttribute('JOINTS_0', accessor('VEC4', new Uint8Array(builder.joints)))
      .setAttribute('WEIGHTS_0', accessor('VEC4', new Float32Array(builder.weights)))
      .setIndices(accessor('SCALAR', indices))
      .setMaterial(material);
    if (withColor) primitive.setAttribute('COLOR_0', accessor('VEC3', new Float32Array(builder.colors)));
    mesh.addPrimitive(primitive);
  }

  // Skeleton: local translations are differences of bind-pose world positions (no bind rotations).
  const joints: GltfNode[] = JOINT_NAMES.map((name, j) => {
    const parent = JOINT_PARENTS[j];
    const w = JOINT_WORLD[j];
    const p = parent < 0 ? [0, 0, 0] : JOINT_WORLD[parent];
    return document.createNode(name).setTranslation([w[0] - p[0], w[1] - p[1], w[2] - p[2]]);
  });
  joints.forEach((joint, j) => {
    if (JOINT_PARENTS[j] >= 0) joints[JOINT_PARENTS[j]].addChild(joint);
  });
  const inverseBind = new Float32Array(16 * joints.length);
  JOINT_WORLD.forEach((w, j) => {
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -w[0], -w[1], -w[2], 1], 16 * j);
  });
  const skin = document.createSkin('Blob skin').setSkeleton(joints[ROOT]).setInverseBindMatrices(accessor('MAT4', inverseBind));
  for (const joint of joints) skin.addJoint(joint);

  const blob = document.createNode('Blob').setMesh(mesh).setSkin(skin);
  const character = document.createNode('Character').addChild(joints[ROOT]);
  const scene = document.createScene('Sample').addChild(blob).addChild(character);
  root.setDefaultScene(scene);

  // Bounce clip: 30 fps LINEAR samples over [0, 2] s, last key equal to the first.
  const keyCount = CLIP_SECONDS * FPS + 1;
  const times = new Float32Array(keyCount);
  // One sampler per channel: the joint, the property it animates and the bouncePose track that feeds it.
  const channels: [GltfNode, 'translation' | 'rotation' | 'scale', keyof ReturnType<typeof bouncePose>][] = [
    [joints[ROOT], 'translation', 'rootTranslation'],
    [joints[ROOT], 'scale', 'rootScale'],
    [joints[HIPS], 'rotation', 'hips'],
    [joints[CHEST], 'rotation', 'chest'],
    [joints[HEAD], 'rotation', 'head'],
    [joints[ARM_L], 'rotation', 'armL'],
    [joints[ARM_R], 'rotation', 'armR'],
  ];
  const width = (path: string): number => (path === 'rotation' ? 4 : 3);
  const tracks = channels.map(([, path]) => new Float32Array(width(path) * keyCount));
  for (let i = 0; i < keyCount; i++) {
    times[i] = i / FPS;
    const pose = bouncePose(i === keyCount - 1 ? 0 : i / FPS);
    channels.forEach(([, path, key], c) => tracks[c].set(pose[key], width(path) * i));
  }
  const input = accessor('SCALAR', times);
  const animation = document.createAnimation('Bounce');
  channels.forEach(([node, path], c) => {
    const sampler = document
      .createAnimationSampler()
      .setInput(input)
      .setOutput(accessor(path === 'rotation' ? 'VEC4' : 'VEC3', tracks[c]))
      .setInterpolation('LINEAR');
    animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  });

  return new NodeIO().writeBinary(document);
}

/** Default output: assets/sample.glb next to this script's folder. */
export const samplePath = fileURLToPath(new URL('../sample.glb', import.meta.url));

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const flag = process.argv.indexOf('--out');
  const out = flag >= 0 ? resolve(process.argv[flag + 1]) : samplePath;
  const bytes = await makeSample();
  writeFileSync(out, bytes);
  process.stderr.write(`sample: wrote ${out} (${bytes.byteLength} bytes)\n`);
}
