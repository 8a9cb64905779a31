import { surfaceComponents } from './surfaceComponents.ts';
import { windingNumberTree, type WindingNumberTree } from './windingNumberTree.ts';

/**
 * The surface a lattice is built around, prepared once per surface (independent of the lattice resolution):
 * positions, triangles plus a point "triangle" per unused vertex, welded connectivity, winding-number trees
 * and the welded components with their orientation and bounds.
 */
export interface EmbeddingSurface {
  /** #V×3 positions */
  positions: Float64Array;
  vertexCount: number;
  /** #F real triangles */
  triangleCount: number;
  /** #(F + isolated)×3: the triangles, then one point "triangle" (v, v, v) per vertex no triangle uses */
  triangles: Uint32Array;
  /** same, in welded indices (vertices with bit-identical positions share one representative) */
  welded: Uint32Array;
  /** CSR: welded vertex → triangles using it (including point triangles) */
  vertexTrianglePointers: Int32Array;
  vertexTriangles: Int32Array;
  /** representative of each vertex */
  representative: Int32Array;
  tree: WindingNumberTree;
  /**
   * #F +1 or −1 per triangle: the orientation of its connected component (−1 when the component's signed
   * volume is negative, i.e. its normals point inwards), so "inner side" means the same for every part.
   */
  orientation: Int8Array;
  /** #F connected component of each real triangle (after welding) */
  componentOfTriangle: Int32Array;
  /** number of components */
  componentCount: number;
  /** one winding-number tree per component when there are several (w_K, to tell parts apart), else [] */
  componentTrees: WindingNumberTree[];
  /** #components×6 bounding boxes (min xyz, max xyz) [m] */
  componentBoxes: Float64Array;
  min: [number, number, number];
  max: [number, number, number];
}

/**
 * Prepares a triangle surface for latticeEmbedding (steps 1–3 of its method need it): validates the input,
 * appends one point triangle (v, v, v) per vertex no triangle uses (so every vertex is embedded), welds
 * bit-identical positions (so UV/normal seams and soups are connected; connectivity only), builds the
 * welded vertex → triangle CSR, the fast winding-number tree of the whole surface (Barill et al. 2018) and,
 * when there are several welded components (parts), one tree per part and the parts' bounding boxes.
 *
 * @param positionsIn  #V×3 surface vertex positions [m], row-major
 * @param trianglesIn  #F×3 vertex indices
 * @returns the prepared surface (positions copied to float64)
 * @throws Error on a length not a multiple of 3, no vertices, non-finite coordinates or out-of-range indices
 */
