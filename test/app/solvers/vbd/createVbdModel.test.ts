import { describe, expect, it } from 'vitest';
import { boxTetrahedra, createVbdModel } from '../../../../app/solvers/vbd/index.ts';

const material = { youngsModulus: 1e5, poissonRatio: 0.3, density: 800, damping: 0 };

describe('createVbdModel', () => {
  it('lumped masses add up to ρ·volume of a tet box and ρ·t·area of a cloth sheet', () => {
    const { positions, tetrahedra } = boxTetrahedra([3, 2, 4], [0.3, 0.5, 0.7]);
    const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: material } });
    const total = model.masses.reduce((s, m) => s + m, 0);
    expect(total / (800 * 0.3 * 0.5 * 0.7), 'ρV').toBeCloseTo(1, 12);
    const volume = model.tetRestVolumes.reduce((s, v) => s + v, 0);
    expect(volume, 'volumes').toBeCloseTo(0.3 * 0.5 * 0.7, 12);
    const sheet = createVbdModel({
      restPositions: [0, 0, 0, 1, 0, 0, 1, 0, 2, 0, 0, 2],
      triangles: { vertices: [0, 1, 2, 0, 2, 3], materials: { ...material, thickness: 0.003 } },
    });
    expect(
      sheet.masses.reduce((s, m) => s + m, 0),
      'ρtA',
    ).toBeCloseTo(800 * 0.003 * 2, 12);
    expect(sheet.hingeCount, 'one interior edge').toBe(1);
  });

  it('per-element materials: each tet gets the Lamé parameters of its own material', () => {
    const { positions, tetrahedra } = boxTetrahedra([2, 1, 1], [2, 1, 1]);
    const soft = { ...material, youngsModulus: 1e4 };
    const indices = Array.from({ length: tetrahedra.length / 4 }, (_, t) => (t < 6 ? 0 : 1));
    const model = createVbdModel({ restPositions: positions, tetrahedra: { vertices: tetrahedra, materials: [material, soft], materialIndices: indices } });
    expect(model.tetMu[0] / model.tetMu[6], 'μ ratio').toBeCloseTo(10, 12);
  });

  const cases: Array<[string, Parameters<typeof createVbdModel>[0], RegExp]> = [
    [
      'inverted tet',
      { restPositions: [0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1], tetrahedra: { vertices: [0, 1, 2, 3], materials: material } },
      /tetrahedron 0 .*inverted/,
    ],
    [
      'degenerate tet',
      { restPositions: [0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 1, 0], tetrahedra: { vertices: [0, 1, 2, 3], materials: material } },
      /tetrahedron 0 .*degenerate/,
    ],
    [
      'index out of range',
      { restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], tetrahedra: { vertices: [0, 1, 2, 4], materials: material } },
      /uses vertex 4, but there are 4 vertices/,
    ],
    ['repeated vertex', { restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0], triangles: { vertices: [0, 1, 1], materials: material } }, /uses vertex 1 twice/],
    ['degenerate triangle', { restPositions: [0, 0, 0, 1, 0, 0, 2, 0, 0], triangles: { vertices: [0, 1, 2], materials: material } }, /triangle 0 .*degenerate/],
    [
      'NaN coordinate',
      { restPositions: [0, 0, Number.NaN, 1, 0, 0], springs: { vertices: [0, 1], materials: material } },
      /vertex 0 has a non-finite coordinate/,
    ],
    ['zero-length spring', { restPositions: [0, 0, 0, 0, 0, 0], springs: { vertices: [0, 1], materials: material } }, /spring 0 .*zero rest length/],
    ['Poisson ratio 0.5', { restPositions: [0, 0, 0, 1, 0, 0], springs: { vertices: [0, 1], materials: { ...material, poissonRatio: 0.5 } } }, /Poisson ratio/],
  ];
  for (const [name, description, message] of cases) {
    it(`rejects a ${name} with a message naming it`, () => {
      expect(() => createVbdModel(description), name).toThrow(message);
    });
  }
});
