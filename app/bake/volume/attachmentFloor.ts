import type { Material } from '../../document/index.ts';

/**
 * The floor of the attachment stiffness κ [1/s²]: the square of the first shear mode's angular frequency,
 * ω = (π/2)·√(μ/ρ)/T, of a slab as thick as the body, μ = E/(2(1 + ν)) the shear modulus (attachmentStiffnesses takes
 * it as its `minimum`).
 *
 * @param material   Young's modulus [Pa], Poisson ratio, density [kg/m³]
 * @param thickness  the body's thickness T [m] (bodyThickness: 6V/A); 0 gives no floor
 * @returns π²μ/(4ρT²) [1/s²], 0 when T is 0
 */
export function attachmentFloor(material: Material, thickness: number): number {
  const shearSpeedSquared = material.youngsModulus / (2 * (1 + material.poissonRatio) * material.density);
  return thickness > 0 ? (Math.PI * Math.PI * shearSpeedSquared) / (4 * thickness * thickness) : 0;
}
