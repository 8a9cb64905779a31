/**
 * A generated test character ("Critter"): a skinned, animated glTF creature at real size, built with glTF-Transform
 * so tests and benchmarks can bake a real-looking rig without shipping a file. Deterministic (the same options give
 * the same bytes), passes gltf-validator with 0 errors and 0 warnings, and plays in three.js.
 *
 * What it has (glTF units are meters, +Y up, facing +Z, feet on y = 0, `height` tall, 1.6 m by default):
 * - mesh node "Critter", one skinned mesh with two primitives:
 *   - "body": one closed, connected, manifold skin (a box-modelled cage, Catmull-Clark subdivided): a torso with a soft
 *     **belly** bulging forward, far from the spine (the spine bones run near the back), buttocks, two legs with
 *     flat **feet**, two arms in A-pose ending in **hands**, a neck and **head**, two pointed **ears** (a 2-bone chain
 *     each) and a **tail** (a 5-bone chain, about 0.55·height long and ≈ 0.04·height thick at its base, tapering to a
 *     thin tip). Skin weights are distance-based per body part, smoothed over the surface like a painted rig: 2–4
 *     influences, each vertex summing to 1.
 *   - "eyes": two small separate spheres sunk into the face (in their sockets), bound rigidly to the head.
 * - mesh node "Visor", a separate skinned mesh sharing the skin: one thin curved band over the brow, bound rigidly to
 *   the head (an accessory: a separate small shell).
 * - 28 joints under node "Armature": pelvis (root) → spine → chest → neck → head → ear.{L,R}.{1,2};
 *   chest → upper_arm → forearm → hand (.L/.R); pelvis → thigh → shin → foot → toe (.L/.R); pelvis → tail.1 … tail.5.
 *   The names are deliberately unlike Fox.glb's (b_Head_05 …), so code that needs names fails on one of them.
 * - clips, sampled at 30 fps, LINEAR:
 *   - "Walk", 1 s, loopable (last key = first key): walk in place, two-bone IK keeps the feet on the ground in stance.
 *   - "Jump", 2 s: crouch, take-off at 0.5 s with 2.6 m/s upward, a ballistic flight, touch-down at about 1.03 s and a
 *     stop within 0.12 s (≈ 22 m/s² of vertical deceleration, more than 2 g), recovery, still from 1.6 s.
 *   - "MoveAndHold", 2.5 s: the upper body turns and leans, the arms rise and the tail swings for 0.7 s, ending at
 *     full speed (an abrupt stop), then everything holds still for 1.8 s (for settle tests).
 * - with `gear: true`, the layered character of issues 33 and 37 (the gear a bought game asset carries, modelled as
 *   separate layers that already cut through the body and through each other in the bind pose), skinned to the same
 *   skeleton (TEST_CHARACTER_GEAR lists the parts, their order and joints):
 *   - in "Critter", after the eyes, one primitive per part, named by its `extras.name`: a leather **belt** round the
 *     waist (skinned like the waist under it: pelvis and spine), a metal **buckle** sunk into it, four **pouches**
 *     (two on the belt's front, cutting into the belt and the belly; `pouch.hip.L` and `pouch.back.R` hanging below
 *     the belt, where in life they would swing), curved metal **plates** on the chest and the back and **pads** on
 *     both shoulders (lying on the body and partly inside it; rigid on the chest and the upper arms), a webbing
 *     **strap** (a bandolier) over the left shoulder to the right hip, under the plates and through the belt (skinned
 *     like the torso under it), and on the right thigh a **holster** with a thigh **strap** (rigid on the thigh);
 *   - mesh node "Pack", a separate mesh: a backpack on the back, cutting into the back plate and the back, rigid on the
 *     chest (a separate mesh skinned to one region).
 *   Each part is one closed, manifold, outward shell (its own connected component), built as a quad cage fitted to
 *   the body and Catmull-Clark subdivided; the default character is unchanged, byte for byte.
 *
 * Options: `height` (file units; 160 gives the same character in centimeters), `subdivisions` (Catmull-Clark
 * levels: 2 gives ≈ 3.2k body vertices, each level ×4, for benchmarks), `rings` (2 splits every extrusion in two) and
 * `gear`. Welded vertices of all meshes with gear (rings 1): 6.2k at 2 subdivisions (the body and eyes 3.3k, gear
 * 2.8k, like issue 33's bought 6k-vertex soldier), 24k at 3, 95k at 4.
 *
 * The builder's parts live in test/helpers/testCharacter/ (names, vector, cage, body, gear, clips); this file builds
 * the document from them and re-exports what callers import.
 *
 * Usage from the shell: `node --import tsx test/helpers/testCharacter.ts --out critter.glb [--height 1.6]
 * [--subdivisions 2] [--rings 2] [--gear]`.
 *
 * DESIGN NOTES
 * - The body is box-modelled as an artist would: a 3×3×1 torso box whose bottom faces extrude into legs, side faces
 *   into arms, top centre face into neck and head, back lower face into the tail, head side faces into ears; then
 *   Catmull-Clark (1978) subdivision gives a smooth, closed, all-quad surface with good triangles (split along the
 *   shorter diagonal). Every face remembers its part, which bounds the bones a vertex may be skinned to (an arm
 *   vertex never takes the other arm, the torso side never takes the arm hanging next to it).
 * - Skinning: for each vertex, the distance d_b to each candidate bone segment; w_b ∝ exp(−((d_b − d_min)/σ)²),
 *   σ = 0.5·d_min + 0.01·height (blends over about one limb radius around each joint), then 4 passes of neighbour
 *   averaging over the surface (smooths part boundaries), the 4 largest kept, renormalized in float32.
 * - Bind pose: every joint unrotated, so joint-local axes are the world axes and IBMs are pure translations.
 * - Gear, one primitive per part (not one primitive for all): a report or a test can name a part by its primitive
 *   (`extras.name`, the range in ImportedMesh.primitives), as artists name the pieces of a bought asset, while every
 *   part is still only a connected component of the "Critter" mesh, so code that finds shells must find them by
 *   connectivity as it would in a one-primitive asset. Three materials (leather, metal, webbing) are shared.
 * - Gear shapes: quad cages (a tube swept round a ring for the belt and straps, a grid box with supporting loops for
 *   the pouches, the buckle, the holster and the pack, a one-cell-thick curved grid for the plates and pads) placed
 *   by casting rays from inside the body to its level-2 surface (the same gear at every `subdivisions`), each part
 *   straddling the skin by about 1 cm so its rim or its edges cut through it; then Catmull-Clark, one level fewer than
 *   the body (the gear cages are finer, so gear edges end up about as long as the body's: 4–76 mm at the default
 *   level, the worst gear triangle's circumradius / (2·inradius) 5.0, on the chest strap). Cage units are 0.889 m at
 *   the default height (the cage is 1.8 tall), so the cage offsets in the code are ≈ 0.9× those in meters.
 * - Gear skinning: one joint → rigid (pouches, plates, pads, holster, pack: pieces of metal and stiff leather);
 *   several (belt, chest strap) → the nearest body vertex's weights restricted to those joints and renormalized, as
 *   an artist transfers weights from the body and cleans them up, so the belt deforms with the waist under it.
 * - Intersections in the rest pose, default options, by app/intersection's exact checker (edge–triangle pairs, what
 *   `overlap check FILE` prints): 3,065 in all, 2,845 of them with gear (the character without gear has 220: the
 *   eyes in their sockets 88, the visor 74, the body's own 58); 19% of the "Critter" triangles take part, as in issue
 *   33's soldier ("a fifth of its triangles"). Per pair of parts: strap.chest × body 358, belt × body 310,
 *   strap.thigh.R × body 238, belt × strap.chest 163, Pack × plate.back 136, plate.chest × body 120, plate.back × body
 *   120, Pack × body 105, pad × body 104 each, pouch.front.R × strap.chest 97, plate.chest × strap.chest 90, belt ×
 *   pouch.front 77 each, plate.back × strap.chest 73, holster.R × body 71, pouch × body 65–69 each, Pack × strap.chest
 *   69, holster.R × strap.thigh.R 67, belt × pouch.hip.L 49, belt × buckle 40, Pack × belt 40, belt × pouch.back.R 38,
 *   pouch.back.R × strap.chest 32. At 3 subdivisions: 5,648 (the crossing curves are as long, the edges half). In
 *   motion (`overlap check --clip`): 3,012–3,064 at every frame of Walk (issue 33's soldier: "about 3,000 … persist
 *   through every frame of its walk"), 2,676–3,061 through MoveAndHold, where the twisted belly pushes through the
 *   rigid chest plate's lower edge.
 */
