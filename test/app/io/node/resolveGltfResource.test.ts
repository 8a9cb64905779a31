// The lexical half of the one rule for files a glTF names: relative references inside the glTF's folder only.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveGltfResource } from '../../../../app/io/node/resolveGltfResource.ts';

describe('resolveGltfResource', () => {
  const gltf = '/models/fox/Fox.gltf';
  it('resolves percent-encoded relative URIs inside the folder', () => {
    expect(resolveGltfResource(gltf, 'Fox%20data.bin', path.posix), 'space').toEqual({ path: '/models/fox/Fox data.bin' });
    expect(resolveGltfResource(gltf, 'textures/skin.png', path.posix), 'subfolder').toEqual({ path: '/models/fox/textures/skin.png' });
  });

  it('leaves data: URIs to the loader', () => {
    expect(resolveGltfResource(gltf, 'data:application/octet-stream;base64,AAAA', path.posix), 'data uri').toBeNull();
  });

  it.each([
    ['a parent-folder escape', '../../../etc/passwd'],
    ['an encoded escape', '..%2F..%2Fetc%2Fpasswd'],
    ['an absolute path', '/etc/passwd'],
    ['a file URL', 'file:///etc/passwd'],
    ['an http URL', 'https://example.com/tracker.png'],
    ['a Windows drive path', 'C:/Windows/win.ini'],
    ['malformed encoding', 'bad%zz.bin'],
    ['a NUL byte', 'a%00.bin'],
    ['a bare parent folder', '..'],
    ['the folder itself', '.'],
    ['a UNC path', '%5C%5Cserver%5Cshare%5Cx.bin'],
  ])('refuses %s with a reason', (_label, uri) => {
    const result = resolveGltfResource(gltf, uri, path.posix);
    expect(result !== null && 'reason' in result, `${uri} must be refused`).toBe(true);
  });
});
