// displayWeightsAt (the heat map's weights at a brush sample's vertices) gives at those vertices exactly what
// displayWeights (app/weights layeredBlendWeights over the whole mesh) gives, with keyed, disabled and active layers,
// and leaves every other vertex as it was.
import { describe, expect, it } from 'vitest';
import { displayWeights, displayWeightsAt, type LayerArrays, type MeshPaint, type PaintDocument } from '../../../renderer/paint/paintDocument.ts';
import type { LayerEntry } from '../../../renderer/store/index.ts';

const count = 40;
const wave = (phase: number) => Float32Array.from({ length: count }, (_, v) => 0.5 + 0.5 * Math.sin(0.37 * v + phase));
const mesh: MeshPaint = { name: 'body', meshIndex: 0, vertexCount: count, defaults: null, base: wave(0), maxDistance: null, selection: new Uint8Array(count) };
const layerArrays = new Map<string, LayerArrays>([
  ['a', { mesh: 'body', values: wave(1), mask: wave(2) }],
  ['b', { mesh: 'body', values: wave(3), mask: wave(4) }],
  ['c', { mesh: 'body', values: wave(5), mask: wave(6) }],
  ['other', { mesh: 'visor', values: new Float32Array(count).fill(1), mask: new Float32Array(count).fill(1) }],
]);
// Only what displayWeights and displayWeightsAt read.
const paint = { layers: layerArrays, baseOf: (m: MeshPaint) => m.base! } as unknown as PaintDocument;
const layers: LayerEntry[] = [
  {
    id: 'a',
    name: 'a',
    mesh: 'body',
    keys: [
      { frame: 0, influence: 0 },
      { frame: 10, influence: 1 },
    ],
    enabled: true,
  },
  { id: 'b', name: 'b', mesh: 'body', keys: [], enabled: false },
  { id: 'c', name: 'c', mesh: 'body', keys: [], enabled: true },
  { id: 'other', name: 'other', mesh: 'visor', keys: [], enabled: true },
];
const indices = Uint32Array.from([3, 17, 0, 39, 22]);

describe('displayWeightsAt', () => {
  for (const activeLayer of [null, 'a', 'b']) {
    for (const frame of [0, 4.5, 12]) {
      it(`matches displayWeights at the sample's vertices (active layer ${activeLayer}, frame ${frame})`, () => {
        const full = displayWeights(paint, mesh, layers, activeLayer, frame, new Float32Array(count));
        const out = new Float32Array(count).fill(-1);
        displayWeightsAt(paint, mesh, layers, activeLayer, frame, indices, indices.length, out);
        for (const v of indices) expect(out[v], `vertex ${v}`).toBeCloseTo(full[v], 6);
        const untouched = Array.from(out).filter((w, v) => !indices.includes(v) && w !== -1);
        expect(untouched, 'the other vertices are not written').toEqual([]);
      });
    }
  }
});
