/**
 * Generated test surfaces for the embedding tests and bench/embedding.bench.ts: spheres, open cylinders,
 * voxel unions (a hand with fingers one voxel apart), all as plain #V×3 / #T×3 arrays.
 */
import { quaternionMatrix } from '../../helpers/quaternionMatrix.ts';

export interface TestMesh {
  positions: Float64Array;
  triangles: Uint32Array;
}

/** UV sphere, outward-oriented, poles welded: 2 + (rings − 1)·segments vertices. */
export function uvSphere(center: [number, number, number], radius: number, rings = 16, segments = 24): TestMesh {
  const positions: number[] = [center[0], center[1] + radius, center[2]];
  for (let r = 1; r < rings; r++) {
    const theta = (Math.PI * r) / rings;
    for (let s = 0; s < segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      positions.push(
        center[0] + radius * Math.sin(theta) * Math.cos(phi),
        center[1] + radius * Math.cos(theta),
        center[2] - radius * Math.sin(theta) * Math.sin(phi),
      );
    }
  }
  positions.push(center[0], center[1] - radius, center[2]);
  const south = positions.length / 3 - 1;
  const ring = (r: number, s: number): number => 1 + (r - 1) * segments + (s % segments);
  const triangles: number[] = [];
  for (let s = 0; s < segments; s++) triangles.push(0, ring(1, s), ring(1, s + 1));
  for (let r = 1; r < rings - 1; r++) {
    for (let s = 0; s < segments; s++) {
      triangles.push(ring(r, s), ring(r + 1, s), ring(r + 1, s + 1));
      triangles.push(ring(r, s), ring(r + 1, s + 1), ring(r, s + 1));
    }
  }
  for (let s = 0; s < segments; s++) triangles.push(ring(rings - 1, s), south, ring(rings - 1, s + 1));
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/** Open tube along +y (no caps), outward normals. */
export function openCylinder(radius: number, height: number, rings = 8, segments = 24): TestMesh {
  const positions: number[] = [];
  for (let r = 0; r <= rings; r++) {
    for (let s = 0; s < segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      positions.push(radius * Math.cos(phi), (height * r) / rings, -radius * Math.sin(phi));
    }
  }
  const index = (r: number, s: number): number => r * segments + (s % segments);
  const triangles: number[] = [];
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      triangles.push(index(r, s), index(r, s + 1), index(r + 1, s + 1));
      triangles.push(index(r, s), index(r + 1, s + 1), index(r + 1, s));
    }
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/** Concatenates meshes (separate components). */
export function mergeMeshes(...meshes: TestMesh[]): TestMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (const mesh of meshes) {
    const base = positions.length / 3;
    positions.push(...mesh.positions);
    for (const v of mesh.triangles) triangles.push(base + v);
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/**
 * Closed surface of a union of voxels: one quad (two triangles) per face between a filled and an empty
 * voxel, vertices shared on the voxel grid, outward-oriented. filled(i, j, k) decides occupancy.
 */
export function voxelSurface(size: [number, number, number], voxel: number, filled: (i: number, j: number, k: number) => boolean): TestMesh {
  const [nx, ny, nz] = size;
  const at = (i: number, j: number, k: number): boolean => i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && filled(i, j, k);
  const vertexIndex = new Map<number, number>();
  const positions: number[] = [];
  const vertex = (i: number, j: number, k: number): number => {
    const key = i + (nx + 1) * (j + (ny + 1) * k);
    let v = vertexIndex.get(key);
    if (v === undefined) {
      v = positions.length / 3;
      vertexIndex.set(key, v);
      positions.push(i * voxel, j * voxel, k * voxel);
    }
    return v;
  };
  const triangles: number[] = [];
  const quad = (a: number, b: number, c: number, d: number): void => {
    triangles.push(a, b, c, a, c, d);
  };
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        if (!at(i, j, k)) continue;
        if (!at(i + 1, j, k)) quad(vertex(i + 1, j, k), vertex(i + 1, j + 1, k), vertex(i + 1, j + 1, k + 1), vertex(i + 1, j, k + 1));
        if (!at(i - 1, j, k)) quad(vertex(i, j, k), vertex(i, j, k + 1), vertex(i, j + 1, k + 1), vertex(i, j + 1, k));
        if (!at(i, j + 1, k)) quad(vertex(i, j + 1, k), vertex(i, j + 1, k + 1), vertex(i + 1, j + 1, k + 1), vertex(i + 1, j + 1, k));
        if (!at(i, j - 1, k)) quad(vertex(i, j, k), vertex(i + 1, j, k), vertex(i + 1, j, k + 1), vertex(i, j, k + 1));
        if (!at(i, j, k + 1)) quad(vertex(i, j, k + 1), vertex(i + 1, j, k + 1), vertex(i + 1, j + 1, k + 1), vertex(i, j + 1, k + 1));
        if (!at(i, j, k - 1)) quad(vertex(i, j, k), vertex(i, j + 1, k), vertex(i + 1, j + 1, k), vertex(i + 1, j, k));
      }
    }
  }
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

/**
 * A hand: a palm slab with four fingers, each one voxel wide, separated by one-voxel gaps, all one
 * connected closed surface. Voxel 1 cm: palm 7×6×2 cm, fingers 1×6×2 cm. Returns the mesh and, per
 * vertex, which finger it belongs to (0..3, -1 for the palm).
 */
export function voxelHand(voxel = 0.01): TestMesh & { finger: Int32Array } {
  const mesh = voxelSurface([7, 12, 2], voxel, (i, j) => j < 6 || i % 2 === 0);
  const finger = new Int32Array(mesh.positions.length / 3);
  for (let v = 0; v < finger.length; v++) {
    const x = mesh.positions[3 * v] / voxel;
    const y = mesh.positions[3 * v + 1] / voxel;
    finger[v] = y > 6.5 ? Math.floor(x / 2) : -1;
  }
  return { ...mesh, finger };
}

/** Applies a rotation (unit quaternion x, y, z, w) and translation to a copy of the positions. */
export function transformed(positions: Float64Array, quaternion: [number, number, number, number], translation: [number, number, number]): Float64Array {
  const m = quaternionMatrix(quaternion);
  const out = new Float64Array(positions.length);
  for (let v = 0; v < positions.length / 3; v++) {
    const p = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
    for (let r = 0; r < 3; r++) out[3 * v + r] = m[3 * r] * p[0] + m[3 * r + 1] * p[1] + m[3 * r + 2] * p[2] + translation[r];
  }
  return out;
}

/** Unit quaternion of a rotation by `angle` radians about `axis`. */
export function axisAngle(axis: [number, number, number], angle: number): [number, number, number, number] {
  const length = Math.hypot(axis[0], axis[1], axis[2]);
  const s = Math.sin(angle / 2) / length;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}
