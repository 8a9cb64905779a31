/**
 * Names of the generated test character's parts (clips, meshes, joints, gear), shared by its builder
 * (test/helpers/testCharacter.ts re-exports them) and the tests that look at a region.
 */

/** One gear part of the layered character (option `gear`): one closed shell, one primitive (extras.name) or mesh. */
export interface GearPartSpec {
  /** the primitive's `extras.name` (or the mesh's name for a part that is its own mesh) */
  name: string;
  /** the mesh node holding it */
  mesh: 'Critter' | 'Pack';
  material: 'leather' | 'metal' | 'webbing';
  /** joints it is skinned to: one → rigidly; several → the body's weights under it, restricted to these */
  joints: readonly string[];
}

/**
 * The layered character's gear, in the order of its primitives: in "Critter" after the body (0) and the eyes (1),
 * so the part at index i of the "Critter" parts is primitive i + 2; "Pack" is its own mesh.
 */
export const TEST_CHARACTER_GEAR: readonly GearPartSpec[] = [
  { name: 'belt', mesh: 'Critter', material: 'leather', joints: ['pelvis', 'spine'] },
  { name: 'buckle', mesh: 'Critter', material: 'metal', joints: ['pelvis'] },
  { name: 'pouch.front.L', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'pouch.front.R', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'pouch.hip.L', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'pouch.back.R', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'plate.chest', mesh: 'Critter', material: 'metal', joints: ['chest'] },
  { name: 'plate.back', mesh: 'Critter', material: 'metal', joints: ['chest'] },
  { name: 'pad.L', mesh: 'Critter', material: 'metal', joints: ['upper_arm.L'] },
  { name: 'pad.R', mesh: 'Critter', material: 'metal', joints: ['upper_arm.R'] },
  { name: 'strap.chest', mesh: 'Critter', material: 'webbing', joints: ['pelvis', 'spine', 'chest'] },
  { name: 'strap.thigh.R', mesh: 'Critter', material: 'webbing', joints: ['thigh.R'] },
  { name: 'holster.R', mesh: 'Critter', material: 'leather', joints: ['thigh.R'] },
  { name: 'Pack', mesh: 'Pack', material: 'webbing', joints: ['chest'] },
];

/** Names of the generated character's parts, for tests that look at a region. */
export const TEST_CHARACTER = {
  clips: { walk: 'Walk', jump: 'Jump', hold: 'MoveAndHold' },
  /** seconds: take-off and touch-down of Jump, and when MoveAndHold stops moving */
  jumpTakeOff: 0.5,
  jumpTouchDown: 0.5 + (2 * 2.6) / 9.81,
  holdFrom: 0.7,
  meshes: { body: 'Critter', visor: 'Visor', pack: 'Pack' },
  /** primitive index of the eyes in the "Critter" mesh */
  eyesPrimitive: 1,
  joints: {
    head: 'head',
    hands: ['hand.L', 'hand.R'],
    feet: ['foot.L', 'foot.R', 'toe.L', 'toe.R'],
    tail: ['tail.1', 'tail.2', 'tail.3', 'tail.4', 'tail.5'],
    ears: ['ear.L.1', 'ear.L.2', 'ear.R.1', 'ear.R.2'],
    belly: 'spine',
  },
} as const;
