// vertexNormals: area-weighted vertex normals against three.js BufferGeometry.computeVertexNormals (an
// independent implementation) on every mesh of every file in ../shared/data and the sample, per render vertex
// and with smoothing groups (the welded vertices: a group's normal is three.js's normal of the welded mesh).
import { BufferAttribute, BufferGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { vertexNormals } from '../../../app/geometry/vertexNormals.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import { gltfAssetFiles } from '../../helpers/gltfAssetFiles.ts';

const files = gltfAssetFiles();

function threeNormals(positions: Float32Array, triangles: Uint32Array): Float32Array {
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(Float32Array.from(positions), 3));
  geometry.setIndex(new BufferAttribute(Uint32Array.from(triangles), 1));
  geometry.computeVertexNormals();
  return geometry.getAttribute('normal').array as Float32Array;
}

function maxDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

describe('vertexNormals', () => {
  it('matches three.js computeVertexNormals on every mesh of every data file, per vertex and per smoothing group', async () => {
    expect(files.length, 'data files found').toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const scene = await readGltfFile(file);
      for (const mesh of scene.meshes) {
        const where = `${file.split('/').pop()} mesh "${mesh.name}"`;
        const count = mesh.renderVertexCount;
        const ours = vertexNormals(mesh.restPositions, mesh.triangles, count, new Float32Array(3 * count));
        expect(maxDifference(ours, threeNormals(mesh.restPositions, mesh.triangles)), `${where}: per render vertex`).toBeLessThan(1e-5);
        // Groups = welded vertices: the normal of render vertex r is three.js's normal of its welded vertex.
        const { topology } = mesh;
        const welded = threeNormals(topology.positions, topology.triangles);
        const expected = new Float32Array(3 * count);
        for (let r = 0; r < count; r++) expected.set(welded.subarray(3 * topology.renderToSimulation[r], 3 * topology.renderToSimulation[r] + 3), 3 * r);
        const grouped = vertexNormals(mesh.restPositions, mesh.triangles, count, new Float32Array(3 * count), topology.renderToSimulation);
        expect(maxDifference(grouped, expected), `${where}: per smoothing group`).toBeLessThan(1e-5);
      }
    }
  });

  it('gives a vertex no triangle touches a zero normal, and the same result with a reused scratch', () => {
    const positions = new Float64Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 5, 5]);
    const triangles = new Uint32Array([0, 1, 2]);
    const sums = new Float64Array(12).fill(7);
    const normals = vertexNormals(positions, triangles, 4, new Float64Array(12), null, sums);
    expect(Array.from(normals.subarray(0, 3)), 'counter-clockwise in xy points along +z').toEqual([0, 0, 1]);
    expect(Array.from(normals.subarray(9, 12)), 'unused vertex').toEqual([0, 0, 0]);
    expect(Array.from(vertexNormals(positions, triangles, 4, new Float64Array(12), null, sums)), 'stale scratch is cleared').toEqual(Array.from(normals));
  });
});
