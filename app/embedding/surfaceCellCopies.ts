import { cellCopies } from './copies/cellCopies.ts';
import { cellLocalPieces } from './copies/cellLocalPieces.ts';
import { cellSamples } from './copies/cellSamples.ts';
import { joinedPieces } from './copies/joinedPieces.ts';
import { pieceParts } from './copies/pieceParts.ts';
import { sampleOwners } from './copies/sampleOwners.ts';
import type { SurfaceCopiesJob } from './copies/types.ts';
import type { EmbeddingSurface } from './embeddingSurface.ts';
import type { LatticeGrid } from './latticeGrid.ts';
import type { SurfaceCells } from './surfaceCells.ts';

/** The copies of lattice cells: a cell exists once per material region it holds. */
export interface LatticeCopies {
  /** #E copy of each (cell, triangle) entry of the surface cells */
  entryCopy: Int32Array;
  /** #C×27 copy owning each half-cell sample (a + 3b + 9d) of each surface cell, −1 where it is outside */
  sampleOwner: Int32Array;
  /** grid cell (linear index) of each copy: the surface cells' copies first, cell by cell; interiorCellCopies appends */
  copyCell: number[];
  /** part label of each copy (a welded component index, UNKNOWN_PART or MIXED_PART; see copyParts.ts) */
  copyPart: number[];
}

/**
 * The copies of the surface cells, latticeEmbedding's step 4 (the duplication of seed 002 §3.4 and Li's
 * seed 004 ch. 5 immersion, decided by winding numbers instead of a closed-manifold requirement).
 *
 * Each inside half-cell sample (|w| ≥ threshold) belongs to the nearest piece that claims it: the piece's part
 * has it inside (|w_part| ≥ threshold), and it lies on the piece's inner side (pseudo-normal test, Bærentzen &
 * Aanæs 2005); unclaimed inside samples (flesh of a part whose surface is elsewhere) form an extra interior
 * piece. Pieces are then one material region, and one copy, when (a) owned samples are lattice neighbours
 * whose segment no triangle cuts (seed 002 §3.4's edge-cut rule), except across an overlap of two different
 * parts unless joinParts, or (b) joinAcrossThinSlabs finds one slab thinner than the sample spacing between
 * them; isolated vertices join the nearest real piece of their cell.
 *
 * The driver of app/embedding/copies/ (one file per step of a cell; types.ts there describes the data they share).
 *
 * @param surface       the prepared surface
 * @param grid          the lattice grid
 * @param cells         the surface cells
 * @param entryParent   #E union–find parents of the pieces (cellPieces)
 * @param windingAt     w at half-cell samples (halfCellWindingNumbers)
 * @param threshold     |w| ≥ threshold counts as inside
 * @param joinParts     latticeEmbedding's joinOverlappingParts
 * @param windingStack  generalizedWindingNumber traversal stack, reused
 * @returns the copies of every surface cell, which entries and samples each holds, and their parts
 */
export function surfaceCellCopies(
  surface: EmbeddingSurface,
  grid: LatticeGrid,
  cells: SurfaceCells,
  entryParent: Int32Array,
  windingAt: (i2: number, j2: number, k2: number) => number,
  threshold: number,
  joinParts: boolean,
  windingStack: Int32Array,
): LatticeCopies {
  const { dims } = grid;
  const entryCount = cells.entryTriangle.length;
  const job: SurfaceCopiesJob = {
    surface,
    grid,
    cells,
    entryParent,
    windingAt,
    threshold,
    joinParts,
    windingStack,
    componentCache: new Map<number, boolean>(),
    sampleDims: [2 * dims[0] + 1, 2 * dims[1] + 1],
    cell: 0,
    lo: 0,
    hi: 0,
    ijk: [0, 0, 0],
    pieceCount: 0,
    pieceOfRoot: new Int32Array(64),
    pieceParent: new Int32Array(64),
    piecePointOnly: new Uint8Array(64),
    pieceDistance: new Float64Array(64),
    pieceSide: new Float64Array(64),
    pieceComponent: new Int32Array(64),
    piecePart: new Int32Array(64),
    pieceOfEntry: new Int32Array(entryCount),
    inside: new Uint8Array(27),
    windingDepth: new Float64Array(27),
    sampleX: new Float64Array(27),
    sampleY: new Float64Array(27),
    sampleZ: new Float64Array(27),
    closest: new Float64Array(4),
    entryCopy: new Int32Array(entryCount),
    sampleOwner: new Int32Array(27 * cells.linear.length).fill(-1),
    copyCell: [],
    copyPart: [],
  };
  for (let c = 0; c < cells.linear.length; c++) {
    cellLocalPieces(job, c); // local piece ids of the cell's entries
    cellSamples(job); // |w| and position of its 27 half-cell samples
    sampleOwners(job); // the nearest claiming piece of each inside sample (or the interior piece)
    pieceParts(job); // each piece's part
    joinedPieces(job); // material regions: uncut sample edges, thin slabs, isolated vertices
    cellCopies(job); // one copy per region
  }
  const { entryCopy, sampleOwner, copyCell, copyPart } = job;
  return { entryCopy, sampleOwner, copyCell, copyPart };
}
