import { mat3Determinant, mat3Inverse } from '../../math/mat3/index.ts';
import { colorVertexGraph } from './colorVertexGraph.ts';
import { dihedralAngle } from './evaluateDihedralBendingForceHessian.ts';
import { dihedralHinges } from './dihedralHinges.ts';
import { lameParameters } from './lameParameters.ts';
import type { VbdElementSet, VbdMaterial, VbdModel, VbdModelDescription } from './types.ts';
import { vertexElementAdjacency } from './vertexElementAdjacency.ts';
import { vertexNeighborGraph } from './vertexNeighborGraph.ts';

/** Defaults of the optional material fields. */
export const VBD_MATERIAL_DEFAULTS = { thickness: 0.001, crossSectionArea: 1e-4 } as const;

/**
 * Builds the immutable VBD model (seed 000 ch. 3) from a rest shape and element lists: lumped masses, per-element rest
 * shapes and Lamé parameters, dihedral hinges on the triangles' interior edges, per-vertex CSR adjacency of every
 * element kind, and the vertex coloring (§3.1.9).
 *
 * - Tetrahedra: D_m = [x1−x0, x2−x0, x3−x0] must have det > 0 (positively oriented); inverted or degenerate
 *   (|det D_m| ≤ 1e-9·ℓ³, ℓ the longest edge) tets are rejected. Mass ρV/4 per vertex.
 * - Triangles: rest shape in the triangle's own plane; area ≤ 1e-9·ℓ² is degenerate. Membrane moduli μt and
 *   plane-stress λt; mass ρtA/3. Hinge stiffness k_e = D·l̄²/(Ā₁+Ā₂) with D the plate bending stiffness: on an
 *   equilateral mesh rolled into a cylinder the hinge sum equals the plate energy D/2·κ²·A (measured 1.00 ± 0.01
 *   for either roll direction, see the bending test). Cylindrical (developable) bending is the mode of nearly
 *   inextensible cloth; doubly curved bending is not calibrated (a sphere gets about 2/3 of the ν = 0 plate energy).
 * - Springs: k = E·A/L₀, mass ρAL₀/2 per end; zero rest length is rejected.
 *
 * @param description  rest positions (#V×3 [m]) and element sets; see VbdModelDescription
 * @returns the model; throws an Error naming the element and the problem for bad input
 */
