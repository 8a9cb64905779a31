/**
 * One mesh node of a glTF scene as typed arrays: its triangle primitives concatenated in file
 * order (render vertices), skin binding (glTF 2.0 §3.7.3 "Skins"), morph targets (§3.7.2.2
 * "Morph Targets") and the welded simulation topology. Points and lines are skipped with a warning;
 * strips and fans become triangle lists (§3.7.2.1 "Overview", primitive modes 5 and 6).
 *
 * Bad data that would make evaluation wrong or crash (indices or joint indices out of range,
 * non-finite positions, morph deltas, weights or bind matrices) throws a GltfImportError naming the
 * mesh; oddities that can be repaired (unnormalized weights, bad normals) become warnings.
 */
import type { Accessor, Node as GltfNode, Primitive } from '@gltf-transform/core';
import { triangleListIndices } from '../geometry/index.ts';
import { weldedTopology } from '../geometry/index.ts';
import { accessorFloats } from './accessorFloats.ts';
import { GltfImportError } from './gltfImportError.ts';
import type { ImportedMesh, ImportedPrimitiveRange, ImportedSkin } from './importedScene.ts';

const MODE_TRIANGLES = 4;
const MODE_TRIANGLE_STRIP = 5;
const MODE_TRIANGLE_FAN = 6;
const MODE_NAMES = ['POINTS', 'LINES', 'LINE_LOOP', 'LINE_STRIP'];

interface PrimitiveData {
  primitive: Primitive;
  positions: Float32Array;
  normals: Float32Array | null;
  triangles: Uint32Array;
  jointSets: Array<{ joints: Uint32Array; weights: Float32Array }>;
  morphPositions: Array<Float32Array | null>;
  morphNormals: Array<Float32Array | null>;
}

/**
 * One mesh node as typed arrays: triangle primitives, skin, morph targets and welded topology (glTF 2.0 §3.7).
 *
 * @param node           a node with a mesh
 * @param name           the mesh entry's unique name (node name, else mesh name)
 * @param nodeIndex      index of node in the hierarchy
 * @param jointIndexOf   hierarchy index of a joint node
 * @param warnings       receives repairable problems
 * @param weldTolerance  weld distance [m] for the simulation topology
 * @returns the imported mesh, or null when it has no triangle primitive (with a warning)
 */
