// mirrorPartners (jointRoles step 3) on hand-made skeletons: a left/right symmetric body pairs each arm joint with its
// twin and keeps the spine central, whatever the plane's orientation (a principal direction, not only an axis); an
// arm moved off its twin's mirror image, and an unevenly spaced straight chain (a plane with no lateral pair explains
// nothing), have no mirror plane.
import { describe, expect, it } from 'vitest';
import { mirrorPartners } from '../../../app/weights/roles/mirrorPartners.ts';

/** Spine 0–2 on the y axis, left arm 3–4, right arm 5–6 (mirror images in x). */
const body = [0, 0, 0, 0, 1, 0, 0, 2, 0, -1, 1.5, 0, -2, 1.5, 0, 1, 1.5, 0, 2, 1.5, 0];
const size = Math.hypot(4, 2, 0);

function rotatedAboutY(points: number[], angle: number): Float64Array {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const out = new Float64Array(points.length);
  for (let i = 0; i < points.length; i += 3) {
    out[i] = c * points[i] + s * points[i + 2];
    out[i + 1] = points[i + 1];
    out[i + 2] = -s * points[i] + c * points[i + 2];
  }
  return out;
}

describe('mirrorPartners', () => {
  it('pairs the arms and keeps the spine central, for an axis plane and for a rotated one', () => {
    for (const angle of [0, 0.6]) {
      const partner = mirrorPartners(rotatedAboutY(body, angle), 7, size);
      expect(partner && Array.from(partner), `rotated by ${angle} rad: spine to itself, 3↔5, 4↔6`).toEqual([0, 1, 2, 5, 6, 3, 4]);
    }
  });

  it('finds no plane when one arm is off its twin’s image, nor for a straight chain', () => {
    const bent = body.slice();
    bent[14] = 0.5; // joint 4 moved 0.5 in z: 0.11 × size off, beyond the 2% tolerance
    expect(mirrorPartners(Float64Array.from(bent), 7, size), 'an asymmetric skeleton').toBeNull();
    // Unevenly spaced, so no plane across it maps it onto itself; the planes along it hold every joint (no lateral pair).
    const chain = Float64Array.from([0, 0, 0, 0, 1, 0, 0, 2.5, 0, 0, 3.2, 0]);
    expect(mirrorPartners(chain, 4, 3.2), 'a straight, unevenly spaced chain').toBeNull();
  });
});
