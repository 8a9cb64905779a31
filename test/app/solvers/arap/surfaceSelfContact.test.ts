// surfaceSelfContact: one part of a mesh pushed into another ends with no intersection the mesh did not have (checked
// by the exact edge–triangle oracle of app/intersection, not by the collider's own search), while the same edit
// without self-contact cuts through; points already behind a triangle at the start are never pulled through it.
import { describe, expect, it } from 'vitest';
import { intersectionChecker } from '../../../../app/intersection/index.ts';
import { arapEdit } from '../../../../app/solvers/arap/arapEdit.ts';
import { createArapModel } from '../../../../app/solvers/arap/createArapModel.ts';
import { createContactList } from '../../../../app/solvers/arap/contactList.ts';
import { surfaceSelfContact } from '../../../../app/solvers/arap/surfaceSelfContact.ts';
import { bar, rotationX } from './meshes.ts';

/** Two bars in one surface mesh: a short one (A) and, 0.15 to its right, a tall one (B). */
function twoBars() {
  const a = bar([1, 1, 6], 0.2, 0.6);
  const b = bar([1, 1, 10], 0.2, 1.0);
  const offset = a.positions.length / 3;
  const positions = new Float64Array(a.positions.length + b.positions.length);
  positions.set(a.positions);
  positions.set(b.positions.map((x, i) => (i % 3 === 0 ? x + 0.35 : x)), a.positions.length);
  const triangles = Uint32Array.from([...a.triangles, ...Array.from(b.triangles, (v) => v + offset)]);
  return { positions, triangles, aBottom: a.bottom, aTop: a.top, bBottom: b.bottom.map((v) => v + offset), bTop: b.top.map((v) => v + offset) };
}

describe('surfaceSelfContact', () => {
  const mesh = twoBars();
  const model = createArapModel({ restPositions: mesh.positions, triangles: mesh.triangles });
  const checker = intersectionChecker([{ name: 'bars', triangles: mesh.triangles, vertexCount: model.vertexCount }]);
  // B's top moved over and past A (to x = −0.35 at the same height): B's middle sweeps through A's top.
  const handles = [
    { vertices: [...mesh.aBottom, ...mesh.aTop], matrix: rotationX(0) },
    { vertices: mesh.bBottom, matrix: rotationX(0) },
    { vertices: mesh.bTop, matrix: rotationX(0, [-0.7, 0, 0]) },
  ];

  it('starts without intersections, and the edit without self-contact cuts B through A', () => {
    expect(checker.check([mesh.positions]).total, 'intersections at rest').toBe(0);
    const free = arapEdit(model, handles, { iterations: 60 });
    expect(checker.check([free.positions]).total, 'intersections without self-contact').toBeGreaterThan(0);
  });

  it('with self-contact the edit ends with no intersection, and B still goes over to the left', () => {
    const collider = surfaceSelfContact(mesh.triangles, model.vertexCount);
    const { positions, stats } = arapEdit(model, handles, { colliders: [collider], iterations: 60 });
    expect(checker.check([positions]).total, `intersections after the edit (stats ${JSON.stringify({ i: stats.intersections, p: stats.projectedPoints, r: stats.revertedPoints })})`).toBe(0);
    expect(stats.intersections, 'the edit reports none either').toBe(0);
    for (const v of mesh.bTop) expect(positions[3 * v], `B's top vertex ${v} reached its target x`).toBeLessThan(-0.2);
  });

  it('does not pull a point through a triangle it was already behind (a thin slab squeezed from both sides)', () => {
    // Bar B's far face relative to a triangle of its near face: the far points are behind it at the start, and a
    // small move must not make a contact that drags them to the front.
    const collider = surfaceSelfContact(mesh.triangles, model.vertexCount, { radius: 0.5 });
    const points = Float64Array.from(mesh.positions);
    collider.begin?.(points);
    const moved = Float64Array.from(points);
    for (let i = 0; i < moved.length; i += 3) moved[i] += 1e-3;
    const contacts = createContactList();
    collider.detect(moved, 0, contacts);
    // Every contact must have its point on the positive side of its (oriented) normal: nothing was crossed.
    for (let c = 0; c < contacts.count; c++) expect(contacts.distance[c], `contact ${c} signed distance`).toBeGreaterThanOrEqual(0);
  });
});
