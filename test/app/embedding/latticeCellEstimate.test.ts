// latticeCellEstimate predicts latticeEmbedding's cell count from the surface alone (what the cost checks of bake and
// embed rely on before anything is allocated): within a factor of 1.5 on every asset from resolution 16 up
// (coarser lattices, which cost nothing, it underestimates up to 2.5×: the surface layer is thicker than one cell).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { latticeCellEstimate, latticeEmbedding } from '../../../app/embedding/index.ts';
import { readGltfFile } from '../../../app/io/node/index.ts';

const dataFolder = new URL('../../../../shared/data/', import.meta.url).pathname;
const sample = new URL('../../../assets/sample.glb', import.meta.url).pathname;

describe('latticeCellEstimate', () => {
  it('is within 1.5× of the cells latticeEmbedding keeps (Fox.glb, SimpleSkin, MorphStressTest and the sample, resolutions 16 and 32)', async () => {
    for (const path of [join(dataFolder, 'Fox.glb'), join(dataFolder, 'SimpleSkin.gltf'), join(dataFolder, 'MorphStressTest.gltf'), sample]) {
      const scene = await readGltfFile(path);
      for (const mesh of scene.meshes) {
        const { positions, triangles } = mesh.topology;
        for (const resolution of [16, 32]) {
          const cells = latticeEmbedding(positions, triangles, { resolution }).stats.cells;
          const ratio = latticeCellEstimate(positions, triangles, resolution) / cells;
          expect(ratio, `${path.split('/').pop()} "${mesh.name}" at ${resolution}: estimate / ${cells} cells`).toBeGreaterThan(1 / 1.5);
          expect(ratio, `${path.split('/').pop()} "${mesh.name}" at ${resolution}: estimate / ${cells} cells`).toBeLessThan(1.5);
        }
      }
    }
  });

  it('grows like the resolution cubed for a solid', async () => {
    const scene = await readGltfFile(sample);
    const { positions, triangles } = scene.meshes[0].topology;
    const ratio = latticeCellEstimate(positions, triangles, 256) / latticeCellEstimate(positions, triangles, 128);
    expect(ratio, 'doubling the resolution').toBeGreaterThan(6);
    expect(ratio, 'doubling the resolution').toBeLessThan(8);
  });
});
