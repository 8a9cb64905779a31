// kernels/vbd/stepper/stepperLayout.ts: every dispatch covers its items once folded at the device's per-dimension
// limit, a dispatch that does not fit is refused by name, and the reductions buffer's sections do not overlap.
import { describe, expect, it } from 'vitest';
import { VbdBackendError } from '../../../../app/solvers/vbd/vbdStepBackend.ts';
import { packVbdModel } from '../../../../kernels/vbd/packVbdModel.ts';
import { stepperLayout } from '../../../../kernels/vbd/stepper/stepperLayout.ts';
import { RESIDUAL_CAPACITY } from '../../../../kernels/vbd/stepper/vertexDataLayout.ts';
import { VBD_WORKGROUP_SIZE } from '../../../../kernels/vbd/vbdKernels.ts';
import { tetLattice } from '../vbdTestKit.ts';

/** Only what stepperLayout reads of a device. */
const deviceWithLimit = (maxComputeWorkgroupsPerDimension: number) => ({ limits: { maxComputeWorkgroupsPerDimension } }) as unknown as GPUDevice;

describe('stepperLayout', () => {
  const model = tetLattice([4, 3, 3]);
  const packed = packVbdModel(model);

  it('folded groups hold every item: x·y workgroups cover #V (one lane each), #V blocks, #T and each color', () => {
    for (const threadsPerVertex of [1, 16]) {
      const { vertexGroups, blockGroups, tetGroups, colorGroups, layout } = stepperLayout(deviceWithLimit(65535), model, packed, threadsPerVertex, {
        maxWorkgroupsPerDimension: 2,
      });
      const perBlock = VBD_WORKGROUP_SIZE / threadsPerVertex;
      const covers = (groups: [number, number], items: number, perGroup: number, what: string) => {
        expect(groups[0], `${what}: x folded at 2`).toBeLessThanOrEqual(2);
        expect(groups[0] * groups[1] * perGroup, `${what}: ${groups} groups of ${perGroup} cover ${items}`).toBeGreaterThanOrEqual(items);
        expect((groups[0] * groups[1] - groups[0]) * perGroup, `${what}: no row of groups beyond the items`).toBeLessThan(items);
      };
      covers(vertexGroups, model.vertexCount, VBD_WORKGROUP_SIZE, 'vertices');
      covers(blockGroups, model.vertexCount, perBlock, `blocks of ${threadsPerVertex} lanes`);
      covers(tetGroups, model.tetCount, VBD_WORKGROUP_SIZE, 'tets');
      for (let c = 0; c < model.colorCount; c++) covers(colorGroups[c], model.colorOffsets[c + 1] - model.colorOffsets[c], perBlock, `color ${c}`);
      expect(layout.vertexGroupsX, 'the kernels unfold with the x the host folded at').toBe(vertexGroups[0]);
      expect(layout.blockGroupsX, 'blocks: same x').toBe(blockGroups[0]);
      expect(layout.tetGroupsX, 'tets: same x').toBe(tetGroups[0]);
    }
  });

  it('the reductions sections follow one another: a partial sum per workgroup, the 4-word schedule, the residual sums, the debug outputs', () => {
    const { layout, reductionsLength } = stepperLayout(deviceWithLimit(65535), model, packed, 1, { debugOutputs: true });
    expect(layout.scheduleStart, 'one partial sum per workgroup of the larger dispatch').toBe(Math.max(1, layout.vertexGroupCount, layout.blockGroupCount));
    expect(layout.resultsStart, 'the schedule holds 4 words').toBe(layout.scheduleStart + 4);
    expect(layout.debugStart, 'RESIDUAL_CAPACITY sums').toBe(layout.resultsStart + RESIDUAL_CAPACITY);
    expect(reductionsLength, 'debug outputs: 13 floats per vertex').toBe(layout.debugStart + 13 * model.vertexCount);
    expect(stepperLayout(deviceWithLimit(65535), model, packed, 1, {}).reductionsLength, 'no debug section without debugOutputs').toBe(layout.debugStart);
  });

  it('a dispatch that does not fit even folded is refused as VbdBackendError "limits"', () => {
    // 1 workgroup per dimension: the lattice's vertices need more than 1 × 1
    const big = tetLattice([8, 8, 8]);
    expect(() => stepperLayout(deviceWithLimit(1), big, packVbdModel(big), 1, {}), 'refused').toThrow(VbdBackendError);
    expect(() => stepperLayout(deviceWithLimit(1), big, packVbdModel(big), 1, {}), 'names the workgroups').toThrow(/workgroups do not fit one dispatch/);
  });
});
