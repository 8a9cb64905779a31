/**
 * A generated test character ("Critter"): a skinned, animated glTF creature at real size, built with glTF-Transform
 * so tests and benchmarks can bake a real-looking rig without shipping a file. Deterministic (the same options give
 * the same bytes), passes gltf-validator with 0 errors and 0 warnings, and plays in three.js.
 *
 * What it has (glTF units are meters, +Y up, facing +Z, feet on y = 0, `height` tall, 1.6 m by default):
 * - mesh node "Critter", one skinned mesh with two primitives:
 *   - "body": one closed, connected, manifold skin (a box-modelled cage, Catmull-Clark subdivided): a torso with a soft
 *     **belly** bulging forward, far from the spine (the spine bones run near the back), buttocks, two legs with
 *     flat **feet**, two arms in A-pose ending in **hands**, a neck and **head**, two pointed **ears** (a 2-bone chain
 *     each) and a **tail** (a 5-bone chain, about 0.55·height long and ≈ 0.04·height thick at its base, tapering to a
 *     thin tip). Skin weights are distance-based per body part, smoothed over the surface like a painted rig: 2–4
 *     influences, each vertex summing to 1.
 *   - "eyes": two small separate spheres sunk into the face (in their sockets), bound rigidly to the head.
 * - mesh node "Visor", a separate skinned mesh sharing the skin: one thin curved band over the brow, bound rigidly to
 *   the head (an accessory: a separate small shell).
 * - 28 joints under node "Armature": pelvis (root) → spine → chest → neck → head → ear.{L,R}.{1,2};
 *   chest → upper_arm → forearm → hand (.L/.R); pelvis → thigh → shin → foot → toe (.L/.R); pelvis → tail.1 … tail.5.
 *   The names are deliberately unlike Fox.glb's (b_Head_05 …), so code that needs names fails on one of them.
 * - clips, sampled at 30 fps, LINEAR:
 *   - "Walk", 1 s, loopable (last key = first key): walk in place, two-bone IK keeps the feet on the ground in stance.
 *   - "Jump", 2 s: crouch, take-off at 0.5 s with 2.6 m/s upward, a ballistic flight, touch-down at about 1.03 s and a
 *     stop within 0.12 s (≈ 22 m/s² of vertical deceleration, more than 2 g), recovery, still from 1.6 s.
 *   - "MoveAndHold", 2.5 s: the upper body turns and leans, the arms rise and the tail swings for 0.7 s, ending at
 *     full speed (an abrupt stop), then everything holds still for 1.8 s (for settle tests).
 *
 * Options: `height` (file units; 160 gives the same character in centimeters) and `subdivisions` (Catmull-Clark
 * levels: 2 gives ≈ 2.5k body vertices, each level ×4, for benchmarks).
 *
 * Usage from the shell: `node --import tsx test/helpers/testCharacter.ts --out critter.glb [--height 1.6]
 * [--subdivisions 2]`.
 *
 * DESIGN NOTES
 * - The body is box-modelled as an artist would: a 3×3×1 torso box whose bottom faces extrude into legs, side faces
 *   into arms, top centre face into neck and head, back lower face into the tail, head side faces into ears; then
 *   Catmull-Clark (1978) subdivision gives a smooth, closed, all-quad surface with good triangles (split along the
 *   shorter diagonal). Every face remembers its part, which bounds the bones a vertex may be skinned to (an arm
 *   vertex never takes the other arm, the torso side never takes the arm hanging next to it).
 * - Skinning: for each vertex, the distance d_b to each candidate bone segment; w_b ∝ exp(−((d_b − d_min)/σ)²),
 *   σ = 0.5·d_min + 0.01·height (blends over about one limb radius around each joint), then 4 passes of neighbour
 *   averaging over the surface (smooths part boundaries), the 4 largest kept, renormalized in float32.
 * - Bind pose: every joint unrotated, so joint-local axes are the world axes and IBMs are pure translations.
 */
import { Document, NodeIO, type Accessor, type GLTF, type Node as GltfNode } from '@gltf-transform/core';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { vertexNormals } from '../../app/geometry/index.ts';

type Vec3 = [number, number, number];

/** Options of the generated character. */
export interface TestCharacterOptions {
  /** standing height in file units (1.6 = meters, 160 = the same character in centimeters); default 1.6 */
  height?: number;
  /** Catmull-Clark levels of the body: 2 (default) ≈ 2.5k body vertices, each level about ×4 */
  subdivisions?: number;
  /**
   * edge loops per extrusion of the cage: 1 (default) or 2, which splits every limb, neck, head, ear and tail segment
   * in two before subdividing (≈ 1.8× the vertices: 23.6k body vertices at 3 subdivisions, above the live-preview goal's 20k)
   */
  rings?: number;
}

