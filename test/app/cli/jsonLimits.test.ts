// Depth and size limits at parse time for every JSON the product reads (issue 35, item 3): a 200 KB project with a
// deeply nested `handles` was an internal error (`Maximum call stack size exceeded` from JSON.stringify or
// structuredClone after the shape check passed), deeply nested weights and handles files exited 2 with that message.
// Now each is bad input (exit 2) naming the file and the limit, as is a file larger than the limit for its kind.
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../../app/io/index.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';
import { runCli, sampleBounceBake } from '../../helpers/runCli.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const simpleSkin = new URL('../../../../shared/data/SimpleSkin.gltf', import.meta.url).pathname;
/** 100 000 levels in 200 KB: far past where recursion overflows the stack. */
const DEEP = '['.repeat(100_000) + ']'.repeat(100_000);

describe('JSON nested past the limit, or larger than it, is bad input naming the file and the limit', () => {
  const { folder, write } = scratchFolder('overlap-json-limits-');
  const depthMessage = new RegExp(`nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`);
  const expectRefused = (result: { status: number; stderr: string }, file: string, message: RegExp, what: string) => {
    expect(result.status, `${what}: exit 2 (${result.stderr})`).toBe(2);
    expect(result.stderr, `${what}: names the file and the limit`).toMatch(
      new RegExp(`^overlap: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*${message.source}`, 'm'),
    );
    expect(result.stderr, `${what}: no internal error, no stack overflow`).not.toMatch(/internal error|Maximum call stack/);
  };

  it('a 200 KB project whose handles nest 10⁵ levels deep (bake)', async () => {
    const project = write('deep-handles.overlap.json', `{"format":"overlap-project","version":1,"handles":[{"vertices":${DEEP}}]}`);
    const result = await runCli('bake', samplePath, '--clip', 'Bounce', '--project', project, '--out', join(folder, 'never.glb'));
    expectRefused(result, project, depthMessage, 'project');
  });

  it('a weights file, a handles file (arap), a scene (simulate), a JSON mesh (embed) nested 10⁵ levels deep', async () => {
    const weights = write('deep-weights.json', `{"weights":[{"mesh":"Blob","values":${DEEP}}]}`);
    expectRefused(
      await runCli('bake', samplePath, '--clip', 'Bounce', '--weights', weights, '--out', join(folder, 'never.glb')),
      weights,
      depthMessage,
      'weights',
    );
    const mesh = write(
      'tri.json',
      JSON.stringify({
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ],
        triangles: [[0, 1, 2]],
      }),
    );
    const handles = write('deep-handles.json', `{"handles":[{"vertices":[0],"translation":${DEEP}}]}`);
    expectRefused(await runCli('arap', mesh, '--handles', handles, '--out', join(folder, 'never.json')), handles, depthMessage, 'handles');
    const scene = write('deep-scene.json', `{"vertices":${DEEP}}`);
    expectRefused(await runCli('simulate', scene, '--out', join(folder, 'never.json')), scene, depthMessage, 'scene');
    const deepMesh = write('deep-mesh.json', `{"vertices":${DEEP},"triangles":[]}`);
    expectRefused(await runCli('embed', deepMesh, '--out', join(folder, 'never.json')), deepMesh, depthMessage, 'JSON mesh');
  });

  it('a glTF whose extras nest 10⁵ levels deep (inspect, and a bake project read from a glTF)', async () => {
    const gltf = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(simpleSkin, 'utf8'))) as Record<string, unknown>;
    const text = JSON.stringify({ ...gltf, extras: { note: 0 } }).replace('"extras":{"note":0}', `"extras":{"note":${DEEP}}`);
    const deepGltf = write('deep-extras.gltf', text);
    expectRefused(await runCli('inspect', deepGltf), deepGltf, /the JSON nests arrays and objects more than 64 levels deep, the limit for a glTF/, 'glTF');
    expectRefused(
      await runCli('bake', samplePath, '--clip', 'Bounce', '--project', deepGltf, '--out', join(folder, 'never.glb')),
      deepGltf,
      /more than 64 levels deep/,
      'project glTF',
    );
  });

  it('a checkpoint whose serialized state nests deeper than the stack: exit 2 naming the checkpoint', async () => {
    const checkpoints = join(folder, 'checkpoints');
    await import('node:fs').then((fs) => fs.mkdirSync(checkpoints, { recursive: true }));
    // node:v8 serialization of { a: { a: … } } 2·10⁵ levels deep: 0xFF 0x0F (version 15), then per level
    // 'o' (begin object), a one-byte string key "a".
    const depth = 200_000;
    const bytes = Buffer.alloc(2 + 4 * depth);
    bytes[0] = 0xff;
    bytes[1] = 0x0f;
    for (let i = 0; i < depth; i++) bytes.set([0x6f, 0x22, 0x01, 0x61], 2 + 4 * i);
    const file = join(checkpoints, 'overlap-bake.checkpoint');
    writeFileSync(file, bytes);
    const result = await runCli(
      ...sampleBounceBake('0:2'),
      '--set',
      'meshes.Blob.latticeResolution=6',
      '--checkpoint',
      checkpoints,
      '--resume',
      '--out',
      join(folder, 'never.glb'),
    );
    expectRefused(result, file, /not an Overlap bake checkpoint/, 'checkpoint');
  }, 60_000);

  it('files larger than the limit for their kind are bad input (exit 2, not an I/O error), naming the limit', async () => {
    // Sparse files: the size is refused from fstat, before a byte is read.
    const weights = join(folder, 'huge-weights.json');
    writeFileSync(weights, '');
    truncateSync(weights, 512 * 2 ** 20 + 1);
    expectRefused(
      await runCli('bake', samplePath, '--clip', 'Bounce', '--weights', weights, '--out', join(folder, 'never.glb')),
      weights,
      /more than the 536870912-byte limit for a weights file \(512 MiB\)/,
      'weights',
    );
    const scene = join(folder, 'huge-scene.json');
    writeFileSync(scene, '');
    truncateSync(scene, 2 ** 30 + 1);
    expectRefused(
      await runCli('simulate', scene, '--out', join(folder, 'never.json')),
      scene,
      /more than the 1073741824-byte limit for a scene file \(1 GiB\)/,
      'scene',
    );
  });
});
