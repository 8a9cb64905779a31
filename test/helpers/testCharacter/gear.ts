/**
 * The test character's gear (test/helpers/testCharacter.ts, option `gear`): separate shells that cut into the body
 * and into each other, as on a bought game asset, and their skin weights. See the DESIGN NOTES in testCharacter.ts.
 */
import { type Built } from './body.ts';
import { bodyRay, type Cage, catmullClark, gridBox } from './cage.ts';
import { type GearPartSpec, TEST_CHARACTER_GEAR } from './names.ts';
import { add, cross, dot, norm, scale, sub, unit, type Vec3 } from './vector.ts';

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
export function buildGear(built: Built): GearShell[] {
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
export function gearSkin(
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
