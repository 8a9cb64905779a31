import type { Command } from 'commander';
import { readJsonFile, writeFileAtomic } from '../../io/node/index.ts';
import { latticeEmbedding, type LatticeEmbedding } from '../../embedding/index.ts';
import {
  arapEdit,
  arapHandlesFromJson,
  createArapModel,
  embeddedContactPoints,
  planeCollider,
  surfaceSelfContact,
  type ArapCollider,
  type ArapEditStats,
  type ArapHandle,
} from '../../solvers/arap/index.ts';
import { checkOutputs } from '../checkOutputs.ts';
import { CliError, EXIT_SIMULATION } from '../cliError.ts';
import { readSurfaceInput } from '../surfaceInput.ts';

/** Largest handles file read [bytes]: every vertex of a 10 M-vertex mesh in a handle, as text. */
const MAX_HANDLES_BYTES = 1 << 28;

interface ArapFlags {
  handles: string;
  out: string;
  reduced?: boolean;
  iterations?: string;
  mesh?: string;
  volume?: boolean;
  resolution?: string;
  selfContact?: boolean;
}

/**
 * `overlap arap MESH --handles H.json [--reduced] [--iterations N] --out OUT.json`: as-rigid-as-possible pose editing
 * from handles with plane colliders (app/solvers/arap, docs/arap.md). MESH is a JSON mesh { vertices, triangles } or
 * a glTF with --mesh NAME (welded order); the output { positions: [x,y,z,…], stats } is in the input's vertex order.
 * By default ARAP runs on the surface itself (Sorkine–Alexa, cotangent spokes); --volume embeds it in a lattice of
 * tetrahedra (the bake's embedding) and edits the volume, which keeps thin parts from caving in.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('arap')
    .description('As-rigid-as-possible pose editing from handles, with plane colliders (docs/arap.md)')
    .argument('<mesh>', 'JSON mesh { vertices, triangles } or .glb/.gltf (with --mesh NAME; welded vertex order)')
    .requiredOption('--handles <file>', 'handles JSON: { handles: [{ vertices, translation | matrix }], colliders?: [{ plane: { normal, offset } }] }')
    .requiredOption('--out <file>', 'output JSON { positions, stats }')
    .option('--reduced', "solve in Li's hierarchical reduced subspace (fast for large meshes)")
    .option('--iterations <n>', 'local/global iterations at most (default 100)')
    .option('--mesh <name>', 'glTF mesh node (default: the largest skinned mesh)')
    .option('--volume', 'edit the volume: embed the surface in a lattice of tetrahedra first')
    .option('--resolution <cells>', 'lattice cells along the longest side with --volume (default 16)')
    .option('--self-contact', 'keep parts of the mesh from passing through each other (closed surfaces; no intersection is added)')
    .action(async (file: string, flags: ArapFlags) => arap(file, flags));
}

async function arap(file: string, flags: ArapFlags): Promise<void> {
  const iterations = flags.iterations === undefined ? 100 : wholeNumber('--iterations', flags.iterations, 1, 1_000_000);
  if (flags.resolution !== undefined && !flags.volume) throw new CliError('', '--resolution applies to --volume');
  const resolution = flags.resolution === undefined ? 16 : wholeNumber('--resolution', flags.resolution, 2, 256);
  // Inputs readable, the output writable and aliasing no input, before any work.
  await checkOutputs(
    [
      { what: 'the mesh', path: file, required: true },
      { what: '--handles', path: flags.handles, required: true },
    ],
    [{ what: '--out', path: flags.out }],
  );
  const input = await readSurfaceInput(file, flags.mesh);
  const vertexCount = input.positions.length / 3;
  const json = await readJsonFile(flags.handles, { maxBytes: MAX_HANDLES_BYTES, what: 'a handles file' });
  let parsed;
  try {
    parsed = arapHandlesFromJson(json, vertexCount);
  } catch (error) {
    throw new CliError(flags.handles, (error as Error).message);
  }
  const colliders: ArapCollider[] = parsed.planes.map((plane) => planeCollider(plane.normal, plane.offset));
  if (flags.selfContact) colliders.push(surfaceSelfContact(input.triangles, vertexCount));

  let positions: Float64Array;
  let stats: ArapEditStats & Record<string, unknown>;
  try {
    if (flags.volume) {
      const embedding = latticeEmbedding(input.positions, input.triangles, { resolution });
      const model = createArapModel({ restPositions: embedding.positions, tetrahedra: embedding.tetrahedra });
      const handles = latticeHandles(embedding, parsed.handles);
      const result = arapEdit(model, handles, { colliders, contactPoints: embeddedContactPoints(embedding), reduced: flags.reduced, iterations });
      // Surface = input + C′(u − ū): untouched regions stay exactly as they were.
      positions = Float64Array.from(input.positions);
      for (let s = 0; s < embedding.surfaceVertexCount; s++) {
        const t = embedding.surfaceTet[s];
        for (let i = 0; i < 4; i++) {
          const b = embedding.surfaceBarycentric[4 * s + i];
          const v = 3 * embedding.tetrahedra[4 * t + i];
          for (let c = 0; c < 3; c++) positions[3 * s + c] += b * (result.positions[v + c] - embedding.positions[v + c]);
        }
      }
      stats = { mode: 'volume', latticeVertices: embedding.vertexCount, tets: embedding.tetCount, resolution, ...result.stats };
    } else {
      const model = createArapModel({ restPositions: input.positions, triangles: input.triangles });
      const result = arapEdit(model, parsed.handles, { colliders, reduced: flags.reduced, iterations });
      positions = result.positions;
      stats = { mode: 'surface', ...result.stats };
    }
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(file, error.message.replace(/^\w+: /, ''));
    throw error;
  }
  for (let i = 0; i < positions.length; i++) {
    if (!Number.isFinite(positions[i]))
      throw new CliError(file, `the solve produced a non-finite position at vertex ${Math.floor(i / 3)}; nothing was written`, EXIT_SIMULATION);
  }
  const text = `{"positions":[${Array.from(positions).join(',')}],"stats":${JSON.stringify(stats)}}\n`;
  await writeFileAtomic(flags.out, text);
  process.stderr.write(
    `arap: ${stats.solver} ${stats.mode}, ${stats.vertices} vertices, ${stats.iterations} iterations (${stats.converged ? 'converged' : 'iteration cap'}), ` +
      `energy ${stats.energy.toExponential(3)}, ${stats.intersections} intersections, ${stats.msPerIteration.toFixed(2)} ms/iteration\n`,
  );
  const warning = arapWarning(stats, iterations);
  if (warning) process.stderr.write(`overlap: warning: ${warning}\n`);
}

/**
 * What the user must know about a solve that did not meet its constraints: it stopped at the iteration cap, and what
 * it left unmet (points inside a collider, points moved back to undo an intersection nothing else removed), which
 * means constraints that contradict each other (two planes facing each other closer than the mesh is thick, a handle
 * dragged through a plane). Null for a solve that converged with every constraint met.
 */
