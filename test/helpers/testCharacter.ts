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
 * - with `gear: true`, the layered character of issues 33 and 37 (the gear a bought game asset carries, modelled as
 *   separate layers that already cut through the body and through each other in the bind pose), skinned to the same
 *   skeleton (TEST_CHARACTER_GEAR lists the parts, their order and joints):
 *   - in "Critter", after the eyes, one primitive per part, named by its `extras.name`: a leather **belt** round the
 *     waist (skinned like the waist under it: pelvis and spine), a metal **buckle** sunk into it, four **pouches**
 *     (two on the belt's front, cutting into the belt and the belly; `pouch.hip.L` and `pouch.back.R` hanging below
 *     the belt, where in life they would swing), curved metal **plates** on the chest and the back and **pads** on
 *     both shoulders (lying on the body and partly inside it; rigid on the chest and the upper arms), a webbing
 *     **strap** (a bandolier) over the left shoulder to the right hip, under the plates and through the belt (skinned
 *     like the torso under it), and on the right thigh a **holster** with a thigh **strap** (rigid on the thigh);
 *   - mesh node "Pack", a separate mesh: a backpack on the back, cutting into the back plate and the back, rigid on the
 *     chest (a separate mesh skinned to one region).
 *   Each part is one closed, manifold, outward shell (its own connected component), built as a quad cage fitted to
 *   the body and Catmull-Clark subdivided; the default character is unchanged, byte for byte.
 *
 * Options: `height` (file units; 160 gives the same character in centimeters), `subdivisions` (Catmull-Clark
 * levels: 2 gives ≈ 3.2k body vertices, each level ×4, for benchmarks), `rings` (2 splits every extrusion in two) and
 * `gear`. Welded vertices of all meshes with gear (rings 1): 6.2k at 2 subdivisions (the body and eyes 3.3k, gear
 * 2.8k, like issue 33's bought 6k-vertex soldier), 24k at 3, 95k at 4.
 *
 * Usage from the shell: `node --import tsx test/helpers/testCharacter.ts --out critter.glb [--height 1.6]
 * [--subdivisions 2] [--rings 2] [--gear]`.
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
 * - Gear, one primitive per part (not one primitive for all): a report or a test can name a part by its primitive
 *   (`extras.name`, the range in ImportedMesh.primitives), as artists name the pieces of a bought asset, while every
 *   part is still only a connected component of the "Critter" mesh, so code that finds shells must find them by
 *   connectivity as it would in a one-primitive asset. Three materials (leather, metal, webbing) are shared.
 * - Gear shapes: quad cages (a tube swept round a ring for the belt and straps, a grid box with supporting loops for
 *   the pouches, the buckle, the holster and the pack, a one-cell-thick curved grid for the plates and pads) placed
 *   by casting rays from inside the body to its level-2 surface (the same gear at every `subdivisions`), each part
 *   straddling the skin by about 1 cm so its rim or its edges cut through it; then Catmull-Clark, one level fewer than
 *   the body (the gear cages are finer, so gear edges end up about as long as the body's: 4–76 mm at the default
 *   level, the worst gear triangle's circumradius / (2·inradius) 5.0, on the chest strap). Cage units are 0.889 m at
 *   the default height (the cage is 1.8 tall), so the cage offsets in the code are ≈ 0.9× those in meters.
 * - Gear skinning: one joint → rigid (pouches, plates, pads, holster, pack: pieces of metal and stiff leather);
 *   several (belt, chest strap) → the nearest body vertex's weights restricted to those joints and renormalized, as
 *   an artist transfers weights from the body and cleans them up, so the belt deforms with the waist under it.
 * - Intersections in the rest pose, default options, by app/intersection's exact checker (edge–triangle pairs, what
 *   `overlap check FILE` prints): 3,065 in all, 2,845 of them with gear (the character without gear has 220: the
 *   eyes in their sockets 88, the visor 74, the body's own 58); 19% of the "Critter" triangles take part, as in issue
 *   33's soldier ("a fifth of its triangles"). Per pair of parts: strap.chest × body 358, belt × body 310,
 *   strap.thigh.R × body 238, belt × strap.chest 163, Pack × plate.back 136, plate.chest × body 120, plate.back × body
 *   120, Pack × body 105, pad × body 104 each, pouch.front.R × strap.chest 97, plate.chest × strap.chest 90, belt ×
 *   pouch.front 77 each, plate.back × strap.chest 73, holster.R × body 71, pouch × body 65–69 each, Pack × strap.chest
 *   69, holster.R × strap.thigh.R 67, belt × pouch.hip.L 49, belt × buckle 40, Pack × belt 40, belt × pouch.back.R 38,
 *   pouch.back.R × strap.chest 32. At 3 subdivisions: 5,648 (the crossing curves are as long, the edges half). In
 *   motion (`overlap check --clip`): 3,012–3,064 at every frame of Walk (issue 33's soldier: "about 3,000 … persist
 *   through every frame of its walk"), 2,676–3,061 through MoveAndHold, where the twisted belly pushes through the
 *   rigid chest plate's lower edge.
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
  /**
   * layered gear skinned to the same skeleton (belt, buckle, pouches, plates, shoulder pads, straps, a holster, and a
   * separate "Pack" mesh), cutting into the body and into each other in the bind pose; default false (the character
   * without it is byte for byte what it was before the option existed)
   */
  gear?: boolean;
}

/** One gear part of the layered character (option `gear`): one closed shell, one primitive (extras.name) or mesh. */
export interface GearPartSpec {
  /** the primitive's `extras.name` (or the mesh's name for a part that is its own mesh) */
  name: string;
  /** the mesh node holding it */
  mesh: 'Critter' | 'Pack';
  material: 'leather' | 'metal' | 'webbing';
  /** joints it is skinned to: one → rigidly; several → the body's weights under it, restricted to these */
  joints: readonly string[];
}

/**
 * The layered character's gear, in the order of its primitives: in "Critter" after the body (0) and the eyes (1),
 * so the part at index i of the "Critter" parts is primitive i + 2; "Pack" is its own mesh.
 */
export const TEST_CHARACTER_GEAR: readonly GearPartSpec[] = [
  { name: 'belt', mesh: 'Critter', material: 'leather', joints: ['pelvis', 'spine'] },
  { name: 'buckle', mesh: 'Critter', material: 'metal', joints: ['pelvis'] },
  { name: 'pouch.front.L', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'pouch.front.R', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'pouch.hip.L', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'pouch.back.R', mesh: 'Critter', material: 'leather', joints: ['pelvis'] },
  { name: 'plate.chest', mesh: 'Critter', material: 'metal', joints: ['chest'] },
  { name: 'plate.back', mesh: 'Critter', material: 'metal', joints: ['chest'] },
  { name: 'pad.L', mesh: 'Critter', material: 'metal', joints: ['upper_arm.L'] },
  { name: 'pad.R', mesh: 'Critter', material: 'metal', joints: ['upper_arm.R'] },
  { name: 'strap.chest', mesh: 'Critter', material: 'webbing', joints: ['pelvis', 'spine', 'chest'] },
  { name: 'strap.thigh.R', mesh: 'Critter', material: 'webbing', joints: ['thigh.R'] },
  { name: 'holster.R', mesh: 'Critter', material: 'leather', joints: ['thigh.R'] },
  { name: 'Pack', mesh: 'Pack', material: 'webbing', joints: ['chest'] },
];

/** Names of the generated character's parts, for tests that look at a region. */
export const TEST_CHARACTER = {
  clips: { walk: 'Walk', jump: 'Jump', hold: 'MoveAndHold' },
  /** seconds: take-off and touch-down of Jump, and when MoveAndHold stops moving */
  jumpTakeOff: 0.5,
  jumpTouchDown: 0.5 + (2 * 2.6) / 9.81,
  holdFrom: 0.7,
  meshes: { body: 'Critter', visor: 'Visor', pack: 'Pack' },
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

interface Cage<P = Part> {
  vertices: Vec3[];
  /** quads, counter-clockwise seen from outside */
  faces: number[][];
  parts: P[];
}

const faceCenter = <P>(cage: Cage<P>, f: number): Vec3 =>
  scale(
    cage.faces[f].reduce<Vec3>((s, v) => add(s, cage.vertices[v]), [0, 0, 0]),
    1 / 4,
  );

function faceNormal<P>(cage: Cage<P>, f: number): Vec3 {
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

/** Quads → triangles, each split along its shorter diagonal (the better triangles). */
function quadTriangles<P>(cage: Cage<P>): number[] {
  const triangles: number[] = [];
  const p = cage.vertices;
  for (const [a, b, c, d] of cage.faces) {
    if (norm(sub(p[a], p[c])) <= norm(sub(p[b], p[d]))) triangles.push(a, b, c, a, c, d);
    else triangles.push(a, b, d, b, c, d);
  }
  return triangles;
}

/** One Catmull-Clark step on a closed all-quad mesh (face parts inherited). */
function catmullClark<P>(cage: Cage<P>): Cage<P> {
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
  /** the box-modelled cage before subdivision (the gear is fitted to its level-2 surface) */
  cage: Cage;
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
  for (const [side, cell] of [
    [1, 2],
    [-1, 0],
  ] as const) {
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
  const tailPath: Vec3[] = [
    faceCenter(cage, tailFace),
    [0, 0.9, -0.24],
    [0, 0.84, -0.4],
    [0, 0.82, -0.56],
    [0, 0.84, -0.72],
    [0, 0.9, -0.87],
    [0, 0.97, -0.99],
  ];
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
  /** Joints names[i] from points[i] to points[i + 1], each the child of the one before, the first of `parent`. */
  const chain = (parent: number, names: string[], points: Vec3[]): number[] => {
    const chainJoints: number[] = [];
    names.forEach((name, i) => chainJoints.push(joint(name, i === 0 ? parent : chainJoints[i - 1], points[i], points[i + 1])));
    return chainJoints;
  };
  const earJoints: Record<string, number[]> = {};
  for (const part of ['ear.L', 'ear.R'] as const) {
    const e = ears[part];
    earJoints[part] = chain(head, [`${part}.1`, `${part}.2`], [e.base, e.mid, e.tip]);
  }
  const armJoints: Record<string, number[]> = {};
  for (const part of ['arm.L', 'arm.R'] as const) {
    const a = arms[part];
    const suffix = part.slice(3);
    armJoints[part] = chain(chest, [`upper_arm${suffix}`, `forearm${suffix}`, `hand${suffix}`], [a.shoulder, a.elbow, a.wrist, a.end]);
  }
  const legJoints: Record<string, number[]> = {};
  for (const part of ['leg.L', 'leg.R'] as const) {
    const l = legs[part];
    const suffix = part.slice(3);
    legJoints[part] = chain(pelvis, [`thigh${suffix}`, `shin${suffix}`, `foot${suffix}`, `toe${suffix}`], [l.hip, l.knee, l.ankle, l.ball, l.toe]);
  }
  const tailJoints = chain(
    pelvis,
    [1, 2, 3, 4, 5].map((i) => `tail.${i}`),
    [[0, 0.93, -0.06], tailPath[1], tailPath[2], tailPath[3], tailPath[4], tailPath[6]],
  );
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
    // Below 2 subdivisions no vertex lies that close to the target: the face's surface straight in front of it.
    if (front === -Infinity) front = target[2] + bodyRay(body, ['head'])(target, [0, 0, 1]);
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
  band(
    visor,
    (theta) => [(halfWidth + 0.01) * Math.sin(theta), brow, zCenter + (zFront - zCenter + 0.01) * Math.cos(theta)],
    (65 * Math.PI) / 180,
    16,
    0.03,
    0.008,
  );
  return { cage, body, eyes, visor, joints, candidates };
}

/** A closed latitude-longitude ellipsoid (single pole vertices), outward winding. */
function sphere(out: { positions: Vec3[]; triangles: number[] }, center: Vec3, radii: Vec3, rings: number, segments: number): void {
  const base = out.positions.length;
  const at = (u: number, v: number): Vec3 => {
    const theta = Math.PI * u;
    const phi = 2 * Math.PI * v;
    return [
      center[0] + radii[0] * Math.sin(theta) * Math.sin(phi),
      center[1] - radii[1] * Math.cos(theta),
      center[2] + radii[2] * Math.sin(theta) * Math.cos(phi),
    ];
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
function band(
  out: { positions: Vec3[]; triangles: number[] },
  curve: (theta: number) => Vec3,
  sweep: number,
  segments: number,
  height: number,
  thickness: number,
): void {
  const base = out.positions.length;
  for (let i = 0; i <= segments; i++) {
    const theta = -sweep + (2 * sweep * i) / segments;
    const c = curve(theta);
    const tangent = unit(sub(curve(theta + 1e-4), curve(theta - 1e-4)));
    const outward = unit(cross(tangent, [0, 1, 0]));
    // Corners in order: inner-bottom, outer-bottom, outer-top, inner-top.
    for (const [o, h] of [
      [-0.5, -0.5],
      [0.5, -0.5],
      [0.5, 0.5],
      [-0.5, 0.5],
    ])
      out.positions.push(add(add(c, scale(outward, o * thickness)), [0, h * height, 0]));
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
// Gear (option `gear`): separate shells that cut into the body and into each other, as on a bought game asset.

/** A gear shell as built: a closed all-quad cage, outward, before subdivision. */
interface GearShell {
  spec: GearPartSpec;
  cage: Cage<string>;
}

/** Signed volume of a closed quad cage (each quad split into two triangles): > 0 when its faces wind outward. */
function cageVolume<P>(cage: Cage<P>): number {
  let volume = 0;
  for (const [a, b, c, d] of cage.faces) {
    const [pa, pb, pc, pd] = [a, b, c, d].map((v) => cage.vertices[v]);
    volume += (dot(pa, cross(pb, pc)) + dot(pa, cross(pc, pd))) / 6;
  }
  return volume;
}

/** The cage with every face wound outward (its signed volume positive), its faces labelled `name`. */
function outwardCage<P>(cage: Cage<P>, name: string): Cage<string> {
  const flip = cageVolume(cage) < 0;
  return { vertices: cage.vertices, faces: cage.faces.map((f) => (flip ? [f[0], f[3], f[2], f[1]] : f)), parts: cage.faces.map(() => name) };
}

/**
 * A closed tube (a ring: belt, strap): a closed `profile` (points in the station's (normal, binormal) plane) swept
 * through closed `stations`; torus topology, #stations × #profile quads.
 */
function ringCage(name: string, stations: { center: Vec3; normal: Vec3; binormal: Vec3 }[], profile: [number, number][]): Cage<string> {
  const vertices = stations.flatMap((s) => profile.map(([n, b]) => add(s.center, add(scale(s.normal, n), scale(s.binormal, b)))));
  const m = profile.length;
  const at = (i: number, k: number): number => (i % stations.length) * m + (k % m);
  const faces: number[][] = [];
  for (let i = 0; i < stations.length; i++) for (let k = 0; k < m; k++) faces.push([at(i, k), at(i + 1, k), at(i + 1, k + 1), at(i, k + 1)]);
  return outwardCage({ vertices, faces, parts: faces.map(() => name) }, name);
}

/**
 * A box with rounded edges (a pouch, a buckle, a pack): a grid box whose outer cells are thin (supporting loops at
 * `support` of the half size), so that Catmull-Clark rounds its edges and keeps its faces flat. `axes` are the
 * box's unit right, up and out directions, `half` its half sizes along them.
 */
function roundedBoxCage(name: string, center: Vec3, axes: [Vec3, Vec3, Vec3], half: Vec3, cells: [number, number, number], support = 0.6): Cage<string> {
  const coordinate = (n: number, i: number): number => (n === 1 ? 2 * i - 1 : n === 2 ? i - 1 : [-1, -support, support, 1][i]);
  const { cage } = gridBox(cells[0], cells[1], cells[2], (i, j, k) => {
    const local = [coordinate(cells[0], i) * half[0], coordinate(cells[1], j) * half[1], coordinate(cells[2], k) * half[2]];
    return add(center, add(add(scale(axes[0], local[0]), scale(axes[1], local[1])), scale(axes[2], local[2])));
  });
  return outwardCage(cage, name);
}

/**
 * A curved plate of thickness (a chest plate, a shoulder pad): `surface(u, v)` gives a point and its outward normal
 * for u, v ∈ [0, 1]; the plate spans `inner` below to `outer` above it; nu × nv cells over the surface, one through
 * the thickness (Catmull-Clark rounds the rim).
 */
function plateCage(
  name: string,
  surface: (u: number, v: number) => { point: Vec3; normal: Vec3 },
  nu: number,
  nv: number,
  inner: number,
  outer: number,
): Cage<string> {
  const { cage } = gridBox(nu, nv, 1, (i, j, k) => {
    const { point, normal } = surface(i / nu, j / nv);
    return add(point, scale(normal, k === 0 ? -inner : outer));
  });
  return outwardCage(cage, name);
}

/**
 * Distance along a ray to the farthest crossing of the body surface, on the faces of the given parts only (so an
 * arm hanging beside the torso does not count): from a point inside the body, where the skin is. The ray's
 * direction is a unit vector; throws when the ray misses (a gear layout that does not fit the body).
 */
function bodyRay(body: Cage, parts: readonly Part[]): (origin: Vec3, direction: Vec3) => number {
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

/** Horizontal unit direction at angle θ about +Y: 0 = front (+Z), π/2 = the character's left (+X). */
const around = (theta: number): Vec3 => [Math.sin(theta), 0, Math.cos(theta)];

/** A flat band's cross-section (belt, strap): `inner` to `outer` along the ring's normal, ±`half` across it. */
function bandProfile(inner: number, outer: number, half: number): [number, number][] {
  return [
    [inner, -half],
    [outer, -half],
    [outer, 0],
    [outer, half],
    [inner, half],
    [inner, 0],
  ];
}

/** A band around the vertical line through `axisPoint`: station i at angle 2πi/n (`around`), `radii[i]` out. */
function levelBandCage(name: string, axisPoint: Vec3, radii: number[], profile: [number, number][]): Cage<string> {
  return ringCage(
    name,
    radii.map((r, i) => {
      const d = around((2 * Math.PI * i) / radii.length);
      return { center: add(axisPoint, scale(d, r)), normal: d, binormal: [0, 1, 0] };
    }),
    profile,
  );
}
const degrees = (d: number): number => (d * Math.PI) / 180;

/**
 * The gear shells, fitted to the body's level-2 surface (whatever the body's own level, so the gear has the same
 * shape at every resolution). Cage units (before the normalization to `height`): the cage is 1.8 tall.
 */
function buildGear(built: Built): GearShell[] {
  const fit = catmullClark(catmullClark(built.cage));
  const torso = bodyRay(fit, ['torso']);
  const shells = new Map<string, Cage<string>>();

  // Belt (5 cm tall): a band around the waist, its inner face ≈ 9 mm inside the skin and its outer ≈ 7 mm outside,
  // following the waist's section at its centre line (smoothed) but straight up and down, so the belly above and
  // the hips below push through its edges as on a real asset.
  const beltY = 1.06;
  const beltHalf = 0.03;
  const beltStations = 16;
  const waist = Array.from({ length: beltStations }, (_, i) => torso([0, beltY, 0], around((2 * Math.PI * i) / beltStations)));
  const waistSmooth = waist.map((r, i) => 0.25 * waist[(i + beltStations - 1) % beltStations] + 0.5 * r + 0.25 * waist[(i + 1) % beltStations]);
  const beltAt = (theta: number): number => {
    const x = (theta / (2 * Math.PI)) * beltStations;
    const i = Math.floor(x);
    const t = x - i;
    const n = beltStations;
    return (1 - t) * waistSmooth[((i % n) + n) % n] + t * waistSmooth[(((i + 1) % n) + n) % n];
  };
  shells.set('belt', levelBandCage('belt', [0, beltY, 0], waistSmooth, bandProfile(-0.01, 0.008, beltHalf)));

  // Buckle: a small metal plate on the belt's front, sunk into it.
  const buckleR = beltAt(0);
  shells.set(
    'buckle',
    roundedBoxCage(
      'buckle',
      [0, beltY, buckleR + 0.008],
      [
        [1, 0, 0],
        [0, 1, 0],
        [0, 0, 1],
      ],
      [0.03, 0.026, 0.008],
      [2, 2, 1],
    ),
  );

  // Pouches on the belt's front (cutting into the belt and the belly) and hanging below it at the hip and the back.
  const pouch = (name: string, thetaDegrees: number, centerY: number, half: Vec3, sink: number): void => {
    const theta = degrees(thetaDegrees);
    const out = around(theta);
    const right: Vec3 = [out[2], 0, -out[0]];
    const r = Math.max(beltAt(theta), torso([0, centerY, 0], out));
    shells.set(name, roundedBoxCage(name, add([0, centerY, 0], scale(out, r + half[2] - sink)), [right, [0, 1, 0], out], half, [3, 3, 2]));
  };
  pouch('pouch.front.L', 32, beltY - 0.004, [0.036, 0.042, 0.022], 0.012);
  pouch('pouch.front.R', -32, beltY - 0.004, [0.036, 0.042, 0.022], 0.012);
  pouch('pouch.hip.L', 95, beltY - beltHalf - 0.045, [0.034, 0.055, 0.024], 0.014);
  pouch('pouch.back.R', -140, beltY - beltHalf - 0.04, [0.04, 0.05, 0.024], 0.012);

  // Chest and back plates: curved metal plates over the chest and the back, each following the body's section at
  // its 5 × 4 cage points (so its rounded limit surface bridges the curvature between them), ≈ 9 mm deep into the
  // skin and 12 mm out of it; the rim cuts through the skin all round.
  const torsoPlate = (name: string, fromDegrees: number, toDegrees: number, y0: number, y1: number): void => {
    const surface = (u: number, v: number): { point: Vec3; normal: Vec3 } => {
      const normal = around(degrees(fromDegrees + u * (toDegrees - fromDegrees)));
      const y = y0 + v * (y1 - y0);
      return { point: add([0, y, 0], scale(normal, torso([0, y, 0], normal))), normal };
    };
    shells.set(name, plateCage(name, surface, 4, 3, 0.01, 0.014));
  };
  torsoPlate('plate.chest', -52, 52, 1.13, 1.35);
  torsoPlate('plate.back', 128, 232, 1.13, 1.35);

  // Shoulder pads: rigid spherical caps over each shoulder at the skin's mean distance from the cap's centre, so
  // they sink into the shoulder's top and stand off its sides; bound to the upper arm.
  const shoulder = bodyRay(fit, ['torso', 'arm.L', 'arm.R']);
  for (const side of [1, -1]) {
    const name = side > 0 ? 'pad.L' : 'pad.R';
    const center: Vec3 = [side * 0.19, 1.26, 0];
    const axis = unit([side * 0.55, 1, 0]);
    const t1 = unit(cross(axis, [0, 0, 1]));
    const t2: Vec3 = [0, 0, 1];
    const spread = Math.tan(degrees(50));
    const direction = (u: number, v: number): Vec3 => unit(add(axis, scale(add(scale(t1, 2 * u - 1), scale(t2, 2 * v - 1)), spread)));
    const samples = [0, 0.5, 1].flatMap((u) => [0, 0.5, 1].map((v) => shoulder(center, direction(u, v))));
    const radius = samples.reduce((sum, r) => sum + r, 0) / samples.length + 0.006;
    shells.set(
      name,
      plateCage(name, (u, v) => ({ point: add(center, scale(direction(u, v), radius)), normal: direction(u, v) }), 3, 3, 0.008, 0.014),
    );
  }

  // Chest strap (a bandolier): a closed loop over the left shoulder, across the chest and the back to the right hip,
  // in the plane through both and the front-back axis; flat (4 cm wide), ≈ 4 mm into the skin and 7 mm out, so it
  // passes under the plates (12 mm out) and through the belt.
  {
    const top: Vec3 = [0.11, 1.4, 0];
    const bottom: Vec3 = [-0.16, 0.98, 0];
    const center = scale(add(top, bottom), 0.5);
    const w = unit(sub(top, bottom));
    const z: Vec3 = [0, 0, 1];
    const binormal = unit(cross(w, z));
    const stations = 20;
    const strapRay = bodyRay(fit, ['torso']);
    shells.set(
      'strap.chest',
      ringCage(
        'strap.chest',
        Array.from({ length: stations }, (_, i) => {
          const phi = (2 * Math.PI * i) / stations;
          const d = add(scale(w, Math.cos(phi)), scale(z, Math.sin(phi)));
          return { center: add(center, scale(d, strapRay(center, d))), normal: d, binormal };
        }),
        bandProfile(-0.005, 0.008, 0.022),
      ),
    );
  }

  // Holster on the right thigh's outer side, held by a strap around the thigh; both rigid on the thigh.
  {
    const legRay = bodyRay(fit, ['leg.R']);
    const axisPoint: Vec3 = [-0.1075, 0.72, 0];
    const stations = 12;
    const radii = Array.from({ length: stations }, (_, i) => legRay(axisPoint, around((2 * Math.PI * i) / stations)));
    shells.set('strap.thigh.R', levelBandCage('strap.thigh.R', axisPoint, radii, bandProfile(-0.005, 0.005, 0.014)));
    const out: Vec3 = [-1, 0, 0];
    const half: Vec3 = [0.045, 0.085, 0.026];
    const r = legRay([-0.1075, 0.68, 0], out);
    const up = unit([0, 1, 0.15]);
    shells.set(
      'holster.R',
      roundedBoxCage('holster.R', add([-0.1075, 0.68, 0], scale(out, r + half[2] - 0.012)), [unit(cross(up, out)), up, out], half, [3, 3, 2]),
    );
  }

  // Pack: a backpack over the back plate (cutting into it and the back), its own mesh, rigid on the chest.
  {
    const back: Vec3 = [0, 0, -1];
    const half: Vec3 = [0.11, 0.13, 0.06];
    const r = torso([0, 1.22, 0], back);
    shells.set('Pack', roundedBoxCage('Pack', add([0, 1.22, 0], scale(back, r + half[2] - 0.014)), [[-1, 0, 0], [0, 1, 0], back], half, [3, 3, 2]));
  }
  if (shells.size !== TEST_CHARACTER_GEAR.length || TEST_CHARACTER_GEAR.some((spec) => !shells.has(spec.name))) {
    throw new Error(`testCharacter gear: built [${[...shells.keys()]}], TEST_CHARACTER_GEAR lists [${TEST_CHARACTER_GEAR.map((spec) => spec.name)}]`);
  }
  return TEST_CHARACTER_GEAR.map((spec) => ({ spec, cage: shells.get(spec.name)! }));
}

/**
 * Skin weights of a gear shell: rigid on its one joint, or (several joints) the weights of the nearest body vertex
 * restricted to those joints and renormalized, as an artist transfers weights from the body and cleans them up (a
 * belt then deforms like the waist under it).
 */
function gearSkin(
  positions: Vec3[],
  jointIndices: number[],
  body: Vec3[],
  bodySkinned: { joints: Uint8Array; weights: Float32Array },
): { joints: Uint8Array; weights: Float32Array } {
  const count = positions.length;
  const joints = new Uint8Array(4 * count);
  const weights = new Float32Array(4 * count);
  if (jointIndices.length === 1) {
    for (let v = 0; v < count; v++) {
      joints[4 * v] = jointIndices[0];
      weights[4 * v] = 1;
    }
    return { joints, weights };
  }
  // Nearest body vertex through a uniform grid (cell = 4 cm of the cage), searched in growing shells of cells.
  const cell = 0.04;
  const key = (i: number, j: number, k: number): string => `${i},${j},${k}`;
  const grid = new Map<string, number[]>();
  body.forEach((p, b) => {
    const k = key(Math.floor(p[0] / cell), Math.floor(p[1] / cell), Math.floor(p[2] / cell));
    const list = grid.get(k);
    if (list) list.push(b);
    else grid.set(k, [b]);
  });
  for (let v = 0; v < count; v++) {
    const p = positions[v];
    const c = [Math.floor(p[0] / cell), Math.floor(p[1] / cell), Math.floor(p[2] / cell)];
    let best = -1;
    let bestDistance = Infinity;
    for (let radius = 0; best < 0 || radius * cell < bestDistance + cell; radius++) {
      for (let i = -radius; i <= radius; i++) {
        for (let j = -radius; j <= radius; j++) {
          for (let k = -radius; k <= radius; k++) {
            if (Math.max(Math.abs(i), Math.abs(j), Math.abs(k)) !== radius) continue;
            for (const b of grid.get(key(c[0] + i, c[1] + j, c[2] + k)) ?? []) {
              const d = norm(sub(body[b], p));
              if (d < bestDistance || (d === bestDistance && b < best)) {
                best = b;
                bestDistance = d;
              }
            }
          }
        }
      }
      if (radius > 100) throw new Error('testCharacter gear: no body vertex near a gear vertex');
    }
    const kept: [number, number][] = [];
    for (let i = 0; i < 4; i++) {
      const w = bodySkinned.weights[4 * best + i];
      if (w > 0 && jointIndices.includes(bodySkinned.joints[4 * best + i])) kept.push([bodySkinned.joints[4 * best + i], w]);
    }
    // A body vertex with none of the allowed joints (cannot happen where the gear lies on the torso): the first one.
    if (kept.length === 0) kept.push([jointIndices[0], 1]);
    const sum = kept.reduce((s, [, w]) => s + w, 0);
    const normalized = kept.map(([, w]) => Math.fround(w / sum));
    normalized[0] = Math.fround(1 - normalized.slice(1).reduce((s, w) => s + w, 0));
    kept.forEach(([j], i) => {
      joints[4 * v + i] = j;
      weights[4 * v + i] = normalized[i];
    });
  }
  return { joints, weights };
}

// ---------------------------------------------------------------------------------------------------------------
// Animation.

type Quat = [number, number, number, number];
const axisAngle = (axis: Vec3, angle: number): Quat => [
  axis[0] * Math.sin(angle / 2),
  axis[1] * Math.sin(angle / 2),
  axis[2] * Math.sin(angle / 2),
  Math.cos(angle / 2),
];
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
  for (const [suffix, offset, side] of [
    ['.L', 0, 1],
    ['.R', Math.PI, -1],
  ] as const) {
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
  for (const [suffix, side] of [
    ['.L', 1],
    ['.R', -1],
  ] as const) {
    const hip: Vec3 = [side * 0.1075, 0.95 + y + PELVIS_TO_HIP, 0];
    // Feet on the ground where they reach it; in the air they hang below the hip, tucked up a little.
    const reach = THIGH + SHIN - 0.01 - 0.12 * tuck;
    const ankle: Vec3 = [side * 0.1075, Math.max(0.1, hip[1] - reach), 0.02 * tuck];
    legPose(hip, ankle, suffix, rotations);
    const raise =
      t < takeOff
        ? -0.3 * smoothstep(t / 0.35) * (1 - smoothstep((t - 0.35) / 0.15))
        : t < touchDown
          ? 0.9 * tuck
          : 0.2 * Math.sin(Math.PI * Math.min(1, (t - touchDown) / 0.5));
    rotations[`upper_arm${suffix}`] = rotZ(side * raise);
  }
  const lean =
    t < takeOff
      ? 0.3 * smoothstep(t / 0.35) * (1 - smoothstep((t - 0.35) / 0.15))
      : t < touchDown
        ? 0
        : 0.25 * Math.sin(Math.PI * Math.min(1, (t - touchDown) / 0.5));
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
  for (const [suffix, side] of [
    ['.L', 1],
    ['.R', -1],
  ] as const) {
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
 * @param options  height (file units, default 1.6), subdivisions (default 2), rings (default 1), gear (default false)
 * @returns a glTF-Transform Document: one scene, meshes "Critter" (body + eyes, + one primitive per gear part) and
 *          "Visor" (+ "Pack" with gear), 28 joints, 3 clips
 */
export function testCharacterDocument(options: TestCharacterOptions = {}): Document {
  const height = options.height ?? 1.6;
  const subdivisions = options.subdivisions ?? 2;
  const rings = options.rings ?? 1;
  const gear = options.gear ?? false;
  if (!(height > 0) || !Number.isInteger(subdivisions) || subdivisions < 0 || subdivisions > 5 || !(rings === 1 || rings === 2)) {
    throw new RangeError(
      `testCharacterDocument: height must be > 0, subdivisions an integer in [0, 5] and rings 1 or 2 (got ${height}, ${subdivisions}, ${rings})`,
    );
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
  const accessor = (type: GLTF.AccessorType, array: Float32Array | Uint32Array | Uint16Array | Uint8Array): Accessor =>
    document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
  const material = (name: string, color: [number, number, number], roughness: number, metallic: number) =>
    document
      .createMaterial(name)
      .setBaseColorFactor([...color, 1])
      .setRoughnessFactor(roughness)
      .setMetallicFactor(metallic);

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

  const bodyTriangles = quadTriangles(built.body);
  const mesh = document.createMesh('Critter');
  mesh.addPrimitive(primitive(built.body.vertices, bodyTriangles, skin.joints, skin.weights, material('Critter skin', [0.35, 0.55, 0.3], 0.6, 0)));
  mesh.addPrimitive(
    primitive(built.eyes.positions, built.eyes.triangles, ...rigidToHead(built.eyes.positions.length), material('Critter eyes', [0.02, 0.02, 0.025], 0.15, 0)),
  );
  const visorMesh = document.createMesh('Visor');
  visorMesh.addPrimitive(
    primitive(built.visor.positions, built.visor.triangles, ...rigidToHead(built.visor.positions.length), material('Visor', [0.2, 0.35, 0.8], 0.3, 0.6)),
  );

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
  const sceneNode = document.createScene('Critter').addChild(critter).addChild(visor);
  if (gear) {
    // Gear resolution follows the body's: one Catmull-Clark level fewer on its finer cages gives edges about as long
    // as the body's (≈ 2 cm at the default level).
    const gearLevel = Math.max(0, subdivisions - 1);
    const jointOf = (name: string): number => {
      const j = built.joints.findIndex((joint) => joint.name === name);
      if (j < 0) throw new Error(`testCharacter gear: no joint "${name}"`);
      return j;
    };
    const materials = {
      leather: material('Gear leather', [0.36, 0.22, 0.12], 0.75, 0),
      metal: material('Gear metal', [0.45, 0.48, 0.52], 0.35, 0.8),
      webbing: material('Gear webbing', [0.3, 0.32, 0.2], 0.9, 0),
    };
    let packMesh: ReturnType<typeof document.createMesh> | null = null;
    for (const { spec, cage } of buildGear(built)) {
      let shell = cage;
      for (let level = 0; level < gearLevel; level++) shell = catmullClark(shell);
      const triangles = quadTriangles(shell);
      const gearWeights = gearSkin(shell.vertices, spec.joints.map(jointOf), built.body.vertices, skin);
      const part = primitive(shell.vertices, triangles, gearWeights.joints, gearWeights.weights, materials[spec.material]).setExtras({ name: spec.name });
      if (spec.mesh === 'Critter') mesh.addPrimitive(part);
      else (packMesh ??= document.createMesh(TEST_CHARACTER.meshes.pack)).addPrimitive(part);
    }
    if (packMesh) sceneNode.addChild(document.createNode(TEST_CHARACTER.meshes.pack).setMesh(packMesh).setSkin(skinNode));
  }
  root.setDefaultScene(sceneNode.addChild(armature));

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
 * The layered character's (gear: true) left arm from the shoulder out with the part of its pad over it, at rest:
 * x > 17 cm, 1.0 m < y < 1.35 m. The Pose tool's Self test and bench raise it.
 *
 * @param positions  #V×3 welded rest positions of "Critter"
 * @returns the arm's vertex indices, ascending
 */
export function layeredArmVertices(positions: ArrayLike<number>): number[] {
  const selected: number[] = [];
  for (let v = 0; v < positions.length / 3; v++) if (positions[3 * v] > 0.17 && positions[3 * v + 1] > 1.0 && positions[3 * v + 1] < 1.35) selected.push(v);
  return selected;
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
    if (
      Math.hypot(positions[3 * v] - positions[3 * tip], positions[3 * v + 1] - positions[3 * tip + 1], positions[3 * v + 2] - positions[3 * tip + 2]) <
      fraction * size
    )
      selected.push(v);
  }
  return selected;
}

/**
 * The test character as GLB bytes (see testCharacterDocument).
 *
 * @param options  height, subdivisions, rings and gear (TestCharacterOptions)
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
  const rings = value('--rings');
  const bytes = await testCharacterGlb({
    height: height ? Number(height) : undefined,
    subdivisions: subdivisions ? Number(subdivisions) : undefined,
    rings: rings ? Number(rings) : undefined,
    gear: process.argv.includes('--gear'),
  });
  writeFileSync(out, bytes);
  process.stderr.write(`test character: wrote ${out} (${bytes.byteLength} bytes)\n`);
}
