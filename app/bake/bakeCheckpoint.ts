import type { BakeContactSnapshot, BakeRepairSnapshot } from '../contact/index.ts';
import type { BakedMeshStats } from './bakeAnimation.ts';
import { BakeError } from './bakeSettings.ts';
import type { MeshSimulationSnapshot } from './meshSimulation.ts';
import { describe, own, record } from './checkpoint/checkpointFields.ts';
import { checkedMesh } from './checkpoint/checkedMesh.ts';

/**
 * The state of a bake between two frames, from which it continues to the same bytes as a bake that never stopped
 * (`overlap bake --checkpoint DIR` / `--resume`, docs/farm.md): every simulated mesh's simulation snapshot, what the
 * frame loop carries (the previous input, the input's bounding box, the statistics so far) and the frames baked so
 * far. Plain data with typed arrays, so it survives a structured clone (a worker message, node:v8 serialize).
 */
export interface BakeCheckpoint {
  format: 'overlap-bake-checkpoint';
  version: 1;
  /** what the bake was (settings, weights, authoring): a checkpoint resumes only the bake that wrote it */
  fingerprint: string;
  /** the frame index k the bake continues with (baked frame firstFrame + k; negative in the pre-roll) */
  next: number;
  meshes: BakeCheckpointMesh[];
}

/** One simulated mesh in a checkpoint. */
export interface BakeCheckpointMesh {
  name: string;
  simulation: MeshSimulationSnapshot;
  previousInput: Float32Array;
  inputMin: Float64Array;
  inputMax: Float64Array;
  /** #F×#R×3 baked render positions; frames before `next` are filled */
  positions: Float32Array;
  stats: BakedMeshStats;
  sums: { residualSum: number; residualCount: number; correctionSum: number; correctionCount: number };
  /** with contact: its warm rotations and the final check's hold (BakeContact.snapshot) */
  contact?: BakeContactSnapshot;
  /** with --repair: the repaired input frames so far and where the next repair starts (BakeRepair.snapshot) */
  repair?: BakeRepairSnapshot;
}

/** How a bake writes checkpoints (BakeOptions.checkpoint). */
export interface BakeCheckpointing {
  /** simulated frames between two checkpoints (≥ 1) */
  every: number;
  /** stores one; the bake waits for it. Also called once when the bake is cancelled, for the last completed frame. */
  save(checkpoint: BakeCheckpoint): void | Promise<void>;
}

/**
 * A short, stable hash (FNV-1a, 64 bits as 16 hex digits) of a string and some float arrays: the fingerprint of what
 * a bake is, so a checkpoint of another bake (other settings, weights or input) is refused instead of resumed.
 *
 * @param text    the bake's settings as JSON
 * @param arrays  its per-mesh weights and authoring data
 * @returns 16 hex digits
 */
export function bakeFingerprint(text: string, arrays: readonly ArrayLike<number>[]): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const mix = (byte: number) => {
    h1 = Math.imul(h1 ^ byte, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ byte, 0x5bd1e995) >>> 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    mix(c & 0xff);
    mix(c >>> 8);
  }
  const word = new Float64Array(1);
  const bytes = new Uint8Array(word.buffer);
  for (const array of arrays) {
    for (let i = 0; i < array.length; i++) {
      word[0] = array[i];
      for (const b of bytes) mix(b);
    }
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
}

/** A checkpoint that cannot resume the bake: the field that fails and why (`meshes[0].positions`: "has 12 numbers, expected 13"). */
export class BakeCheckpointError extends BakeError {
  /**
   * @param field    the field's path in the checkpoint (`next`, `meshes[0].simulation.velocities`)
   * @param problem  what is wrong with it
   */
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`the checkpoint's ${field} ${problem}: it was not written by this bake (bake again without --resume)`, 'options');
    this.name = 'BakeCheckpointError';
  }
}

/** What the bake that resumes knows about the checkpoints it could have written (resumableCheckpoint). */
export interface CheckpointExpectation {
  /** the bake's fingerprint (bakeFingerprint) */
  fingerprint: string;
  /** a checkpoint of this bake taken before its first frame: the type and length of every field, the set-up's figures */
  template: BakeCheckpoint;
  /** the frame indices a checkpoint may continue at, first and last (−preroll < next ≤ frameCount) */
  next: [number, number];
  /** #R×3 per baked frame, per mesh: the length of one frame in `positions` */
  frameStride: readonly number[];
  /** VBD substeps per frame of each mesh, and the frame's time step [s]: the largest velocity a sound state has */
  substeps: readonly number[];
  dt: number;
  /** writes mesh m's render input at frame index k (#R×3, file units) into `out` */
  inputAt(m: number, k: number, out: Float32Array): void;
  /** how far from the input's box so far a sound simulation reaches at frame index k (the bake's divergence margin) */
  reach(m: number, k: number): number;
}

/**
 * A checkpoint read from a file, checked against the bake it claims to resume and copied into fresh arrays: the file
 * is untrusted input (its fingerprint and input hash are stored in it, so an edited file passes those). Every field is
 * checked for type, length, finiteness and range, and only the fields a checkpoint has are copied, so nothing in the
 * file sets any other field of the bake's state and the resumed bake can only write a file an uninterrupted one could:
 * - `next` a whole frame index inside the bake; the meshes the bake's, by name and order;
 * - every array the template's type and length; positions and targets within the input's box up to that frame grown
 *   by the bake's divergence margin (what the frame check lets through); velocities within what a sound state moves
 *   in one substep; rotations unit quaternions; baked frames filled before `next` and zero after (as written);
 * - the statistics: the set-up's figures equal to this bake's, counts whole and ≥ 0, means and maxima finite and
 *   ≥ 0, each mean the sum over the count it is kept as.
 *
 * @param untrusted  what the file deserialized to
 * @param expected   the bake's fingerprint, a fresh checkpoint as template, the frame range, the input, the margins
 * @returns a fresh checkpoint holding copies of the checked values
 * @throws BakeCheckpointError naming the first field that fails
 */
export function resumableCheckpoint(untrusted: unknown, expected: CheckpointExpectation): BakeCheckpoint {
  const fail = (field: string, problem: string): never => {
    throw new BakeCheckpointError(field, problem);
  };
  const root = record(untrusted, 'content', fail);
  if (own(root, 'format') !== 'overlap-bake-checkpoint' || own(root, 'version') !== 1) fail('format', 'is not an Overlap bake checkpoint of version 1');
  if (own(root, 'fingerprint') !== expected.fingerprint) {
    throw new BakeError(
      'this checkpoint belongs to another bake (other input, settings, weights or project): bake again without --resume, or with the settings that wrote it',
      'options',
    );
  }
  const next = own(root, 'next');
  const [firstNext, lastNext] = expected.next;
  if (!(typeof next === 'number' && Number.isInteger(next) && next >= firstNext && next <= lastNext))
    fail('next', `is ${describe(next)}, not a frame index of this bake (${firstNext} to ${lastNext})`);
  const meshes = own(root, 'meshes');
  const templates = expected.template.meshes;
  if (!Array.isArray(meshes) || meshes.length !== templates.length) fail('meshes', `must list this bake's ${templates.length} simulated meshes`);
  return {
    format: 'overlap-bake-checkpoint',
    version: 1,
    fingerprint: expected.fingerprint,
    next: next as number,
    meshes: templates.map((template, m) => checkedMesh((meshes as unknown[])[m], template, m, next as number, expected, fail)),
  };
}
