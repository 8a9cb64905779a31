// meshBlendWeights: the documented precedence (project > file > uniform > _PHYSICS_WEIGHT > default), counts checked
// against the mesh, constraints interpolated, the default low at the bones and high in the soft belly, and a summary
// per region for every source (with the default's roles when it is the default).
import { Accessor, NodeIO } from '@gltf-transform/core';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { meshBlendWeights, parseWeightsFile, PHYSICS_WEIGHT_ATTRIBUTE } from '../../../app/weights/index.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
let scene: ImportedScene;
let withAttribute: ImportedScene;

beforeAll(async () => {
  const bytes = new Uint8Array(readFileSync(samplePath));
  scene = await readGltf(bytes, { fileName: 'sample.glb' });
  // The same file with a _PHYSICS_WEIGHT attribute of 0.7 on every render vertex.
  const io = new NodeIO();
  const document = await io.readBinary(bytes);
  for (const primitive of document
    .getRoot()
    .listMeshes()
    .flatMap((m) => m.listPrimitives())) {
    const count = primitive.getAttribute('POSITION')!.getCount();
    primitive.setAttribute(
      PHYSICS_WEIGHT_ATTRIBUTE,
      document.createAccessor().setType(Accessor.Type.SCALAR).setArray(new Float32Array(count).fill(0.7)).setBuffer(document.getRoot().listBuffers()[0]),
    );
  }
  withAttribute = await readGltf(await io.writeBinary(document), { fileName: 'with-attribute.glb' });
});

describe('meshBlendWeights', () => {
  it('takes the sources in order: project, file, uniform, attribute, default', () => {
    const mesh = withAttribute.meshes[0];
    const n = mesh.topology.vertexCount;
    const project = [{ mesh: mesh.name, values: new Float32Array(n).fill(0.1) }];
    const file = parseWeightsFile({ weights: [{ mesh: '*', value: 0.2 }] });
    const h = withAttribute;
    expect(meshBlendWeights(mesh, h, { project, file, uniform: 0.3 }).source, 'project first').toBe('project');
    expect(meshBlendWeights(mesh, h, { project, file, uniform: 0.3 }).values[5], 'project value').toBeCloseTo(0.1, 6);
    expect(meshBlendWeights(mesh, h, { file, uniform: 0.3 }).values[5], 'file before uniform').toBeCloseTo(0.2, 6);
    expect(meshBlendWeights(mesh, h, { uniform: 0.3 }).values[5], 'uniform before the attribute').toBeCloseTo(0.3, 6);
    const fromAttribute = meshBlendWeights(mesh, h, {});
    expect(fromAttribute.source, 'the attribute before the default').toBe('attribute');
    expect(fromAttribute.values[5], 'attribute value').toBeCloseTo(0.7, 6);
    expect(meshBlendWeights(scene.meshes[0], scene, {}).source, 'without anything: the default').toBe('default');
  });

  it('rejects values whose count does not match the welded vertices, naming the mesh', () => {
    const mesh = scene.meshes[0];
    expect(() => meshBlendWeights(mesh, scene, { file: [{ mesh: mesh.name, values: [0.5, 0.5] }] }), 'two values').toThrow(
      new RegExp(`"${mesh.name}" has ${mesh.topology.vertexCount} welded vertices but 2`),
    );
  });

  it('interpolates constraints: set vertices keep their values, the rest lies in between', () => {
    const mesh = scene.meshes[0];
    const p = mesh.topology.positions;
    const component = mesh.topology.componentOfVertex;
    let bottom = 0;
    for (let v = 0; v < mesh.topology.vertexCount; v++) if (p[3 * v + 1] < p[3 * bottom + 1]) bottom = v;
    // The highest vertex of the body shell (the shell the lowest vertex belongs to; ears and eyes are separate).
    let top = bottom;
    for (let v = 0; v < mesh.topology.vertexCount; v++) if (component[v] === component[bottom] && p[3 * v + 1] > p[3 * top + 1]) top = v;
    const { values } = meshBlendWeights(mesh, scene, {
      file: [
        {
          mesh: mesh.name,
          values: [],
          constraints: [
            { vertex: top, weight: 1 },
            { vertex: bottom, weight: 0 },
          ],
        },
      ],
    });
    expect(values[top], 'top').toBeCloseTo(1, 6);
    expect(values[bottom], 'bottom').toBeCloseTo(0, 6);
    // Vertices of the body shell (the component of `top`) rise with height on average.
    let upper = 0,
      lower = 0,
      nu = 0,
      nl = 0;
    for (let v = 0; v < mesh.topology.vertexCount; v++) {
      if (component[v] !== component[top]) continue;
      if (p[3 * v + 1] > 0.7) {
        upper += values[v];
        nu++;
      }
      if (p[3 * v + 1] < 0.3) {
        lower += values[v];
        nl++;
      }
    }
    expect(upper / nu, 'higher vertices weigh more than lower ones').toBeGreaterThan(lower / nl);
  });

  it('default: low next to the bones, high in the belly far from them', () => {
    const mesh = scene.meshes[0];
    const { values } = meshBlendWeights(mesh, scene, {});
    const p = mesh.topology.positions;
    // The belly's front (largest z at mid height) vs the vertex closest to the spine axis (x = z = 0).
    let belly = 0;
    let spine = 0;
    for (let v = 0; v < mesh.topology.vertexCount; v++) {
      if (Math.abs(p[3 * v + 1] - 0.4) < 0.1 && p[3 * v + 2] > p[3 * belly + 2]) belly = v;
      if (Math.hypot(p[3 * v], p[3 * v + 2]) < Math.hypot(p[3 * spine], p[3 * spine + 2])) spine = v;
    }
    expect(values[belly], 'belly').toBeGreaterThan(0.3);
    expect(values[spine], 'closest to the spine').toBeLessThan(values[belly] / 2);
    for (const w of values) expect(w >= 0 && w <= 1, 'in [0, 1]').toBe(true);
  });
});