export function createVbdModel(description: VbdModelDescription): VbdModel {
  const rest = Float64Array.from(description.restPositions);
  if (rest.length % 3 !== 0) throw new Error(`createVbdModel: restPositions has ${rest.length} numbers, not a multiple of 3`);
  for (let k = 0; k < rest.length; k++) {
    if (!Number.isFinite(rest[k])) throw new Error(`createVbdModel: vertex ${Math.floor(k / 3)} has a non-finite coordinate`);
  }
  const vertexCount = rest.length / 3;
  const masses = new Float64Array(vertexCount);

  // tetrahedra
  const tets = elementIndices(description.tetrahedra, 4, vertexCount, 'tetrahedron');
  const tetCount = tets.length / 4;
  const tetMaterials = elementMaterials(description.tetrahedra, tetCount, 'tetrahedron');
  const tetRestShapeInverse = new Float64Array(9 * tetCount);
  const tetRestVolumes = new Float64Array(tetCount);
  const tetMu = new Float64Array(tetCount);
  const tetLambda = new Float64Array(tetCount);
  const tetDamping = new Float64Array(tetCount);
  for (let t = 0; t < tetCount; t++) {
    const [a, b, c, d] = [tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]];
    const m = edgeMatrix(rest, a, [b, c, d]);
    const determinant = mat3Determinant(m);
    let longest = 0;
    const corners = [a, b, c, d];
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) longest = Math.max(longest, distance(rest, corners[p], corners[q]));
    if (!(Math.abs(determinant) > 1e-9 * longest ** 3)) {
      throw new Error(`createVbdModel: tetrahedron ${t} (${a} ${b} ${c} ${d}) is degenerate (zero volume)`);
    }
    if (determinant < 0) {
      throw new Error(`createVbdModel: tetrahedron ${t} (${a} ${b} ${c} ${d}) is inverted (negative volume); swap two of its vertices`);
    }
    mat3Inverse(m, tetRestShapeInverse.subarray(9 * t, 9 * t + 9), determinant);
    const volume = determinant / 6;
    tetRestVolumes[t] = volume;
    const material = tetMaterials[t];
    const { mu, lambda } = lameParameters(material.youngsModulus, material.poissonRatio);
    tetMu[t] = mu;
    tetLambda[t] = lambda;
    tetDamping[t] = material.damping;
    for (const v of corners) masses[v] += (material.density * volume) / 4;
  }

  // triangles
  const triangles = elementIndices(description.triangles, 3, vertexCount, 'triangle');
  const triangleCount = triangles.length / 3;
  const triangleMaterials = elementMaterials(description.triangles, triangleCount, 'triangle');
  const triangleRestShapeInverse = new Float64Array(4 * triangleCount);
  const triangleRestAreas = new Float64Array(triangleCount);
  const triangleMu = new Float64Array(triangleCount);
  const triangleLambda = new Float64Array(triangleCount);
  const triangleDamping = new Float64Array(triangleCount);
  const triangleBending = new Float64Array(triangleCount);
  for (let t = 0; t < triangleCount; t++) {
    const [a, b, c] = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]];
    const e1 = [0, 1, 2].map((k) => rest[3 * b + k] - rest[3 * a + k]);
    const e2 = [0, 1, 2].map((k) => rest[3 * c + k] - rest[3 * a + k]);
    const normal = cross(e1, e2);
    const twiceArea = Math.hypot(normal[0], normal[1], normal[2]);
    const longest = Math.max(distance(rest, a, b), distance(rest, b, c), distance(rest, c, a));
    if (!(twiceArea > 2e-9 * longest * longest)) throw new Error(`createVbdModel: triangle ${t} (${a} ${b} ${c}) is degenerate (zero area)`);
    // 2-D rest frame: u along e1, w = n̂ × u
    const l1 = Math.hypot(e1[0], e1[1], e1[2]);
    const u = e1.map((v) => v / l1);
    const w = cross(
      normal.map((v) => v / twiceArea),
      u,
    );
    const p = e2[0] * u[0] + e2[1] * u[1] + e2[2] * u[2];
    const q = e2[0] * w[0] + e2[1] * w[1] + e2[2] * w[2];
    // D_m = [[l1, p], [0, q]] (columns are the edges) → inverse
    triangleRestShapeInverse.set([1 / l1, -p / (l1 * q), 0, 1 / q], 4 * t);
    const area = twiceArea / 2;
    triangleRestAreas[t] = area;
    const material = triangleMaterials[t];
    const thickness = material.thickness ?? VBD_MATERIAL_DEFAULTS.thickness;
    if (!(thickness > 0)) throw new Error(`createVbdModel: triangle ${t}: thickness must be > 0 m, got ${thickness}`);
    const { mu, planeStressLambda } = lameParameters(material.youngsModulus, material.poissonRatio);
    triangleMu[t] = mu * thickness;
    triangleLambda[t] = planeStressLambda * thickness;
    triangleDamping[t] = material.damping;
    triangleBending[t] = material.bendingStiffness ?? (material.youngsModulus * thickness ** 3) / (12 * (1 - material.poissonRatio * material.poissonRatio));
    for (const v of [a, b, c]) masses[v] += (material.density * thickness * area) / 3;
  }

  // dihedral hinges on interior edges of the triangles
  const allHinges = dihedralHinges(triangles);
  const keep: number[] = [];
  for (let h = 0; h < allHinges.triangles.length / 2; h++) {
    if (triangleBending[allHinges.triangles[2 * h]] > 0 && triangleBending[allHinges.triangles[2 * h + 1]] > 0) keep.push(h);
  }
  const hingeCount = keep.length;
  const hingeVertices = new Uint32Array(4 * hingeCount);
  const hingeRestAngles = new Float64Array(hingeCount);
  const hingeStiffness = new Float64Array(hingeCount);
  const hingeDamping = new Float64Array(hingeCount);
  keep.forEach((h, index) => {
    hingeVertices.set(allHinges.vertices.subarray(4 * h, 4 * h + 4), 4 * index);
    const ta = allHinges.triangles[2 * h];
    const tb = allHinges.triangles[2 * h + 1];
    const edgeLength = distance(rest, hingeVertices[4 * index], hingeVertices[4 * index + 1]);
    const plate = 0.5 * (triangleBending[ta] + triangleBending[tb]);
    hingeStiffness[index] = (plate * edgeLength * edgeLength) / (triangleRestAreas[ta] + triangleRestAreas[tb]);
    hingeDamping[index] = 0.5 * (triangleDamping[ta] + triangleDamping[tb]);
    const angle = dihedralAngle(hingeVertices, index, rest);
    hingeRestAngles[index] = Number.isFinite(angle) ? angle : 0;
  });

  // springs
  const springs = elementIndices(description.springs, 2, vertexCount, 'spring');
  const springCount = springs.length / 2;
  const springMaterials = elementMaterials(description.springs, springCount, 'spring');
  const springRestLengths = new Float64Array(springCount);
  const springStiffness = new Float64Array(springCount);
  const springDamping = new Float64Array(springCount);
  for (let s = 0; s < springCount; s++) {
    const length = distance(rest, springs[2 * s], springs[2 * s + 1]);
    if (!(length > 0)) throw new Error(`createVbdModel: spring ${s} (${springs[2 * s]} ${springs[2 * s + 1]}) has zero rest length`);
    const material = springMaterials[s];
    const area = material.crossSectionArea ?? VBD_MATERIAL_DEFAULTS.crossSectionArea;
    if (!(area > 0)) throw new Error(`createVbdModel: spring ${s}: crossSectionArea must be > 0 m², got ${area}`);
    if (!(material.youngsModulus > 0)) throw new Error(`createVbdModel: spring ${s}: Young's modulus must be > 0 Pa`);
    springRestLengths[s] = length;
    springStiffness[s] = (material.youngsModulus * area) / length;
    springDamping[s] = material.damping;
    masses[springs[2 * s]] += (material.density * area * length) / 2;
    masses[springs[2 * s + 1]] += (material.density * area * length) / 2;
  }

  const tetAdjacency = vertexElementAdjacency(vertexCount, tets, 4);
  const triangleAdjacency = vertexElementAdjacency(vertexCount, triangles, 3);
  const hingeAdjacency = vertexElementAdjacency(vertexCount, hingeVertices, 4);
  const springAdjacency = vertexElementAdjacency(vertexCount, springs, 2);
  const graph = vertexNeighborGraph(vertexCount, [
    { vertices: tets, arity: 4 },
    { vertices: triangles, arity: 3 },
    { vertices: hingeVertices, arity: 4 },
    { vertices: springs, arity: 2 },
  ]);
  const { colors, colorCount } = colorVertexGraph(graph.offsets, graph.neighbors, description.coloring ?? 'mcs', description.colorBalanceRatio ?? 1.1);
  const colorOffsets = new Uint32Array(colorCount + 1);
  for (let v = 0; v < vertexCount; v++) colorOffsets[colors[v] + 1]++;
  for (let c = 0; c < colorCount; c++) colorOffsets[c + 1] += colorOffsets[c];
  const colorVertices = new Uint32Array(vertexCount);
  const cursor = colorOffsets.slice(0, colorCount);
  for (let v = 0; v < vertexCount; v++) colorVertices[cursor[colors[v]]++] = v;

  return Object.freeze({
    vertexCount,
    restPositions: rest,
    masses,
    tetCount,
    tetVertices: tets,
    tetRestShapeInverse,
    tetRestVolumes,
    tetMu,
    tetLambda,
    tetDamping,
    tetEnergy: description.tetEnergy ?? 'stableNeoHookean',
    triangleCount,
    triangleVertices: triangles,
    triangleRestShapeInverse,
    triangleRestAreas,
    triangleMu,
    triangleLambda,
    triangleDamping,
    hingeCount,
    hingeVertices,
    hingeRestAngles,
    hingeStiffness,
    hingeDamping,
    springCount,
    springVertices: springs,
    springRestLengths,
    springStiffness,
    springDamping,
    vertexTetOffsets: tetAdjacency.offsets,
    vertexTets: tetAdjacency.entries,
    vertexTriangleOffsets: triangleAdjacency.offsets,
    vertexTriangles: triangleAdjacency.entries,
    vertexHingeOffsets: hingeAdjacency.offsets,
    vertexHinges: hingeAdjacency.entries,
    vertexSpringOffsets: springAdjacency.offsets,
    vertexSprings: springAdjacency.entries,
    colorCount,
    colorOffsets,
    colorVertices,
    vertexColors: colors,
  });
}

