import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileKind, isPlainAbsolutePath, projectSourcePath, resolveAppUrl, resolveProjectSource } from '../../main/pathPolicy.ts';

describe('isPlainAbsolutePath', () => {
  it('accepts normalized absolute POSIX and Windows paths', () => {
    expect(isPlainAbsolutePath('/home/ana/Fox.glb', path.posix), 'posix').toBe(true);
    expect(isPlainAbsolutePath('C:\\Users\\ana\\Fox.glb', path.win32), 'windows').toBe(true);
  });

  it.each([
    ['relative', 'Fox.glb'],
    ['dot-dot traversal', '/home/ana/../../etc/passwd'],
    ['dot segment', '/home/./ana'],
    ['doubled separator', '/home//ana'],
    ['NUL byte', '/home/ana/Fox.glb\0.png'],
    ['empty', ''],
    ['overlong', `/${'a'.repeat(5000)}`],
  ])('refuses a %s path', (_label, candidate) => {
    expect(isPlainAbsolutePath(candidate, path.posix), JSON.stringify(candidate.slice(0, 40))).toBe(false);
  });

  it('refuses Windows traversal and non-strings', () => {
    expect(isPlainAbsolutePath('C:\\Users\\..\\Windows\\system.ini', path.win32), 'windows ..').toBe(false);
    expect(isPlainAbsolutePath(42), 'number').toBe(false);
    expect(isPlainAbsolutePath(['/a']), 'array').toBe(false);
  });
});

describe('fileKind', () => {
  it('tells projects from glTF files by suffix, case-insensitively', () => {
    expect(fileKind('Fox.GLB'), 'glb').toBe('gltf');
    expect(fileKind('SimpleSkin.gltf'), 'gltf').toBe('gltf');
    expect(fileKind('fox.overlap.json'), 'project').toBe('project');
    expect(fileKind('package.json'), 'plain json').toBeNull();
    expect(fileKind('Fox.fbx'), 'fbx').toBeNull();
  });
});

describe('resolveAppUrl', () => {
  const root = '/opt/overlap/out/renderer';
  it('maps app://overlap/ paths into the renderer folder', () => {
    expect(resolveAppUrl('app://overlap/', root, path.posix), 'root → index').toBe(`${root}/index.html`);
    expect(resolveAppUrl('app://overlap/assets/index-abc.js', root, path.posix), 'asset').toBe(`${root}/assets/index-abc.js`);
    expect(resolveAppUrl('app://overlap/assets/sample%20x.glb?v=1#a', root, path.posix), 'encoded, query ignored').toBe(`${root}/assets/sample x.glb`);
    // The same inside-folder rule as a glTF's resources: a name that starts with two dots is a name, not a parent.
    expect(resolveAppUrl('app://overlap/..chunk.js', root, path.posix), 'a file named ..chunk.js').toBe(`${root}/..chunk.js`);
  });

  it.each([
    ['an encoded traversal', 'app://overlap/..%2F..%2F..%2Fetc%2Fpasswd'],
    ['an encoded backslash', 'app://overlap/..%5C..%5Cetc'],
    ['another host', 'app://elsewhere/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['a NUL byte', 'app://overlap/index.html%00.png'],
    ['garbage', '::::'],
  ])('refuses %s', (_label, url) => {
    expect(resolveAppUrl(url, root, path.posix), url).toBeNull();
  });
});

describe('projectSourcePath / resolveProjectSource', () => {
  it('stores the source relative to the project with forward slashes and round-trips', () => {
    const project = '/home/ana/shots/fox.overlap.json';
    const source = '/home/ana/characters/Fox.glb';
    const stored = projectSourcePath(project, source, path.posix);
    expect(stored, 'relative, portable').toBe('../characters/Fox.glb');
    expect(resolveProjectSource(project, stored, path.posix), 'round trip').toBe(source);
  });

  it('keeps the absolute path across Windows drives', () => {
    const stored = projectSourcePath('D:\\shots\\fox.overlap.json', 'C:\\chars\\Fox.glb', path.win32);
    expect(stored, 'different drive → absolute').toBe('C:\\chars\\Fox.glb');
    expect(projectSourcePath('C:\\shots\\fox.overlap.json', 'C:\\chars\\Fox.glb', path.win32), 'same drive → relative, forward slashes').toBe(
      '../chars/Fox.glb',
    );
    expect(resolveProjectSource('C:\\shots\\fox.overlap.json', '../chars/Fox.glb', path.win32), 'windows round trip').toBe('C:\\chars\\Fox.glb');
  });
});
