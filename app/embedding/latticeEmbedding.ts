import { cubeTetrahedra } from './cubeTetrahedra.ts';
import { generalizedWindingNumber } from './generalizedWindingNumber.ts';
import { pointTriangleDistanceSquared } from './pointTriangleDistanceSquared.ts';
import { segmentIntersectsTriangle } from './segmentIntersectsTriangle.ts';
import { triangleIntersectsBox } from './triangleIntersectsBox.ts';
import { windingNumberTree, type WindingNumberTree } from './windingNumberTree.ts';

/** Options of latticeEmbedding. */
export interface LatticeEmbeddingOptions {
  /** cells along the longest side of the surface's bounding box (default 32, 1..1000) */
  resolution?: number;
  /**
   * alternative to resolution: choose the resolution whose tetrahedron count comes nearest this number
   * (a few cheap classification passes; the result's stats.resolution says which one was used)
   */
  targetTetCount?: number;
  /** |w| ≥ this counts as inside, w the generalized winding number (default 0.5) */
  windingThreshold?: number;
  /** keep lattice islands that hold no surface vertex (default false: they would float free in a simulation) */
  keepIslands?: boolean;
  /**
   * false (default): separate surface parts (welded connected components: body, arms, eyes modelled as
   * overlapping shells, a belt through a body) are never glued where they overlap; each part gets its own
   * copies of the cells it fills, as in seed 004 ch. 5's immersion, so parts that move differently in the
   * animation can be fitted exactly. true: overlapping parts share the cells where they overlap (one solid,
   * like seed 004 §4.2's SDF welding): arms stay attached to a body in a free simulation, but whatever
   * overlaps is welded, including an arm resting in a belly.
   */
  joinOverlappingParts?: boolean;
}

/** What latticeEmbedding measured. */
export interface LatticeEmbeddingStats {
  /** wall time [s] */
  seconds: number;
  /** cells along the longest side actually used */
  resolution: number;
  /** lattice cells in the output, duplicates counted */
  cells: number;
  /** cells that exist more than once, counted once per extra copy (cells − distinct grid cells) */
  duplicatedCells: number;
  /** output cells the surface touches */
  surfaceCells: number;
  /** output cells entirely inside (|w| ≥ threshold at their center) */
  interiorCells: number;
  /** cells dropped because their island held no surface vertex */
  droppedCells: number;
  /** connected lattice pieces in the output (1 for a single solid; parts kept apart count separately) */
  pieces: number;
}

/**
 * A surface embedded in a lattice of tetrahedra: the simulation mesh plus, for every surface vertex, the
 * tetrahedron that contains it and its barycentric coordinates (C′ of seed 004 Eq. 4.1: q = C′u).
 */
export interface LatticeEmbedding {
  /** #N lattice (tetrahedron) vertices */
  vertexCount: number;
  /** #N×3 rest positions of the lattice vertices [m], row-major; duplicated cells repeat positions */
  positions: Float64Array;
  /** #T tetrahedra */
  tetCount: number;
  /** #T×4 vertex indices, positively oriented (det[b−a, c−a, d−a] > 0) */
  tetrahedra: Uint32Array;
  /** #S surface vertices (the input's vertex count) */
  surfaceVertexCount: number;
  /** #S containing tetrahedron of each surface vertex */
  surfaceTet: Uint32Array;
  /** #S×4 barycentric coordinates of each surface vertex in its tetrahedron (each in [0, 1], sum 1) */
  surfaceBarycentric: Float64Array;
  /** #T linear grid cell (i + nx·(j + ny·k)) of each tetrahedron; tets of duplicated cells share it */
  tetCell: Uint32Array;
  /** edge length h of a lattice cell [m] */
  cellSize: number;
  /** grid corner (cell (0,0,0)'s minimum) [m] */
  origin: [number, number, number];
  /** cells per axis, nx ny nz */
  gridDimensions: [number, number, number];
  stats: LatticeEmbeddingStats;
}

/**
 * Embeds a triangle surface (open, self-intersecting, several parts, a soup: anything) in a lattice of
 * tetrahedra whose cells are duplicated where parts that are far apart along the surface share a cell, so
 * fingers, lips, legs and neighbouring objects are not glued together. This is the createTetMesh step of
 * seed 004 Algorithm 1 (§4.2) without TetGen: a regular lattice like seed 002 ch. 3 (Gagniere et al. 2024)
 * and the virtual-node algorithm (Molino, Bao & Fedkiw 2004), with the inside decided by the generalized
 * winding number (Jacobson et al. 2013) instead of a closed-manifold requirement.
 *
 * Method (docs/embedding.md has the long form):
 * 1. Grid. h = longest bounding-box side / resolution; the grid is centred on the box with ≥ h/4 margin.
 * 2. Surface cells. Every triangle marks the cells its closed triangle touches (separating-axis test on cells
 *    enlarged by 10⁻⁶h, so vertices on cell faces touch both sides).
 * 3. Pieces. Inside one cell, triangles are connected when they share an edge (after welding equal positions)
 *    whose segment crosses the cell: the connected components of surface ∩ cell, seed 002 §3.3 (triangles of
 *    one cell merge only through shared mesh vertices; "topologically distant triangles never merge").
 * 4. Material. The cell's 3×3×3 half-cell samples are inside where |w| ≥ ½ (w from a fast winding-number
 *    tree, Barill et al. 2018). Each inside sample belongs to the nearest piece that claims it: the piece's
 *    part (welded component) has it inside (|w_part| ≥ ½) and it lies on the piece's inner side (pseudo-normal
 *    test); unclaimed inside samples (flesh of a part whose surface is elsewhere) form an extra interior copy.
 *    Two pieces are one material region, and their cells one copy, when (a) owned samples are lattice
 *    neighbours whose segment no triangle cuts (the edge-cut rule of seed 002 §3.4.1), or (b) a ray into one
 *    piece's material first leaves through the other across singly-covered inside space (slabs thinner
 *    than a sample spacing). Pieces that stay apart become separate copies of the cell: the duplication.
 * 5. Interior cells (no surface) are kept when |w(center)| ≥ ½: one copy, or one per part when separate
 *    parts overlap there.
 * 6. Gluing. Copies of face-adjacent cells share the four face corners when they share a triangle or a face
 *    sample both own (seed 002 §3.2.1's merge: union of coincident corner slots, then representatives),
 *    except copies of different parts across a sample inside both (unless joinOverlappingParts).
 *    Copies that end with identical corners are one copy; islands without surface vertices are dropped.
 * 7. Tets. Each copy is split into five tetrahedra (cubeTetrahedra); each surface vertex is located in its
 *    cell's copy that owns its triangles, then in one of the five tets, with barycentric coordinates.
 *
 * DESIGN NOTES
 * - Why not one global inside flag per cell (plain voxelization): two fingers in one cell would share it.
 *   Why not Chen's full algorithm (seed 002 ch. 3): it needs closed, consistently oriented input and exact
 *   predicates; artists' meshes are open at the neck and eyes. The winding number tolerates both.
 * - Why parts are kept apart by default: the sample's creature is a body with arms, ears and eyes sunk into
 *   it as separate shells, and an arm tip rests in the belly. Welding overlaps glued the arm to the belly
 *   and the fit of its flapping missed by 3 cells; kept apart (7 lattice pieces) the worst residual over the
 *   Bounce clip is 0.05 cells at resolution 24 (bench/embedding.bench.ts has the current figures).
 * - Limits: parts closer than the numerical tolerance touch; a part overlapping itself deeper than a cell
 *   shares the interior cells there (seed 004 ch. 5's immersion would separate them).
 * - Measured (2 cores, Node 20): see bench/embedding.bench.ts.
 *
 * @param positions  #V×3 surface vertex positions [m], row-major (rest pose)
 * @param triangles  #F×3 vertex indices; degenerate triangles are allowed (their vertices still get embedded)
 * @param options    resolution or targetTetCount, windingThreshold, keepIslands, joinOverlappingParts
 * @returns the lattice, its tetrahedra and the embedding of every surface vertex
 * @throws Error on non-finite positions, out-of-range indices or a grid too large (> 2²⁶ cells)
 */
