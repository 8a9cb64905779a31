import { meanEdgeLength } from '../geometry/index.ts';

/**
 * Default contact radius and stiffness for a surface, scaled to the mesh so that a default works at any size
 * (docs/contact.md):
 * - radius r = 0.25 × the mean edge length of the contact surface: large enough that OGC's bounds (0.45 of the
 *   distances, capped by r_q = 2r) let a vertex travel a good part of an edge per detection, small enough that the
 *   offset surface r sits well inside one triangle (seed 000 uses 2–5 mm on meshes of a few mm per edge);
 * - stiffness k_c = m̄/h² (m̄ the mean free vertex mass, h the substep): the contact Hessian then equals the inertia
 *   term m/h² of a vertex, so contact neither dominates the local 3×3 systems nor yields to them; a vertex resting on
 *   a contact under gravity sinks g·h² into its offset (0.2 mm at h = 1/240 s), far less than r.
 *
 * @param positions  #V×3 positions [m] of the contact surface
 * @param triangles  #T×3 its triangles
 * @param masses     #V vertex masses [kg] (zeros are ignored)
 * @param timeStep   the substep h [s]
 * @returns radius [m] and stiffness [N/m]
 */
export function contactDefaults(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  masses: ArrayLike<number>,
  timeStep: number,
): { radius: number; stiffness: number } {
  let mass = 0;
  let massCount = 0;
  for (let v = 0; v < masses.length; v++) {
    if (masses[v] > 0) {
      mass += masses[v];
      massCount++;
    }
  }
  const meanEdge = meanEdgeLength(positions, triangles);
  const meanMass = massCount > 0 ? mass / massCount : 1e-3;
  return { radius: 0.25 * meanEdge, stiffness: meanMass / (timeStep * timeStep) };
}
