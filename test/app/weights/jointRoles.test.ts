// jointRoles: the regions an animator paints first, read from the skeleton's geometry and skin with names ignored:
// Fox.glb and the generated character (whose joint names share nothing) get the same anatomy: a trunk of soft body,
// limbs fading to rigid hands and feet, a rigid head on a fading neck, a tail (and the character's ears) as
// appendages; a skeleton without a mirror plane keeps limbs' ends rigid and uses names only there.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { vertexAreas } from '../../../app/geometry/index.ts';
import { readGltf, type ImportedMesh } from '../../../app/io/index.ts';
import { jointRoles, skinSkeleton, type JointRole, type SkinSkeleton } from '../../../app/weights/index.ts';
import { testCharacterGlb } from '../../helpers/testCharacter.ts';

interface Rig {
  mesh: ImportedMesh;
  skeleton: SkinSkeleton;
  areas: Float64Array;
}
const rigs = new Map<string, Rig>();

beforeAll(async () => {
  for (const [name, bytes] of [
    ['fox', new Uint8Array(readFileSync('../shared/data/Fox.glb'))],
    ['critter', await testCharacterGlb()],
    ['sample', new Uint8Array(readFileSync('assets/sample.glb'))],
  ] as const) {
    const scene = await readGltf(bytes, { fileName: name });
    const mesh = scene.meshes[0];
    rigs.set(name, {
      mesh,
      skeleton: skinSkeleton(mesh, scene.hierarchy)!,
      areas: vertexAreas(mesh.topology.positions, mesh.topology.triangles, mesh.topology.vertexCount),
    });
  }
});

const expected: Record<string, Record<string, JointRole | JointRole[]>> = {
  fox: {
    b_Hip_01: 'body',
    b_Spine01_02: 'body',
    b_Spine02_03: 'body',
    b_Neck_04: 'limb',
    b_Head_05: 'extremity',
    b_RightUpperArm_06: 'limb',
    b_RightHand_08: 'extremity',
    b_LeftHand_011: 'extremity',
    b_LeftLeg01_015: 'limb',
    b_LeftFoot01_017: 'extremity',
    b_LeftFoot02_018: 'extremity',
    b_Tail01_012: 'appendage',
    b_Tail02_013: 'appendage',
    b_Tail03_014: 'appendage',
  },
  critter: {
    pelvis: 'body',
    spine: 'body',
    chest: 'body',
    neck: 'limb',
    head: 'extremity',
    'upper_arm.L': 'limb',
    'forearm.L': 'extremity',
    'hand.L': 'extremity',
    'thigh.R': 'limb',
    // The shin starts just before the middle of the leg: its fade ends right under the knee.
    'shin.R': ['limb', 'extremity'],
    'foot.R': 'extremity',
    'toe.R': 'extremity',
    'tail.1': 'appendage',
    'tail.5': 'appendage',
    'ear.L.1': 'appendage',
    'ear.R.2': 'appendage',
  },
  sample: { chest: 'body', head: 'extremity', root: 'extremity', hips: 'limb' },
};

