// packVbdModel: every model array lands in its section of the GPU's index and data buffers, indices exactly (the
// adjacency and coloring the kernels gather by are the CPU's, entry for entry) and parameters as their f32 values,
// with ModelLayout pointing at each section. The GPU side of the same bookkeeping (every element gathered once,
// exactly the color's vertices solved) is checked in vertexForceHessian.test.ts and solveColor.test.ts.
import { describe, expect, it } from 'vitest';
import { DATA_SECTIONS, INDEX_SECTIONS, MODEL_LAYOUT_FIELDS, packVbdModel } from '../../../kernels/vbd/packVbdModel.ts';
import { mixedModel, tetLattice } from './vbdTestKit.ts';

describe('packVbdModel', () => {
  for (const [name, model] of [
    ['tets, cloth, hinges and springs', mixedModel()],
    ['tets only (empty cloth and spring sections)', tetLattice([2, 2, 2])],
  ] as const) {
    it(`${name}: each section holds its model array, indices exactly, parameters rounded to f32`, () => {
      const { indices, data, layout } = packVbdModel(model);
      const start = (field: (typeof MODEL_LAYOUT_FIELDS)[number]) => layout[MODEL_LAYOUT_FIELDS.indexOf(field)];
      expect(start('vertexCount'), 'vertex count').toBe(model.vertexCount);
      for (const section of INDEX_SECTIONS) {
        const array = model[section];
        expect(Array.from(indices.subarray(start(section), start(section) + array.length)), section).toEqual(Array.from(array));
      }
      for (const section of DATA_SECTIONS) {
        const array = model[section];
        expect(Array.from(data.subarray(start(section), start(section) + array.length)), section).toEqual(Array.from(Float32Array.from(array)));
      }
      const indexTotal = INDEX_SECTIONS.reduce((n, s) => n + model[s].length, 0);
      const dataTotal = DATA_SECTIONS.reduce((n, s) => n + model[s].length, 0);
      expect(indices.length, 'nothing else in the index buffer').toBe(Math.max(1, indexTotal));
      expect(data.length, 'nothing else in the data buffer').toBe(Math.max(1, dataTotal));
    });
  }

  it('ModelLayout matches the WGSL struct field by field', async () => {
    const { vbdBindingsWgsl } = await import('../../../kernels/vbd/vbdBindings.wgsl.ts');
    const struct = /struct ModelLayout \{([^}]*)\}/.exec(vbdBindingsWgsl)![1];
    const fields = [...struct.matchAll(/^\s*(\w+): u32,/gm)].map((m) => m[1]);
    expect(fields, 'same names, same order').toEqual([...MODEL_LAYOUT_FIELDS]);
  });
});
