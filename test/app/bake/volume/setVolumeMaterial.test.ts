// A new material keeps a volume simulation's κ equal to the body's compliance under the new material: at the same
// Poisson ratio K ∝ E and M ∝ ρ, so κ = 1/δ (and its floor) scales by (E'/E)(ρ/ρ') without a new factorization, and
// must match κ solved afresh; a new Poisson ratio solves it again.
import { describe, expect, it } from 'vitest';
import { attachmentStiffnesses } from '../../../../app/bake/attachmentStiffnesses.ts';
import { MATERIAL_PRESETS } from '../../../../app/bake/materialPresets.ts';
import { attachmentFloor } from '../../../../app/bake/volume/attachmentFloor.ts';
import { setVolumeMaterial } from '../../../../app/bake/volume/setVolumeMaterial.ts';
import { volumeModel } from '../../../../app/bake/volume/volumeModel.ts';
import { volumeSetup } from '../../../../app/bake/volume/volumeSetup.ts';
import type { Material } from '../../../../app/document/index.ts';
import { weldedTopology } from '../../../../app/geometry/index.ts';
import { uvSphere } from '../../embedding/meshes.ts';

function sphereVolume() {
  const { positions, triangles } = uvSphere([0, 1, 0], 0.2, 8, 12);
  const rest = Float32Array.from(positions);
  const weights = new Float32Array(rest.length / 3).fill(1);
  return volumeSetup(
    weldedTopology(rest, triangles),
    rest,
    weights,
    MATERIAL_PRESETS.jelly,
    4,
    { substeps: 1, iterations: 4, gravity: [0, -9.81, 0] },
    [],
    true,
    undefined,
  );
}

/** κ as a fresh setup would solve it for `material`. */
function solvedKappa(state: ReturnType<typeof sphereVolume>, material: Material): Float64Array {
  return attachmentStiffnesses(volumeModel(state.embedding, material), state.fixed, attachmentFloor(material, state.thickness));
}

describe('setVolumeMaterial', () => {
  it('scales κ exactly at the same Poisson ratio, without solving it again', () => {
    const state = sphereVolume();
    const mu = state.model.tetMu[0];
    const next: Material = {
      ...MATERIAL_PRESETS.jelly,
      youngsModulus: 3 * MATERIAL_PRESETS.jelly.youngsModulus,
      density: 0.5 * MATERIAL_PRESETS.jelly.density,
    };
    expect(setVolumeMaterial(state, next), 'no new factorization at the same ν').toBe(false);
    const scaled = state.attachment as Float64Array;
    const fresh = solvedKappa(state, next);
    let worst = 0;
    for (let v = 0; v < fresh.length; v++) worst = Math.max(worst, Math.abs(scaled[v] / fresh[v] - 1));
    expect(worst, 'scaled κ vs κ solved for the new material (relative)').toBeLessThan(1e-9);
    expect(state.model.tetMu[0] / mu, 'the model is the new material’s: μ ∝ E at a fixed ν').toBeCloseTo(3, 12);
  });

  it('solves κ again for a new Poisson ratio', () => {
    const state = sphereVolume();
    const next: Material = { ...MATERIAL_PRESETS.jelly, poissonRatio: 0.3 };
    expect(setVolumeMaterial(state, next), 'a new ν needs a new factorization').toBe(true);
    const fresh = solvedKappa(state, next);
    expect(Array.from(state.attachment as Float64Array), 'κ is the one solved for the new material').toEqual(Array.from(fresh));
  });
});
