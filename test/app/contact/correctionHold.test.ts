// The final contact check's hold (app/contact/bakeContact.ts, CORRECTION_RELEASE_SECONDS): a region the check pulled
// toward the input is given back to the simulation over the release time, not at the next frame, so a count that
// wanders around the input's does not make the output flicker between corrected and uncorrected frames.
import { describe, expect, it } from 'vitest';
import { bakeContact, CORRECTION_RELEASE_SECONDS } from '../../../app/contact/bakeContact.ts';

// Two separate triangles (cloth, self-contact): A lies in z = 0, B stands above it. In the input B's lowest corner is
// 5 cm above A; the simulated output moves B down by `drop` (through A when drop > 0.05).
const triangles = new Uint32Array([0, 1, 2, 3, 4, 5]);
const input = new Float32Array([
  -1,
  -1,
  0,
  1,
  -1,
  0,
  0,
  1,
  0, // A
  0,
  0,
  0.05,
  -0.5,
  0,
  1,
  0.5,
  0,
  1, // B
]);
const outputWithDrop = (drop: number): Float32Array => {
  const output = Float32Array.from(input);
  for (const v of [3, 4, 5]) output[3 * v + 2] -= drop;
  return output;
};
/** Each vertex's departure from the input over the uncorrected one (1: the simulation's output, 0: the input). */
const keptShare = (output: Float32Array, raw: Float32Array, v: number): number => (output[3 * v + 2] - input[3 * v + 2]) / (raw[3 * v + 2] - input[3 * v + 2]);

function contact(frameDuration: number) {
  return bakeContact({
    triangles,
    surfaceVertexCount: 6,
    embedding: null,
    simulationVertexCount: 6,
    masses: new Float64Array(6).fill(0.1),
    timeStep: frameDuration / 4,
    restSurface: input,
    selfContact: true,
    colliders: [],
    frameDuration,
  });
}

describe('the final contact check holds its corrections', () => {
  it('a correction is given back linearly over the release time, not at the next frame, and never lets an intersection through', () => {
    const fps = 30;
    const c = contact(1 / fps);
    // Frame 0: B's corner goes 3 cm through A; the check pulls B's vertices (and A's) toward the input.
    const raw0 = outputWithDrop(0.08);
    const output0 = Float32Array.from(raw0);
    const check0 = c.finishFrame(output0, input, [], true);
    expect(check0.total, 'frame 0: the output is back to the input count (none)').toBe(0);
    const share0 = keptShare(output0, raw0, 3);
    expect(share0, 'frame 0: B kept part of its drop').toBeLessThan(1);
    expect(c.stats.correctedVertices[0], 'frame 0: corrected').toBeGreaterThan(0);
    // The next frames: B drops 1 cm only, through nothing. Without the hold it would be the simulation's at once.
    const step = 1 / (fps * CORRECTION_RELEASE_SECONDS);
    const frames = Math.ceil((1 - share0) / step) + 2;
    let previous = share0;
    for (let f = 1; f <= frames; f++) {
      const raw = outputWithDrop(0.01);
      const output = Float32Array.from(raw);
      const check = c.finishFrame(output, input, [], true);
      expect(check.total, `frame ${f}: no intersection`).toBe(0);
      const share = keptShare(output, raw, 3);
      const expected = Math.min(1, share0 + f * step);
      expect(share, `frame ${f}: B keeps ${expected.toFixed(3)} of its departure (released by ${step.toFixed(3)} a frame)`).toBeCloseTo(expected, 5);
      expect(share, `frame ${f}: never less than the frame before`).toBeGreaterThanOrEqual(previous - 1e-9);
      previous = share;
      if (expected === 1) {
        expect(Array.from(output), `frame ${f}: released, the simulation's output bit for bit`).toEqual(Array.from(raw));
        expect(c.stats.correctedVertices[f], `frame ${f}: not corrected`).toBe(0);
      } else expect(c.stats.correctedVertices[f], `frame ${f}: held, counted as corrected`).toBeGreaterThan(0);
    }
  });

  it('a frame that needs more than the hold gets more, and the hold starts again from there', () => {
    const c = contact(1 / 30);
    const step = 1 / (30 * CORRECTION_RELEASE_SECONDS);
    const raw0 = outputWithDrop(0.08);
    const output0 = Float32Array.from(raw0);
    c.finishFrame(output0, input, [], true);
    const share0 = keptShare(output0, raw0, 3);
    // Frame 1 drops deeper: the held share is not enough, the check corrects again.
    const raw1 = outputWithDrop(0.3);
    const output1 = Float32Array.from(raw1);
    expect(c.finishFrame(output1, input, [], true).total, 'frame 1: no intersection').toBe(0);
    const share1 = keptShare(output1, raw1, 3);
    expect(share1, 'frame 1: corrected further than the hold alone').toBeLessThan(share0 + step - 1e-6);
    // Frame 2 (1 cm): released one step from frame 1's correction.
    const raw2 = outputWithDrop(0.01);
    const output2 = Float32Array.from(raw2);
    c.finishFrame(output2, input, [], true);
    expect(keptShare(output2, raw2, 3), 'frame 2: one release step after frame 1').toBeCloseTo(Math.min(1, share1 + step), 5);
  });
});
