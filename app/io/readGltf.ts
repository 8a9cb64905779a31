/**
 * Imports a glTF 2.0 file (.glb, or .gltf with embedded or external buffers) through
 * glTF-Transform into an ImportedScene: the Document (kept for export), every mesh node of one
 * scene as typed arrays with its welded simulation topology, and every animation as typed-array
 * channels.
 *
 * DESIGN NOTES
 * - Bad input is checked in layers, each before the step that would misbehave on it: the container
 *   (GLB header and chunk lengths) before glTF-Transform slices the bytes; the JSON structure (element
 *   types, references, bounds, declared counts) before glTF-Transform touches it (its resource loader
 *   reads `images[i].uri` of a null image) and before any external file is read; the resources (sizes,
 *   the total every accessor declares) before glTF-Transform allocates accessors; and the data (index
 *   and joint ranges, non-finite values, key order) while building meshes and clips. Every problem
 *   becomes a GltfImportError naming the file; any other error would be a bug.
 * - The JSON is parsed here once for that check (glTF-Transform parses it again; it offers no hook in
 *   between), which also gives each external resource its read limit (gltfResourceLimits).
 * - glTF-Transform's own warnings go to ImportedScene.warnings through a logger, not the console.
 * - Compression extensions need decoders passed in `dependencies` ('meshopt.decoder' is registered
 *   here since meshoptimizer runs everywhere; Draco's decoder comes from app/io/node in Node).
 */
