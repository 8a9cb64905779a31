import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolderEachTest } from '../helpers/temporaryFolderEachTest.ts';
import { gltfResourceLimits } from '../../app/io/gltfResourceLimits.ts';
import { readOpenedFile } from '../../main/readOpenedFile.ts';

let folder = '';
temporaryFolderEachTest('overlap-open-', (made) => (folder = made));

describe('readOpenedFile', () => {
  it('reads a .glb as one file with no resources', async () => {
    const fox = path.resolve('../shared/data/Fox.glb');
    const opened = await readOpenedFile(fox);
    expect(opened.name, 'name').toBe('Fox.glb');
    expect(opened.bytes.byteLength, 'all bytes').toBe((await readFile(fox)).byteLength);
    expect(Object.keys(opened.resources), 'no resources').toEqual([]);
  });

  it('reads a .gltf with its external buffer and image, and lists refused and missing references', async () => {
    await mkdir(path.join(folder, 'model', 'tex'), { recursive: true });
    await writeFile(path.join(folder, 'secret.txt'), 'do not read');
    await writeFile(path.join(folder, 'model', 'mesh data.bin'), new Uint8Array([1, 2, 3, 4]));
    await writeFile(path.join(folder, 'model', 'tex', 'skin.png'), new Uint8Array([9]));
    const gltf = {
      asset: { version: '2.0' },
      buffers: [
        { uri: 'mesh%20data.bin', byteLength: 4 },
        { uri: 'data:application/octet-stream;base64,AAAA', byteLength: 3 },
      ],
      images: [{ uri: 'tex/skin.png' }, { uri: '../secret.txt' }, { uri: 'gone.png' }, { uri: 'https://example.com/x.png' }, { bufferView: 0 }],
    };
    await writeFile(path.join(folder, 'model', 'a.gltf'), JSON.stringify(gltf));
    const opened = await readOpenedFile(path.join(folder, 'model', 'a.gltf'));
    expect(Object.keys(opened.resources).sort(), 'resources read by URI').toEqual(['mesh%20data.bin', 'tex/skin.png']);
    expect([...opened.resources['mesh%20data.bin']], 'buffer bytes').toEqual([1, 2, 3, 4]);
    expect(opened.missing.length, 'three references not read').toBe(3);
    expect(opened.missing.join('\n'), 'the escape is named').toMatch(/\.\.\/secret\.txt: points outside/);
    expect(opened.missing.join('\n'), 'the missing file is named').toMatch(/gone\.png: cannot be read: no such file/);
    expect(
      Object.values(opened.resources).some((bytes) => new TextDecoder().decode(bytes).includes('do not read')),
      'secret never read',
    ).toBe(false);
  });

  it('names the file when a .gltf is not JSON', async () => {
    await writeFile(path.join(folder, 'broken.gltf'), '{ not json');
    await expect(readOpenedFile(path.join(folder, 'broken.gltf')), 'invalid JSON').rejects.toThrow(/broken\.gltf: not valid JSON/);
  });

  it('collects buffer and image URIs with their read limits and ignores malformed entries', () => {
    const limits = gltfResourceLimits({ buffers: [{ uri: 'a.bin', byteLength: 12 }, null, { uri: 3 }, { uri: 'data:,x' }], images: 'x' });
    expect([...limits], 'tolerant').toEqual([['a.bin', { maxBytes: 12, overflow: 'truncate' }]]);
    expect(gltfResourceLimits(null).size, 'null').toBe(0);
  });
});
