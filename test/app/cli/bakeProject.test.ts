// `overlap bake --project`: the CLI reads projects with the one project reader (app/document), so a version-2 project
// the app saved (layers keyed in time, pins, max distances, pose corrections, scene units, per-mesh physics) bakes to
// the bytes bake() gives for that project, with or without the input on the command line (the project names its
// glTF, next to it or embedded in it); a newer, malformed or misfitting project, a missing glTF and another glTF are
// said in the reader's words.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/index.ts';
import { bake } from '../../../app/bake/index.ts';
import { overlapProjectJson, parseOverlapProject, type OverlapProject } from '../../../app/document/index.ts';
import { readProjectExtras } from '../../../app/export/index.ts';
import { readGltf } from '../../../app/io/index.ts';
import { runCli } from '../../helpers/runCli.ts';
import { dataFolder } from '../bake/bakeTestKit.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const foxBytes = new Uint8Array(readFileSync(join(dataFolder, 'Fox.glb')));
const vertexCount = 290;

/** An app-style version-2 project of Fox: jelly at lattice 6, a painted tail, a layer keyed off then on, pins, a 3 cm limit, a correction. */
function appProject(): OverlapProject {
  const weights = Array.from({ length: vertexCount }, (_, v) => (v % 3 === 0 ? 1 : 0.4));
  const maxDistance = Array.from({ length: vertexCount }, (_, v) => (v < 20 ? 0 : v < 40 ? 0.03 : null));
  const layerValues = Array.from({ length: vertexCount }, () => 0);
  const mask = Array.from({ length: vertexCount }, (_, v) => (v >= 200 ? 1 : 0));
  return parseOverlapProject(
    {
      format: 'overlap-project',
      version: 2,
      source: 'Fox.glb',
      scene: { metersPerUnit: 0.01 },
      meshes: [{ mesh: 'fox', role: 'simulated', preset: 'jelly', material: { youngsModulus: 20000 }, latticeResolution: 6, gravity: false }],
      weights: [{ mesh: 'fox', values: weights }],
      weightLayers: [
        {
          id: 'layer-1',
          name: 'tail held',
          mesh: 'fox',
          values: layerValues,
          mask,
          keys: [
            { frame: 0, influence: 0 },
            { frame: 3, influence: 1 },
          ],
          enabled: true,
        },
      ],
      limits: [{ mesh: 'fox', maxDistance }],
      handles: [],
      poseCorrections: [{ id: 'pose-1', mesh: 'fox', frame: 2, easeIn: 2, easeOut: 2, vertices: [250, 251], offsets: [0, 0.02, 0, 0, 0.02, 0] }],
      bake: { clip: 'Walk', fps: 24, fpsFromClip: true, frames: [0, 4], preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
    },
    'Fox.overlap.json',
  );
}

describe('overlap bake --project (the one project reader)', () => {
  const { folder } = scratchFolder('overlap-bake-');
  const write = (name: string, text: string): string => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };

  it('bakes an app project (version 2) to the bytes bake() gives it, finding the glTF from the project, and records the whole project', async () => {
    const shot = join(folder, 'shot');
    mkdirSync(shot, { recursive: true });
    copyFileSync(join(dataFolder, 'Fox.glb'), join(shot, 'Fox.glb'));
    const projectPath = join(shot, 'Fox.overlap.json');
    writeFileSync(projectPath, overlapProjectJson(appProject()));
    const out = join(folder, 'cli.glb');
    const result = await runCli('bake', '--project', projectPath, '--out', out, '--no-progress');
    expect(result.status, result.stderr).toBe(0);
    const reference = await bake({ bytes: foxBytes, fileName: 'Fox.glb' }, { project: appProject() });
    expect(Buffer.compare(readFileSync(out), Buffer.from(reference.bytes)), 'the same bytes as the engine given the project').toBe(0);
    // Pins (max distance 0) are weight 0 in the engine, though painted 1 or 0.4 here: they follow the input exactly.
    const scene = await readGltf(foxBytes, { fileName: 'Fox.glb' });
    const evaluator = createAnimationEvaluator(scene);
    const { renderToSimulation } = scene.meshes[0].topology;
    const renderCount = scene.meshes[0].renderVertexCount;
    const input = new Float32Array(3 * renderCount);
    let pinnedMotion = 0;
    reference.result.inputTimes.forEach((time, f) => {
      evaluator.evaluateMesh(
        0,
        scene.clips.findIndex((clip) => clip.name === 'Walk'),
        time,
        input,
      );
      const output = reference.result.meshes[0].positions.subarray(f * 3 * renderCount, (f + 1) * 3 * renderCount);
      for (let r = 0; r < renderCount; r++)
        if (renderToSimulation[r] < 20) for (let c = 0; c < 3; c++) pinnedMotion = Math.max(pinnedMotion, Math.abs(output[3 * r + c] - input[3 * r + c]));
    });
    expect(pinnedMotion, 'pinned vertices follow the input bit for bit').toBe(0);
    const carried = readProjectExtras((await readGltf(new Uint8Array(readFileSync(out)), { fileName: 'cli.glb' })).document, 'cli.glb')!;
    const authored = appProject();
    expect(carried.sourceSha256, 'the input’s SHA-256').toMatch(/^[0-9a-f]{64}$/);
    expect([carried.version, carried.scene], 'version 2 with the scene units').toEqual([2, { metersPerUnit: 0.01 }]);
    expect(
      overlapProjectJson({ ...carried, sourceSha256: undefined, meshes: [], bake: authored.bake }),
      'layers, limits, weights (as painted), corrections as the project had them',
    ).toBe(overlapProjectJson({ ...authored, meshes: [] }));
    expect(carried.bake, 'the bake settings resolved, the timeline still following the clip').toMatchObject({
      clip: 'Walk',
      fps: 24,
      fpsFromClip: true,
      frames: [0, 4],
    });
    const again = await runCli('bake', join(dataFolder, 'Fox.glb'), '--project', out, '--out', join(folder, 'again.glb'), '--no-progress');
    expect(again.status, again.stderr).toBe(0);
    expect(Buffer.compare(readFileSync(join(folder, 'again.glb')), readFileSync(out)), 'baking again from the output’s project: the same bytes').toBe(0);
  }, 120_000);

  it('bakes a project whose glTF is embedded in it, and names a missing glTF in the reader’s words', async () => {
    const embedded = { ...appProject(), source: 'elsewhere/Fox.glb', embeddedSource: { name: 'Fox.glb', data: Buffer.from(foxBytes).toString('base64') } };
    const embeddedPath = write('embedded.overlap.json', overlapProjectJson(embedded));
    const result = await runCli('bake', '--project', embeddedPath, '--out', join(folder, 'embedded.glb'), '--no-progress');
    expect(result.status, result.stderr).toBe(0);
    const missingPath = write('missing.overlap.json', overlapProjectJson({ ...appProject(), source: 'nowhere/Fox.glb' }));
    const missing = await runCli('bake', '--project', missingPath, '--out', join(folder, 'never.glb'), '--no-progress');
    expect(missing.status, 'an input that cannot be read: I/O').toBe(3);
    expect(missing.stderr, 'the project, the glTF, where it looked').toMatch(
      new RegExp(
        `^overlap: ${missingPath}: its glTF "nowhere/Fox\\.glb" was not found \\(looked for ${join(folder, 'nowhere', 'Fox.glb')}\\) and it is not embedded in the project`,
        'm',
      ),
    );
  }, 120_000);

  it('refuses a newer project and one made for another topology, and warns about another glTF that fits', async () => {
    const newer = write('newer.overlap.json', JSON.stringify({ format: 'overlap-project', version: 3, source: 'Fox.glb' }));
    const fox = join(dataFolder, 'Fox.glb');
    const out = join(folder, 'never.glb');
    const refused = await runCli('bake', fox, '--project', newer, '--out', out, '--no-progress');
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr, 'newer').toMatch(
      new RegExp(`^overlap: ${newer}: project version 3 was written by a newer Overlap \\(this one reads versions 1 to 2\\)`, 'm'),
    );
    const short = write('short.overlap.json', overlapProjectJson({ ...appProject(), weights: [{ mesh: 'fox', values: new Float32Array(12) }] }));
    const misfit = await runCli('bake', fox, '--project', short, '--out', out, '--no-progress');
    expect(misfit.status, misfit.stderr).toBe(2);
    expect(misfit.stderr, 'the reader’s words').toMatch(
      new RegExp(`^overlap: ${short}: the painted weights of mesh "fox" have 12 values, but mesh "fox" has 290 welded vertices in Fox\\.glb`, 'm'),
    );
    const other = write(
      'other.overlap.json',
      overlapProjectJson({ ...appProject(), sourceSha256: '0'.repeat(64), bake: { ...appProject().bake, frames: [0, 1] } }),
    );
    const warned = await runCli('bake', fox, '--project', other, '--out', join(folder, 'other.glb'), '--no-progress');
    expect(warned.status, warned.stderr).toBe(0);
    expect(warned.stderr, 'another glTF that fits').toMatch(
      /warning \[source-changed\]: Fox\.glb is not the file this project was saved with \(its SHA-256 differs\); its meshes still fit the painted data/,
    );
  }, 120_000);
});