import { Document, NodeIO, type Accessor, type GLTF, type Node as GltfNode } from '@gltf-transform/core';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vertexNormals } from '../../app/geometry/index.ts';
import { bodySkin, buildCharacter } from './testCharacter/body.ts';
import { catmullClark, quadTriangles } from './testCharacter/cage.ts';
import { holdPose, jumpPose, type Pose, walkPose } from './testCharacter/clips.ts';
import { buildGear, gearSkin } from './testCharacter/gear.ts';
import { TEST_CHARACTER } from './testCharacter/names.ts';
import { add, scale, sub, type Vec3 } from './testCharacter/vector.ts';

export { TEST_CHARACTER, TEST_CHARACTER_GEAR, type GearPartSpec } from './testCharacter/names.ts';

/** Options of the generated character. */
export interface TestCharacterOptions {
  /** standing height in file units (1.6 = meters, 160 = the same character in centimeters); default 1.6 */
  height?: number;
  /** Catmull-Clark levels of the body: 2 (default) ≈ 2.5k body vertices, each level about ×4 */
  subdivisions?: number;
  /**
   * edge loops per extrusion of the cage: 1 (default) or 2, which splits every limb, neck, head, ear and tail segment
   * in two before subdividing (≈ 1.8× the vertices: 23.6k body vertices at 3 subdivisions, above the live-preview goal's 20k)
   */
  rings?: number;
  /**
   * layered gear skinned to the same skeleton (belt, buckle, pouches, plates, shoulder pads, straps, a holster, and a
   * separate "Pack" mesh), cutting into the body and into each other in the bind pose; default false (the character
   * without it is byte for byte what it was before the option existed)
   */
  gear?: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// The document.

/**
 * Builds the test character (see the file header).
 *
 * @param options  height (file units, default 1.6), subdivisions (default 2), rings (default 1), gear (default false)
 * @returns a glTF-Transform Document: one scene, meshes "Critter" (body + eyes, + one primitive per gear part) and
 *          "Visor" (+ "Pack" with gear), 28 joints, 3 clips
 */
export function testCharacterDocument(options: TestCharacterOptions = {}): Document {
  const height = options.height ?? 1.6;
  const subdivisions = options.subdivisions ?? 2;
  const rings = options.rings ?? 1;
  const gear = options.gear ?? false;
  if (!(height > 0) || !Number.isInteger(subdivisions) || subdivisions < 0 || subdivisions > 5 || !(rings === 1 || rings === 2)) {
    throw new RangeError(
      `testCharacterDocument: height must be > 0, subdivisions an integer in [0, 5] and rings 1 or 2 (got ${height}, ${subdivisions}, ${rings})`,
    );
  }
  const built = buildCharacter(subdivisions, rings);
  // Normalize: feet on y = 0, top of the head at `height`.
  const all = [...built.body.vertices, ...built.eyes.positions, ...built.visor.positions];
  const minY = Math.min(...all.map((p) => p[1]));
  const maxY = Math.max(...all.map((p) => p[1]));
  const k = height / (maxY - minY);
  const place = (p: Vec3): Vec3 => [p[0] * k, (p[1] - minY) * k, p[2] * k];
  const skin = bodySkin(built, 1.7);
  const headJoint = built.joints.findIndex((j) => j.name === 'head');

  const document = new Document();
  const root = document.getRoot();
  root.getAsset().generator = 'Overlap test/helpers/testCharacter.ts';
  const buffer = document.createBuffer();
  const accessor = (type: GLTF.AccessorType, array: Float32Array | Uint32Array | Uint16Array | Uint8Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = (name: string, color: [number, number, number], roughness: number, metallic: number) =>
    document
      .createMaterial(name)
      .setBaseColorFactor([...color, 1])
      .setRoughnessFactor(roughness)
      .setMetallicFactor(metallic);

  const primitive = (positions: Vec3[], triangles: number[], joints: Uint8Array, weights: Float32Array, mat: ReturnType<typeof material>) => {
    const flat = new Float32Array(positions.flatMap((p) => place(p)));
    const indices = positions.length > 65535 ? new Uint32Array(triangles) : new Uint16Array(triangles);
    const normals = vertexNormals(flat, indices, positions.length, new Float32Array(flat.length));
    return document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', flat))
      .setAttribute('NORMAL', accessor('VEC3', normals))
      .setAttribute('JOINTS_0', accessor('VEC4', joints))
      .setAttribute('WEIGHTS_0', accessor('VEC4', weights))
      .setIndices(accessor('SCALAR', indices))
      .setMaterial(mat);
  };
  const rigidToHead = (count: number): [Uint8Array, Float32Array] => {
    const joints = new Uint8Array(4 * count);
    const weights = new Float32Array(4 * count);
    for (let v = 0; v < count; v++) {
      joints[4 * v] = headJoint;
      weights[4 * v] = 1;
    }
    return [joints, weights];
  };

  const bodyTriangles = quadTriangles(built.body);
  const mesh = document.createMesh('Critter');
  mesh.addPrimitive(primitive(built.body.vertices, bodyTriangles, skin.joints, skin.weights, material('Critter skin', [0.35, 0.55, 0.3], 0.6, 0)));
  mesh.addPrimitive(
    primitive(built.eyes.positions, built.eyes.triangles, ...rigidToHead(built.eyes.positions.length), material('Critter eyes', [0.02, 0.02, 0.025], 0.15, 0)),
  );
  const visorMesh = document.createMesh('Visor');
  visorMesh.addPrimitive(
    primitive(built.visor.positions, built.visor.triangles, ...rigidToHead(built.visor.positions.length), material('Visor', [0.2, 0.35, 0.8], 0.3, 0.6)),
  );

  // Skeleton: unrotated joints, local translations are differences of bind positions.
  const heads = built.joints.map((j) => place(j.head));
  const nodes: GltfNode[] = built.joints.map((j, i) => {
    const parent = j.parent < 0 ? ([0, 0, 0] as Vec3) : heads[j.parent];
    return document.createNode(j.name).setTranslation(sub(heads[i], parent));
  });
  built.joints.forEach((j, i) => {
    if (j.parent >= 0) nodes[j.parent].addChild(nodes[i]);
  });
  const inverseBind = new Float32Array(16 * nodes.length);
  heads.forEach((h, i) => inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -h[0], -h[1], -h[2], 1], 16 * i));
  const skinNode = document.createSkin('Critter skin').setSkeleton(nodes[0]).setInverseBindMatrices(accessor('MAT4', inverseBind));
  for (const node of nodes) skinNode.addJoint(node);
  const critter = document.createNode(TEST_CHARACTER.meshes.body).setMesh(mesh).setSkin(skinNode);
  const visor = document.createNode(TEST_CHARACTER.meshes.visor).setMesh(visorMesh).setSkin(skinNode);
  const armature = document.createNode('Armature').addChild(nodes[0]);
  const sceneNode = document.createScene('Critter').addChild(critter).addChild(visor);
  if (gear) {
    // Gear resolution follows the body's: one Catmull-Clark level fewer on its finer cages gives edges about as long
    // as the body's (≈ 2 cm at the default level).
    const gearLevel = Math.max(0, subdivisions - 1);
    const jointOf = (name: string): number => {
      const j = built.joints.findIndex((joint) => joint.name === name);
      if (j < 0) throw new Error(`testCharacter gear: no joint "${name}"`);
      return j;
    };
    const materials = {
      leather: material('Gear leather', [0.36, 0.22, 0.12], 0.75, 0),
      metal: material('Gear metal', [0.45, 0.48, 0.52], 0.35, 0.8),
      webbing: material('Gear webbing', [0.3, 0.32, 0.2], 0.9, 0),
    };
    let packMesh: ReturnType<typeof document.createMesh> | null = null;
    for (const { spec, cage } of buildGear(built)) {
      let shell = cage;
      for (let level = 0; level < gearLevel; level++) shell = catmullClark(shell);
      const triangles = quadTriangles(shell);
      const gearWeights = gearSkin(shell.vertices, spec.joints.map(jointOf), built.body.vertices, skin);
      const part = primitive(shell.vertices, triangles, gearWeights.joints, gearWeights.weights, materials[spec.material]).setExtras({ name: spec.name });
      if (spec.mesh === 'Critter') mesh.addPrimitive(part);
      else (packMesh ??= document.createMesh(TEST_CHARACTER.meshes.pack)).addPrimitive(part);
    }
    if (packMesh) sceneNode.addChild(document.createNode(TEST_CHARACTER.meshes.pack).setMesh(packMesh).setSkin(skinNode));
  }
  root.setDefaultScene(sceneNode.addChild(armature));

