// projectSourceWarnings: the one check of a project against the glTF it is opened with (the app and `overlap bake`
// alike): data that does not fit a mesh is refused naming the project, the mesh and the counts; meshes the glTF lacks
// and a glTF that is not the one the project was saved with are warnings, worded once.
import { describe, expect, it } from 'vitest';
import {
  missingSourceError,
  parseOverlapProject,
  ProjectFileError,
  projectSourceWarnings,
  sourceDigest,
  type OverlapProject,
} from '../../../app/document/index.ts';

const project = (): OverlapProject =>
  parseOverlapProject(
    {
      format: 'overlap-project',
      version: 2,
      source: 'Fox.glb',
      sourceSha256: 'a'.repeat(64),
      meshes: [{ mesh: 'fox', role: 'simulated' }],
      weights: [{ mesh: 'fox', values: [0, 0.5, 1] }],
      weightLayers: [{ id: 'l', name: 'tail', mesh: 'fox', values: [0, 0, 1], mask: [1, 1, 1], keys: [] }],
      limits: [{ mesh: 'fox', maxDistance: [0, null, 0.03] }],
      poseCorrections: [{ id: 'p', mesh: 'fox', frame: 3, easeIn: 2, easeOut: 2, vertices: [2], offsets: [0, 0.1, 0] }],
      bake: { clip: 'Walk', fps: 24 },
    },
    'fox.overlap.json',
  );
const fox = { name: 'Fox.glb', sha256: 'a'.repeat(64), meshes: [{ name: 'fox', vertexCount: 3 }] };

function refusal(run: () => unknown): ProjectFileError {
  try {
    run();
  } catch (error) {
    expect(error, 'a ProjectFileError').toBeInstanceOf(ProjectFileError);
    return error as ProjectFileError;
  }
  throw new Error('accepted');
}

describe('projectSourceWarnings', () => {
  it('accepts a project on the glTF it was saved with, silently', () => {
    expect(projectSourceWarnings(project(), 'fox.overlap.json', fox), 'no warning').toEqual([]);
  });

  it('refuses per-vertex data of another topology, naming the project, the data, the mesh and both counts', () => {
    const four = { ...fox, meshes: [{ name: 'fox', vertexCount: 4 }] };
    const error = refusal(() => projectSourceWarnings(project(), 'fox.overlap.json', four));
    expect(error.file, 'the project').toBe('fox.overlap.json');
    expect(error.message, 'the weights first').toBe(
      'the painted weights of mesh "fox" have 3 values, but mesh "fox" has 4 welded vertices in Fox.glb: the glTF was changed since the project was saved',
    );
    const layersOnly = { ...project(), weights: [] };
    expect(refusal(() => projectSourceWarnings(layersOnly, 'p', four)).message, 'a layer').toMatch(
      /^weight layer "tail" of mesh "fox" has 3 values, but mesh "fox" has 4 welded vertices in Fox\.glb/,
    );
    const limitsOnly = { ...layersOnly, weightLayers: [] };
    expect(refusal(() => projectSourceWarnings(limitsOnly, 'p', four)).message, 'the limits').toMatch(/^the max distances of mesh "fox" have 3 values/);
    const two = { ...fox, meshes: [{ name: 'fox', vertexCount: 2 }] };
    const correctionOnly = { ...limitsOnly, limits: [] };
    expect(refusal(() => projectSourceWarnings(correctionOnly, 'p', two)).message, 'a correction past the mesh').toMatch(
      /^pose correction "p" moves vertex 2, but mesh "fox" has 2 welded vertices in Fox\.glb/,
    );
    const changed = refusal(() => projectSourceWarnings(project(), 'p', { ...four, sha256: 'b'.repeat(64) }));
    expect(changed.message, 'with a different digest it says so').toMatch(
      /Fox\.glb is not the file this project was saved with \(its SHA-256 differs\), and it was changed/,
    );
  });

  it('warns once, naming them, about meshes the glTF does not have, and does not check what it cannot know', () => {
    const other = {
      name: 'Robot.glb',
      meshes: [
        { name: 'Head', vertexCount: 3 },
        { name: 'Body', vertexCount: null },
      ],
    };
    expect(projectSourceWarnings(project(), 'p', other), 'one warning for the mesh').toEqual([
      'the project has settings for mesh "fox", which this glTF does not have; they are ignored (meshes: "Head", "Body")',
    ]);
    const unknownCount = { name: 'Fox.glb', meshes: [{ name: 'fox', vertexCount: null }] };
    expect(projectSourceWarnings(project(), 'p', unknownCount), 'a count three.js alone cannot give is not checked').toEqual([]);
    expect(projectSourceWarnings(project(), 'p', { name: 'Fox.glb' }), 'no meshes given: not checked').toEqual([]);
  });

  it('warns when the glTF is another file that still fits, and only when both digests are known', () => {
    expect(projectSourceWarnings(project(), 'p', { ...fox, sha256: 'b'.repeat(64) }), 'a re-export with the same topology').toEqual([
      'Fox.glb is not the file this project was saved with (its SHA-256 differs); its meshes still fit the painted data, which was applied: check the result',
    ]);
    expect(projectSourceWarnings({ ...project(), sourceSha256: undefined }, 'p', { ...fox, sha256: 'b'.repeat(64) }), 'an older project without one').toEqual(
      [],
    );
    expect(projectSourceWarnings(project(), 'p', { name: 'Fox.glb', meshes: fox.meshes }), 'no digest of the glTF').toEqual([]);
  });

  it('digests bytes as SHA-256 (the FIPS 180-2 "abc" vector)', async () => {
    expect(await sourceDigest(new TextEncoder().encode('abc')), 'SHA-256("abc")').toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('words a missing glTF the same for every reader', () => {
    const error = missingSourceError(project(), 'fox.overlap.json', '/shots/Fox.glb', 'give it on the command line');
    expect([error.file, error.message], 'names the project, the glTF, where it looked and what to do').toEqual([
      'fox.overlap.json',
      'its glTF "Fox.glb" was not found (looked for /shots/Fox.glb) and it is not embedded in the project: give it on the command line',
    ]);
  });
});