describe('meshBlendWeights summary', () => {
  it("summarizes every source per joint and per separate shell; the default adds the joints' roles", () => {
    const mesh = scene.meshes[0];
    const uniform = meshBlendWeights(mesh, scene, { uniform: 0.3 });
    expect(
      uniform.regions.reduce((n, r) => n + r.vertexCount, 0),
      'every vertex in one region',
    ).toBe(mesh.topology.vertexCount);
    expect(
      uniform.regions.every((r) => r.min === 0.3 && r.max === 0.3 && (r.role === undefined) === (r.reason === undefined)),
      'a uniform map: roles for its shells only',
    ).toBe(true);
    const fallback = meshBlendWeights(mesh, scene, {});
    const byName = new Map(fallback.regions.map((r) => [r.region, r]));
    expect(byName.get('head')?.role, 'the head').toBe('extremity');
    expect(byName.get('chest')?.role, 'the chest').toBe('body');
    const shells = fallback.regions.filter((r) => r.region.startsWith('shell '));
    expect(
      shells.map((r) => r.role),
      'the arms are parts of the body, the ears and eyes glued to the head',
    ).toEqual(['part', 'part', 'glued', 'glued', 'glued', 'glued']);
    expect(
      shells.every((r) => r.max === 0 && (r.reason ?? '').length > 0),
      'all at 0, each with its reason',
    ).toBe(true);
    for (const region of fallback.regions) {
      expect(region.min <= region.mean && region.mean <= region.max, `${region.region}: min ≤ mean ≤ max`).toBe(true);
    }
  });
});

describe('parseWeightsFile', () => {
  it('accepts the documented shapes and rejects bad entries with the entry named', () => {
    expect(parseWeightsFile([{ mesh: 'a', value: 0.5 }]), 'bare array').toHaveLength(1);
    expect(parseWeightsFile({ format: 'overlap-project', weights: [{ mesh: 'a', values: [0, 1] }] }), 'a project').toHaveLength(1);
    expect(() => parseWeightsFile({}), 'no weights').toThrow(/weights/);
    expect(() => parseWeightsFile({ weights: [{ mesh: 'a', values: [0, 2] }] }), 'out of range').toThrow(/weights\[0\]: values\[1\]/);
    expect(() => parseWeightsFile({ weights: [{ mesh: 'a' }] }), 'nothing given').toThrow(/weights\[0\]/);
    expect(() => parseWeightsFile({ weights: [{ values: [0] }] }), 'no mesh').toThrow(/mesh/);
  });
});