export function embeddingSurface(positionsIn: ArrayLike<number>, trianglesIn: ArrayLike<number>): EmbeddingSurface {
  if (positionsIn.length % 3 !== 0) throw new Error(`latticeEmbedding: positions length ${positionsIn.length} is not a multiple of 3`);
  if (trianglesIn.length % 3 !== 0) throw new Error(`latticeEmbedding: triangles length ${trianglesIn.length} is not a multiple of 3`);
  const vertexCount = positionsIn.length / 3;
  if (vertexCount === 0) throw new Error('latticeEmbedding: the surface has no vertices');
  const positions = Float64Array.from(positionsIn);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < vertexCount; v++) {
    for (let a = 0; a < 3; a++) {
      const x = positions[3 * v + a];
      if (!Number.isFinite(x)) throw new Error(`latticeEmbedding: vertex ${v} has a non-finite coordinate (${x})`);
      if (x < min[a]) min[a] = x;
      if (x > max[a]) max[a] = x;
    }
  }
  const triangleCount = trianglesIn.length / 3;
  const used = new Uint8Array(vertexCount);
  for (let k = 0; k < trianglesIn.length; k++) {
    const v = trianglesIn[k];
    if (!(Number.isInteger(v) && v >= 0 && v < vertexCount)) {
      throw new Error(`latticeEmbedding: triangle ${Math.floor(k / 3)} has vertex index ${v}, outside 0..${vertexCount - 1}`);
    }
    used[v] = 1;
  }
  let isolated = 0;
  for (let v = 0; v < vertexCount; v++) if (used[v] === 0) isolated++;
  const triangles = new Uint32Array(3 * (triangleCount + isolated));
  triangles.set(trianglesIn as ArrayLike<number>);
  let write = 3 * triangleCount;
  for (let v = 0; v < vertexCount; v++) {
    if (used[v] === 0) {
      triangles[write++] = v;
      triangles[write++] = v;
      triangles[write++] = v;
    }
  }
  // Weld bit-identical positions so UV/normal seams and soups are connected (connectivity only).
  const representative = new Int32Array(vertexCount);
  const sorted = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) sorted[v] = v;
  sorted.sort((a, b) => {
    for (let k = 0; k < 3; k++) {
      const d = positions[3 * a + k] - positions[3 * b + k];
      if (d !== 0) return d;
    }
    return a - b;
  });
  for (let k = 0; k < vertexCount; k++) {
    const v = sorted[k];
    const u = k > 0 ? sorted[k - 1] : -1;
    const same =
      u >= 0 && positions[3 * u] === positions[3 * v] && positions[3 * u + 1] === positions[3 * v + 1] && positions[3 * u + 2] === positions[3 * v + 2];
    representative[v] = same ? representative[u] : v;
  }
  const welded = new Uint32Array(triangles.length);
  for (let k = 0; k < triangles.length; k++) welded[k] = representative[triangles[k]];
  const allTriangles = triangles.length / 3;
  const vertexTrianglePointers = new Int32Array(vertexCount + 1);
  for (let t = 0; t < allTriangles; t++) {
    const a = welded[3 * t];
    const b = welded[3 * t + 1];
    const c = welded[3 * t + 2];
    vertexTrianglePointers[a + 1]++;
    if (b !== a) vertexTrianglePointers[b + 1]++;
    if (c !== a && c !== b) vertexTrianglePointers[c + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) vertexTrianglePointers[v + 1] += vertexTrianglePointers[v];
  const vertexTriangles = new Int32Array(vertexTrianglePointers[vertexCount]);
  const cursor = vertexTrianglePointers.slice(0, vertexCount);
  for (let t = 0; t < allTriangles; t++) {
    const a = welded[3 * t];
    const b = welded[3 * t + 1];
    const c = welded[3 * t + 2];
    vertexTriangles[cursor[a]++] = t;
    if (b !== a) vertexTriangles[cursor[b]++] = t;
    if (c !== a && c !== b) vertexTriangles[cursor[c]++] = t;
  }
  const tree = windingNumberTree(positions, triangles.subarray(0, 3 * triangleCount));
  const { orientation, componentOfTriangle, componentCount } = surfaceComponents(positions, welded, triangleCount, vertexCount);
  const componentTrees: WindingNumberTree[] = [];
  if (componentCount > 1) {
    const counts = new Int32Array(componentCount);
    for (let t = 0; t < triangleCount; t++) counts[componentOfTriangle[t]]++;
    const lists = Array.from(counts, (n) => new Uint32Array(3 * n));
    const fill = new Int32Array(componentCount);
    for (let t = 0; t < triangleCount; t++) {
      const k = componentOfTriangle[t];
      lists[k].set(triangles.subarray(3 * t, 3 * t + 3), 3 * fill[k]++);
    }
    for (const list of lists) componentTrees.push(windingNumberTree(positions, list));
  }
  const componentBoxes = new Float64Array(6 * componentCount);
  for (let k = 0; k < componentCount; k++) componentBoxes.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], 6 * k);
  for (let t = 0; t < triangleCount; t++) {
    const o = 6 * componentOfTriangle[t];
    for (let corner = 0; corner < 3; corner++) {
      const v = 3 * triangles[3 * t + corner];
      for (let a = 0; a < 3; a++) {
        componentBoxes[o + a] = Math.min(componentBoxes[o + a], positions[v + a]);
        componentBoxes[o + 3 + a] = Math.max(componentBoxes[o + 3 + a], positions[v + a]);
      }
    }
  }
  return {
    positions,
    vertexCount,
    triangleCount,
    triangles,
    welded,
    vertexTrianglePointers,
    vertexTriangles,
    representative,
    tree,
    orientation,
    componentOfTriangle,
    componentCount,
    componentTrees,
    componentBoxes,
    min,
    max,
  };
}
