import { describe, expect, it } from 'vitest';
import { vbdSceneFromJson } from '../../../../app/solvers/vbd/index.ts';

const tet = {
  vertices: [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  tetrahedra: [[0, 1, 2, 3]],
  material: { model: 'neohookean', youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0.01 },
  timeStep: 1 / 60,
  frames: 3,
};

describe('vbdSceneFromJson', () => {
  it('builds the model, state and controls with the documented defaults', () => {
    const scene = vbdSceneFromJson({
      ...tet,
      fixed: [0],
      initialVelocities: [
        [0, 1, 0],
        [0, 1, 0],
        [0, 1, 0],
        [0, 1, 0],
      ],
    });
    expect(scene.model.tetCount, 'tets').toBe(1);
    expect(scene.controls.substeps, 'substeps default').toBe(1);
    expect(scene.controls.iterations, 'iterations default').toBe(10);
    expect(Array.from(scene.controls.gravity ?? []), 'gravity default').toEqual([0, -9.81, 0]);
    expect(Array.from(scene.controls.blendWeights ?? []), 'fixed → weight 0').toEqual([0, 1, 1, 1]);
    expect(scene.state.velocities[1], 'initial velocity').toBe(1);
    expect(scene.animation.length, 'static target = the vertices').toBe(1);
  });

  it('accepts a material per element kind', () => {
    const scene = vbdSceneFromJson({
      ...tet,
      vertices: [...tet.vertices, [1, 1, 1]],
      triangles: [[1, 2, 4]],
      edges: [[3, 4]],
      material: [
        tet.material,
        { model: 'stvk', youngsModulus: 1e6, poissonRatio: 0.3, density: 300, thickness: 0.002 },
        { model: 'spring', youngsModulus: 1e7, poissonRatio: 0.3, density: 1000 },
      ],
    });
    expect([scene.model.tetCount, scene.model.triangleCount, scene.model.springCount], 'all kinds').toEqual([1, 1, 1]);
  });

  const broken: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing field', { ...tet, frames: undefined }, /missing field "frames"/],
    ['a missing material field', { ...tet, material: { ...tet.material, density: undefined } }, /missing field "material.density"/],
    ['a bad index', { ...tet, tetrahedra: [[0, 1, 2, 7]] }, /"tetrahedra\[0\]" uses vertex 7, but there are 4 vertices/],
    ['a negative index', { ...tet, tetrahedra: [[0, 1, 2, -1]] }, /"tetrahedra\[0\]" has an invalid vertex index: -1/],
    ['a fractional index', { ...tet, tetrahedra: [[0, 1, 2, 1.5]] }, /invalid vertex index: 1.5/],
    ['an inverted tet', { ...tet, tetrahedra: [[0, 2, 1, 3]] }, /tetrahedron 0 \(0 2 1 3\) is inverted/],
    [
      'a degenerate tet',
      {
        ...tet,
        vertices: [
          [0, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
          [1, 1, 0],
        ],
      },
      /tetrahedron 0 .* is degenerate/,
    ],
    [
      'a non-numeric coordinate',
      {
        ...tet,
        vertices: [
          [0, 0, 'NaN'],
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      /"vertices\[0\]" has a non-finite value: "NaN"/,
    ],
    [
      'a null coordinate (JSON of NaN)',
      {
        ...tet,
        vertices: [
          [0, 0, null],
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      /"vertices\[0\]" has a non-finite value: null/,
    ],
    [
      'a short vertex row',
      {
        ...tet,
        vertices: [
          [0, 0],
          [1, 0, 0],
          [0, 1, 0],
          [0, 0, 1],
        ],
      },
      /"vertices\[0\]" must be an array of 3 numbers/,
    ],
    ['an unknown field', { ...tet, gravitty: [0, -1, 0] }, /unknown field "gravitty"/],
    [
      'an unknown material model',
      { ...tet, material: { ...tet.material, model: 'corotated' } },
      /"material.model" must be one of "neohookean", "stvk", "spring"/,
    ],
    ['tets without a Neo-Hookean material', { ...tet, material: { ...tet.material, model: 'spring' } }, /"tetrahedra" need a material with model "neohookean"/],
    [
      'a Poisson ratio of 0.5',
      { ...tet, material: { ...tet.material, poissonRatio: 0.5 } },
      /poissonRatio" must be in \(-1, 0\.495\], got 0\.5 \(closer to 0\.5 the solver diverges\)/,
    ],
    ['a Poisson ratio of 0.4999999', { ...tet, material: { ...tet.material, poissonRatio: 0.4999999 } }, /poissonRatio" must be in \(-1, 0\.495\]/],
    ['a negative time step', { ...tet, timeStep: -1 }, /"timeStep" must be > 0/],
    ['zero substeps', { ...tet, substeps: 0 }, /"substeps" must be an integer ≥ 1/],
    ['a fixed index out of range', { ...tet, fixed: [4] }, /"fixed\[0\]" is vertex 4, but there are 4 vertices/],
    ['an unused vertex', { ...tet, vertices: [...tet.vertices, [2, 2, 2]] }, /vertex 4 belongs to no element/],
    ['a blend weight above 1', { ...tet, blendWeights: [0, 1, 1, 1.5] }, /"blendWeights\[3\]" must be in \[0, 1\]/],
    ['initial velocities of the wrong length', { ...tet, initialVelocities: [[0, 0, 0]] }, /"initialVelocities" has 1 rows, expected 4/],
    ['no elements', { ...tet, tetrahedra: undefined }, /the scene has no elements/],
    ['not an object', [] as unknown as Record<string, unknown>, /the scene must be a JSON object/],
  ];
  for (const [name, scene, message] of broken) {
    it(`rejects ${name} with a message naming it`, () => {
      expect(() => vbdSceneFromJson(scene), name).toThrow(message);
    });
  }
});
