/** Meshes and handle set-ups shared by the ARAP tests (built independently of the code under test). */
import { boxTetrahedra } from '../../../../app/solvers/vbd/boxTetrahedra.ts';
import { quaternionMatrix } from '../../../helpers/quaternionMatrix.ts';
import { tetBoundaryTriangles } from '../../../helpers/tetBoundaryTriangles.ts';

export interface Bar {
  positions: Float64Array;
  tetrahedra: Uint32Array;
  /** boundary triangles of the tets, outward */
  triangles: Uint32Array;
  /** vertices on z = 0 and z = length */
  bottom: number[];
  top: number[];
  length: number;
  width: number;
}

/** A bar along +z, width × width × length, split into tets; its boundary surface shares the vertex numbering. */
export function bar(cells: [number, number, number] = [2, 2, 10], width = 0.2, length = 1): Bar {
  const { positions, tetrahedra } = boxTetrahedra(cells, [width, width, length], [-width / 2, -width / 2, 0]);
  const triangles = tetBoundaryTriangles(tetrahedra);
  const bottom: number[] = [];
  const top: number[] = [];
  for (let v = 0; v < positions.length / 3; v++) {
    if (Math.abs(positions[3 * v + 2]) < 1e-12) bottom.push(v);
    if (Math.abs(positions[3 * v + 2] - length) < 1e-12) top.push(v);
  }
  return { positions, tetrahedra, triangles, bottom, top, length, width };
}

/** Column-major 4×4 of a rotation by `angle` about the x axis, then a translation. */
export function rotationX(angle: number, translation: [number, number, number] = [0, 0, 0]): number[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, translation[0], translation[1], translation[2], 1];
}

/** Column-major 4×4 of an arbitrary rotation (unit quaternion x, y, z, w) and translation. */
export function rigidMatrix(q: [number, number, number, number], t: [number, number, number]): number[] {
  const R = quaternionMatrix(q);
  return [R[0], R[3], R[6], 0, R[1], R[4], R[7], 0, R[2], R[5], R[8], 0, t[0], t[1], t[2], 1];
}

/** Applies a column-major 4×4 to #V×3 points. */
export function applyMatrix(M: ArrayLike<number>, positions: ArrayLike<number>): Float64Array {
  const out = new Float64Array(positions.length);
  for (let v = 0; v < positions.length / 3; v++) {
    const [x, y, z] = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
    for (let r = 0; r < 3; r++) out[3 * v + r] = M[r] * x + M[4 + r] * y + M[8 + r] * z + M[12 + r];
  }
  return out;
}

/**
 * Handles that bend the bar a quarter turn toward +y: bottom face fixed, top face rotated 90° about x and moved to
 * the end of a quarter circle of the bar's length (radius 2L/π), the pose an inextensible bar would take.
 */
export function quarterTurnHandles(b: Bar): { vertices: number[]; matrix: number[] }[] {
  const R = (2 * b.length) / Math.PI;
  // R_x(90°) maps +z to +y… we want the tangent +z to turn into +y: rotate by −90° about x maps (0,0,1) → (0,1,0).
  const rotation = rotationX(-Math.PI / 2);
  const topCenter = applyMatrix(rotation, [0, 0, b.length]);
  return [
    { vertices: b.bottom, matrix: rotationX(0) },
    { vertices: b.top, matrix: rotationX(-Math.PI / 2, [0 - topCenter[0], R - topCenter[1], R - topCenter[2]]) },
  ];
}

/** Handles that hold the bar's bottom face and tilt its top face 45° about x, about the top face's own centre. */
export function tiltedTopHandles(b: Bar): { vertices: number[]; matrix: number[] }[] {
  const c = applyMatrix(rotationX(-Math.PI / 4), [0, 0, b.length]);
  return [
    { vertices: b.bottom, matrix: rotationX(0) },
    { vertices: b.top, matrix: rotationX(-Math.PI / 4, [-c[0], -c[1], b.length - c[2]]) },
  ];
}

/** Mean and max relative change of edge lengths between two shapes over the given edges (#E×2). */
export function edgeLengthChange(edges: ArrayLike<number>, rest: ArrayLike<number>, deformed: ArrayLike<number>): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  const E = edges.length / 2;
  for (let e = 0; e < E; e++) {
    const a = 3 * edges[2 * e];
    const b = 3 * edges[2 * e + 1];
    const l0 = Math.hypot(rest[a] - rest[b], rest[a + 1] - rest[b + 1], rest[a + 2] - rest[b + 2]);
    const l1 = Math.hypot(deformed[a] - deformed[b], deformed[a + 1] - deformed[b + 1], deformed[a + 2] - deformed[b + 2]);
    const change = Math.abs(l1 / l0 - 1);
    sum += change;
    max = Math.max(max, change);
  }
  return { mean: sum / E, max };
}

/** Signed volumes of tets at the given positions. */
export function tetVolumes(tetrahedra: ArrayLike<number>, p: ArrayLike<number>): Float64Array {
  const out = new Float64Array(tetrahedra.length / 4);
  for (let t = 0; t < out.length; t++) {
    const [a, b, c, d] = [0, 1, 2, 3].map((i) => 3 * tetrahedra[4 * t + i]);
    const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
    const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
    const w = [p[d] - p[a], p[d + 1] - p[a + 1], p[d + 2] - p[a + 2]];
    out[t] = (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
  }
  return out;
}

/** Triangle normals' dot products with their rest normals (negative: the triangle flipped), and area ratios. */
export function triangleFlips(triangles: ArrayLike<number>, rest: ArrayLike<number>, p: ArrayLike<number>): { minAreaRatio: number; flipped: number } {
  let minAreaRatio = Infinity;
  let flipped = 0;
  const normal = (x: ArrayLike<number>, t: number) => {
    const [a, b, c] = [0, 1, 2].map((i) => 3 * triangles[3 * t + i]);
    const u = [x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2]];
    const v = [x[c] - x[a], x[c + 1] - x[a + 1], x[c + 2] - x[a + 2]];
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  };
  for (let t = 0; t < triangles.length / 3; t++) {
    const n0 = normal(rest, t);
    const n1 = normal(p, t);
    minAreaRatio = Math.min(minAreaRatio, Math.hypot(...n1) / Math.hypot(...n0));
    // Compare against the rest normal rotated… a flipped triangle has a normal opposite its neighbours'; the caller
    // uses minAreaRatio for collapse and tet volumes for inversion.
    if (Math.hypot(...n1) === 0) flipped++;
  }
  return { minAreaRatio, flipped };
}