describe('jointRoles', () => {
  it.each(Object.keys(expected))('reads the anatomy of %s from geometry alone (names ignored)', (name) => {
    const { mesh, skeleton, areas } = rigs.get(name)!;
    const result = jointRoles(skeleton, mesh.topology.positions, areas, { nameHints: false });
    expect(result.mirrored, 'a mirror plane is found').toBe(true);
    for (const [joint, role] of Object.entries(expected[name])) {
      const j = skeleton.names.indexOf(joint);
      expect(j, `${joint} exists`).toBeGreaterThanOrEqual(0);
      expect([role].flat(), `${joint} is ${role}`).toContain(result.roles[j]);
    }
    // The core carries the middle of the surface: a trunk joint.
    expect(result.roles[result.core], 'the core is body').toBe('body');
  });

  it('gives a limb and an appendage profile their shapes: a fade to 0 by the middle of a limb, a rise to the tail tip', () => {
    const { mesh, skeleton, areas } = rigs.get('critter')!;
    const result = jointRoles(skeleton, mesh.topology.positions, areas, { nameHints: false });
    const thigh = result.profiles[result.profileOfJoint[skeleton.names.indexOf('thigh.L')]];
    const tail = result.profiles[result.profileOfJoint[skeleton.names.indexOf('tail.3')]];
    expect(thigh.shape, 'the thigh fades').toBe('fade');
    expect(tail.shape, 'the tail rises').toBe('rise');
    const length = (points: Float64Array): number => {
      let s = 0;
      for (let i = 3; i < points.length; i += 3) s += Math.hypot(points[i] - points[i - 3], points[i + 1] - points[i - 2], points[i + 2] - points[i - 1]);
      return s;
    };
    expect(thigh.to / length(thigh.points), 'the leg is 0 from its middle on').toBeCloseTo(0.5, 6);
    expect(tail.to, 'the tail rises over its whole length').toBeCloseTo(length(tail.points), 6);
    // The tail's polyline runs past the last joint to the tip of its surface.
    const last = skeleton.names.indexOf('tail.5');
    const end = tail.points.length - 3;
    const beyond = Math.hypot(
      tail.points[end] - skeleton.positions[3 * last],
      tail.points[end + 1] - skeleton.positions[3 * last + 1],
      tail.points[end + 2] - skeleton.positions[3 * last + 2],
    );
    expect(beyond, 'the tail reaches beyond its last joint').toBeGreaterThan(0.05);
  });

  it('a jaw hanging off the skull does not turn the head into a neck: the head stays rigid, the jaw with it', () => {
    const { mesh, skeleton, areas } = rigs.get('critter')!;
    // Add a "jaw" joint under the head and give it the front lower part of the head's surface.
    const head = skeleton.names.indexOf('head');
    const J = skeleton.jointCount;
    const positions = Float64Array.from([
      ...skeleton.positions,
      skeleton.positions[3 * head],
      skeleton.positions[3 * head + 1] + 0.03,
      skeleton.positions[3 * head + 2] + 0.05,
    ]);
    const K = skeleton.influencesPerVertex;
    const vertexJoints = Uint32Array.from(skeleton.vertexJoints);
    const p = mesh.topology.positions;
    let moved = 0;
    for (let v = 0; v < mesh.topology.vertexCount; v++) {
      const onHead = vertexJoints[v * K] === head && skeleton.vertexJointWeights[v * K] > 0.8;
      if (onHead && p[3 * v + 2] > positions[3 * head + 2] + 0.08 && p[3 * v + 1] < positions[3 * head + 1] + 0.2) {
        vertexJoints[v * K] = J;
        moved++;
      }
    }
    expect(moved, 'the jaw has surface').toBeGreaterThan(5);
    const withJaw: SkinSkeleton = {
      ...skeleton,
      jointCount: J + 1,
      names: [...skeleton.names, 'J'],
      positions,
      tips: Float64Array.from([...skeleton.tips, ...positions.slice(3 * J)]),
      parents: Int32Array.from([...skeleton.parents, head]),
      vertexJoints,
    };
    const result = jointRoles(withJaw, mesh.topology.positions, areas, { nameHints: false });
    expect(result.roles[head], 'the head').toBe('extremity');
    expect(result.roles[J], 'the jaw').toBe('extremity');
    expect(result.roles[skeleton.names.indexOf('neck')], 'the neck').toBe('limb');
  });

  it('without a mirror plane: long chains are limbs (rigid ends) unless names say otherwise', () => {
    const { mesh, skeleton, areas } = rigs.get('critter')!;
    // Move the right leg's joints far out of place: no plane maps the skeleton onto itself any more.
    const positions = Float64Array.from(skeleton.positions);
    for (const joint of ['thigh.R', 'shin.R', 'foot.R', 'toe.R']) positions[3 * skeleton.names.indexOf(joint) + 2] += 0.3;
    const broken: SkinSkeleton = { ...skeleton, positions };
    const geometric = jointRoles(broken, mesh.topology.positions, areas, { nameHints: false });
    expect(geometric.mirrored, 'no mirror plane').toBe(false);
    const tail5 = skeleton.names.indexOf('tail.5');
    expect(geometric.roles[tail5], 'without names the tail is treated as a limb: its end rigid').toBe('extremity');
    const hinted = jointRoles(broken, mesh.topology.positions, areas, { nameHints: true });
    expect(hinted.roles[tail5], 'with names the tail is an appendage again').toBe('appendage');
    expect(hinted.roles[skeleton.names.indexOf('hand.L')], 'and the hands stay rigid').toBe('extremity');
  });
});
