import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenedFile } from '../../../main/ipcContract.ts';
import { documentSummary } from '../../../renderer/document/documentSummary.ts';
import { loadGltfScene } from '../../../renderer/document/loadGltfScene.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

beforeAll(() => installBrowserGlobals());

/** SimpleSkin.gltf with its embedded buffer moved to an external file named `uri`. */
async function splitSimpleSkin(uri: string): Promise<{ json: string; bin: Uint8Array }> {
  const gltf = JSON.parse(await readFile(path.resolve('../shared/data/SimpleSkin.gltf'), 'utf8'));
  const dataUri: string = gltf.buffers[0].uri;
  const bin = new Uint8Array(Buffer.from(dataUri.slice(dataUri.indexOf(',') + 1), 'base64'));
  gltf.buffers[0].uri = uri;
  return { json: JSON.stringify(gltf), bin };
}

describe('loadGltfScene', () => {
  it('loads a .gltf whose buffer is an external file handed over by the host, keyed by its URI as written', async () => {
    const { json, bin } = await splitSimpleSkin('skin%20data.bin');
    const file: OpenedFile = { name: 'split.gltf', path: null, bytes: new TextEncoder().encode(json), resources: { 'skin%20data.bin': bin }, missing: [] };
    const gltf = await loadGltfScene(file);
    let skinnedMeshes = 0;
    gltf.scene.traverse((object) => {
      if ((object as { isSkinnedMesh?: boolean }).isSkinnedMesh) skinnedMeshes++;
    });
    expect(skinnedMeshes, 'the skinned mesh was built from the external buffer').toBe(1);
    expect(gltf.animations.length, 'its clip too').toBe(1);
  });

  it('fails when the external buffer was not provided', async () => {
    const { json } = await splitSimpleSkin('missing.bin');
    const file: OpenedFile = { name: 'split.gltf', path: null, bytes: new TextEncoder().encode(json), resources: {}, missing: ['missing.bin'] };
    await expect(loadGltfScene(file), 'no buffer, no scene').rejects.toThrow();
  });

  it('loads a .glb from a view into a larger buffer (bytes outside the view are ignored)', async () => {
    const glb = new Uint8Array(await readFile(path.resolve('../shared/data/Fox.glb')));
    const padded = new Uint8Array(glb.byteLength + 64);
    padded.set(glb, 32);
    const gltf = await loadGltfScene({ name: 'Fox.glb', path: null, bytes: padded.subarray(32, 32 + glb.byteLength), resources: {}, missing: [] });
    expect(
      gltf.animations.map((clip) => clip.name),
      'Fox clips',
    ).toEqual(['Survey', 'Walk', 'Run']);
  });
});

describe('loadGltfScene without a scene', () => {
  it('shows every parentless node when the file has no scenes (glTF 2.0 §3.5.1), instead of an undefined scene', async () => {
    const gltf = JSON.parse(await readFile(path.resolve('../shared/data/SimpleSkin.gltf'), 'utf8'));
    delete gltf.scenes;
    delete gltf.scene;
    const file: OpenedFile = { name: 'noscene.gltf', path: null, bytes: new TextEncoder().encode(JSON.stringify(gltf)), resources: {}, missing: [] };
    const loaded = await loadGltfScene(file);
    expect(loaded.scene, 'a scene to traverse (the root cause of "reading \'traverse\'")').toBeDefined();
    let skinnedMeshes = 0;
    loaded.scene.traverse((object) => {
      if ((object as { isSkinnedMesh?: boolean }).isSkinnedMesh) skinnedMeshes++;
    });
    expect(skinnedMeshes, 'the skinned mesh is in it, as app/io imports it').toBe(1);
    const summary = documentSummary(loaded, null);
    expect(summary.meshes.length, 'the outliner lists its mesh').toBe(1);
  });
});
