// The final contact check corrects a rigid piece as one (bakeContact's rigidPieces): carried gear moves as a rigid body
// (app/bake/carriedShells.ts), and a correction that falls off over two rings across it bends it (the layered
// character's Jump with self-contact: 4 triangles of a hanging pouch inside out at its last frame).
import { describe, expect, it } from 'vitest';
import { bakeContact } from '../../../app/contact/bakeContact.ts';

// A: one triangle in z = 0. B: a vertical strip in y = 0 of 5 quads (12 vertices), its lowest edge 5 cm above A; the
// simulated output drops B by 8 cm, its lowest edge through A. The top of B is 5 rings from the crossing.
const levels = [0.05, 0.3, 0.55, 0.8, 1.05, 1.3];
const input = new Float32Array([-1, -1, 0, 1, -1, 0, 0, 1, 0, ...levels.flatMap((z) => [-0.2, 0, z, 0.2, 0, z])]);
const stripTriangles: number[] = [];
for (let k = 0; k + 1 < levels.length; k++) {
  const [a, b, c, d] = [3 + 2 * k, 4 + 2 * k, 5 + 2 * k, 6 + 2 * k];
  stripTriangles.push(a, b, d, a, d, c);
}
const triangles = new Uint32Array([0, 1, 2, ...stripTriangles]);
const S = input.length / 3;
const raw = Float32Array.from(input, (x, i) => (i >= 9 && i % 3 === 2 ? x - 0.08 : x));

function corrected(rigid: boolean): { output: Float32Array; total: number } {
  const contact = bakeContact({
    triangles,
    surfaceVertexCount: S,
    embedding: null,
    simulationVertexCount: S,
    masses: new Float64Array(S).fill(0.1),
    timeStep: 1 / 120,
    restSurface: input,
    selfContact: true,
    colliders: [],
    frameDuration: 1 / 30,
    rigidPieces: rigid ? Int32Array.from({ length: S }, (_, v) => (v < 3 ? -1 : 0)) : undefined,
  });
  const output = Float32Array.from(raw);
  const total = contact.finishFrame(output, input, [], true).total;
  return { output, total };
}

/** The largest change of a distance between two of B's vertices from the input to the output. */
function bending(output: Float32Array): number {
  let worst = 0;
  for (let a = 3; a < S; a++) {
    for (let b = a + 1; b < S; b++) {
      const before = Math.hypot(input[3 * a] - input[3 * b], input[3 * a + 1] - input[3 * b + 1], input[3 * a + 2] - input[3 * b + 2]);
      const after = Math.hypot(output[3 * a] - output[3 * b], output[3 * a + 1] - output[3 * b + 1], output[3 * a + 2] - output[3 * b + 2]);
      worst = Math.max(worst, Math.abs(after - before));
    }
  }
  return worst;
}

describe('the final contact check corrects a rigid piece as one', () => {
  it('a piece marked rigid keeps its shape (one share for all its vertices) and adds no intersection; unmarked, the same strip bends', () => {
    const piece = corrected(true);
    expect(piece.total, 'rigid: no intersection left').toBe(0);
    expect(bending(piece.output), "rigid: B's distances are the input's (a uniform blend of two translations)").toBeLessThan(1e-6);
    const shares = Array.from(
      { length: S - 3 },
      (_, i) => (piece.output[3 * (i + 3) + 2] - input[3 * (i + 3) + 2]) / (raw[3 * (i + 3) + 2] - input[3 * (i + 3) + 2]),
    );
    expect(
      Math.max(...shares) - Math.min(...shares),
      'rigid: one share of the drop kept by every vertex of B (to float32 rounding of an 8 cm drop at 1.3 m)',
    ).toBeLessThan(1e-5);
    expect(shares[0], 'rigid: B was corrected (less than its whole drop kept)').toBeLessThan(1);
    const strip = corrected(false);
    expect(strip.total, 'unmarked: no intersection left either').toBe(0);
    expect(bending(strip.output), 'unmarked: the falloff over two rings bends B (what the marking prevents)').toBeGreaterThan(1e-3);
  });
});
