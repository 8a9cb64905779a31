// The block kernels' width and element kinds per model (kernels/vbd/vbdKernels.ts blockPipelines,
// vbdThreadsPerVertex, elementKindMask; GpuVbdStepper's threadsPerVertex and specializeElements), in Node on Dawn:
// - a stepper whose kernels are compiled for its model's element kinds, at another width than the kernels' own,
//   steps as the generic kernels do (same arithmetic; the lanes' partial sums only group differently in f32), on a
//   damped tet lattice with pins and on cloth, and the specialized pipelines are really in use (compiled per
//   (kinds, width) once and shared);
// - the per-model width: about three element entries per lane, 8 on box lattices and 4 on scenes of small blocks
//   (the two shapes measured on an H100, docs/kernels.md), 1 where a vertex has few elements; a width that is not a
//   power of two is refused by name.
import { describe, expect, it } from 'vitest';
import { createVbdModel, createVbdState, type VbdControls, type VbdModel } from '../../../app/solvers/vbd/index.ts';
import { GpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { ALL_ELEMENT_KINDS, elementKindMask, vbdThreadsPerVertex, VbdKernels } from '../../../kernels/vbd/vbdKernels.ts';
import { diagonalOf } from '../../app/embedding/helpers.ts';
import { smallBlocks } from '../../helpers/smallBlocks.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { clothSheet, maxDifference, mixedModel, perturbed, roundedModel, tetLattice } from './vbdTestKit.ts';

const node = await nodeComputeBackend();

/** `blocks` separate boxes of 4³ cells (the many-small-objects shape of the bench). */
function blocksModel(blocks: number): VbdModel {
  const { positions, tetrahedra } = smallBlocks(blocks);
  return createVbdModel({
    restPositions: positions,
    tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping: 0 } },
  });
}

describe('per-model block layout', () => {
  it('element kinds: bit k for each kind present (tets, triangles, hinges, springs)', () => {
    expect(elementKindMask(tetLattice([2, 2, 2]))).toBe(0b0001);
    expect(elementKindMask(clothSheet(4))).toBe(0b0110);
    expect(elementKindMask(mixedModel())).toBe(ALL_ELEMENT_KINDS);
  });

  it('lanes per vertex: about three element entries per lane (8 on a box lattice, 4 on small blocks, 1 on a lone tet)', () => {
    expect(vbdThreadsPerVertex(tetLattice([20, 20, 20]))).toBe(8);
    expect(vbdThreadsPerVertex(blocksModel(3))).toBe(4);
    expect(vbdThreadsPerVertex(tetLattice([1, 1, 1])), 'one cell: 3 entries per vertex').toBe(1);
    expect(
      vbdThreadsPerVertex(
        createVbdModel({
          restPositions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
          tetrahedra: { vertices: [0, 1, 2, 3], materials: { youngsModulus: 1e5, poissonRatio: 0.3, density: 1000, damping: 0 } },
        }),
      ),
    ).toBe(1);
    const cloth = clothSheet(16);
    const entries = (3 * cloth.triangleCount + 4 * cloth.hingeCount) / cloth.vertexCount;
    expect(vbdThreadsPerVertex(cloth), `${entries.toFixed(1)} entries per vertex`).toBe(2 ** Math.round(Math.log2(entries / 3)));
  });
});

describe.skipIf(!node.device)(`specialized block kernels step as the generic ones${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const cases = [
    { label: 'damped tet lattice, one face pinned', model: roundedModel(tetLattice([4, 3, 3])), pinned: (x: number) => x === 0 },
    { label: 'cloth pinned along one edge', model: roundedModel(clothSheet(8)), pinned: (x: number) => x === 0 },
  ];
  for (const { label, model, pinned } of cases) {
    it(`${label}: widths 2, 4 and 8 with the model's kinds only = 16 lanes with every kind and contact (none given), within 1e-6 of the diagonal`, async () => {
      const kernels = await VbdKernels.create(node.device!, 16);
      const weights = Float64Array.from({ length: model.vertexCount }, (_, v) => (pinned(model.restPositions[3 * v]) ? 0 : 1));
      const start = perturbed(model.restPositions, 0.01, 7);
      const controls: VbdControls = { blendWeights: weights, iterations: 6, substeps: 2, gravity: [0, -9.81, 0] };
      const run = async (options: ConstructorParameters<typeof GpuVbdStepper>[2]) => {
        const stepper = new GpuVbdStepper(kernels, model, options);
        try {
          await stepper.ready();
          const state = createVbdState(model, { positions: start, precision: 'float32' });
          stepper.setState(state);
          for (let frame = 0; frame < 3; frame++) {
            stepper.step(controls, 1 / 60);
            await stepper.readState(state);
          }
          return state.positions;
        } finally {
          stepper.destroy();
        }
      };
      const generic = await run({ specializeElements: false });
      const size = diagonalOf(model.restPositions);
      expect(maxDifference(generic, start) / size, 'the step moves the model (else the comparison says nothing)').toBeGreaterThan(1e-3);
      for (const width of [2, 4, 8]) {
        const specialized = await run({ threadsPerVertex: width });
        expect(maxDifference(specialized, generic) / size, `${width} lanes, ${elementKindMask(model).toString(2)} kinds`).toBeLessThan(1e-6);
      }
      const pipelines = kernels.blockPipelines(elementKindMask(model), 4);
      expect(pipelines.solveColor, 'a pipeline of its own').toBeDefined();
      expect(pipelines.solveColor).not.toBe(kernels.pipelines.solveColor);
      expect(kernels.blockPipelines(elementKindMask(model), 4), 'compiled once per (kinds, width)').toBe(pipelines);
      expect(
        Object.keys(kernels.blockPipelines(ALL_ELEMENT_KINDS, 16, false, true)),
        'every kind and contact at the kernels own width: the generic ones',
      ).toEqual([]);
      expect(kernels.blockPipelines(ALL_ELEMENT_KINDS, 16).solveColor, 'every kind without contact: contact compiled out').toBeDefined();
      expect(kernels.blockPipelines(ALL_ELEMENT_KINDS, 16).solveColor, 'a pipeline of its own, not the generic one with contact').not.toBe(
        kernels.pipelines.solveColor,
      );
    });
  }

  it('refuses a width that is not a power of two in [1, 64], naming it', async () => {
    const kernels = await VbdKernels.create(node.device!, 16);
    expect(() => new GpuVbdStepper(kernels, tetLattice([2, 2, 2]), { threadsPerVertex: 6 })).toThrow(
      /threadsPerVertex must be a power of two in \[1, 64\], got 6/,
    );
  });
});
