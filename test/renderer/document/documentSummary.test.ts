import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import type { OpenedFile } from '../../../main/ipcContract.ts';
import { documentSummary } from '../../../renderer/document/documentSummary.ts';
import { loadGltfScene } from '../../../renderer/document/loadGltfScene.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

const dataFolder = path.resolve('../shared/data');

async function opened(filePath: string): Promise<OpenedFile> {
  return { name: path.basename(filePath), path: filePath, bytes: new Uint8Array(await readFile(filePath)), resources: {}, missing: [] };
}

beforeAll(() => installBrowserGlobals());

describe('documentSummary', async () => {
  const files = [
    ...(await readdir(dataFolder)).filter((name) => /\.(glb|gltf)$/i.test(name)).map((name) => path.join(dataFolder, name)),
    path.resolve('assets/sample.glb'),
  ];

  it.each(files)('the three.js-only listing of %s agrees with the engine importer (names, counts, clips)', async (filePath) => {
    const file = await opened(filePath);
    const gltf = await loadGltfScene(file);
    const imported = await readGltf(file.bytes, { fileName: file.name });
    const fromImporter = documentSummary(gltf, imported);
    const fromThree = documentSummary(gltf, null);

    expect(
      fromThree.meshes.map((mesh) => mesh.name),
      `${file.name}: mesh names`,
    ).toEqual(fromImporter.meshes.map((mesh) => mesh.name));
    for (const [index, mesh] of fromImporter.meshes.entries()) {
      const other = fromThree.meshes[index];
      expect(other.renderVertices, `${mesh.name}: render vertices`).toBe(mesh.renderVertices);
      expect(other.triangles, `${mesh.name}: triangles`).toBe(mesh.triangles);
      expect(other.skinned, `${mesh.name}: skinned`).toBe(mesh.skinned);
      expect(other.morphTargets, `${mesh.name}: morph targets`).toBe(mesh.morphTargets);
      expect(other.weldedVertices, 'three.js cannot weld').toBeNull();
      expect(mesh.weldedVertices, `${mesh.name}: welding never adds vertices`).toBeLessThanOrEqual(mesh.renderVertices);
      expect(fromImporter.meshObjects.get(mesh.name), `${mesh.name}: has a three.js object to select`).toBeDefined();
    }
    expect(
      fromThree.clips.map((clip) => clip.name),
      `${file.name}: clip names`,
    ).toEqual(fromImporter.clips.map((clip) => clip.name));
    for (const [index, clip] of fromImporter.clips.entries()) {
      expect(fromThree.clips[index].duration, `${clip.name}: duration`).toBeCloseTo(clip.duration, 5);
      expect(fromImporter.threeClips[index].duration, `${clip.name}: the three.js clip at the same index`).toBeCloseTo(clip.duration, 5);
    }
  });

  it('lists Fox.glb as issue 3 describes it: one mesh of 1,728 render and 290 welded vertices, three clips', async () => {
    const file = await opened(path.join(dataFolder, 'Fox.glb'));
    const summary = documentSummary(await loadGltfScene(file), await readGltf(file.bytes, { fileName: file.name }));
    expect(
      summary.meshes.map(({ name, renderVertices, weldedVertices }) => ({ name, renderVertices, weldedVertices })),
      'Fox mesh',
    ).toEqual([{ name: 'fox', renderVertices: 1728, weldedVertices: 290 }]);
    expect(
      summary.clips.map((clip) => clip.name),
      'Fox clips',
    ).toEqual(['Survey', 'Walk', 'Run']);
  });
});