export function importedMesh(
  node: GltfNode,
  name: string,
  nodeIndex: number,
  jointIndexOf: (joint: GltfNode) => number,
  warnings: string[],
  weldTolerance: number,
): ImportedMesh | null {
  const mesh = node.getMesh()!;
  const where = `mesh "${name}"`;
  const parts: PrimitiveData[] = [];
  const primitives = mesh.listPrimitives();
  for (let p = 0; p < primitives.length; p++) {
    const part = primitiveData(primitives[p], `${where} primitive ${p}`, warnings);
    if (part) parts.push(part);
  }
  if (parts.length === 0) {
    warnings.push(`${where} has no triangle primitives; skipped`);
    return null;
  }

  let renderVertexCount = 0;
  let triangleIndexCount = 0;
  for (const part of parts) {
    renderVertexCount += part.positions.length / 3;
    triangleIndexCount += part.triangles.length;
  }
  const restPositions = new Float32Array(3 * renderVertexCount);
  const triangles = new Uint32Array(triangleIndexCount);
  const everyNormal = parts.every((part) => part.normals !== null);
  const restNormals = everyNormal ? new Float32Array(3 * renderVertexCount) : undefined;
  const ranges: ImportedPrimitiveRange[] = [];
  let firstVertex = 0;
  let firstIndex = 0;
  for (const part of parts) {
    const vertexCount = part.positions.length / 3;
    restPositions.set(part.positions, 3 * firstVertex);
    if (restNormals) restNormals.set(part.normals!, 3 * firstVertex);
    for (let i = 0; i < part.triangles.length; i++) triangles[firstIndex + i] = part.triangles[i] + firstVertex;
    ranges.push({ primitive: part.primitive, firstVertex, vertexCount, firstTriangle: firstIndex / 3, triangleCount: part.triangles.length / 3 });
    firstVertex += vertexCount;
    firstIndex += part.triangles.length;
  }
  if (!everyNormal && parts.some((part) => part.normals !== null)) {
    warnings.push(`${where}: some primitives have no NORMAL; normals are computed from the triangles instead`);
  }

  // Morph targets: every primitive of a mesh must have the same number (§3.7.2.2); a missing
  // attribute contributes zero.
  const morphTargetCount = Math.max(...parts.map((part) => part.morphPositions.length));
  if (parts.some((part) => part.morphPositions.length !== morphTargetCount)) {
    warnings.push(`${where}: primitives have different numbers of morph targets; missing ones are taken as zero`);
  }
  const morphPositionDeltas: Float32Array[] = [];
  const morphNormalDeltas: Float32Array[] = [];
  const normalDeltasPresent = restNormals !== undefined && parts.some((part) => part.morphNormals.some((n) => n !== null));
  for (let t = 0; t < morphTargetCount; t++) {
    const positions = new Float32Array(3 * renderVertexCount);
    const normals = normalDeltasPresent ? new Float32Array(3 * renderVertexCount) : null;
    parts.forEach((part, p) => {
      const delta = part.morphPositions[t];
      if (delta) positions.set(delta, 3 * ranges[p].firstVertex);
      const normalDelta = part.morphNormals[t];
      if (normals && normalDelta) normals.set(normalDelta, 3 * ranges[p].firstVertex);
    });
    morphPositionDeltas.push(positions);
    if (normals) morphNormalDeltas.push(normals);
  }
  const defaultMorphWeights = new Float32Array(morphTargetCount);
  const nodeWeights = node.getWeights();
  const weights = nodeWeights.length > 0 ? nodeWeights : mesh.getWeights();
  for (let t = 0; t < Math.min(morphTargetCount, weights.length); t++) defaultMorphWeights[t] = weights[t];

  const skin = importedSkin(node, parts, ranges, renderVertexCount, jointIndexOf, where, warnings);
  const topology = weldedTopology(restPositions, triangles, { tolerance: weldTolerance });
  const disagreeing = weldDisagreements(topology.renderToSimulation, topology.simulationToRender, skin, morphPositionDeltas);
  if (disagreeing > 0) {
    warnings.push(
      `${where}: ${disagreeing} render vertices share a position with another but differ in skin weights or morph targets; the simulation vertex follows the first of them`,
    );
  }
  return {
    name,
    node,
    mesh,
    nodeIndex,
    renderVertexCount,
    restPositions,
    restNormals,
    triangles,
    primitives: ranges,
    topology,
    skinned: skin !== undefined,
    skin,
    morphTargetCount,
    morphPositionDeltas,
    morphNormalDeltas: normalDeltasPresent ? morphNormalDeltas : undefined,
    defaultMorphWeights,
  };
}

function primitiveData(primitive: Primitive, where: string, warnings: string[]): PrimitiveData | null {
  const mode = primitive.getMode();
  if (mode !== MODE_TRIANGLES && mode !== MODE_TRIANGLE_STRIP && mode !== MODE_TRIANGLE_FAN) {
    warnings.push(`${where}: ${MODE_NAMES[mode] ?? `mode ${mode}`} primitive skipped (only triangles are simulated)`);
    return null;
  }
  const positionAccessor = primitive.getAttribute('POSITION');
  if (!positionAccessor || positionAccessor.getElementSize() !== 3) {
    warnings.push(`${where}: no VEC3 POSITION attribute; skipped`);
    return null;
  }
  const positions = accessorFloats(positionAccessor);
  const vertexCount = positions.length / 3;
  requireFinite(positions, `${where}: POSITION`, 3);

  let normals: Float32Array | null = null;
  const normalAccessor = primitive.getAttribute('NORMAL');
  if (normalAccessor && normalAccessor.getCount() === vertexCount && normalAccessor.getElementSize() === 3) {
    normals = accessorFloats(normalAccessor);
    if (normals.some((x) => !Number.isFinite(x))) {
      warnings.push(`${where}: NORMAL has non-finite values; normals are computed from the triangles instead`);
      normals = null;
    }
  }

  const triangles = triangleList(primitive, mode, vertexCount, where, warnings);

  const jointSets: PrimitiveData['jointSets'] = [];
  for (let set = 0; ; set++) {
    const jointAccessor = primitive.getAttribute(`JOINTS_${set}`);
    const weightAccessor = primitive.getAttribute(`WEIGHTS_${set}`);
    if (!jointAccessor || !weightAccessor) break;
    if (
      jointAccessor.getCount() !== vertexCount ||
      weightAccessor.getCount() !== vertexCount ||
      jointAccessor.getElementSize() !== 4 ||
      weightAccessor.getElementSize() !== 4
    ) {
      throw new GltfImportError('', `${where}: JOINTS_${set}/WEIGHTS_${set} must be VEC4 with one element per vertex (${vertexCount})`);
    }
    const joints = Uint32Array.from(jointAccessor.getArray()!);
    const weights = accessorFloats(weightAccessor);
    requireFinite(weights, `${where}: WEIGHTS_${set}`, 4);
    jointSets.push({ joints, weights });
  }

  const morphPositions: Array<Float32Array | null> = [];
  const morphNormals: Array<Float32Array | null> = [];
  primitive.listTargets().forEach((target, t) => {
    const delta = target.getAttribute('POSITION');
    morphPositions.push(delta ? morphDelta(delta, vertexCount, `${where}: morph target ${t} POSITION`) : null);
    const normalDelta = target.getAttribute('NORMAL');
    morphNormals.push(normalDelta && normals ? morphDelta(normalDelta, vertexCount, `${where}: morph target ${t} NORMAL`) : null);
  });
  return { primitive, positions, normals, triangles, jointSets, morphPositions, morphNormals };
}

