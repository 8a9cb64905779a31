import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { clipFrameRate } from '../../bake/index.ts';
import { sceneIntersections, type SceneFrameIntersections } from '../../intersection/index.ts';
import { clipIndexOf } from '../../io/index.ts';
import { CliError } from '../cliError.ts';
import { singleValue } from '../singleValue.ts';
import { terminalText } from '../terminalText.ts';
import { terminalJson } from '../terminalJson.ts';
import { readSceneForCli } from './inspect.ts';

interface CheckFlags {
  clip?: string;
  frames?: string;
  fps?: string;
  json?: boolean;
  scene?: string;
}

/** What `overlap check --json` prints (docs/contact.md). */
export interface CheckReport {
  file: string;
  clip: string | null;
  fps: number;
  meshes: Array<{ name: string; vertices: number; triangles: number; edges: number; nonManifoldEdges: number }>;
  /** per frame: all intersecting edge–triangle pairs, per mesh (self) and per pair of meshes, and the triangles taking part */
  frames: Array<{
    frame: number;
    time: number;
    total: number;
    self: Array<{ mesh: string; count: number; triangles: number[] }>;
    between: Array<{ a: string; b: string; count: number }>;
    degenerateTriangles: number;
    degenerateEdges: number;
  }>;
  /** sums over the frames */
  summary: { frames: number; framesWithIntersections: number; maxPerFrame: number; total: number };
}

/**
 * `overlap check FILE [--clip NAME] [--frames A:B] [--fps F] [--json]`: exact edge–triangle intersections of every
 * mesh (self and between meshes) per frame (app/intersection). Exit 0 whatever it finds; the report says.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('check')
    .description('Count edge–triangle intersections of every mesh (self and between meshes) per frame, exactly')
    .argument('<file>', '.glb or .gltf file')
    .option('--clip <name>', 'clip to check, by name or index (default: the rest pose only)', singleValue('--clip'))
    .option('--frames <A:B>', 'inclusive frame range (default: the whole clip)')
    .option('--fps <f>', 'frames per second (default: the clip\'s key rate, else 30)')
    .option('--json', 'print a JSON report on stdout')
    .option('--scene <index>', 'scene to import (default: the file\'s default scene)')
    .action(async (file: string, flags: CheckFlags) => {
      if (flags.clip === undefined && (flags.frames !== undefined || flags.fps !== undefined)) throw new CliError('', '--frames and --fps need --clip');
      let fps: number | undefined;
      if (flags.fps !== undefined) {
        fps = Number(flags.fps);
        if (!(fps > 0 && fps <= 1000)) throw new CliError('', `--fps must be a number in (0, 1000], got "${flags.fps}"`);
      }
      let range: [number, number] | undefined;
      if (flags.frames !== undefined) {
        const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(flags.frames);
        if (!match) throw new CliError('', `--frames must be A:B with whole numbers A <= B, got "${flags.frames}"`);
        range = [Number(match[1]), Number(match[2])];
        if (range[1] < range[0]) throw new CliError('', `--frames ${flags.frames}: the last frame comes before the first`);
        if (range[1] - range[0] >= 100_000) throw new CliError('', `--frames ${flags.frames}: more than 100000 frames`);
      }
      let sceneIndex: number | undefined;
      if (flags.scene !== undefined) {
        if (!/^\d+$/.test(flags.scene.trim())) throw new CliError('', `--scene must be a whole number, got "${flags.scene}"`);
        sceneIndex = Number(flags.scene);
      }
      const scene = await readSceneForCli(file, sceneIndex);
      let clipIndex: number | null = null;
      if (flags.clip !== undefined) {
        clipIndex = clipIndexOf(scene.clips, flags.clip);
        if (clipIndex < 0) {
          const names = scene.clips.map((clip) => `"${clip.name}"`).join(', ');
          throw new CliError(file, `no clip named "${flags.clip}" (${names ? `clips: ${names}` : 'the file has no clips'})`);
        }
      }
      const rate = fps ?? (clipIndex === null ? 30 : clipFrameRate(scene, clipIndex));
      const [first, last] = range ?? [0, clipIndex === null ? 0 : Math.round(scene.clips[clipIndex].duration * rate)];
      const frames = Array.from({ length: last - first + 1 }, (_, k) => first + k);
      const bar = process.stderr.isTTY && frames.length > 1 ? new SingleBar({ stream: process.stderr, format: 'check [{bar}] {value}/{total} frames' }) : null;
      bar?.start(frames.length, 0);
      let results: SceneFrameIntersections[];
      try {
        results = sceneIntersections(scene, clipIndex, frames, rate, () => bar?.increment());
      } finally {
        bar?.stop();
      }
      const report: CheckReport = {
        file,
        clip: clipIndex === null ? null : scene.clips[clipIndex].name,
        fps: rate,
        meshes: scene.meshes.map((mesh) => ({
          name: mesh.name,
          vertices: mesh.topology.vertexCount,
          triangles: mesh.topology.triangles.length / 3,
          edges: mesh.topology.edges.length / 2,
          nonManifoldEdges: mesh.topology.nonManifoldEdgeCount,
        })),
        frames: results.map((r) => ({
          frame: r.frame,
          time: r.time,
          total: r.total,
          self: scene.meshes.map((mesh, m) => ({ mesh: mesh.name, count: r.self[m], triangles: Array.from(r.triangles[m]) })),
          between: r.between.map((pair) => ({ a: scene.meshes[pair.a].name, b: scene.meshes[pair.b].name, count: pair.count })),
          degenerateTriangles: r.degenerateTriangles.reduce((s, x) => s + x, 0),
          degenerateEdges: r.degenerateEdges.reduce((s, x) => s + x, 0),
        })),
        summary: {
          frames: results.length,
          framesWithIntersections: results.filter((r) => r.total > 0).length,
          maxPerFrame: results.reduce((m, r) => Math.max(m, r.total), 0),
          total: results.reduce((s, r) => s + r.total, 0),
        },
      };
      // Names come from the file: control characters escaped in the text report (JSON escapes its own).
      process.stdout.write(flags.json ? terminalJson(report) + '\n' : reportText(report).split('\n').map(terminalText).join('\n'));
    });
}

function reportText(report: CheckReport): string {
  const lines = [`${report.file}${report.clip === null ? ' (rest pose)' : `: clip "${report.clip}" at ${report.fps} fps`}`];
  for (const mesh of report.meshes) {
    lines.push(`  mesh ${mesh.name}: ${mesh.vertices} vertices, ${mesh.triangles} triangles, ${mesh.edges} edges${mesh.nonManifoldEdges ? `, ${mesh.nonManifoldEdges} non-manifold edges` : ''}`);
  }
  for (const frame of report.frames) {
    const parts = frame.self.filter((s) => s.count > 0).map((s) => `${s.mesh} ${s.count}`);
    for (const pair of frame.between) parts.push(`${pair.a}×${pair.b} ${pair.count}`);
    const degenerate = frame.degenerateTriangles + frame.degenerateEdges > 0 ? ` (${frame.degenerateTriangles} degenerate triangles, ${frame.degenerateEdges} zero-length edges skipped)` : '';
    lines.push(`  frame ${frame.frame} (t ${frame.time.toFixed(3)} s): ${frame.total} intersections${parts.length ? `: ${parts.join(', ')}` : ''}${degenerate}`);
  }
  const { summary } = report;
  lines.push(`  ${summary.framesWithIntersections} of ${summary.frames} frames intersect; at most ${summary.maxPerFrame} edge–triangle intersections in a frame, ${summary.total} in all`);
  return lines.join('\n') + '\n';
}
