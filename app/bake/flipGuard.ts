import { flippedTriangleCount, pullTowardInput, ringFalloff, vertexNeighbours } from '../geometry/index.ts';

/** What the flip guard did to one frame. */
export interface FlipGuardResult {
  /** triangles turned inside out against the input before the correction (0: the frame was left as it was) */
  flipped: number;
  /** vertices the correction moved (0: none) */
  correctedVertices: number;
}

/** The flip guard of one mesh: fixed topology and rest pose, scratch allocated once. */
export interface FlipGuard {
  /**
   * Corrects a frame's output in place so that no triangle faces the other way than in the input at the same frame
   * (flippedTriangleCount's test, the rig's own crushed triangles excepted).
   *
   * @param output  #V×3 output positions, corrected in place
   * @param input   #V×3 the input at the same frame
   */
  correct(output: Float32Array, input: ArrayLike<number>): FlipGuardResult;
}

/** Halvings of the departure before the offending vertices are put on the input (then the region only grows). */
const HALVINGS = 8;

/**
 * The flip guard: a baked frame never turns a triangle inside out that the input does not. Where the lattice's smooth
 * displacement shears a sliver more than it can take (the level-3 test character's ear root on its Jump's frame 13: two
 * 3 mm slivers in 13 cm cells between a pinned head and a swinging ear), or a soft part crumples,
 * the exported surface would show a dark speck or a fold that no solver setting names. The frame is corrected the way
 * the final contact check corrects an added intersection (app/contact/bakeContact.ts): the vertices of the flipped
 * triangles, with a falloff over two rings (ringFalloff, so no crease appears at the edge of the correction), keep
 * half their departure from the input, then a quarter, …, until no triangle is flipped; after HALVINGS halvings the
 * offenders sit on the input and the region grows to each new offender (a triangle whose corners are all on the
 * input faces as the input does, so every round adds a vertex and the loop ends). The report counts the frames and
 * vertices corrected, never silently (BakedMeshStats.flipGuard, the `flipped-triangles` warning).
 *
 * Runs before the final contact check, which has the last word: its own correction toward the input never adds an
 * intersection, and the quality measure of the written file (bakedMeshQuality) still counts any flip left.
 *
 * @param triangles    #T×3 welded vertex indices
 * @param rest         #V×3 welded rest positions (triangles the rig crushes below 5% of their rest area are not the
 *                     output's to keep facing, as in flippedTriangleCount)
 * @param vertexCount  #V
 * @returns the guard
 */
export function flipGuard(triangles: ArrayLike<number>, rest: ArrayLike<number>, vertexCount: number): FlipGuard {
  const T = Math.floor(triangles.length / 3);
  const marks = new Uint8Array(T);
  const core = new Uint8Array(vertexCount);
  const falloff = new Float32Array(vertexCount);
  const raw = new Float32Array(3 * vertexCount);
  let rings: { offsets: Uint32Array; neighbours: Uint32Array } | null = null;
  const count = (output: ArrayLike<number>, input: ArrayLike<number>): number => flippedTriangleCount(triangles, input, output, rest, undefined, marks);
  /** Marks the corners of the flipped triangles as core; returns how many were not core before. */
  const markCorners = (): number => {
    let added = 0;
    for (let t = 0; t < T; t++) {
      if (marks[t] === 0) continue;
      for (let k = 0; k < 3; k++) {
        const v = triangles[3 * t + k];
        if (core[v] === 0) added++;
        core[v] = 1;
      }
    }
    return added;
  };
  return {
    correct(output, input) {
      const flipped = count(output, input);
      if (flipped === 0) return { flipped: 0, correctedVertices: 0 };
      rings ??= vertexNeighbours(triangles, vertexCount);
      raw.set(output);
      core.fill(0);
      let left = flipped;
      let correctedVertices = 0;
      for (let round = 0; left > 0; round++) {
        const added = markCorners();
        if (round > HALVINGS && added === 0) break; // cannot happen (see above); the whole frame would go to the input
        ringFalloff(core, rings.offsets, rings.neighbours, falloff);
        const kept = round >= HALVINGS ? 0 : 0.5 ** (round + 1);
        correctedVertices = pullTowardInput(raw, input, falloff, kept, output);
        left = count(output, input);
      }
      if (left > 0) {
        for (let c = 0; c < 3 * vertexCount; c++) output[c] = input[c];
        correctedVertices = vertexCount;
      }
      return { flipped, correctedVertices };
    },
  };
}