export function latticeEmbedding(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  options: LatticeEmbeddingOptions = {},
): LatticeEmbedding {
  const start = performance.now();
  const surface = prepareSurface(positions, triangles);
  const threshold = options.windingThreshold ?? 0.5;
  let resolution = options.resolution ?? 32;
  if (options.targetTetCount !== undefined) {
    resolution = resolutionForTetCount(surface, options.targetTetCount, threshold);
  }
  if (!(Number.isInteger(resolution) && resolution >= 1 && resolution <= 1000)) {
    throw new RangeError(`latticeEmbedding: resolution must be an integer in 1..1000, got ${resolution}`);
  }
  const result = embed(surface, resolution, threshold, options.keepIslands ?? false, options.joinOverlappingParts ?? false);
  result.stats.seconds = (performance.now() - start) / 1000;
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Surface preparation (independent of the resolution)

interface PreparedSurface {
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

function prepareSurface(positionsIn: ArrayLike<number>, trianglesIn: ArrayLike<number>): PreparedSurface {
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
      u >= 0 &&
      positions[3 * u] === positions[3 * v] &&
      positions[3 * u + 1] === positions[3 * v + 1] &&
      positions[3 * u + 2] === positions[3 * v + 2];
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

/**
 * Welded connected components of the triangles, and ±1 per triangle: the sign of the signed volume (about
 * its vertex mean) of the triangle's component.
 */
function surfaceComponents(
  positions: Float64Array,
  welded: Uint32Array,
  triangleCount: number,
  vertexCount: number,
): { orientation: Int8Array; componentOfTriangle: Int32Array; componentCount: number } {
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  for (let t = 0; t < triangleCount; t++) {
    union(parent, welded[3 * t], welded[3 * t + 1]);
    union(parent, welded[3 * t], welded[3 * t + 2]);
  }
  // Signed volume about the component's vertex mean, so it does not depend on where the origin is.
  const mean = new Float64Array(3 * vertexCount);
  const count = new Float64Array(vertexCount);
  for (let t = 0; t < triangleCount; t++) {
    const root = find(parent, welded[3 * t]);
    for (let k = 0; k < 3; k++) {
      const v = welded[3 * t + k];
      mean[3 * root] += positions[3 * v];
      mean[3 * root + 1] += positions[3 * v + 1];
      mean[3 * root + 2] += positions[3 * v + 2];
      count[root]++;
    }
  }
  const volume = new Float64Array(vertexCount);
  for (let t = 0; t < triangleCount; t++) {
    const root = find(parent, welded[3 * t]);
    const ox = mean[3 * root] / count[root];
    const oy = mean[3 * root + 1] / count[root];
    const oz = mean[3 * root + 2] / count[root];
    const a = 3 * welded[3 * t];
    const b = 3 * welded[3 * t + 1];
    const c = 3 * welded[3 * t + 2];
    const ax = positions[a] - ox;
    const ay = positions[a + 1] - oy;
    const az = positions[a + 2] - oz;
    const bx = positions[b] - ox;
    const by = positions[b + 1] - oy;
    const bz = positions[b + 2] - oz;
    const cx = positions[c] - ox;
    const cy = positions[c + 1] - oy;
    const cz = positions[c + 2] - oz;
    volume[root] += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  const orientation = new Int8Array(triangleCount);
  const componentOfTriangle = new Int32Array(triangleCount);
  const componentOfRoot = new Int32Array(vertexCount).fill(-1);
  let componentCount = 0;
  for (let t = 0; t < triangleCount; t++) {
    const root = find(parent, welded[3 * t]);
    orientation[t] = volume[root] < 0 ? -1 : 1;
    if (componentOfRoot[root] < 0) componentOfRoot[root] = componentCount++;
    componentOfTriangle[t] = componentOfRoot[root];
  }
  return { orientation, componentOfTriangle, componentCount };
}

// ---------------------------------------------------------------------------------------------------
// Grid and surface cells

interface Grid {
  cellSize: number;
  origin: [number, number, number];
  dims: [number, number, number];
  cellCount: number;
}

function gridFor(surface: PreparedSurface, resolution: number): Grid {
  const extent = [0, 1, 2].map((a) => surface.max[a] - surface.min[a]);
  let longest = Math.max(extent[0], extent[1], extent[2]);
  if (!(longest > 0)) longest = 1;
  const cellSize = longest / resolution;
  const dims = [0, 1, 2].map((a) => Math.max(1, Math.ceil(extent[a] / cellSize + 0.5))) as [number, number, number];
  const origin = [0, 1, 2].map((a) => surface.min[a] - (dims[a] * cellSize - extent[a]) / 2) as [number, number, number];
  const cellCount = dims[0] * dims[1] * dims[2];
  if (cellCount > 2 ** 26) {
    throw new Error(`latticeEmbedding: a ${dims.join('×')} grid is too large; lower the resolution`);
  }
  return { cellSize, origin, dims, cellCount };
}

/** Relative enlargement of cells for the touch tests, in cell sizes. */
const CELL_EPSILON = 1e-6;

interface SurfaceCells {
  /** #C linear index of each surface cell */
  linear: Int32Array;
  /** #C+1 offsets into entryTriangle */
  pointers: Int32Array;
  /** #E triangle of each (cell, triangle) entry, increasing within a cell */
  entryTriangle: Int32Array;
  /** #gridCells surface cell index or -1 */
  indexOfCell: Int32Array;
}

function surfaceCellsOf(surface: PreparedSurface, grid: Grid): SurfaceCells {
  const { positions, triangles } = surface;
  const { cellSize: h, origin, dims } = grid;
  const allTriangles = triangles.length / 3;
  let cells = new Int32Array(Math.max(16, 4 * allTriangles));
  let tris = new Int32Array(cells.length);
  let count = 0;
  const corners = new Float64Array(9);
  const center = new Float64Array(3);
  const half = new Float64Array(3).fill(0.5 * h * (1 + 2 * CELL_EPSILON));
  const lo = [0, 0, 0];
  const hi = [0, 0, 0];
  for (let t = 0; t < allTriangles; t++) {
    for (let a = 0; a < 3; a++) {
      let mn = Infinity;
      let mx = -Infinity;
      for (let corner = 0; corner < 3; corner++) {
        const x = positions[3 * triangles[3 * t + corner] + a];
        corners[3 * corner + a] = x;
        if (x < mn) mn = x;
        if (x > mx) mx = x;
      }
      lo[a] = Math.max(0, Math.floor((mn - origin[a]) / h - CELL_EPSILON));
      hi[a] = Math.min(dims[a] - 1, Math.floor((mx - origin[a]) / h + CELL_EPSILON));
    }
    const single = lo[0] === hi[0] && lo[1] === hi[1] && lo[2] === hi[2];
    for (let k = lo[2]; k <= hi[2]; k++) {
      for (let j = lo[1]; j <= hi[1]; j++) {
        for (let i = lo[0]; i <= hi[0]; i++) {
          if (!single) {
            center[0] = origin[0] + (i + 0.5) * h;
            center[1] = origin[1] + (j + 0.5) * h;
            center[2] = origin[2] + (k + 0.5) * h;
            if (!triangleIntersectsBox(corners, center, half)) continue;
          }
          if (count === cells.length) {
            cells = grow(cells);
            tris = grow(tris);
          }
          cells[count] = i + dims[0] * (j + dims[1] * k);
          tris[count] = t;
          count++;
        }
      }
    }
  }
  const indexOfCell = new Int32Array(grid.cellCount).fill(-1);
  const linearList: number[] = [];
  for (let e = 0; e < count; e++) {
    if (indexOfCell[cells[e]] < 0) {
      indexOfCell[cells[e]] = linearList.length;
      linearList.push(cells[e]);
    }
  }
  // Sort surface cells by linear index (deterministic, cache-friendly sweeps), then bucket entries.
  linearList.sort((a, b) => a - b);
  const linear = Int32Array.from(linearList);
  for (let c = 0; c < linear.length; c++) indexOfCell[linear[c]] = c;
  const pointers = new Int32Array(linear.length + 1);
  for (let e = 0; e < count; e++) pointers[indexOfCell[cells[e]] + 1]++;
  for (let c = 0; c < linear.length; c++) pointers[c + 1] += pointers[c];
  const entryTriangle = new Int32Array(count);
  const cursor = pointers.slice(0, linear.length);
  for (let e = 0; e < count; e++) entryTriangle[cursor[indexOfCell[cells[e]]]++] = tris[e];
  return { linear, pointers, entryTriangle, indexOfCell };
}

function grow(array: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

// ---------------------------------------------------------------------------------------------------
// The embedding at one resolution

/** Sample (a, b, d) ∈ {0,1,2}³ of a cell has index a + 3b + 9d; corner q ↔ sample (2(q&1), 2((q>>1)&1), 2(q>>2)). */
const SAMPLE_EDGES: Int32Array = (() => {
  const edges: number[] = [];
  for (let d = 0; d < 3; d++) {
    for (let b = 0; b < 3; b++) {
      for (let a = 0; a < 3; a++) {
        const s = a + 3 * b + 9 * d;
        if (a < 2) edges.push(s, s + 1);
        if (b < 2) edges.push(s, s + 3);
        if (d < 2) edges.push(s, s + 9);
      }
    }
  }
  return Int32Array.from(edges);
})();

/** For axis 0..2: 9 pairs (sample on the + face of a cell, same point's sample in the + neighbour). */
const FACE_SAMPLES: Int32Array[] = [0, 1, 2].map((axis) => {
  const pairs: number[] = [];
  for (let u = 0; u < 3; u++) {
    for (let v = 0; v < 3; v++) {
      const coords = [0, 0, 0];
      coords[axis] = 2;
      coords[(axis + 1) % 3] = u;
      coords[(axis + 2) % 3] = v;
      const here = coords[0] + 3 * coords[1] + 9 * coords[2];
      coords[axis] = 0;
      pairs.push(here, coords[0] + 3 * coords[1] + 9 * coords[2]);
    }
  }
  return Int32Array.from(pairs);
});

function embed(surface: PreparedSurface, resolution: number, threshold: number, keepIslands: boolean, joinParts: boolean): LatticeEmbedding {
  const grid = gridFor(surface, resolution);
  const { cellSize: h, origin, dims } = grid;
  const cells = surfaceCellsOf(surface, grid);
  const { positions, triangles, welded, vertexTrianglePointers, vertexTriangles, tree } = surface;
  const surfaceCellCount = cells.linear.length;
  const entryCount = cells.entryTriangle.length;
  const allTriangles = triangles.length / 3;
  const realTriangles = surface.triangleCount;
  const windingStack = new Int32Array(128);

  // Winding numbers at half-cell sample points, cached (neighbouring cells share face samples) in an
  // open-addressing table: a Map of boxed doubles cost more in garbage collection than the lookups.
  const sampleDims = [2 * dims[0] + 1, 2 * dims[1] + 1];
  let tableSize = 1024;
  while (tableSize < 16 * surfaceCellCount) tableSize *= 2;
  const tableKeys = new Int32Array(tableSize).fill(-1);
  const tableValues = new Float64Array(tableSize);
  const windingAt = (i2: number, j2: number, k2: number): number => {
    const key = i2 + sampleDims[0] * (j2 + sampleDims[1] * k2);
    let slot = Math.imul(key, 0x9e3779b1) >>> 0;
    for (;;) {
      slot &= tableSize - 1;
      const stored = tableKeys[slot];
      if (stored === key) return tableValues[slot];
      if (stored === -1) break;
      slot++;
    }
    const w = generalizedWindingNumber(tree, origin[0] + 0.5 * h * i2, origin[1] + 0.5 * h * j2, origin[2] + 0.5 * h * k2, 2, windingStack);
    tableKeys[slot] = key;
    tableValues[slot] = w;
    return w;
  };

  // |w_K| ≥ threshold at a half-cell sample, for part K (several parts only), cached like windingAt.
  const componentCache = new Map<number, boolean>();
  const componentClaims = (component: number, i2: number, j2: number, k2: number): boolean => {
    const key = (i2 + sampleDims[0] * (j2 + sampleDims[1] * k2)) * surface.componentCount + component;
    let claims = componentCache.get(key);
    if (claims === undefined) {
      const w = generalizedWindingNumber(surface.componentTrees[component], origin[0] + 0.5 * h * i2, origin[1] + 0.5 * h * j2, origin[2] + 0.5 * h * k2, 2, windingStack);
      claims = Math.abs(w) >= threshold;
      componentCache.set(key, claims);
    }
    return claims;
  };

  // --- Pieces: connected components of surface ∩ cell (step 3).
  const entryParent = new Int32Array(entryCount);
  for (let e = 0; e < entryCount; e++) entryParent[e] = e;
  const triangleStamp = new Int32Array(allTriangles).fill(-1);
  const triangleEntry = new Int32Array(allTriangles);
  const boxMin = new Float64Array(3);
  const boxMax = new Float64Array(3);
  const cellCoordinates = (linear: number, out: number[]): void => {
    out[0] = linear % dims[0];
    out[1] = Math.floor(linear / dims[0]) % dims[1];
    out[2] = Math.floor(linear / (dims[0] * dims[1]));
  };
  const ijk = [0, 0, 0];
  const sampleCell = [0, 0, 0];
  for (let c = 0; c < surfaceCellCount; c++) {
    const lo = cells.pointers[c];
    const hi = cells.pointers[c + 1];
    for (let e = lo; e < hi; e++) {
      triangleStamp[cells.entryTriangle[e]] = c;
      triangleEntry[cells.entryTriangle[e]] = e;
    }
    if (hi - lo === 1) continue;
    cellCoordinates(cells.linear[c], ijk);
    for (let a = 0; a < 3; a++) {
      boxMin[a] = origin[a] + (ijk[a] - CELL_EPSILON) * h;
      boxMax[a] = origin[a] + (ijk[a] + 1 + CELL_EPSILON) * h;
    }
    for (let e = lo; e < hi; e++) {
      const t = cells.entryTriangle[e];
      for (let corner = 0; corner < 3; corner++) {
        const p = welded[3 * t + corner];
        const q = welded[3 * t + ((corner + 1) % 3)];
        if (p === q || !segmentTouchesBox(positions, p, q, boxMin, boxMax)) continue;
        for (let k = vertexTrianglePointers[p]; k < vertexTrianglePointers[p + 1]; k++) {
          const s = vertexTriangles[k];
          if (s === t || triangleStamp[s] !== c) continue;
          if (welded[3 * s] === q || welded[3 * s + 1] === q || welded[3 * s + 2] === q) {
            union(entryParent, e, triangleEntry[s]);
          }
        }
      }
    }
  }

  // --- Material regions and copies of surface cells (step 4).
  const entryCopy = new Int32Array(entryCount);
  const sampleOwner = new Int32Array(27 * surfaceCellCount).fill(-1);
  const copyCell: number[] = [];
  const copyPart: number[] = [];
  let pieceOfRoot = new Int32Array(64);
  let pieceParent = new Int32Array(64);
  let piecePointOnly = new Uint8Array(64);
  let pieceDistance = new Float64Array(64);
  let pieceSide = new Float64Array(64);
  let pieceComponent = new Int32Array(64);
  let piecePart = new Int32Array(64);
  const pieceOfEntry = new Int32Array(entryCount);
  const inside = new Uint8Array(27);
  const windingDepth = new Float64Array(27);
  const closest = new Float64Array(3);
  const sampleX = new Float64Array(27);
  const sampleY = new Float64Array(27);
  const sampleZ = new Float64Array(27);
  for (let c = 0; c < surfaceCellCount; c++) {
    const lo = cells.pointers[c];
    const hi = cells.pointers[c + 1];
    cellCoordinates(cells.linear[c], ijk);
    // Local piece ids.
    if (pieceOfRoot.length < hi - lo + 1) {
      pieceOfRoot = new Int32Array(2 * (hi - lo));
      pieceParent = new Int32Array(2 * (hi - lo));
      piecePointOnly = new Uint8Array(2 * (hi - lo));
      pieceDistance = new Float64Array(2 * (hi - lo));
      pieceSide = new Float64Array(2 * (hi - lo));
      pieceComponent = new Int32Array(2 * (hi - lo));
      piecePart = new Int32Array(2 * (hi - lo));
    }
    let pieceCount = 0;
    for (let e = lo; e < hi; e++) pieceOfRoot[e - lo] = -1;
    for (let e = lo; e < hi; e++) {
      const root = find(entryParent, e) - lo;
      if (pieceOfRoot[root] < 0) {
        pieceOfRoot[root] = pieceCount;
        piecePointOnly[pieceCount] = 1;
        pieceParent[pieceCount] = pieceCount;
        pieceCount++;
      }
      const piece = pieceOfRoot[root];
      pieceOfEntry[e] = piece;
      if (cells.entryTriangle[e] < realTriangles) piecePointOnly[piece] = 0;
    }
    for (let s = 0; s < 27; s++) {
      const a = s % 3;
      const b = Math.floor(s / 3) % 3;
      const d = Math.floor(s / 9);
      const w = windingAt(2 * ijk[0] + a, 2 * ijk[1] + b, 2 * ijk[2] + d);
      windingDepth[s] = Math.abs(w);
      inside[s] = windingDepth[s] >= threshold ? 1 : 0;
      sampleX[s] = origin[0] + (ijk[0] + 0.5 * a) * h;
      sampleY[s] = origin[1] + (ijk[1] + 0.5 * b) * h;
      sampleZ[s] = origin[2] + (ijk[2] + 0.5 * d) * h;
    }
    const ownerBase = 27 * c;
    // Each inside sample belongs to the nearest piece that claims it: the piece's part (welded component K)
    // must have it inside, |w_K| ≥ threshold (a belt's piece does not claim body flesh it is buried in), and,
    // among pieces of one part, the sample must lie on the piece's inner side (of two fingers in a cell,
    // each claims its own flesh). Side = sign of (sample − closest point)·(sum of the normals of the
    // triangles sharing the closest feature), a pseudo-normal test (Bærentzen & Aanæs 2005) on the piece.
    // Inside samples no piece of the cell claims (flesh of a part whose surface is not in this cell) go to
    // one extra "interior" copy of the cell, made on demand as piece number pieceCount.
    const multiPart = surface.componentCount > 1;
    let interiorPiece = -1;
    for (let s = 0; s < 27; s++) {
      if (!inside[s]) {
        sampleOwner[ownerBase + s] = -1;
        continue;
      }
      if (pieceCount === 1 && !multiPart) {
        sampleOwner[ownerBase + s] = 0;
        continue;
      }
      for (let p = 0; p < pieceCount; p++) {
        pieceDistance[p] = Infinity;
        pieceSide[p] = 0;
      }
      for (let e = lo; e < hi; e++) {
        const t = cells.entryTriangle[e];
        if (t >= realTriangles) continue;
        const piece = pieceOfEntry[e];
        const d2 = pointTriangleDistanceSquared(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], sampleX[s], sampleY[s], sampleZ[s], closest);
        const best = pieceDistance[piece];
        if (d2 > best * (1 + 1e-9) + 1e-30) continue;
        const side = surface.orientation[t] * facingOf(positions, triangles, t, sampleX[s] - closest[0], sampleY[s] - closest[1], sampleZ[s] - closest[2]);
        if (d2 < best * (1 - 1e-9) - 1e-30) {
          pieceDistance[piece] = d2;
          pieceSide[piece] = side;
          pieceComponent[piece] = surface.componentOfTriangle[t];
        } else {
          pieceSide[piece] += side;
        }
      }
      let owner = -1;
      let ownerDistance = Infinity;
      let claimant = -1;
      let claimantDistance = Infinity;
      for (let p = 0; p < pieceCount; p++) {
        if (!(pieceDistance[p] < Infinity)) continue;
        if (multiPart && !componentClaims(pieceComponent[p], 2 * ijk[0] + (s % 3), 2 * ijk[1] + (Math.floor(s / 3) % 3), 2 * ijk[2] + Math.floor(s / 9))) continue;
        if (pieceDistance[p] < claimantDistance) {
          claimantDistance = pieceDistance[p];
          claimant = p;
        }
        if (pieceSide[p] <= 0 && pieceDistance[p] < ownerDistance) {
          ownerDistance = pieceDistance[p];
          owner = p;
        }
      }
      if (owner < 0) owner = claimant;
      if (owner < 0) {
        if (interiorPiece < 0) {
          interiorPiece = pieceCount++;
          pieceParent[interiorPiece] = interiorPiece;
          piecePointOnly[interiorPiece] = 0;
        }
        owner = interiorPiece;
      }
      sampleOwner[ownerBase + s] = owner;
    }
    // The part (welded component) of each piece; UNKNOWN for the interior piece and isolated points.
    for (let p = 0; p < pieceCount; p++) piecePart[p] = UNKNOWN_PART;
    for (let e = lo; e < hi; e++) {
      const t = cells.entryTriangle[e];
      if (t < realTriangles) piecePart[pieceOfEntry[e]] = surface.componentOfTriangle[t];
    }
    if (pieceCount > 1) {
      // (a) owned neighbours joined by an uncut sample edge are one material region, except across an
      // overlap of two different parts (unless they are to be joined).
      for (let k = 0; k < SAMPLE_EDGES.length; k += 2) {
        const s0 = SAMPLE_EDGES[k];
        const s1 = SAMPLE_EDGES[k + 1];
        const p0 = sampleOwner[ownerBase + s0];
        const p1 = sampleOwner[ownerBase + s1];
        if (p0 < 0 || p1 < 0 || find(pieceParent, p0) === find(pieceParent, p1)) continue;
        if (!joinParts && windingDepth[s0] >= threshold + 1 && windingDepth[s1] >= threshold + 1 && !samePart(piecePart[p0], piecePart[p1])) continue;
        let cut = false;
        for (let e = lo; e < hi && !cut; e++) {
          const t = cells.entryTriangle[e];
          if (t >= realTriangles) continue;
          cut = segmentIntersectsTriangle(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], sampleX[s0], sampleY[s0], sampleZ[s0], sampleX[s1], sampleY[s1], sampleZ[s1]);
        }
        if (!cut) union(pieceParent, p0, p1);
      }
      // (b) thin slabs: a normal ray from one piece that first meets another across singly-covered inside.
      if (countRoots(pieceParent, pieceCount) > 1) {
        joinAcrossThinSlabs(surface, cells, c, lo, hi, pieceOfEntry, pieceParent, ijk, h, origin, threshold, closest, windingStack);
      }
      // Isolated vertices join the nearest real piece of their cell.
      for (let e = lo; e < hi; e++) {
        const piece = pieceOfEntry[e];
        if (!piecePointOnly[piece]) continue;
        const v = triangles[3 * cells.entryTriangle[e]];
        let best = -1;
        let bestDistance = Infinity;
        for (let f = lo; f < hi; f++) {
          const t = cells.entryTriangle[f];
          if (t >= realTriangles) continue;
          const d2 = pointTriangleDistanceSquared(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2], positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
          if (d2 < bestDistance) {
            bestDistance = d2;
            best = pieceOfEntry[f];
          }
        }
        union(pieceParent, piece, best >= 0 ? best : 0);
      }
    }
    // Copies: one per remaining piece root, with the part of its pieces (MIXED when joined across parts).
    const base = copyCell.length;
    let copies = 0;
    for (let p = 0; p < pieceCount; p++) {
      if (find(pieceParent, p) === p) {
        pieceOfRoot[p] = base + copies++;
        copyCell.push(cells.linear[c]);
        copyPart.push(UNKNOWN_PART);
      }
    }
    for (let p = 0; p < pieceCount; p++) {
      const copy = pieceOfRoot[find(pieceParent, p)];
      copyPart[copy] = combinedPart(copyPart[copy], piecePart[p]);
    }
    for (let e = lo; e < hi; e++) entryCopy[e] = pieceOfRoot[find(pieceParent, pieceOfEntry[e])];
    for (let s = 0; s < 27; s++) {
      const owner = sampleOwner[ownerBase + s];
      sampleOwner[ownerBase + s] = owner >= 0 ? pieceOfRoot[find(pieceParent, owner)] : -1;
    }
  }
  const surfaceCopyCount = copyCell.length;

  // --- Interior cells (step 5): one copy, or one per part whose inside it is when parts overlap there.
  const interiorFirstCopy = new Int32Array(grid.cellCount).fill(-1);
  const interiorCopyCount = new Uint8Array(grid.cellCount);
  const interior = interiorCells(grid, cells.indexOfCell, tree, threshold, windingStack);
  const separateParts = !joinParts && surface.componentCount > 1;
  for (let linear = 0; linear < grid.cellCount; linear++) {
    if (!interior[linear]) continue;
    interiorFirstCopy[linear] = copyCell.length;
    let count = 0;
    if (separateParts) {
      cellCoordinates(linear, ijk);
      const x = origin[0] + (ijk[0] + 0.5) * h;
      const y = origin[1] + (ijk[1] + 0.5) * h;
      const z = origin[2] + (ijk[2] + 0.5) * h;
      for (let part = 0; part < surface.componentCount; part++) {
        const box = surface.componentBoxes;
        if (x < box[6 * part] || y < box[6 * part + 1] || z < box[6 * part + 2] || x > box[6 * part + 3] || y > box[6 * part + 4] || z > box[6 * part + 5]) continue;
        if (Math.abs(generalizedWindingNumber(surface.componentTrees[part], x, y, z, 2, windingStack)) < threshold) continue;
        copyCell.push(linear);
        copyPart.push(part);
        count++;
      }
    }
    if (count === 0) {
      copyCell.push(linear);
      copyPart.push(UNKNOWN_PART);
      count = 1;
    }
    interiorCopyCount[linear] = Math.min(255, count);
  }
  const copyCount = copyCell.length;

  // --- Gluing copies of face-adjacent cells (step 6).
  const slotParent = new Int32Array(8 * copyCount);
  for (let s = 0; s < slotParent.length; s++) slotParent[s] = s;
  const connect = (a: number, b: number, axis: number): void => {
    const bit = 1 << axis;
    for (let q = 0; q < 8; q++) if (q & bit) union(slotParent, 8 * a + q, 8 * b + (q ^ bit));
  };
  const strides = [1, dims[0], dims[0] * dims[1]];
  // Whether a face sample lies inside two parts at once; there, copies of different parts are not glued.
  const overlapSample = (linear: number, sample: number): boolean => {
    cellCoordinates(linear, sampleCell);
    return Math.abs(windingAt(2 * sampleCell[0] + (sample % 3), 2 * sampleCell[1] + (Math.floor(sample / 3) % 3), 2 * sampleCell[2] + Math.floor(sample / 9))) >= threshold + 1;
  };
  for (let linear = 0; linear < grid.cellCount; linear++) {
    const c = cells.indexOfCell[linear];
    if (c < 0 && interiorFirstCopy[linear] < 0) continue;
    cellCoordinates(linear, ijk);
    for (let axis = 0; axis < 3; axis++) {
      if (ijk[axis] + 1 >= dims[axis]) continue;
      const neighbour = linear + strides[axis];
      const nc = cells.indexOfCell[neighbour];
      const faces = FACE_SAMPLES[axis];
      if (c >= 0 && nc >= 0) {
        for (let f = 0; f < 18; f += 2) {
          const a = sampleOwner[27 * c + faces[f]];
          const b = sampleOwner[27 * nc + faces[f + 1]];
          if (a < 0 || b < 0) continue;
          if (separateParts && !samePart(copyPart[a], copyPart[b]) && overlapSample(linear, faces[f])) continue;
          connect(a, b, axis);
        }
        // Triangles present in both cells: the surface itself continues across the face.
        let e = cells.pointers[c];
        let g = cells.pointers[nc];
        const eEnd = cells.pointers[c + 1];
        const gEnd = cells.pointers[nc + 1];
        while (e < eEnd && g < gEnd) {
          const te = cells.entryTriangle[e];
          const tg = cells.entryTriangle[g];
          if (te < tg) e++;
          else if (te > tg) g++;
          else {
            connect(entryCopy[e], entryCopy[g], axis);
            e++;
            g++;
          }
        }
      } else if (c >= 0) {
        const first = interiorFirstCopy[neighbour];
        if (first < 0) continue;
        for (let f = 0; f < 18; f += 2) {
          const a = sampleOwner[27 * c + faces[f]];
          if (a < 0) continue;
          for (let b = first; b < first + interiorCopyCount[neighbour]; b++) if (samePart(copyPart[a], copyPart[b])) connect(a, b, axis);
        }
      } else {
        const first = interiorFirstCopy[linear];
        const count = interiorCopyCount[linear];
        if (nc >= 0) {
          for (let f = 0; f < 18; f += 2) {
            const b = sampleOwner[27 * nc + faces[f + 1]];
            if (b < 0) continue;
            for (let a = first; a < first + count; a++) if (samePart(copyPart[a], copyPart[b])) connect(a, b, axis);
          }
        } else {
          const neighbourFirst = interiorFirstCopy[neighbour];
          if (neighbourFirst < 0) continue;
          for (let a = first; a < first + count; a++) {
            for (let b = neighbourFirst; b < neighbourFirst + interiorCopyCount[neighbour]; b++) if (samePart(copyPart[a], copyPart[b])) connect(a, b, axis);
          }
        }
      }
    }
  }

  // Copies whose eight corners all coincide are one copy (only copies of the same cell can).
  const canonical = new Int32Array(copyCount);
  for (let copy = 0; copy < copyCount; copy++) {
    canonical[copy] = copy;
    for (let other = copy - 1; other >= 0 && copyCell[other] === copyCell[copy]; other--) {
      if (canonical[other] !== other) continue;
      let identical = true;
      for (let q = 0; q < 8 && identical; q++) identical = find(slotParent, 8 * copy + q) === find(slotParent, 8 * other + q);
      if (identical) {
        canonical[copy] = other;
        break;
      }
    }
  }

  // --- Locate every surface vertex (step 7, first half).
  const { vertexCount } = surface;
  const vertexCopy = new Int32Array(vertexCount);
  const vertexLocal = new Float64Array(3 * vertexCount);
  const cell = [0, 0, 0];
  for (let v = 0; v < vertexCount; v++) {
    for (let a = 0; a < 3; a++) {
      const f = (positions[3 * v + a] - origin[a]) / h;
      cell[a] = Math.min(dims[a] - 1, Math.max(0, Math.floor(f)));
      vertexLocal[3 * v + a] = Math.min(1, Math.max(0, f - cell[a]));
    }
    const linear = cell[0] + dims[0] * (cell[1] + dims[1] * cell[2]);
    const c = cells.indexOfCell[linear];
    let copy = -1;
    if (c >= 0) {
      const r = surface.representative[v];
      for (let k = vertexTrianglePointers[r]; k < vertexTrianglePointers[r + 1] && copy < 0; k++) {
        const e = findEntry(cells, c, vertexTriangles[k]);
        if (e >= 0) copy = entryCopy[e];
      }
      if (copy < 0) copy = entryCopy[cells.pointers[c]];
    }
    if (copy < 0) throw new Error(`latticeEmbedding: internal error, vertex ${v} lies in no surface cell`);
    vertexCopy[v] = canonical[copy];
  }

  // --- Islands: copies connected through shared corners; drop those holding no surface vertex.
  const copyParent = new Int32Array(copyCount);
  for (let c = 0; c < copyCount; c++) copyParent[c] = c;
  const firstCopyOfRoot = new Int32Array(8 * copyCount).fill(-1);
  for (let copy = 0; copy < copyCount; copy++) {
    if (canonical[copy] !== copy) continue;
    for (let q = 0; q < 8; q++) {
      const root = find(slotParent, 8 * copy + q);
      if (firstCopyOfRoot[root] < 0) firstCopyOfRoot[root] = copy;
      else union(copyParent, copy, firstCopyOfRoot[root]);
    }
  }
  const islandHasSurface = new Uint8Array(copyCount);
  for (let v = 0; v < vertexCount; v++) islandHasSurface[find(copyParent, vertexCopy[v])] = 1;

  // --- Output (step 7, second half).
  const nodeOfRoot = new Int32Array(8 * copyCount).fill(-1);
  const keptCopies: number[] = [];
  let droppedCells = 0;
  for (let copy = 0; copy < copyCount; copy++) {
    if (canonical[copy] !== copy) continue;
    if (!keepIslands && !islandHasSurface[find(copyParent, copy)]) {
      droppedCells++;
      continue;
    }
    keptCopies.push(copy);
  }
  const tetBaseOfCopy = new Int32Array(copyCount).fill(-1);
  const nodePositions: number[] = [];
  const tetCount = 5 * keptCopies.length;
  const tetrahedra = new Uint32Array(4 * tetCount);
  const tetCell = new Uint32Array(tetCount);
  const corner = new Int32Array(8);
  let surfaceCellsKept = 0;
  let interiorCellsKept = 0;
  const distinctCells = new Set<number>();
  keptCopies.forEach((copy, index) => {
    const linear = copyCell[copy];
    distinctCells.add(linear);
    if (copy < surfaceCopyCount) surfaceCellsKept++;
    else interiorCellsKept++;
    cellCoordinates(linear, ijk);
    for (let q = 0; q < 8; q++) {
      const root = find(slotParent, 8 * copy + q);
      if (nodeOfRoot[root] < 0) {
        nodeOfRoot[root] = nodePositions.length / 3;
        nodePositions.push(
          origin[0] + (ijk[0] + (q & 1)) * h,
          origin[1] + (ijk[1] + ((q >> 1) & 1)) * h,
          origin[2] + (ijk[2] + (q >> 2)) * h,
        );
      }
      corner[q] = nodeOfRoot[root];
    }
    const template = cubeTetrahedra((ijk[0] + ijk[1] + ijk[2]) & 1);
    tetBaseOfCopy[copy] = 5 * index;
    for (let t = 0; t < 5; t++) {
      for (let k = 0; k < 4; k++) tetrahedra[4 * (5 * index + t) + k] = corner[template[4 * t + k]];
      tetCell[5 * index + t] = linear;
    }
  });

  const surfaceTet = new Uint32Array(vertexCount);
  const surfaceBarycentric = new Float64Array(4 * vertexCount);
  const bary = new Float64Array(4);
  for (let v = 0; v < vertexCount; v++) {
    const copy = vertexCopy[v];
    const linear = copyCell[copy];
    cellCoordinates(linear, ijk);
    const parity = (ijk[0] + ijk[1] + ijk[2]) & 1;
    const local = locateInCube(parity, vertexLocal[3 * v], vertexLocal[3 * v + 1], vertexLocal[3 * v + 2], bary);
    surfaceTet[v] = tetBaseOfCopy[copy] + local;
    surfaceBarycentric.set(bary, 4 * v);
  }

  const cellsKept = keptCopies.length;
  const pieceRoots = new Set<number>();
  for (const copy of keptCopies) pieceRoots.add(find(copyParent, copy));
  return {
    vertexCount: nodePositions.length / 3,
    positions: Float64Array.from(nodePositions),
    tetCount,
    tetrahedra,
    surfaceVertexCount: vertexCount,
    surfaceTet,
    surfaceBarycentric,
    tetCell,
    cellSize: h,
    origin,
    gridDimensions: dims,
    stats: {
      seconds: 0,
      resolution,
      cells: cellsKept,
      duplicatedCells: cellsKept - distinctCells.size,
      surfaceCells: surfaceCellsKept,
      interiorCells: interiorCellsKept,
      droppedCells,
      pieces: pieceRoots.size,
    },
  };
}

/** Block edge (in cells) of the coarse pass in interiorCells. */
const BLOCK = 4;

/**
 * Inside flags of the cells the surface does not touch: |w(center)| ≥ threshold. Evaluating w at every
 * cell center dominated the embedding time (≈ 5 µs each, mostly for cells far outside), so blocks of
 * BLOCK³ cells that keep at least one cell away from every surface cell are classified at once when w at
 * all eight block corners is decisive (< 0.1 or > 0.9 in magnitude): w is harmonic off the surface, and a
 * block that far from it cannot cross ½ between decisive corners except next to a hole's rim, where the
 * corners are not decisive and the cells are evaluated one by one.
 */
function interiorCells(grid: Grid, indexOfCell: Int32Array, tree: WindingNumberTree, threshold: number, stack: Int32Array): Uint8Array {
  const { dims, origin, cellSize: h, cellCount } = grid;
  const result = new Uint8Array(cellCount);
  // Surface cells dilated by one cell (26-neighbourhood).
  const near = new Uint8Array(cellCount);
  for (let k = 0; k < dims[2]; k++) {
    for (let j = 0; j < dims[1]; j++) {
      for (let i = 0; i < dims[0]; i++) {
        if (indexOfCell[i + dims[0] * (j + dims[1] * k)] < 0) continue;
        for (let dk = Math.max(0, k - 1); dk <= Math.min(dims[2] - 1, k + 1); dk++) {
          for (let dj = Math.max(0, j - 1); dj <= Math.min(dims[1] - 1, j + 1); dj++) {
            for (let di = Math.max(0, i - 1); di <= Math.min(dims[0] - 1, i + 1); di++) near[di + dims[0] * (dj + dims[1] * dk)] = 1;
          }
        }
      }
    }
  }
  const cornerDims = [Math.ceil(dims[0] / BLOCK) + 1, Math.ceil(dims[1] / BLOCK) + 1];
  const cornerCache = new Map<number, number>();
  const cornerWinding = (bi: number, bj: number, bk: number): number => {
    const key = bi + cornerDims[0] * (bj + cornerDims[1] * bk);
    let w = cornerCache.get(key);
    if (w === undefined) {
      w = Math.abs(generalizedWindingNumber(tree, origin[0] + bi * BLOCK * h, origin[1] + bj * BLOCK * h, origin[2] + bk * BLOCK * h, 2, stack));
      cornerCache.set(key, w);
    }
    return w;
  };
  for (let bk = 0; bk * BLOCK < dims[2]; bk++) {
    for (let bj = 0; bj * BLOCK < dims[1]; bj++) {
      for (let bi = 0; bi * BLOCK < dims[0]; bi++) {
        const i1 = Math.min(dims[0], (bi + 1) * BLOCK);
        const j1 = Math.min(dims[1], (bj + 1) * BLOCK);
        const k1 = Math.min(dims[2], (bk + 1) * BLOCK);
        let clear = true;
        for (let k = bk * BLOCK; k < k1 && clear; k++) {
          for (let j = bj * BLOCK; j < j1 && clear; j++) {
            for (let i = bi * BLOCK; i < i1 && clear; i++) if (near[i + dims[0] * (j + dims[1] * k)]) clear = false;
          }
        }
        let decided = -1;
        if (clear) {
          let allIn = true;
          let allOut = true;
          for (let c = 0; c < 8; c++) {
            const w = cornerWinding(bi + (c & 1), bj + ((c >> 1) & 1), bk + (c >> 2));
            if (!(w > 0.9)) allIn = false;
            if (!(w < 0.1)) allOut = false;
          }
          decided = allIn ? 1 : allOut ? 0 : -1;
        }
        for (let k = bk * BLOCK; k < k1; k++) {
          for (let j = bj * BLOCK; j < j1; j++) {
            for (let i = bi * BLOCK; i < i1; i++) {
              const linear = i + dims[0] * (j + dims[1] * k);
              if (indexOfCell[linear] >= 0) continue;
              if (decided >= 0) {
                result[linear] = decided;
                continue;
              }
              const w = generalizedWindingNumber(tree, origin[0] + (i + 0.5) * h, origin[1] + (j + 0.5) * h, origin[2] + (k + 0.5) * h, 2, stack);
              result[linear] = Math.abs(w) >= threshold ? 1 : 0;
            }
          }
        }
      }
    }
  }
  return result;
}

/**
 * Rule (b): a ray from a piece's triangle into its material that first meets another piece from inside it,
 * through singly-covered inside space, means one slab thinner than the sample spacing: join the pieces.
 */
function joinAcrossThinSlabs(
  surface: PreparedSurface,
  cells: SurfaceCells,
  _cell: number,
  lo: number,
  hi: number,
  pieceOfEntry: Int32Array,
  pieceParent: Int32Array,
  ijk: number[],
  h: number,
  origin: [number, number, number],
  threshold: number,
  closest: Float64Array,
  stack: Int32Array,
): void {
  const { positions, triangles, triangleCount, tree } = surface;
  const cx = origin[0] + (ijk[0] + 0.5) * h;
  const cy = origin[1] + (ijk[1] + 0.5) * h;
  const cz = origin[2] + (ijk[2] + 0.5) * h;
  const reach = Math.sqrt(3) * h;
  const slack = 1e-7 * h;
  // At most this many rays per cell: enough to find a slab, bounded for cells crossed by thousands of triangles.
  const stride = Math.max(1, Math.floor((hi - lo) / 48));
  for (let e = lo; e < hi; e += stride) {
    const t = cells.entryTriangle[e];
    if (t >= triangleCount) continue;
    const a = triangles[3 * t];
    const b = triangles[3 * t + 1];
    const c = triangles[3 * t + 2];
    const ux = positions[3 * b] - positions[3 * a];
    const uy = positions[3 * b + 1] - positions[3 * a + 1];
    const uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a];
    const vy = positions[3 * c + 1] - positions[3 * a + 1];
    const vz = positions[3 * c + 2] - positions[3 * a + 2];
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (!(length > 0)) continue;
    nx /= length;
    ny /= length;
    nz /= length;
    pointTriangleDistanceSquared(positions, a, b, c, cx, cy, cz, closest);
    const ox = closest[0];
    const oy = closest[1];
    const oz = closest[2];
    if (Math.abs(ox - cx) > 0.5 * h + slack || Math.abs(oy - cy) > 0.5 * h + slack || Math.abs(oz - cz) > 0.5 * h + slack) continue;
    const piece = pieceOfEntry[e];
    // Into the piece's material: against its outward normal.
    const sign = -surface.orientation[t];
    const dx = sign * nx;
    const dy = sign * ny;
    const dz = sign * nz;
    let bestT = reach;
    let bestEntry = -1;
    for (let f = lo; f < hi; f++) {
      const s = cells.entryTriangle[f];
      if (s === t || s >= triangleCount) continue;
      const hit = rayTriangleDistance(positions, triangles[3 * s], triangles[3 * s + 1], triangles[3 * s + 2], ox, oy, oz, dx, dy, dz);
      if (hit > slack && hit < bestT) {
        bestT = hit;
        bestEntry = f;
      }
    }
    if (bestEntry < 0) continue;
    const other = pieceOfEntry[bestEntry];
    if (find(pieceParent, other) === find(pieceParent, piece)) continue;
    // The ray must leave the other piece's material there (a slab between two walls), not enter it.
    const hitTriangle = cells.entryTriangle[bestEntry];
    if (surface.orientation[hitTriangle] * facingOf(positions, triangles, hitTriangle, dx, dy, dz) <= 0) continue;
    const w = generalizedWindingNumber(tree, ox + 0.5 * bestT * dx, oy + 0.5 * bestT * dy, oz + 0.5 * bestT * dz, 2, stack);
    const depth = Math.abs(w);
    if (depth >= threshold && depth < threshold + 1) union(pieceParent, piece, other);
  }
}

/** (d · n̂) for the unit normal n̂ of triangle t: > 0 on its front (outer, for outward meshes) side. */
function facingOf(positions: Float64Array, triangles: Uint32Array, t: number, dx: number, dy: number, dz: number): number {
  const a = 3 * triangles[3 * t];
  const b = 3 * triangles[3 * t + 1];
  const c = 3 * triangles[3 * t + 2];
  const ux = positions[b] - positions[a];
  const uy = positions[b + 1] - positions[a + 1];
  const uz = positions[b + 2] - positions[a + 2];
  const vx = positions[c] - positions[a];
  const vy = positions[c + 1] - positions[a + 1];
  const vz = positions[c + 2] - positions[a + 2];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz);
  return length > 0 ? (dx * nx + dy * ny + dz * nz) / length : 0;
}

/** Ray parameter of the hit with a triangle (Möller–Trumbore), Infinity when it misses. */
function rayTriangleDistance(
  positions: Float64Array,
  a: number,
  b: number,
  c: number,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
): number {
  const ax = positions[3 * a];
  const ay = positions[3 * a + 1];
  const az = positions[3 * a + 2];
  const e1x = positions[3 * b] - ax;
  const e1y = positions[3 * b + 1] - ay;
  const e1z = positions[3 * b + 2] - az;
  const e2x = positions[3 * c] - ax;
  const e2y = positions[3 * c + 1] - ay;
  const e2z = positions[3 * c + 2] - az;
  const px = dy * e2z - dz * e2y;
  const py = dz * e2x - dx * e2z;
  const pz = dx * e2y - dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (Math.abs(det) < 1e-300) return Infinity;
  const inverse = 1 / det;
  const sx = ox - ax;
  const sy = oy - ay;
  const sz = oz - az;
  const u = (sx * px + sy * py + sz * pz) * inverse;
  if (u < 0 || u > 1) return Infinity;
  const qx = sy * e1z - sz * e1y;
  const qy = sz * e1x - sx * e1z;
  const qz = sx * e1y - sy * e1x;
  const v = (dx * qx + dy * qy + dz * qz) * inverse;
  if (v < 0 || u + v > 1) return Infinity;
  return (e2x * qx + e2y * qy + e2z * qz) * inverse;
}

function segmentTouchesBox(positions: Float64Array, p: number, q: number, boxMin: Float64Array, boxMax: Float64Array): boolean {
  let t0 = 0;
  let t1 = 1;
  for (let a = 0; a < 3; a++) {
    const start = positions[3 * p + a];
    const delta = positions[3 * q + a] - start;
    if (delta === 0) {
      if (start < boxMin[a] || start > boxMax[a]) return false;
      continue;
    }
    let near = (boxMin[a] - start) / delta;
    let far = (boxMax[a] - start) / delta;
    if (near > far) {
      const swap = near;
      near = far;
      far = swap;
    }
    if (near > t0) t0 = near;
    if (far < t1) t1 = far;
    if (t0 > t1) return false;
  }
  return true;
}

function findEntry(cells: SurfaceCells, c: number, triangle: number): number {
  let lo = cells.pointers[c];
  let hi = cells.pointers[c + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = cells.entryTriangle[mid];
    if (t === triangle) return mid;
    if (t < triangle) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Part of a copy whose pieces span several parts (joined by rules (a), (b) or joinOverlappingParts). */
const MIXED_PART = -2;
/** Part of the interior piece of a surface cell, of isolated points, and of interior cells of one part. */
const UNKNOWN_PART = -1;

function combinedPart(a: number, b: number): number {
  if (a === b || b === UNKNOWN_PART) return a;
  if (a === UNKNOWN_PART) return b;
  return MIXED_PART;
}

/** Whether two copies may be glued as one material: same part, or either part not known. */
function samePart(a: number, b: number): boolean {
  return a === b || a < 0 || b < 0;
}

function find(parent: Int32Array, x: number): number {
  while (parent[x] !== x) {
    parent[x] = parent[parent[x]];
    x = parent[x];
  }
  return x;
}

function union(parent: Int32Array, a: number, b: number): void {
  const ra = find(parent, a);
  const rb = find(parent, b);
  if (ra === rb) return;
  // Smaller index wins, so roots (and copy order) do not depend on visiting order.
  if (ra < rb) parent[rb] = ra;
  else parent[ra] = rb;
}

function countRoots(parent: Int32Array, count: number): number {
  let roots = 0;
  for (let p = 0; p < count; p++) if (find(parent, p) === p) roots++;
  return roots;
}

// Barycentric inverse maps of the ten template tets, in unit-cube coordinates.
const TEMPLATE_INVERSES: Float64Array[] = [0, 1].map((parity) => {
  const template = cubeTetrahedra(parity);
  const out = new Float64Array(5 * 12);
  for (let t = 0; t < 5; t++) {
    const p = [0, 1, 2, 3].map((k) => {
      const q = template[4 * t + k];
      return [q & 1, (q >> 1) & 1, q >> 2];
    });
    // Columns e_k = p_k − p_0; inverse by the adjugate.
    const m = [0, 1, 2].map((r) => [p[1][r] - p[0][r], p[2][r] - p[0][r], p[3][r] - p[0][r]]);
    const det =
      m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
      m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
      m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    const inv = [
      (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det,
      (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det,
      (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det,
      (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det,
      (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det,
      (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det,
      (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det,
      (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det,
      (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det,
    ];
    out.set(inv, 12 * t);
    out.set(p[0], 12 * t + 9);
  }
  return out;
});

/** Picks the template tet containing unit-cube point f (the one with the largest minimum barycentric). */
function locateInCube(parity: number, fx: number, fy: number, fz: number, out: Float64Array): number {
  const inverses = TEMPLATE_INVERSES[parity];
  let best = 0;
  let bestMin = -Infinity;
  const b = [0, 0, 0, 0];
  for (let t = 0; t < 5; t++) {
    const o = 12 * t;
    const rx = fx - inverses[o + 9];
    const ry = fy - inverses[o + 10];
    const rz = fz - inverses[o + 11];
    const b1 = inverses[o] * rx + inverses[o + 1] * ry + inverses[o + 2] * rz;
    const b2 = inverses[o + 3] * rx + inverses[o + 4] * ry + inverses[o + 5] * rz;
    const b3 = inverses[o + 6] * rx + inverses[o + 7] * ry + inverses[o + 8] * rz;
    const b0 = 1 - b1 - b2 - b3;
    const smallest = Math.min(b0, b1, b2, b3);
    if (smallest > bestMin) {
      bestMin = smallest;
      best = t;
      b[0] = b0;
      b[1] = b1;
      b[2] = b2;
      b[3] = b3;
    }
  }
  // Clamp rounding-level negatives and renormalize so the coordinates are a convex combination.
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    out[k] = Math.max(0, b[k]);
    sum += out[k];
  }
  for (let k = 0; k < 4; k++) out[k] /= sum;
  return best;
}

/** Picks the resolution whose tet count is nearest `target`, from cheap cell counts (no gluing). */
function resolutionForTetCount(surface: PreparedSurface, target: number, threshold: number): number {
  if (!(target >= 5)) throw new RangeError(`latticeEmbedding: targetTetCount must be ≥ 5, got ${target}`);
  const stack = new Int32Array(128);
  const estimate = (resolution: number): number => {
    const grid = gridFor(surface, resolution);
    const cells = surfaceCellsOf(surface, grid);
    let kept = cells.linear.length;
    const interior = interiorCells(grid, cells.indexOfCell, surface.tree, threshold, stack);
    for (let c = 0; c < grid.cellCount; c++) kept += interior[c];
    return 5 * kept;
  };
  let resolution = 16;
  let best = resolution;
  let bestError = Infinity;
  const tried = new Set<number>();
  for (let attempt = 0; attempt < 6 && !tried.has(resolution); attempt++) {
    tried.add(resolution);
    const tets = estimate(resolution);
    const error = Math.abs(Math.log(tets / target));
    if (error < bestError) {
      bestError = error;
      best = resolution;
    }
    // Surface cells grow like r², interior like r³: a cube-root step overshoots little and converges fast.
    const next = Math.round(resolution * Math.pow(target / tets, 1 / 2.5));
    resolution = Math.min(1000, Math.max(1, next));
  }
  return best;
}
