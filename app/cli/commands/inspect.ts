import type { Command } from 'commander';
import { restBounds } from '../../animation/index.ts';
import { GltfImportError, type ImportedScene } from '../../io/index.ts';
import { readGltfFile } from '../../io/node/index.ts';
import { CliError } from '../cliError.ts';
import { terminalText } from '../terminalText.ts';
import { terminalJson } from '../terminalJson.ts';

/** What `overlap inspect --json` prints (see docs/import.md). */
export interface InspectReport {
  file: string;
  meshes: Array<{
    name: string;
    renderVertices: number;
    weldedVertices: number;
    triangles: number;
    boundaryEdges: number;
    nonManifoldEdges: number;
    degenerateTriangles: number;
    components: number;
    skinned: boolean;
    joints: number;
    morphTargets: number;
  }>;
  clips: Array<{ name: string; duration: number; channels: number }>;
  /** world-space bounds of every mesh in the rest pose [m] (app/animation restBounds, the app's and the bake's measure) */
  bbox: { min: [number, number, number]; max: [number, number, number] };
  /** the largest mesh's world-space bounding-box diagonal at rest [m]: what the app's units suggestion reads */
  largestMeshDiagonal: number;
  warnings: string[];
}

/**
 * Reads a glTF file for a command, turning import problems into `overlap: FILE: problem`.
 *
 * @param file   path of a .glb or .gltf
 * @param scene  index of the glTF scene to import (default: the file's default scene)
 * @returns the imported scene
 * @throws CliError(file, problem) for files the importer refuses
 */
export async function readSceneForCli(file: string, scene?: number): Promise<ImportedScene> {
  try {
    return await readGltfFile(file, scene === undefined ? {} : { scene });
  } catch (error) {
    if (error instanceof GltfImportError) throw new CliError(error.file, error.message);
    throw error;
  }
}

/**
 * Parses a non-negative integer option.
 *
 * @param name   the option as typed (`--every`), for the error message
 * @param value  the option's text, or undefined when it was not given
 * @returns the integer, or undefined when the option was not given
 * @throws CliError naming the option when value is not a non-negative integer
 */
export function integerOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim())) throw new CliError('', `${name} must be a non-negative integer, got "${value}"`);
  return Number(value);
}

function inspectReport(file: string, scene: ImportedScene): InspectReport {
  const bounds = restBounds(scene);
  return {
    file,
    meshes: scene.meshes.map((mesh) => ({
      name: mesh.name,
      renderVertices: mesh.renderVertexCount,
      weldedVertices: mesh.topology.vertexCount,
      triangles: mesh.triangles.length / 3,
      boundaryEdges: mesh.topology.boundaryEdgeCount,
      nonManifoldEdges: mesh.topology.nonManifoldEdgeCount,
      degenerateTriangles: mesh.topology.degenerateTriangleCount,
      components: mesh.topology.componentCount,
      skinned: mesh.skinned,
      joints: mesh.skin?.jointNodeIndices.length ?? 0,
      morphTargets: mesh.morphTargetCount,
    })),
    clips: scene.clips.map((clip) => ({ name: clip.name, duration: clip.duration, channels: clip.channelCount })),
    bbox: { min: bounds.min, max: bounds.max },
    largestMeshDiagonal: bounds.largestDiagonal,
    warnings: scene.warnings,
  };
}

function reportText(report: InspectReport): string {
  const lines = [report.file];
  const size = report.bbox.max.map((x, i) => x - report.bbox.min[i]);
  lines.push(
    `  bounds: min (${report.bbox.min.map((x) => x.toPrecision(4)).join(', ')})  size (${size.map((x) => x.toPrecision(4)).join(' × ')}) m, largest mesh ${report.largestMeshDiagonal.toPrecision(3)} m across`,
  );
  lines.push(`  meshes: ${report.meshes.length}`);
  for (const mesh of report.meshes) {
    const traits = [mesh.skinned ? `skinned, ${mesh.joints} joints` : 'rigid', mesh.morphTargets > 0 ? `${mesh.morphTargets} morph targets` : '']
      .filter(Boolean)
      .join(', ');
    lines.push(
      `    ${mesh.name}: ${mesh.renderVertices} render vertices -> ${mesh.weldedVertices} welded, ${mesh.triangles} triangles, ${mesh.components} component${mesh.components === 1 ? '' : 's'}, ${mesh.boundaryEdges} boundary edges${mesh.nonManifoldEdges ? `, ${mesh.nonManifoldEdges} non-manifold edges` : ''}${mesh.degenerateTriangles ? `, ${mesh.degenerateTriangles} degenerate triangles` : ''} (${traits})`,
    );
  }
  lines.push(`  clips: ${report.clips.length}`);
  for (const clip of report.clips) lines.push(`    ${clip.name}: ${clip.duration.toFixed(3)} s, ${clip.channels} channels`);
  for (const warning of report.warnings) lines.push(`  warning: ${warning}`);
  return lines.join('\n') + '\n';
}

/**
 * `overlap inspect FILE [--json]`: meshes, welded topology, clips and bounds of a glTF file.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('inspect')
    .description('Report meshes, welded topology, clips and bounds of a glTF file')
    .argument('<file>', '.glb or .gltf file')
    .option('--json', 'print a JSON report on stdout')
    .option('--scene <index>', "scene to import (default: the file's default scene)")
    .action(async (file: string, options: { json?: boolean; scene?: string }) => {
      const scene = await readSceneForCli(file, integerOption('--scene', options.scene));
      const report = inspectReport(file, scene);
      // Names come from the file: control characters escaped in the text report (JSON escapes its own).
      process.stdout.write(options.json ? terminalJson(report, 2) + '\n' : reportText(report).split('\n').map(terminalText).join('\n'));
    });
}