function morphDelta(accessor: Accessor, vertexCount: number, where: string): Float32Array {
  if (accessor.getCount() !== vertexCount || accessor.getElementSize() !== 3) {
    throw new GltfImportError('', `${where} must be VEC3 with one element per vertex (${vertexCount}), found ${accessor.getCount()}`);
  }
  const delta = accessorFloats(accessor);
  requireFinite(delta, where, 3);
  return delta;
}

function triangleList(primitive: Primitive, mode: number, vertexCount: number, where: string, warnings: string[]): Uint32Array {
  const indexAccessor = primitive.getIndices();
  const indexArray = indexAccessor?.getArray();
  const count = indexArray ? indexArray.length : vertexCount;
  const index = (i: number): number => (indexArray ? indexArray[i] : i);
  if (indexArray) {
    for (let i = 0; i < indexArray.length; i++) {
      if (indexArray[i] >= vertexCount) {
        throw new GltfImportError('', `${where}: index ${indexArray[i]} (at position ${i}) is out of range: the primitive has ${vertexCount} vertices`);
      }
    }
  }
  if (mode === MODE_TRIANGLES && count % 3 !== 0) warnings.push(`${where}: ${count} indices is not a multiple of 3; the last ${count % 3} ignored`);
  return triangleListIndices(mode, count, index);
}

