// parseOverlapProject / overlapProjectJson: a version-2 project survives a save and a load exactly
// (float32 weights, Infinity max distances), version 1 files still open, and each malformed field is
// refused with the file's name and the field's JSON path rather than a JSON exception.
import { describe, expect, it } from 'vitest';
import { overlapProjectJson, parseOverlapProject, ProjectFileError, type OverlapProject } from '../../../app/document/index.ts';

const full = (): OverlapProject => ({
  format: 'overlap-project',
  version: 2,
  source: 'Fox.glb',
  scene: { metersPerUnit: 0.01 },
  meshes: [
    {
      mesh: 'fox',
      role: 'simulated',
      preset: 'jelly',
      material: { youngsModulus: 12_000, density: 980 },
      substeps: 5,
      iterations: 7,
      latticeResolution: 10,
      attachmentStiffness: 400,
      gravity: true,
    },
  ],
  weights: [{ mesh: 'fox', values: Float32Array.from([0, 0.3, 1, 0.123456789]) }],
  weightLayers: [
    {
      id: 'l1',
      name: 'tail pinned',
      mesh: 'fox',
      values: Float32Array.from([0, 0, 0.1, 0.7]),
      mask: Float32Array.from([0, 1, 0.5, 1]),
      keys: [
        { frame: 0, influence: 0 },
        { frame: 12.5, influence: 1 },
      ],
    },
  ],
  limits: [{ mesh: 'fox', maxDistance: Float32Array.from([0, Infinity, 0.05, Infinity]), backstop: { radius: 0.2, distance: 0.01 } }],
  handles: [],
  bake: { clip: 'Walk', fps: 24, frames: [0, 12], preroll: 3, loop: true, mode: 'cache', backend: 'cpu', selfContact: false },
});

function problem(project: unknown): string {
  try {
    parseOverlapProject(overlapProjectJson(project as OverlapProject), 'bad.overlap.json');
  } catch (error) {
    expect(error, 'a ProjectFileError, not a raw exception').toBeInstanceOf(ProjectFileError);
    expect((error as ProjectFileError).file, 'names the file').toBe('bad.overlap.json');
    return (error as Error).message;
  }
  throw new Error('the project was accepted');
}

/** A project as the first app wrote it (commit d286e07): roles, preset and lattice per mesh, empty weights, no scene. */
const firstAppProject = (role: string) => ({
  format: 'overlap-project',
  version: 1,
  source: 'sample.glb',
  meshes: [{ mesh: 'Blob', role, preset: 'flesh', latticeResolution: 12 }],
  weights: [],
  handles: [],
  bake: { clip: 'Bounce', fps: 30, preroll: 0, loop: false, mode: 'corrective', backend: 'cpu', selfContact: false },
});