/** Names of the generated character's parts, for tests that look at a region. */
export const TEST_CHARACTER = {
  clips: { walk: 'Walk', jump: 'Jump', hold: 'MoveAndHold' },
  /** seconds: take-off and touch-down of Jump, and when MoveAndHold stops moving */
  jumpTakeOff: 0.5,
  jumpTouchDown: 0.5 + (2 * 2.6) / 9.81,
  holdFrom: 0.7,
  meshes: { body: 'Critter', visor: 'Visor' },
  /** primitive index of the eyes in the "Critter" mesh */
  eyesPrimitive: 1,
  joints: {
    head: 'head',
    hands: ['hand.L', 'hand.R'],
    feet: ['foot.L', 'foot.R', 'toe.L', 'toe.R'],
    tail: ['tail.1', 'tail.2', 'tail.3', 'tail.4', 'tail.5'],
    ears: ['ear.L.1', 'ear.L.2', 'ear.R.1', 'ear.R.2'],
    belly: 'spine',
  },
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Small vector helpers (the character is built once; clarity over speed).

const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
const unit = (a: Vec3): Vec3 => scale(a, 1 / norm(a));

/** Rotation (Rodrigues) taking unit vector a onto unit vector b, applied to v. */
function rotateOnto(a: Vec3, b: Vec3, v: Vec3): Vec3 {
  const axis = cross(a, b);
  const s = norm(axis);
  const c = dot(a, b);
  if (s < 1e-12) return c > 0 ? v : scale(v, -1);
  const k = scale(axis, 1 / s);
  const angle = Math.atan2(s, c);
  return add(add(scale(v, Math.cos(angle)), scale(cross(k, v), Math.sin(angle))), scale(k, dot(k, v) * (1 - Math.cos(angle))));
}

/** Distance from p to the segment ab. */
function segmentDistance(p: Vec3, a: Vec3, b: Vec3): number {
  const u = sub(b, a);
  const l2 = dot(u, u);
  const t = l2 > 0 ? Math.min(1, Math.max(0, dot(sub(p, a), u) / l2)) : 0;
  return norm(sub(p, add(a, scale(u, t))));
}

const smoothstep = (t: number): number => {
  const s = Math.min(1, Math.max(0, t));
  return s * s * (3 - 2 * s);
};

// ---------------------------------------------------------------------------------------------------------------
// The cage: an all-quad closed mesh with a part label per face, and extrusion.

type Part = 'torso' | 'neck' | 'head' | 'ear.L' | 'ear.R' | 'arm.L' | 'arm.R' | 'leg.L' | 'leg.R' | 'tail';

interface Cage {
  vertices: Vec3[];
  /** quads, counter-clockwise seen from outside */
  faces: number[][];
  parts: Part[];
}

const faceCenter = (cage: Cage, f: number): Vec3 => scale(cage.faces[f].reduce<Vec3>((s, v) => add(s, cage.vertices[v]), [0, 0, 0]), 1 / 4);

function faceNormal(cage: Cage, f: number): Vec3 {
  const [a, b, c, d] = cage.faces[f].map((v) => cage.vertices[v]);
  return unit(cross(sub(c, a), sub(d, b)));
}

/**
 * Extrudes face f: its vertices rotate from the face normal onto `direction` (when given) about the face centre,
 * scale by `factor` (per world axis) about it and move to `center`. The face becomes the cap; four side quads join
 * the old rim to the new one. Returns the side faces (in rim order) and the cap's index (f itself).
 */
function extrudeFace(cage: Cage, f: number, center: Vec3, factor: Vec3 | number, part: Part, direction?: Vec3): { sides: number[]; cap: number } {
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
const facing = (cage: Cage, faces: number[], direction: Vec3): number =>
  faces.reduce((best, f) => (dot(faceNormal(cage, f), direction) > dot(faceNormal(cage, best), direction) ? f : best));

/** The surface of an nx×ny×nz grid box (quads, outward), its grid vertices given by `at(i, j, k)`. */
function gridBox(nx: number, ny: number, nz: number, at: (i: number, j: number, k: number) => Vec3): { cage: Cage; faceAt: Map<string, number> } {
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

/** One Catmull-Clark step on a closed all-quad mesh (face parts inherited). */
function catmullClark(cage: Cage): Cage {
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
  const parts: Part[] = [];
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

// ---------------------------------------------------------------------------------------------------------------
// Skeleton (bind positions before the final normalization to `height`; built for a ≈1.7 m cage).

interface JointSpec {
  name: string;
  parent: number;
  head: Vec3;
  /** end of the bone (the child's head, or where a leaf bone ends) */
  tail: Vec3;
}

interface Built {
  body: Cage;
  eyes: { positions: Vec3[]; triangles: number[] };
  visor: { positions: Vec3[]; triangles: number[] };
  joints: JointSpec[];
  /** bones a vertex of each part may be skinned to */
  candidates: Record<Part, number[]>;
}

const ARM_DIRECTION = (side: number): Vec3 => [side * Math.cos((40 * Math.PI) / 180), -Math.sin((40 * Math.PI) / 180), 0];

function buildCharacter(subdivisions: number, rings: number): Built {
  // With 2 rings, every extrusion first goes half-way (centre, scale and turn), then the rest: one more edge loop per
  // limb, neck, head, ear and tail segment.
  const extrude = (cage: Cage, f: number, center: Vec3, factor: Vec3 | number, part: Part, direction?: Vec3): { sides: number[]; cap: number } => {
    if (rings === 2) {
      const s: Vec3 = typeof factor === 'number' ? [factor, factor, factor] : factor;
      const half: Vec3 = [Math.sqrt(s[0]), Math.sqrt(s[1]), Math.sqrt(s[2])];
      const n0 = faceNormal(cage, f);
      const turn = direction ? add(n0, unit(direction)) : undefined;
      extrudeFace(cage, f, scale(add(faceCenter(cage, f), center), 0.5), half, part, turn && norm(turn) > 1e-9 ? unit(turn) : direction);
      return extrudeFace(cage, f, center, half, part, direction);
    }
    return extrudeFace(cage, f, center, factor, part, direction);
  };
  const xs = [-0.16, -0.055, 0.055, 0.16];
  const ys = [0.86, 1.02, 1.18, 1.38];
  const { cage, faceAt } = gridBox(3, 3, 1, (i, j, k) => {
    const p: Vec3 = [xs[i], ys[j], k === 0 ? -0.1 : 0.1];
    const inner = i === 1 || i === 2;
    if (k === 1) {
      // The belly: the front bulges far from the spine, most below the navel; the chest a little.
      if (inner) p[2] += [0.03, 0.11, 0.06, 0.03][j];
      else p[2] += [0.0, 0.04, 0.02, 0.0][j];
    } else if (inner) {
      p[2] -= [0.045, 0.02, 0, 0][j]; // buttocks
    }
    if (j === 3) p[0] *= 0.9; // shoulders a little narrower than the hips
    return p;
  });

  // Legs from the outer bottom faces (i = 2 is +X, the character's left).
  const legs: Record<string, { hip: Vec3; knee: Vec3; ankle: Vec3; ball: Vec3; toe: Vec3 }> = {};
  for (const [side, cell] of [[1, 2], [-1, 0]] as const) {
    const part: Part = side > 0 ? 'leg.L' : 'leg.R';
    const x = side * 0.1075;
    const f = faceAt.get(`y-:${cell},0,0`)!;
    extrude(cage, f, [x, 0.68, 0.0], [1.3, 1, 0.72], part);
    extrude(cage, f, [x, 0.48, 0.0], 0.8, part);
    extrude(cage, f, [x, 0.3, -0.005], 1.05, part);
    extrude(cage, f, [x, 0.1, 0.0], 0.62, part);
    const heel = extrude(cage, f, [x, 0.0, -0.005], [1.1, 1, 1.25], part);
    const front = facing(cage, heel.sides, [0, 0, 1]);
    extrude(cage, front, [x, 0.035, 0.11], [1, 0.8, 1], part);
    extrude(cage, front, [x, 0.03, 0.19], [0.95, 0.7, 1], part);
    legs[part] = { hip: [x, 0.88, 0.0], knee: [x, 0.48, 0.0], ankle: [x, 0.1, 0.0], ball: [x, 0.035, 0.11], toe: [x, 0.03, 0.2] };
  }

  // Arms from the side faces of the top row, in A-pose (40° below horizontal).
  const arms: Record<string, { shoulder: Vec3; elbow: Vec3; wrist: Vec3; end: Vec3 }> = {};
  for (const side of [1, -1]) {
    const part: Part = side > 0 ? 'arm.L' : 'arm.R';
    const d = ARM_DIRECTION(side);
    const f = faceAt.get(side > 0 ? 'x+:2,2,0' : 'x-:0,2,0')!;
    const shoulderCenter: Vec3 = [side * 0.22, 1.29, 0];
    extrude(cage, f, shoulderCenter, 0.7, part);
    const elbow = add(shoulderCenter, scale(d, 0.27));
    extrude(cage, f, elbow, 0.75, part, d);
    const wrist = add(elbow, scale(d, 0.24));
    extrude(cage, f, wrist, 0.7, part, d);
    const palm = add(wrist, scale(d, 0.08));
    extrude(cage, f, palm, 1.25, part, d);
    const end = add(palm, scale(d, 0.07));
    extrude(cage, f, end, 0.6, part, d);
    arms[part] = { shoulder: [side * 0.15, 1.29, 0], elbow, wrist, end };
  }

  // Neck and head from the top centre face; ears from the head's side faces.
  const top = faceAt.get('y+:1,2,0')!;
  extrude(cage, top, [0, 1.46, -0.01], [0.85, 1, 0.5], 'neck');
  extrude(cage, top, [0, 1.54, 0.015], [2.5, 1, 2.3], 'head');
  const cranium = extrude(cage, top, [0, 1.7, 0.02], [1.1, 1, 1.1], 'head');
  extrude(cage, top, [0, 1.8, 0.015], [0.65, 1, 0.65], 'head');
  const ears: Record<string, { base: Vec3; mid: Vec3; tip: Vec3 }> = {};
  for (const side of [1, -1]) {
    const part: Part = side > 0 ? 'ear.L' : 'ear.R';
    const f = facing(cage, cranium.sides, [side, 0, 0]);
    const base = faceCenter(cage, f);
    const d = unit([side * 0.55, 0.85, -0.1]);
    const mid = add(base, scale(d, 0.11));
    const tip = add(mid, scale(d, 0.11));
    // Inset first (a ring of head around a narrower ear root), then extrude the ear.
    extrude(cage, f, add(base, [side * 0.005, 0, 0]), 0.5, 'head');
    extrude(cage, f, add(base, scale(d, 0.03)), 0.8, part, d);
    extrude(cage, f, mid, 0.6, part, d);
    extrude(cage, f, tip, 0.25, part, d);
    ears[part] = { base, mid, tip };
  }

  // Tail from the back lower centre face: back, down, then curling up; thin and long.
  const tailFace = faceAt.get('z-:1,0,0')!;
  const tailPath: Vec3[] = [faceCenter(cage, tailFace), [0, 0.9, -0.24], [0, 0.84, -0.4], [0, 0.82, -0.56], [0, 0.84, -0.72], [0, 0.9, -0.87], [0, 0.97, -0.99]];
  const tailScales = [0.75, 0.85, 0.85, 0.8, 0.75, 0.5];
  for (let i = 1; i < tailPath.length; i++) extrude(cage, tailFace, tailPath[i], tailScales[i - 1], 'tail', sub(tailPath[i], tailPath[i - 1]));

  let body = cage;
  for (let level = 0; level < subdivisions; level++) body = catmullClark(body);

  // Skeleton.
  const joints: JointSpec[] = [];
  const joint = (name: string, parent: number, head: Vec3, tail: Vec3): number => joints.push({ name, parent, head, tail }) - 1;
  const pelvis = joint('pelvis', -1, [0, 0.95, -0.02], [0, 1.08, -0.04]);
  const spine = joint('spine', pelvis, [0, 1.08, -0.04], [0, 1.25, -0.04]);
  const chest = joint('chest', spine, [0, 1.25, -0.04], [0, 1.41, -0.02]);
  const neck = joint('neck', chest, [0, 1.41, -0.02], [0, 1.5, 0.0]);
  const head = joint('head', neck, [0, 1.5, 0.0], [0, 1.78, 0.015]);
  const earJoints: Record<string, number[]> = {};
  for (const part of ['ear.L', 'ear.R'] as const) {
    const e = ears[part];
    const first = joint(`${part}.1`, head, e.base, e.mid);
    earJoints[part] = [first, joint(`${part}.2`, first, e.mid, e.tip)];
  }
  const armJoints: Record<string, number[]> = {};
  for (const part of ['arm.L', 'arm.R'] as const) {
    const a = arms[part];
    const suffix = part.slice(3);
    const upper = joint(`upper_arm${suffix}`, chest, a.shoulder, a.elbow);
    const fore = joint(`forearm${suffix}`, upper, a.elbow, a.wrist);
    armJoints[part] = [upper, fore, joint(`hand${suffix}`, fore, a.wrist, a.end)];
  }
  const legJoints: Record<string, number[]> = {};
  for (const part of ['leg.L', 'leg.R'] as const) {
    const l = legs[part];
    const suffix = part.slice(3);
    const thigh = joint(`thigh${suffix}`, pelvis, l.hip, l.knee);
    const shin = joint(`shin${suffix}`, thigh, l.knee, l.ankle);
    const foot = joint(`foot${suffix}`, shin, l.ankle, l.ball);
    legJoints[part] = [thigh, shin, foot, joint(`toe${suffix}`, foot, l.ball, l.toe)];
  }
  const tailJoints: number[] = [];
  for (let i = 0; i < 5; i++) {
    const from = i === 0 ? ([0, 0.93, -0.06] as Vec3) : tailPath[i];
    tailJoints.push(joint(`tail.${i + 1}`, i === 0 ? pelvis : tailJoints[i - 1], from, i === 4 ? tailPath[6] : tailPath[i + 1]));
  }
  const candidates: Record<Part, number[]> = {
    torso: [pelvis, spine, chest],
    neck: [chest, neck, head],
    head: [neck, head],
    'ear.L': [head, ...earJoints['ear.L']],
    'ear.R': [head, ...earJoints['ear.R']],
    'arm.L': [chest, ...armJoints['arm.L']],
    'arm.R': [chest, ...armJoints['arm.R']],
    'leg.L': [pelvis, ...legJoints['leg.L']],
    'leg.R': [pelvis, ...legJoints['leg.R']],
    tail: [pelvis, ...tailJoints],
  };

  const headVertices = new Set<number>();
  body.faces.forEach((face, f) => {
    if (body.parts[f] === 'head') face.forEach((v) => headVertices.add(v));
  });
  // Eyes: small spheres in the face, sunk a third of their radius into it.
  const eyes = { positions: [] as Vec3[], triangles: [] as number[] };
  const eyeRadius = 0.022;
  for (const side of [1, -1]) {
    const target: Vec3 = [side * 0.05, 1.63, 0];
    let front = -Infinity;
    for (const v of headVertices) {
      const p = body.vertices[v];
      if (Math.abs(p[0] - target[0]) < 0.015 && Math.abs(p[1] - target[1]) < 0.015 && p[2] > 0) front = Math.max(front, p[2]);
    }
    sphere(eyes, [target[0], target[1], front - eyeRadius / 3], [eyeRadius, eyeRadius, eyeRadius * 0.8], 8, 12);
  }

  // Visor: a band over the brow, 1.5 cm off the head, sweeping ±65° about the head's vertical axis.
  const visor = { positions: [] as Vec3[], triangles: [] as number[] };
  const brow = 1.7;
  const near = [...headVertices].map((v) => body.vertices[v]).filter((p) => Math.abs(p[1] - brow) < 0.012);
  const halfWidth = Math.max(...near.map((p) => Math.abs(p[0])));
  const zFront = Math.max(...near.map((p) => p[2]));
  const zBack = Math.min(...near.map((p) => p[2]));
  const zCenter = 0.5 * (zFront + zBack);
  band(visor, (theta) => [(halfWidth + 0.01) * Math.sin(theta), brow, zCenter + (zFront - zCenter + 0.01) * Math.cos(theta)], (65 * Math.PI) / 180, 16, 0.03, 0.008);
  return { body, eyes, visor, joints, candidates };
}

/** A closed latitude-longitude ellipsoid (single pole vertices), outward winding. */
function sphere(out: { positions: Vec3[]; triangles: number[] }, center: Vec3, radii: Vec3, rings: number, segments: number): void {
  const base = out.positions.length;
  const at = (u: number, v: number): Vec3 => {
    const theta = Math.PI * u;
    const phi = 2 * Math.PI * v;
    return [center[0] + radii[0] * Math.sin(theta) * Math.sin(phi), center[1] - radii[1] * Math.cos(theta), center[2] + radii[2] * Math.sin(theta) * Math.cos(phi)];
  };
  out.positions.push(at(0, 0));
  for (let r = 1; r < rings; r++) for (let s = 0; s < segments; s++) out.positions.push(at(r / rings, s / segments));
  out.positions.push(at(1, 0));
  const ring = (r: number, s: number): number => base + 1 + (r - 1) * segments + (s % segments);
  const top = base + 1 + (rings - 1) * segments;
  for (let s = 0; s < segments; s++) {
    out.triangles.push(base, ring(1, s + 1), ring(1, s));
    for (let r = 1; r < rings - 1; r++) out.triangles.push(ring(r, s), ring(r, s + 1), ring(r + 1, s + 1), ring(r, s), ring(r + 1, s + 1), ring(r + 1, s));
    out.triangles.push(ring(rings - 1, s), ring(rings - 1, s + 1), top);
  }
}

/**
 * A closed band: a rectangle (height × thickness) swept along curve(θ), θ ∈ [−sweep, sweep], with end caps; the
 * curve lies in a horizontal plane and bulges towards +Z, thickness is along the curve's outward normal.
 */
function band(out: { positions: Vec3[]; triangles: number[] }, curve: (theta: number) => Vec3, sweep: number, segments: number, height: number, thickness: number): void {
  const base = out.positions.length;
  for (let i = 0; i <= segments; i++) {
    const theta = -sweep + (2 * sweep * i) / segments;
    const c = curve(theta);
    const tangent = unit(sub(curve(theta + 1e-4), curve(theta - 1e-4)));
    const outward = unit(cross(tangent, [0, 1, 0]));
    // Corners in order: inner-bottom, outer-bottom, outer-top, inner-top.
    for (const [o, h] of [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]) out.positions.push(add(add(c, scale(outward, o * thickness)), [0, h * height, 0]));
  }
  const corner = (i: number, k: number): number => base + 4 * i + (k % 4);
  for (let i = 0; i < segments; i++) {
    for (let k = 0; k < 4; k++) out.triangles.push(corner(i, k), corner(i + 1, k), corner(i + 1, k + 1), corner(i, k), corner(i + 1, k + 1), corner(i, k + 1));
  }
  // Caps: the first station faces −tangent, the last +tangent.
  out.triangles.push(corner(0, 0), corner(0, 1), corner(0, 2), corner(0, 0), corner(0, 2), corner(0, 3));
  out.triangles.push(corner(segments, 0), corner(segments, 2), corner(segments, 1), corner(segments, 0), corner(segments, 3), corner(segments, 2));
}

/** Smoothed, distance-based skin weights of the body (see DESIGN NOTES): ≤ 4 (joint, weight) pairs per vertex. */
function bodySkin(built: Built, height: number): { joints: Uint8Array; weights: Float32Array } {
  const { body, joints, candidates } = built;
  const V = body.vertices.length;
  const J = joints.length;
  const allowed: Set<number>[] = body.vertices.map(() => new Set<number>());
  body.faces.forEach((face, f) => face.forEach((v) => candidates[body.parts[f]].forEach((j) => allowed[v].add(j))));
  let weights = new Float64Array(V * J);
  for (let v = 0; v < V; v++) {
    const p = body.vertices[v];
    const list = [...allowed[v]];
    const distances = list.map((j) => segmentDistance(p, joints[j].head, joints[j].tail));
    const nearest = Math.min(...distances);
    const sigma = 0.5 * nearest + 0.01 * height;
    let sum = 0;
    list.forEach((j, k) => {
      const w = Math.exp(-(((distances[k] - nearest) / sigma) ** 2));
      weights[v * J + j] = w;
      sum += w;
    });
    for (const j of list) weights[v * J + j] /= sum;
  }
  const neighbors: Set<number>[] = body.vertices.map(() => new Set<number>());
  for (const face of body.faces) for (let i = 0; i < 4; i++) neighbors[face[i]].add(face[(i + 1) % 4]).add(face[(i + 3) % 4]);
  for (let pass = 0; pass < 4; pass++) {
    const next = new Float64Array(V * J);
    for (let v = 0; v < V; v++) {
      const n = neighbors[v].size;
      for (let j = 0; j < J; j++) next[v * J + j] = 0.5 * weights[v * J + j];
      for (const u of neighbors[v]) for (let j = 0; j < J; j++) next[v * J + j] += (0.5 / n) * weights[u * J + j];
    }
    weights = next;
  }
  const outJoints = new Uint8Array(4 * V);
  const outWeights = new Float32Array(4 * V);
  for (let v = 0; v < V; v++) {
    const order = Array.from({ length: J }, (_, j) => j)
      .filter((j) => weights[v * J + j] >= 0.02)
      .sort((a, b) => weights[v * J + b] - weights[v * J + a] || a - b)
      .slice(0, 4);
    const sum = order.reduce((s, j) => s + weights[v * J + j], 0);
    const kept = order.map((j) => Math.fround(weights[v * J + j] / sum));
    // The largest takes the float32 rounding so the four sum to 1 as closely as float32 allows.
    kept[0] = Math.fround(1 - kept.slice(1).reduce((s, w) => s + w, 0));
    order.forEach((j, k) => {
      outJoints[4 * v + k] = j;
      outWeights[4 * v + k] = kept[k];
    });
  }
  return { joints: outJoints, weights: outWeights };
}

// ---------------------------------------------------------------------------------------------------------------
// Animation.

type Quat = [number, number, number, number];
const axisAngle = (axis: Vec3, angle: number): Quat => [axis[0] * Math.sin(angle / 2), axis[1] * Math.sin(angle / 2), axis[2] * Math.sin(angle / 2), Math.cos(angle / 2)];
const multiply = (a: Quat, b: Quat): Quat => [
  a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
  a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
  a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
  a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
];
const rotX = (a: number): Quat => axisAngle([1, 0, 0], a);
const rotY = (a: number): Quat => axisAngle([0, 1, 0], a);
const rotZ = (a: number): Quat => axisAngle([0, 0, 1], a);

/** A pose: pelvis translation offset from bind [m, pre-normalization] and local rotations by joint name. */
interface Pose {
  pelvis: Vec3;
  rotations: Record<string, Quat>;
}

const G = 9.81;
const THIGH = 0.4; // hip (y 0.88) to knee (0.48)
const SHIN = 0.38; // knee to ankle (0.10)
const PELVIS_TO_HIP = -0.07; // hip height below the pelvis joint

/**
 * Planar two-bone IK in the sagittal (y, z) plane: thigh and shin rotations (about +X, joint-local) that put the
 * ankle at `ankle` for a hip at `hip`, knee forward, and the foot rotation that keeps the foot level.
 */
function legPose(hip: Vec3, ankle: Vec3, suffix: string, rotations: Record<string, Quat>): void {
  const vz = ankle[2] - hip[2];
  const vy = ankle[1] - hip[1];
  const d = Math.min(THIGH + SHIN - 1e-4, Math.hypot(vz, vy));
  const toward = Math.atan2(vz, -vy); // angle of the hip→ankle line from straight down, + forward
  const atHip = Math.acos((THIGH * THIGH + d * d - SHIN * SHIN) / (2 * THIGH * d));
  const knee = Math.PI - Math.acos((THIGH * THIGH + SHIN * SHIN - d * d) / (2 * THIGH * SHIN));
  // rotX(+a) swings a downward bone backward (−Z), so a forward swing is rotX(−a).
  const thigh = toward + atHip;
  rotations[`thigh${suffix}`] = rotX(-thigh);
  rotations[`shin${suffix}`] = rotX(knee);
  rotations[`foot${suffix}`] = rotX(thigh - knee);
}

function walkPose(t: number): Pose {
  const phase = 2 * Math.PI * t; // one cycle per second
  const pelvisDrop = -0.035 + 0.012 * Math.cos(2 * phase);
  const rotations: Record<string, Quat> = {};
  for (const [suffix, offset, side] of [['.L', 0, 1], ['.R', Math.PI, -1]] as const) {
    const p = phase + offset;
    const u = ((p % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    // Stance (u < π): the foot on the ground slides back 0.32 m; swing: it comes forward, lifted.
    const stance = u < Math.PI;
    const s = stance ? u / Math.PI : (u - Math.PI) / Math.PI;
    const z = stance ? 0.16 - 0.32 * s : -0.16 + 0.32 * (0.5 - 0.5 * Math.cos(Math.PI * s));
    const lift = stance ? 0 : 0.07 * Math.sin(Math.PI * s);
    legPose([side * 0.1075, 0.95 + pelvisDrop + PELVIS_TO_HIP, 0], [side * 0.1075, 0.1 + lift, z], suffix, rotations);
    rotations[`upper_arm${suffix}`] = rotX(0.3 * Math.sin(p));
    rotations[`forearm${suffix}`] = rotX(-0.25 - 0.15 * Math.sin(p));
  }
  rotations.spine = multiply(rotY(0.07 * Math.sin(phase)), rotZ(0.03 * Math.sin(phase)));
  rotations.chest = rotY(-0.12 * Math.sin(phase));
  rotations.head = rotY(0.05 * Math.sin(phase));
  rotations['tail.1'] = multiply(rotY(0.18 * Math.sin(phase)), rotX(0.05 * Math.cos(2 * phase)));
  return { pelvis: [0, pelvisDrop, 0], rotations };
}

function jumpPose(t: number): Pose {
  const takeOff = TEST_CHARACTER.jumpTakeOff;
  const v0 = 2.6;
  const flight = (2 * v0) / G;
  const touchDown = takeOff + flight;
  const stop = 0.12;
  const crouch = -0.14;
  // Pelvis height offset from bind: crouch (ease), push (reaching v0 at take-off), flight, landing, recovery.
  let y: number;
  let tuck = 0;
  if (t < 0.35) y = crouch * smoothstep(t / 0.35);
  else if (t < takeOff) {
    // Constant acceleration from rest at the crouch to v0 at take-off: y = crouch + ½·a·τ², a = v0/T.
    const tau = t - 0.35;
    y = crouch + (0.5 * v0 * tau * tau) / (takeOff - 0.35);
  } else if (t < touchDown) {
    const tau = t - takeOff;
    const y0 = crouch + 0.5 * v0 * (takeOff - 0.35);
    y = y0 + v0 * tau - 0.5 * G * tau * tau;
    tuck = Math.sin((Math.PI * tau) / flight);
  } else if (t < touchDown + stop) {
    const tau = t - touchDown;
    const y0 = crouch + 0.5 * v0 * (takeOff - 0.35);
    y = y0 - v0 * tau + (v0 * tau * tau) / (2 * stop);
  } else {
    const y0 = crouch + 0.5 * v0 * (takeOff - 0.35);
    const low = y0 - (v0 * stop) / 2;
    y = low + (0 - low) * smoothstep((t - touchDown - stop) / 0.45);
  }
  const rotations: Record<string, Quat> = {};
  for (const [suffix, side] of [['.L', 1], ['.R', -1]] as const) {
    const hip: Vec3 = [side * 0.1075, 0.95 + y + PELVIS_TO_HIP, 0];
    // Feet on the ground where they reach it; in the air they hang below the hip, tucked up a little.
    const reach = THIGH + SHIN - 0.01 - 0.12 * tuck;
    const ankle: Vec3 = [side * 0.1075, Math.max(0.1, hip[1] - reach), 0.02 * tuck];
    legPose(hip, ankle, suffix, rotations);
    const raise =
      t < takeOff ? -0.3 * smoothstep(t / 0.35) * (1 - smoothstep((t - 0.35) / 0.15)) : t < touchDown ? 0.9 * tuck : 0.2 * Math.sin(Math.PI * Math.min(1, (t - touchDown) / 0.5));
    rotations[`upper_arm${suffix}`] = rotZ(side * raise);
  }
  const lean = t < takeOff ? 0.3 * smoothstep(t / 0.35) * (1 - smoothstep((t - 0.35) / 0.15)) : t < touchDown ? 0 : 0.25 * Math.sin(Math.PI * Math.min(1, (t - touchDown) / 0.5));
  rotations.spine = rotX(lean);
  rotations.chest = rotX(0.5 * lean);
  rotations.head = rotX(-0.6 * lean);
  rotations['tail.1'] = rotX(-0.3 * lean + 0.2 * tuck);
  return { pelvis: [0, y, 0], rotations };
}

function holdPose(t: number): Pose {
  const u = Math.min(1, t / TEST_CHARACTER.holdFrom);
  const f = u * u; // accelerating to the end: the motion stops at full speed
  const drop = -0.05 * f;
  const rotations: Record<string, Quat> = {};
  for (const [suffix, side] of [['.L', 1], ['.R', -1]] as const) {
    legPose([side * 0.1075, 0.95 + drop + PELVIS_TO_HIP, 0], [side * 0.1075, 0.1, 0], suffix, rotations);
    rotations[`upper_arm${suffix}`] = rotZ(side * 0.9 * f);
    rotations[`forearm${suffix}`] = rotX(-0.6 * f);
  }
  rotations.spine = rotY(0.45 * f);
  rotations.chest = rotX(0.2 * f);
  rotations.head = rotY(-0.35 * f);
  rotations['tail.1'] = rotY(0.6 * f);
  return { pelvis: [0, drop, 0], rotations };
}

// ---------------------------------------------------------------------------------------------------------------
// The document.

/**
 * Builds the test character (see the file header).
 *
 * @param options  height (file units, default 1.6) and subdivisions (default 2)
 * @returns a glTF-Transform Document: one scene, meshes "Critter" (body + eyes) and "Visor", 28 joints, 3 clips
 */
export function testCharacterDocument(options: TestCharacterOptions = {}): Document {
  const height = options.height ?? 1.6;
  const subdivisions = options.subdivisions ?? 2;
  const rings = options.rings ?? 1;
  if (!(height > 0) || !Number.isInteger(subdivisions) || subdivisions < 0 || subdivisions > 5 || !(rings === 1 || rings === 2)) {
    throw new RangeError(`testCharacterDocument: height must be > 0, subdivisions an integer in [0, 5] and rings 1 or 2 (got ${height}, ${subdivisions}, ${rings})`);
  }
  const built = buildCharacter(subdivisions, rings);
  // Normalize: feet on y = 0, top of the head at `height`.
  const all = [...built.body.vertices, ...built.eyes.positions, ...built.visor.positions];
  const minY = Math.min(...all.map((p) => p[1]));
  const maxY = Math.max(...all.map((p) => p[1]));
  const k = height / (maxY - minY);
  const place = (p: Vec3): Vec3 => [p[0] * k, (p[1] - minY) * k, p[2] * k];
  const skin = bodySkin(built, 1.7);
  const headJoint = built.joints.findIndex((j) => j.name === 'head');

  const document = new Document();
  const root = document.getRoot();
  root.getAsset().generator = 'Overlap test/helpers/testCharacter.ts';
  const buffer = document.createBuffer();
  const accessor = (type: GLTF.AccessorType, array: Float32Array | Uint32Array | Uint16Array | Uint8Array): Accessor => document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = (name: string, color: [number, number, number], roughness: number, metallic: number) =>
    document.createMaterial(name).setBaseColorFactor([...color, 1]).setRoughnessFactor(roughness).setMetallicFactor(metallic);

  const primitive = (positions: Vec3[], triangles: number[], joints: Uint8Array, weights: Float32Array, mat: ReturnType<typeof material>) => {
    const flat = new Float32Array(positions.flatMap((p) => place(p)));
    const indices = positions.length > 65535 ? new Uint32Array(triangles) : new Uint16Array(triangles);
    const normals = vertexNormals(flat, indices, positions.length, new Float32Array(flat.length));
    return document
      .createPrimitive()
      .setAttribute('POSITION', accessor('VEC3', flat))
      .setAttribute('NORMAL', accessor('VEC3', normals))
      .setAttribute('JOINTS_0', accessor('VEC4', joints))
      .setAttribute('WEIGHTS_0', accessor('VEC4', weights))
      .setIndices(accessor('SCALAR', indices))
      .setMaterial(mat);
  };
  const rigidToHead = (count: number): [Uint8Array, Float32Array] => {
    const joints = new Uint8Array(4 * count);
    const weights = new Float32Array(4 * count);
    for (let v = 0; v < count; v++) {
      joints[4 * v] = headJoint;
      weights[4 * v] = 1;
    }
    return [joints, weights];
  };

  // Body quads → triangles, split along the shorter diagonal.
  const bodyTriangles: number[] = [];
  for (const [a, b, c, d] of built.body.faces) {
    const p = built.body.vertices;
    if (norm(sub(p[a], p[c])) <= norm(sub(p[b], p[d]))) bodyTriangles.push(a, b, c, a, c, d);
    else bodyTriangles.push(a, b, d, b, c, d);
  }
  const mesh = document.createMesh('Critter');
  mesh.addPrimitive(primitive(built.body.vertices, bodyTriangles, skin.joints, skin.weights, material('Critter skin', [0.35, 0.55, 0.3], 0.6, 0)));
  mesh.addPrimitive(primitive(built.eyes.positions, built.eyes.triangles, ...rigidToHead(built.eyes.positions.length), material('Critter eyes', [0.02, 0.02, 0.025], 0.15, 0)));
  const visorMesh = document.createMesh('Visor');
  visorMesh.addPrimitive(primitive(built.visor.positions, built.visor.triangles, ...rigidToHead(built.visor.positions.length), material('Visor', [0.2, 0.35, 0.8], 0.3, 0.6)));

  // Skeleton: unrotated joints, local translations are differences of bind positions.
  const heads = built.joints.map((j) => place(j.head));
  const nodes: GltfNode[] = built.joints.map((j, i) => {
    const parent = j.parent < 0 ? ([0, 0, 0] as Vec3) : heads[j.parent];
    return document.createNode(j.name).setTranslation(sub(heads[i], parent));
  });
  built.joints.forEach((j, i) => {
    if (j.parent >= 0) nodes[j.parent].addChild(nodes[i]);
  });
  const inverseBind = new Float32Array(16 * nodes.length);
  heads.forEach((h, i) => inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -h[0], -h[1], -h[2], 1], 16 * i));
  const skinNode = document.createSkin('Critter skin').setSkeleton(nodes[0]).setInverseBindMatrices(accessor('MAT4', inverseBind));
  for (const node of nodes) skinNode.addJoint(node);
  const critter = document.createNode(TEST_CHARACTER.meshes.body).setMesh(mesh).setSkin(skinNode);
  const visor = document.createNode(TEST_CHARACTER.meshes.visor).setMesh(visorMesh).setSkin(skinNode);
  const armature = document.createNode('Armature').addChild(nodes[0]);
  root.setDefaultScene(document.createScene('Critter').addChild(critter).addChild(visor).addChild(armature));

  // Clips: 30 fps LINEAR samples of each pose function.
  const byName = new Map(built.joints.map((j, i) => [j.name, i]));
  const clips: [string, number, (t: number) => Pose, boolean][] = [
    [TEST_CHARACTER.clips.walk, 1, walkPose, true],
    [TEST_CHARACTER.clips.jump, 2, jumpPose, false],
    [TEST_CHARACTER.clips.hold, 2.5, holdPose, false],
  ];
  for (const [name, duration, pose, loop] of clips) {
    const keyCount = Math.round(duration * 30) + 1;
    const times = new Float32Array(keyCount);
    const poses = Array.from({ length: keyCount }, (_, i) => {
      times[i] = i / 30;
      return pose(loop && i === keyCount - 1 ? 0 : i / 30);
    });
    const input = accessor('SCALAR', times);
    const animation = document.createAnimation(name);
    const channel = (node: GltfNode, path: 'translation' | 'rotation', type: GLTF.AccessorType, values: Float32Array) => {
      const sampler = document.createAnimationSampler().setInput(input).setOutput(accessor(type, values)).setInterpolation('LINEAR');
      animation.addSampler(sampler).addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
    };
    const pelvisBind = heads[0];
    channel(nodes[0], 'translation', 'VEC3', Float32Array.from(poses.flatMap((p) => add(pelvisBind, scale(p.pelvis, k)))));
    const animated = [...new Set(poses.flatMap((p) => Object.keys(p.rotations)))].sort((a, b) => byName.get(a)! - byName.get(b)!);
    for (const jointName of animated) {
      channel(nodes[byName.get(jointName)!], 'rotation', 'VEC4', Float32Array.from(poses.flatMap((p) => p.rotations[jointName] ?? [0, 0, 0, 1])));
    }
  }
  return document;
}

/**
 * The tail's tip of the generated character at rest: the vertices within `fraction` × `size` of the rearmost one
 * (the smallest z; the character faces +z). The Pose tool's tests and bench drag it.
 *
 * @param positions  #V×3 welded rest positions
 * @param size       the mesh's size (an ARAP model's `size`)
 * @param fraction   radius of the tip as a fraction of the size (default 0.03)
 * @returns the tip's vertex indices, ascending
 */
export function tailTipVertices(positions: ArrayLike<number>, size: number, fraction = 0.03): number[] {
  const n = Math.floor(positions.length / 3);
  let tip = 0;
  for (let v = 0; v < n; v++) if (positions[3 * v + 2] < positions[3 * tip + 2]) tip = v;
  const selected: number[] = [];
  for (let v = 0; v < n; v++) {
    if (Math.hypot(positions[3 * v] - positions[3 * tip], positions[3 * v + 1] - positions[3 * tip + 1], positions[3 * v + 2] - positions[3 * tip + 2]) < fraction * size) selected.push(v);
  }
  return selected;
}

/**
 * The test character as GLB bytes (see testCharacterDocument).
 *
 * @param options  height and subdivisions
 * @returns the GLB file's bytes
 */
export async function testCharacterGlb(options: TestCharacterOptions = {}): Promise<Uint8Array> {
  return new NodeIO().writeBinary(testCharacterDocument(options));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const value = (flag: string): string | undefined => {
    const i = process.argv.indexOf(flag);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const out = resolve(value('--out') ?? 'critter.glb');
  const height = value('--height');
  const subdivisions = value('--subdivisions');
  const bytes = await testCharacterGlb({ height: height ? Number(height) : undefined, subdivisions: subdivisions ? Number(subdivisions) : undefined });
  writeFileSync(out, bytes);
  process.stderr.write(`test character: wrote ${out} (${bytes.byteLength} bytes)\n`);
}
