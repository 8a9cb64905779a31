/**
 * The test character's cage (test/helpers/testCharacter.ts): an all-quad closed mesh with a part label per face,
 * extrusion, Catmull-Clark (1978) subdivision, and a ray cast to the body surface that places the gear.
 */
import { add, cross, dot, norm, rotateOnto, scale, sub, unit, type Vec3 } from './vector.ts';

export type Part = 'torso' | 'neck' | 'head' | 'ear.L' | 'ear.R' | 'arm.L' | 'arm.R' | 'leg.L' | 'leg.R' | 'tail';

export interface Cage<P = Part> {
  vertices: Vec3[];
  /** quads, counter-clockwise seen from outside */
  faces: number[][];
  parts: P[];
}

export const faceCenter = <P>(cage: Cage<P>, f: number): Vec3 =>
  scale(
    cage.faces[f].reduce<Vec3>((s, v) => add(s, cage.vertices[v]), [0, 0, 0]),
    1 / 4,
  );

export function faceNormal<P>(cage: Cage<P>, f: number): Vec3 {
  const [a, b, c, d] = cage.faces[f].map((v) => cage.vertices[v]);
  return unit(cross(sub(c, a), sub(d, b)));
}

/**
 * Extrudes face f: its vertices rotate from the face normal onto `direction` (when given) about the face centre,
 * scale by `factor` (per world axis) about it and move to `center`. The face becomes the cap; four side quads join
 * the old rim to the new one. Returns the side faces (in rim order) and the cap's index (f itself).
 */
export function extrudeFace(cage: Cage, f: number, center: Vec3, factor: Vec3 | number, part: Part, direction?: Vec3): { sides: number[]; cap: number } {
  const old = cage.faces[f];
  const c0 = faceCenter(cage, f);
  const n0 = faceNormal(cage, f);
  const s: Vec3 = typeof factor === 'number' ? [factor, factor, factor] : factor;
  const rim = old.map((v) => {
    let r = sub(cage.vertices[v], c0);
    if (direction) r = rotateOnto(n0, unit(direction), r);
    cage.vertices.push(add(center, [r[0] * s[0], r[1] * s[1], r[2] * s[2]]));
    return cage.vertices.length - 1;
  });
  const sides: number[] = [];
  for (let i = 0; i < 4; i++) {
    const j = (i + 1) % 4;
    cage.faces.push([old[i], old[j], rim[j], rim[i]]);
    cage.parts.push(part);
    sides.push(cage.faces.length - 1);
  }
  cage.faces[f] = rim;
  cage.parts[f] = part;
  return { sides, cap: f };
}

/** Of the faces given, the one whose normal points most along `direction`. */
export const facing = (cage: Cage, faces: number[], direction: Vec3): number =>
  faces.reduce((best, f) => (dot(faceNormal(cage, f), direction) > dot(faceNormal(cage, best), direction) ? f : best));

/** The surface of an nx×ny×nz grid box (quads, outward), its grid vertices given by `at(i, j, k)`. */
export function gridBox(nx: number, ny: number, nz: number, at: (i: number, j: number, k: number) => Vec3): { cage: Cage; faceAt: Map<string, number> } {
  const cage: Cage = { vertices: [], faces: [], parts: [] };
  const index = new Map<string, number>();
  const vertex = (i: number, j: number, k: number): number => {
    const key = `${i},${j},${k}`;
    let v = index.get(key);
    if (v === undefined) {
      v = cage.vertices.push(at(i, j, k)) - 1;
      index.set(key, v);
    }
    return v;
  };
  const faceAt = new Map<string, number>();
  const n = [nx, ny, nz];
  for (let axis = 0; axis < 3; axis++) {
    const u = (axis + 1) % 3;
    const w = (axis + 2) % 3;
    for (const side of [0, 1]) {
      for (let a = 0; a < n[u]; a++) {
        for (let b = 0; b < n[w]; b++) {
          const corner = (da: number, db: number): number => {
            const g = [0, 0, 0];
            g[axis] = side * n[axis];
            g[u] = a + da;
            g[w] = b + db;
            return vertex(g[0], g[1], g[2]);
          };
          // (u, w, axis) is right-handed: u × w = axis, so (0,0)→(1,0)→(1,1)→(0,1) faces +axis.
          const quad = side === 1 ? [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)] : [corner(0, 0), corner(0, 1), corner(1, 1), corner(1, 0)];
          const cell = [0, 0, 0];
          cell[axis] = side * (n[axis] - 1);
          cell[u] = a;
          cell[w] = b;
          faceAt.set(`${'xyz'[axis]}${side ? '+' : '-'}:${cell.join(',')}`, cage.faces.length);
          cage.faces.push(quad);
          cage.parts.push('torso');
        }
      }
    }
  }
  return { cage, faceAt };
}