describe('parseOverlapProject', () => {
  it('reads back what overlapProjectJson wrote, every float32 and Infinity exactly', () => {
    const saved = full();
    const text = overlapProjectJson(saved);
    expect(text, 'no Infinity in JSON: unlimited is null').toContain('null');
    expect(text, 'float32 written with its shortest digits').toContain('0.3,');
    const read = parseOverlapProject(text, 'fox.overlap.json');
    expect(Array.from(read.weights[0].values), 'weights bit for bit').toEqual(Array.from(saved.weights[0].values));
    expect(Array.from(read.limits![0].maxDistance as Float32Array), 'limits with Infinity').toEqual(Array.from(saved.limits![0].maxDistance as Float32Array));
    expect(Array.from(read.weightLayers![0].mask), 'layer mask').toEqual(Array.from(saved.weightLayers![0].mask));
    expect(read.weightLayers![0].keys, 'layer keys').toEqual(saved.weightLayers![0].keys);
    expect(read.meshes, 'mesh settings').toEqual(saved.meshes);
    expect(read.scene, 'scene units').toEqual({ metersPerUnit: 0.01 });
    expect(read.bake, 'bake settings').toEqual(saved.bake);
    const again = overlapProjectJson(read);
    expect(overlapProjectJson(parseOverlapProject(again, 'fox.overlap.json')), 'saving what was read is a fixed point').toBe(again);
  });

  it('keeps every bake setting `overlap bake` records: bones mode, shape storage and bounds, helper bones, free bodies, repair, self-contact', () => {
    const saved = full();
    saved.bake = {
      ...saved.bake,
      mode: 'bones',
      shapes: 'per-frame',
      maxShapes: 32,
      shapeError: 2e-4,
      helperBones: 8,
      freeBody: true,
      repair: true,
      selfContact: true,
    };
    const read = parseOverlapProject(overlapProjectJson(saved), 'fox.overlap.json');
    expect(read.bake, 'every field read back').toEqual(saved.bake);
    expect(problem({ ...full(), bake: { ...full().bake, maxShapes: 300 } }), 'a cap above what players accept').toMatch(/bake\.maxShapes/);
    expect(problem({ ...full(), bake: { ...full().bake, shapes: 'some' } }), 'an unknown storage').toMatch(/bake\.shapes/);
  });

  it('keeps keyed pose corrections (the app saved them but the reader dropped them), and names a malformed one', () => {
    const correction = {
      id: 'pose-1',
      name: 'tail up',
      mesh: 'fox',
      frame: 12.5,
      easeIn: 6,
      hold: 2,
      easeOut: 4,
      vertices: [1, 3],
      offsets: [0.1, 0, -0.2, 0, 0.05, 0],
    };
    const read = parseOverlapProject(overlapProjectJson({ ...full(), poseCorrections: [correction] }), 'fox.overlap.json');
    expect(read.poseCorrections, 'read back as written').toEqual([correction]);
    expect(parseOverlapProject(overlapProjectJson(full()), 'fox.overlap.json').poseCorrections, 'absent stays absent').toBeUndefined();
    expect(problem({ ...full(), poseCorrections: [{ ...correction, offsets: [0, 1] }] }), 'offsets not three per vertex').toMatch(
      /^poseCorrections\[0\]\.offsets: must hold 3 numbers per vertex/,
    );
  });

  it('keeps the shells a mesh sets back to rigid (meshes[].rigidShells), and names a malformed one', () => {
    const saved = full();
    saved.meshes[0].rigidShells = [0, 3];
    const read = parseOverlapProject(overlapProjectJson(saved), 'fox.overlap.json');
    expect(read.meshes[0].rigidShells, 'the shell numbers read back').toEqual([0, 3]);
    expect(parseOverlapProject(overlapProjectJson(full()), 'fox.overlap.json').meshes[0].rigidShells, 'absent stays absent').toBeUndefined();
    expect(problem({ ...full(), meshes: [{ ...full().meshes[0], rigidShells: [1.5] }] }), 'a shell number that is not whole').toMatch(
      /meshes\[0\]\.rigidShells\[0\]/,
    );
  });

  it('reads a project given as its JSON value (a glTF’s extras) exactly as from its text', () => {
    const text = overlapProjectJson(full());
    expect(overlapProjectJson(parseOverlapProject(JSON.parse(text) as object, 'fox.glb')), 'the same project').toBe(
      overlapProjectJson(parseOverlapProject(text, 'fox.overlap.json')),
    );
  });

  it('opens every version Overlap has written: the first app’s, the bake extras’ version 1, the app’s version 2', () => {
    const firstApp = firstAppProject('simulated');
    // `overlap bake` extras before version 2: resolved mesh settings, weights as 9-digit numbers, every bake setting.
    const bakeExtras = {
      format: 'overlap-project',
      version: 1,
      source: 'Fox.glb',
      meshes: [{ mesh: 'fox', role: 'simulated', preset: 'jelly', substeps: 4, iterations: 6, latticeResolution: 6 }],
      weights: [{ mesh: 'fox', values: [0.400000006, 0.400000006] }],
      handles: [],
      bake: {
        clip: 'Walk',
        fps: 24,
        frames: [0, 4],
        preroll: 0,
        loop: false,
        mode: 'corrective',
        shapes: 'compact',
        maxShapes: 64,
        shapeError: 0.0001,
        helperBones: 16,
        backend: 'cpu',
        selfContact: false,
      },
    };
    const one = parseOverlapProject(JSON.stringify(firstApp), 'old.overlap.json');
    expect([one.version, one.meshes[0].latticeResolution, one.bake.clip], 'the first app’s').toEqual([2, 12, 'Bounce']);
    const extras = parseOverlapProject(bakeExtras, 'Fox.overlap.glb');
    expect(Array.from(extras.weights[0].values), 'the extras’ weights, float32').toEqual([Math.fround(0.4), Math.fround(0.4)]);
    expect(extras.bake, 'every bake setting').toMatchObject({ shapes: 'compact', maxShapes: 64, helperBones: 16, frames: [0, 4] });
    const two = parseOverlapProject(overlapProjectJson(full()), 'fox.overlap.json');
    expect(two.weightLayers?.length, 'the app’s version 2').toBe(1);
    const handWritten = parseOverlapProject(JSON.stringify({ format: 'overlap-project', version: 1, meshes: [{ mesh: 'fox', preset: 'jelly' }] }), 'hand.json');
    expect(
      [handWritten.source, handWritten.meshes[0].role],
      'a hand-written one for `overlap bake IN --project`: no source, no role (the bake decides)',
    ).toEqual(['', undefined]);
  });

  it('opens a version 1 project with the version 2 defaults', () => {
    const v1 = firstAppProject('collider');
    const read = parseOverlapProject(JSON.stringify(v1), 'old.overlap.json');
    expect(read.version, 'upgraded in memory').toBe(2);
    expect(read.scene, 'metres by default').toEqual({ metersPerUnit: 1 });
    expect(read.weightLayers, 'no layers').toEqual([]);
    expect(read.meshes[0].role, 'roles kept').toBe('collider');
  });
});

