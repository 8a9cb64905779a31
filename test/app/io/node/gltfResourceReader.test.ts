// Resources read once per distinct file, and a total per glTF, the same in the CLI and the app (issue 35, item 7):
// one file named under 20 URI spellings was read 20 times (a 1.4 KB .gltf took 1.13 GB in the CLI, 954 MB in the app's
// main process). Now every spelling, symbolic link and hard link of one file gets a view of the same bytes, and the
// distinct files of one glTF are at most MAX_GLTF_RESOURCE_BYTES together.
import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileAccessError } from '../../../../app/io/node/fileAccessError.ts';
import { gltfResourceReader } from '../../../../app/io/node/gltfResourceReader.ts';
import { readOpenedFile } from '../../../../main/readOpenedFile.ts';
import { scratchFolder } from '../../../helpers/scratchFolder.ts';

const { folder: root } = scratchFolder('overlap-resource-reader-');
const folder = join(root, 'model');
mkdirSync(join(folder, 'sub'), { recursive: true });
const MiB = 2 ** 20;
const data = new Uint8Array(4 * MiB).map((_, i) => i % 251);
writeFileSync(join(folder, 'a.bin'), data);
symlinkSync(join(folder, 'a.bin'), join(folder, 'link.bin'));
linkSync(join(folder, 'a.bin'), join(folder, 'hard.bin'));
writeFileSync(join(folder, 'b.bin'), new Uint8Array(3 * MiB));
/** Twenty URIs of one file: spellings, percent-encoding, `..`, a symbolic and a hard link. */
const SPELLINGS = [
  'a.bin',
  './a.bin',
  '%61.bin',
  'a%2Ebin',
  './/a.bin',
  'sub/../a.bin',
  './sub/../a.bin',
  'sub/.././a.bin',
  '%2E/a.bin',
  'a.bi%6E',
  '%61%2E%62%69%6E',
  './%61.bin',
  'sub%2F..%2Fa.bin',
  'sub/./../a.bin',
  '././a.bin',
  'sub//../a.bin',
  'link.bin',
  './link.bin',
  'hard.bin',
  './hard.bin',
];
const gltf = join(folder, 'scene.gltf');
writeFileSync(gltf, JSON.stringify({ asset: { version: '2.0' }, buffers: SPELLINGS.map((uri) => ({ uri, byteLength: data.length })) }));
const whole = { maxBytes: data.length, overflow: 'truncate' as const };

describe('gltfResourceReader', () => {
  it('reads one file once for 20 URIs naming it: every view shares one buffer and holds the file', async () => {
    expect(SPELLINGS.length, 'twenty spellings').toBe(20);
    const read = gltfResourceReader(gltf);
    const views = await Promise.all(SPELLINGS.map((uri) => read(uri, whole)));
    expect(new Set(views.map((view) => view.buffer)).size, 'one buffer for all twenty').toBe(1);
    expect(
      views.every((view) => view.length === data.length && view[12345] === data[12345]),
      'each view is the file',
    ).toBe(true);
  });

  it('gives each URI its own limit: a shorter byteLength is a shorter view of the same bytes, a longer one reads again', async () => {
    const read = gltfResourceReader(gltf);
    const short = await read('a.bin', { maxBytes: 1000, overflow: 'truncate' });
    const long = await read('./a.bin', whole);
    const shortAgain = await read('%61.bin', { maxBytes: 10, overflow: 'truncate' });
    expect([short.length, long.length, shortAgain.length], 'lengths').toEqual([1000, data.length, 10]);
    expect(shortAgain.buffer, 'served from the longer read').toBe(long.buffer);
    await expect(read('a.bin', { maxBytes: 100, overflow: 'refuse' }), 'an image over its limit is refused').rejects.toThrow(
      /is 4194304 bytes, more than the 100-byte limit/,
    );
  });

  it('refuses a resource that takes the glTF past its total, naming the URI and the limit; a file counted once', async () => {
    const read = gltfResourceReader(gltf, 6 * MiB);
    for (const uri of SPELLINGS) await read(uri, whole); // 4 MiB, once
    const error = await read('b.bin', { maxBytes: 3 * MiB, overflow: 'truncate' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error, 'refused').toBeInstanceOf(FileAccessError);
    expect((error as FileAccessError).file, 'names the URI').toBe('b.bin');
    expect((error as FileAccessError).message, 'and the limit').toMatch(
      /would take the external files of this glTF past 6291456 bytes, the limit for one glTF \(4194304 bytes read so far\)/,
    );
  });

  it('the app’s main process shares the bytes too: 20 URIs of one 4 MiB file hold 4 MiB', async () => {
    const opened = await readOpenedFile(gltf);
    expect(Object.keys(opened.resources).length, 'every URI has its resource').toBe(20);
    const buffers = new Set(Object.values(opened.resources).map((view) => view.buffer));
    expect(
      [...buffers].reduce((sum, buffer) => sum + buffer.byteLength, 0),
      'distinct bytes held',
    ).toBe(data.length);
    expect(opened.missing, 'nothing missing').toEqual([]);
  });

  it('the CLI’s importer reads the 20-URI glTF with memory for one file, not twenty (peak RSS of a child process)', () => {
    // 16 MiB read 20 times is 320 MiB; once, 16 MiB. The child imports a one-URI glTF first as its baseline.
    const big = join(root, 'big');
    mkdirSync(join(big, 'sub'), { recursive: true });
    writeFileSync(join(big, 'a.bin'), new Uint8Array(16 * MiB));
    symlinkSync(join(big, 'a.bin'), join(big, 'link.bin'));
    linkSync(join(big, 'a.bin'), join(big, 'hard.bin'));
    const buffers = (uris: string[]) => JSON.stringify({ asset: { version: '2.0' }, buffers: uris.map((uri) => ({ uri, byteLength: 16 * MiB })) });
    writeFileSync(join(big, 'one.gltf'), buffers(['a.bin']));
    writeFileSync(join(big, 'twenty.gltf'), buffers(SPELLINGS));
    const reader = new URL('../../../../app/io/node/readGltfFile.ts', import.meta.url).pathname;
    const script = join(big, 'measure.mts');
    writeFileSync(
      script,
      `import { readGltfFile } from ${JSON.stringify(reader)};\n` +
        `await readGltfFile(${JSON.stringify(join(big, 'one.gltf'))});\nconst one = process.resourceUsage().maxRSS;\n` +
        `await readGltfFile(${JSON.stringify(join(big, 'twenty.gltf'))});\nconst twenty = process.resourceUsage().maxRSS;\n` +
        `process.stdout.write(JSON.stringify({ one, twenty }));\n`,
    );
    const result = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    const { one, twenty } = JSON.parse(result.stdout) as { one: number; twenty: number };
    expect((twenty - one) * 1024, `peak RSS grew by ${((twenty - one) / 1024).toFixed(0)} MiB for 19 more URIs of the file`).toBeLessThan(4 * 16 * MiB);
  }, 120_000);
});