function arapWarning(stats: ArapEditStats, cap: number): string | null {
  const unmet = [
    stats.intersections > 0 ? `${stats.intersections} contact point${stats.intersections === 1 ? ' is' : 's are'} still inside a collider` : '',
    stats.revertedPoints > 0
      ? `${stats.revertedPoints} point${stats.revertedPoints === 1 ? ' was' : 's were'} moved back toward the input to undo an intersection`
      : '',
  ].filter((text) => text !== '');
  if (unmet.length > 0) {
    return `${stats.converged ? 'the solve' : `the solve stopped at its iteration cap (${stats.iterations} iterations)`} with constraints it cannot meet together: ${unmet.join('; ')}; check for planes or handles that contradict each other (the result is the closest it found)`;
  }
  return stats.converged ? null : `the solve stopped at its iteration cap (--iterations ${cap}) before converging; raise it for a closer result`;
}

/**
 * Surface handles as lattice handles: the lattice vertices of every tet holding one of the handle's surface vertices
 * follow the handle's map, so each handle vertex, a barycentric combination of them, lands exactly on its target.
 */
function latticeHandles(embedding: LatticeEmbedding, handles: ArapHandle[]): ArapHandle[] {
  return handles.map((handle) => {
    const vertices = new Set<number>();
    for (let i = 0; i < handle.vertices.length; i++) {
      const t = embedding.surfaceTet[handle.vertices[i]];
      for (let k = 0; k < 4; k++) vertices.add(embedding.tetrahedra[4 * t + k]);
    }
    return { vertices: Array.from(vertices), matrix: handle.matrix };
  });
}

function wholeNumber(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || number < min || number > max) throw new CliError('', `${name} must be a whole number in ${min}..${max}, got "${value}"`);
  return number;
}
