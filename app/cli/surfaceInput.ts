import { jsonValueText, type ImportedMesh } from '../io/index.ts';
import { readJsonFile } from '../io/node/index.ts';
import { CliError } from './cliError.ts';
import { readSceneForCli } from './commands/inspect.ts';

/** Largest JSON mesh read [bytes]: ~20 M vertices as text. */
const MAX_MESH_JSON_BYTES = 1 << 30;

/** A surface mesh read from the command line's MESH argument. */
export interface SurfaceInput {
  /** #V×3 positions (a JSON mesh's vertices, or the glTF mesh's welded rest positions in mesh-local bind space) */
  positions: ArrayLike<number>;
  /** #F×3 triangles */
  triangles: ArrayLike<number>;
  /** the glTF mesh the surface came from, when the file is glTF */
  mesh?: string;
}

/**
 * Reads the surface a command works on (`overlap embed`, `overlap arap`): a JSON mesh
 * { vertices: [[x,y,z]…], triangles: [[a,b,c]…] } (flat [x,y,z,…] and [a,b,c,…] arrays are read too), or a
 * .glb/.gltf whose largest skinned mesh (or `mesh` by node name) is taken in its welded vertex order.
 *
 * @param file  the file as typed
 * @param mesh  --mesh, for glTF files only
 * @returns positions, triangles and the mesh name
 * @throws CliError naming the file and the problem
 */
export async function readSurfaceInput(file: string, mesh: string | undefined): Promise<SurfaceInput> {
  return /\.json$/i.test(file) ? await readJsonMesh(file, mesh) : await readGltfSurface(file, mesh);
}

async function readJsonMesh(file: string, mesh: string | undefined): Promise<SurfaceInput> {
  if (mesh !== undefined) throw new CliError(file, '--mesh applies to glTF files; a JSON mesh is a single mesh');
  // A bounded regular file (no FIFO, no device; access errors exit 3), within the JSON limits (over one: exit 2).
  const json = await readJsonFile(file, { maxBytes: MAX_MESH_JSON_BYTES, what: 'a JSON mesh' });
  const { vertices, triangles } = (json ?? {}) as { vertices?: unknown; triangles?: unknown };
  if (!Array.isArray(vertices) || vertices.length === 0) throw new CliError(file, '"vertices" must be a non-empty array of [x, y, z]');
  if (!Array.isArray(triangles)) throw new CliError(file, '"triangles" must be an array of [a, b, c]');
  const flat = vertices.every((x) => typeof x === 'number');
  if (flat) return readFlatJsonMesh(file, vertices as unknown[], triangles);
  const positions = new Float64Array(3 * vertices.length);
  vertices.forEach((vertex: unknown, v) => {
    if (!Array.isArray(vertex) || vertex.length !== 3 || !vertex.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      throw new CliError(file, `vertices[${v}] must be [x, y, z] with finite numbers, got ${jsonValueText(vertex)}`);
    }
    positions.set(vertex as number[], 3 * v);
  });
  const indices = new Uint32Array(3 * triangles.length);
  triangles.forEach((triangle: unknown, t) => {
    if (!Array.isArray(triangle) || triangle.length !== 3 || !triangle.every((i) => Number.isInteger(i) && i >= 0 && i < vertices.length)) {
      throw new CliError(file, `triangles[${t}] must be [a, b, c] with vertex indices in 0..${vertices.length - 1}, got ${jsonValueText(triangle)}`);
    }
    indices.set(triangle as number[], 3 * t);
  });
  return { positions, triangles: indices };
}

async function readGltfSurface(file: string, name: string | undefined): Promise<SurfaceInput> {
  const scene = await readSceneForCli(file);
  if (scene.meshes.length === 0) throw new CliError(file, 'the file has no triangle meshes');
  let mesh: ImportedMesh | undefined;
  if (name !== undefined) {
    mesh = scene.meshes.find((m) => m.name === name);
    if (!mesh) throw new CliError(file, `no mesh named "${name}" (meshes: ${scene.meshes.map((m) => `"${m.name}"`).join(', ')})`);
  } else {
    // The largest skinned mesh (by triangles), else the largest mesh: the character's body, not its eyes.
    const candidates = scene.meshes.some((m) => m.skinned) ? scene.meshes.filter((m) => m.skinned) : scene.meshes;
    mesh = candidates.reduce((best, m) => (m.topology.triangles.length > best.topology.triangles.length ? m : best));
  }
  if (mesh.topology.triangles.length === 0) throw new CliError(file, `mesh "${mesh.name}" has no triangles`);
  return { positions: mesh.topology.positions, triangles: mesh.topology.triangles, mesh: mesh.name };
}

function readFlatJsonMesh(file: string, vertices: unknown[], triangles: unknown[]): SurfaceInput {
  if (vertices.length % 3 !== 0) throw new CliError(file, `"vertices" as a flat array needs 3 numbers per vertex, got ${vertices.length}`);
  const positions = Float64Array.from(vertices as number[]);
  positions.forEach((x, i) => {
    if (!Number.isFinite(x)) throw new CliError(file, `vertices[${i}] is not a finite number`);
  });
  const count = positions.length / 3;
  const flatTriangles = triangles.every((x) => typeof x === 'number') ? (triangles as number[]) : null;
  if (!flatTriangles) {
    const indices = new Uint32Array(3 * triangles.length);
    triangles.forEach((triangle: unknown, t) => {
      if (!Array.isArray(triangle) || triangle.length !== 3 || !triangle.every((i) => Number.isInteger(i) && i >= 0 && i < count)) {
        throw new CliError(file, `triangles[${t}] must be [a, b, c] with vertex indices in 0..${count - 1}, got ${jsonValueText(triangle)}`);
      }
      indices.set(triangle as number[], 3 * t);
    });
    return { positions, triangles: indices };
  }
  if (flatTriangles.length % 3 !== 0) throw new CliError(file, `"triangles" as a flat array needs 3 indices per triangle, got ${flatTriangles.length}`);
  flatTriangles.forEach((i, k) => {
    if (!(Number.isInteger(i) && i >= 0 && i < count))
      throw new CliError(file, `triangles[${k}] = ${JSON.stringify(i)} is not a vertex index in 0..${count - 1}`);
  });
  return { positions, triangles: Uint32Array.from(flatTriangles) };
}
