// framedView: the framed points' screen box is centred and fills the asked share of the view, for a thin curved
// part seen in perspective (where centring its bounding box is off by several percent), from any direction.
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { framedView } from '../../../renderer/viewport/framedView.ts';

/** A thin curved band (a visor): an arc of 120° of radius 1, 0.2 tall, off the origin. */
function visor(): Float32Array {
  const points: number[] = [];
  for (let i = 0; i <= 40; i++) {
    const angle = -Math.PI / 3 + (i / 40) * ((2 * Math.PI) / 3);
    for (const y of [-0.1, 0.1]) points.push(5 + Math.sin(angle), 2 + y, -3 + Math.cos(angle));
  }
  return Float32Array.from(points);
}

function screenBox(points: Float32Array, camera: PerspectiveCamera): { cx: number; cy: number; extent: number; halfX: number; halfY: number } {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  const p = new Vector3();
  for (let i = 0; i < points.length; i += 3) {
    p.set(points[i], points[i + 1], points[i + 2]).project(camera);
    [minX, minY, maxX, maxY] = [Math.min(minX, p.x), Math.min(minY, p.y), Math.max(maxX, p.x), Math.max(maxY, p.y)];
  }
  return {
    cx: (minX + maxX) / 2,
    cy: (minY + maxY) / 2,
    extent: Math.max((maxX - minX) / 2, (maxY - minY) / 2),
    halfX: (maxX - minX) / 2,
    halfY: (maxY - minY) / 2,
  };
}

describe('framedView', () => {
  it('centres in a clear region below a toolbar and fills it, not the whole view', () => {
    const camera = new PerspectiveCamera(35, 1.4, 0.01, 1000);
    const points = visor();
    const region = { left: -1, right: 1, bottom: -1, top: 0.5 };
    framedView(points, camera, new Vector3(0.55, 0.35, 1).normalize(), 0.8, region);
    const box = screenBox(points, camera);
    expect(Math.abs(box.cx), 'centred across').toBeLessThan(2e-3);
    expect(Math.abs(box.cy - -0.25), 'centred in the region, below the toolbar').toBeLessThan(2e-3);
    expect(Math.abs(Math.max(box.halfX / 1, box.halfY / 0.75) - 0.8), 'filling 80% of the region (half-width 1, half-height 0.75)').toBeLessThan(0.01);
  });

  for (const [name, direction, aspect] of [
    ['three-quarter, wide view', new Vector3(0.55, 0.35, 1), 1.6],
    ['from above, tall view', new Vector3(0.1, 1, 0.2), 0.6],
    ['side on', new Vector3(1, 0, 0), 1],
  ] as const) {
    it(`centres the silhouette and fills 80% of the view: ${name}`, () => {
      const camera = new PerspectiveCamera(35, aspect, 0.01, 1000);
      const points = visor();
      framedView(points, camera, direction.clone().normalize(), 0.8);
      const box = screenBox(points, camera);
      expect(Math.abs(box.cx), 'centred across').toBeLessThan(2e-3);
      expect(Math.abs(box.cy), 'centred up and down').toBeLessThan(2e-3);
      if (name === 'side on') {
        // End-on, the band reaches toward the camera: it stops a quarter of the radius short of its nearest point.
        const nearest = Math.max(
          ...Array.from({ length: points.length / 3 }, (_, i) =>
            new Vector3(points[3 * i], points[3 * i + 1], points[3 * i + 2]).sub(camera.position).dot(direction.clone().normalize()),
          ),
        );
        expect(nearest, 'the camera stays outside the points').toBeLessThan(0);
        expect(box.extent, 'no larger than asked').toBeLessThan(0.81);
      } else {
        expect(Math.abs(box.extent - 0.8), 'filling 80%').toBeLessThan(0.01);
      }
      const look = new Vector3(0, 0, -1).applyQuaternion(camera.quaternion);
      expect(look.dot(direction.clone().normalize()), 'looking along the direction asked').toBeLessThan(-0.999);
    });
  }
});
