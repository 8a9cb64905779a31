import { describe, expect, it } from 'vitest';
import type { BakedMeshQuality } from '../../../app/bake/bakedMeshQuality.ts';
import { LARGE_MOTION_FRACTION, qualityWarnings } from '../../../app/bake/qualityWarnings.ts';
import { surfacePartSizes } from '../../../app/bake/surfacePartSizes.ts';

const noGuard = { framesCorrected: 0, flippedMax: 0, correctedVerticesMax: 0 };
const quality = (parts: BakedMeshQuality['parts']): BakedMeshQuality => ({
  maxDisplacement: 0.1,
  weightZeroDeviation: 0,
  flippedTriangles: 0,
  flippedFrames: 0,
  parts,
});

describe('qualityWarnings: large-motion names soft parts that move far, not gear swinging on its host', () => {
  it('a soft part moving 45% of its size is named; a carried pouch moving as far is not (its swing is the motion asked for)', () => {
    const soft = { vertexCount: 170, size: 0.137, maxDisplacement: 0.45 * 0.137, carried: false };
    const pouch = { ...soft, carried: true };
    const small = { ...soft, maxDisplacement: 0.5 * LARGE_MOTION_FRACTION * 0.137 };
    const warnings = qualityWarnings('Critter', quality([small, pouch, soft]), noGuard, 20, 1);
    expect(
      warnings.map((w) => w.code),
      'one large-motion warning',
    ).toEqual(['large-motion']);
    expect(warnings[0].message, 'for the soft part (index 2), not the carried one (1) or the small motion (0)').toContain('part 2 ');
  });

  it("surfacePartSizes marks a part carried when every vertex has a NaN weight (the quality measures' convention)", () => {
    // Three parts: all NaN (carried gear), mixed (a body with a glued vertex), none.
    const componentOfVertex = Uint32Array.from([0, 0, 1, 1, 2, 2]);
    const topology = { componentCount: 3, componentOfVertex, vertexCount: 6 } as unknown as Parameters<typeof surfacePartSizes>[0];
    const rest = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 3]);
    const parts = surfacePartSizes(topology, rest, [Number.NaN, Number.NaN, Number.NaN, 0.5, 0, 1]);
    expect(Array.from(parts.carried), 'only the all-NaN part is carried').toEqual([1, 0, 0]);
    expect(Array.from(parts.sizes), "sizes are the parts' diagonals").toEqual([1, 2, 3]);
  });
});
