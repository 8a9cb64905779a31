import type { EmbeddingSurface } from '../embeddingSurface.ts';
import type { LatticeGrid } from '../latticeGrid.ts';
import type { SurfaceCells } from '../surfaceCells.ts';

/*
 * surfaceCellCopies (app/embedding/surfaceCellCopies.ts) as plain data plus named steps, run once per surface cell:
 * cellPieces (the cell's local pieces), cellSamples (its 27 half-cell samples), sampleOwners (which piece owns each
 * inside sample), pieceParts, joinedPieces (the material regions) and cellCopies (one copy per region).
 * SurfaceCopiesJob holds the inputs, the per-cell scratch the steps share (allocated once, grown when a cell holds more
 * entries) and the outputs. Shapes: #E (cell, triangle) entries, #C surface cells, P ≤ hi − lo + 1 pieces of the
 * current cell; positions in the surface's units (file units), row-major xyz.
 */

/** The inputs, the current cell, its scratch and the outputs of surfaceCellCopies. */
export interface SurfaceCopiesJob {
  /** the prepared surface */
  surface: EmbeddingSurface;
  /** the lattice grid (cellSize h, origin, dims) */
  grid: LatticeGrid;
  /** the surface cells and their (cell, triangle) entries */
  cells: SurfaceCells;
  /** #E union–find parents of the pieces (cellPieces) */
  entryParent: Int32Array;
  /** w at half-cell sample (i2, j2, k2) (halfCellWindingNumbers) */
  windingAt: (i2: number, j2: number, k2: number) => number;
  /** |w| ≥ threshold counts as inside */
  threshold: number;
  /** latticeEmbedding's joinOverlappingParts: join pieces across an overlap of two different parts */
  joinParts: boolean;
  /** generalizedWindingNumber traversal stack, reused */
  windingStack: Int32Array;
  /** |w_K| ≥ threshold per (half-cell sample, part K) already evaluated (several parts only) */
  componentCache: Map<number, boolean>;
  /** samples per row and per layer of the half-cell sample grid: 2·dims[0] + 1, 2·dims[1] + 1 */
  sampleDims: number[];

  // The current cell.
  /** index of the current surface cell (into cells.linear) */
  cell: number;
  /** its entries are lo ≤ e < hi */
  lo: number;
  hi: number;
  /** its grid coordinates (i, j, k) */
  ijk: number[];
  /** its local pieces (the interior piece included once made) */
  pieceCount: number;

  // Per-cell scratch, indexed by local piece (length ≥ hi − lo + 1; grown by cellPieces).
  /** local piece of each union–find root (root − lo), then, in cellCopies, the copy of each piece root */
  pieceOfRoot: Int32Array;
  /** union–find parents of the local pieces (material regions) */
  pieceParent: Int32Array;
  /** 1 for a piece made only of isolated-vertex entries (no real triangle) */
  piecePointOnly: Uint8Array;
  /** squared distance from the current sample to each piece [units²] */
  pieceDistance: Float64Array;
  /** summed side (pseudo-normal sign, ≤ 0: inner side) of the current sample at each piece's closest feature */
  pieceSide: Float64Array;
  /** the part (welded component) of each piece's closest triangle to the current sample */
  pieceComponent: Int32Array;
  /** the part of each piece (UNKNOWN_PART for the interior piece and isolated points) */
  piecePart: Int32Array;
  /** #E local piece of each entry (valid for the current cell's entries) */
  pieceOfEntry: Int32Array;
  // Per-cell scratch, indexed by half-cell sample s = a + 3b + 9d.
  /** 1 where |w| ≥ threshold */
  inside: Uint8Array;
  /** |w| at each sample */
  windingDepth: Float64Array;
  /** sample positions [units] */
  sampleX: Float64Array;
  sampleY: Float64Array;
  sampleZ: Float64Array;
  /** 4 numbers: the closest point's barycentric weights and feature (pointTriangleClosestPoint), reused by the distance queries */
  closest: Float64Array;

  // Outputs (LatticeCopies).
  /** #E copy of each entry */
  entryCopy: Int32Array;
  /** #C×27 copy owning each half-cell sample of each surface cell, −1 outside (local piece until cellCopies) */
  sampleOwner: Int32Array;
  /** grid cell (linear index) of each copy */
  copyCell: number[];
  /** part label of each copy */
  copyPart: number[];
}
