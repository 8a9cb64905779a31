// The one rule for files a glTF names, as the command line's importer and the app's main process apply it: inside the
// glTF's folder after symbolic links are resolved, regular files only, never more than the declared byteLength.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GltfImportError } from '../../../../app/io/gltfImportError.ts';
import { FileAccessError } from '../../../../app/io/node/fileAccessError.ts';
import { readGltfFile } from '../../../../app/io/node/readGltfFile.ts';
import { readGltfResource } from '../../../../app/io/node/readGltfResource.ts';
import { readRegularFile } from '../../../../app/io/node/readRegularFile.ts';
import { readOpenedFile } from '../../../../main/readOpenedFile.ts';
import { scratchFolder } from '../../../helpers/scratchFolder.ts';

const { folder: root } = scratchFolder('overlap-resource-');
const outside = join(root, 'secret.bin');
writeFileSync(outside, 'SECRET-BYTES-'.repeat(10));
const folder = join(root, 'model');
mkdirSync(folder);
writeFileSync(join(folder, 'inside.bin'), new Uint8Array(64).fill(7));
symlinkSync(outside, join(folder, 'escape.bin'));
symlinkSync(join(folder, 'inside.bin'), join(folder, 'alias.bin'));
symlinkSync('/dev/zero', join(folder, 'zero.bin'));
mkdirSync(join(folder, 'sub'));
execFileSync('mkfifo', [join(folder, 'pipe.bin')]);

/** A .gltf whose one buffer has `uri`, declaring `byteLength` bytes. */
function gltfNaming(uri: string, byteLength = 16): string {
  const path = join(folder, `${encodeURIComponent(uri).replace(/%/g, '_')}.gltf`);
  writeFileSync(path, JSON.stringify({ asset: { version: '2.0' }, buffers: [{ uri, byteLength }], bufferViews: [{ buffer: 0, byteLength }] }));
  return path;
}

async function importProblem(uri: string, byteLength?: number): Promise<string> {
  const started = performance.now();
  const error = await readGltfFile(gltfNaming(uri, byteLength)).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(performance.now() - started, `${uri}: answered promptly`).toBeLessThan(5000);
  expect(error, `${uri}: refused with a GltfImportError`).toBeInstanceOf(GltfImportError);
  return (error as GltfImportError).message;
}

describe('the one rule for files a glTF names', () => {
  it('refuses absolute paths, `..` escapes and URLs: /etc/passwd is never read', async () => {
    expect(await importProblem('/etc/passwd'), 'absolute').toMatch(/"\/etc\/passwd": absolute paths are not followed/);
    expect(await importProblem('../secret.bin'), 'parent folder').toMatch(/"\.\.\/secret\.bin": points outside the glTF's folder/);
    expect(await importProblem('..%2Fsecret.bin'), 'encoded parent folder').toMatch(/points outside the glTF's folder/);
    expect(await importProblem('file:///etc/passwd'), 'file URL').toMatch(/only files next to the glTF are read/);
  });

  it('refuses a symbolic link that leads outside the folder, and follows one that stays inside', async () => {
    expect(await importProblem('escape.bin'), 'escape').toMatch(/"escape\.bin": is a symbolic link to a file outside the glTF's folder/);
    const scene = await readGltfFile(gltfNaming('alias.bin', 64));
    expect(scene.warnings, 'an inside link reads like the file').toEqual([]);
  });

  it('refuses devices, FIFOs and folders at once instead of reading forever or hanging', async () => {
    expect(await importProblem('pipe.bin'), 'FIFO').toMatch(/"pipe\.bin": is not a regular file/);
    expect(await importProblem('sub'), 'folder').toMatch(/"sub": is a folder, not a file/);
    expect(await importProblem('zero.bin'), '/dev/zero through a link').toMatch(/symbolic link to a file outside/);
    const device = await readRegularFile('/dev/zero').then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((device as FileAccessError).message, '/dev/zero named directly').toMatch(/is not a regular file/);
  });

  it('reads no more than the declared byteLength, and refuses an image above the image limit', async () => {
    const gltf = gltfNaming('inside.bin', 4);
    expect((await readGltfResource(gltf, 'inside.bin', { maxBytes: 4, overflow: 'truncate' })).byteLength, 'cut at byteLength').toBe(4);
    const refused = await readGltfResource(gltf, 'inside.bin', { maxBytes: 4, overflow: 'refuse' }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect((refused as FileAccessError).message, 'an image over its limit').toMatch(/is 64 bytes, more than the 4-byte limit/);
  });

  it('the app reads resources by the same rule: the escape, the FIFO and the absolute path are listed as missing, never read', async () => {
    const path = join(folder, 'app.gltf');
    const uris = ['inside.bin', 'escape.bin', 'pipe.bin', '/etc/passwd', '../secret.bin'];
    writeFileSync(path, JSON.stringify({ asset: { version: '2.0' }, buffers: uris.map((uri) => ({ uri, byteLength: 8 })) }));
    const opened = await readOpenedFile(path);
    expect(Object.keys(opened.resources), 'only the file inside is read').toEqual(['inside.bin']);
    expect(opened.resources['inside.bin'].byteLength, 'cut at the declared byteLength').toBe(8);
    expect(opened.missing.length, 'four refused').toBe(4);
    expect(opened.missing.join('\n'), 'the link escape is named').toMatch(/escape\.bin: is a symbolic link to a file outside/);
    const secret = readFileSync(outside, 'utf8');
    expect(
      Object.values(opened.resources).some((bytes) => new TextDecoder().decode(bytes).includes(secret.slice(0, 12))),
      'the secret is never read',
    ).toBe(false);
  });
});
