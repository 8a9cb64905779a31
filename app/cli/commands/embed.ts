import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { latticeEmbedding, type LatticeEmbedding } from '../../embedding/index.ts';
import { CliError } from '../cliError.ts';
import { readSurfaceInput, type SurfaceInput } from '../surfaceInput.ts';

interface EmbedOptions {
  mesh?: string;
  resolution?: string;
  targetTets?: string;
  joinParts?: boolean;
  out: string;
}

/**
 * `overlap embed IN --out OUT.json`: embeds a surface in a lattice of tetrahedra (app/embedding) and writes
 * the lattice, its tets and each surface vertex's containing tet and barycentric coordinates.
 * IN is a .glb/.gltf (the largest skinned mesh, or --mesh by node name; the surface is its welded rest
 * topology in mesh-local bind space) or a JSON mesh { vertices: [[x,y,z]…], triangles: [[a,b,c]…] }.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('embed')
    .description('Embed a surface mesh in a lattice of tetrahedra (duplicated where parts are close)')
    .argument('<file>', '.glb, .gltf, or .json mesh { vertices: [[x,y,z]...], triangles: [[a,b,c]...] }')
    .requiredOption('--out <file>', 'output JSON file')
    .option('--mesh <name>', 'glTF mesh node to embed (default: the largest skinned mesh)')
    .option('--resolution <cells>', 'cells along the longest side of the bounding box (default 32)')
    .option('--target-tets <count>', 'pick the resolution whose tet count is nearest this instead')
    .option('--join-parts', 'weld separate surface parts where they overlap (default: keep them apart)')
    .action(async (file: string, options: EmbedOptions) => {
      if (options.resolution !== undefined && options.targetTets !== undefined) {
        throw new CliError('', 'give either --resolution or --target-tets, not both');
      }
      const resolution = options.resolution === undefined ? undefined : wholeNumber('--resolution', options.resolution, 1, 1000);
      const targetTetCount = options.targetTets === undefined ? undefined : wholeNumber('--target-tets', options.targetTets, 5, 1e9);
      const input = await readSurfaceInput(file, options.mesh);
      let embedding: LatticeEmbedding;
      try {
        const size = targetTetCount === undefined ? { resolution: resolution ?? 32 } : { targetTetCount };
        embedding = latticeEmbedding(input.positions, input.triangles, { ...size, joinOverlappingParts: options.joinParts ?? false });
      } catch (error) {
        throw new CliError(file, error instanceof Error ? error.message.replace(/^latticeEmbedding: /, '') : String(error));
      }
      try {
        writeFileSync(options.out, embeddingJson(embedding, input));
      } catch (error) {
        throw new CliError(options.out, `cannot write: ${error instanceof Error ? error.message : String(error)}`);
      }
      const { stats } = embedding;
      process.stderr.write(
        `embed: ${input.mesh ? `"${input.mesh}", ` : ''}${embedding.surfaceVertexCount} surface vertices in ${embedding.tetCount} tets ` +
          `(${stats.cells} cells, ${stats.duplicatedCells} duplicated, ${stats.pieces} piece${stats.pieces === 1 ? '' : 's'}, resolution ${stats.resolution}) ` +
          `in ${stats.seconds.toFixed(2)} s\n`,
      );
    });
}

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || number < min || number > max) {
    throw new CliError('', `${name} must be a whole number in ${min}..${max}, got "${value}"`);
  }
  return number;
}

/** The output document; written by hand so 10⁵-tet lattices do not build a large object tree first. */
function embeddingJson(embedding: LatticeEmbedding, input: SurfaceInput): string {
  const parts: string[] = ['{'];
  if (input.mesh !== undefined) parts.push(`"mesh":${JSON.stringify(input.mesh)},`);
  parts.push('"vertices":[');
  for (let v = 0; v < embedding.vertexCount; v++) {
    const p = embedding.positions;
    parts.push(`${v ? ',' : ''}[${p[3 * v]},${p[3 * v + 1]},${p[3 * v + 2]}]`);
  }
  parts.push('],"tetrahedra":[');
  for (let t = 0; t < embedding.tetCount; t++) {
    const q = embedding.tetrahedra;
    parts.push(`${t ? ',' : ''}[${q[4 * t]},${q[4 * t + 1]},${q[4 * t + 2]},${q[4 * t + 3]}]`);
  }
  parts.push('],"surface":[');
  for (let i = 0; i < input.positions.length; i++) parts.push(`${i ? ',' : ''}${input.positions[i]}`);
  parts.push('],"embedding":[');
  for (let s = 0; s < embedding.surfaceVertexCount; s++) {
    const b = embedding.surfaceBarycentric;
    parts.push(`${s ? ',' : ''}{"tet":${embedding.surfaceTet[s]},"bary":[${b[4 * s]},${b[4 * s + 1]},${b[4 * s + 2]},${b[4 * s + 3]}]}`);
  }
  const { stats } = embedding;
  parts.push(
    `],"stats":${JSON.stringify({
      seconds: stats.seconds,
      cells: stats.cells,
      duplicatedCells: stats.duplicatedCells,
      surfaceCells: stats.surfaceCells,
      interiorCells: stats.interiorCells,
      droppedCells: stats.droppedCells,
      pieces: stats.pieces,
      resolution: stats.resolution,
      cellSize: embedding.cellSize,
      tetCount: embedding.tetCount,
    })}}\n`,
  );
  return parts.join('');
}
