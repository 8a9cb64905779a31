import { jsonValueText } from '../../io/index.ts';
import { createVbdModel } from './createVbdModel.ts';
import { blendStiffness } from './blendStiffness.ts';
import { MAX_POISSON_RATIO } from './lameParameters.ts';
import { vertexHessianScaleProblem } from './vertexHessianScaleProblem.ts';
import { createVbdState } from './createVbdState.ts';
import type { VbdControls, VbdInitialization, VbdMaterial, VbdModel, VbdModelDescription, VbdState } from './types.ts';

/** A standalone VBD scene, as `overlap simulate` runs it (format: docs/scene-format.md). */
export interface VbdScene {
  model: VbdModel;
  state: VbdState;
  /** number of frames to simulate */
  frames: number;
  /** seconds per frame */
  timeStep: number;
  /** controls shared by every frame (targets are set per frame from `animation`) */
  controls: VbdControls;
  /** poses a(t) at frame times 0, 1, 2, … (#V×3 each); frame f blends toward pose f+1 (the last pose holds) */
  animation: Float64Array[];
  /** the scene's `contact` field as decoded, validated by app/contact sceneContact (absent: no contact) */
  contact?: unknown;
}

const MATERIAL_MODELS = ['neohookean', 'stvk', 'spring'] as const;
const INITIALIZATIONS: VbdInitialization[] = ['previous', 'inertia', 'inertiaAcceleration', 'adaptive'];
const SCENE_FIELDS = [
  'vertices',
  'tetrahedra',
  'triangles',
  'edges',
  'material',
  'fixed',
  'gravity',
  'timeStep',
  'substeps',
  'iterations',
  'frames',
  'initialVelocities',
  'initialPositions',
  'quasistatic',
  'initialization',
  'chebyshevRho',
  'lineSearch',
  'blendWeights',
  'animation',
  'attachmentStiffness',
  'description',
  'contact',
];
const MATERIAL_FIELDS = ['model', 'youngsModulus', 'poissonRatio', 'density', 'damping', 'thickness', 'crossSectionArea', 'bendingStiffness'];

/**
 * Parses and validates a scene object (already JSON-decoded) into a model, an initial state and controls. Every
 * problem throws an Error whose message names the field and what is wrong (`tetrahedra[3] uses vertex 12, but there
 * are 10 vertices`), for the CLI to print as `overlap: SCENE.json: …`.
 *
 * @param json  the decoded scene
 * @returns the scene ready for `step`
 */