  // Clips: 30 fps LINEAR samples of each pose function.
  const byName = new Map(built.joints.map((j, i) => [j.name, i]));
  const clips: [string, number, (t: number) => Pose, boolean][] = [
    [TEST_CHARACTER.clips.walk, 1, walkPose, true],
    [TEST_CHARACTER.clips.jump, 2, jumpPose, false],
    [TEST_CHARACTER.clips.hold, 2.5, holdPose, false],
  ];
  for (const [name, duration, pose, loop] of clips) {
    const keyCount = Math.round(duration * 30) + 1;
    const times = new Float32Array(keyCount);
    const poses = Array.from({ length: keyCount }, (_, i) => {
      times[i] = i / 30;
      return pose(loop && i === keyCount - 1 ? 0 : i / 30);
    });
    const input = accessor('SCALAR', times);
    const animation = document.createAnimation(name);
    const channel = (node: GltfNode, path: 'translation' | 'rotation', type: GLTF.AccessorType, values: Float32Array) => {
      const sampler = document.createAnimationSampler().setInput(input).setOutput(accessor(type, values)).setInterpolation('LINEAR');
      animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
    };
    const pelvisBind = heads[0];
    channel(nodes[0], 'translation', 'VEC3', Float32Array.from(poses.flatMap((p) => add(pelvisBind, scale(p.pelvis, k)))));
    const animated = [...new Set(poses.flatMap((p) => Object.keys(p.rotations)))].sort((a, b) => byName.get(a)! - byName.get(b)!);
    for (const jointName of animated) {
      channel(nodes[byName.get(jointName)!], 'rotation', 'VEC4', Float32Array.from(poses.flatMap((p) => p.rotations[jointName] ?? [0, 0, 0, 1])));
    }
  }
  return document;
}

