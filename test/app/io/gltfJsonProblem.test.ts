// Elements of the wrong type in any array the importer reads (the Khronos validator's invalid_array_elements.gltf,
// `"meshes": [null]`, a string where a node index belongs) and accessors that declare more data than the file holds
// are refused by gltfJsonProblem with a GltfImportError that names the JSON path; nothing else escapes readGltf.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACCESSOR_ALLOWANCE_BYTES } from '../../../app/io/gltfJsonProblem.ts';
import { GltfImportError } from '../../../app/io/gltfImportError.ts';
import { readGltf } from '../../../app/io/readGltf.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;
const simpleSkin = (): Json => JSON.parse(readFileSync(join(dataFolder, 'SimpleSkin.gltf'), 'utf8')) as Json;
/** MorphStressTest has materials, textures, images, samplers and morph targets; a camera is added. */
const morph = (): Json => {
  const json = JSON.parse(readFileSync(join(dataFolder, 'MorphStressTest.gltf'), 'utf8')) as Json;
  json.cameras = [{ type: 'perspective', perspective: { yfov: 0.8, znear: 0.01 } }];
  json.nodes[0].camera = 0;
  json.extensionsUsed = ['KHR_materials_emissive_strength'];
  return json;
};

async function importProblem(json: Json): Promise<unknown> {
  // JSON.stringify writes Infinity as null; the marker string stands for a number literal that overflows to Infinity.
  const text = JSON.stringify(json).replace(/"@overflow"/g, '1e999');
  return readGltf(new TextEncoder().encode(text), { fileName: 'crafted.gltf' }).then(
    () => null,
    (error: unknown) => error,
  );
}

/** Every array the importer reads, by its path from the root, in a file that has it. */
const ARRAYS: Array<[file: () => Json, path: string, elements: 'objects' | 'indices' | 'strings']> = [
  [simpleSkin, 'accessors', 'objects'],
  [simpleSkin, 'bufferViews', 'objects'],
  [simpleSkin, 'buffers', 'objects'],
  [simpleSkin, 'meshes', 'objects'],
  [simpleSkin, 'meshes.0.primitives', 'objects'],
  [morph, 'meshes.0.primitives.0.targets', 'objects'],
  [simpleSkin, 'nodes', 'objects'],
  [simpleSkin, 'nodes.0.children', 'indices'],
  [simpleSkin, 'skins', 'objects'],
  [simpleSkin, 'skins.0.joints', 'indices'],
  [simpleSkin, 'animations', 'objects'],
  [simpleSkin, 'animations.0.channels', 'objects'],
  [simpleSkin, 'animations.0.samplers', 'objects'],
  [simpleSkin, 'scenes', 'objects'],
  [simpleSkin, 'scenes.0.nodes', 'indices'],
  [morph, 'materials', 'objects'],
  [morph, 'textures', 'objects'],
  [morph, 'images', 'objects'],
  [morph, 'samplers', 'objects'],
  [morph, 'cameras', 'objects'],
  [morph, 'extensionsUsed', 'strings'],
];

const BAD: Record<'objects' | 'indices' | 'strings', unknown[]> = {
  objects: [null, 'sampler', 0, false, [1]],
  indices: [null, 'node', -1, 1.5, {}],
  strings: [null, 0, {}],
};

function at(json: Json, path: string): unknown[] {
  return path.split('.').reduce<Json>((value, key) => value[key], json) as unknown[];
}

