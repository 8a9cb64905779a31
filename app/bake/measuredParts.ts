import type { BakedMeshQuality } from './bakedMeshQuality.ts';
import type { surfacePartSizes } from './surfacePartSizes.ts';

/**
 * The per-part entries of a quality measure (BakedMeshQuality.parts) from the parts' sizes and largest displacements.
 *
 * @param partSizes  surfacePartSizes of the mesh
 * @param partMax    per part, its largest displacement [m]
 * @returns the parts, in component order
 */
export function measuredParts(partSizes: ReturnType<typeof surfacePartSizes>, partMax: Float64Array): BakedMeshQuality['parts'] {
  return Array.from(partMax, (maxDisplacement, p) => ({
    vertexCount: partSizes.vertexCounts[p],
    size: partSizes.sizes[p],
    maxDisplacement,
    carried: partSizes.carried[p] === 1,
  }));
}
