/**
 * The test character's skeleton and body (test/helpers/testCharacter.ts): the box-modelled cage, its bones, the eyes
 * and the visor, and the distance-based skin weights (bind positions before the final normalization to `height`;
 * built for a ≈1.7 m cage). See the DESIGN NOTES in testCharacter.ts.
 */
import { bodyRay, type Cage, catmullClark, extrudeFace, faceCenter, faceNormal, facing, gridBox, type Part } from './cage.ts';
import { add, cross, norm, scale, segmentDistance, sub, unit, type Vec3 } from './vector.ts';

interface JointSpec {
  name: string;
  parent: number;
  head: Vec3;
  /** end of the bone (the child's head, or where a leaf bone ends) */
  tail: Vec3;
}

export interface Built {
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

export function buildCharacter(subdivisions: number, rings: number): Built {
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
export function bodySkin(built: Built, height: number): { joints: Uint8Array; weights: Float32Array } {
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