function importedSkin(
  node: GltfNode,
  parts: PrimitiveData[],
  ranges: ImportedPrimitiveRange[],
  renderVertexCount: number,
  jointIndexOf: (joint: GltfNode) => number,
  where: string,
  warnings: string[],
): ImportedSkin | undefined {
  const skin = node.getSkin();
  const setCount = Math.max(...parts.map((part) => part.jointSets.length));
  if (!skin) return undefined;
  if (setCount === 0) {
    warnings.push(`${where}: the node has a skin but the mesh has no JOINTS_0/WEIGHTS_0; treated as unskinned`);
    return undefined;
  }
  const jointNodes = skin.listJoints();
  const jointCount = jointNodes.length;
  const jointNodeIndices = Uint32Array.from(jointNodes, jointIndexOf);
  const inverseBindMatrices = new Float32Array(16 * jointCount);
  const matrixAccessor = skin.getInverseBindMatrices();
  if (matrixAccessor) {
    const matrices = accessorFloats(matrixAccessor);
    requireFinite(matrices, `${where}: inverseBindMatrices`, 16);
    inverseBindMatrices.set(matrices.subarray(0, 16 * jointCount));
  } else {
    for (let j = 0; j < jointCount; j++) for (let d = 0; d < 4; d++) inverseBindMatrices[16 * j + 5 * d] = 1;
  }

  const influencesPerVertex = 4 * setCount;
  const joints = jointCount <= 0xffff ? new Uint16Array(influencesPerVertex * renderVertexCount) : new Uint32Array(influencesPerVertex * renderVertexCount);
  const weights = new Float32Array(influencesPerVertex * renderVertexCount);
  let missing = 0;
  parts.forEach((part, p) => {
    const firstVertex = ranges[p].firstVertex;
    const vertexCount = ranges[p].vertexCount;
    if (part.jointSets.length === 0) missing += vertexCount;
    part.jointSets.forEach((set, s) => {
      for (let v = 0; v < vertexCount; v++) {
        for (let k = 0; k < 4; k++) {
          const joint = set.joints[4 * v + k];
          const weight = set.weights[4 * v + k];
          if (joint >= jointCount && weight !== 0) {
            throw new GltfImportError('', `${where}: vertex ${v} of primitive ${p} uses joint ${joint}, but the skin has ${jointCount} joints`);
          }
          const slot = (firstVertex + v) * influencesPerVertex + 4 * s + k;
          joints[slot] = joint < jointCount ? joint : 0;
          weights[slot] = weight;
        }
      }
    });
  });
  if (missing > 0) warnings.push(`${where}: ${missing} vertices of primitives without JOINTS_0 are bound to the skin's first joint`);

  // Normalize to sum 1 as three.js's SkinnedMesh.normalizeSkinWeights does; a vertex with no
  // weight at all follows its first influence (three.js does the same), the first joint when it has none.
  let unnormalized = 0;
  let weightless = 0;
  for (let v = 0; v < renderVertexCount; v++) {
    let sum = 0;
    for (let k = 0; k < influencesPerVertex; k++) {
      const w = weights[v * influencesPerVertex + k];
      if (w < 0) throw new GltfImportError('', `${where}: render vertex ${v} has a negative skin weight ${w}`);
      sum += w;
    }
    if (sum === 0) {
      weightless++;
      weights[v * influencesPerVertex] = 1;
      continue;
    }
    if (Math.abs(sum - 1) > 1e-3) unnormalized++;
    if (sum !== 1) for (let k = 0; k < influencesPerVertex; k++) weights[v * influencesPerVertex + k] /= sum;
  }
  if (unnormalized > 0) warnings.push(`${where}: ${unnormalized} vertices had skin weights not summing to 1; normalized`);
  if (weightless - missing > 0) warnings.push(`${where}: ${weightless - missing} vertices had all skin weights 0; bound to their first influence`);
  return { jointNodeIndices, inverseBindMatrices, influencesPerVertex, joints, weights };
}

/** Render vertices whose skin influences or morph deltas differ from their welded representative's. */
function weldDisagreements(
  renderToSimulation: Uint32Array,
  simulationToRender: Uint32Array,
  skin: ImportedSkin | undefined,
  morphDeltas: Float32Array[],
): number {
  let count = 0;
  for (let r = 0; r < renderToSimulation.length; r++) {
    const q = simulationToRender[renderToSimulation[r]];
    if (q === r) continue;
    let differs = false;
    for (const delta of morphDeltas) {
      if (Math.abs(delta[3 * r] - delta[3 * q]) + Math.abs(delta[3 * r + 1] - delta[3 * q + 1]) + Math.abs(delta[3 * r + 2] - delta[3 * q + 2]) > 1e-6)
        differs = true;
    }
    if (skin && !differs) {
      // Same influences as a set: every weighted joint of r carries the same total weight in q.
      const k = skin.influencesPerVertex;
      for (let i = 0; i < k && !differs; i++) {
        const joint = skin.joints[r * k + i];
        let wr = 0;
        let wq = 0;
        for (let j = 0; j < k; j++) {
          if (skin.joints[r * k + j] === joint) wr += skin.weights[r * k + j];
          if (skin.joints[q * k + j] === joint) wq += skin.weights[q * k + j];
        }
        if (Math.abs(wr - wq) > 1e-5) differs = true;
      }
      for (let i = 0; i < k && !differs; i++) {
        const joint = skin.joints[q * k + i];
        if (skin.weights[q * k + i] === 0) continue;
        let wr = 0;
        for (let j = 0; j < k; j++) if (skin.joints[r * k + j] === joint) wr += skin.weights[r * k + j];
        if (wr === 0) differs = true;
      }
    }
    if (differs) count++;
  }
  return count;
}

function requireFinite(values: Float32Array, what: string, elementSize: number): void {
  for (let i = 0; i < values.length; i++) {
    if (!Number.isFinite(values[i])) throw new GltfImportError('', `${what} has a non-finite value (${values[i]}) at element ${Math.floor(i / elementSize)}`);
  }
}
