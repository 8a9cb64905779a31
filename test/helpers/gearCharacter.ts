/**
 * The generated test character (testCharacter.ts) with layered gear modelled as an artist would, for the tests of
 * gear that moves (issue 37): separate shells that are not the body, skinned like the body under them.
 *
 * Added to the "Critter" mesh, each its own primitive (a separate shell within the mesh):
 * - "belt": a closed band (4 cm tall, 1 cm thick) around the waist, 1 cm outside the skin: it wraps its host;
 * - "pouch.L", "pouch.R": boxes 10 × 12 × 5 cm hanging from the belt on the hips, 3 mm off the skin;
 * - "plate": a 20 × 16 × 1.5 cm plate on the chest, 5 mm in front of it.
 * And a separate mesh node "Holster" (sharing the skin): a 8 × 18 × 5 cm box on the right thigh, 3 mm off the skin.
 * Every gear vertex takes the skin of the body vertex nearest to its piece's top centre (a strap holds it there), the
 * belt's vertices each the skin of the body vertex nearest to them. The visor (a separate mesh on the head) and the
 * eyes come with the character.
 *
 * Deterministic; the gear touches the body only where a strap would (no intersection with the skin at rest).
 */
import { NodeIO, type Document, type Mesh } from '@gltf-transform/core';
import { vertexNormals } from '../../app/geometry/index.ts';
import { testCharacterDocument, type TestCharacterOptions } from './testCharacter.ts';

type Vec3 = [number, number, number];

/** Names of the gear, for tests that look at one piece. */
export const GEAR = {
  /** primitive indices in the "Critter" mesh (0 body, 1 eyes) */
  primitives: { belt: 2, pouchLeft: 3, pouchRight: 4, plate: 5 },
  holster: 'Holster',
} as const;

/**
 * The test character's document with the gear above.
 *
 * @param options  the character's options (height must stay 1.6: the gear is sized in meters)
 * @returns the document
 */
