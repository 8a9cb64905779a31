import { unionFindMerge, unionFindRoot } from '../math/index.ts';
import { cellPieces } from './cellPieces.ts';
import { copyCornerSlots } from './copyCornerSlots.ts';
import { cubeTetBarycentric } from './cubeTetBarycentric.ts';
import { cubeTetrahedra } from './cubeTetrahedra.ts';
import { embeddingSurface, type EmbeddingSurface } from './embeddingSurface.ts';
import { halfCellWindingNumbers } from './halfCellWindingNumbers.ts';
import { interiorCellCopies } from './interiorCellCopies.ts';
import { cellCoordinates, latticeGrid } from './latticeGrid.ts';
import { resolutionForTetCount } from './resolutionForTetCount.ts';
import { surfaceCellCopies } from './surfaceCellCopies.ts';
import { surfaceCells } from './surfaceCells.ts';
import { surfaceVertexCopies } from './surfaceVertexCopies.ts';

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
  /**
   * the box the grid spans (resolution cells along its longest side), in place of the surface's own bounding box: a
   * simulation that embeds only part of a mesh (its carried shells left out) keeps the whole mesh's cells
   */
  bounds?: { min: readonly number[]; max: readonly number[] };
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
 *    neighbours whose segment no triangle cuts (the edge-cut rule of seed 002 §3.4), or (b) a ray into one
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
 * Parts, one file each (this file is the driver): embeddingSurface (input, welding, winding-number trees,
 * surfaceComponents), resolutionForTetCount (targetTetCount), 1 latticeGrid, 2 surfaceCells, 3 cellPieces,
 * 4 surfaceCellCopies (with halfCellWindingNumbers, joinAcrossThinSlabs, copyParts), 5 interiorCells and
 * interiorCellCopies, 6 copyCornerSlots, 7 surfaceVertexCopies and cubeTetBarycentric.
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
export function latticeEmbedding(positions: ArrayLike<number>, triangles: ArrayLike<number>, options: LatticeEmbeddingOptions = {}): LatticeEmbedding {
  const start = performance.now();
  const surface = embeddingSurface(positions, triangles);
  const threshold = options.windingThreshold ?? 0.5;
  let resolution = options.resolution ?? 32;
  if (options.targetTetCount !== undefined) {
    resolution = resolutionForTetCount(surface, options.targetTetCount, threshold);
  }
  if (!(Number.isInteger(resolution) && resolution >= 1 && resolution <= 1000)) {
    throw new RangeError(`latticeEmbedding: resolution must be an integer in 1..1000, got ${resolution}`);
  }
  const bounds = options.bounds ?? { min: surface.min, max: surface.max };
  const result = embedAtResolution(surface, bounds, resolution, threshold, options.keepIslands ?? false, options.joinOverlappingParts ?? false);
  result.stats.seconds = (performance.now() - start) / 1000;
  return result;
}

/**
 * The embedding at one resolution: steps 1–7 of latticeEmbedding's method, each a named part (see the
 * imports), then the islands, the lattice vertices (one per root of the glued corner slots), the five
 * tetrahedra of every kept copy and the barycentric coordinates of every surface vertex.
 */