/** Quads → triangles, each split along its shorter diagonal (the better triangles). */
export function quadTriangles<P>(cage: Cage<P>): number[] {
  const triangles: number[] = [];
  const p = cage.vertices;
  for (const [a, b, c, d] of cage.faces) {
    if (norm(sub(p[a], p[c])) <= norm(sub(p[b], p[d]))) triangles.push(a, b, c, a, c, d);
    else triangles.push(a, b, d, b, c, d);
  }
  return triangles;
}

/** One Catmull-Clark step on a closed all-quad mesh (face parts inherited). */
export function catmullClark<P>(cage: Cage<P>): Cage<P> {
  const V = cage.vertices.length;
  const facePoints = cage.faces.map((_, f) => faceCenter(cage, f));
  const edgeIndex = new Map<number, number>();
  const edgeFaces: number[][] = [];
  const edgeEnds: [number, number][] = [];
  const edgeOf = (a: number, b: number): number => {
    const key = Math.min(a, b) * V + Math.max(a, b);
    let e = edgeIndex.get(key);
    if (e === undefined) {
      e = edgeEnds.push([a, b]) - 1;
      edgeFaces.push([]);
      edgeIndex.set(key, e);
    }
    return e;
  };
  cage.faces.forEach((face, f) => face.forEach((v, i) => edgeFaces[edgeOf(v, face[(i + 1) % 4])].push(f)));
  const edgePoints = edgeEnds.map(([a, b], e) => {
    const [f, g] = edgeFaces[e];
    return scale(add(add(cage.vertices[a], cage.vertices[b]), add(facePoints[f], facePoints[g])), 1 / 4);
  });
  // Vertex points: (F + 2R + (n − 3)P) / n with F the mean of adjacent face points, R of adjacent edge midpoints.
  const faceSum: Vec3[] = cage.vertices.map(() => [0, 0, 0]);
  const edgeSum: Vec3[] = cage.vertices.map(() => [0, 0, 0]);
  const valence = new Int32Array(V);
  cage.faces.forEach((face, f) => face.forEach((v) => (faceSum[v] = add(faceSum[v], facePoints[f]))));
  edgeEnds.forEach(([a, b]) => {
    const mid = scale(add(cage.vertices[a], cage.vertices[b]), 0.5);
    edgeSum[a] = add(edgeSum[a], mid);
    edgeSum[b] = add(edgeSum[b], mid);
    valence[a]++;
    valence[b]++;
  });
  const vertices: Vec3[] = cage.vertices.map((p, v) => {
    const n = valence[v];
    return scale(add(add(scale(faceSum[v], 1 / n), scale(edgeSum[v], 2 / n)), scale(p, n - 3)), 1 / n);
  });
  const edgeBase = vertices.length;
  vertices.push(...edgePoints);
  const faceBase = vertices.length;
  vertices.push(...facePoints);
  const faces: number[][] = [];
  const parts: P[] = [];
  cage.faces.forEach((face, f) => {
    for (let i = 0; i < 4; i++) {
      const v = face[i];
      const next = edgeBase + edgeOf(v, face[(i + 1) % 4]);
      const previous = edgeBase + edgeOf(face[(i + 3) % 4], v);
      faces.push([v, next, faceBase + f, previous]);
      parts.push(cage.parts[f]);
    }
  });
  return { vertices, faces, parts };
}

/**
 * Distance along a ray to the farthest crossing of the body surface, on the faces of the given parts only (so an
 * arm hanging beside the torso does not count): from a point inside the body, where the skin is. The ray's
 * direction is a unit vector; throws when the ray misses (a gear layout that does not fit the body).
 */
export function bodyRay(body: Cage, parts: readonly Part[]): (origin: Vec3, direction: Vec3) => number {
  const triangles: [Vec3, Vec3, Vec3][] = [];
  body.faces.forEach(([a, b, c, d], f) => {
    if (!parts.includes(body.parts[f])) return;
    const p = body.vertices;
    triangles.push([p[a], p[b], p[c]], [p[a], p[c], p[d]]);
  });
  return (origin, direction) => {
    let farthest = -1;
    for (const [a, b, c] of triangles) {
      // Möller–Trumbore.
      const e1 = sub(b, a);
      const e2 = sub(c, a);
      const p = cross(direction, e2);
      const det = dot(e1, p);
      if (Math.abs(det) < 1e-14) continue;
      const s = sub(origin, a);
      // A small tolerance: a ray through an edge or a vertex (the layout is symmetric) must not slip between two.
      const u = dot(s, p) / det;
      if (u < -1e-9 || u > 1 + 1e-9) continue;
      const q = cross(s, e1);
      const v = dot(direction, q) / det;
      if (v < -1e-9 || u + v > 1 + 1e-9) continue;
      const t = dot(e2, q) / det;
      if (t > 0 && t < 0.5) farthest = Math.max(farthest, t);
    }
    if (farthest < 0)
      throw new Error(
        `testCharacter gear: no ${parts.join('/')} surface from [${origin.map((x) => x.toFixed(3))}] along [${direction.map((x) => x.toFixed(3))}]`,
      );
    return farthest;
  };
}
