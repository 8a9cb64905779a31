import { describe, expect, it } from 'vitest';
import { filesToOpen, type FileLike } from '../../../renderer/host/index.ts';

const file = (name: string, content: string | Uint8Array): FileLike => ({
  name,
  arrayBuffer: async () => {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  },
});

const gltf = JSON.stringify({
  asset: { version: '2.0' },
  buffers: [
    { uri: 'mesh%20data.bin', byteLength: 4 },
    { uri: 'data:application/octet-stream;base64,AAAA', byteLength: 3 },
  ],
  images: [{ uri: 'textures/skin.png' }, { uri: 'gone.png' }],
});

describe('filesToOpen', () => {
  it("matches a .gltf's external files by their decoded base name and lists what is missing", async () => {
    const result = await filesToOpen([file('a.gltf', gltf), file('mesh data.bin', new Uint8Array([1, 2, 3, 4])), file('skin.png', new Uint8Array([9]))]);
    expect(result.kind, 'a glTF').toBe('gltf');
    if (result.kind !== 'gltf') return;
    expect(Object.keys(result.file.resources).sort(), 'keyed by the URI as written').toEqual(['mesh%20data.bin', 'textures/skin.png']);
    expect([...result.file.resources['mesh%20data.bin']], 'bytes').toEqual([1, 2, 3, 4]);
    expect(result.file.missing, 'the unmatched image is reported').toEqual(['gone.png: select or drop it together with a.gltf']);
  });

  it('opens a project together with its glTF, in any order', async () => {
    const result = await filesToOpen([file('Fox.glb', new Uint8Array([0x67])), file('fox.overlap.json', '{"format":"overlap-project"}')]);
    expect(result.kind, 'a project').toBe('project');
    if (result.kind !== 'project') return;
    expect(result.project.name, 'project name').toBe('fox.overlap.json');
    expect(result.project.source?.name, 'with its glTF').toBe('Fox.glb');
  });

  it('says which files it cannot open', async () => {
    const result = await filesToOpen([file('notes.txt', 'x'), file('model.fbx', 'x')]);
    expect(result, 'refused with the names').toEqual({
      kind: 'none',
      reason: 'notes.txt, model.fbx: not a glTF (.glb, .gltf) or an Overlap project (.overlap.json)',
    });
  });

  it("refuses a project over the readers' size limit by its size, without reading it", async () => {
    let read = false;
    const huge: FileLike = { name: 'huge.overlap.json', size: 3 * 1024 ** 3, arrayBuffer: async () => ((read = true), new ArrayBuffer(0)) };
    const result = await filesToOpen([huge]);
    expect(result.kind, 'refused').toBe('none');
    if (result.kind === 'none') expect(result.reason, 'names the file and the problem').toMatch(/^huge\.overlap\.json: project file is too large/);
    expect(read, 'not a byte read').toBe(false);
  });
});