describe('parseOverlapProject', () => {
  it('names the file and the JSON path of each malformed field', () => {
    expect(problem({ format: 'nope' }), 'not a project').toMatch(/not an Overlap project/);
    expect(problem({ ...full(), version: 9 }), 'newer version').toMatch(/version 9 was written by a newer Overlap/);
    expect(problem({ ...full(), meshes: [null] }), 'null mesh entry').toMatch(/meshes\[0\] must be an object, got null/);
    expect(problem({ ...full(), meshes: [{ mesh: 'fox', role: 'soft' }] }), 'bad role').toMatch(
      /meshes\[0\]\.role must be one of simulated, collider, ignored, got "soft"/,
    );
    expect(problem({ ...full(), meshes: [{ mesh: 'fox', role: 'simulated', material: { youngsModulus: -1 } }] }), 'negative modulus').toMatch(
      /meshes\[0\]\.material\.youngsModulus must be a modulus \[Pa\]/,
    );
    expect(problem({ ...full(), meshes: [{ mesh: 'fox', role: 'simulated', material: { stiffness: 3 } }] }), 'unknown material field').toMatch(
      /meshes\[0\]\.material\.stiffness is not a material field/,
    );
    expect(
      problem({
        ...full(),
        meshes: [
          { mesh: 'a', role: 'simulated' },
          { mesh: 'a', role: 'ignored' },
        ],
      }),
      'duplicate mesh',
    ).toMatch(/^meshes\[1\]: mesh "a" is listed twice \(also meshes\[0\]\)/);
    expect(
      problem({
        ...full(),
        weights: [
          { mesh: 'fox', values: [0] },
          { mesh: 'fox', values: [1] },
        ],
      }),
      'weights listed twice',
    ).toMatch(/^weights\[1\]: mesh "fox" is listed twice \(also weights\[0\]\)/);
    expect(
      problem({
        ...full(),
        limits: [
          { mesh: 'fox', maxDistance: [0] },
          { mesh: 'fox', maxDistance: [null] },
        ],
      }),
      'limits listed twice',
    ).toMatch(/^limits\[1\]: mesh "fox" is listed twice/);
    expect(problem({ ...full(), weights: [{ mesh: 'fox', values: [0, 1.5] }] }), 'weight out of range').toMatch(
      /weights\[0\]\.values\[1\] must be a number in \[0, 1\], got 1\.5/,
    );
    expect(problem({ ...full(), bake: { frames: 5 } }), 'frames not a pair').toMatch(/bake\.frames must be an array, got 5/);
    expect(problem({ ...full(), sourceSha256: 'xyz' }), 'a digest that is not one').toMatch(/sourceSha256 must be 64 lowercase hex digits/);
    expect(problem({ ...full(), bake: { frames: [9, 3] } }), 'frames reversed').toMatch(/first frame \(9\) is after the last \(3\)/);
    expect(problem({ ...full(), limits: [{ mesh: 'fox', maxDistance: [0, -2] }] }), 'negative limit').toMatch(
      /limits\[0\]\.maxDistance\[1\] must be a distance ≥ 0/,
    );
    expect(problem({ ...full(), weightLayers: [{ id: 'x', mesh: 'fox', values: [0, 1], mask: [1] }] }), 'mask length').toMatch(
      /mask has 1 values but values has 2/,
    );
    expect(
      problem({
        ...full(),
        weightLayers: [
          {
            id: 'x',
            mesh: 'fox',
            values: [0],
            mask: [1],
            keys: [
              { frame: 5, influence: 1 },
              { frame: 2, influence: 0 },
            ],
          },
        ],
      }),
      'unsorted keys',
    ).toMatch(/keys must be sorted by frame/);
    expect(problem({ ...full(), scene: { metersPerUnit: 0 } }), 'zero scale').toMatch(/scene\.metersPerUnit must be a scale/);
    expect(problem({ ...full(), embeddedSource: { name: 'x.obj', data: 'AAAA' } }), 'embedded not glTF').toMatch(
      /embeddedSource\.name must end in \.glb or \.gltf/,
    );
    expect(() => parseOverlapProject('{"format": ', 'cut.overlap.json'), 'truncated JSON').toThrow(/not valid JSON/);
  });

  it('refuses a project nested deeper than the JSON limit before parsing it, naming the file (the app’s browser build reads projects only here)', () => {
    const deep = `{"format":"overlap-project","version":2,"meshes":[],"bake":{"handles":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    let thrown: unknown;
    try {
      parseOverlapProject(deep, 'deep.overlap.json');
    } catch (error) {
      thrown = error;
    }
    expect(thrown, 'a ProjectFileError, not a stack overflow').toBeInstanceOf(ProjectFileError);
    expect((thrown as ProjectFileError).file, 'names the file').toBe('deep.overlap.json');
    expect((thrown as Error).message, 'says the limit').toMatch(/^nests arrays and objects more than \d+ levels deep/);
  });
});