export function vbdSceneFromJson(json: unknown): VbdScene {
  const scene = object(json, 'the scene');
  for (const key of Object.keys(scene))
    if (!SCENE_FIELDS.includes(key)) throw new Error(`unknown field "${key}" (expected one of: ${SCENE_FIELDS.join(', ')})`);
  const vertices = rows(required(scene, 'vertices'), 'vertices', 3);
  const vertexCount = vertices.length / 3;
  if (vertexCount === 0) throw new Error('"vertices" is empty');
  const tetrahedra = optionalIndexRows(scene, 'tetrahedra', 4, vertexCount);
  const triangles = optionalIndexRows(scene, 'triangles', 3, vertexCount);
  const edges = optionalIndexRows(scene, 'edges', 2, vertexCount);
  if (!tetrahedra && !triangles && !edges) throw new Error('the scene has no elements: give "tetrahedra", "triangles" or "edges"');

  const materialValue = required(scene, 'material');
  const materialList = Array.isArray(materialValue) ? materialValue : [materialValue];
  const materials = new Map<string, VbdMaterial>();
  materialList.forEach((value, index) => {
    const where = Array.isArray(materialValue) ? `material[${index}]` : 'material';
    const m = object(value, `"${where}"`);
    for (const key of Object.keys(m))
      if (!MATERIAL_FIELDS.includes(key)) throw new Error(`unknown field "${where}.${key}" (expected one of: ${MATERIAL_FIELDS.join(', ')})`);
    const model = required(m, 'model', where);
    if (typeof model !== 'string' || !(MATERIAL_MODELS as readonly string[]).includes(model)) {
      throw new Error(`"${where}.model" must be one of ${MATERIAL_MODELS.map((s) => `"${s}"`).join(', ')}, got ${jsonValueText(model)}`);
    }
    if (materials.has(model)) throw new Error(`two materials with model "${model}"; give one per model`);
    const material: VbdMaterial = {
      youngsModulus: positiveNumber(required(m, 'youngsModulus', where), `${where}.youngsModulus`),
      poissonRatio: finiteNumber(required(m, 'poissonRatio', where), `${where}.poissonRatio`),
      density: positiveNumber(required(m, 'density', where), `${where}.density`),
      damping: m.damping === undefined ? 0 : nonNegativeNumber(m.damping, `${where}.damping`),
    };
    if (!(material.poissonRatio > -1 && material.poissonRatio <= MAX_POISSON_RATIO)) {
      throw new Error(`"${where}.poissonRatio" must be in (-1, ${MAX_POISSON_RATIO}], got ${material.poissonRatio} (closer to 0.5 the solver diverges)`);
    }
    if (m.thickness !== undefined) material.thickness = positiveNumber(m.thickness, `${where}.thickness`);
    if (m.crossSectionArea !== undefined) material.crossSectionArea = positiveNumber(m.crossSectionArea, `${where}.crossSectionArea`);
    if (m.bendingStiffness !== undefined) material.bendingStiffness = nonNegativeNumber(m.bendingStiffness, `${where}.bendingStiffness`);
    materials.set(model, material);
  });
  const needs = (list: Uint32Array | undefined, field: string, model: string) => {
    if (list && !materials.has(model)) throw new Error(`"${field}" need a material with model "${model}"`);
    if (!list && materials.has(model)) throw new Error(`material model "${model}" needs "${field}"`);
  };
  needs(tetrahedra, 'tetrahedra', 'neohookean');
  needs(triangles, 'triangles', 'stvk');
  needs(edges, 'edges', 'spring');

  const description: VbdModelDescription = { restPositions: vertices };
  if (tetrahedra) description.tetrahedra = { vertices: tetrahedra, materials: materials.get('neohookean') as VbdMaterial };
  if (triangles) description.triangles = { vertices: triangles, materials: materials.get('stvk') as VbdMaterial };
  if (edges) description.springs = { vertices: edges, materials: materials.get('spring') as VbdMaterial };
  let model: VbdModel;
  try {
    model = createVbdModel(description);
  } catch (error) {
    throw new Error((error as Error).message.replace(/^createVbdModel: /, ''));
  }
  for (let v = 0; v < vertexCount; v++) {
    if (!(model.masses[v] > 0)) throw new Error(`vertex ${v} belongs to no element (it has no mass)`);
  }

  const timeStep = positiveNumber(required(scene, 'timeStep'), 'timeStep');
  const frames = integer(required(scene, 'frames'), 'frames', 1);
  const substeps = scene.substeps === undefined ? 1 : integer(scene.substeps, 'substeps', 1);
  const iterations = scene.iterations === undefined ? 10 : integer(scene.iterations, 'iterations', 1);
  const gravity = scene.gravity === undefined ? [0, -9.81, 0] : Array.from(rows([scene.gravity], 'gravity', 3));
  const positions = scene.initialPositions === undefined ? vertices : rows(scene.initialPositions, 'initialPositions', 3, vertexCount);
  const velocities = scene.initialVelocities === undefined ? undefined : rows(scene.initialVelocities, 'initialVelocities', 3, vertexCount);
  const state = createVbdState(model, { positions, velocities });

  const weights = new Float64Array(vertexCount).fill(1);
  if (scene.blendWeights !== undefined) {
    const list = array(scene.blendWeights, 'blendWeights');
    if (list.length !== vertexCount) throw new Error(`"blendWeights" has ${list.length} values, expected one per vertex (${vertexCount})`);
    list.forEach((w, v) => {
      const value = finiteNumber(w, `blendWeights[${v}]`);
      if (value < 0 || value > 1) throw new Error(`"blendWeights[${v}]" must be in [0, 1], got ${value}`);
      weights[v] = value;
    });
  }
  if (scene.fixed !== undefined) {
    array(scene.fixed, 'fixed').forEach((value, k) => {
      const v = integer(value, `fixed[${k}]`, 0);
      if (v >= vertexCount) throw new Error(`"fixed[${k}]" is vertex ${v}, but there are ${vertexCount} vertices`);
      weights[v] = 0;
    });
  }
  const animation =
    scene.animation === undefined ? [vertices] : array(scene.animation, 'animation').map((pose, f) => rows(pose, `animation[${f}]`, 3, vertexCount));
  if (animation.length === 0) throw new Error('"animation" is empty');

  const controls: VbdControls = { gravity, substeps, iterations, blendWeights: weights, residuals: 'final' };
  if (scene.quasistatic !== undefined) controls.quasistatic = boolean(scene.quasistatic, 'quasistatic');
  if (scene.lineSearch !== undefined) controls.lineSearch = boolean(scene.lineSearch, 'lineSearch');
  if (scene.initialization !== undefined) {
    if (!INITIALIZATIONS.includes(scene.initialization as VbdInitialization)) {
      throw new Error(`"initialization" must be one of ${INITIALIZATIONS.map((s) => `"${s}"`).join(', ')}, got ${jsonValueText(scene.initialization)}`);
    }
    controls.initialization = scene.initialization as VbdInitialization;
  }
  if (scene.chebyshevRho !== undefined) {
    const rho = finiteNumber(scene.chebyshevRho, 'chebyshevRho');
    if (!(rho >= 0 && rho < 1)) throw new Error(`"chebyshevRho" must be in [0, 1), got ${rho}`);
    controls.chebyshevRho = rho;
  }
  const sceneKappa = scene.attachmentStiffness === undefined ? undefined : nonNegativeNumber(scene.attachmentStiffness, 'attachmentStiffness');
  if (sceneKappa !== undefined) controls.attachmentStiffness = sceneKappa;
  // The check step() makes, made here so a scene no solve can work with is refused as the file's problem, before it runs.
  const kappa = sceneKappa ?? 1000;
  const pinned = Uint8Array.from(weights, (w) => (w === 0 ? 1 : 0));
  const attachment = Float64Array.from(weights, (w, v) => (w === 0 ? 0 : blendStiffness(model.masses[v], w, kappa)));
  const h = timeStep / substeps;
  const scaleProblem = vertexHessianScaleProblem(model, pinned, attachment, controls.quasistatic ? 0 : 1 / (h * h));
  if (scaleProblem) throw new Error(scaleProblem);
  return { model, state, frames, timeStep, controls, animation, ...(scene.contact !== undefined ? { contact: scene.contact } : {}) };
}

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} must be a JSON object`);
  return value as Json;
}

function required(o: Json, key: string, parent?: string): unknown {
  if (o[key] === undefined) throw new Error(`missing field "${parent ? `${parent}.` : ''}${key}"`);
  return o[key];
}

function array(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`"${field}" must be an array`);
  return value;
}

function finiteNumber(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`"${field}" must be a finite number, got ${jsonValueText(value)}`);
  return value;
}

function positiveNumber(value: unknown, field: string): number {
  const n = finiteNumber(value, field);
  if (!(n > 0)) throw new Error(`"${field}" must be > 0, got ${n}`);
  return n;
}

function nonNegativeNumber(value: unknown, field: string): number {
  const n = finiteNumber(value, field);
  if (!(n >= 0)) throw new Error(`"${field}" must be ≥ 0, got ${n}`);
  return n;
}

function integer(value: unknown, field: string, minimum: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum)
    throw new Error(`"${field}" must be an integer ≥ ${minimum}, got ${jsonValueText(value)}`);
  return value;
}

function boolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') throw new Error(`"${field}" must be true or false, got ${jsonValueText(value)}`);
  return value;
}

/** [[x, y, z], …] → flat Float64Array, each row `width` finite numbers (and `count` rows when given). */
function rows(value: unknown, field: string, width: number, count?: number): Float64Array {
  const list = array(value, field);
  if (count !== undefined && list.length !== count) throw new Error(`"${field}" has ${list.length} rows, expected ${count} (one per vertex)`);
  const out = new Float64Array(width * list.length);
  list.forEach((row, r) => {
    const name = field === 'gravity' ? 'gravity' : `${field}[${r}]`;
    if (!Array.isArray(row) || row.length !== width) throw new Error(`"${name}" must be an array of ${width} numbers`);
    row.forEach((v, k) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`"${name}" has a non-finite value: ${jsonValueText(v)}`);
      out[width * r + k] = v;
    });
  });
  return out;
}

function optionalIndexRows(scene: Json, field: string, width: number, vertexCount: number): Uint32Array | undefined {
  if (scene[field] === undefined) return undefined;
  const list = array(scene[field], field);
  if (list.length === 0) return undefined;
  const out = new Uint32Array(width * list.length);
  list.forEach((row, r) => {
    if (!Array.isArray(row) || row.length !== width) throw new Error(`"${field}[${r}]" must be an array of ${width} vertex indices`);
    row.forEach((v, k) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new Error(`"${field}[${r}]" has an invalid vertex index: ${jsonValueText(v)}`);
      if (v >= vertexCount) throw new Error(`"${field}[${r}]" uses vertex ${v}, but there are ${vertexCount} vertices`);
      out[width * r + k] = v;
    });
  });
  return out;
}
