// readGltf / readGltfFile: what is imported is checked against the file's own JSON as three.js's
// GLTFLoader parsed it (mesh nodes, vertex counts, joints, morph targets, clip names), on every file of
// ../shared/data and the sample; compressed files (Draco, meshopt) must evaluate like their originals;
// .gltf with external buffers, data URIs and in-memory reads must agree.
import { Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { draco, meshopt } from '@gltf-transform/functions';
import draco3d from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnimationEvaluator } from '../../../app/animation/animationEvaluator.ts';
import { readGltf } from '../../../app/io/readGltf.ts';
import { readGltfFile } from '../../../app/io/node/readGltfFile.ts';
import type { ImportedScene } from '../../../app/io/importedScene.ts';
import { writeRigidScene, writeSkinnedScene } from '../../helpers/featureScenes.ts';
import { threeReference } from '../../helpers/threeGltf.ts';
import { gltfAssetFiles } from '../../helpers/gltfAssetFiles.ts';

const dataFolder = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const files = gltfAssetFiles();

interface Json {
  scene?: number;
  scenes: Array<{ nodes: number[] }>;
  nodes: Array<{ name?: string; mesh?: number; skin?: number; children?: number[] }>;
  meshes: Array<{ name?: string; primitives: Array<{ mode?: number; attributes: Record<string, number>; targets?: unknown[] }> }>;
  accessors: Array<{ count: number }>;
  skins?: Array<{ joints: number[] }>;
  animations?: Array<{ name?: string }>;
}

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'overlap-read-'));
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('readGltfFile', () => {
  it.each(files)('imports what the JSON of %s declares', async (path) => {
    const scene = await readGltfFile(path);
    const json = (await threeReference(path)).gltf.parser.json as Json;
    // Mesh nodes of the default scene, depth first.
    const meshNodes: number[] = [];
    const visit = (n: number): void => {
      if (json.nodes[n].mesh !== undefined) meshNodes.push(n);
      for (const child of json.nodes[n].children ?? []) visit(child);
    };
    for (const root of json.scenes[json.scene ?? 0].nodes) visit(root);
    expect(
      scene.meshes.map((m) => m.node.getName() || m.mesh.getName()),
      `${path}: mesh nodes`,
    ).toEqual(meshNodes.map((n) => json.nodes[n].name ?? json.meshes[json.nodes[n].mesh!].name ?? ''));
    scene.meshes.forEach((mesh, i) => {
      const node = json.nodes[meshNodes[i]];
      const primitives = json.meshes[node.mesh!].primitives.filter((p) => [4, 5, 6].includes(p.mode ?? 4));
      const renderVertices = primitives.reduce((sum, p) => sum + json.accessors[p.attributes.POSITION].count, 0);
      expect(mesh.renderVertexCount, `${path}: ${mesh.name} render vertices = Σ POSITION counts`).toBe(renderVertices);
      expect(mesh.restPositions.length, `${path}: ${mesh.name} rest positions`).toBe(3 * renderVertices);
      expect(mesh.morphTargetCount, `${path}: ${mesh.name} morph targets`).toBe(primitives[0].targets?.length ?? 0);
      expect(mesh.skinned, `${path}: ${mesh.name} skinned`).toBe(node.skin !== undefined);
      if (node.skin !== undefined) {
        expect(mesh.skin!.jointNodeIndices.length, `${path}: ${mesh.name} joints`).toBe(json.skins![node.skin].joints.length);
        const { weights, influencesPerVertex } = mesh.skin!;
        for (let v = 0; v < mesh.renderVertexCount; v++) {
          let sum = 0;
          for (let k = 0; k < influencesPerVertex; k++) sum += weights[v * influencesPerVertex + k];
          if (Math.abs(sum - 1) > 1e-6) expect.fail(`${path}: ${mesh.name} weights of vertex ${v} sum to ${sum}`);
        }
      }
      for (const index of mesh.triangles) if (index >= mesh.renderVertexCount) expect.fail(`${path}: triangle index ${index} out of range`);
    });
    expect(
      scene.clips.map((c) => c.name),
      `${path}: clip names`,
    ).toEqual((json.animations ?? []).map((a, i) => a.name || `animation ${i}`));
  });

  it('reads Fox.glb: 24 joints, clips Survey, Walk and Run', async () => {
    const scene = await readGltfFile(join(dataFolder, 'Fox.glb'));
    expect(scene.meshes[0].skin!.jointNodeIndices.length, 'joints').toBe(24);
    expect(
      scene.clips.map((c) => c.name),
      'clips',
    ).toEqual(['Survey', 'Walk', 'Run']);
    expect(scene.warnings, 'no warnings for a valid file').toEqual([]);
  });

  it('reads a .gltf with an external .bin, and the same bytes through readGltf with a resource reader', async () => {
    const path = await writeRigidScene(folder);
    const fromFile = await readGltfFile(path);
    const fromBytes = await readGltf(readFileSync(path), { fileName: 'rigid.gltf', readResource: async (uri) => readFileSync(join(folder, uri)) });
    expect(
      fromBytes.meshes.map((m) => m.renderVertexCount),
      'same meshes',
    ).toEqual(fromFile.meshes.map((m) => m.renderVertexCount));
    expect(
      fromFile.warnings.some((w) => /POINTS primitive skipped/.test(w)),
      'the points primitive is reported',
    ).toBe(true);
    await expect(readGltf(readFileSync(path), { fileName: 'rigid.gltf' }), 'no resource reader').rejects.toThrow(/rigid\.bin/);
  });

  it('imports another scene on request and refuses one that does not exist', async () => {
    const document = new Document();
    document.createBuffer();
    const position = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
    const mesh = document.createMesh('Tri').addPrimitive(document.createPrimitive().setAttribute('POSITION', position));
    document.createScene('Empty');
    document.createScene('Second').addChild(document.createNode('Triangle').setMesh(mesh));
    const bytes = await new NodeIO().writeBinary(document);
    expect((await readGltf(bytes, { fileName: 'two.glb' })).meshes.length, 'default scene 0 is empty').toBe(0);
    expect(
      (await readGltf(bytes, { fileName: 'two.glb', scene: 1 })).meshes.map((m) => m.name),
      'scene 1',
    ).toEqual(['Triangle']);
    await expect(readGltf(bytes, { fileName: 'two.glb', scene: 2 })).rejects.toThrow(/scene 2 does not exist/);
  });
});

