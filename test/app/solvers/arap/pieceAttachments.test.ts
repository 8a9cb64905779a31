// pieceAttachments: a piece no handle reaches (a plate set into a body) follows the surface it is set into, as a wrap
// deformer carries gear: exactly where the host does not move, by the host's translation where it translates, and by
// the host it cuts into rather than another part lying as close (a hand hanging beside a pouch).
import { describe, expect, it } from 'vitest';
import { pieceAttachments } from '../../../../app/solvers/arap/pieceAttachments.ts';
import { clothGrid } from '../../contact/scenes.ts';

/** A host sheet (10×10 cells of 0.1 m at y = 0), a small plate cutting down into it, and a "hand" sheet 2 cm above. */
function scene() {
  const host = clothGrid(10, 1, 0);
  const plate = clothGrid(2, 0.2, 0.01, 0.2, 0.2);
  // tilt the plate so that it cuts the host: its corners from y = −1 cm to +3 cm
  for (let v = 0; v < plate.positions.length / 3; v++) plate.positions[3 * v + 1] = -0.01 + 0.2 * (plate.positions[3 * v] - 0.1);
  const hand = clothGrid(2, 0.3, 0.045, 0.2, 0.2);
  const parts = [host, plate, hand];
  const positions: number[] = [];
  const triangles: number[] = [];
  const componentOf: number[] = [];
  parts.forEach((part, c) => {
    const base = positions.length / 3;
    positions.push(...part.positions);
    for (const t of part.triangles) triangles.push(t + base);
    for (let v = 0; v < part.positions.length / 3; v++) componentOf.push(c);
  });
  const hostCount = host.positions.length / 3,
    plateCount = plate.positions.length / 3;
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles), componentOf: Int32Array.from(componentOf), hostCount, plateCount };
}

describe('pieceAttachments', () => {
  it('carries a piece nothing holds with the surface it cuts into, and leaves it exactly where that surface stays', () => {
    const s = scene();
    // Handles: one host vertex (the host is handled), one hand vertex (the hand too); the plate has none.
    const handles = [0, s.hostCount + s.plateCount];
    const attached = pieceAttachments(s.triangles, s.componentOf, s.positions, handles, 0.05);
    expect([attached.pieces, attached.unattached], 'the plate is carried').toEqual([1, 0]);
    expect(Array.from(attached.vertices), 'its vertices').toEqual(Array.from({ length: s.plateCount }, (_, k) => s.hostCount + k));
    const out = new Float64Array(3 * s.plateCount);
    attached.targets(s.positions, out);
    for (let k = 0; k < out.length; k++) expect(out[k], `nothing moved: target ${k} is the start`).toBe(s.positions[3 * s.hostCount + k]);

    // The host translates by (0.1, 0.2, −0.05) and the hand rises 0.3: the plate follows the host, not the hand.
    const moved = Float64Array.from(s.positions);
    for (let v = 0; v < s.hostCount; v++) {
      moved[3 * v] += 0.1;
      moved[3 * v + 1] += 0.2;
      moved[3 * v + 2] -= 0.05;
    }
    for (let v = s.hostCount + s.plateCount; v < s.positions.length / 3; v++) moved[3 * v + 1] += 0.3;
    attached.targets(moved, out);
    for (let k = 0; k < s.plateCount; k++) {
      const v = s.hostCount + k;
      const expected = [s.positions[3 * v] + 0.1, s.positions[3 * v + 1] + 0.2, s.positions[3 * v + 2] - 0.05];
      for (let c = 0; c < 3; c++)
        expect(Math.abs(out[3 * k + c] - expected[c]), `plate vertex ${k}: the host's translation, coordinate ${c}`).toBeLessThan(1e-12);
    }
  });

  it('leaves a piece that cuts nothing and lies beyond reach where the solvers leave it', () => {
    const s = scene();
    // Lift the plate out of the host by 10 cm: nothing within reach (5 cm), no crossing.
    for (let v = s.hostCount; v < s.hostCount + s.plateCount; v++) s.positions[3 * v + 1] -= 0.1;
    const attached = pieceAttachments(s.triangles, s.componentOf, s.positions, [0, s.hostCount + s.plateCount], 0.05);
    expect([attached.pieces, attached.unattached, attached.vertices.length], 'not carried').toEqual([0, 1, 0]);
  });
});