export function gearCharacterDocument(options: TestCharacterOptions = {}): Document {
  if (options.height !== undefined && options.height !== 1.6) throw new RangeError('gearCharacterDocument: the gear is sized for the 1.6 m character');
  const document = testCharacterDocument(options);
  const root = document.getRoot();
  const critter = root.listNodes().find((n) => n.getName() === 'Critter')!;
  const mesh = critter.getMesh()!;
  const skin = critter.getSkin()!;
  const body = mesh.listPrimitives()[0];
  const bodyPositions = body.getAttribute('POSITION')!.getArray() as Float32Array;
  const bodyJoints = body.getAttribute('JOINTS_0')!.getArray()!;
  const bodyWeights = body.getAttribute('WEIGHTS_0')!.getArray()!;
  const bodyCount = bodyPositions.length / 3;
  const buffer = root.listBuffers()[0];
  const gearMaterial = document.createMaterial('Gear').setBaseColorFactor([0.45, 0.3, 0.15, 1]).setRoughnessFactor(0.7);

  // Only the torso and thighs carry gear (the arms hang beside the waist in the A-pose).
  const jointNames = skin.listJoints().map((j) => j.getName());
  const carriers = new Set(['pelvis', 'spine', 'chest', 'thigh.L', 'thigh.R'].map((name) => jointNames.indexOf(name)));
  const carries = new Uint8Array(bodyCount);
  for (let v = 0; v < bodyCount; v++) {
    let dominant = 0;
    for (let k = 1; k < 4; k++) if (bodyWeights[4 * v + k] > bodyWeights[4 * v + dominant]) dominant = k;
    carries[v] = carriers.has(bodyJoints[4 * v + dominant]) ? 1 : 0;
  }
  const nearestBody = (p: Vec3): number => {
    let best = 0;
    let bestDistance = Infinity;
    for (let v = 0; v < bodyCount; v++) {
      if (!carries[v]) continue;
      const d = (bodyPositions[3 * v] - p[0]) ** 2 + (bodyPositions[3 * v + 1] - p[1]) ** 2 + (bodyPositions[3 * v + 2] - p[2]) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = v;
      }
    }
    return best;
  };
  /** The body's surface along the ray from `from` in direction `direction` (the farthest body vertex near the ray). */
  const surfaceAlong = (from: Vec3, direction: Vec3, radius: number): number => {
    let reach = 0;
    for (let v = 0; v < bodyCount; v++) {
      if (!carries[v]) continue;
      const d: Vec3 = [bodyPositions[3 * v] - from[0], bodyPositions[3 * v + 1] - from[1], bodyPositions[3 * v + 2] - from[2]];
      const along = d[0] * direction[0] + d[1] * direction[1] + d[2] * direction[2];
      const off = Math.hypot(d[0] - along * direction[0], d[1] - along * direction[1], d[2] - along * direction[2]);
      if (along > 0 && off < radius) reach = Math.max(reach, along);
    }
    return reach;
  };

  const addPrimitive = (target: Mesh, positions: Vec3[], triangles: number[], skinOf: (p: Vec3, i: number) => number): void => {
    const flat = new Float32Array(positions.flat());
    const joints = new Uint8Array(4 * positions.length);
    const weights = new Float32Array(4 * positions.length);
    positions.forEach((p, i) => {
      const v = skinOf(p, i);
      for (let k = 0; k < 4; k++) {
        joints[4 * i + k] = bodyJoints[4 * v + k];
        weights[4 * i + k] = bodyWeights[4 * v + k];
      }
    });
    const indices = new Uint16Array(triangles);
    const normals = vertexNormals(flat, indices, positions.length, new Float32Array(flat.length));
    const accessor = (type: 'VEC3' | 'VEC4' | 'SCALAR', array: Float32Array | Uint8Array | Uint16Array) => document.createAccessor().setType(type).setArray(array).setBuffer(buffer);
    target.addPrimitive(
      document
        .createPrimitive()
        .setAttribute('POSITION', accessor('VEC3', flat))
        .setAttribute('NORMAL', accessor('VEC3', normals))
        .setAttribute('JOINTS_0', accessor('VEC4', joints))
        .setAttribute('WEIGHTS_0', accessor('VEC4', weights))
        .setIndices(accessor('SCALAR', indices))
        .setMaterial(gearMaterial),
    );
  };

  // The belt: a band around the waist, 1 cm outside the skin in every direction of the horizontal plane.
  const beltHeight = 0.93;
  const beltCentre: Vec3 = [0, beltHeight, -0.02];
  const segments = 48;
  const belt: Vec3[] = [];
  for (let s = 0; s < segments; s++) {
    const angle = (2 * Math.PI * s) / segments;
    const direction: Vec3 = [Math.sin(angle), 0, Math.cos(angle)];
    const radius = surfaceAlong(beltCentre, direction, 0.03) + 0.01;
    for (const [r, dy] of [[radius, -0.02], [radius + 0.01, -0.02], [radius + 0.01, 0.02], [radius, 0.02]] as const) {
      belt.push([beltCentre[0] + r * direction[0], beltCentre[1] + dy, beltCentre[2] + r * direction[2]]);
    }
  }
  const beltTriangles: number[] = [];
  for (let s = 0; s < segments; s++) {
    const a = 4 * s;
    const b = 4 * ((s + 1) % segments);
    for (let k = 0; k < 4; k++) {
      const k1 = (k + 1) % 4;
      beltTriangles.push(a + k, b + k, b + k1, a + k, b + k1, a + k1);
    }
  }
  addPrimitive(mesh, belt, beltTriangles, (p) => nearestBody(p));

  /**
   * A box hanging from `top` (its top centre, on the skin's outward side), `width` along `across`, `height` down, `depth`
   * outward along `out`, `gap` off the skin; skinned like the body vertex nearest to its top centre.
   */
  const box = (target: Mesh, top: Vec3, out: Vec3, across: Vec3, width: number, height: number, depth: number, gap: number): void => {
    const reach = surfaceAlong([top[0] - 0.3 * out[0], top[1], top[2] - 0.3 * out[2]], out, 0.5 * Math.min(width, height));
    const inner: Vec3 = [top[0] - 0.3 * out[0] + (reach + gap) * out[0], top[1], top[2] - 0.3 * out[2] + (reach + gap) * out[2]];
    const corners: Vec3[] = [];
    for (const d of [0, depth]) {
      for (const [a, h] of [[-0.5, 0], [0.5, 0], [0.5, -height], [-0.5, -height]] as const) {
        corners.push([inner[0] + a * width * across[0] + d * out[0], inner[1] + h, inner[2] + a * width * across[2] + d * out[2]]);
      }
    }
    // Outward-facing quads of the box (inner face 0-3, outer face 4-7).
    const quads = [[0, 3, 2, 1], [4, 5, 6, 7], [0, 1, 5, 4], [1, 2, 6, 5], [2, 3, 7, 6], [3, 0, 4, 7]];
    const triangles: number[] = [];
    for (const [a, b, c, d] of quads) triangles.push(a, b, c, a, c, d);
    // Orientation: flip every triangle if the box came out inside-out (a negative signed volume).
    let volume = 0;
    for (let t = 0; t < triangles.length; t += 3) {
      const [p, q, r] = [corners[triangles[t]], corners[triangles[t + 1]], corners[triangles[t + 2]]];
      volume += p[0] * (q[1] * r[2] - q[2] * r[1]) - p[1] * (q[0] * r[2] - q[2] * r[0]) + p[2] * (q[0] * r[1] - q[1] * r[0]);
    }
    if (volume < 0) for (let t = 0; t < triangles.length; t += 3) [triangles[t + 1], triangles[t + 2]] = [triangles[t + 2], triangles[t + 1]];
    const anchor = nearestBody(inner);
    addPrimitive(target, corners, triangles, () => anchor);
  };
  box(mesh, [0.2, beltHeight - 0.01, -0.02], [1, 0, 0], [0, 0, 1], 0.1, 0.12, 0.05, 0.003);
  box(mesh, [-0.2, beltHeight - 0.01, -0.02], [-1, 0, 0], [0, 0, 1], 0.1, 0.12, 0.05, 0.003);
  box(mesh, [0, 1.2, 0.1], [0, 0, 1], [1, 0, 0], 0.2, 0.16, 0.015, 0.005);
  const holsterMesh = document.createMesh(GEAR.holster);
  box(holsterMesh, [-0.17, 0.74, 0], [-1, 0, 0], [0, 0, 1], 0.08, 0.18, 0.05, 0.003);
  const holster = document.createNode(GEAR.holster).setMesh(holsterMesh).setSkin(skin);
  root.listScenes()[0].addChild(holster);
  return document;
}

/** The gear character as GLB bytes (gearCharacterDocument). */
export async function gearCharacterGlb(options: TestCharacterOptions = {}): Promise<Uint8Array> {
  return new NodeIO().writeBinary(gearCharacterDocument(options));
}
