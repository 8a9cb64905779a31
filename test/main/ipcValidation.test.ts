import { describe, expect, it } from 'vitest';
import {
  IPC_LIMITS,
  IpcValidationError,
  parseRecoveryFile,
  validateRecoveryEntry,
  isTrustedSenderUrl,
  validateDocumentState,
  validateExportGltfRequest,
  validateGrantedPath,
  validateNoArguments,
  validateSaveProjectRequest,
} from '../../main/ipcValidation.ts';

const granted = new Set(['/home/ana/fox.overlap.json', '/home/ana/Fox.glb']);
const goodSave = { path: '/home/ana/fox.overlap.json', suggestedName: 'fox.overlap.json', text: '{"format":"overlap-project"}', saveAs: false };
const glbBytes = (): Uint8Array => {
  const bytes = new Uint8Array(20);
  bytes.set([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 20, 0, 0, 0]);
  return bytes;
};

describe('validateSaveProjectRequest', () => {
  it('accepts a well-formed request to a granted path and returns exactly its fields', () => {
    expect(validateSaveProjectRequest({ ...goodSave }, granted), 'valid request passes unchanged').toEqual(goodSave);
    expect(validateSaveProjectRequest({ ...goodSave, path: null, saveAs: true }, granted).path, 'null path means "ask"').toBeNull();
  });

  it.each([
    ['a string instead of an object', 'hello'],
    ['null', null],
    ['an array', [goodSave]],
    ['a typed array', new Uint8Array(4)],
    ['saveAs as a string', { ...goodSave, saveAs: 'yes' }],
    ['text as a number', { ...goodSave, text: 42 }],
    ['path as a number', { ...goodSave, path: 7 }],
    ['an extra field', { ...goodSave, mode: 0o777 }],
    ['a suggested name with a folder', { ...goodSave, suggestedName: '../../.bashrc.overlap.json' }],
    ['a suggested name without the project suffix', { ...goodSave, suggestedName: 'fox.sh' }],
    ['a suggested name with a NUL byte', { ...goodSave, suggestedName: 'fox\0.overlap.json' }],
  ])('rejects %s', (_label, value) => {
    expect(() => validateSaveProjectRequest(value, granted), 'must throw IpcValidationError').toThrow(IpcValidationError);
  });

  it.each([
    ['a relative path', 'fox.overlap.json'],
    ['a path with ".." segments that resolves to a granted file', '/home/ana/x/../fox.overlap.json'],
    ['a traversal to a system file', '/home/ana/../../etc/passwd'],
    ['an absolute path main never handed out', '/home/ana/.ssh/authorized_keys.overlap.json'],
    ['a granted path that is not a project file', '/home/ana/Fox.glb'],
  ])('rejects %s', (_label, path) => {
    expect(() => validateSaveProjectRequest({ ...goodSave, path }, granted), `path ${path} must be refused`).toThrow(IpcValidationError);
  });

  it('rejects project text larger than the cap without copying it', () => {
    const text = 'x'.repeat(IPC_LIMITS.projectBytes + 1);
    expect(() => validateSaveProjectRequest({ ...goodSave, text }, granted), 'oversize text must be refused').toThrow(/exceeds/);
  });

  it('counts UTF-8 bytes, not UTF-16 units, against the cap', () => {
    // 3 bytes per "€" in UTF-8: a text under the cap in characters but over it in bytes.
    const text = '€'.repeat(Math.floor(IPC_LIMITS.projectBytes / 3) + 1);
    expect(text.length, 'fewer characters than the cap').toBeLessThan(IPC_LIMITS.projectBytes);
    expect(() => validateSaveProjectRequest({ ...goodSave, text }, granted), 'oversize UTF-8 must be refused').toThrow(/exceeds/);
  });
});

describe('validateExportGltfRequest', () => {
  it('accepts GLB bytes with a .glb name', () => {
    const request = validateExportGltfRequest({ suggestedName: 'Fox.baked.glb', bytes: glbBytes() });
    expect(request.suggestedName, 'name kept').toBe('Fox.baked.glb');
    expect(request.bytes.byteLength, 'bytes kept').toBe(20);
  });

  it.each([
    ['bytes as a plain array', { suggestedName: 'a.glb', bytes: [0x67, 0x6c, 0x54, 0x46] }],
    ['bytes as a string', { suggestedName: 'a.glb', bytes: 'glTF' }],
    ['bytes without the glTF magic', { suggestedName: 'a.glb', bytes: new Uint8Array(20) }],
    ['bytes shorter than a GLB header', { suggestedName: 'a.glb', bytes: new Uint8Array([0x67, 0x6c, 0x54, 0x46]) }],
    ['a name that is not .glb', { suggestedName: 'a.exe', bytes: glbBytes() }],
    ['a name with a path', { suggestedName: '/tmp/a.glb', bytes: glbBytes() }],
    ['a name of 300 characters', { suggestedName: `${'a'.repeat(296)}.glb`, bytes: glbBytes() }],
    ['a missing name', { bytes: glbBytes() }],
  ])('rejects %s', (_label, value) => {
    expect(() => validateExportGltfRequest(value), 'must throw IpcValidationError').toThrow(IpcValidationError);
  });

  it('rejects an export over the size cap', () => {
    // A view that claims a huge length without allocating it.
    const huge = { byteLength: IPC_LIMITS.exportBytes + 1 };
    const bytes = glbBytes();
    Object.defineProperty(bytes, 'byteLength', { get: () => huge.byteLength });
    expect(() => validateExportGltfRequest({ suggestedName: 'a.glb', bytes }), 'oversize export refused').toThrow(/exceeds/);
  });
});

