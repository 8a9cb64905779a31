import { describe, expect, it } from 'vitest';
import { dihedralAngle, dihedralBendingEnergy, evaluateDihedralBendingForceHessian } from '../../../../app/solvers/vbd/index.ts';
import { evaluate, expectFiniteDifferences, finiteDifferenceHessian, maxAbs, maxAbsDifference, model, perturbed } from './helpers.ts';

const cloth = { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping: 0, thickness: 0.001 };

/** Two triangles sharing edge 0–1 along x; vertex 2 on +y, vertex 3 folded by `angle` about the edge. */
function hinge(angle: number): Float64Array {
  return Float64Array.from([0, 0, 0, 1, 0, 0, 0.4, 1, 0, 0.6, -Math.cos(angle), Math.sin(angle)]);
}
const trianglesOf = [0, 1, 2, 1, 0, 3];

describe('evaluateDihedralBendingForceHessian', () => {
  it('measures the fold angle: a flat hinge is 0 and folding by φ gives |θ| = φ with opposite signs either way', () => {
    const m = model({ restPositions: hinge(0), triangles: { vertices: trianglesOf, materials: cloth } });
    expect(m.hingeCount, 'one interior edge').toBe(1);
    expect(m.hingeRestAngles[0], 'flat').toBeCloseTo(0, 12);
    for (const phi of [0.3, 1.2, 2.5]) {
      const up = dihedralAngle(m.hingeVertices, 0, hinge(phi));
      const down = dihedralAngle(m.hingeVertices, 0, hinge(-phi));
      expect(Math.abs(up), `|θ| for φ = ${phi}`).toBeCloseTo(phi, 10);
      expect(up * down, 'opposite folds have opposite signs').toBeLessThan(0);
    }
  });

  it('the force is minus the gradient of ½k(θ − θ̄)² for all four vertices', () => {
    const m = model({ restPositions: hinge(0.4), triangles: { vertices: trianglesOf, materials: cloth } });
    for (const seed of [1, 2]) {
      const x = perturbed(hinge(1.1), 0.05, seed);
      expectFiniteDifferences(evaluateDihedralBendingForceHessian, m, x, 4, { step: 1e-7, relative: 1e-5 }, `seed ${seed}, `, dihedralBendingEnergy);
    }
  });

  it('the Gauss–Newton Hessian block is exact at the rest angle, wherever the hinge has moved rigidly', () => {
    const rest = hinge(0.5);
    const m = model({ restPositions: rest, triangles: { vertices: trianglesOf, materials: cloth } });
    const moved = Float64Array.from(rest);
    for (let v = 0; v < 4; v++) {
      const [x, y] = [rest[3 * v], rest[3 * v + 1]];
      moved[3 * v] = Math.cos(0.3) * x - Math.sin(0.3) * y + 0.2;
      moved[3 * v + 1] = Math.sin(0.3) * x + Math.cos(0.3) * y - 0.1;
    }
    for (let local = 0; local < 4; local++) {
      const { hessian, force } = evaluate(evaluateDihedralBendingForceHessian, m, 0, local, moved);
      expect(maxAbs(force), 'no force at the rest angle').toBeLessThan(1e-9);
      const reference = finiteDifferenceHessian((y) => evaluate(evaluateDihedralBendingForceHessian, m, 0, local, y).force, moved, local, 1e-6);
      expect(maxAbsDifference(hessian, reference), `vertex ${local}`).toBeLessThan(1e-5 * maxAbs(reference));
    }
  });

  it('hinge stiffness reproduces the plate bending energy D/2·κ²·A of an equilateral sheet rolled into a cylinder, either way', () => {
    // equilateral sheet: rows offset by half an edge
    const columns = 24;
    const rows = 24;
    const edge = 0.01;
    const height = (edge * Math.sqrt(3)) / 2;
    const positions: number[] = [];
    for (let r = 0; r <= rows; r++) for (let c = 0; c <= columns; c++) positions.push(c * edge + (r % 2) * edge * 0.5, r * height, 0);
    const index = (r: number, c: number) => r * (columns + 1) + c;
    const triangles: number[] = [];
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        if (r % 2 === 0) triangles.push(index(r, c), index(r, c + 1), index(r + 1, c), index(r, c + 1), index(r + 1, c + 1), index(r + 1, c));
        else triangles.push(index(r, c), index(r, c + 1), index(r + 1, c + 1), index(r, c), index(r + 1, c + 1), index(r + 1, c));
      }
    }
    const m = model({ restPositions: positions, triangles: { vertices: triangles, materials: { ...cloth, poissonRatio: 0 } } });
    const D = (cloth.youngsModulus * cloth.thickness ** 3) / 12;
    // roll around the y axis with radius R: curvature κ = 1/R along x
    const R = 0.5;
    let area = 0;
    for (let t = 0; t < m.triangleCount; t++) area += m.triangleRestAreas[t];
    // each hinge stands for a third of its two triangles, (A₁+A₂)/3; border edges have no hinge
    const hingeArea = (area * 2 * m.hingeCount) / (3 * m.triangleCount);
    const plate = 0.5 * D * (1 / R) ** 2 * hingeArea;
    for (const axis of [0, 1]) {
      const rolled = Float64Array.from(positions);
      for (let v = 0; v < positions.length / 3; v++) {
        const s = positions[3 * v + axis];
        rolled[3 * v + axis] = R * Math.sin(s / R);
        rolled[3 * v + 2] = R - R * Math.cos(s / R);
      }
      let energy = 0;
      for (let h = 0; h < m.hingeCount; h++) energy += dihedralBendingEnergy(m, h, rolled);
      expect(Math.abs(energy - plate) / plate, `roll axis ${axis}: hinge sum ${energy} vs plate ${plate}`).toBeLessThan(0.03);
    }
  });

  it('damping acts on the rate of the angle only: a rigidly rotating hinge is not damped', () => {
    const rest = hinge(0.5);
    const m = model({ restPositions: rest, triangles: { vertices: trianglesOf, materials: { ...cloth, damping: 0.1 } } });
    const plain = model({ restPositions: rest, triangles: { vertices: trianglesOf, materials: cloth } });
    const x = hinge(0.8);
    const start = Float64Array.from(x);
    for (let v = 0; v < 4; v++) {
      const [a, b] = [x[3 * v + 1], x[3 * v + 2]];
      start[3 * v + 1] = Math.cos(1e-4) * a - Math.sin(1e-4) * b;
      start[3 * v + 2] = Math.sin(1e-4) * a + Math.cos(1e-4) * b;
    }
    for (let local = 0; local < 4; local++) {
      const damped = evaluate(evaluateDihedralBendingForceHessian, m, 0, local, x, start, 100).force;
      const elastic = evaluate(evaluateDihedralBendingForceHessian, plain, 0, local, x).force;
      expect(maxAbsDifference(damped, elastic), `vertex ${local}`).toBeLessThan(1e-9 * maxAbs(elastic) + 1e-15);
    }
  });
});
