// readableError: the engine's own errors and the app's sentences are shown as they are; a program
// fault inside a library becomes a sentence about the file, never its raw text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectFileError } from '../../../app/document/index.ts';
import { GltfImportError } from '../../../app/io/index.ts';
import { readableError } from '../../../renderer/document/readableError.ts';

afterEach(() => vi.restoreAllMocks());

describe('readableError', () => {
  it('keeps the engine’s and the app’s own messages, naming the file once', () => {
    expect(readableError(new GltfImportError('Fox.glb', 'the file is empty'), 'Fox.glb'), 'import error').toBe('Fox.glb: the file is empty');
    expect(readableError(new ProjectFileError('a.overlap.json', 'meshes[0].role must be …'), 'Open'), 'project error').toBe(
      'a.overlap.json: meshes[0].role must be …',
    );
    expect(readableError(new Error('Fox.glb: its glTF was not found'), 'Fox.glb'), 'no doubled file name').toBe('Fox.glb: its glTF was not found');
    expect(readableError(new Error("Error invoking remote method 'overlap:saveProject': Error: disk full"), 'Save'), 'Electron prefix dropped').toBe(
      'Save: disk full',
    );
  });

  it('never shows a fault’s text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fault = readableError(new TypeError("Cannot read properties of undefined (reading 'traverse')"), 'x.gltf');
    expect(fault, 'a sentence about the file').toMatch(/^x\.gltf: could not be read/);
    expect(fault, 'not the exception').not.toMatch(/traverse|undefined|TypeError/);
    expect(readableError('boom', 'Bake'), 'a thrown string is a fault too').toMatch(/^Bake: could not be read/);
    expect(console.error, 'the raw error goes to the console').toHaveBeenCalled();
  });
});
