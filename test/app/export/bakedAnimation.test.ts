// bakedAnimation: the baked clip copies the source clip's channels first in the document; a looped bake longer than
// one cycle repeats every channel's keys once per cycle (t + k·period), dropping the key that lands on the previous
// cycle's last key time, for LINEAR and CUBICSPLINE (three values per key) samplers alike.
import { Accessor, Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { bakedAnimation } from '../../../app/export/bakedAnimation.ts';

function sourceDocument(interpolation: 'LINEAR' | 'CUBICSPLINE') {
  const document = new Document();
  const buffer = document.createBuffer();
  const node = document.createNode('bone');
  document.createScene().addChild(node);
  const times = [0, 0.5, 1];
  const valuesPerKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
  const values = times.flatMap((t, k) => Array.from({ length: valuesPerKey }, (_, j) => [t, k, j]).flat());
  const sampler = document
    .createAnimationSampler()
    .setInput(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(Float32Array.from(times)).setBuffer(buffer))
    .setOutput(document.createAccessor().setType(Accessor.Type.VEC3).setArray(Float32Array.from(values)).setBuffer(buffer))
    .setInterpolation(interpolation);
  const clip = document.createAnimation('Walk').addSampler(sampler);
  clip.addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler));
  return { document, clip };
}

describe('bakedAnimation', () => {
  it('copies the keys once without repeat, first in the document', () => {
    const { document, clip } = sourceDocument('LINEAR');
    const baked = bakedAnimation(document, 'Walk (baked)', clip, new Set());
    expect(document.getRoot().listAnimations()[0], 'first animation').toBe(baked);
    expect(Array.from(baked.listSamplers()[0].getInput()!.getArray()!), 'times').toEqual([0, 0.5, 1]);
  });

  it.each(['LINEAR', 'CUBICSPLINE'] as const)('%s: a loop baked to 2.5 cycles repeats the keys every cycle, once per time', (interpolation) => {
    const { document, clip } = sourceDocument(interpolation);
    // bakedAnimation moves the input clips behind the new one (recreating them), so read the source first.
    const source = Array.from(clip.listSamplers()[0].getOutput()!.getArray()!);
    const baked = bakedAnimation(document, 'Walk (baked)', clip, new Set(), { period: 1, until: 2.5 });
    const sampler = baked.listSamplers()[0];
    const times = Array.from(sampler.getInput()!.getArray()!);
    expect(times, 'times: three cycles, the shared cycle ends once').toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
    const valuesPerKey = interpolation === 'CUBICSPLINE' ? 3 : 1;
    const values = Array.from(sampler.getOutput()!.getArray()!);
    expect(values.length, 'values: 3 numbers per value, valuesPerKey per key').toBe(times.length * 3 * valuesPerKey);
    // key 3 (t = 1.5) is the source's key 1 (t = 0.5); key 6 (t = 3) its key 2
    const key = (k: number) => values.slice(3 * valuesPerKey * k, 3 * valuesPerKey * (k + 1));
    const sourceKey = (k: number) => source.slice(3 * valuesPerKey * k, 3 * valuesPerKey * (k + 1));
    expect(key(3), 'the second cycle plays the source keys').toEqual(sourceKey(1));
    expect(key(6), 'the third cycle ends on the last key').toEqual(sourceKey(2));
    expect(sampler.getInterpolation(), 'interpolation kept').toBe(interpolation);
  });
});