import { type Document, type GLTF, type ILogger, type JSONDocument, type Node as GltfNode, PlatformIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import { gltfContainer } from './gltfContainer.ts';
import { GltfImportError } from './gltfImportError.ts';
import { gltfJsonProblem } from './gltfJsonProblem.ts';
import { gltfResourceLimits, type ResourceLimit } from './gltfResourceLimits.ts';
import { jsonNestingDepth, MAX_JSON_DEPTH } from './jsonNestingDepth.ts';
import { importedClip } from './importedClip.ts';
import { importedHierarchy } from './importedHierarchy.ts';
import { importedMesh } from './importedMesh.ts';
import type { ImportedClip, ImportedMesh, ImportedScene } from './importedScene.ts';

/** Options of readGltf. */
export interface ReadGltfOptions {
  /** the file's name or path, used in error messages */
  fileName: string;
  /**
   * reads an external resource (buffer or image) given by its URI as written in the file (relative, URI-encoded),
   * at most limit.maxBytes (a buffer's declared byteLength: cut there; an image: refused above it)
   */
  readResource?: (uri: string, limit: ResourceLimit) => Promise<Uint8Array>;
  /** scene to import; default: the file's default scene, else scene 0 */
  scene?: number;
  /** decoders for compressed files, e.g. { 'draco3d.decoder': ..., 'meshopt.decoder': ... } */
  dependencies?: Record<string, unknown>;
  /** weld distance for the simulation topology [m]; default 0 (bit-identical positions) */
  weldTolerance?: number;
}

const MAIN_FILE = '\u0000main';

/** glTF-Transform I/O over bytes already in memory and a caller-given resource reader. */
class MemoryIO extends PlatformIO {
  constructor(
    private readonly bytes: Uint8Array,
    private readonly readResource: ((uri: string, limit: ResourceLimit) => Promise<Uint8Array>) | undefined,
    private readonly limits: Map<string, ResourceLimit>,
  ) {
    super();
  }
  protected async readURI(uri: string, type: 'view'): Promise<Uint8Array<ArrayBuffer>>;
  protected async readURI(uri: string, type: 'text'): Promise<string>;
  protected async readURI(uri: string, type: 'view' | 'text'): Promise<Uint8Array | string> {
    let view: Uint8Array;
    if (uri === MAIN_FILE) {
      view = this.bytes;
    } else {
      if (!this.readResource) throw new GltfImportError('', `external resource "${uri}" cannot be read here (no resource reader; open the file from disk)`);
      try {
        view = await this.readResource(uri, this.limits.get(uri) ?? { maxBytes: 0, overflow: 'truncate' });
      } catch (error) {
        throw new GltfImportError('', `external resource "${uri}": ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return type === 'text' ? new TextDecoder().decode(view) : view;
  }
  protected resolve(_base: string, path: string): string {
    return path;
  }
  protected dirname(_uri: string): string {
    return '';
  }
}

/**
 * Imports glTF 2.0 bytes (GLB or JSON) through glTF-Transform into an ImportedScene, checking them in the three
 * layers of the design notes above.
 *
 * @param bytes    the file's bytes
 * @param options  fileName (for messages), readResource for external buffers, scene, decoders, weld tolerance
 * @returns the imported scene
 * @throws GltfImportError(fileName, problem) for any bad input
 */
export async function readGltf(bytes: Uint8Array, options: ReadGltfOptions): Promise<ImportedScene> {
  try {
    return await readGltfUnchecked(bytes, options);
  } catch (error) {
    if (error instanceof GltfImportError) throw new GltfImportError(options.fileName, error.message);
    throw error;
  }
}

async function readGltfUnchecked(bytes: Uint8Array, options: ReadGltfOptions): Promise<ImportedScene> {
  const container = gltfContainer(bytes);
  if (container.kind === 'invalid') throw new GltfImportError('', container.problem);
  let json: unknown;
  const jsonText = new TextDecoder().decode(container.json);
  // Deep nesting (in extras, which the file may fill as it likes) would overflow the stack in glTF-Transform's clones.
  if (jsonNestingDepth(jsonText, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new GltfImportError('', `the JSON nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep, the limit for a glTF`);
  try {
    json = JSON.parse(jsonText);
  } catch (error) {
    throw new GltfImportError('', `invalid JSON (truncated or not a glTF file): ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new GltfImportError('', 'the JSON is not a glTF object');
  const structureProblem = gltfJsonProblem(json as GLTF.IGLTF, null);
  if (structureProblem) throw new GltfImportError('', structureProblem);

  const warnings: string[] = [];
  const logger: ILogger = {
    debug: () => {},
    info: () => {},
    warn: (text) => warnings.push(text),
    error: (text) => warnings.push(text),
  };
  await MeshoptDecoder.ready;
  const io = new MemoryIO(bytes, options.readResource, gltfResourceLimits(json))
    .setLogger(logger)
    .setStrictResources(false)
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, ...options.dependencies });

  let jsonDocument: JSONDocument;
  try {
    jsonDocument = await io.readAsJSON(MAIN_FILE);
  } catch (error) {
    if (error instanceof GltfImportError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof SyntaxError) throw new GltfImportError('', `invalid JSON (truncated or not a glTF file): ${message}`);
    throw new GltfImportError('', `cannot read the file: ${message}`);
  }
  if (typeof jsonDocument.json !== 'object' || jsonDocument.json === null || Array.isArray(jsonDocument.json)) {
    throw new GltfImportError('', 'the JSON is not a glTF object');
  }
  const problem = gltfJsonProblem(jsonDocument.json, jsonDocument.resources);
  if (problem) throw new GltfImportError('', problem);

  let document: Document;
  try {
    document = await io.readJSON(jsonDocument);
  } catch (error) {
    throw new GltfImportError('', readerProblem(error instanceof Error ? error.message : String(error)));
  }
  return importedScene(document, options, warnings);
}

/** glTF-Transform's reader messages, reworded for an artist. */
function readerProblem(message: string): string {
  const required = /Missing required extension, "([^"]+)"/.exec(message);
  if (required) return `requires the glTF extension ${required[1]}, which Overlap does not support`;
  const dependency = /\[([A-Za-z_]+)\] Please install extension dependency/.exec(message);
  if (dependency) return `is compressed with ${dependency[1]}, and no decoder for it is available here`;
  return `cannot read the glTF: ${message}`;
}

function importedScene(document: Document, options: ReadGltfOptions, warnings: string[]): ImportedScene {
  const root = document.getRoot();
  const scenes = root.listScenes();
  let sceneIndex: number;
  let roots: GltfNode[];
  if (options.scene !== undefined) {
    if (!(options.scene >= 0 && options.scene < scenes.length)) {
      throw new GltfImportError('', `scene ${options.scene} does not exist (the file has ${scenes.length})`);
    }
    sceneIndex = options.scene;
    roots = scenes[sceneIndex].listChildren();
  } else if (scenes.length > 0) {
    const defaultScene = root.getDefaultScene();
    sceneIndex = defaultScene ? scenes.indexOf(defaultScene) : 0;
    roots = scenes[sceneIndex].listChildren();
  } else {
    sceneIndex = -1;
    roots = root.listNodes().filter((node) => node.getParentNode() === null);
    if (roots.length > 0) warnings.push('the file has no scene; every root node is imported');
  }

  const hierarchy = importedHierarchy(roots);
  const indexOf = new Map<GltfNode, number>();
  hierarchy.nodes.forEach((node, i) => indexOf.set(node, i));
  const jointIndexOf = (node: GltfNode): number => indexOf.get(node)!;

  const meshes: ImportedMesh[] = [];
  const names = new Set<string>();
  hierarchy.nodes.forEach((node, nodeIndex) => {
    const mesh = node.getMesh();
    if (!mesh) return;
    const name = uniqueName(node.getName() || mesh.getName() || `mesh ${meshes.length}`, names, 'meshes', warnings);
    const imported = importedMesh(node, name, nodeIndex, jointIndexOf, warnings, options.weldTolerance ?? 0);
    if (imported) meshes.push(imported);
  });

  const morphTargetCounts = new Map<GltfNode, number>();
  for (const mesh of meshes) morphTargetCounts.set(mesh.node, mesh.morphTargetCount);
  const clips: ImportedClip[] = [];
  const clipNames = new Set<string>();
  root.listAnimations().forEach((animation, a) => {
    const name = uniqueName(animation.getName() || `animation ${a}`, clipNames, 'animations', warnings);
    clips.push(
      importedClip(
        animation,
        name,
        (node) => indexOf.get(node) ?? -1,
        (node) => morphTargetCounts.get(node) ?? 0,
        warnings,
      ),
    );
  });

  return { document, sceneIndex, hierarchy, meshes, clips, warnings };
}

/** Names are keys in projects and on the command line, so duplicates get a suffix (with a warning). */
function uniqueName(name: string, taken: Set<string>, what: string, warnings: string[]): string {
  let unique = name;
  for (let k = 2; taken.has(unique); k++) unique = `${name} (${k})`;
  if (unique !== name) warnings.push(`two ${what} are named "${name}"; the second is called "${unique}"`);
  taken.add(unique);
  return unique;
}
