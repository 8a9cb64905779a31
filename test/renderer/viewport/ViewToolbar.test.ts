import { describe, expect, it } from 'vitest';
import { intersectionText } from '../../../renderer/viewport/ViewToolbar.tsx';

describe('intersectionText', () => {
  const ready = { kind: 'ready', frame: 12, input: 1204, inputPairs: 2636, output: 1210, outputPairs: 2641, newRegions: 0, added: 0 } as const;

  it('states the count of the set drawn: the new regions for what the bake added, with the input’s pairs beside it', () => {
    expect(intersectionText({ ...ready, filter: 'added' }), 'nothing new passes through').toBe('frame 12: 0 new regions (input 2,636 pairs)');
    expect(intersectionText({ ...ready, filter: 'added', newRegions: 1, added: 6 }), 'one region and its triangles').toBe(
      'frame 12: 1 new region, 6 triangles (input 2,636 pairs)',
    );
    expect(intersectionText({ ...ready, filter: 'input' }), 'the input’s triangles and pairs').toBe(
      'frame 12: 1,204 intersecting triangles in the input (2,636 pairs)',
    );
    expect(intersectionText({ ...ready, filter: 'output' }), 'the output’s').toBe('frame 12: 1,210 intersecting triangles in the output (2,641 pairs)');
  });

  it('with only the input checked, the input’s count whatever the filter; off, checking and failure as before', () => {
    const input = { ...ready, output: null, outputPairs: null, newRegions: null, added: null };
    expect(intersectionText({ ...input, filter: 'input', input: 1, inputPairs: 1 }), 'singular').toBe(
      'frame 12: 1 intersecting triangle in the input (1 pair)',
    );
    expect(intersectionText({ ...input, filter: 'added' }), 'no output: nothing added to count, the input’s stated').toBe(
      'frame 12: 1,204 intersecting triangles in the input (2,636 pairs)',
    );
    expect(intersectionText({ kind: 'off' }), 'off: no text').toBe('');
    expect(intersectionText({ kind: 'computing' }), 'computing').toBe('checking…');
    expect(intersectionText({ kind: 'failed', message: 'no scene' }), 'the failure').toBe('intersections: no scene');
  });
});
