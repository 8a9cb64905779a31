// generalizedWindingNumber: the analytic solid angle of an octant triangle; 1 inside and 0 outside a
// closed sphere, matching three.js ray-parity classification; ½ at the center of an open hemisphere; −1
// inside an inverted sphere; and the hierarchical (β = 2) value close to the exact sum.
import { BufferAttribute, BufferGeometry, DoubleSide, Mesh, MeshBasicMaterial, Raycaster, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { generalizedWindingNumber } from '../../../app/embedding/generalizedWindingNumber.ts';
import { windingNumberTree } from '../../../app/embedding/windingNumberTree.ts';
import { random } from '../math/sparse/helpers.ts';
import { uvSphere } from './meshes.ts';

describe('generalizedWindingNumber', () => {
  it('gives 1/8 for the octant triangle seen from the origin (solid angle 4π/8)', () => {
    const tree = windingNumberTree([1, 0, 0, 0, 1, 0, 0, 0, 1], [0, 1, 2]);
    expect(generalizedWindingNumber(tree, 0, 0, 0), 'octant').toBeCloseTo(1 / 8, 12);
  });

  it('classifies random points like three.js ray parity on a closed sphere', () => {
    const sphere = uvSphere([0.1, -0.2, 0.05], 1, 24, 32);
    const tree = windingNumberTree(sphere.positions, sphere.triangles);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', new BufferAttribute(Float32Array.from(sphere.positions), 3));
    geometry.setIndex(Array.from(sphere.triangles));
    const mesh = new Mesh(geometry, new MeshBasicMaterial({ side: DoubleSide }));
    const raycaster = new Raycaster();
    const next = random(17);
    for (let trial = 0; trial < 300; trial++) {
      const p = new Vector3(next() * 3 - 1.5, next() * 3 - 1.5, next() * 3 - 1.5);
      raycaster.set(p, new Vector3(0.31, 0.77, 0.55).normalize());
      const crossings = raycaster.intersectObject(mesh).length;
      const w = generalizedWindingNumber(tree, p.x, p.y, p.z);
      const distanceToSurface = Math.abs(p.distanceTo(new Vector3(0.1, -0.2, 0.05)) - 1);
      if (distanceToSurface < 0.02) continue; // the polygonal sphere differs from the round one there
      expect(Math.abs(w - (crossings % 2)), `point ${p.toArray()} (${crossings} crossings)`).toBeLessThan(0.01);
    }
  });

  it('gives ½ at the center of an open hemisphere and −1 inside an inverted sphere', () => {
    const sphere = uvSphere([0, 0, 0], 1, 32, 48);
    const upper: number[] = [];
    for (let t = 0; t < sphere.triangles.length / 3; t++) {
      const ys = [0, 1, 2].map((k) => sphere.positions[3 * sphere.triangles[3 * t + k] + 1]);
      if (Math.min(...ys) >= -1e-12) upper.push(...sphere.triangles.subarray(3 * t, 3 * t + 3));
    }
    const hemisphere = windingNumberTree(sphere.positions, upper);
    expect(generalizedWindingNumber(hemisphere, 0, 0, 0, Infinity), 'open hemisphere at its center').toBeCloseTo(0.5, 2);
    const inverted = Uint32Array.from(sphere.triangles);
    for (let t = 0; t < inverted.length; t += 3) [inverted[t + 1], inverted[t + 2]] = [inverted[t + 2], inverted[t + 1]];
    expect(generalizedWindingNumber(windingNumberTree(sphere.positions, inverted), 0.2, 0.1, 0), 'inverted sphere').toBeCloseTo(-1, 2);
  });

  it('stays within 0.02 of the exact sum with the default far-field opening (β = 2)', () => {
    const sphere = uvSphere([0, 0, 0], 1, 40, 60);
    const tree = windingNumberTree(sphere.positions, sphere.triangles);
    const next = random(23);
    for (let trial = 0; trial < 200; trial++) {
      const p = [next() * 4 - 2, next() * 4 - 2, next() * 4 - 2];
      const fast = generalizedWindingNumber(tree, p[0], p[1], p[2]);
      const exact = generalizedWindingNumber(tree, p[0], p[1], p[2], Infinity);
      expect(Math.abs(fast - exact), `point ${p}`).toBeLessThan(0.02);
    }
  });

  it("every node's moments are its own triangles' sums about its centre (inner nodes are built from their children's, moved)", () => {
    const sphere = uvSphere([0.3, -0.2, 0.1], 1, 24, 36);
    // a lumpy surface, so the moments of every node are far from zero and the shift terms matter
    const positions = Float64Array.from(sphere.positions, (x, k) => x * (1 + 0.2 * Math.sin(3 * k)));
    const tree = windingNumberTree(positions, sphere.triangles);
    let inner = 0;
    for (let node = 0; node < tree.nodeCount; node++) {
      if (tree.right[node] >= 0) inner++;
      const c = [tree.center[3 * node], tree.center[3 * node + 1], tree.center[3 * node + 2]];
      const M = new Float64Array(9);
      const T = new Float64Array(18);
      const pairs = [0, 0, 1, 1, 2, 2, 0, 1, 0, 2, 1, 2];
      for (let k = tree.first[node]; k < tree.first[node] + tree.count[node]; k++) {
        const t = tree.order[k];
        const v = [0, 1, 2].map((i) => [0, 1, 2].map((a) => positions[3 * sphere.triangles[3 * t + i] + a] - c[a]));
        const e1 = [0, 1, 2].map((a) => v[1][a] - v[0][a]);
        const e2 = [0, 1, 2].map((a) => v[2][a] - v[0][a]);
        const N = [0.5 * (e1[1] * e2[2] - e1[2] * e2[1]), 0.5 * (e1[2] * e2[0] - e1[0] * e2[2]), 0.5 * (e1[0] * e2[1] - e1[1] * e2[0])];
        const d = [0, 1, 2].map((a) => (v[0][a] + v[1][a] + v[2][a]) / 3);
        for (let a = 0; a < 3; a++) {
          for (let b = 0; b < 3; b++) M[3 * a + b] += N[a] * d[b];
          // the triangle's mean of (x − c)_b (x − c)_c: (Σ v_i,b v_i,c + s_b s_c) / 12
          for (let q = 0; q < 6; q++) {
            const b = pairs[2 * q],
              cc = pairs[2 * q + 1];
            const s = v[0][b] + v[1][b] + v[2][b],
              r = v[0][cc] + v[1][cc] + v[2][cc];
            T[6 * a + q] += (N[a] * (v[0][b] * v[0][cc] + v[1][b] * v[1][cc] + v[2][b] * v[2][cc] + s * r)) / 12;
          }
        }
      }
      for (let i = 0; i < 9; i++) expect(tree.moment[9 * node + i], `node ${node} M[${i}]`).toBeCloseTo(M[i], 12);
      for (let i = 0; i < 18; i++) expect(tree.secondMoment[18 * node + i], `node ${node} T[${i}]`).toBeCloseTo(T[i], 12);
    }
    expect(inner, 'inner nodes checked').toBeGreaterThan(50);
  });
});