function embedAtResolution(
  surface: EmbeddingSurface,
  bounds: { min: readonly number[]; max: readonly number[] },
  resolution: number,
  threshold: number,
  keepIslands: boolean,
  joinParts: boolean,
): LatticeEmbedding {
  const grid = latticeGrid(bounds.min, bounds.max, resolution); // step 1
  const { cellSize: h, origin, dims } = grid;
  const cells = surfaceCells(surface, grid); // step 2
  const windingStack = new Int32Array(128);
  const windingAt = halfCellWindingNumbers(grid, surface.tree, cells.linear.length, windingStack);
  const entryParent = cellPieces(surface, grid, cells); // step 3
  const copies = surfaceCellCopies(surface, grid, cells, entryParent, windingAt, threshold, joinParts, windingStack); // step 4
  const { entryCopy, copyCell } = copies;
  const surfaceCopyCount = copyCell.length;
  const separateParts = !joinParts && surface.componentCount > 1;
  const interior = interiorCellCopies(surface, grid, cells, threshold, separateParts, copies, windingStack); // step 5
  const copyCount = copyCell.length;
  const slotParent = copyCornerSlots(grid, cells, copies, interior.firstCopy, interior.copyCount, separateParts, windingAt, threshold); // step 6
  const ijk = [0, 0, 0];

  // Copies whose eight corners all coincide are one copy (only copies of the same cell can).
  const canonical = new Int32Array(copyCount);
  for (let copy = 0; copy < copyCount; copy++) {
    canonical[copy] = copy;
    for (let other = copy - 1; other >= 0 && copyCell[other] === copyCell[copy]; other--) {
      if (canonical[other] !== other) continue;
      let identical = true;
      for (let q = 0; q < 8 && identical; q++) identical = unionFindRoot(slotParent, 8 * copy + q) === unionFindRoot(slotParent, 8 * other + q);
      if (identical) {
        canonical[copy] = other;
        break;
      }
    }
  }

  // --- Locate every surface vertex (step 7, first half).
  const { vertexCount } = surface;
  const { vertexCopy, vertexLocal } = surfaceVertexCopies(surface, grid, cells, entryCopy, canonical);

  // --- Islands: copies connected through shared corners; drop those holding no surface vertex.
  const copyParent = new Int32Array(copyCount);
  for (let c = 0; c < copyCount; c++) copyParent[c] = c;
  const firstCopyOfRoot = new Int32Array(8 * copyCount).fill(-1);
  for (let copy = 0; copy < copyCount; copy++) {
    if (canonical[copy] !== copy) continue;
    for (let q = 0; q < 8; q++) {
      const root = unionFindRoot(slotParent, 8 * copy + q);
      if (firstCopyOfRoot[root] < 0) firstCopyOfRoot[root] = copy;
      else unionFindMerge(copyParent, copy, firstCopyOfRoot[root]);
    }
  }
  const islandHasSurface = new Uint8Array(copyCount);
  for (let v = 0; v < vertexCount; v++) islandHasSurface[unionFindRoot(copyParent, vertexCopy[v])] = 1;

  // --- Output (step 7, second half).
  const nodeOfRoot = new Int32Array(8 * copyCount).fill(-1);
  const keptCopies: number[] = [];
  let droppedCells = 0;
  for (let copy = 0; copy < copyCount; copy++) {
    if (canonical[copy] !== copy) continue;
    if (!keepIslands && !islandHasSurface[unionFindRoot(copyParent, copy)]) {
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
    cellCoordinates(dims, linear, ijk);
    for (let q = 0; q < 8; q++) {
      const root = unionFindRoot(slotParent, 8 * copy + q);
      if (nodeOfRoot[root] < 0) {
        nodeOfRoot[root] = nodePositions.length / 3;
        nodePositions.push(origin[0] + (ijk[0] + (q & 1)) * h, origin[1] + (ijk[1] + ((q >> 1) & 1)) * h, origin[2] + (ijk[2] + (q >> 2)) * h);
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
    cellCoordinates(dims, linear, ijk);
    const parity = (ijk[0] + ijk[1] + ijk[2]) & 1;
    const local = cubeTetBarycentric(parity, vertexLocal[3 * v], vertexLocal[3 * v + 1], vertexLocal[3 * v + 2], bary);
    surfaceTet[v] = tetBaseOfCopy[copy] + local;
    surfaceBarycentric.set(bary, 4 * v);
  }

  const cellsKept = keptCopies.length;
  const pieceRoots = new Set<number>();
  for (const copy of keptCopies) pieceRoots.add(unionFindRoot(copyParent, copy));
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
