import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import { clipFrameRate } from '../../bake/index.ts';
import { sceneNewIntersections, type SceneNewIntersectionsFrame } from '../../contact/index.ts';
import { INPUT_REGION_RINGS } from '../../intersection/index.ts';
import { sceneIntersections, type FrameIntersections, type SceneFrameIntersections } from '../../intersection/index.ts';
import { clipIndexOf, type ImportedScene } from '../../io/index.ts';
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
  against?: string;
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
 * What `overlap check OUT --against IN --json` prints: the output's check (CheckReport) with, per frame, the input's
 * count and the **new intersection regions** (issue 33): output triangles that intersect and lie farther than
 * INPUT_REGION_RINGS rings from every triangle that intersects in the input at that frame, grouped into connected
 * regions (app/contact newIntersectionRegions).
 */
export interface CheckAgainstReport extends CheckReport {
  against: string;
  againstClip: string | null;
  rings: number;
  frames: Array<
    CheckReport['frames'][number] & {
      inputTotal: number;
      newRegions: number;
      /** per mesh: new regions touching it and the new triangles (welded indices) */
      added: Array<{ mesh: string; regions: number; triangles: number[] }>;
    }
  >;
  summary: CheckReport['summary'] & { framesWithNewRegions: number; maxNewRegions: number; newRegions: number };
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
    .option('--fps <f>', "frames per second (default: the clip's key rate, else 30)")
    .option('--json', 'print a JSON report on stdout')
    .option('--scene <index>', "scene to import (default: the file's default scene)")
    .option(
      '--against <input>',
      'the input FILE was made from (a bake\'s input): count the new intersection regions, output triangles that intersect farther than 2 rings from every triangle that intersects in the input at the same frame (the clip "NAME (baked)" of FILE is checked when it exists)',
      singleValue('--against'),
    )
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
      const against = flags.against === undefined ? null : await readSceneForCli(flags.against);
      let clipIndex: number | null = null;
      let againstClip: number | null = null;
      if (flags.clip !== undefined) {
        // Against its input, a baked file's clip is "NAME (baked)" (docs/bake.md); the input's is NAME.
        const baked = against ? clipIndexOf(scene.clips, `${flags.clip} (baked)`) : -1;
        clipIndex = baked >= 0 ? baked : clipIndexOf(scene.clips, flags.clip);
        if (clipIndex < 0) throw new CliError(file, `no clip named "${flags.clip}" (${clipNames(scene)})`);
        if (against) {
          againstClip = clipIndexOf(against.clips, flags.clip);
          if (againstClip < 0) throw new CliError(flags.against!, `no clip named "${flags.clip}" (${clipNames(against)})`);
        }
      }
      const rate = fps ?? (clipIndex === null ? 30 : clipFrameRate(againstClip === null ? scene : against!, againstClip ?? clipIndex));
      const [first, last] = range ?? [0, clipIndex === null ? 0 : Math.round(scene.clips[clipIndex].duration * rate)];
      const frames = Array.from({ length: last - first + 1 }, (_, k) => first + k);
      const bar = process.stderr.isTTY && frames.length > 1 ? new SingleBar({ stream: process.stderr, format: 'check [{bar}] {value}/{total} frames' }) : null;
      if (against) {
        bar?.start(frames.length, 0);
        let compared: SceneNewIntersectionsFrame[];
        try {
          compared = sceneNewIntersections(against, againstClip, scene, clipIndex, frames, rate, () => bar?.increment());
        } catch (error) {
          if (error instanceof RangeError) throw new CliError(file, `cannot be checked against ${flags.against}: ${error.message}`);
          throw error;
        } finally {
          bar?.stop();
        }
        const report = againstReport(file, flags.against!, scene, clipIndex, against, againstClip, rate, compared);
        process.stdout.write(flags.json ? terminalJson(report) + '\n' : reportText(report).split('\n').map(terminalText).join('\n'));
        return;
      }
      bar?.start(frames.length, 0);
      let results: SceneFrameIntersections[];
      try {
        results = sceneIntersections(scene, clipIndex, frames, rate, () => bar?.increment());
      } finally {
        bar?.stop();
      }
      const names = scene.meshes.map((mesh) => mesh.name);
      const report: CheckReport = {
        file,
        clip: clipIndex === null ? null : scene.clips[clipIndex].name,
        fps: rate,
        meshes: meshReports(scene),
        frames: results.map((r) => frameReport(names, r.frame, r.time, r)),
        summary: summaryOf(results),
      };
      // Names come from the file: control characters escaped in the text report (JSON escapes its own).
      process.stdout.write(flags.json ? terminalJson(report) + '\n' : reportText(report).split('\n').map(terminalText).join('\n'));
    });
}

function clipNames(scene: ImportedScene): string {
  const names = scene.clips.map((clip) => `"${clip.name}"`).join(', ');
  return names ? `clips: ${names}` : 'the file has no clips';
}