function elementIndices(set: VbdElementSet | undefined, arity: number, vertexCount: number, name: string): Uint32Array {
  if (!set) return new Uint32Array(0);
  const source = set.vertices;
  if (source.length % arity !== 0) throw new Error(`createVbdModel: ${name} list has ${source.length} indices, not a multiple of ${arity}`);
  const out = new Uint32Array(source.length);
  for (let k = 0; k < source.length; k++) {
    const v = source[k];
    if (!Number.isInteger(v) || v < 0 || v >= vertexCount) {
      throw new Error(`createVbdModel: ${name} ${Math.floor(k / arity)} uses vertex ${v}, but there are ${vertexCount} vertices`);
    }
    out[k] = v;
  }
  for (let e = 0; e < source.length; e += arity) {
    for (let p = 0; p < arity; p++) {
      for (let q = p + 1; q < arity; q++) {
        if (out[e + p] === out[e + q]) throw new Error(`createVbdModel: ${name} ${e / arity} uses vertex ${out[e + p]} twice`);
      }
    }
  }
  return out;
}

function elementMaterials(set: VbdElementSet | undefined, count: number, name: string): VbdMaterial[] {
  if (!set || count === 0) return [];
  const materials = Array.isArray(set.materials) ? set.materials : [set.materials];
  if (materials.length === 0) throw new Error(`createVbdModel: ${name}s have no material`);
  for (const m of materials) {
    if (!(m.density > 0) || !Number.isFinite(m.density)) throw new Error(`createVbdModel: ${name} material density must be > 0 kg/m³, got ${m.density}`);
    if (!(m.damping >= 0) || !Number.isFinite(m.damping)) throw new Error(`createVbdModel: ${name} material damping must be ≥ 0 s, got ${m.damping}`);
    lameParameters(m.youngsModulus, m.poissonRatio);
  }
  const out: VbdMaterial[] = new Array(count);
  for (let e = 0; e < count; e++) {
    const index = set.materialIndices ? set.materialIndices[e] : 0;
    const material = materials[index];
    if (!material) throw new Error(`createVbdModel: ${name} ${e} has material index ${index}, but there are ${materials.length} materials`);
    out[e] = material;
  }
  return out;
}

function edgeMatrix(x: Float64Array, origin: number, others: number[]): number[] {
  // row-major 3×3 with columns x_k − x_origin
  const m = new Array<number>(9);
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[3 * r + c] = x[3 * others[c] + r] - x[3 * origin + r];
  return m;
}

function cross(a: number[], b: number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function distance(x: Float64Array, a: number, b: number): number {
  return Math.hypot(x[3 * a] - x[3 * b], x[3 * a + 1] - x[3 * b + 1], x[3 * a + 2] - x[3 * b + 2]);
}