describe('gltfJsonProblem: element types', () => {
  it('refuses the equivalent of the Khronos validator’s invalid_array_elements.gltf', async () => {
    const json = { asset: { version: '2.0' }, samplers: ['sampler', null, 0, false], materials: ['material', null, 0, false] };
    const error = await importProblem(json);
    expect(error, 'a GltfImportError').toBeInstanceOf(GltfImportError);
    expect((error as GltfImportError).message, 'names the element').toBe('samplers[0] must be an object, got "sampler"');
  });

  it('refuses a wrong element in every array the importer reads, naming the path, with nothing but a GltfImportError', async () => {
    let checked = 0;
    for (const [file, path, kind] of ARRAYS) {
      const pointer = path.replace(/\.(\d+)/g, '[$1]');
      for (const bad of BAD[kind]) {
        const json = file();
        const array = at(json, path);
        expect(Array.isArray(array) && array.length > 0, `${path} is a non-empty array in the sample`).toBe(true);
        array[0] = bad;
        const error = await importProblem(json);
        expect(error, `${path}[0] = ${JSON.stringify(bad)}: a GltfImportError, got ${String(error)}`).toBeInstanceOf(GltfImportError);
        expect((error as GltfImportError).message, `${path}[0] = ${JSON.stringify(bad)}: names the element`).toContain(`${pointer}[0]`);
        checked++;
      }
    }
    expect(checked, 'every case ran').toBeGreaterThan(90);
  });

  it('refuses wrong types inside elements: attributes, targets, TRS, texture infos, channel targets, extensions, asset', async () => {
    const cases: Array<[() => Json, (json: Json) => void, RegExp]> = [
      [simpleSkin, (j) => (j.meshes[0].primitives[0].attributes = null), /meshes\[0\]\.primitives\[0\]\.attributes must be an object, got null/],
      [simpleSkin, (j) => delete j.meshes[0].primitives[0].attributes, /meshes\[0\]\.primitives\[0\]\.attributes is missing/],
      [simpleSkin, (j) => (j.meshes[0].primitives[0].attributes.POSITION = 'one'), /attributes\.POSITION must be a whole number/],
      [morph, (j) => (j.meshes[0].primitives[0].targets[0].POSITION = null), /targets\[0\]\.POSITION must be a whole number ≥ 0, got null/],
      [simpleSkin, (j) => (j.nodes[1].translation = [0, 1]), /nodes\[1\]\.translation must have 3 elements, got 2/],
      [simpleSkin, (j) => (j.nodes[2].rotation = [0, 0, null, 1]), /nodes\[2\]\.rotation\[2\] must be a finite number, got null/],
      [simpleSkin, (j) => (j.animations[0].channels[0].target = null), /animations\[0\]\.channels\[0\]\.target must be an object, got null/],
      [simpleSkin, (j) => (j.animations[0].samplers[0].input = '5'), /animations\[0\]\.samplers\[0\]\.input must be a whole number ≥ 0, got "5"/],
      [morph, (j) => (j.materials[0].occlusionTexture = 'ao.png'), /materials\[0\]\.occlusionTexture must be an object/],
      [morph, (j) => (j.materials[0].pbrMetallicRoughness.baseColorTexture = { texCoord: 0 }), /baseColorTexture\.index is missing/],
      [
        morph,
        (j) => (j.materials[0].extensions = { KHR_materials_emissive_strength: null }),
        /materials\[0\]\.extensions\.KHR_materials_emissive_strength must be an object/,
      ],
      [simpleSkin, (j) => (j.asset = null), /missing asset\.version/],
      [simpleSkin, (j) => (j.accessors[0].count = '24'), /accessors\[0\]\.count must be a whole number ≥ 0, got "24"/],
      [simpleSkin, (j) => (j.accessors[1].max = [1, '@overflow', 1]), /accessors\[1\]\.max\[1\] must be a finite number, got Infinity/],
      [morph, (j) => (j.images[0] = { name: 'nothing' }), /images\[0\] has neither a uri nor a bufferView/],
    ];
    for (const [file, edit, message] of cases) {
      const json = file();
      edit(json);
      const error = await importProblem(json);
      expect(error, `${message}: a GltfImportError, got ${String(error)}`).toBeInstanceOf(GltfImportError);
      expect((error as GltfImportError).message, 'says what is wrong').toMatch(message);
    }
  });
});

describe('gltfJsonProblem: the total accessors declare', () => {
  it('refuses a 227-byte file whose accessors without data declare gigabytes, before allocating them', async () => {
    const accessor = { componentType: 5126, count: 1 << 26, type: 'VEC4' };
    const json = { asset: { version: '2.0' }, accessors: [accessor, accessor, accessor, accessor] };
    const started = performance.now();
    const error = await importProblem(json);
    expect(performance.now() - started, 'refused at once').toBeLessThan(2000);
    expect(error, 'a GltfImportError').toBeInstanceOf(GltfImportError);
    expect((error as GltfImportError).message, 'says how much is declared').toMatch(/its accessors declare 4096\.0 MiB of data but the file holds 0\.000 MiB/);
  });

  it('still reads sparse, zero-filled accessors within the allowance, and every real asset', async () => {
    const count = Math.floor(ACCESSOR_ALLOWANCE_BYTES / 12 / 2);
    const json = { asset: { version: '2.0' }, accessors: [{ componentType: 5126, count, type: 'VEC3' }] };
    expect(await importProblem(json), 'a zero-filled accessor under the allowance').toBeNull();
    expect(await importProblem(simpleSkin()), 'SimpleSkin').toBeNull();
    expect(await importProblem(morph()), 'MorphStressTest with a camera').toBeNull();
  });
});
