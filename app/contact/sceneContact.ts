import type { VbdModel } from '../solvers/vbd/index.ts';
import { contactDefaults } from './contactDefaults.ts';
import { ogcContact, type OgcContact } from './ogcContact.ts';
import { tetSurfaceTriangles } from './tetSurfaceTriangles.ts';
import { vertexContactPoints } from './vertexContactPoints.ts';

/** The contact of an `overlap simulate` scene: the OGC contact and the per-frame update of its colliders. */
export interface SceneContact {
  readonly contact: OgcContact;
  /** before stepping frame f (from pose f − 1 to pose f): moves the colliders along their animation */
  setFrame(frame: number): void;
}

const CONTACT_FIELDS = ['selfContact', 'planes', 'colliders', 'radius', 'stiffness', 'friction', 'frictionVelocity'];
const COLLIDER_FIELDS = ['vertices', 'triangles', 'animation'];

/**
 * The `contact` field of a scene file (docs/scene-format.md) as OGC contact for the scene's model (seed 000 ch. 5):
 * the contact surface is the scene's triangles (cloth), else the boundary of its tetrahedra, else its vertices alone
 * (against planes and colliders); colliders are triangle meshes that move along their own poses, frame by frame;
 * planes are n·x + o ≥ 0 outside. Radius and stiffness default to contactDefaults (0.25 × the mean edge, m̄/h²).
 * Every problem throws an Error naming the field (`contact.colliders[0].triangles[2] uses vertex 9, but there are 8
 * vertices`), for the CLI to print as `overlap: SCENE.json: …`.
 *
 * @param json      the decoded `contact` value
 * @param model     the scene's model (its triangles or tetrahedra, masses)
 * @param timeStep  the substep h [s] (for the default stiffness)
 * @returns the contact and its frame update
 */
export function sceneContact(json: unknown, model: VbdModel, timeStep: number): SceneContact {
  const field = object(json, '"contact"');
  for (const key of Object.keys(field))
    if (!CONTACT_FIELDS.includes(key)) throw new Error(`unknown field "contact.${key}" (expected one of: ${CONTACT_FIELDS.join(', ')})`);
  const selfContact = field.selfContact === undefined ? true : boolean(field.selfContact, 'contact.selfContact');
  const triangles = model.triangleCount > 0 ? model.triangleVertices : model.tetCount > 0 ? tetSurfaceTriangles(model.tetVertices) : new Uint32Array(0);

  const planes: number[] = [];
  if (field.planes !== undefined) {
    array(field.planes, 'contact.planes').forEach((plane, i) => {
      const values = numbers(plane, `contact.planes[${i}]`, 4);
      if (!(Math.hypot(values[0], values[1], values[2]) > 0)) throw new Error(`"contact.planes[${i}]" has a zero normal`);
      planes.push(...values);
    });
  }

  const colliders: Array<{ poses: Float64Array[]; triangles: number[] }> = [];
  if (field.colliders !== undefined) {
    array(field.colliders, 'contact.colliders').forEach((value, c) => {
      const where = `contact.colliders[${c}]`;
      const collider = object(value, `"${where}"`);
      for (const key of Object.keys(collider))
        if (!COLLIDER_FIELDS.includes(key)) throw new Error(`unknown field "${where}.${key}" (expected one of: ${COLLIDER_FIELDS.join(', ')})`);
      const vertices = array(collider.vertices, `${where}.vertices`).flatMap((row, i) => numbers(row, `${where}.vertices[${i}]`, 3));
      const count = vertices.length / 3;
      if (count === 0) throw new Error(`"${where}.vertices" is empty`);
      const list = array(collider.triangles, `${where}.triangles`).flatMap((row, i) => {
        const corners = numbers(row, `${where}.triangles[${i}]`, 3);
        for (const v of corners)
          if (!Number.isInteger(v) || v < 0 || v >= count) throw new Error(`"${where}.triangles[${i}]" uses vertex ${v}, but there are ${count} vertices`);
        return corners;
      });
      const poses = [Float64Array.from(vertices)];
      if (collider.animation !== undefined) {
        const frames = array(collider.animation, `${where}.animation`);
        if (frames.length === 0) throw new Error(`"${where}.animation" is empty`);
        poses.length = 0;
        frames.forEach((pose, f) => {
          const values = array(pose, `${where}.animation[${f}]`).flatMap((row, i) => numbers(row, `${where}.animation[${f}][${i}]`, 3));
          if (values.length !== 3 * count) throw new Error(`"${where}.animation[${f}]" has ${values.length / 3} vertices, expected ${count}`);
          poses.push(Float64Array.from(values));
        });
      }
      colliders.push({ poses, triangles: list });
    });
  }

  const defaults = contactDefaults(model.restPositions, triangles.length > 0 ? triangles : [], model.masses, timeStep);
  const radius = field.radius === undefined ? defaults.radius : positive(field.radius, 'contact.radius');
  const stiffness = field.stiffness === undefined ? defaults.stiffness : positive(field.stiffness, 'contact.stiffness');
  const friction = field.friction === undefined ? 0.3 : nonNegative(field.friction, 'contact.friction');
  const frictionVelocity = field.frictionVelocity === undefined ? 0.01 : positive(field.frictionVelocity, 'contact.frictionVelocity');

  let obstacleVertexCount = 0;
  const obstacleTriangles: number[] = [];
  for (const c of colliders) {
    for (const v of c.triangles) obstacleTriangles.push(v + obstacleVertexCount);
    obstacleVertexCount += c.poses[0].length / 3;
  }
  const contact = ogcContact({
    simulationVertexCount: model.vertexCount,
    ...vertexContactPoints(null, model.vertexCount),
    triangles,
    selfContact,
    obstacleVertexCount,
    obstacleTriangles,
    planes,
    radius,
    stiffness,
    friction,
    frictionVelocity,
  });
  const start = new Float64Array(3 * obstacleVertexCount);
  const end = new Float64Array(3 * obstacleVertexCount);
  const fill = (out: Float64Array, frame: number) => {
    let offset = 0;
    for (const c of colliders) {
      out.set(c.poses[Math.min(Math.max(frame, 0), c.poses.length - 1)], offset);
      offset += c.poses[0].length;
    }
  };
  return {
    contact,
    setFrame(frame) {
      fill(start, frame - 1);
      fill(end, frame);
      contact.setFrame({ obstacleStart: start, obstacleEnd: end });
    },
  };
}

function object(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} must be an object`);
  return value as Record<string, unknown>;
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`"${what}" must be an array`);
  return value;
}

function numbers(value: unknown, what: string, length: number): number[] {
  if (!Array.isArray(value) || value.length !== length || !value.every((x) => typeof x === 'number' && Number.isFinite(x)))
    throw new Error(`"${what}" must be ${length} finite numbers`);
  return value as number[];
}

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`"${what}" must be true or false`);
  return value;
}

function positive(value: unknown, what: string): number {
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value))
    throw new Error(`"${what}" must be a positive number, got ${JSON.stringify(value)}`);
  return value;
}

function nonNegative(value: unknown, what: string): number {
  if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) throw new Error(`"${what}" must be a number ≥ 0, got ${JSON.stringify(value)}`);
  return value;
}