describe('compressed files', () => {
  /** Max distance between evaluated positions of a compressed file and its original, matching vertices by rest position. */
  function compressedDeviation(original: ImportedScene, compressed: ImportedScene): { deviation: number; diagonal: number } {
    const a = original.meshes[0];
    const b = compressed.meshes[0];
    const evaluatorA = createAnimationEvaluator(original);
    const evaluatorB = createAnimationEvaluator(compressed);
    const pa = new Float32Array(3 * a.renderVertexCount);
    const pb = new Float32Array(3 * b.renderVertexCount);
    // Match in world space at rest: quantization moves mesh-local positions into another frame.
    evaluatorA.evaluateMesh(0, null, 0, pa);
    evaluatorB.evaluateMesh(0, null, 0, pb);
    const match = new Uint32Array(b.renderVertexCount);
    for (let v = 0; v < b.renderVertexCount; v++) {
      let best = Infinity;
      for (let r = 0; r < a.renderVertexCount; r++) {
        const d = (pa[3 * r] - pb[3 * v]) ** 2 + (pa[3 * r + 1] - pb[3 * v + 1]) ** 2 + (pa[3 * r + 2] - pb[3 * v + 2]) ** 2;
        if (d < best) [best, match[v]] = [d, r];
      }
    }
    let deviation = 0;
    let diagonal = 0;
    for (let c = 0; c < original.clips.length; c++) {
      for (const s of [0, 0.3, 0.7, 1]) {
        const time = s * original.clips[c].duration;
        evaluatorA.evaluateMesh(0, c, time, pa);
        evaluatorB.evaluateMesh(0, c, time, pb);
        for (let v = 0; v < b.renderVertexCount; v++) {
          for (let i = 0; i < 3; i++) deviation = Math.max(deviation, Math.abs(pb[3 * v + i] - pa[3 * match[v] + i]));
        }
      }
    }
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    evaluatorA.evaluateMesh(0, null, 0, pa);
    pa.forEach((x, i) => {
      min[i % 3] = Math.min(min[i % 3], x);
      max[i % 3] = Math.max(max[i % 3], x);
    });
    diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
    return { deviation, diagonal };
  }

  it.each(['Fox.glb', 'skinned.glb'])('imports %s compressed with KHR_draco_mesh_compression and with EXT_meshopt_compression', async (name) => {
    const source = name === 'Fox.glb' ? join(dataFolder, name) : await writeSkinnedScene(folder);
    await MeshoptEncoder.ready;
    const io = new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'draco3d.encoder': await draco3d.createEncoderModule(), 'meshopt.encoder': MeshoptEncoder });
    const original = await readGltfFile(source);
    for (const [kind, transform] of [
      ['draco', draco({ quantizePosition: 16 })],
      ['meshopt', meshopt({ encoder: MeshoptEncoder, level: 'medium' })],
    ] as const) {
      const document = await io.read(source);
      await document.transform(transform);
      const compressedPath = join(folder, `${kind}-${name.replace(/\..*$/, '')}.glb`);
      await io.write(compressedPath, document);
      const extension = kind === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression';
      expect(readFileSync(compressedPath).includes(extension), `${kind}: the file really uses ${extension}`).toBe(true);
      const compressed = await readGltfFile(compressedPath);
      expect(compressed.meshes[0].skinned, `${kind}: still skinned`).toBe(true);
      expect(compressed.meshes[0].topology.vertexCount, `${kind}: same welded vertex count`).toBe(original.meshes[0].topology.vertexCount);
      const { deviation, diagonal } = compressedDeviation(original, compressed);
      // Quantization (16-bit Draco positions, meshopt's 14-bit positions and 8-bit weights) bounds the error.
      expect(deviation / diagonal, `${kind}: evaluated positions within quantization of the original`).toBeLessThan(2e-3);
    }
  });
});
