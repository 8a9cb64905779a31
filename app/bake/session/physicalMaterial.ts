import type { ResolvedMesh } from '../bakeSettings.ts';

/**
 * A mesh's material in file units: density ρ·s² for s meters per unit, so an asset moves like its physical size
 * (substitute x = s·x_u in M ẍ = −∇Π + M g; E, ν, β and κ are unchanged).
 *
 * @param mesh           the mesh's resolved settings (material density [kg/m³])
 * @param metersPerUnit  s [m per file unit]
 * @returns a copy of the material with the density scaled
 */
export function physicalMaterial(mesh: ResolvedMesh, metersPerUnit: number): ResolvedMesh['material'] {
  return { ...mesh.material, density: mesh.material.density * metersPerUnit * metersPerUnit };
}
