import { totalmem } from 'node:os';
import type { Command } from 'commander';
import { latticeCellEstimate, type LatticeEmbedding, type LatticeEmbeddingOptions } from '../../embedding/index.ts';
import { writeFileAtomic } from '../../io/node/index.ts';
import { cliSignal } from '../cancellation.ts';
import { checkOutputs } from '../checkOutputs.ts';
import { CliError } from '../cliError.ts';
import { bytesText } from '../bytesText.ts';
import { durationText } from '../durationText.ts';
import { runInWorker } from '../runInWorker.ts';
import { runTimeWarning } from '../runTimeWarning.ts';
import { singleValue } from '../singleValue.ts';
import { terminalText } from '../terminalText.ts';
import { readSurfaceInput, type SurfaceInput } from '../surfaceInput.ts';

/**
 * Cost of an embedding per lattice cell, measured on Fox.glb and the sample (resolutions 12–128): ~0.1 ms and, with
 * the JSON written, ~4 KB; runs estimated above a day are refused unless --allow-long (runTimeWarning), above the
 * machine's memory refused.
 */
const SECONDS_PER_CELL = 1e-4;
const BYTES_PER_CELL = 4096;

interface EmbedOptions {
  mesh?: string;
  resolution?: string;
  targetTets?: string;
  joinParts?: boolean;
  allowLong?: boolean;
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
    .requiredOption('--out <file>', 'output JSON file', singleValue('--out'))
    .option('--mesh <name>', 'glTF mesh node to embed (default: the largest skinned mesh)', singleValue('--mesh'))
    .option('--resolution <cells>', 'cells along the longest side of the bounding box (default 32)', singleValue('--resolution'))
    .option('--target-tets <count>', 'pick the resolution whose tet count is nearest this instead', singleValue('--target-tets'))
    .option('--join-parts', 'weld separate surface parts where they overlap (default: keep them apart)')
    .option('--allow-long', 'run even when the estimate is above a day (farms; docs/farm.md)')
    .action(async (file: string, options: EmbedOptions) => {
      if (options.resolution !== undefined && options.targetTets !== undefined) {
        throw new CliError('', 'give either --resolution or --target-tets, not both');
      }
      const resolution = options.resolution === undefined ? undefined : wholeNumber('--resolution', options.resolution, 1, 1000);
      const targetTetCount = options.targetTets === undefined ? undefined : wholeNumber('--target-tets', options.targetTets, 5, 1e9);
      const input = await readSurfaceInput(file, options.mesh);
      // What the embedding costs, before it starts: a resolution the machine cannot finish is refused with the estimate.
      const cells = targetTetCount === undefined ? latticeCellEstimate(input.positions, input.triangles, resolution ?? 32) : targetTetCount / 5;
      const seconds = SECONDS_PER_CELL * cells;
      const bytes = BYTES_PER_CELL * cells;
      const memoryLimit = 0.8 * totalmem();
      if (bytes > memoryLimit) {
        throw new CliError(
          file,
          `this embedding would keep about ${Math.round(cells)} cells: about ${durationText(seconds)} and ${bytesText(bytes)} (at most ${bytesText(memoryLimit)} here); lower --resolution`,
        );
      }
      const long = runTimeWarning(seconds, {
        file,
        what: 'this embedding',
        why: `about ${Math.round(cells)} cells`,
        lower: 'lower --resolution',
        allowLong: options.allowLong === true,
      });
      await checkOutputs([{ what: 'the input', path: file, required: true }], [{ what: '--out', path: options.out, estimatedBytes: bytes / 4 }]);
      if (long) process.stderr.write(`overlap: warning: ${long}\n`);
      const size = targetTetCount === undefined ? { resolution: resolution ?? 32 } : { targetTetCount };
      const embeddingOptions: LatticeEmbeddingOptions = { ...size, joinOverlappingParts: options.joinParts ?? false };
      let embedding: LatticeEmbedding;
      try {
        embedding = await runInWorker<LatticeEmbedding>(
          new URL('../tasks/embedTask.ts', import.meta.url),
          'embedTask',
          { positions: input.positions, triangles: input.triangles, options: embeddingOptions },
          { signal: cliSignal() },
        );
      } catch (error) {
        if (error instanceof Error && /^latticeEmbedding: /.test(error.message)) throw new CliError(file, error.message.replace(/^latticeEmbedding: /, ''));
        throw error;
      }
      await writeFileAtomic(options.out, embeddingJson(embedding, input), cliSignal());
      const { stats } = embedding;
      process.stderr.write(
        terminalText(
          `embed: ${input.mesh ? `"${input.mesh}", ` : ''}${embedding.surfaceVertexCount} surface vertices in ${embedding.tetCount} tets ` +
            `(${stats.cells} cells, ${stats.duplicatedCells} duplicated, ${stats.pieces} piece${stats.pieces === 1 ? '' : 's'}, resolution ${stats.resolution}) ` +
            `in ${stats.seconds.toFixed(2)} s`,
        ) + '\n',
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
