import { boundingBoxDiagonal } from '../../geometry/index.ts';
import type { ResolvedMesh } from '../bakeSettings.ts';
import { bakeWarning, type BakeWarning } from '../bakeWarning.ts';
import { closedSurfaceShare } from '../closedSurfaceShare.ts';
import type { MeshSimulation } from '../meshSimulation.ts';
import type { SessionSetup } from './sessionState.ts';

/**
 * The share of a cloth mesh's surface that must enclose space for the bake to warn (cloth-on-volume): more than half,
 * so a garment with closed buttons or a closed collar tube is not flagged, a blob or a body (1.0) is.
 */
const CLOSED_CLOTH_SHARE = 0.5;

/** The set-up warnings update() removes when it rebuilds a mesh (setupWarnings makes them). */
export const SETUP_WARNING_CODES: readonly BakeWarning['code'][] = ['scale', 'no-driver', 'cloth-on-volume'];

/**
 * What an animator should know about a simulated mesh before its first frame, in this order: a size that says the
 * units are wrong (scale: outside 1 cm to 20 m), cloth on a closed volume (cloth-on-volume: closedSurfaceShare above
 * CLOSED_CLOTH_SHARE), lattice pieces with no weight-0 vertex (no-driver).
 *
 * @param setup       the session's set-up (scene, metersPerUnit, settings.freeBody)
 * @param resolved    the mesh's resolved settings (material model)
 * @param rest        #V×3 welded rest positions [file units]
 * @param simulation  its simulation (stats: pieces, unpinnedPieces)
 * @returns the warnings, possibly none
 */
export function setupWarnings(setup: SessionSetup, resolved: ResolvedMesh, rest: Float32Array, simulation: MeshSimulation): BakeWarning[] {
  const warnings: BakeWarning[] = [];
  const mesh = setup.scene.meshes[resolved.meshIndex];
  const s = setup.metersPerUnit;
  const size = boundingBoxDiagonal(rest) * s;
  if (size > 20 || size < 0.01) {
    warnings.push(
      bakeWarning(
        'scale',
        `mesh "${mesh.name}" spans ${size.toPrecision(3)} m (glTF is in meters${s !== 1 ? `, at ${s} m per unit` : ''}); ` +
          `if it was modelled in ${size > 20 ? 'centimeters, bake with metersPerUnit 0.01' : 'other units, set metersPerUnit'} (--meters-per-unit) so it moves like its real size`,
        mesh.name,
      ),
    );
  }
  // Cloth is a membrane: on a closed surface nothing keeps the volume it encloses (closedSurfaceShare).
  if (resolved.material.model === 'stvk') {
    const closed = closedSurfaceShare(mesh.topology.triangles, rest);
    if (closed > CLOSED_CLOTH_SHARE) {
      warnings.push(
        bakeWarning(
          'cloth-on-volume',
          `mesh "${mesh.name}" is a closed volume (${Math.round(100 * closed)}% of its surface encloses space) baked with the cloth preset: a membrane keeps no volume, so it folds into itself under the motion and does not spring back; give a body flesh, jelly or stiffRubber, and keep cloth for open garments, capes and flags`,
          mesh.name,
        ),
      );
    }
  }
  const { unpinnedPieces, pieces } = simulation.stats;
  if (unpinnedPieces) {
    warnings.push(
      bakeWarning(
        'no-driver',
        setup.settings.freeBody
          ? `mesh "${mesh.name}": ${unpinnedPieces} of its ${pieces} lattice pieces have no weight-0 vertex and move as free bodies (freeBody): nothing holds them to the animation but their blending springs`
          : `mesh "${mesh.name}": ${unpinnedPieces} of its ${pieces} lattice pieces have no weight-0 vertex; each is held at its skeleton core instead (where its bones run deep, or where it sits in a larger part), so it cannot hover or collapse. Paint weight 0 where it should follow the animation exactly`,
        mesh.name,
      ),
    );
  }
  return warnings;
}
