// The weights are resolved with the settings (issue 34 item 7), not inside the simulation session while it builds
// each mesh: a bake that cannot use its weights is refused before any simulation (lattice embedding, factorization)
// is built, and the session simulates exactly the weights meshWeights resolved.
import { describe, expect, it, vi } from 'vitest';
import { readGltf } from '../../../app/io/index.ts';
import { testCharacterGlb } from '../../helpers/testCharacter.ts';

const built = { volumes: 0 };
vi.mock('../../../app/bake/volumeSimulation.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../app/bake/volumeSimulation.ts')>();
  return {
    ...original,
    createVolumeSimulation: (...args: Parameters<typeof original.createVolumeSimulation>) => {
      built.volumes++;
      return original.createVolumeSimulation(...args);
    },
  };
});

describe('weights resolved with the settings', () => {
  it('a weights file wrong for the last simulated mesh is refused before the first mesh is built', async () => {
    const { bake, BakeError, resolveBakeSettings } = await import('../../../app/bake/index.ts');
    const scene = await readGltf(await testCharacterGlb({ gear: true }), { fileName: 'layered.glb' });
    const settings = resolveBakeSettings(scene, { clip: 'Walk', frames: [0, 2] });
    const simulated = settings.meshes.filter((m) => m.role === 'simulated');
    expect(simulated.length, 'the layered character has more than one simulated mesh').toBeGreaterThan(1);
    const last = simulated.at(-1)!;
    built.volumes = 0;
    const refused = await bake(scene, { clip: 'Walk', frames: [0, 2], weightsFile: [{ mesh: last.name, values: new Float32Array(3) }] }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused, 'refused as a bake error').toBeInstanceOf(BakeError);
    expect((refused as InstanceType<typeof BakeError>).origin, 'naming the weights file as the input at fault').toBe('weightsFile');
    expect(built.volumes, 'nothing was built before the refusal').toBe(0);
  }, 120_000);

  it('the session simulates the weights meshWeights resolved', async () => {
    const { createSimulationSession, meshWeights, resolveBakeSettings } = await import('../../../app/bake/index.ts');
    const scene = await readGltf(await testCharacterGlb({ gear: true }), { fileName: 'layered.glb' });
    const options = { clip: 'Walk', frames: [0, 2] as [number, number], uniformWeight: 0.4 };
    const settings = resolveBakeSettings(scene, options);
    const weights = meshWeights(scene, settings, options);
    const session = createSimulationSession(scene, settings, options);
    for (const mesh of session.meshes) {
      const resolved = weights.get(mesh.meshIndex);
      expect(resolved, `"${mesh.name}" resolved`).toBeDefined();
      expect(Array.from(mesh.weights), `"${mesh.name}": the session's weights`).toEqual(Array.from(resolved!.values));
      expect(mesh.weightsSource, `"${mesh.name}": their source`).toBe(resolved!.source);
    }
    session.dispose();
  }, 120_000);
});
