// layeredBlendWeights and weightLayerInfluence: a layer keyed on replaces the weights it masks, keyed
// off leaves them, ramps blend linearly in time, layers stack in order, and outputs stay in [0, 1].
import { describe, expect, it } from 'vitest';
import { layeredBlendWeights, weightLayerInfluence } from '../../../app/weights/index.ts';

const keysOnOff = [
  { frame: 10, influence: 1 },
  { frame: 20, influence: 1 },
  { frame: 26, influence: 0 },
];

describe('weightLayerInfluence', () => {
  it('is 1 without keys, held outside the keys, linear between them', () => {
    expect(weightLayerInfluence([], 7), 'unkeyed: always on').toBe(1);
    expect(weightLayerInfluence(keysOnOff, 0), 'held before the first key').toBe(1);
    expect(weightLayerInfluence(keysOnOff, 15), 'between equal keys').toBe(1);
    expect(weightLayerInfluence(keysOnOff, 23), 'half-way down the ramp').toBeCloseTo(0.5, 12);
    expect(weightLayerInfluence(keysOnOff, 99), 'held after the last key').toBe(0);
  });
});

describe('layeredBlendWeights', () => {
  const base = Float32Array.from([0.2, 0.2, 0.9, 0.5]);
  // "tail pinned while sitting": weight 0 on vertices 1 and 2 only.
  const pinned = { values: Float32Array.from([0, 0, 0, 0]), mask: Float32Array.from([0, 1, 1, 0]), keys: keysOnOff };

  it('replaces the masked weights where the layer is on and leaves the rest', () => {
    const out = layeredBlendWeights(base, [pinned], 15, new Float32Array(4));
    expect(Array.from(out), 'masked vertices take the layer, others keep the base').toEqual([base[0], 0, 0, base[3]]);
  });

  it('leaves every weight unchanged where the layer is off, and blends during the ramp', () => {
    expect(Array.from(layeredBlendWeights(base, [pinned], 40, new Float32Array(4))), 'off').toEqual(Array.from(base));
    const ramp = layeredBlendWeights(base, [pinned], 23, new Float32Array(4));
    expect(ramp[2], 'half-way: half the base weight').toBeCloseTo(base[2] / 2, 6);
  });

  it('stacks layers in order: the upper one wins where both are fully on', () => {
    const free = { values: Float32Array.from([1, 1, 1, 1]), mask: Float32Array.from([0, 0, 1, 1]), keys: [] };
    const out = layeredBlendWeights(base, [pinned, free], 15, new Float32Array(4));
    expect(Array.from(out), 'vertex 2 freed by the upper layer, vertex 1 stays pinned').toEqual([base[0], 0, 1, 1]);
    const muted = layeredBlendWeights(base, [pinned, { ...free, enabled: false }], 15, new Float32Array(4));
    expect(muted[2], 'a muted layer is skipped').toBe(0);
  });

  it('stays in [0, 1] and works in place', () => {
    const weights = Float32Array.from({ length: 64 }, (_, v) => ((v * 7919) % 101) / 100);
    const layer = {
      values: Float32Array.from({ length: 64 }, (_, v) => ((v * 31) % 17) / 16),
      mask: Float32Array.from({ length: 64 }, (_, v) => (v % 5) / 4),
      keys: [
        { frame: 0, influence: 0.3 },
        { frame: 8, influence: 0.9 },
      ],
    };
    const out = layeredBlendWeights(weights, [layer, layer], 3, weights);
    expect(out, 'in place').toBe(weights);
    expect(Math.min(...out) >= 0 && Math.max(...out) <= 1, 'a convex blend of values in [0, 1]').toBe(true);
  });

  it('refuses a layer painted for another mesh size', () => {
    expect(() => layeredBlendWeights(base, [{ ...pinned, values: new Float32Array(3) }], 0, new Float32Array(4)), 'size mismatch').toThrow(/3 values/);
  });
});
