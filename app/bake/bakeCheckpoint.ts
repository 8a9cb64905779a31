import type { BakedMeshStats } from './bakeAnimation.ts';
import type { MeshSimulationSnapshot } from './meshSimulation.ts';

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
