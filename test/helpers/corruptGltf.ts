/**
 * Corrupted glTF files for bad-input tests, made from the good files of ../shared/data: each case is
 * one defect a user can meet (a cut-off download, a missing .bin, an exporter bug), written into a
 * folder, with a pattern the error message must match. The GLB container is unpacked here only to
 * plant defects into the JSON chunk; data defects are planted through glTF-Transform.
 */
import { NodeIO, type Accessor } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CorruptCase {
  name: string;
  path: string;
  /** what the error message must say */
  message: RegExp;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

/** Rewrites the JSON chunk of a GLB (keeping the BIN chunk). */
function withGlbJson(glb: Buffer, edit: (json: Json) => void): Buffer {
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8')) as Json;
  edit(json);
  let text = Buffer.from(JSON.stringify(json));
  text = Buffer.concat([text, Buffer.alloc((4 - (text.length % 4)) % 4, 0x20)]);
  const rest = glb.subarray(20 + jsonLength);
  const header = Buffer.alloc(20);
  header.writeUInt32LE(0x46546c67, 0);
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(20 + text.length + rest.length, 8);
  header.writeUInt32LE(text.length, 12);
  header.writeUInt32LE(0x4e4f534a, 16);
  return Buffer.concat([header, text, rest]);
}

/** Replaces an accessor's array by a copy with `value` at elements [start, end) of the flat array. */
function setElements(accessor: Accessor, value: number, start: number, end = start + 1): void {
  accessor.setArray(accessor.getArray()!.slice().fill(value, start, end));
}

/** Writes every corrupted case into `folder` and lists them. */
export async function writeCorruptCases(dataFolder: string, folder: string): Promise<CorruptCase[]> {
  mkdirSync(folder, { recursive: true });
  const fox = readFileSync(join(dataFolder, 'Fox.glb'));
  const simpleText = readFileSync(join(dataFolder, 'SimpleSkin.gltf'), 'utf8');
  const simple = (): Json => JSON.parse(simpleText) as Json;
  const cases: CorruptCase[] = [];
  const add = (name: string, file: string, bytes: Buffer | string, message: RegExp) => {
    const path = join(folder, file);
    writeFileSync(path, bytes);
    cases.push({ name, path, message });
  };
  const gltf = (name: string, file: string, edit: (json: Json) => void, message: RegExp) => {
    const json = simple();
    edit(json);
    add(name, file, JSON.stringify(json), message);
  };

  add('an empty file', 'empty.glb', Buffer.alloc(0), /empty/);
  add('a GLB cut in half', 'half.glb', fox.subarray(0, fox.length >> 1), /truncated GLB: the header declares \d+ bytes but the file has \d+/);
  add('a GLB cut inside its header', 'header.glb', fox.subarray(0, 10), /truncated GLB/);
  const wrongMagic = Buffer.from(fox);
  wrongMagic.write('GLTF', 0, 'latin1');
  add('a GLB with the wrong magic', 'magic.glb', wrongMagic, /not a glTF file: it starts with bytes 47 4c 54 46/);
  const version1 = Buffer.from(fox);
  version1.writeUInt32LE(1, 4);
  add('a version 1 GLB', 'version1.glb', version1, /GLB version 1 is not supported/);
  const bigChunk = Buffer.from(fox);
  bigChunk.writeUInt32LE(fox.length, 12);
  add('a GLB whose JSON chunk runs past the end', 'chunk.glb', bigChunk, /JSON chunk declares/);
  add(
    'a GLB accessor running past its buffer view',
    'overrun.glb',
    withGlbJson(fox, (json) => (json.accessors[0].count = 10_000_000)),
    /accessor 0.*: 10000000 elements need \d+ bytes/,
  );
  add(
    'a GLB skin with a missing joint node',
    'skin.glb',
    withGlbJson(fox, (json) => (json.skins[0].joints[3] = 999)),
    /skin 0 refers to joint node 999, which does not exist/,
  );
  add(
    'a GLB without its BIN chunk',
    'nobin.glb',
    withGlbJson(fox.subarray(0, 20 + fox.readUInt32LE(12)), () => {}),
    /buffer 0 has no data: the GLB has no BIN chunk/,
  );
  add('a .gltf cut off mid-JSON', 'cut.gltf', simpleText.slice(0, simpleText.length >> 1), /invalid JSON/);
  add('a JSON array instead of a glTF object', 'array.gltf', '[1, 2, 3]', /not a glTF file|not a glTF object/);
  gltf('a glTF 1.0 file', 'old.gltf', (json) => (json.asset.version = '1.0'), /glTF version 1\.0 is not supported/);
  gltf(
    'a missing external buffer',
    'missing.gltf',
    (json) => (json.buffers[0].uri = 'missing%20data.bin'),
    /"missing%20data\.bin": cannot be read: no such file/,
  );
  gltf(
    'an embedded buffer shorter than declared',
    'short.gltf',
    (json) => (json.buffers[0].byteLength += 1000),
    /buffer 0 declares \d+ bytes but has \d+: truncated/,
  );
  gltf(
    'an unsupported required extension',
    'extension.gltf',
    (json) => {
      json.extensionsUsed = ['EXT_from_the_future'];
      json.extensionsRequired = ['EXT_from_the_future'];
    },
    /requires the glTF extension EXT_from_the_future/,
  );
  gltf(
    'a huge declared accessor count',
    'huge.gltf',
    (json) => (json.accessors[0].count = 2_000_000_000),
    /accessor 0: declares 2000000000 elements, more than the limit/,
  );
  gltf(
    'an accessor count larger than its buffer view',
    'overrun.gltf',
    (json) => (json.accessors[1].count = 1_000_000),
    /accessor 1: 1000000 elements need \d+ bytes but bufferView \d+ has \d+/,
  );
  gltf('a buffer view outside its buffer', 'view.gltf', (json) => (json.bufferViews[0].byteLength = 1e9), /bufferView 0 .* lies outside buffer 0/);
  gltf('a node that refers to a missing mesh', 'dangling.gltf', (json) => (json.nodes[0].mesh = 42), /node 0 refers to mesh 42, which does not exist/);
  gltf(
    "a scene root that is another node's child",
    'root.gltf',
    (json) => json.scenes[0].nodes.push(2),
    /scene 0 lists node 2 as a root, but it is a child of node 1/,
  );
  gltf('a cycle in the node hierarchy', 'cycle.gltf', (json) => (json.nodes[2].children = [1]), /more than one parent|cycle/);

  // Data defects, planted through glTF-Transform.
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const plant = async (name: string, file: string, edit: (document: Awaited<ReturnType<NodeIO['read']>>) => void, message: RegExp) => {
    const document = await io.readJSON({ json: simple() as never, resources: {} });
    edit(document);
    // SimpleSkin.gltf has two buffers, which a GLB cannot hold; write .gltf with an external .bin.
    const path = join(folder, file);
    await io.write(path, document);
    cases.push({ name, path, message });
  };
  const primitive = (document: Awaited<ReturnType<NodeIO['read']>>) => document.getRoot().listMeshes()[0].listPrimitives()[0];
  await plant(
    'an index out of range',
    'index.gltf',
    (document) => setElements(primitive(document).getIndices()!, 999, 4),
    /index 999 \(at position 4\) is out of range: the primitive has 10 vertices/,
  );
  await plant(
    'a NaN position',
    'nan.gltf',
    (document) => setElements(primitive(document).getAttribute('POSITION')!, Number.NaN, 7),
    /POSITION has a non-finite value \(NaN\) at element 2/,
  );
  await plant(
    'an infinite keyframe value',
    'inf.gltf',
    (document) => setElements(document.getRoot().listAnimations()[0].listSamplers()[0].getOutput()!, Number.POSITIVE_INFINITY, 9),
    /keyframe value 9 is not finite/,
  );
  await plant(
    'keyframe times in decreasing order',
    'decreasing.gltf',
    (document) => setElements(document.getRoot().listAnimations()[0].listSamplers()[0].getInput()!, 0.1, 3),
    /keyframe times decrease at key 3/,
  );
  await plant(
    'a joint index beyond the skin',
    'joint.gltf',
    (document) => setElements(primitive(document).getAttribute('JOINTS_0')!, 7, 0, 4),
    /uses joint 7, but the skin has 2 joints/,
  );
  return cases;
}