describe('validateGrantedPath', () => {
  it('accepts only paths in the granted set', () => {
    expect(validateGrantedPath('c', '/home/ana/Fox.glb', granted), 'granted path passes').toBe('/home/ana/Fox.glb');
    expect(() => validateGrantedPath('c', '/home/ana/Other.glb', granted), 'ungranted path refused').toThrow(/not opened/);
    expect(() => validateGrantedPath('c', '/home/ana/./Fox.glb', granted), 'non-normalized path refused').toThrow(/normalized/);
    expect(() => validateGrantedPath('c', { path: '/home/ana/Fox.glb' }, granted), 'object refused').toThrow(/string/);
  });
});

describe('validateDocumentState and validateNoArguments', () => {
  it('accepts a title and a dirty flag, nothing else', () => {
    const valid = { title: 'Fox.glb — Overlap', dirty: true, hasDocument: true };
    expect(validateDocumentState({ ...valid }), 'valid').toEqual(valid);
    expect(() => validateDocumentState({ ...valid, dirty: 1 }), 'dirty must be boolean').toThrow(IpcValidationError);
    expect(() => validateDocumentState({ ...valid, hasDocument: 'yes' }), 'hasDocument must be boolean').toThrow(IpcValidationError);
    expect(() => validateDocumentState({ ...valid, title: 'x'.repeat(IPC_LIMITS.titleLength + 1) }), 'long title').toThrow(IpcValidationError);
    expect(() => validateDocumentState({ ...valid, x: 1 }), 'extra field').toThrow(IpcValidationError);
  });

  it('refuses arguments on argument-less channels', () => {
    expect(() => validateNoArguments('overlap:openGltf', []), 'no args is fine').not.toThrow();
    expect(() => validateNoArguments('overlap:openGltf', ['/etc/passwd']), 'a smuggled path is refused').toThrow(/no arguments/);
  });
});

describe('isTrustedSenderUrl', () => {
  it('trusts only the app:// bundle and, in development, the dev server origin', () => {
    expect(isTrustedSenderUrl('app://overlap/index.html'), 'bundle').toBe(true);
    expect(isTrustedSenderUrl('app://evil/index.html'), 'other app host').toBe(false);
    expect(isTrustedSenderUrl('https://example.com/'), 'remote page').toBe(false);
    expect(isTrustedSenderUrl('file:///home/ana/index.html'), 'file page').toBe(false);
    expect(isTrustedSenderUrl('not a url'), 'garbage').toBe(false);
    expect(isTrustedSenderUrl('http://localhost:5173/', 'http://localhost:5173'), 'dev server in development').toBe(true);
    expect(isTrustedSenderUrl('http://localhost:5174/', 'http://localhost:5173'), 'other port').toBe(false);
    expect(isTrustedSenderUrl('http://localhost:5173/'), 'dev server URL without development').toBe(false);
  });
});

describe('recovery entries', () => {
  const entry = { savedAt: 1_700_000_000_000, documentName: 'Fox.glb', projectName: null, projectPath: null, text: '{"format":"overlap-project"}' };

  it('accepts a well-formed autosave and reads back what main wrote', () => {
    expect(validateRecoveryEntry(entry, new Set()), 'valid entry').toEqual(entry);
    expect(parseRecoveryFile(JSON.stringify(entry)), 'round trip').toEqual(entry);
  });

  it('refuses a project path main did not hand out, unknown fields and wrong types', () => {
    expect(() => validateRecoveryEntry({ ...entry, projectPath: '/home/user/.ssh/id_rsa' }, new Set()), 'ungranted path').toThrow(IpcValidationError);
    expect(() => validateRecoveryEntry({ ...entry, extra: 1 }, new Set()), 'extra field').toThrow(/unexpected field "extra"/);
    expect(() => validateRecoveryEntry({ ...entry, text: 5 }, new Set()), 'text not a string').toThrow(/text must be a string/);
    expect(validateRecoveryEntry({ ...entry, projectPath: '/work/a.overlap.json' }, new Set(['/work/a.overlap.json'])).projectPath, 'granted path').toBe(
      '/work/a.overlap.json',
    );
  });

  it('treats a damaged recovery file as none', () => {
    expect(parseRecoveryFile('{"savedAt": "x"'), 'truncated').toBeNull();
    expect(parseRecoveryFile('[]'), 'not an object').toBeNull();
  });
});