/**
 * The layered character's (gear: true) left arm from the shoulder out with the part of its pad over it, at rest:
 * x > 17 cm, 1.0 m < y < 1.35 m. The Pose tool's Self test and bench raise it.
 *
 * @param positions  #V×3 welded rest positions of "Critter"
 * @returns the arm's vertex indices, ascending
 */
export function layeredArmVertices(positions: ArrayLike<number>): number[] {
  const selected: number[] = [];
  for (let v = 0; v < positions.length / 3; v++) if (positions[3 * v] > 0.17 && positions[3 * v + 1] > 1.0 && positions[3 * v + 1] < 1.35) selected.push(v);
  return selected;
}

/**
 * The tail's tip of the generated character at rest: the vertices within `fraction` × `size` of the rearmost one
 * (the smallest z; the character faces +z). The Pose tool's tests and bench drag it.
 *
 * @param positions  #V×3 welded rest positions
 * @param size       the mesh's size (an ARAP model's `size`)
 * @param fraction   radius of the tip as a fraction of the size (default 0.03)
 * @returns the tip's vertex indices, ascending
 */
export function tailTipVertices(positions: ArrayLike<number>, size: number, fraction = 0.03): number[] {
  const n = Math.floor(positions.length / 3);
  let tip = 0;
  for (let v = 0; v < n; v++) if (positions[3 * v + 2] < positions[3 * tip + 2]) tip = v;
  const selected: number[] = [];
  for (let v = 0; v < n; v++) {
    if (
      Math.hypot(positions[3 * v] - positions[3 * tip], positions[3 * v + 1] - positions[3 * tip + 1], positions[3 * v + 2] - positions[3 * tip + 2]) <
      fraction * size
    )
      selected.push(v);
  }
  return selected;
}

/**
 * The test character as GLB bytes (see testCharacterDocument).
 *
 * @param options  height, subdivisions, rings and gear (TestCharacterOptions)
 * @returns the GLB file's bytes
 */
export async function testCharacterGlb(options: TestCharacterOptions = {}): Promise<Uint8Array> {
  return new NodeIO().writeBinary(testCharacterDocument(options));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const value = (flag: string): string | undefined => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const out = resolve(value('--out') ?? 'critter.glb');
  const height = value('--height');
  const subdivisions = value('--subdivisions');
  const rings = value('--rings');
  const bytes = await testCharacterGlb({
    height: height ? Number(height) : undefined,
    subdivisions: subdivisions ? Number(subdivisions) : undefined,
    rings: rings ? Number(rings) : undefined,
    gear: process.argv.includes('--gear'),
  });
  writeFileSync(out, bytes);
  process.stderr.write(`test character: wrote ${out} (${bytes.byteLength} bytes)\n`);
}