/** The --against report: the output's frames (in the input's mesh order) with the input's counts and the new regions. */
function againstReport(
  file: string,
  againstFile: string,
  scene: ImportedScene,
  clip: number | null,
  against: ImportedScene,
  againstClip: number | null,
  fps: number,
  compared: SceneNewIntersectionsFrame[],
): CheckAgainstReport {
  const names = against.meshes.map((mesh) => mesh.name);
  const frames = compared.map((c) => ({
    ...frameReport(names, c.frame, c.frame / fps, c.output),
    inputTotal: c.input.total,
    newRegions: c.added.regions,
    added: names.map((mesh, m) => ({ mesh, regions: c.added.meshRegions[m], triangles: Array.from(c.added.triangles[m]) })),
  }));
  return {
    file,
    clip: clip === null ? null : scene.clips[clip].name,
    fps,
    against: againstFile,
    againstClip: againstClip === null ? null : against.clips[againstClip].name,
    rings: INPUT_REGION_RINGS,
    meshes: meshReports(against),
    frames,
    summary: {
      ...summaryOf(frames),
      framesWithNewRegions: frames.filter((f) => f.newRegions > 0).length,
      maxNewRegions: frames.reduce((m, f) => Math.max(m, f.newRegions), 0),
      newRegions: frames.reduce((s, f) => s + f.newRegions, 0),
    },
  };
}

/** The report's line per mesh: its welded surface's counts. */
function meshReports(scene: ImportedScene): CheckReport['meshes'] {
  return scene.meshes.map((mesh) => ({
    name: mesh.name,
    vertices: mesh.topology.vertexCount,
    triangles: mesh.topology.triangles.length / 3,
    edges: mesh.topology.edges.length / 2,
    nonManifoldEdges: mesh.topology.nonManifoldEdgeCount,
  }));
}

/** One frame of a report: the check `r` of the meshes named `names` (scene order), at frame `frame`, clip time `time` [s]. */
function frameReport(names: readonly string[], frame: number, time: number, r: FrameIntersections): CheckReport['frames'][number] {
  return {
    frame,
    time,
    total: r.total,
    self: names.map((mesh, m) => ({ mesh, count: r.self[m], triangles: Array.from(r.triangles[m]) })),
    between: r.between.map((pair) => ({ a: names[pair.a], b: names[pair.b], count: pair.count })),
    degenerateTriangles: r.degenerateTriangles.reduce((s, x) => s + x, 0),
    degenerateEdges: r.degenerateEdges.reduce((s, x) => s + x, 0),
  };
}

/** A report's sums over its frames. */
function summaryOf(frames: readonly { total: number }[]): CheckReport['summary'] {
  return {
    frames: frames.length,
    framesWithIntersections: frames.filter((f) => f.total > 0).length,
    maxPerFrame: frames.reduce((m, f) => Math.max(m, f.total), 0),
    total: frames.reduce((s, f) => s + f.total, 0),
  };
}

function reportText(report: CheckReport | CheckAgainstReport): string {
  if ('against' in report) return againstText(report);
  const lines = [`${report.file}${report.clip === null ? ' (rest pose)' : `: clip "${report.clip}" at ${report.fps} fps`}`];
  for (const mesh of report.meshes) {
    lines.push(
      `  mesh ${mesh.name}: ${mesh.vertices} vertices, ${mesh.triangles} triangles, ${mesh.edges} edges${mesh.nonManifoldEdges ? `, ${mesh.nonManifoldEdges} non-manifold edges` : ''}`,
    );
  }
  for (const frame of report.frames) {
    const parts = frame.self.filter((s) => s.count > 0).map((s) => `${s.mesh} ${s.count}`);
    for (const pair of frame.between) parts.push(`${pair.a}×${pair.b} ${pair.count}`);
    const degenerate =
      frame.degenerateTriangles + frame.degenerateEdges > 0
        ? ` (${frame.degenerateTriangles} degenerate triangles, ${frame.degenerateEdges} zero-length edges skipped)`
        : '';
    lines.push(
      `  frame ${frame.frame} (t ${frame.time.toFixed(3)} s): ${frame.total} intersections${parts.length ? `: ${parts.join(', ')}` : ''}${degenerate}`,
    );
  }
  const { summary } = report;
  lines.push(
    `  ${summary.framesWithIntersections} of ${summary.frames} frames intersect; at most ${summary.maxPerFrame} edge–triangle intersections in a frame, ${summary.total} in all`,
  );
  return lines.join('\n') + '\n';
}

function againstText(report: CheckAgainstReport): string {
  const lines = [
    `${report.file}${report.clip === null ? ' (rest pose)' : `: clip "${report.clip}" at ${report.fps} fps`} against ${report.against}${report.againstClip === null ? ' (rest pose)' : ` clip "${report.againstClip}"`}`,
  ];
  for (const frame of report.frames) {
    const parts = frame.added.filter((a) => a.regions > 0).map((a) => `${a.mesh} ${a.regions} (${a.triangles.length} triangles)`);
    lines.push(
      `  frame ${frame.frame} (t ${frame.time.toFixed(3)} s): ${frame.total} intersections (input ${frame.inputTotal}), ${frame.newRegions} new regions${parts.length ? `: ${parts.join(', ')}` : ''}`,
    );
  }
  const { summary } = report;
  lines.push(
    `  ${summary.framesWithNewRegions} of ${summary.frames} frames have new intersection regions (farther than ${report.rings} rings from the input's intersections at that frame); at most ${summary.maxNewRegions} in a frame, ${summary.newRegions} in all`,
  );
  return lines.join('\n') + '\n';
}
